//! Team pairing numbers (C.04.6 Art. 1.1: fixed by the competition, stable
//! except for late entries) and the players' numbers in a team section.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use super::state::{TeamId, TeamRegistration};
use crate::journal::section::Section;
use crate::journal::state::EventState;
use crate::journal::{PlayerId, initial_ranking_cmp};

impl EventState {
    /// The team order in force (`order[t - 1]` has team pairing number
    /// `t`): before round 1 the ranking — average FIDE rating of the first
    /// boards of the roster (unrated 0) descending, then the name, then the
    /// id; from round 1 on the order of the latest pairing, late teams
    /// inserted at their place by that ranking.
    pub fn team_order(&self, section: &Section) -> Vec<TeamId> {
        let boards = section.config.team.as_ref().map_or(1, |t| t.boards());
        let cmp = |a: &TeamRegistration, b: &TeamRegistration| self.team_ranking_cmp(a, b, boards);
        let mut teams: Vec<&TeamRegistration> = self.teams_of(&section.code).collect();
        if section.team_order.is_empty() {
            teams.sort_by(|a, b| cmp(a, b));
            return teams.iter().map(|t| t.id).collect();
        }
        let mut order: Vec<TeamId> = section
            .team_order
            .iter()
            .copied()
            .filter(|id| self.teams.contains_key(id))
            .collect();
        let known: BTreeSet<TeamId> = order.iter().copied().collect();
        for late in teams.iter().filter(|t| !known.contains(&t.id)) {
            let at = order
                .iter()
                .position(|id| cmp(late, &self.teams[id]).is_lt())
                .unwrap_or(order.len());
            order.insert(at, late.id);
        }
        order
    }

    /// The first boards' average rating descending (compared exactly, as
    /// sums over counts), then name, then id.
    fn team_ranking_cmp(
        &self,
        a: &TeamRegistration,
        b: &TeamRegistration,
        boards: usize,
    ) -> Ordering {
        let strength = |t: &TeamRegistration| {
            let top = &t.members[..t.members.len().min(boards)];
            let sum: u64 = top
                .iter()
                .filter_map(|m| self.players.get(m))
                .map(|r| u64::from(r.player.rating()))
                .sum();
            (sum, top.len().max(1) as u64)
        };
        let ((sa, na), (sb, nb)) = (strength(a), strength(b));
        (sb * na)
            .cmp(&(sa * nb))
            .then_with(|| a.name.cmp(&b.name))
            .then(a.id.cmp(&b.id))
    }

    /// The players of a team section in pairing-number order: team by team
    /// in `team_order`, each roster in board order, then the players on no
    /// team by the initial ranking.
    pub fn team_player_order(&self, section: &Section, team_order: &[TeamId]) -> Vec<PlayerId> {
        let mut order: Vec<PlayerId> = team_order
            .iter()
            .filter_map(|id| self.teams.get(id))
            .flat_map(|t| t.members.iter().copied())
            .collect();
        let on_teams: BTreeSet<PlayerId> = order.iter().copied().collect();
        let mut others: Vec<_> = self
            .players_of(&section.code)
            .filter(|r| !on_teams.contains(&r.id))
            .collect();
        others.sort_by(|a, b| initial_ranking_cmp(&a.player, &b.player).then(a.id.cmp(&b.id)));
        order.extend(others.iter().map(|r| r.id));
        order
    }
}
