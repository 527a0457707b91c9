//! Standings of a team section (teams.md §5; C.07 Art. 11-13 and Art. 16
//! with team scores; tiebreaks.md §8): PTS is the primary score (match or
//! game points, TRF 192), and every team tie-break of C.07 2026 is
//! computed as FIDE's reference checker does (corpus/teams/README.md).
//!
//! Individual keys read a team score (`BH:MP`, `PS:GP`; the primary one
//! without suffix) through the same machinery as for players: the
//! Buchholz family, its cuts and the Art. 16 dummies of `buchholz`, counting
//! keys of `counting`, DE of `direct`.

mod boards;
mod field;
mod report;

pub use report::{
    BoardScore, MatchCell, MatchRow, board_results, match_crosstable, render_match_crosstable,
};

use arbiter_model::Tournament;
use arbiter_model::team::{TeamMatches, TeamScore, TeamSection};

use crate::buchholz::{Sum, average_of_opponents_buchholz, buchholz};
use crate::code::{Kind, TieBreak};
use crate::counting;
use crate::direct::rank_group;
use crate::error::StandingsError;
use crate::field::Field;
use crate::options::StandingsOptions;
use crate::ranking::{
    Row, Standings, de_rules, last_resort, place_groups, split_by, tiebreak_list,
};
use crate::rating::rating_key;
use crate::value::{Value, div_half_up};

use boards::{Matches, board_count, board_totals, bottom_board_cmp, top_board_cmp};
use field::TeamField;

/// The standings of the teams of a team section.
pub(crate) fn compute(
    t: &Tournament,
    section: &TeamSection,
    opts: &StandingsOptions,
) -> Result<Standings, StandingsError> {
    let tiebreaks = tiebreak_list(t, opts)?;
    let tf = TeamField::new(t, &section.rules, TeamMatches::of(t)?, opts);
    let primary = tf.primary();
    let fp = tf.field(primary, primary);
    let points: Vec<Value> = fp.people.iter().map(|p| Value::tenths(p.score)).collect();
    let mut columns = tiebreaks
        .iter()
        .map(|tb| column(&tf, tb))
        .collect::<Result<Vec<_>, _>>()?;
    let mut order: Vec<usize> = (0..fp.people.len()).collect();
    order.sort_by_key(|&p| fp.people[p].tpn);
    let mut groups = split_by(&fp, vec![order], &points, false);
    for (k, tb) in tiebreaks.iter().enumerate() {
        let column = &mut columns[k];
        groups = match tb.kind {
            Kind::De => {
                let rules = de_rules(&fp, tb);
                place_groups(&fp, groups, column, |g| rank_group(&fp, g, rules))
            }
            Kind::Ede | Kind::Edet | Kind::Edeb | Kind::Edebt | Kind::Edebb => {
                let fs = tf.field(primary.other(), primary.other());
                place_groups(&fp, groups, column, |g| {
                    extended_direct_encounter(&tf, &fp, &fs, g, tb)
                })
            }
            Kind::Tbr | Kind::Bbe => place_groups(&fp, groups, column, |g| {
                by_boards(&tf, g, tb.kind, Matches::All)
            }),
            _ => split_by(&fp, groups, column, tb.ascending()),
        };
    }
    groups = last_resort(groups, opts.last_resort);
    let mut rows = Vec::with_capacity(fp.people.len());
    let mut placed = 0u32;
    for g in &groups {
        let rank = placed + 1;
        placed += g.len() as u32;
        for &p in g {
            let tpn = fp.people[p].tpn;
            rows.push(Row {
                rank,
                rank_to: placed,
                tpn,
                name: report::team_name(t, tpn),
                points: points[p],
                values: columns.iter().map(|c| c[p]).collect(),
                player: None,
                id: None,
            });
        }
    }
    Ok(Standings {
        tiebreaks,
        edition: tf.edition,
        mode: tf.mode,
        rounds: tf.n as u32,
        last_resort: opts.last_resort,
        rows,
    })
}

