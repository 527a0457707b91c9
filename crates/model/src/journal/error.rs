//! Why an entry is refused.

use super::PlayerId;
use super::teams::TeamId;
use crate::team::CompositionError;

/// Why an action is refused. Every message names what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    #[error("the journal must start with the creation of the event")]
    NotCreated,
    #[error("the event already exists")]
    AlreadyCreated,
    #[error("no section '{0}' in this event")]
    UnknownSection(String),
    #[error("section '{0}' already exists")]
    DuplicateSection(String),
    #[error("no player with id {0} in this event")]
    UnknownPlayer(PlayerId),
    #[error("no registration number {0} in this event")]
    UnknownRegistration(u32),
    #[error("player id {0} is already taken")]
    DuplicateId(PlayerId),
    #[error("FIDE id {fide_id} is already registered (player {existing}, {name})")]
    DuplicateFideId {
        fide_id: u64,
        existing: PlayerId,
        name: String,
    },
    #[error("round {round} does not exist: section '{section}' has {rounds} rounds")]
    RoundOutOfRange {
        section: String,
        round: u32,
        rounds: u32,
    },
    #[error("round {round} is already paired; {detail}")]
    RoundAlreadyPaired { round: u32, detail: String },
    #[error("round {round} is not paired yet")]
    RoundNotPaired { round: u32 },
    #[error("round {round} cannot be paired: {missing} result(s) of round {previous} are missing")]
    ResultsMissing {
        round: u32,
        previous: u32,
        missing: usize,
    },
    #[error("round {round} has no board {board} (boards 1-{boards})")]
    UnknownBoard { round: u32, board: u32, boards: u32 },
    #[error("board {board} of round {round} is the pairing-allocated bye: it has no result")]
    ResultForBye { round: u32, board: u32 },
    #[error("players {a} and {b} may not be paired (forbidden pair)")]
    ForbiddenPair { a: PlayerId, b: PlayerId },
    #[error("players {a} and {b} have already played each other")]
    Rematch { a: PlayerId, b: PlayerId },
    #[error("player {id} may not receive the pairing-allocated bye: {reason}")]
    PabRefused { id: PlayerId, reason: String },
    #[error("no team with id {0} in this event")]
    UnknownTeam(TeamId),
    #[error("round {round} has no match {number} (matches 1-{matches})")]
    UnknownMatch {
        round: u32,
        number: u32,
        matches: u32,
    },
    #[error("match {number} of round {round} has no board {board} (boards 1-{boards})")]
    UnknownMatchBoard {
        round: u32,
        number: u32,
        board: u32,
        boards: u32,
    },
    #[error("{reason} (team rule: {rule})")]
    Composition {
        reason: CompositionError,
        /// The whole rule, as regulations state it (`3 men + 1 woman`).
        rule: String,
    },
    #[error("teams {a} and {b} may not be paired: both are of family '{family}'")]
    FamilyPair {
        a: TeamId,
        b: TeamId,
        family: String,
    },
    #[error("teams {a} and {b} have already played a match (C.04.6 C1)")]
    TeamRematch { a: TeamId, b: TeamId },
    #[error("team {team} may not receive the pairing-allocated bye: {reason} (C.04.6 C2)")]
    TeamPabRefused { team: TeamId, reason: String },
    #[error("{0}")]
    Invalid(String),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("undo must cancel entry {expected}, the latest in force, not entry {got}")]
    UndoOutOfOrder { expected: u64, got: u64 },
}

impl JournalError {
    /// True for a broken absolute criterion (forbidden pair, rematch, PAB
    /// rule): the only refusals an arbiter's logged override lifts.
    pub fn is_overridable(&self) -> bool {
        matches!(
            self,
            JournalError::ForbiddenPair { .. }
                | JournalError::Rematch { .. }
                | JournalError::PabRefused { .. }
        )
    }
}
