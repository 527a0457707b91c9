//! What the Italo-Swiss pass needs to know about each player before a round
//! (spec 06 §3.1): lot, score, opponents met, colour history, byes.

use std::collections::BTreeSet;

use arbiter_model::{Colour, Points, RoundEntry, Tournament, Tpn};

use super::config::ItaloSwissConfig;
use crate::PairingError;

/// One player's state before the round being paired.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// Lot number = pairing number (TPN).
    pub lot: Tpn,
    /// Points after the previous rounds, byes included.
    pub score: Points,
    /// Opponents met over the board (and in forfeits, if so configured).
    pub met: BTreeSet<Tpn>,
    /// Colours of played games, oldest first.
    pub colours: Vec<Colour>,
    /// Pairing-allocated byes received.
    pub byes: u32,
    /// Players he may not meet in the round being paired (forbidden pairs,
    /// TRF `260`/`XXP`; C.04.1, an absolute criterion in every system).
    pub forbidden: BTreeSet<Tpn>,
}

/// The players on the circle before round `round`: `players[lot - 1]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    pub players: Vec<PlayerState>,
}

impl Field {
    /// The state of every entrant after rounds `1..round`, with the
    /// forbidden pairs in force in `round`. The lot numbers must be exactly
    /// 1 … N (the TPNs are the lot draw; spec 06 §3.2).
    pub fn before_round(
        tournament: &Tournament,
        round: u32,
        config: &ItaloSwissConfig,
    ) -> Result<Field, PairingError> {
        let n = tournament.entrants.len();
        let mut players: Vec<Option<PlayerState>> = vec![None; n];
        for e in &tournament.entrants {
            let tpn = e.player.tpn;
            let slot = (tpn as usize)
                .checked_sub(1)
                .and_then(|i| players.get_mut(i))
                .filter(|s| s.is_none())
                .ok_or_else(|| {
                    PairingError::InvalidInput(format!(
                        "Italo-Swiss lot numbers must be the pairing numbers 1 to {n} without \
                         gaps or repeats; pairing number {tpn} does not fit"
                    ))
                })?;
            let mut state = PlayerState {
                lot: tpn,
                ..PlayerState::default()
            };
            for entry in e.rounds.iter().take(round.saturating_sub(1) as usize) {
                state.score += tournament.scoring.points(entry);
                match *entry {
                    RoundEntry::Game {
                        opponent, colour, ..
                    } => {
                        state.met.insert(opponent);
                        state.colours.push(colour);
                    }
                    RoundEntry::Forfeit {
                        opponent: Some(opponent),
                        ..
                    } if config.forfeit_counts_as_met => {
                        state.met.insert(opponent);
                    }
                    RoundEntry::PairingBye => state.byes += 1,
                    _ => {}
                }
            }
            state.forbidden = tournament
                .forbidden
                .iter()
                .filter(|g| g.players.contains(&tpn))
                .flat_map(|g| g.players.iter().copied())
                .filter(|&other| tournament.is_forbidden(tpn, other, round))
                .collect();
            *slot = Some(state);
        }
        Ok(Field {
            players: players.into_iter().flatten().collect(),
        })
    }

    /// The player with lot `lot`.
    pub fn get(&self, lot: Tpn) -> &PlayerState {
        &self.players[lot as usize - 1]
    }

    /// Number of lots on the circle.
    pub fn lots(&self) -> u32 {
        self.players.len() as u32
    }
}
