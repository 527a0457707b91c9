//! The Italo-Swiss system ("sistema italo-svizzero", FSI; spec 06): players
//! sit on a circle in lot order, and each round continues the rotation from
//! where the previous one ended, pairing the highest score first with the
//! next player along the circle with the same (or the next lower) score.
//!
//! **Lot numbers are pairing numbers.** The single drawing of lots before
//! round 1 (FSI Art. 3) is stored as the TPN order: lot 1 is TPN 1, and so
//! on. To draw, call
//! [`draw_and_renumber`](crate::round_robin::lots::draw_and_renumber) with a
//! recorded seed, or enter a physical draw with
//! [`renumber`](crate::round_robin::lots::renumber). Late entrants take the
//! next numbers N + 1, … (spec 06 §3.9), i.e. they sit between the old last
//! lot and lot 1.
//!
//! **Formation order.** The next round starts from the last pair *formed*
//! (spec 06 §3.6), and the boards of a round are listed in formation order.
//! A tournament file does not store that order, so it is recovered for each
//! past round by following the pass with that round's recorded pairs: from
//! the round's start player, the primo is the first top scorer along the
//! circle and his partner is the opponent he actually had. For a round the
//! system paired this reproduces its own formation order; for a round the
//! arbiter changed by hand it is the order the rules would have formed those
//! pairs in \[OURS\]. The colour taken from the last pair is the one recorded.
//!
//! **Forbidden pairs** (`Tournament::forbidden`, TRF `260`/`XXP`: e.g.
//! team-mates under `--avoid-team-pairings`) are never paired. The regulation
//! knows only repeat avoidance, so a forbidden opponent is treated as one
//! already met: skipped in the candidate scan (yet counted as considered for
//! the Art. 5 drop-down cursor) and backtracked through; unlike a rematch, the
//! `AllowFewestRematches` fallback never allows it \[OURS\].
//!
//! **Dead ends.** Before each pair is formed, a matching test
//! ([`completion`]) asks whether the players left can still all be paired;
//! a round without a pairing is answered [`PairingError::NoValidPairing`]
//! at once, and the pairing found is the one the plain backtracking of
//! FID Art. 4–5 would find.
//!
//! **The bye** is a pairing-allocated bye (TRF `U`), scored as
//! `Scoring::pab` (default 1 point, spec 06 §3.7).
//!
//! Options the regulation leaves open are in [`ItaloSwissConfig`].

pub mod colours;
pub mod completion;
pub mod config;
pub mod search;
pub mod state;

use std::collections::BTreeMap;

use arbiter_model::{Colour, RoundEntry, Tournament, Tpn};

use crate::{Board, Pairing, PairingError, PairingSystem};
pub use config::{
    ByePolicy, ColourPolicy, ItaloSwissConfig, LowerScoreScan, OnNoPairing, ResumeFrom,
};
use search::{Formed, Search};
use state::Field;

/// One pair of a round, in formation order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormedPair {
    pub primo: Tpn,
    pub secondo: Tpn,
    pub white: Tpn,
    pub black: Tpn,
    /// The two had met before (only under `AllowFewestRematches`).
    pub rematch: bool,
}

/// The pairing of a round with what the arbiter needs to check it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItaloSwissRound {
    /// The player the rotation restarted from (spec 06 §3.4 `S`).
    pub start: Tpn,
    /// Pairs in formation order = board order.
    pub pairs: Vec<FormedPair>,
    /// The player who rests (pairing-allocated bye).
    pub bye: Option<Tpn>,
}

impl From<ItaloSwissRound> for Pairing {
    fn from(round: ItaloSwissRound) -> Pairing {
        Pairing {
            boards: round
                .pairs
                .iter()
                .map(|p| Board {
                    white: p.white,
                    black: p.black,
                })
                .collect(),
            bye: round.bye,
        }
    }
}

/// The Italo-Swiss pairing system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ItaloSwiss {
    pub config: ItaloSwissConfig,
}

impl ItaloSwiss {
    /// Pairs round `round` with the details of the pass.
    pub fn pair_round(
        &self,
        tournament: &Tournament,
        round: u32,
    ) -> Result<ItaloSwissRound, PairingError> {
        if round == 0 {
            return Err(PairingError::InvalidInput(
                "rounds are numbered from 1".to_string(),
            ));
        }
        let start = self.start_of_round(tournament, round)?;
        let field = Field::before_round(tournament, round, &self.config)?;
        let present: Vec<Tpn> = (1..=field.lots())
            .filter(|&lot| {
                tournament
                    .entrant(lot)
                    .is_some_and(|e| e.round(round).is_none())
            })
            .collect();
        let search = Search::new(&field, &self.config);
        let phantom = search.phantom();
        let solution = search
            .solve(&present, start)
            .ok_or(PairingError::NoValidPairing { round })?;
        let mut pairs = Vec::with_capacity(solution.pairs.len());
        let mut bye = solution.leftover;
        for Formed {
            primo,
            secondo,
            rematch,
        } in solution.pairs
        {
            if Some(primo) == phantom {
                bye = Some(secondo);
            } else if Some(secondo) == phantom {
                bye = Some(primo);
            } else {
                let primo_white = colours::primo_has_white(
                    &field.get(primo).colours,
                    &field.get(secondo).colours,
                    self.config.colour_policy,
                );
                let (white, black) = if primo_white {
                    (primo, secondo)
                } else {
                    (secondo, primo)
                };
                pairs.push(FormedPair {
                    primo,
                    secondo,
                    white,
                    black,
                    rematch,
                });
            }
        }
        Ok(ItaloSwissRound { start, pairs, bye })
    }