/// The values of one key for every team (group keys are filled in while
/// ranking).
fn column(tf: &TeamField, tb: &TieBreak) -> Result<Vec<Value>, StandingsError> {
    use TeamScore::{GamePoints as Gp, MatchPoints as Mp};
    let primary = tf.primary();
    let s = tb.score.unwrap_or(primary);
    let count = tf.view.teams.len();
    let totals = |score: TeamScore| -> Vec<Value> {
        tf.field(score, score)
            .people
            .iter()
            .map(|p| Value::tenths(p.score))
            .collect()
    };
    let each = |f: &Field, g: &dyn Fn(&Field, &crate::field::Person) -> Value| -> Vec<Value> {
        f.people.iter().map(|p| g(f, p)).collect()
    };
    let f = tf.field(s, s);
    Ok(match tb.kind {
        Kind::Mp => totals(Mp),
        Kind::Gp => totals(Gp),
        Kind::MpvGp => totals(primary.other()),
        Kind::Bh => buchholz(&f, tb, Sum::Scores, false)?,
        Kind::Fb => buchholz(&f, tb, Sum::Scores, true)?,
        Kind::Sb => buchholz(&f, tb, Sum::Products, false)?,
        Kind::Emmsb => buchholz(&tf.field(Mp, Mp), tb, Sum::Products, false)?,
        Kind::Emgsb => buchholz(&tf.field(Mp, Gp), tb, Sum::Products, false)?,
        Kind::Egmsb => buchholz(&tf.field(Gp, Mp), tb, Sum::Products, false)?,
        Kind::Eggsb => buchholz(&tf.field(Gp, Gp), tb, Sum::Products, false)?,
        // The reference prints a team's AOB with 3 decimals from 9 rounds on.
        Kind::Aob => average_of_opponents_buchholz(&f, tb, if tf.n <= 8 { 2 } else { 3 })?,
        Kind::Ks => counting::koya(&f, tb),
        Kind::Win => each(&f, &counting::wins),
        Kind::Won => each(&f, &|_, p| counting::won(p)),
        Kind::Bpg => each(&f, &|_, p| counting::black_games(p)),
        Kind::Bwg => each(&f, &|_, p| counting::black_wins(p)),
        Kind::Ps => each(&f, &|f, p| counting::progressive(f, p, tb)),
        Kind::Rep => each(&f, &|_, p| counting::rounds_elected(p)),
        Kind::Tpn => each(&f, &|_, p| Value::Int(i64::from(p.tpn))),
        Kind::Std => standard_points(tf),
        Kind::Aro | Kind::Tpr | Kind::Ptp | Kind::Apro | Kind::Appo | Kind::Rtng => {
            rating_key(&f, tb)
        }
        Kind::Bc => (0..count)
            .map(|i| Value::tenths(board_count(&board_totals(tf, i, Matches::All))))
            .collect(),
        Kind::Sssc => score_strength(tf, tb)?,
        Kind::De
        | Kind::Ede
        | Kind::Edet
        | Kind::Edeb
        | Kind::Edebt
        | Kind::Edebb
        | Kind::Tbr
        | Kind::Bbe => vec![Value::Int(0); count],
    })
}

/// STD (7.7) on the primary score: per match 1 / ½ / 0 on match points; on
/// game points per board (1 / ½ / 0 for each board result), a round without
/// a match counting its 1 / ½ / 0 once per board (reference, OTTO
/// `compute_std`).
fn standard_points(tf: &TeamField) -> Vec<Value> {
    let f = tf.field(tf.primary(), tf.primary());
    if tf.primary() == TeamScore::MatchPoints {
        return f
            .people
            .iter()
            .map(|p| counting::standard_points(&f, p))
            .collect();
    }
    let draw = i64::from(tf.t.scoring.draw.tenths());
    let std = |pts: i64, draw: i64| match pts.cmp(&draw) {
        std::cmp::Ordering::Greater => 10,
        std::cmp::Ordering::Equal => 5,
        std::cmp::Ordering::Less => 0,
    };
    let boards = tf.rules.boards() as i64;
    (0..tf.view.teams.len())
        .map(|i| {
            let sum = (0..tf.n)
                .map(|r| match tf.round(i, r).map(|x| (x.side(), x)) {
                    Some((Some(m), _)) => m
                        .boards
                        .iter()
                        .map(|b| std(i64::from(b.points.tenths()), draw))
                        .sum(),
                    Some((None, x)) => {
                        std(i64::from(x.game_points.tenths()), draw * boards) * boards
                    }
                    None => 0,
                })
                .sum();
            Value::tenths(sum)
        })
        .collect()
}

