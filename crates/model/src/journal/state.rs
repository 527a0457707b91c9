//! The folded state of an event: sections, players, and what the rules ask
//! of them (forbidden pairs, past meetings, byes).

use std::collections::BTreeMap;

use super::PlayerId;
use super::awards::AwardsState;
use super::error::JournalError;
use super::registration::RegistrationState;
use super::section::{Registration, Section};
use super::teams::{TeamId, TeamRegistration};
use crate::round_entry::ByeKind;
use crate::tournament::EventInfo;

/// The folded state of an event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventState {
    pub info: Option<EventInfo>,
    pub sections: Vec<Section>,
    pub players: BTreeMap<PlayerId, Registration>,
    /// The teams of team sections, by id.
    pub teams: BTreeMap<TeamId, TeamRegistration>,
    /// The registration form and its entries.
    pub registration: RegistrationState,
    /// Prize plans, fees and payments.
    pub awards: AwardsState,
    /// Who holds each FIDE id (no duplicate registration).
    pub(super) fide_ids: BTreeMap<u64, PlayerId>,
}

impl EventState {
    /// The section `code`, or the first section when `code` is `None`.
    pub fn section(&self, code: Option<&str>) -> Result<&Section, JournalError> {
        match code {
            Some(c) => self
                .sections
                .iter()
                .find(|s| s.code == c)
                .ok_or_else(|| JournalError::UnknownSection(c.to_string())),
            None => self
                .sections
                .first()
                .ok_or_else(|| JournalError::Invalid("the event has no section".into())),
        }
    }

    pub(super) fn section_mut(&mut self, code: &str) -> Result<&mut Section, JournalError> {
        self.sections
            .iter_mut()
            .find(|s| s.code == code)
            .ok_or_else(|| JournalError::UnknownSection(code.to_string()))
    }

    /// The registration of player `id`.
    pub fn player(&self, id: PlayerId) -> Result<&Registration, JournalError> {
        self.players.get(&id).ok_or(JournalError::UnknownPlayer(id))
    }

    /// The registration of team `id`.
    pub fn team(&self, id: TeamId) -> Result<&TeamRegistration, JournalError> {
        self.teams.get(&id).ok_or(JournalError::UnknownTeam(id))
    }

    /// The id the next registered team gets.
    pub fn next_team_id(&self) -> TeamId {
        self.teams.keys().next_back().map_or(1, |id| id + 1)
    }

    /// Teams of section `code`, by id.
    pub fn teams_of<'a>(&'a self, code: &'a str) -> impl Iterator<Item = &'a TeamRegistration> {
        self.teams.values().filter(move |t| t.section == code)
    }

    /// The id the next registered player gets.
    pub fn next_player_id(&self) -> PlayerId {
        self.players.keys().next_back().map_or(1, |id| id + 1)
    }

    /// Players of section `code`, by id.
    pub fn players_of<'a>(&'a self, code: &'a str) -> impl Iterator<Item = &'a Registration> {
        self.players.values().filter(move |r| r.section == code)
    }

    /// Players of `section` who are not to be paired in `round`, and why.
    pub fn not_paired_in(&self, section: &Section, round: u32) -> BTreeMap<PlayerId, ByeKind> {
        self.players_of(&section.code)
            .filter_map(|r| {
                if let Some(kind) = r.byes.get(&round) {
                    Some((r.id, *kind))
                } else if r.withdrawn_in(round) || r.unpaired_forfeits.contains_key(&round) {
                    Some((r.id, ByeKind::Zero))
                } else {
                    None
                }
            })
            .collect()
    }

    /// True when `a` and `b` may not meet in `section` (forbidden pair or
    /// team-mates under `--avoid-team-pairings`).
    pub fn is_forbidden(&self, section: &Section, a: PlayerId, b: PlayerId) -> bool {
        let listed = section
            .forbidden
            .iter()
            .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a));
        let team_mates = section.config.avoid_team_pairings
            && matches!(
                (self.players.get(&a), self.players.get(&b)),
                (Some(x), Some(y)) if x.player.team.is_some() && x.player.team == y.player.team
            );
        listed || team_mates
    }
}
