//! Check-in before a round: the players who did not report get a
//! zero-point bye (C.04.2 Art. 3.3: an absent player is not paired), all
//! of them in one command — all recorded or none.

use arbiter_model::ByeKind;
use arbiter_model::journal::{Event, PlayerId};

use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::origin::Origin;
use crate::players::player_ref;
use crate::views::PlayerRef;

/// `check-in`: who was marked absent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedIn {
    pub section: String,
    pub round: u32,
    /// The players who got a zero-point bye, by id.
    pub absent: Vec<PlayerRef>,
}

impl Desk {
    /// The check-in before `round` of `section` (default: the first):
    /// every player of the section who is neither in `present`, withdrawn
    /// for the round, nor holds a bye for it gets a zero-point bye. One
    /// command: the journal refuses all of them or records all of them.
    pub fn check_in(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        round: u32,
        present: &[PlayerId],
    ) -> Result<CheckedIn, DeskError> {
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let code = state.section(section)?.code.clone();
                if let Some(id) = present
                    .iter()
                    .find(|id| state.players.get(id).is_none_or(|r| r.section != code))
                {
                    return Err(DeskError::not_found(format!(
                        "player {id} is not in section '{code}'"
                    )));
                }
                let absent: Vec<PlayerId> = state
                    .players_of(&code)
                    .filter(|r| {
                        !present.contains(&r.id)
                            && !r.withdrawn_in(round)
                            && !r.byes.contains_key(&round)
                    })
                    .map(|r| r.id)
                    .collect();
                let events = absent
                    .iter()
                    .map(|&id| Event::ByeRequested {
                        id,
                        round,
                        kind: ByeKind::Zero,
                    })
                    .collect();
                let outcome = CheckedIn {
                    section: code.clone(),
                    round,
                    absent: absent
                        .iter()
                        .map(|&id| player_ref(state, id))
                        .collect::<Result<_, _>>()?,
                };
                Ok(Plan::new(events, outcome))
            },
            |e| e,
        )
    }
}
