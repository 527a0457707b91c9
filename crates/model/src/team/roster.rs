//! A team: its pairing number, name, family and ordered roster (teams.md §1;
//! TRF16 013, TRF-2026 310).

use serde::{Deserialize, Serialize};

use crate::player::Tpn;
use crate::points::Points;

/// A team. In a team section it is the pairing participant; in an
/// individual event it groups players for the team classification.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    /// Team pairing number (TRF 310 columns 5-7), when the file gives one.
    pub number: Option<u32>,
    pub name: String,
    /// The roster in board order (players' TPNs). In a team section with `k`
    /// boards the members after the first `k` are the reserves; a line-up is
    /// an order-preserving subsequence of the roster (teams.md §1).
    pub members: Vec<Tpn>,
    /// The club, family or federation the team belongs to: teams of one
    /// family may be kept apart (forbidden pairs) and limited in number.
    #[serde(default)]
    pub family: Option<String>,
    /// The captain, when one is named (a member or not).
    #[serde(default)]
    pub captain: Option<Tpn>,
    /// Short name (310 columns 42-46).
    #[serde(default)]
    pub nickname: Option<String>,
    /// Strength factor as written (310 columns 48-53; the reference writes
    /// the average rating of the first boards).
    #[serde(default)]
    pub strength: Option<String>,
    /// Totals written in the file (310 columns 55-60, 62-67, 69-71); the
    /// writer writes these, [`crate::team::TeamMatches::totals`] computes them.
    #[serde(default)]
    pub reported_match_points: Option<Points>,
    #[serde(default)]
    pub reported_game_points: Option<Points>,
    #[serde(default)]
    pub reported_rank: Option<u32>,
}

impl Team {
    /// A team with a name and a roster, nothing else.
    pub fn new(number: Option<u32>, name: impl Into<String>, members: Vec<Tpn>) -> Team {
        Team {
            number,
            name: name.into(),
            members,
            ..Team::default()
        }
    }

    /// The members after the first `boards`: the reserves.
    pub fn reserves(&self, boards: usize) -> &[Tpn] {
        self.members.get(boards..).unwrap_or_default()
    }

    /// The 1-based roster position of `player`.
    pub fn position(&self, player: Tpn) -> Option<usize> {
        self.members
            .iter()
            .position(|&m| m == player)
            .map(|i| i + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reserves_follow_the_boards() {
        let t = Team::new(Some(1), "Lions", vec![4, 5, 6]);
        assert_eq!(t.reserves(2), &[6]);
        assert!(t.reserves(4).is_empty());
        assert_eq!(t.position(5), Some(2));
        assert_eq!(t.position(9), None);
    }
}
