//! Consistency of a TRF file (issue 2 item 3; spec 05 §6.2): unique starting
//! ranks, existing opponents, both sides of every game agreeing, the
//! points column matching the results, and tie-break codes the standings
//! know (issue 10 item 9: one validator for every command).

use std::collections::{HashMap, HashSet};
use std::fmt;

use arbiter_model::{Colour, Entrant, Outcome, RoundEntry, Tournament, Tpn};

use crate::document::TrfDocument;
use crate::error::{TrfError, TrfWarning};
use crate::round_block::{block_start, colour_column, opponent_column, result_column};

/// The catalogue of tie-break codes (MTB26) that decides which codes a
/// 202/212 record may hold. The codes are part of TRF-2026, but their
/// catalogue (which acronyms and modifiers exist, team codes included)
/// belongs to the standings crate, which computes them; this crate cannot
/// depend on it, so callers pass it: `&arbiter_standings::parse_list`. Any
/// `Fn(&str) -> Result<T, E>` with a displayable error is one; it receives
/// one comma-separated entry of the record at a time, exactly as the
/// standings later read the list.
pub trait TieBreakCodes {
    /// `Err(reason)` when `code` is not a tie-break the catalogue knows.
    fn check(&self, code: &str) -> Result<(), String>;
}

impl<F, T, E> TieBreakCodes for F
where
    F: Fn(&str) -> Result<T, E>,
    E: fmt::Display,
{
    fn check(&self, code: &str) -> Result<(), String> {
        self(code).map(drop).map_err(|e| e.to_string())
    }
}

/// Every inconsistency of `doc`, in file order (empty when the file is
/// consistent). Commands do not call it alone: [`crate::read_file`] parses
/// and validates in one step.
pub fn validate(doc: &TrfDocument, tiebreaks: &dyn TieBreakCodes) -> Vec<TrfError> {
    let t = &doc.tournament;
    let mut errors = check_tiebreaks(doc, tiebreaks);
    let mut index: HashMap<Tpn, usize> = HashMap::new();
    for (i, e) in t.entrants.iter().enumerate() {
        let tpn = e.player.tpn;
        if let Some(&first) = index.get(&tpn) {
            errors.push(TrfError::new(
                doc.line_of(i),
                5,
                "starting rank",
                format!(
                    "starting rank {tpn} is used twice (first on line {})",
                    doc.line_of(first)
                ),
            ));
        } else {
            index.insert(tpn, i);
        }
    }
    for (i, e) in t.entrants.iter().enumerate() {
        if index.get(&e.player.tpn) != Some(&i) {
            continue;
        }
        for (r, entry) in e.rounds.iter().enumerate() {
            if let Some(err) = check_pairing(doc, &index, i, e, r + 1, entry) {
                errors.push(err);
            }
        }
        if let Some(err) = check_total_rounds(doc, i, e) {
            errors.push(err);
        }
    }
    errors.extend(check_unfinished(doc));
    errors.extend(crate::teams::validate(doc));
    errors.sort_by_key(|e| (e.line, e.column));
    errors
}

/// Each code of 202/212 against the catalogue.
fn check_tiebreaks(doc: &TrfDocument, catalogue: &dyn TieBreakCodes) -> Vec<TrfError> {
    doc.tournament
        .tiebreaks
        .iter()
        .enumerate()
        .filter_map(|(i, code)| {
            let reason = catalogue.check(code).err()?;
            let (line, column) = doc.tiebreak_positions.get(i).copied().unwrap_or((0, 0));
            Some(TrfError::new(line, column, "tie-breaks", reason))
        })
        .collect()
}

/// No entry after the last round announced by 142/XXR.
fn check_total_rounds(doc: &TrfDocument, i: usize, e: &Entrant) -> Option<TrfError> {
    let total = doc.tournament.total_rounds?;
    if e.rounds.len() <= total as usize {
        return None;
    }
    let round = total as usize + 1;
    Some(TrfError::new(
        doc.line_of(i),
        opponent_column(round),
        &format!("round {round}"),
        format!("an entry for round {round}, but the tournament has {total} rounds (142/XXR)"),
    ))
}

