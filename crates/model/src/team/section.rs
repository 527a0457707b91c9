//! What makes a section a team section: the match rules and the records of
//! whole-match forfeits (TRF-2026 330).

use serde::{Deserialize, Serialize};

use super::rules::MatchRules;

/// A team section: teams are the pairing participants and play matches of
/// [`MatchRules::boards`] boards. The players' round entries carry the board
/// games; this holds what they cannot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSection {
    pub rules: MatchRules,
    /// Matches forfeited as a whole (330), in the order recorded.
    #[serde(default)]
    pub forfeited_matches: Vec<ForfeitedMatch>,
}

impl TeamSection {
    /// A section with these rules and no forfeited match.
    pub fn new(rules: MatchRules) -> TeamSection {
        TeamSection {
            rules,
            forfeited_matches: Vec::new(),
        }
    }

    /// The whole-match forfeit of team `team` in `round`, if any.
    pub fn forfeit_of(&self, team: u32, round: u32) -> Option<&ForfeitedMatch> {
        self.forfeited_matches
            .iter()
            .find(|f| f.round == round && (f.first == team || f.second == team))
    }
}

/// A match not played because a team (or both) did not appear (TRF 330
/// `+- rrr www bbb`). The winner scores the match points of a win; game
/// points are those of the board entries (every board `+` for the present
/// team), or every board won when no board is recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitedMatch {
    pub round: u32,
    /// The first team (the "white team": White on board 1 by 352 `W...`).
    pub first: u32,
    pub second: u32,
    pub result: ForfeitResult,
}

/// Who won a forfeited match (330 columns 5-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ForfeitResult {
    /// `+-`: the first team wins.
    FirstWins,
    /// `-+`: the second team wins.
    SecondWins,
    /// `--`: both teams lose.
    Double,
}

impl ForfeitResult {
    /// The TRF spelling.
    pub fn code(self) -> &'static str {
        match self {
            ForfeitResult::FirstWins => "+-",
            ForfeitResult::SecondWins => "-+",
            ForfeitResult::Double => "--",
        }
    }

    /// From the TRF spelling.
    pub fn from_code(s: &str) -> Option<ForfeitResult> {
        match s {
            "+-" => Some(ForfeitResult::FirstWins),
            "-+" => Some(ForfeitResult::SecondWins),
            "--" => Some(ForfeitResult::Double),
            _ => None,
        }
    }
}
