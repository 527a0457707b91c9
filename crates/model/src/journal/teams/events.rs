//! The entries of a team section: one action of the arbiter each.

use serde::{Deserialize, Serialize};

use super::state::TeamId;
use crate::journal::{GameResult, PlayerId};
use crate::team::ForfeitResult;
use crate::tournament::Tournament;

/// A match of a paired round: `first` is the team whose board colours are
/// those of the section's sequence (TRF 352; with `WB…`, White on board 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamPair {
    pub first: TeamId,
    pub second: TeamId,
}

/// The players a team puts on boards 1, 2, … of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lineup {
    pub team: TeamId,
    pub players: Vec<PlayerId>,
}

/// A round of matches paired by the engine, with everything it was given:
/// the team order (`team_order[t - 1]` had team pairing number `t`), its
/// input, and the line-up of every team paired.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairedRound {
    pub section: String,
    pub round: u32,
    /// Engine flag (`team-swiss`).
    pub system: String,
    /// Program and version that computed the pairing.
    pub engine: String,
    pub team_order: Vec<TeamId>,
    /// The exact state handed to the engine (for audit and replay).
    pub input: Box<Tournament>,
    pub matches: Vec<TeamPair>,
    /// The pairing-allocated bye (C.04.6 Art. 1.4).
    pub bye: Option<TeamId>,
    pub lineups: Vec<Lineup>,
    /// The matches break an absolute criterion (C.04.6 C1, C2, teams of
    /// one family apart) and are kept as history: the rounds of a TRF
    /// import made by another program. The log shows it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub override_rules: bool,
}

/// One action of the arbiter in a team section, stored as
/// [`Event::Team`](crate::journal::Event::Team) (`{"type": "team",
/// "entry": "registered", …}`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum TeamEvent {
    /// A team of a team section with its roster in board order (the first
    /// `boards` members, then the reserves).
    Registered {
        id: TeamId,
        section: String,
        name: String,
        family: Option<String>,
        members: Vec<PlayerId>,
        captain: Option<PlayerId>,
        /// Labels that fee rules and prizes test (`second`, `local`), in
        /// lower case.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        tags: Vec<String>,
    },
    /// The players of `team` on boards 1, 2, … of `round`: announced for a
    /// round not paired yet, or changed in the latest round while its match
    /// has no result.
    LineupSet {
        team: TeamId,
        round: u32,
        players: Vec<PlayerId>,
    },
    /// The team's labels for fee rules and prizes become `tags` (lower
    /// case; the whole list, replacing the registered one).
    Retagged { team: TeamId, tags: Vec<String> },
    /// The team is not paired in `round` (an absent team, TRF 240 `Z`).
    Absent { team: TeamId, round: u32 },
    /// The team is not paired from `from_round` on.
    Withdrawn { team: TeamId, from_round: u32 },
    /// A round of matches paired by the engine.
    MatchesPaired(PairedRound),
    /// The result of board `board` of match `number` (both 1-based).
    BoardResult {
        section: String,
        round: u32,
        number: u32,
        board: u32,
        result: GameResult,
    },
    /// Match `number` is forfeited as a whole (a team did not appear; TRF
    /// 330): every board is won by forfeit by the winner's players.
    MatchForfeited {
        section: String,
        round: u32,
        number: u32,
        result: ForfeitResult,
    },
}

impl TeamEvent {
    /// The entry's name as stored, after `team_`.
    pub fn kind(&self) -> &'static str {
        match self {
            TeamEvent::Registered { .. } => "team_registered",
            TeamEvent::LineupSet { .. } => "team_lineup_set",
            TeamEvent::Retagged { .. } => "team_retagged",
            TeamEvent::Absent { .. } => "team_absent",
            TeamEvent::Withdrawn { .. } => "team_withdrawn",
            TeamEvent::MatchesPaired { .. } => "team_matches_paired",
            TeamEvent::BoardResult { .. } => "team_board_result",
            TeamEvent::MatchForfeited { .. } => "team_match_forfeited",
        }
    }
}
