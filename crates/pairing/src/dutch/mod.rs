//! The FIDE (Dutch) system, C.04.3 as applied from 1 Feb 2026 (spec
//! 02-dutch), giving the same pairings as the reference engine
//! (bbpPairings v6): criteria as bit fields of matching weights (§6),
//! colours by Art. 5, boards in the reference's order (§11).

mod alternation;
mod colour;
mod competitor;
mod graph;
mod procedure;
mod weights;

use arbiter_model::{Colour, Tournament};

use self::colour::Side;
use self::competitor::Field;
use self::procedure::{Failure, RoundPairs, pair_round};
use self::weights::{FieldWeight, Weights};
use crate::matching::Wide;
use crate::{Board, Pairing, PairingError, PairingSystem};

/// The FIDE Dutch system (2026 rules).
#[derive(Clone, Copy, Debug, Default)]
pub struct Dutch;

impl PairingSystem for Dutch {
    fn name(&self) -> &'static str {
        "dutch"
    }

    fn pair(&self, tournament: &Tournament, round: u32) -> Result<Pairing, PairingError> {
        let field = Field::prepare(tournament, round)?;
        let result = match solve_with_width(Weights::new(&field, true)) {
            Err(Failure::SlotsTooNarrow) => solve_with_width(Weights::new(&field, false)),
            other => other,
        };
        let result = result.map_err(|f| match f {
            Failure::NoValidPairing => PairingError::NoValidPairing { round },
            Failure::SlotsTooNarrow => {
                PairingError::InvalidInput("internal error in the Dutch engine: slot layout".into())
            }
            Failure::Internal(what) => {
                PairingError::InvalidInput(format!("internal error in the Dutch engine: {what}"))
            }
        })?;
        Ok(finish(&field, result))
    }
}

/// Runs the procedure with the narrowest weight type that holds every field.
fn solve_with_width(w: Weights<'_>) -> Result<RoundPairs, Failure> {
    let bits = w.layout.total;
    macro_rules! try_limbs {
        ($($l:literal),*) => {$(
            if bits <= <Wide<$l> as FieldWeight>::USABLE_BITS {
                return pair_round::<Wide<$l>>(w);
            }
        )*};
    }
    try_limbs!(2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256);
    Err(Failure::Internal("the weights need more than 16,384 bits"))
}

/// Colours (Art. 5) and board order (spec 02 §11).
fn finish(field: &Field, result: RoundPairs) -> Pairing {
    let players = &field.players;
    let mut boards: Vec<(usize, usize)> = result.pairs;
    // Board order: the member with the higher real score (then the smaller
    // effective TPN) leads; sort by his score, the other's score, his TPN.
    let lead = |a: usize, b: usize| {
        let (pa, pb) = (&players[a], &players[b]);
        if (pb.score, std::cmp::Reverse(pb.rank)) > (pa.score, std::cmp::Reverse(pa.rank)) {
            (b, a)
        } else {
            (a, b)
        }
    };
    boards.sort_by(|&(a1, b1), &(a2, b2)| {
        let (t1, o1) = lead(a1, b1);
        let (t2, o2) = lead(a2, b2);
        players[t2]
            .score
            .cmp(&players[t1].score)
            .then(players[o2].score.cmp(&players[o1].score))
            .then(players[t1].rank.cmp(&players[t2].rank))
    });
    let boards = boards
        .into_iter()
        .map(|(h, l)| {
            // `h` is ranked higher (indices follow the ranking order).
            let high = Side {
                colours: &players[h].colours,
                higher_ranked: true,
                rank: players[h].rank,
            };
            let low = Side {
                colours: &players[l].colours,
                higher_ranked: false,
                rank: players[l].rank,
            };
            if colour::colour_of(&high, &low, field.initial_colour) == Colour::White {
                Board {
                    white: players[h].tpn,
                    black: players[l].tpn,
                }
            } else {
                Board {
                    white: players[l].tpn,
                    black: players[h].tpn,
                }
            }
        })
        .collect();
    Pairing {
        boards,
        bye: result.bye.map(|b| players[b].tpn),
    }
}
