//! What the store's integration tests share: journal entries to write, and
//! the writer loop every application runs (fold, append, re-fold on
//! conflict).

#![allow(dead_code)] // each test file uses a different part

use arbiter_model::journal::Event;
use arbiter_store::{Backoff, JournalStore, StoreError};

pub fn created(name: &str) -> Event {
    Event::EventCreated { name: name.into() }
}

/// A small, valid-looking entry to append many of.
pub fn withdrawal(id: u32) -> Event {
    Event::PlayerWithdrawn { id, from_round: 2 }
}

/// What one writer saw.
#[derive(Debug, Default, Clone, Copy)]
pub struct Tally {
    pub done: u32,
    pub failed: u32,
    pub retries: u32,
}

/// Appends `events` as one command the way an application does: read the
/// journal's end, append after it, and on a conflict read again and retry
/// after a backoff delay.
pub fn append_retrying(
    store: &mut dyn JournalStore,
    line: &str,
    events: &[Event],
    tally: &mut Tally,
) -> Result<Vec<u64>, StoreError> {
    let mut backoff = Backoff::for_conflicts();
    loop {
        let after = store.last_seq()?;
        match store.append(after, line, events) {
            Err(StoreError::Conflict { .. }) if backoff.wait() => tally.retries += 1,
            other => return other,
        }
    }
}