    /// The player round `round` starts from (spec 06 §3.4, §3.6): lot 1
    /// before any round was paired; afterwards the White (or Black, per
    /// `resume_from`) of the last pair formed in the latest round with
    /// pairs.
    pub fn start_of_round(&self, tournament: &Tournament, round: u32) -> Result<Tpn, PairingError> {
        let mut start = 1;
        for past in 1..round {
            let field = Field::before_round(tournament, past, &self.config)?;
            if let Some(last) = self.last_pair(tournament, &field, past, start)? {
                start = last;
            }
        }
        Ok(start)
    }

    /// Follows the pass of past round `round` (from `start`) with the
    /// recorded pairs and returns the restart player of its last pair.
    fn last_pair(
        &self,
        tournament: &Tournament,
        field: &Field,
        round: u32,
        start: Tpn,
    ) -> Result<Option<Tpn>, PairingError> {
        let search = Search::new(field, &self.config);
        let mut partner: BTreeMap<Tpn, Tpn> = BTreeMap::new();
        let mut colour: BTreeMap<Tpn, Colour> = BTreeMap::new();
        let mut rested = Vec::new();
        for e in &tournament.entrants {
            let tpn = e.player.tpn;
            let (opponent, played) = match e.round(round) {
                Some(RoundEntry::Game {
                    opponent, colour, ..
                }) => (*opponent, Some(*colour)),
                Some(RoundEntry::Forfeit {
                    opponent: Some(opponent),
                    colour,
                    ..
                }) => (*opponent, *colour),
                Some(RoundEntry::PairingBye) => {
                    rested.push(tpn);
                    continue;
                }
                _ => continue,
            };
            let back = tournament.entrant(opponent).and_then(|o| o.round(round));
            if back.and_then(RoundEntry::opponent) != Some(tpn) {
                return Err(PairingError::InvalidInput(format!(
                    "round {round}: player {tpn} is recorded against {opponent}, \
                     who is not recorded against {tpn}"
                )));
            }
            partner.insert(tpn, opponent);
            if let Some(c) = played {
                colour.insert(tpn, c);
            }
        }
        if partner.is_empty() {
            return Ok(None);
        }
        if let (Some(phantom), [resting]) = (search.phantom(), rested.as_slice()) {
            partner.insert(phantom, *resting);
            partner.insert(*resting, phantom);
        }
        let mut unpaired = vec![false; search.circle() as usize + 1];
        for &lot in partner.keys() {
            unpaired[lot as usize] = true;
        }
        let mut ptr = start;
        let mut last = None;
        while let Some(primo) = search.primo(&unpaired, ptr) {
            let secondo = partner[&primo];
            unpaired[primo as usize] = false;
            unpaired[secondo as usize] = false;
            if Some(primo) != search.phantom() && Some(secondo) != search.phantom() {
                last = Some((primo, secondo));
            }
            ptr = secondo;
        }
        let Some((primo, secondo)) = last else {
            return Ok(None);
        };
        let primo_colour = match (colour.get(&primo), colour.get(&secondo)) {
            (Some(&c), _) => c,
            (None, Some(&c)) => c.opposite(),
            (None, None) => {
                if colours::primo_has_white(
                    &field.get(primo).colours,
                    &field.get(secondo).colours,
                    self.config.colour_policy,
                ) {
                    Colour::White
                } else {
                    Colour::Black
                }
            }
        };
        let wanted = match self.config.resume_from {
            ResumeFrom::WhiteOfLastPair => Colour::White,
            ResumeFrom::BlackOfLastPair => Colour::Black,
        };
        Ok(Some(if primo_colour == wanted {
            primo
        } else {
            secondo
        }))
    }
}

impl PairingSystem for ItaloSwiss {
    fn name(&self) -> &'static str {
        "italo-swiss"
    }

    fn pair(&self, tournament: &Tournament, round: u32) -> Result<Pairing, PairingError> {
        self.pair_round(tournament, round).map(Pairing::from)
    }
}
