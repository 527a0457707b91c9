//! Ranking by points and the tie-break list (C.07 Art. 4.2; tiebreaks.md
//! §2, §13.6): each key only reorders participants still tied on everything
//! before it; the last resort shares the place, uses the TPN, or draws lots.

use arbiter_model::{Player, Tournament, Tpn};
use serde::Serialize;

use crate::buchholz::{Sum, average_of_opponents_buchholz, buchholz};
use crate::code::{Kind, TieBreak, parse_list};
use crate::counting;
use crate::direct::{DeRules, rank_group};
use crate::edition::Edition;
use crate::error::StandingsError;
use crate::field::Field;
use crate::options::{LastResort, Mode, StandingsOptions};
use crate::rating::rating_key;
use crate::value::Value;

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// First place of the (possibly shared) position.
    pub rank: u32,
    /// Last place of a shared position (`rank` when not shared).
    pub rank_to: u32,
    pub tpn: Tpn,
    pub name: String,
    /// Real score (PTS).
    pub points: Value,
    /// One value per tie-break, in the order of [`Standings::tiebreaks`].
    pub values: Vec<Value>,
    /// The player's data (rating lists, sex, birth date, federation,
    /// tags: what prize rules and classifications read); `None` for a team.
    pub player: Option<Player>,
    /// The participant's id in the application (the journal's player id
    /// of an event, set by the application layer); `None` for a file,
    /// which knows only TPNs.
    pub id: Option<u32>,
}

impl Row {
    /// The place as printed: `5`, or `5-7` when shared.
    pub fn place(&self) -> String {
        if self.rank_to > self.rank {
            format!("{}-{}", self.rank, self.rank_to)
        } else {
            self.rank.to_string()
        }
    }
}

/// Standings of one tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub tiebreaks: Vec<TieBreak>,
    pub edition: Edition,
    pub mode: Mode,
    /// Rounds counted.
    pub rounds: u32,
    pub last_resort: LastResort,
    /// In ranking order; participants sharing a place by TPN.
    pub rows: Vec<Row>,
}

/// Summary of how the standings were computed (for JSON and footers).
#[derive(Clone, Debug, Serialize)]
pub struct Basis {
    // In alphabetical order: the JSON document's keys (render::StandingsJson).
    pub edition: Edition,
    pub last_resort: LastResort,
    pub mode: Mode,
    pub rounds: u32,
}

impl Standings {
    pub fn basis(&self) -> Basis {
        Basis {
            edition: self.edition,
            mode: self.mode,
            rounds: self.rounds,
            last_resort: self.last_resort,
        }
    }
}

/// The tie-break list: the one given in the options, else the tournament's
/// own (TRF 202/212).
pub fn tiebreak_list(
    t: &Tournament,
    opts: &StandingsOptions,
) -> Result<Vec<TieBreak>, StandingsError> {
    match &opts.tiebreaks {
        Some(list) => Ok(list.clone()),
        None => Ok(parse_list(&t.tiebreaks.join(","))?),
    }
}

/// Computes the standings of `t`.
///
/// In a team section the participants are the teams ([`crate::teams`]): PTS
/// is the primary score and the list may hold team keys. In an individual
/// event team keys are refused.
pub fn compute_standings(
    t: &Tournament,
    opts: &StandingsOptions,
) -> Result<Standings, StandingsError> {
    if let Some(section) = &t.team_section {
        return crate::teams::compute(t, section, opts);
    }
    let tiebreaks = tiebreak_list(t, opts)?;
    if let Some(tb) = tiebreaks.iter().find(|tb| tb.is_team_key()) {
        return Err(StandingsError::TeamKey(tb.code().to_string()));
    }
    let f = Field::new(t, opts)?;
    let count = f.people.len();
    let points: Vec<Value> = f.people.iter().map(|p| Value::tenths(p.score)).collect();
    let mut columns = tiebreaks
        .iter()
        .map(|tb| column(&f, tb))
        .collect::<Result<Vec<_>, _>>()?;

    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by_key(|&p| f.people[p].tpn);
    let mut groups = split_by(&f, vec![order], &points, false);
    for (k, tb) in tiebreaks.iter().enumerate() {
        groups = if tb.kind == Kind::De {
            direct_encounter(&f, groups, tb, &mut columns[k])
        } else {
            split_by(&f, groups, &columns[k], tb.ascending())
        };
    }
    groups = last_resort(groups, opts.last_resort);

    let mut rows = Vec::with_capacity(count);
    let mut placed = 0u32;
    for g in &groups {
        let rank = placed + 1;
        placed += g.len() as u32;
        for &p in g {
            rows.push(Row {
                rank,
                rank_to: placed,
                tpn: f.people[p].tpn,
                name: t.entrants[p].player.name.clone(),
                points: points[p],
                values: columns.iter().map(|c| c[p]).collect(),
                player: Some(t.entrants[p].player.clone()),
                id: None,
            });
        }
    }
    Ok(Standings {
        tiebreaks,
        edition: f.edition,
        mode: f.mode,
        rounds: f.n as u32,
        last_resort: opts.last_resort,
        rows,
    })
}

