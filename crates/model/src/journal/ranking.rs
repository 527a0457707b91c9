//! The initial ranking and the TPN order of each round (C.04.2 Art. 2.2-2.4).

use std::cmp::Ordering;
use std::collections::BTreeSet;

use super::section::{Registration, Section};
use super::state::EventState;
use super::{LAST_RENUMBERED_ROUND, PlayerId};
use crate::player::Player;

/// The initial ranking order (C.04.2 Art. 2.2): rating descending, title
/// (GM first, untitled last), name.
pub fn initial_ranking_cmp(a: &Player, b: &Player) -> Ordering {
    let title_rank = |p: &Player| p.title.map_or(u8::MAX, |t| t as u8);
    b.rating()
        .cmp(&a.rating())
        .then_with(|| title_rank(a).cmp(&title_rank(b)))
        .then_with(|| a.name.cmp(&b.name))
}

impl EventState {
    /// The TPN order to use when pairing round `round` of `section`: the
    /// ranking redone up to round 4, then the frozen order with newcomers
    /// inserted at their place (module documentation); in a team section,
    /// team by team in roster order ([`EventState::team_player_order`]). Systems whose
    /// numbers are fixed ([`System::has_fixed_numbers`]) keep the order of
    /// round 1 (or of the drawing of lots) and append newcomers at the end.
    ///
    /// [`System::has_fixed_numbers`]: crate::System::has_fixed_numbers
    pub fn tpn_order_for(&self, section: &Section, round: u32) -> Vec<PlayerId> {
        if section.config.is_team_section() {
            return self.team_player_order(section, &self.team_order(section));
        }
        let mut members: Vec<&Registration> = self.players_of(&section.code).collect();
        let fixed = section.config.system.has_fixed_numbers();
        if section.tpn_order.is_empty() || (!fixed && round <= LAST_RENUMBERED_ROUND) {
            members.sort_by(|a, b| initial_ranking_cmp(&a.player, &b.player).then(a.id.cmp(&b.id)));
            return members.iter().map(|r| r.id).collect();
        }
        let mut order: Vec<PlayerId> = section
            .tpn_order
            .iter()
            .copied()
            .filter(|id| self.players.contains_key(id))
            .collect();
        let known: BTreeSet<PlayerId> = order.iter().copied().collect();
        for newcomer in members.iter().filter(|r| !known.contains(&r.id)) {
            let at = order
                .iter()
                .position(|id| {
                    !fixed
                        && initial_ranking_cmp(&newcomer.player, &self.players[id].player).is_lt()
                })
                .unwrap_or(order.len());
            order.insert(at, newcomer.id);
        }
        order
    }

    /// The TPN order currently in force (the next round's order).
    pub fn current_tpn_order(&self, section: &Section) -> Vec<PlayerId> {
        let next = section.rounds_paired() + 1;
        if section.rounds_paired() > 0 && next <= LAST_RENUMBERED_ROUND {
            // Numbers already published stay until the next pairing renumbers.
            return self.tpn_order_for(section, LAST_RENUMBERED_ROUND + 1);
        }
        self.tpn_order_for(section, next)
    }
}
