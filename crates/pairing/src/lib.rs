//! Pairing systems behind one trait: the FIDE Dutch system, Italo-Swiss,
//! round robin, and the FIDE Swiss Team Pairing System. Pure: no I/O.

pub mod acceleration;
pub mod checker;
pub mod dutch;
pub mod generator;
pub mod italo_swiss;
pub mod matching;
pub mod registry;
pub mod round_input;
pub mod round_robin;
pub mod team_event;
pub mod team_swiss;

use arbiter_model::{Tournament, Tpn};

/// One board of a round: who has White and who has Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub white: Tpn,
    pub black: Tpn,
}

/// The pairing of one round: boards in board order and the
/// pairing-allocated bye (PAB), if any.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    pub boards: Vec<Board>,
    pub bye: Option<Tpn>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria (engine exit code 1).
    #[error("no valid pairing exists for round {round}")]
    NoValidPairing { round: u32 },
    /// The tournament state cannot be paired as given (engine exit code 3),
    /// e.g. the total number of rounds or the initial colour is unknown.
    #[error("{0}")]
    InvalidInput(String),
}

/// Told `(round, rounds)` before each round of a long command (the
/// generator, the checker) is paired; the caller decides whether to show it.
pub type Progress<'a> = &'a mut dyn FnMut(u32, u32);

/// A pairing system.
///
/// Input: the tournament state before round `round` — every entrant's entries
/// for rounds `1..round`, plus, in round `round`, the entries of players who
/// are *not* to be paired (requested byes `F`/`H`/`Z` and absences). Every
/// other entrant is paired.
pub trait PairingSystem {
    /// Short name, as used on the command line (`dutch`, `italo-swiss`, ...).
    fn name(&self) -> &'static str;

    /// Pairs round `round`.
    fn pair(&self, tournament: &Tournament, round: u32) -> Result<Pairing, PairingError>;
}