/// The values of one key for every participant (DE is filled in while
/// ranking, because it depends on the tied groups).
fn column(f: &Field, tb: &TieBreak) -> Result<Vec<Value>, StandingsError> {
    let each = |g: &dyn Fn(&crate::field::Person) -> Value| f.people.iter().map(g).collect();
    Ok(match tb.kind {
        Kind::Bh => buchholz(f, tb, Sum::Scores, false)?,
        Kind::Fb => buchholz(f, tb, Sum::Scores, true)?,
        Kind::Sb => buchholz(f, tb, Sum::Products, false)?,
        Kind::Aob => average_of_opponents_buchholz(f, tb, 2)?,
        Kind::Ks => counting::koya(f, tb),
        Kind::Aro | Kind::Tpr | Kind::Ptp | Kind::Apro | Kind::Appo | Kind::Rtng => {
            rating_key(f, tb)
        }
        Kind::Win => each(&|p| counting::wins(f, p)),
        Kind::Won => each(&counting::won),
        Kind::Bpg => each(&counting::black_games),
        Kind::Bwg => each(&counting::black_wins),
        Kind::Ps => each(&|p| counting::progressive(f, p, tb)),
        Kind::Rep => each(&counting::rounds_elected),
        Kind::Std => each(&|p| counting::standard_points(f, p)),
        Kind::Tpn => each(&|p| Value::Int(i64::from(p.tpn))),
        Kind::De => vec![Value::Int(0); f.people.len()],
        // Refused before: team keys need a team section.
        _ => vec![Value::Missing; f.people.len()],
    })
}

/// Splits every group by `values` (better first; equal values stay tied).
pub(crate) fn split_by(
    f: &Field,
    groups: Vec<Vec<usize>>,
    values: &[Value],
    ascending: bool,
) -> Vec<Vec<usize>> {
    let mut out = Vec::with_capacity(groups.len());
    for mut g in groups {
        if g.len() == 1 {
            out.push(g);
            continue;
        }
        g.sort_by(|&a, &b| {
            values[a]
                .rank_cmp(values[b], ascending)
                .then(f.people[a].tpn.cmp(&f.people[b].tpn))
        });
        let mut current: Vec<usize> = Vec::new();
        for p in g {
            if current.last().is_some_and(|&q| !values[q].same(values[p])) {
                out.push(std::mem::take(&mut current));
            }
            current.push(p);
        }
        out.push(current);
    }
    out
}

/// The DE rules of a key: forfeits count with `/P` and in a round robin.
pub(crate) fn de_rules(f: &Field, tb: &TieBreak) -> DeRules {
    let round_robin = f.mode == Mode::RoundRobin && !tb.swiss;
    DeRules {
        forfeits_count: tb.forfeits_as_played || round_robin,
        round_robin,
    }
}

/// Applies DE to every tied group and records each member's position inside
/// its group (0 when DE separates nobody; §4.1 step 5).
fn direct_encounter(
    f: &Field,
    groups: Vec<Vec<usize>>,
    tb: &TieBreak,
    column: &mut [Value],
) -> Vec<Vec<usize>> {
    let rules = de_rules(f, tb);
    place_groups(f, groups, column, |g| rank_group(f, g, rules))
}

/// Refines every tied group with `refine` (ordered subgroups) and records
/// each member's position inside its group, 0 when the group is not split
/// (the DE convention of §4.1 step 5, also used for EDE, TBR and BBE).
pub(crate) fn place_groups(
    f: &Field,
    groups: Vec<Vec<usize>>,
    column: &mut [Value],
    refine: impl Fn(&[usize]) -> Vec<Vec<usize>>,
) -> Vec<Vec<usize>> {
    let mut out = Vec::with_capacity(groups.len());
    for g in groups {
        if g.len() == 1 {
            out.push(g);
            continue;
        }
        let parts = refine(&g);
        if parts.len() > 1 {
            let mut position = 1;
            for part in &parts {
                for &m in part {
                    column[m] = Value::Int(position);
                }
                position += part.len() as i64;
            }
        }
        out.extend(parts.into_iter().map(|mut part| {
            part.sort_by_key(|&p| f.people[p].tpn);
            part
        }));
    }
    out
}

/// Separates what is still tied after the last key (C.07 4.2).
pub(crate) fn last_resort(groups: Vec<Vec<usize>>, rule: LastResort) -> Vec<Vec<usize>> {
    match rule {
        LastResort::Share => groups,
        // Groups are already in TPN order.
        LastResort::Tpn => groups.into_iter().flatten().map(|p| vec![p]).collect(),
        LastResort::Lots { seed } => {
            let mut lots = Lots(seed);
            groups
                .into_iter()
                .flat_map(|mut g| {
                    lots.shuffle(&mut g);
                    g.into_iter().map(|p| vec![p])
                })
                .collect()
        }
    }
}

/// A drawing of lots reproducible from its seed (SplitMix64; the seed is
/// printed with the standings).
struct Lots(u64);

impl Lots {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Fisher-Yates shuffle.
    fn shuffle(&mut self, items: &mut [usize]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}
