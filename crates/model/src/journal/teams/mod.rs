//! Team sections in the journal (teams.md; C.04.6; issue 11): teams are
//! registered with an ordered roster of the section's players, each round
//! pairs matches of teams with the Swiss Team Pairing System, every team
//! lines up players on the boards of its match, and board results make the
//! match result. Also the composition rule of an individual-team event
//! (seed 004: the players' `team` field, 3 men + 1 woman).
//!
//! A team section is a [`Section`](super::Section) whose configuration has
//! a [`TeamConfig`]; its paired rounds carry a [`MatchRound`] instead of
//! boards of individuals. Teams have an event-wide *id* (registration
//! order, what commands take) and a pairing number (TPN, C.04.6 Art. 1.1:
//! the competition fixes it — here the average FIDE rating of the first
//! boards of the roster, then the name; fixed from round 1, late teams
//! inserted at their place). Players of a team section are numbered team by
//! team in roster order, so a TRF 310 roster reads in board order.
//!
//! # Files
//! `config` how a team section is run; `events` the entries; `state` the
//! teams and the matches of a round; `apply` their validation and fold;
//! `lineup` the line-ups (roster order, reserves, the default); `criteria`
//! the absolute criteria of a round of matches (C.04.6 C1, C2, teams of one
//! family); `ranking` the team pairing numbers; `view` the section as a
//! team [`Tournament`](crate::Tournament); `composition` the teams of an
//! individual-team event.

mod apply;
mod composition;
mod config;
mod criteria;
mod events;
mod lineup;
mod ranking;
mod state;
mod view;

pub(super) use apply::{apply, check_config, check_reconfigured, refuse_in_team_section};
pub(super) use composition::{check_player_team, check_section_teams};
pub use config::{FamilyPairings, TeamConfig};
pub use events::{Lineup, PairedRound, TeamEvent, TeamPair};
pub use state::{MatchBoard, MatchRecord, MatchRound, TeamId, TeamRegistration};

/// The most members a team's roster holds: a TRF-2026 310 record has room
/// for 14 (the 14th at columns 139-142).
pub const MAX_ROSTER: usize = 14;

#[cfg(test)]
mod tests;
