//! What happened to one player in one round (C.04.2 Art. 3, spec 01 §7).

use serde::{Deserialize, Serialize};

use crate::player::{Colour, Tpn};

/// The outcome of a game from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// The same game seen from the opponent's side.
    pub fn reversed(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }
}

/// The kinds of bye a player can request or be given without a pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ByeKind {
    /// Full-point bye (TRF `F`).
    Full,
    /// Half-point bye (TRF `H`).
    Half,
    /// Zero-point bye / known absence (TRF `Z`).
    Zero,
}

/// One player's round: the unit every pairing, score and tie-break reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RoundEntry {
    /// A game played over the board. `rated == false` for the TRF codes
    /// `W`/`D`/`L` (game lasted less than one move): still a played game for
    /// pairing purposes.
    Game {
        opponent: Tpn,
        colour: Colour,
        outcome: Outcome,
        rated: bool,
    },
    /// A forfeit (TRF `+`/`-`): not a game for repeat avoidance or colours.
    /// `opponent` is `None` for `0000 - +` / `0000 - -`; `colour` is the
    /// scheduled colour when known. A double forfeit is two losses.
    Forfeit {
        opponent: Option<Tpn>,
        colour: Option<Colour>,
        won: bool,
    },
    /// Pairing-allocated bye (TRF `U`).
    PairingBye,
    /// A requested bye (TRF `F`, `H`, `Z`).
    Bye(ByeKind),
    /// Not paired and nothing awarded: an empty round block (e.g. a withdrawn
    /// player, or a late entry's rounds before arrival).
    Absent,
}

impl RoundEntry {
    /// The opponent met or scheduled this round, if any.
    pub fn opponent(&self) -> Option<Tpn> {
        match *self {
            RoundEntry::Game { opponent, .. } => Some(opponent),
            RoundEntry::Forfeit { opponent, .. } => opponent,
            _ => None,
        }
    }

    /// True for a game actually played over the board (C.04.1: only these
    /// count for repeat avoidance and colour history).
    pub fn is_played(&self) -> bool {
        matches!(self, RoundEntry::Game { .. })
    }

    /// The colour played this round, for colour history (played games only).
    pub fn played_colour(&self) -> Option<Colour> {
        match *self {
            RoundEntry::Game { colour, .. } => Some(colour),
            _ => None,
        }
    }

    /// True when the player took part in the pairing of this round: a game,
    /// a forfeit against an opponent, or the PAB.
    pub fn was_paired(&self) -> bool {
        match self {
            RoundEntry::Game { .. } | RoundEntry::PairingBye => true,
            RoundEntry::Forfeit { opponent, .. } => opponent.is_some(),
            _ => false,
        }
    }
}
