//! The absolute criteria every round of matches of the journal meets: no
//! two teams of one family when the competition keeps them apart (TRF 260,
//! teams.md §4), no second meeting of teams that played a match (C.04.6 C1:
//! a match counts only if a game was played over the board, Art. 1.6.1),
//! and the bye rule (C2: no pairing-allocated bye to a team that already
//! had one, a full-point bye, or a match won without a game played). They
//! are read from the same match view as the team Swiss reads
//! (`team::TeamMatches`), so the journal and the engine agree on what
//! "played" and "won by forfeit" mean.

use super::events::TeamPair;
use super::state::TeamId;
use crate::journal::error::JournalError;
use crate::journal::section::Section;
use crate::journal::state::EventState;
use crate::round_entry::{ByeKind, Outcome};
use crate::team::{RoundKind, TeamMatches};

impl EventState {
    /// The first absolute criterion the matches and bye of `round` break.
    pub fn check_matches(
        &self,
        section: &Section,
        round: u32,
        matches: &[TeamPair],
        bye: Option<TeamId>,
    ) -> Result<(), JournalError> {
        let Some(team) = &section.config.team else {
            return Ok(());
        };
        let order = self.team_order(section);
        let t = self.team_tournament(section, team, round - 1, &order, None);
        let view = TeamMatches::of(&t).map_err(|e| {
            JournalError::Invalid(format!(
                "the matches of section '{}' cannot be read: {e}",
                section.code
            ))
        })?;
        let tpn = |id: TeamId| order.iter().position(|x| *x == id).map(|i| i as u32 + 1);
        for p in matches {
            let (Some(a), Some(b)) = (tpn(p.first), tpn(p.second)) else {
                return Err(JournalError::UnknownTeam(p.first));
            };
            if t.is_forbidden(a, b, round) {
                let family = self
                    .teams
                    .get(&p.first)
                    .and_then(|t| t.family.clone())
                    .unwrap_or_default();
                return Err(JournalError::FamilyPair {
                    a: p.first,
                    b: p.second,
                    family,
                });
            }
            let met = view.team(a).is_some_and(|r| {
                r.rounds
                    .iter()
                    .any(|x| x.side().is_some_and(|m| m.played && m.opponent == b))
            });
            if met {
                return Err(JournalError::TeamRematch {
                    a: p.first,
                    b: p.second,
                });
            }
        }
        let Some(team) = bye else {
            return Ok(());
        };
        let record = tpn(team).and_then(|n| view.team(n));
        for (r, x) in record.iter().flat_map(|r| r.rounds.iter().enumerate()) {
            let reason = match &x.kind {
                RoundKind::PairingBye { .. } => "it already received it",
                RoundKind::Bye(ByeKind::Full) => "it had a full-point bye",
                RoundKind::Match(m) if !m.played && m.outcome == Outcome::Win => {
                    "it won its match without a game played (by forfeit)"
                }
                _ => continue,
            };
            return Err(JournalError::TeamPabRefused {
                team,
                reason: format!("{reason} in round {}", r + 1),
            });
        }
        Ok(())
    }
}
