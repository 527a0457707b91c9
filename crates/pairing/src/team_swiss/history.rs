//! From the model's match view of a team section to the pairing problem of
//! one round ([`TeamRound`]): what C.04.6 reads of the rounds before it.

use arbiter_model::team::{RoundKind, TeamMatches, TeamRecord, TeamScore, TeamSection};
use arbiter_model::{ByeKind, Colour, Outcome, Tournament, Tpn};

use super::input::{PlayedMatch, TeamHistory, TeamRound};
use crate::PairingError;

/// The team section of `t`, or why `t` is none.
pub(crate) fn section(t: &Tournament) -> Result<&TeamSection, PairingError> {
    t.team_section.as_ref().ok_or_else(|| {
        PairingError::InvalidInput(
            "not a team tournament: the Swiss Team Pairing System needs team records (310) and a team type (192 FIDE_TEAM_...)".into(),
        )
    })
}

/// The match view of the team section `t`.
pub(crate) fn view(t: &Tournament) -> Result<TeamMatches, PairingError> {
    TeamMatches::of(t).map_err(|e| PairingError::InvalidInput(e.to_string()))
}

/// The problem of pairing round `round` of the team section `t` whose match
/// view is `view` (only rounds before `round` are read); the teams in
/// `absent` are not paired.
///
/// * Scores: the primary and secondary totals of the rounds before (the bye,
///   forfeits and requested byes as the view values them).
/// * Played matches: those with at least one game played over the board
///   (art. 1.6.1, GHR 3.5); the team colour is the scheduled board-1 colour
///   (the first team's board-1 colour of record 352 for the first team).
/// * \[C2\]: a pairing-allocated bye, a full-point bye, or a match won without
///   a game played (a forfeit win).
/// * Art. 1.5 in the previous round: a played match against a team whose
///   primary score before that round differed.
/// * Initial colour: record 152, else read back from round 1 (see
///   [`initial_colour`]).
pub fn round_input(
    t: &Tournament,
    view: &TeamMatches,
    round: u32,
    absent: &[u32],
) -> Result<TeamRound, PairingError> {
    let section = section(t)?;
    if !t.acceleration.is_empty() {
        return Err(PairingError::InvalidInput(
            "accelerated team pairings (record 250, C.04.7) are not supported".into(),
        ));
    }
    let total_rounds = t.total_rounds.ok_or_else(|| {
        PairingError::InvalidInput(
            "the total number of rounds must be given (record 142): C.04.6 [C7], [C10] and type B preferences depend on the last rounds".into(),
        )
    })?;
    let system = section.rules.system.clone();
    let primary = system.primary;
    let before = round.saturating_sub(1);
    let board_one = section.rules.colours.first_team(1).unwrap_or(Colour::White);
    let teams = view
        .teams
        .iter()
        .map(|record| {
            let rounds = || record.rounds.iter().take(before as usize);
            let played = rounds()
                .filter_map(|r| r.side().filter(|m| m.played))
                .map(|m| PlayedMatch {
                    opponent: m.opponent,
                    colour: team_colour(board_one, m.first),
                })
                .collect();
            let bye_barred = rounds().any(|r| match &r.kind {
                RoundKind::PairingBye { .. } | RoundKind::Bye(ByeKind::Full) => true,
                RoundKind::Match(m) => !m.played && m.outcome == Outcome::Win,
                RoundKind::Bye(_) => false,
            });
            TeamHistory {
                tpn: record.tpn,
                to_pair: !absent.contains(&record.tpn),
                primary: record.score_after(primary, before),
                secondary: record.score_after(primary.other(), before),
                played,
                bye_barred,
                floated_last_round: floated(view, record, before, primary),
            }
        })
        .collect();
    let numbers: Vec<Tpn> = view.teams.iter().map(|r| r.tpn).collect();
    let mut forbidden = Vec::new();
    for (i, &a) in numbers.iter().enumerate() {
        for &b in &numbers[i + 1..] {
            if t.is_forbidden(a, b, round) {
                forbidden.push((a, b));
            }
        }
    }
    Ok(TeamRound {
        round,
        total_rounds,
        initial_colour: t.initial_colour.or_else(|| initial_colour(view, board_one)),
        system,
        teams,
        forbidden,
    })
}

/// The board-1 colour of a team in a match (art. 1.6.1): the first team has
/// the first colour of the board sequence, the other team the opposite.
fn team_colour(board_one: Colour, first: bool) -> Colour {
    if first {
        board_one
    } else {
        board_one.opposite()
    }
}

/// Art. 1.5 in round `previous`: the team played a match against an
/// opponent whose primary score before that round differed from its own.
fn floated(view: &TeamMatches, record: &TeamRecord, previous: u32, primary: TeamScore) -> bool {
    let Some(m) = record
        .round(previous)
        .and_then(|r| r.side())
        .filter(|m| m.played)
    else {
        return false;
    };
    let before = previous - 1;
    let opponent = view
        .team(m.opponent)
        .map(|o| o.score_after(primary, before));
    opponent != Some(record.score_after(primary, before))
}

/// The initial colour (art. 4.1) when record 152 does not state it, read
/// back from round 1 through art. 4.3.1: in the played match of round 1
/// holding the smallest team number, the first-team (art. 4.2.3: the smaller
/// number, all scores being zero) had the initial colour if its number is
/// odd, the opposite colour if even. `None` before round 1 is played.
pub fn initial_colour(view: &TeamMatches, board_one: Colour) -> Option<Colour> {
    let (tpn, m) = view.teams.iter().find_map(|record| {
        let m = record.round(1)?.side().filter(|m| m.played)?;
        (record.tpn < m.opponent).then_some((record.tpn, m))
    })?;
    let colour = team_colour(board_one, m.first);
    Some(if tpn % 2 == 1 {
        colour
    } else {
        colour.opposite()
    })
}

/// The teams of `t` not to be paired in `round` by their players' entries:
/// some member has an entry in that round and none of them takes part in
/// the pairing (requested byes, absences).
pub fn absent_by_entries(t: &Tournament, round: u32) -> Vec<u32> {
    t.teams
        .iter()
        .filter_map(|team| {
            let entries: Vec<_> = team
                .members
                .iter()
                .filter_map(|&m| t.entrant(m)?.round(round).copied())
                .collect();
            let absent = !entries.is_empty() && !entries.iter().any(crate::round_input::took_part);
            team.number.filter(|_| absent)
        })
        .collect()
}
