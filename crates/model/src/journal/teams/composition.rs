//! The teams of an individual-team event (seed 004: "a team is 3 men + 1
//! woman"): an individual section whose players name their team in their
//! `team` field and whose configuration has a composition rule. A team
//! forms as its players register, so registration refuses what more
//! players cannot mend (a fourth man); the whole rule is checked before
//! every pairing.

use std::collections::BTreeMap;

use crate::journal::PlayerId;
use crate::journal::error::JournalError;
use crate::journal::section::Section;
use crate::journal::state::EventState;
use crate::player::Player;
use crate::team::Team;

/// The team of `id` (being registered or updated as `player`) still fits
/// the section's rule.
pub(in crate::journal) fn check_player_team(
    state: &EventState,
    section: &Section,
    id: PlayerId,
    player: &Player,
) -> Result<(), JournalError> {
    let Some(rule) = section.config.composition.as_ref() else {
        return Ok(());
    };
    let Some(name) = player
        .team
        .as_deref()
        .filter(|_| !section.config.is_team_section())
    else {
        return Ok(());
    };
    let mut members: Vec<PlayerId> = state
        .players_of(&section.code)
        .filter(|r| r.id != id && r.player.team.as_deref() == Some(name))
        .map(|r| r.id)
        .collect();
    members.push(id);
    let team = Team::new(None, name, members);
    let lookup = |m: PlayerId| {
        if m == id {
            Some(player)
        } else {
            state.players.get(&m).map(|r| &r.player)
        }
    };
    rule.check_growing(&team, lookup)
        .map_err(|reason| JournalError::Composition {
            reason,
            rule: rule.to_string(),
        })
}

impl EventState {
    /// Why a team of the individual section `section` breaks the section's
    /// composition rule, if one does (checked before every pairing, so a
    /// pairing never fails for a team the rule refuses).
    pub fn check_teams(&self, section: &Section) -> Result<(), JournalError> {
        check_section_teams(self, section)
    }
}

/// Every team of an individual section meets its rule (before a pairing).
pub(in crate::journal) fn check_section_teams(
    state: &EventState,
    section: &Section,
) -> Result<(), JournalError> {
    let Some(rule) = section.config.composition.as_ref() else {
        return Ok(());
    };
    let mut teams: BTreeMap<&str, Vec<PlayerId>> = BTreeMap::new();
    for r in state.players_of(&section.code) {
        if let Some(name) = r.player.team.as_deref() {
            teams.entry(name).or_default().push(r.id);
        }
    }
    for (name, members) in teams {
        rule.check(&Team::new(None, name, members), &[], |m| {
            state.players.get(&m).map(|r| &r.player)
        })
        .map_err(|reason| JournalError::Composition {
            reason,
            rule: rule.to_string(),
        })?;
    }
    Ok(())
}
