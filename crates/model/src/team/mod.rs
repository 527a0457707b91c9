//! Team sections (teams.md; C.04.6, C.07 Art. 11-13): teams and their
//! rosters, the rules of a match (boards, board colours, match points,
//! primary score, PAB value, colour preferences), the derived view of the
//! matches that team tie-breaks and the team Swiss read, and composition
//! rules checked at registration.
//!
//! A team section is a [`crate::Tournament`] whose `team_section` is set:
//! its `teams` (with pairing numbers) are the participants, its `entrants`
//! the players, whose round entries hold the board games. Forbidden pairs
//! (`Tournament::forbidden`) and announced byes name team numbers there.

pub mod composition;
pub mod matches;
pub mod roster;
pub mod rules;
pub mod section;

pub use composition::{CompositionError, CompositionRule, SexLimit};
pub use matches::{
    Board, MatchSide, RoundKind, TeamMatchError, TeamMatches, TeamRecord, TeamRound, TeamTotals,
};
pub use roster::Team;
pub use rules::{
    BoardColours, BoardColoursError, ColourPreferences, MatchPoints, MatchRules, TeamPab,
    TeamScore, TeamSystem, TeamSystemError,
};
pub use section::{ForfeitResult, ForfeitedMatch, TeamSection};
