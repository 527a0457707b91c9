//! What the Swiss Team Pairing System reads to pair one round: per team its
//! scores, the matches it actually played, whether it may still receive the
//! pairing-allocated bye, and whether it floated in the previous round; per
//! round the competition's choices (C.04.6 art. 1.2, 1.7), the scheduled
//! number of rounds (the "last two rounds" of \[C7\]/\[C10\] and the last round
//! of type B), the initial colour (art. 4.1) and the forbidden pairs.
//!
//! [`super::history`] builds it from the model's match view; unit tests
//! build it directly.

use arbiter_model::team::TeamSystem;
use arbiter_model::{Colour, Points, Tpn};

/// A match a team actually played (art. 1.6.1: at least one game was played
/// over the board): the opponent and the colour of the team's board-1 player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMatch {
    pub opponent: Tpn,
    pub colour: Colour,
}

/// One team as the pairing of the next round sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamHistory {
    /// Team pairing number (art. 1.1): fixed, absent teams keep theirs.
    pub tpn: Tpn,
    /// The team is to be paired in this round (not absent, not withdrawn).
    pub to_pair: bool,
    /// Art. 1.2: the primary score, which forms the scoregroups.
    pub primary: Points,
    /// Art. 1.2: the other score (used only by art. 4.2.2).
    pub secondary: Points,
    /// Matches actually played, oldest first (GHR 3.4: unplayed rounds are
    /// left out). Their opponents are the ones \[C1\] forbids (GHR 3.5: teams
    /// that did not play their match may meet again); their number is the
    /// "matches played" of art. 3.4.3 and 4.3.1.
    pub played: Vec<PlayedMatch>,
    /// \[C2\] art. 2.1.2: the team already had a pairing-allocated bye, won a
    /// match by forfeit or had a full-point bye.
    pub bye_barred: bool,
    /// Art. 1.5 in the previous round: the team played a match against an
    /// opponent with a different score (read by \[C7\] and \[C10\]).
    pub floated_last_round: bool,
}

/// The pairing problem of one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRound {
    /// The round to pair (1-based).
    pub round: u32,
    /// The scheduled number of rounds (C.04.1 art. 1; TRF `142`).
    pub total_rounds: u32,
    /// Art. 4.1: the colour drawn by lot (TRF `152`); needed only when two
    /// teams that have yet to play a match meet (art. 4.3.1).
    pub initial_colour: Option<Colour>,
    /// The competition's choices (TRF `192`): the colour preferences
    /// (art. 1.7) and whether the secondary score is used for colours
    /// (art. 1.2.1, 4.2.2). The scores themselves are given per team.
    pub system: TeamSystem,
    /// Every team of the section, present or not.
    pub teams: Vec<TeamHistory>,
    /// Pairs of teams that must not meet in this round (teams of one family,
    /// TRF `260`): absolute, like \[C1\].
    pub forbidden: Vec<(Tpn, Tpn)>,
}
