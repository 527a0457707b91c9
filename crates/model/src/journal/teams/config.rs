//! How the matches of a team section are played and paired.

use serde::{Deserialize, Serialize};

use crate::points::Points;
use crate::scoring::Scoring;
use crate::team::MatchRules;

/// The matches of a team section: boards, board colours, match points,
/// primary score, colour preferences and PAB value (TRF 192, 320, 352, 362;
/// C.04.6 Art. 1), and whether teams of one family may meet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamConfig {
    pub rules: MatchRules,
    #[serde(default)]
    pub families: FamilyPairings,
}

impl TeamConfig {
    /// Boards per match.
    pub fn boards(&self) -> usize {
        self.rules.boards()
    }

    /// How the boards of a team section score (TRF 162): 1, ½ and 0, a
    /// forfeit 1 and 0, and each player of the team with the pairing-
    /// allocated bye ½ — the game points of a draw on every board (C.04.6
    /// Art. 1.4), so that the players' totals add up to the teams' game
    /// points.
    pub fn board_scoring() -> Scoring {
        Scoring {
            pab: Points::HALF,
            ..Scoring::default()
        }
    }
}

/// Whether two teams of one family (club, family, federation) may be
/// paired (teams.md §4: not part of C.04.6, an absolute rule of the
/// competition when announced; seed 001: never).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FamilyPairings {
    #[default]
    Allowed,
    /// Never, in any round.
    Avoided,
    /// Not in rounds 1 to `n`.
    AvoidedUpTo(u32),
}

impl FamilyPairings {
    /// The rounds (inclusive) in which teams of one family may not meet, in
    /// a section of `rounds` rounds; `None` when they may always meet.
    pub fn rounds(self, rounds: u32) -> Option<(u32, u32)> {
        match self {
            FamilyPairings::Allowed => None,
            FamilyPairings::Avoided => Some((1, rounds)),
            FamilyPairings::AvoidedUpTo(n) => Some((1, n.min(rounds))),
        }
    }
}
