//! What a registrant is told by e-mail (issue 15 part 1): that his entry
//! was received, with its standing (a place, or the waiting list), and
//! that it moved up from the waiting list to a place. The desk decides
//! who is told what, from the standings before and after a command; the
//! face words the notice in the registrant's language and delivers it.

use arbiter_model::journal::{RegistrationEntry, Standing};
use arbiter_standings::labels::Lang;

use super::fees::EntryFee;
use super::views::event_name;
use crate::desk::Desk;
use crate::error::DeskError;

/// Why a registrant is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    /// His entry was received: it holds a place or waits.
    Received,
    /// A place freed and his entry moved up to it from the waiting list.
    MovedUp,
}

/// One message to a registrant who gave an e-mail address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub kind: NoticeKind,
    /// The entry's number.
    pub number: u32,
    /// The address, as the form checked it (no CR, LF or address
    /// delimiter).
    pub to: String,
    /// The language of the form he used (`None`: an entry by the arbiter,
    /// or one recorded before the language was kept).
    pub language: Option<Lang>,
    /// The event's name.
    pub event: String,
    /// The registrant's name, as given.
    pub name: String,
    pub section: String,
    /// A place, or the waiting list at a position.
    pub standing: Standing,
    /// What the entry would owe, when the event has fees.
    pub fee: Option<EntryFee>,
}

impl Desk {
    /// The notice of `kind` for entry `number`, when it gave an e-mail
    /// address and is still pending (a place or the waiting list).
    pub(super) fn notice(
        &self,
        number: u32,
        kind: NoticeKind,
    ) -> Result<Option<Notice>, DeskError> {
        let state = self.state();
        let entry: &RegistrationEntry = state.registration.entry(number)?;
        let standing = state.registration.standing(number)?;
        let pending = matches!(standing, Standing::Place | Standing::WaitingList(_));
        let Some(to) = entry.submission.email.clone().filter(|_| pending) else {
            return Ok(None);
        };
        Ok(Some(Notice {
            kind,
            number,
            to,
            language: entry
                .submission
                .language
                .as_deref()
                .and_then(|l| l.parse().ok()),
            event: event_name(state),
            name: entry.submission.player.name.clone(),
            section: entry.section.clone(),
            standing,
            fee: self.entry_fee(self.fee_schedule()?.as_ref(), entry),
        }))
    }
}