/// SSSC (13.4): the secondary score plus BH on the primary score divided by
/// f = ⌊highest possible primary score / highest secondary score of one
/// match⌋, two decimals rounded half up.
fn score_strength(tf: &TeamField, tb: &TieBreak) -> Result<Vec<Value>, StandingsError> {
    let primary = tf.primary();
    let secondary = primary.other();
    let fp = tf.field(primary, primary);
    let mut bh_key = TieBreak::plain(Kind::Bh);
    bh_key.edition = tb.edition;
    bh_key.swiss = tb.swiss;
    bh_key.forfeits_as_played = tb.forfeits_as_played;
    let bh = buchholz(&fp, &bh_key, Sum::Scores, false)?;
    let (primary_win, _, _) = tf.values(primary);
    let (secondary_win, _, _) = tf.values(secondary);
    let f = (primary_win * tf.n as i64 / secondary_win.max(1)).max(1);
    let fs = tf.field(secondary, secondary);
    Ok(fs
        .people
        .iter()
        .zip(bh)
        .map(|(p, bh)| {
            let bh_tenths = match bh {
                Value::Decimal { units, .. } => units,
                Value::Int(i) => i * 10,
                Value::Missing => 0,
            };
            // Hundredths: secondary + BH / f.
            Value::hundredths(div_half_up((p.score * f + bh_tenths) * 10, f))
        })
        .collect())
}

/// EDE (13.3): DE on the primary score, then on the secondary score for the
/// teams still tied; the 2026 variants then separate two teams still tied by
/// BC and/or TBR / BBE on the match(es) they played against each other
/// (the reference's reading of 13.3.2).
fn extended_direct_encounter(
    tf: &TeamField,
    fp: &Field,
    fs: &Field,
    group: &[usize],
    tb: &TieBreak,
) -> Vec<Vec<usize>> {
    let rules = de_rules(fp, tb);
    let refine = |parts: Vec<Vec<usize>>, step: &dyn Fn(&[usize]) -> Vec<Vec<usize>>| {
        parts
            .into_iter()
            .flat_map(|p| if p.len() > 1 { step(&p) } else { vec![p] })
            .collect::<Vec<_>>()
    };
    let parts = rank_group(fp, group, rules);
    let parts = refine(parts, &|g| rank_group(fs, g, rules));
    let keys: &[Kind] = match tb.kind {
        Kind::Edet => &[Kind::Tbr],
        Kind::Edeb => &[Kind::Bbe],
        Kind::Edebt => &[Kind::Bc, Kind::Tbr],
        Kind::Edebb => &[Kind::Bc, Kind::Bbe],
        _ => &[],
    };
    if keys.is_empty() {
        return parts;
    }
    refine(parts, &|g| {
        if g.len() != 2 {
            return vec![g.to_vec()];
        }
        let tpn = |i: usize| tf.view.teams[i].tpn;
        let mut out = vec![g.to_vec()];
        for &k in keys {
            let (a, b) = (g[0], g[1]);
            let ta = board_totals(tf, a, Matches::Against(tpn(b)));
            let tb_ = board_totals(tf, b, Matches::Against(tpn(a)));
            let order = match k {
                Kind::Bc => board_count(&ta).cmp(&board_count(&tb_)),
                Kind::Tbr => top_board_cmp(&ta, &tb_),
                _ => bottom_board_cmp(&ta, &tb_),
            };
            match order {
                std::cmp::Ordering::Less => out = vec![vec![a], vec![b]],
                std::cmp::Ordering::Greater => out = vec![vec![b], vec![a]],
                std::cmp::Ordering::Equal => continue,
            }
            break;
        }
        out
    })
}

/// TBR / BBE (12.2 / 12.3) on a tied group: ordered subgroups of teams with
/// equal board results.
fn by_boards(tf: &TeamField, group: &[usize], kind: Kind, which: Matches) -> Vec<Vec<usize>> {
    let cmp = if kind == Kind::Tbr {
        top_board_cmp
    } else {
        bottom_board_cmp
    };
    let mut g: Vec<(usize, Vec<i64>)> = group
        .iter()
        .map(|&i| (i, board_totals(tf, i, which)))
        .collect();
    g.sort_by(|a, b| cmp(&a.1, &b.1).then(tf.view.teams[a.0].tpn.cmp(&tf.view.teams[b.0].tpn)));
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (k, (i, totals)) in g.iter().enumerate() {
        if k > 0 && cmp(&g[k - 1].1, totals).is_eq() {
            if let Some(last) = out.last_mut() {
                last.push(*i);
            }
        } else {
            out.push(vec![*i]);
        }
    }
    out
}
