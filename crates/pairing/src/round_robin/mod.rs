//! Round robin (C.05 Annex 1 and 2; spec 04): Berger tables, single and
//! double cycles, and the Varma restricted drawing of lots.
//!
//! The pairing number (TPN) of each participant **is** his Berger number:
//! numbers are fixed by drawing of lots before round 1 (plain, with
//! [`lots::Lots::draw_numbers`], or restricted with [`varma::varma_draw`]),
//! and the whole schedule follows from them.
//!
//! **Rest rounds.** With an odd number of players, the player scheduled
//! against the missing number rests. A rest round scores nothing and is not a
//! pairing-allocated bye: it is recorded as `0000 - Z` (spec 04 §1, §6).
//! [`RoundRobin::pair`] therefore leaves [`Pairing::bye`] empty and does not
//! list the resting player at all; [`RoundRobin::rest_player`] names him, so
//! the caller can record the `Z`.

pub mod berger;
pub mod lots;
pub mod schedule;
pub mod varma;

use arbiter_model::{Tournament, Tpn};

use crate::{Pairing, PairingError, PairingSystem};
use schedule::{Cycles, Schedule};

/// The usual round-robin tie-breaks in order (spec tiebreaks §9, observed
/// practice): direct encounter, Sonneborn-Berger, number of wins, Koya.
pub const ROUND_ROBIN_TIEBREAKS: [&str; 4] = ["DE", "SB", "WIN", "KS"];

/// The pre-2023 FIDE recommendation for individual round robins (old C.02
/// 13.16; spec tiebreaks §9): DE, WIN, SB, Koya.
pub const FIDE_2019_ROUND_ROBIN_TIEBREAKS: [&str; 4] = ["DE", "WIN", "SB", "KS"];

/// The round-robin pairing system: the next round is the Berger table's.
///
/// The table fixes boards and colours (no C.04 colour rules, spec 04 §3);
/// the state of the tournament only decides the number of players. Players
/// who have withdrawn or announced an absence keep their place in the
/// schedule: their boards are returned like any other (the arbiter records
/// the forfeit), because a round-robin schedule never changes once drawn
/// (spec 04 §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRobin {
    pub cycles: Cycles,
}

impl RoundRobin {
    /// A single round robin.
    pub fn single() -> RoundRobin {
        RoundRobin {
            cycles: Cycles::Single,
        }
    }

    /// A double round robin, FIDE variant: the last two rounds of cycle 1
    /// swapped (spec 04 §4, TRF `FIDE_DOUBLEROUNDROBIN`).
    pub fn double() -> RoundRobin {
        RoundRobin {
            cycles: Cycles::Double {
                swap_last_two: true,
            },
        }
    }

    /// The schedule for this tournament, after checking that its TPNs are
    /// exactly 1 … N and that its number of rounds (if given) fits.
    pub fn schedule(&self, tournament: &Tournament) -> Result<Schedule, PairingError> {
        let players = tournament.entrants.len();
        let mut tpns: Vec<Tpn> = tournament.entrants.iter().map(|e| e.player.tpn).collect();
        tpns.sort_unstable();
        if players < 2 || tpns.iter().enumerate().any(|(i, &t)| t != i as Tpn + 1) {
            return Err(PairingError::InvalidInput(format!(
                "a round robin needs at least 2 players numbered 1 to N without gaps; \
                 the pairing numbers are {tpns:?}"
            )));
        }
        let schedule = Schedule {
            players: players as u32,
            cycles: self.cycles,
        };
        if let Some(total) = tournament.total_rounds
            && total != schedule.rounds()
        {
            return Err(PairingError::InvalidInput(format!(
                "a {} round robin of {players} players has {} rounds, but the tournament \
                 gives {total} (record 142/XXR)",
                self.name(),
                schedule.rounds()
            )));
        }
        Ok(schedule)
    }

    /// The player who rests in round `round` (odd fields), to be recorded as
    /// `0000 - Z` with no points.
    pub fn rest_player(
        &self,
        tournament: &Tournament,
        round: u32,
    ) -> Result<Option<Tpn>, PairingError> {
        let schedule = self.schedule(tournament)?;
        Ok(scheduled(&schedule, round)?.rest)
    }
}

fn scheduled(schedule: &Schedule, round: u32) -> Result<schedule::ScheduledRound, PairingError> {
    schedule.round(round).ok_or_else(|| {
        PairingError::InvalidInput(format!(
            "round {round} is outside the {} rounds of this round robin",
            schedule.rounds()
        ))
    })
}

impl PairingSystem for RoundRobin {
    fn name(&self) -> &'static str {
        match self.cycles {
            Cycles::Single => "round-robin",
            Cycles::Double { .. } => "double-round-robin",
        }
    }

    /// The boards of round `round` in Berger board order; never a PAB (see
    /// the module documentation on rest rounds).
    fn pair(&self, tournament: &Tournament, round: u32) -> Result<Pairing, PairingError> {
        let schedule = self.schedule(tournament)?;
        Ok(Pairing {
            boards: scheduled(&schedule, round)?.boards,
            bye: None,
        })
    }
}
