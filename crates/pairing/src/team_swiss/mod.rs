//! The FIDE Swiss Team Pairing System, C.04.6 as approved on 28/10/2025 and
//! applied from 1 February 2026 (spec 03 Part C, spec teams §4).
//!
//! Not the Dutch system with teams: two scores, no colour limits (Basic
//! Rules 6 and 7 never apply, no absolute colour criterion), the bye chosen
//! first, upfloaters pulled into the top scoregroup instead of downfloaters,
//! and the first pairing in a lexicographic order instead of an optimum.
//! The procedure is that of art. 3.3.2:
//!
//! 1. the pairing-allocated bye, if the number of teams is odd (art. 3.4,
//!    `bye`);
//! 2. the top scoregroup — the highest score among the teams not yet paired
//!    — with the set of upfloaters art. 3.5 chooses (`upfloaters`) forms
//!    a bracket, paired by art. 3.6 (`bracket`); repeated until every
//!    team is paired;
//! 3. colours by art. 4 (`colours`).
//!
//! If no legal round-pairing exists the Chief Arbiter decides (art. 3.3.3):
//! the system reports [`PairingError::NoValidPairing`] and never relaxes a
//! criterion. Forbidden pairs (teams of one family, TRF `260`) are as
//! absolute as \[C1\].
//!
//! The matches are listed in the reference's order, which C.04.6 does not
//! prescribe (GHR 3.6's recommendation, as the Dutch engines do): the higher
//! score of the pair first, then the higher sum of the two scores, then the
//! smaller TPN; the bye last.
//!
//! Not supported: acceleration (C.04.7 with team scores, TRF `250` and the
//! `_BAKU` codes) — refused as invalid input, never ignored.
//!
//! Where C.04.6 leaves room, the reference's readings (corpus README) are
//! followed: \[C5\] profiles compared in ascending order, \[C6\] as "the
//! following scoregroup stays pairable with the fewest upfloaters its parity
//! allows", \[C7\]–\[C10\] minimised in priority order with the lexicographic
//! order deciding ties. Where the text decides otherwise, the text is
//! followed: the team colour is the colour of the board-1 player
//! (art. 1.6.1) whatever the board sequence of record 352, and a match in
//! which no game was played over the board is not played (art. 1.6.1,
//! GHR 3.5) even when both teams won boards by forfeit.

mod bracket;
mod bye;
mod check;
mod colours;
mod field;
pub mod history;
pub mod input;
mod legal;
mod preference;
mod upfloaters;

use std::cmp::Reverse;

use arbiter_model::{Points, Tournament, Tpn};

use self::field::Field;
use self::legal::without;
use crate::{Board, Pairing, PairingError, PairingSystem};
pub use check::check;
pub use input::{PlayedMatch, TeamHistory, TeamRound};

/// The Swiss Team Pairing System as a [`PairingSystem`] over a team section
/// (a [`Tournament`] with team records): a team is not paired in the round
/// when some of its players have an entry in it and none takes part.
#[derive(Clone, Copy, Debug, Default)]
pub struct TeamSwiss;

impl PairingSystem for TeamSwiss {
    fn name(&self) -> &'static str {
        "team-swiss"
    }

    fn pair(&self, tournament: &Tournament, round: u32) -> Result<Pairing, PairingError> {
        pair_section(
            tournament,
            round,
            &history::absent_by_entries(tournament, round),
        )
    }
}

/// Pairs round `round` of the team section `t`; the teams in `absent` (and
/// only they) are not paired.
pub fn pair_section(t: &Tournament, round: u32, absent: &[u32]) -> Result<Pairing, PairingError> {
    let view = history::view(t)?;
    pair(&history::round_input(t, &view, round, absent)?)
}

/// Pairs one round of a team Swiss: the matches (white = the team whose
/// board-1 player has White) in board order and the team that receives the
/// pairing-allocated bye.
pub fn pair(input: &TeamRound) -> Result<Pairing, PairingError> {
    let field = Field::prepare(input)?;
    let no_pairing = || PairingError::NoValidPairing { round: field.round };
    let mut remaining: Vec<usize> = (0..field.teams.len()).collect();
    let bye = bye::choose(&field, &remaining).map_err(|()| no_pairing())?;
    if let Some(b) = bye {
        remaining.retain(|&t| t != b);
    }
    let mut pairs = Vec::with_capacity(remaining.len() / 2);
    while let Some(top) = remaining.iter().map(|&t| field.teams[t].group).min() {
        let residents: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&t| field.teams[t].group == top)
            .collect();
        let upfloaters =
            upfloaters::choose(&field, &residents, &remaining).ok_or_else(no_pairing)?;
        let mut members = residents;
        members.extend(upfloaters);
        members.sort_unstable();
        pairs.extend(bracket::pair(&field, &members, top)?.ok_or_else(no_pairing)?);
        remaining = without(&remaining, &members);
    }
    let mut boards = pairs
        .into_iter()
        .map(|(a, b)| colours::allocate(&field, a, b))
        .collect::<Result<Vec<_>, _>>()?;
    boards.sort_by_key(|&(w, b)| {
        let (tw, tb) = (&field.teams[w], &field.teams[b]);
        board_key(tw.primary, tw.tpn, Some((tb.primary, tb.tpn)))
    });
    Ok(Pairing {
        boards: boards
            .into_iter()
            .map(|(w, b)| Board {
                white: field.teams[w].tpn,
                black: field.teams[b].tpn,
            })
            .collect(),
        bye: bye.map(|b| field.teams[b].tpn),
    })
}

/// The order of the matches (see the module documentation): the higher
/// score of the pair, then the higher sum, then the smaller TPN; the bye
/// (`other` = `None`) last.
pub(crate) fn board_key(
    score: Points,
    tpn: Tpn,
    other: Option<(Points, Tpn)>,
) -> (bool, Reverse<Points>, Reverse<Points>, Tpn) {
    match other {
        None => (true, Reverse(score), Reverse(Points::ZERO), tpn),
        Some((s, o)) => (false, Reverse(score.max(s)), Reverse(score + s), tpn.min(o)),
    }
}
