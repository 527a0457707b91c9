//! Scoring systems: points for every kind of round entry (TRF 162, bbp `BB?`).

use serde::{Deserialize, Serialize};

use crate::points::Points;
use crate::round_entry::{ByeKind, Outcome, RoundEntry};

/// Points awarded for each result class. 1-½-0 is the default; 3-1-0 and any
/// other system where these values differ are expressed here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoring {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub forfeit_win: Points,
    pub forfeit_loss: Points,
    /// Pairing-allocated bye.
    pub pab: Points,
    pub full_bye: Points,
    pub half_bye: Points,
    pub zero_bye: Points,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring::with_game_points(Points::ONE, Points::HALF, Points::ZERO)
    }
}

impl Scoring {
    /// A system defined by its win/draw/loss values, the other classes
    /// following TRF26 162: forfeit win, full bye and PAB = win; half bye =
    /// draw; forfeit loss and zero bye = 0.
    pub fn with_game_points(win: Points, draw: Points, loss: Points) -> Scoring {
        Scoring {
            win,
            draw,
            loss,
            forfeit_win: win,
            forfeit_loss: Points::ZERO,
            pab: win,
            full_bye: win,
            half_bye: draw,
            zero_bye: Points::ZERO,
        }
    }

    /// Points for one game outcome over the board.
    pub fn game(&self, outcome: Outcome) -> Points {
        match outcome {
            Outcome::Win => self.win,
            Outcome::Draw => self.draw,
            Outcome::Loss => self.loss,
        }
    }

    /// Points for one round entry.
    pub fn points(&self, entry: &RoundEntry) -> Points {
        match *entry {
            RoundEntry::Game { outcome, .. } => self.game(outcome),
            RoundEntry::Forfeit { won: true, .. } => self.forfeit_win,
            RoundEntry::Forfeit { won: false, .. } => self.forfeit_loss,
            RoundEntry::PairingBye => self.pab,
            RoundEntry::Bye(ByeKind::Full) => self.full_bye,
            RoundEntry::Bye(ByeKind::Half) => self.half_bye,
            RoundEntry::Bye(ByeKind::Zero) | RoundEntry::Absent => self.zero_bye,
        }
    }

    /// True for the FIDE default 1-½-0 system with default byes.
    pub fn is_default(&self) -> bool {
        *self == Scoring::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Colour;

    #[test]
    fn three_one_zero() {
        let s = Scoring::with_game_points(Points::from_whole(3), Points::ONE, Points::ZERO);
        let win = RoundEntry::Game {
            opponent: 2,
            colour: Colour::White,
            outcome: Outcome::Win,
            rated: true,
        };
        assert_eq!(s.points(&win), Points(30));
        assert_eq!(s.points(&RoundEntry::PairingBye), Points(30));
        assert_eq!(s.points(&RoundEntry::Bye(ByeKind::Half)), Points(10));
        assert_eq!(s.points(&RoundEntry::Absent), Points(0));
    }
}
