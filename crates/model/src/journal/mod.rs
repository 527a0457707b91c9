//! The event journal: every action an arbiter takes, as an append-only list of
//! [`Event`]s, and how they fold into the state of the event.
//!
//! The state of an event is never stored; it is the fold of its journal
//! ([`Journal::push`] one entry after the other). [`apply`] validates an event
//! against the state before changing it, so an invalid action is refused with a
//! [`JournalError`] and never reaches the journal. An undo is itself an entry
//! ([`Event::Undone`]): it cancels the latest entry that is still in force, and
//! the state is folded again without it — nothing is ever deleted.
//!
//! # Players, ids and TPNs
//! A player gets an event-wide *id* when registered ([`PlayerId`], 1, 2, 3 …
//! in registration order); it never changes and is what every command takes.
//! The *TPN* (C.04.2 Art. 2.3, spec 01 §4.1) is the player's place in his
//! section's initial ranking — rating descending, then title (GM, IM, WGM,
//! FM, WIM, CM, WFM, WCM, none), then name — and is what the TRF export and
//! the pairing engines see. The ranking is redone at every pairing up to round
//! 4; from round 5 on the order is frozen (Art. 2.3) and late entries are
//! inserted at their place in it, renumbering the players below (Art. 2.4,
//! spec 01 §4.2). The order used for each round is recorded in its
//! [`Event::RoundPaired`] entry. Round robins and the Italo-Swiss system
//! number by lot, not by ranking: their order of round 1 is kept for the
//! whole event and late entries take the next numbers
//! ([`System::has_fixed_numbers`](crate::System::has_fixed_numbers)).
//!
//! # Files
//! `config` how a section is run; `events` the entries; `error` why an entry
//! is refused; `section` and `state` the folded state; `ranking` the initial
//! ranking and TPN order; `view` the section as a
//! [`Tournament`](crate::Tournament); `apply` the validation and fold of one
//! entry (`edit` for manual pairings, `criteria` the absolute criteria every
//! pairing meets); `fold` the journal and its undo; `teams` team sections
//! and the teams of individual-team events; `awards` the prize plans, fees
//! and payments; `registration` the online pre-registration form, its
//! entries and their waiting lists.

mod apply;
mod awards;
mod config;
mod criteria;
mod edit;
mod error;
mod events;
mod fold;
mod ranking;
mod registration;
mod section;
mod state;
pub mod teams;
mod view;

pub use apply::apply;
pub use awards::{AwardsState, FeesSet, Payment, PrizePlanSet};
pub use config::SectionConfig;
pub use error::JournalError;
pub use events::{BoardPair, Event, GameResult};
pub use fold::Journal;
pub use ranking::initial_ranking_cmp;
pub use registration::{
    Decision, Entry as RegistrationEntry, FormField, Likeness, Offered, RegistrationConfig,
    RegistrationState, Standing, Submission, Window, likeness,
};
pub use section::{BoardRecord, KeptRecords, Registration, RoundRecord, Section};
pub use state::EventState;

/// A player's event-wide registration number (see the module documentation).
pub type PlayerId = u32;

/// The last round from which the TPN order may still be recomputed from the
/// ranking (C.04.2 Art. 2.3: no TPN change after the pairing of round 4).
pub const LAST_RENUMBERED_ROUND: u32 = 4;

#[cfg(test)]
mod tests;
