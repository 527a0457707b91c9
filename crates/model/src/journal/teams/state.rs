//! The folded state of a team section: its teams, and the matches of each
//! paired round.

use std::collections::{BTreeMap, BTreeSet};

use crate::journal::{GameResult, PlayerId};
use crate::player::Colour;
use crate::points::Points;
use crate::scoring::Scoring;
use crate::team::{BoardColours, ForfeitResult};

/// A team's event-wide registration number (1, 2, 3 … in registration
/// order); its pairing number is given by the ranking (`ranking`).
pub type TeamId = u32;

/// A registered team and what the arbiter decided about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRegistration {
    pub id: TeamId,
    pub section: String,
    pub name: String,
    /// Club, family or federation (teams of one family may be kept apart).
    pub family: Option<String>,
    /// The roster in board order: the first `boards` members, then the
    /// reserves.
    pub members: Vec<PlayerId>,
    pub captain: Option<PlayerId>,
    /// Labels that fee rules test (`second`, `local`), in lower case.
    pub tags: Vec<String>,
    /// Not paired from this round on.
    pub withdrawn_from: Option<u32>,
    /// Rounds in which the team is not paired.
    pub absent: BTreeSet<u32>,
    /// Line-ups announced for rounds not paired yet.
    pub lineups: BTreeMap<u32, Vec<PlayerId>>,
}

impl TeamRegistration {
    /// True when the team is to be paired in `round` (not absent, not
    /// withdrawn).
    pub fn plays_in(&self, round: u32) -> bool {
        !self.absent.contains(&round) && self.withdrawn_from.is_none_or(|r| round < r)
    }
}

/// One board of a match: the two players (a seat is empty when a team
/// lines up fewer players than boards: it loses that board by forfeit) and
/// the result entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchBoard {
    pub white: Option<PlayerId>,
    pub black: Option<PlayerId>,
    /// The first team's player has White on this board.
    pub first_is_white: bool,
    /// The result as entered (boards with both seats taken).
    pub result: Option<GameResult>,
}

impl MatchBoard {
    /// The result in force, from White's side: a whole-match forfeit
    /// decides every board (the winner's players win by forfeit, both lose
    /// in a double forfeit); a board with one seat empty is won by forfeit
    /// by the player seated; otherwise the result entered.
    pub fn result_in_force(&self, forfeit: Option<ForfeitResult>) -> Option<GameResult> {
        if let Some(f) = forfeit {
            let first_wins = f == ForfeitResult::FirstWins;
            let second_wins = f == ForfeitResult::SecondWins;
            let white_wins = if self.first_is_white {
                first_wins
            } else {
                second_wins
            };
            let black_wins = if self.first_is_white {
                second_wins
            } else {
                first_wins
            };
            return Some(match (white_wins, black_wins) {
                (true, _) => GameResult::WhiteForfeitWin,
                (_, true) => GameResult::BlackForfeitWin,
                _ => GameResult::DoubleForfeit,
            });
        }
        match (self.white, self.black) {
            (Some(_), Some(_)) => self.result,
            (Some(_), None) => Some(GameResult::WhiteForfeitWin),
            (None, _) => Some(GameResult::BlackForfeitWin),
        }
    }

    /// True when both seats are taken and no result is in force yet.
    pub fn needs_result(&self, forfeit: Option<ForfeitResult>) -> bool {
        self.result_in_force(forfeit).is_none()
    }

    /// True when a game was played over the board (C.04.6 Art. 1.6.1).
    pub fn played(&self, forfeit: Option<ForfeitResult>) -> bool {
        matches!(
            self.result_in_force(forfeit),
            Some(GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins)
        )
    }

