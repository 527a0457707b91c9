//! Looking at the next round's pairing before it is published: the engine
//! pairs it exactly as `pair` would, nothing is recorded; publishing
//! records that very pairing, or refuses when the section changed so that
//! the engine now pairs differently.

use arbiter_model::journal::Event;

use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::origin::Origin;
use crate::rounds::{engine_refused, next_round_entries};
use crate::views::RoundView;

/// The engine's pairing of a section's next round, not recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProposedRound {
    /// The boards as they will be published (scores before the round; a
    /// round robin's forfeits of absent players as results).
    pub round: RoundView,
    /// Names this pairing (round, boards and PAB by player id): give it
    /// back to [`Desk::publish_round`].
    pub key: String,
}

impl Desk {
    /// The pairing `pair` would record now for `section`'s next round.
    pub fn propose_next_round(&self, section: Option<&str>) -> Result<ProposedRound, DeskError> {
        let state = self.state();
        let sec = self.section(section)?;
        let (events, round) = next_round_entries(state, sec)?;
        let key = key_of(&events);
        let preview = self.previewing(&events)?;
        Ok(ProposedRound {
            round: preview.pairings(Some(&sec.code), Some(round))?,
            key,
        })
    }

    /// Records the pairing proposed as `key` ([`Desk::propose_next_round`]).
    /// Refused, recording nothing, when the engine now pairs the round
    /// otherwise (a player added, a bye or a result changed meanwhile).
    pub fn publish_round(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        key: &str,
    ) -> Result<RoundView, DeskError> {
        let (code, round) = self.commit(
            origin,
            |now| {
                let state = now.state();
                let sec = state.section(section)?;
                let (events, round) = next_round_entries(state, sec)?;
                if key_of(&events) != key {
                    return Err(DeskError::refused(format!(
                        "the proposed pairing of section '{}' round {round} is out of date: the \
                         section changed since; look at the new proposal",
                        sec.code
                    )));
                }
                Ok(Plan::new(events, (sec.code.clone(), round)))
            },
            engine_refused,
        )?;
        self.pairings(Some(&code), Some(round))
    }
}

/// `section/round: white-black … bye id; forfeits board:result`, by
/// player id.
fn key_of(events: &[Event]) -> String {
    let mut key = String::new();
    for e in events {
        match e {
            Event::RoundPaired {
                section,
                round,
                boards,
                bye,
                ..
            } => {
                key.push_str(&format!("{section}/{round}:"));
                for b in boards {
                    key.push_str(&format!(" {}-{}", b.white, b.black));
                }
                if let Some(id) = bye {
                    key.push_str(&format!(" bye {id}"));
                }
            }
            Event::ResultRecorded { board, result, .. } => {
                key.push_str(&format!(" {board}:{}", result.code()));
            }
            _ => {}
        }
    }
    key
}