/// Players named in TRF26 `299` records (abnormal points: penalties,
/// bonuses, results with non-standard points; ids at columns 24-27, 29-32,
/// ...). The model does not hold these adjustments, so their points column
/// is not checked.
fn abnormal_points_players(doc: &TrfDocument) -> HashSet<Tpn> {
    doc.other_records
        .iter()
        .filter(|o| o.text.starts_with("299"))
        .flat_map(|o| {
            o.text
                .chars()
                .skip(23)
                .collect::<String>()
                .split_whitespace()
                .filter_map(|id| id.parse::<Tpn>().ok())
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The opponent of `entry` exists and lists this player back with the
/// opposite colour and the matching result.
fn check_pairing(
    doc: &TrfDocument,
    index: &HashMap<Tpn, usize>,
    i: usize,
    e: &Entrant,
    round: usize,
    entry: &RoundEntry,
) -> Option<TrfError> {
    let line = doc.line_of(i);
    let me = e.player.tpn;
    let opp = entry.opponent()?;
    let field = format!("round {round} opponent");
    if opp == me {
        return Some(TrfError::new(
            line,
            opponent_column(round),
            &field,
            format!("player {me} is paired against himself in round {round}"),
        ));
    }
    let Some(&j) = index.get(&opp) else {
        return Some(TrfError::new(
            line,
            opponent_column(round),
            &field,
            format!("opponent {opp} in round {round} is not a player of the file"),
        ));
    };
    let theirs = doc.tournament.entrants[j].round(round as u32);
    let names_me = theirs.and_then(RoundEntry::opponent) == Some(me);
    // Report a pair that names each other once, on the smaller starting rank.
    if names_me && opp < me {
        return None;
    }
    let (col, what, problem) = match (entry, theirs) {
        (_, _) if !names_me => (
            opponent_column(round),
            field.clone(),
            format!(
                "player {me} meets {opp} in round {round}, but player {opp}'s round {round} entry does not name {me}"
            ),
        ),
        (
            RoundEntry::Game {
                colour, outcome, ..
            },
            Some(RoundEntry::Game {
                colour: c2,
                outcome: o2,
                ..
            }),
        ) => {
            if colour == c2 {
                (
                    colour_column(round),
                    format!("round {round} colour"),
                    format!(
                        "players {me} and {opp} both have {} in round {round}",
                        colour_name(*colour)
                    ),
                )
            } else if outcome.reversed() != *o2 {
                (
                    result_column(round),
                    format!("round {round} result"),
                    format!(
                        "the results of players {me} and {opp} in round {round} do not match ({} against {})",
                        outcome_name(*outcome),
                        outcome_name(*o2)
                    ),
                )
            } else {
                return None;
            }
        }
        (
            RoundEntry::Forfeit { colour, won, .. },
            Some(RoundEntry::Forfeit {
                colour: c2,
                won: w2,
                ..
            }),
        ) => {
            if colour.is_some() && colour == c2 {
                (
                    colour_column(round),
                    format!("round {round} colour"),
                    format!(
                        "players {me} and {opp} both have {} in round {round}",
                        colour_name(colour.unwrap_or(Colour::White))
                    ),
                )
            } else if *won && *w2 {
                (
                    result_column(round),
                    format!("round {round} result"),
                    format!(
                        "players {me} and {opp} both won their game of round {round} by forfeit"
                    ),
                )
            } else {
                return None;
            }
        }
        _ => (
            result_column(round),
            format!("round {round} result"),
            format!(
                "player {me} has a {} against {opp} in round {round}, but player {opp} has a {}",
                kind(entry),
                theirs.map_or("nothing", kind)
            ),
        ),
    };
    Some(TrfError::new(doc.line_of(i), col, &what, problem))
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

fn outcome_name(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}

fn kind(e: &RoundEntry) -> &'static str {
    match e {
        RoundEntry::Game { .. } => "played game",
        RoundEntry::Forfeit { .. } => "forfeit",
        _ => "bye",
    }
}

/// The players whose points column disagrees with their results: a
/// warning each, the results deciding every score (`docs/rules/trf.md`
/// "Reading other writers' files": programs count unplayed rounds their
/// own way).
pub(crate) fn points_warnings(doc: &TrfDocument) -> Vec<TrfWarning> {
    let t = &doc.tournament;
    let abnormal = abnormal_points_players(doc);
    let past = rounds_in_the_past(t);
    let mut seen = HashSet::new();
    t.entrants
        .iter()
        .enumerate()
        .filter(|(_, e)| seen.insert(e.player.tpn) && !abnormal.contains(&e.player.tpn))
        .filter_map(|(i, e)| check_points(doc, past, i, e))
        .collect()
}

/// The points column S against the results P of the past rounds, under the
/// file's scoring. As bbpPairings (spec 05 §6.2), S may also include the
/// acceleration of the round to be paired and/or the points of an entry
/// already made for that round (a pre-entered bye).
fn check_points(doc: &TrfDocument, past: u32, i: usize, e: &Entrant) -> Option<TrfWarning> {
    let t = &doc.tournament;
    let reported = e.reported_points?;
    let results = e
        .rounds
        .iter()
        .take(past as usize)
        .map(|r| t.scoring.points(r))
        .sum();
    let next = past + 1;
    let virtual_points = t.virtual_points(e.player.tpn, next);
    let pre_entered = e
        .round(next)
        .map(|r| t.scoring.points(r))
        .unwrap_or_default();
    let accepted = [
        results,
        results + virtual_points,
        results + pre_entered,
        results + virtual_points + pre_entered,
    ];
    if accepted.contains(&reported) {
        return None;
    }
    Some(TrfWarning::new(
        doc.line_of(i),
        81,
        "points",
        format!(
            "player {} has {reported} points, but the results add up to {results}: the results are used",
            e.player.tpn
        ),
    ))
}

/// The rounds already paired (spec 05 §6.5): the last round in which anyone
/// took part in the pairing, or the round before any later entry.
pub(crate) fn rounds_in_the_past(t: &Tournament) -> u32 {
    // `0000 - +` takes part in the pairing like a PAB (bbpPairings).
    let took_part = |r: &RoundEntry| {
        r.was_paired()
            || matches!(
                r,
                RoundEntry::Forfeit {
                    opponent: None,
                    won: true,
                    ..
                }
            )
    };
    let paired = t
        .entrants
        .iter()
        .filter_map(|e| e.rounds.iter().rposition(took_part))
        .map(|i| i as u32 + 1)
        .max()
        .unwrap_or(0);
    let before_last_entry = t
        .entrants
        .iter()
        .map(|e| e.rounds.len() as u32)
        .max()
        .unwrap_or(0)
        .saturating_sub(1);
    paired.max(before_last_entry)
}

/// The games of the round in progress (`docs/rules/trf.md` "A round in
/// progress"): all in one round, the last one paired, each named back by
/// its opponent with the other colour.
fn check_unfinished(doc: &TrfDocument) -> Vec<TrfError> {
    let Some(round) = doc.round_in_progress() else {
        return Vec::new();
    };
    let t = &doc.tournament;
    let mut errors = Vec::new();
    let block = block_start(round as usize);
    for g in &doc.unfinished {
        let back = doc.unfinished.iter().find(|o| o.player == g.opponent);
        let problem = if g.round != round {
            format!(
                "a game without result in round {}, but round {round} is the one in progress",
                g.round
            )
        } else if g.opponent == g.player {
            format!(
                "player {} is paired against himself in round {round}",
                g.player
            )
        } else {
            match back {
                Some(o) if o.opponent == g.player && o.colour != g.colour => continue,
                _ => format!(
                    "player {} meets {} in round {round}, but player {}'s round {round} entry is \
                     not a game against {} with the other colour and no result",
                    g.player, g.opponent, g.opponent, g.player
                ),
            }
        };
        errors.push(TrfError::new(
            g.line,
            block,
            &format!("round {}", g.round),
            problem,
        ));
    }
    for (i, e) in t.entrants.iter().enumerate() {
        if let Some(later) = e
            .rounds
            .iter()
            .skip(round as usize)
            .position(RoundEntry::was_paired)
        {
            let r = round as usize + later + 1;
            errors.push(TrfError::new(
                doc.line_of(i),
                block_start(r),
                &format!("round {r}"),
                format!("a game in round {r}, after round {round}, which is still in progress"),
            ));
        }
    }
    errors
}