    /// The points of White and Black on this board (forfeits at the
    /// scoring's forfeit values; an empty seat scores nothing); `None`
    /// before a result is in force.
    pub fn points(
        &self,
        forfeit: Option<ForfeitResult>,
        scoring: &Scoring,
    ) -> Option<(Points, Points)> {
        let result = self.result_in_force(forfeit)?;
        let (w, b) = match result {
            GameResult::WhiteWins => (scoring.win, scoring.loss),
            GameResult::Draw => (scoring.draw, scoring.draw),
            GameResult::BlackWins => (scoring.loss, scoring.win),
            GameResult::WhiteForfeitWin => (scoring.forfeit_win, scoring.forfeit_loss),
            GameResult::BlackForfeitWin => (scoring.forfeit_loss, scoring.forfeit_win),
            GameResult::DoubleForfeit => (scoring.forfeit_loss, scoring.forfeit_loss),
        };
        let seat = |p: Option<PlayerId>, v: Points| if p.is_some() { v } else { Points::ZERO };
        Some((seat(self.white, w), seat(self.black, b)))
    }
}

/// A match of a paired round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRecord {
    /// The team whose board colours are those of the sequence (TRF 352).
    pub first: TeamId,
    pub second: TeamId,
    /// `boards[b - 1]` is board `b`, made from the two line-ups.
    pub boards: Vec<MatchBoard>,
    /// Forfeited as a whole (TRF 330).
    pub forfeit: Option<ForfeitResult>,
}

impl MatchRecord {
    /// The boards of a match between the line-ups `first` and `second`
    /// (board `b` holds the `b`-th player of each; the first team has the
    /// colours of `colours` on every board).
    pub fn boards_of(
        first: &[PlayerId],
        second: &[PlayerId],
        colours: &BoardColours,
    ) -> Vec<MatchBoard> {
        (0..first.len().max(second.len()))
            .map(|i| {
                let (f, s) = (first.get(i).copied(), second.get(i).copied());
                let first_is_white = colours.first_team(i + 1) != Some(Colour::Black);
                let (white, black) = if first_is_white { (f, s) } else { (s, f) };
                MatchBoard {
                    white,
                    black,
                    first_is_white,
                    result: None,
                }
            })
            .collect()
    }

    /// True when `team` plays this match.
    pub fn has(&self, team: TeamId) -> bool {
        self.first == team || self.second == team
    }

    /// Boards still waiting for a result.
    pub fn missing_results(&self) -> usize {
        self.boards
            .iter()
            .filter(|b| b.needs_result(self.forfeit))
            .count()
    }

    /// True when at least one game was played over the board: only then
    /// have the teams met (C.04.6 Art. 1.6.1, C1).
    pub fn played(&self) -> bool {
        self.boards.iter().any(|b| b.played(self.forfeit))
    }

    /// Game points of the first and of the second team so far (boards
    /// without a result count nothing).
    pub fn game_points(&self, scoring: &Scoring) -> (Points, Points) {
        self.boards
            .iter()
            .filter_map(|b| Some((b, b.points(self.forfeit, scoring)?)))
            .fold((Points::ZERO, Points::ZERO), |(f, s), (b, (w, bl))| {
                if b.first_is_white {
                    (f + w, s + bl)
                } else {
                    (f + bl, s + w)
                }
            })
    }
}

/// A paired round of a team section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRound {
    /// Match `n` is `matches[n - 1]`, in the engine's order.
    pub matches: Vec<MatchRecord>,
    /// The team with the pairing-allocated bye.
    pub bye: Option<TeamId>,
    /// The line-up of every team paired (the bye team's players receive
    /// the PAB).
    pub lineups: BTreeMap<TeamId, Vec<PlayerId>>,
}

impl MatchRound {
    /// Boards still waiting for a result.
    pub fn missing_results(&self) -> usize {
        self.matches.iter().map(MatchRecord::missing_results).sum()
    }

    /// True when `player` is lined up (on a board or for the bye).
    pub fn is_lined_up(&self, player: PlayerId) -> bool {
        self.lineups.values().any(|l| l.contains(&player))
    }

    /// The match of `team` and its number (1-based).
    pub fn match_of(&self, team: TeamId) -> Option<(u32, &MatchRecord)> {
        self.matches
            .iter()
            .enumerate()
            .find(|(_, m)| m.has(team))
            .map(|(i, m)| (i as u32 + 1, m))
    }

    /// True when `team` has a match or the bye.
    pub fn is_paired(&self, team: TeamId) -> bool {
        self.bye == Some(team) || self.match_of(team).is_some()
    }
}
