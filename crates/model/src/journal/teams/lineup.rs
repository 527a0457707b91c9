//! Line-ups (teams.md §1): who plays which board of a team's match.
//!
//! A line-up is an order-preserving part of the roster (board order is
//! fixed), at most one player per board, reserves only on the boards the
//! rules allow, nobody withdrawn or with a bye in the round. A team that
//! lines up fewer players than boards fills the top boards and loses the
//! others by forfeit. Without an announced line-up a team plays its first
//! available members in roster order.

use super::apply::model_team;
use super::state::TeamRegistration;
use crate::journal::PlayerId;
use crate::journal::error::JournalError;
use crate::journal::section::Section;
use crate::journal::state::EventState;

impl EventState {
    /// The line-up of `team` in `round`: the one announced, else the default
    /// — the roster members available in the round, in roster order, up to
    /// one per board, a reserve only on a board the rules give reserves.
    pub fn lineup_for(
        &self,
        section: &Section,
        team: &TeamRegistration,
        round: u32,
    ) -> Vec<PlayerId> {
        if let Some(l) = team.lineups.get(&round) {
            return l.clone();
        }
        let boards = section.config.team.as_ref().map_or(0, |t| t.boards());
        let reserve_boards = section
            .config
            .composition
            .as_ref()
            .and_then(|r| r.reserve_boards.as_ref());
        let mut lineup = Vec::with_capacity(boards);
        for (i, &m) in team.members.iter().enumerate() {
            if lineup.len() == boards {
                break;
            }
            let board = lineup.len() + 1;
            let reserve_barred = i >= boards && reserve_boards.is_some_and(|b| !b.contains(&board));
            if self.available(m, round) && !reserve_barred {
                lineup.push(m);
            }
        }
        lineup
    }

    /// True when `player` may be lined up in `round` (not withdrawn, no
    /// requested bye).
    fn available(&self, player: PlayerId, round: u32) -> bool {
        self.players
            .get(&player)
            .is_some_and(|r| !r.withdrawn_in(round) && !r.byes.contains_key(&round))
    }

    /// Why `players` is not a line-up of `team` in `round`, if it is not.
    pub(super) fn check_lineup(
        &self,
        section: &Section,
        team: &TeamRegistration,
        round: u32,
        players: &[PlayerId],
    ) -> Result<(), JournalError> {
        if players.is_empty() {
            return Err(JournalError::Invalid(format!(
                "team '{}' lines up nobody in round {round}: a team that does not play is absent \
                 (or forfeits its match)",
                team.name
            )));
        }
        let boards = section.config.team.as_ref().map_or(0, |t| t.boards());
        let rule = section.config.composition.clone().unwrap_or_default();
        rule.check_lineup(&model_team(team), players, boards)
            .map_err(|reason| JournalError::Composition {
                reason,
                rule: rule.to_string(),
            })?;
        if let Some(p) = players.iter().find(|&&p| !self.available(p, round)) {
            return Err(JournalError::Invalid(format!(
                "team '{}': player {p} is withdrawn or has a bye in round {round}",
                team.name
            )));
        }
        Ok(())
    }
}
