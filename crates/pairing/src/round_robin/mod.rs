//! Round robin (C.05 Annex 1 and 2; spec 04): Berger tables, single and
//! double cycles, and the Varma restricted drawing of lots.
//!
//! The pairing number (TPN) of each participant **is** his Berger number:
//! numbers are fixed by drawing of lots before round 1 (plain, with
//! [`lots::draw_and_renumber`], or restricted with [`varma::varma_draw`]
//! then [`lots::renumber`]), and the whole schedule follows from them.
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
/// the state of the tournament only decides the number of players. The
/// schedule never changes once drawn (spec 04 §6): a player who has
/// withdrawn or is excused from the round (he already has an entry for it,
/// per the [`PairingSystem`] contract) is not paired, and neither is his
/// scheduled opponent, who is left out of the pairing like the resting
/// player. Under the usual event rules that opponent wins by forfeit;
/// [`RoundRobin::scheduled_boards`] gives the whole scheduled round so the
/// caller can record it (the event workflow records `+`/`-` on the
/// scheduled board, spec 04 §6).
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

impl RoundRobin {
    /// Every board the schedule gives round `round`, in Berger board order,
    /// whether or not its players are present (the resting player of an odd
    /// field has no board).
    pub fn scheduled_boards(
        &self,
        tournament: &Tournament,
        round: u32,
    ) -> Result<Vec<crate::Board>, PairingError> {
        let schedule = self.schedule(tournament)?;
        Ok(scheduled(&schedule, round)?.boards)
    }

    /// The opponent the schedule gives `player` in round `round` (whether
    /// or not either of them plays), `None` in his rest round.
    pub fn scheduled_opponent(
        &self,
        tournament: &Tournament,
        round: u32,
        player: Tpn,
    ) -> Result<Option<Tpn>, PairingError> {
        let schedule = self.schedule(tournament)?;
        Ok(scheduled(&schedule, round)?.boards.iter().find_map(|b| {
            if b.white == player {
                Some(b.black)
            } else if b.black == player {
                Some(b.white)
            } else {
                None
            }
        }))
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

    /// The boards of round `round` in Berger board order, without the boards
    /// of excused players; never a PAB (see the module documentation on rest
    /// rounds).
    fn pair(&self, tournament: &Tournament, round: u32) -> Result<Pairing, PairingError> {
        let schedule = self.schedule(tournament)?;
        let excused = |tpn: Tpn| {
            tournament
                .entrant(tpn)
                .is_some_and(|e| e.round(round).is_some())
        };
        let boards = scheduled(&schedule, round)?
            .boards
            .into_iter()
            .filter(|b| !excused(b.white) && !excused(b.black))
            .collect();
        Ok(Pairing { boards, bye: None })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use arbiter_model::{ByeKind, Entrant, Player, RoundEntry};

    fn field(players: u32, rounds: u32) -> Tournament {
        Tournament {
            entrants: (1..=players)
                .map(|tpn| Entrant {
                    player: Player {
                        tpn,
                        ..Player::default()
                    },
                    ..Entrant::default()
                })
                .collect(),
            total_rounds: Some(rounds),
            ..Tournament::default()
        }
    }

    #[test]
    fn an_excused_player_and_his_opponent_are_left_out() {
        let mut t = field(6, 5);
        t.entrants[1].rounds.push(RoundEntry::Bye(ByeKind::Zero));
        let rr = RoundRobin::single();
        // Round 1 of 6: 1-6, 2-5, 3-4; player 2 is excused.
        let p = rr.pair(&t, 1).unwrap();
        assert_eq!(
            p.boards,
            vec![Board { white: 1, black: 6 }, Board { white: 3, black: 4 }]
        );
        assert_eq!(p.bye, None);
        assert_eq!(rr.scheduled_opponent(&t, 1, 5).unwrap(), Some(2));
        assert_eq!(
            rr.scheduled_boards(&t, 1).unwrap(),
            vec![
                Board { white: 1, black: 6 },
                Board { white: 2, black: 5 },
                Board { white: 3, black: 4 }
            ]
        );
    }

    #[test]
    fn odd_fields_name_the_resting_player() {
        let t = field(5, 5);
        let rr = RoundRobin::single();
        assert_eq!(rr.rest_player(&t, 1).unwrap(), Some(1));
        assert_eq!(rr.scheduled_opponent(&t, 1, 1).unwrap(), None);
        assert_eq!(rr.pair(&t, 1).unwrap().boards.len(), 2);
    }

    #[test]
    fn wrong_numbers_of_rounds_or_players_are_refused() {
        let rr = RoundRobin::double();
        assert!(rr.pair(&field(6, 5), 1).is_err());
        assert!(rr.pair(&field(6, 10), 11).is_err());
        assert!(rr.pair(&field(6, 10), 10).is_ok());
        let mut gap = field(4, 3);
        gap.entrants[3].player.tpn = 9;
        assert!(RoundRobin::single().pair(&gap, 1).is_err());
    }
}
