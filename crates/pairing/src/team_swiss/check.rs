//! The pairings checker for team files (`-c`, spec 05 §7.4 applied to
//! matches): every round of a team section is paired again from the file's
//! own history and compared with the file's matches, colours and bye.

use arbiter_model::team::{RoundKind, TeamMatches, TeamScore};
use arbiter_model::{Colour, Tournament, Tpn};

use super::board_key;
use super::history::{round_input, section, view};
use crate::PairingError;
use crate::checker::{PairLine, RoundCheck, RoundVerdict, differences, total_rounds, verdict};

/// Checks every round of the team section `t`. The total number of rounds
/// is record 142 (not less than the rounds in the file) or else the rounds
/// in the file. A team paired in a round (a match or the bye) is paired
/// again; the others are absent. Each round is paired from the file's
/// history only, so a discrepancy never propagates.
pub fn check(t: &Tournament) -> Result<Vec<RoundCheck>, PairingError> {
    let view = view(t)?;
    let rounds = view.rounds;
    let mut t = t.clone();
    t.total_rounds = Some(total_rounds(t.total_rounds, rounds)?);
    let rules = &section(&t)?.rules;
    let board_one = rules.colours.first_team(1).unwrap_or(Colour::White);
    let primary = rules.system.primary;
    (1..=rounds)
        .map(|round| {
            let absent: Vec<u32> = view
                .teams
                .iter()
                .filter(|r| {
                    matches!(
                        r.round(round).map(|x| &x.kind),
                        Some(RoundKind::Bye(_)) | None
                    )
                })
                .map(|r| r.tpn)
                .collect();
            let input = round_input(&t, &view, round, &absent)?;
            let verdict = verdict(super::pair(&input), |engine| {
                compare(&view, round, board_one, primary, engine)
            })?;
            Ok(RoundCheck { round, verdict })
        })
        .collect()
}

/// The file's line of team `tpn` in `round`: (white team, black team) of its
/// match, `(tpn, 0)` for its bye, `None` if it was not paired.
fn file_line(view: &TeamMatches, round: u32, board_one: Colour, tpn: Tpn) -> Option<PairLine> {
    match &view.team(tpn)?.round(round)?.kind {
        RoundKind::Match(m) => {
            let white = (board_one == Colour::White) == m.first;
            Some(if white {
                (tpn, m.opponent)
            } else {
                (m.opponent, tpn)
            })
        }
        RoundKind::PairingBye { .. } => Some((tpn, 0)),
        RoundKind::Bye(_) => None,
    }
}

/// The engine's lines that the file does not have, and the file's lines of
/// the teams involved, both in board order.
fn compare(
    view: &TeamMatches,
    round: u32,
    board_one: Colour,
    primary: TeamScore,
    engine: &[PairLine],
) -> RoundVerdict {
    let line_of = |tpn: Tpn| file_line(view, round, board_one, tpn);
    let Some((checker, mut tournament)) =
        differences(engine, |&line| line_of(line.0) == Some(line), line_of)
    else {
        return RoundVerdict::Agrees;
    };
    let score = |tpn: Tpn| {
        view.team(tpn)
            .map(|r| r.score_after(primary, round - 1))
            .unwrap_or_default()
    };
    tournament.sort_by_key(|&(w, b)| board_key(score(w), w, (b != 0).then(|| (score(b), b))));
    RoundVerdict::Differs {
        checker,
        tournament,
    }
}
