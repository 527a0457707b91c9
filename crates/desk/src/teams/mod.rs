//! Team sections at the desk (issue 11): registering teams with their
//! rosters, line-ups, absences, pairing rounds of matches with the Swiss
//! Team Pairing System, board results and whole-match forfeits; queries of
//! the teams, the matches of a round board by board, the crosstable of
//! matches and the results by board. Team standings and the TRF-2026 team
//! export are the section's standings and export (`reports`, `export`),
//! which read a team section as a team tournament; `import` builds a team
//! section's event from a TRF-2026 team file (`import trf`).

mod commands;
pub(crate) mod describe;
pub(crate) mod export;
pub(crate) mod import;
mod pairing;
mod views;

pub(crate) use views::TeamNumbering;

pub use commands::{
    BoardResultRecorded, LineupSet, MatchForfeit, TeamAdded, TeamOut, TeamRetagged,
};
pub use views::{
    BoardResultRow, BoardResults, MatchBoardView, MatchCrosstable, MatchRoundView, MatchSide,
    MatchView, TeamAbsence, TeamList, TeamRef, TeamRow,
};
