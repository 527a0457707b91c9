//! Single and double round-robin schedules built from the Berger tables
//! (spec 04 §2, §4).

use arbiter_model::Tpn;

use super::berger::{berger_round, rest_player, rounds_per_cycle};
use crate::Board;

/// One or two cycles (spec 04 §4; FIDE does not regulate more than two).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cycles {
    /// Every pair meets once.
    Single,
    /// Every pair meets twice; cycle 2 repeats the Berger rounds 1 … n − 1
    /// in order with all colours reversed. With `swap_last_two` (the FIDE
    /// recommendation, TRF `192` `FIDE_DOUBLEROUNDROBIN`) cycle 1 plays its
    /// last two Berger rounds in reverse order, so that nobody has three
    /// equal colours in a row at the change of cycle; without it
    /// (`BERGER_DOUBLEROUNDROBIN`) cycle 1 is the plain table.
    Double { swap_last_two: bool },
}

/// What the schedule prescribes for one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledRound {
    /// Board order of the Berger table (board 1 involves the highest
    /// number n, or is left out when n is the dummy of an odd field).
    pub boards: Vec<Board>,
    /// The player with a rest round (odd fields): no opponent and, in a
    /// round robin, **no points** — TRF `0000 - Z`, not a PAB (spec 04 §1,
    /// §6).
    pub rest: Option<Tpn>,
}

/// The schedule of a round robin of `players` participants numbered
/// 1 … `players` (their Berger numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub players: u32,
    pub cycles: Cycles,
}

impl Schedule {
    /// Total number of rounds: n − 1 per cycle (N per cycle when N is odd).
    pub fn rounds(&self) -> u32 {
        let per_cycle = rounds_per_cycle(self.players);
        match self.cycles {
            Cycles::Single => per_cycle,
            Cycles::Double { .. } => 2 * per_cycle,
        }
    }

    /// The Berger round played as tournament round `round`, and whether its
    /// colours are reversed; `None` outside `1..=rounds()`.
    pub fn berger_round_of(&self, round: u32) -> Option<(u32, bool)> {
        let per_cycle = rounds_per_cycle(self.players);
        if round == 0 || round > self.rounds() || per_cycle == 0 {
            return None;
        }
        if round > per_cycle {
            return Some((round - per_cycle, true));
        }
        let swapped = matches!(
            self.cycles,
            Cycles::Double {
                swap_last_two: true
            }
        ) && per_cycle >= 2
            && round >= per_cycle - 1;
        let berger = if swapped {
            // Rounds n − 2 and n − 1 of cycle 1 change places.
            2 * per_cycle - 1 - round
        } else {
            round
        };
        Some((berger, false))
    }

    /// The boards and the rest player of tournament round `round`; `None`
    /// outside `1..=rounds()`.
    pub fn round(&self, round: u32) -> Option<ScheduledRound> {
        let (berger, reversed) = self.berger_round_of(round)?;
        let boards = berger_round(self.players, berger)
            .into_iter()
            .map(|(w, b)| {
                if reversed {
                    Board { white: b, black: w }
                } else {
                    Board { white: w, black: b }
                }
            })
            .collect();
        Some(ScheduledRound {
            boards,
            rest: rest_player(self.players, berger),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fide_double_swaps_the_last_two_rounds_of_cycle_one() {
        let s = Schedule {
            players: 6,
            cycles: Cycles::Double {
                swap_last_two: true,
            },
        };
        let order: Vec<_> = (1..=10).map(|r| s.berger_round_of(r).unwrap()).collect();
        assert_eq!(
            order,
            vec![
                (1, false),
                (2, false),
                (3, false),
                (5, false),
                (4, false),
                (1, true),
                (2, true),
                (3, true),
                (4, true),
                (5, true)
            ]
        );
        assert_eq!(s.berger_round_of(11), None);
        assert_eq!(s.berger_round_of(0), None);
    }

    #[test]
    fn second_cycle_reverses_colours() {
        let s = Schedule {
            players: 4,
            cycles: Cycles::Double {
                swap_last_two: false,
            },
        };
        let r4 = s.round(4).unwrap();
        assert_eq!(
            r4.boards,
            vec![Board { white: 4, black: 1 }, Board { white: 3, black: 2 }]
        );
        assert_eq!(r4.rest, None);
    }

    #[test]
    fn odd_field_rest_rounds() {
        let s = Schedule {
            players: 5,
            cycles: Cycles::Single,
        };
        assert_eq!(s.rounds(), 5);
        let r1 = s.round(1).unwrap();
        assert_eq!(r1.rest, Some(1));
        assert_eq!(
            r1.boards,
            vec![Board { white: 2, black: 5 }, Board { white: 3, black: 4 }]
        );
    }
}
