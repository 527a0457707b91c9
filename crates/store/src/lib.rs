//! Event journals: the append-only record of an event's actions, kept in
//! one SQLite file per event ([`SqliteStore`]) or, for the hosted service,
//! in PostgreSQL ([`PostgresStore`]).
//!
//! The state of an event is the fold of its journal
//! ([`arbiter_model::journal`]); this crate only keeps the journal safe.
//! Every command of the arbiter is one transaction: the entries it produces are
//! all written, or none is (a crash in the middle leaves the event as it was
//! before the command). A new event is created with its first command in one
//! atomic step ([`SqliteStore::create_with`], [`Postgres::create_with`]).
//!
//! # Backends
//! [`JournalStore`] is the whole interface the rest of Arbiter uses:
//! * entries are `(seq, command, kind, JSON payload)` rows and a `commands`
//!   row per transaction;
//! * [`JournalStore::append`] takes the `seq` the caller folded up to and
//!   fails with [`StoreError::Conflict`] when another writer appended since
//!   (optimistic concurrency: `BEGIN IMMEDIATE` in SQLite, the unique
//!   `(event, seq)` key in PostgreSQL). Lock contention is not a conflict:
//!   each backend waits and retries it itself;
//! * the schema is versioned by ordered lists of migrations ([`migrations`])
//!   and the journal tables refuse `UPDATE` and `DELETE` by trigger;
//! * the contract tests (`tests/contract.rs`) state the behaviour every
//!   backend must have and run against each of them.
//!
//! A writer folds the journal, validates its command against the state,
//! then appends with the `seq` it folded up to; on [`StoreError::Conflict`]
//! it folds again, checks the command still applies, and retries after a
//! [`Backoff`] delay.

mod backoff;
mod clock;
mod copy;
mod error;
mod memory;
pub mod migrations;
mod postgres;
mod sqlite;
#[cfg(feature = "testing")]
pub mod testing;

use arbiter_model::journal::{Event, Journal, JournalError};

pub use backoff::Backoff;
pub use copy::{Location, copy, copy_between};
pub use error::StoreError;
pub use memory::MemoryStore;
pub use postgres::{EventSummary, Notifier, PooledEvent, Postgres, PostgresPool, PostgresStore};
pub use sqlite::{SqliteStore, SqliteWatch};

/// One stored journal entry.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Position in the journal, from 1, strictly increasing.
    pub seq: u64,
    /// The command (transaction) that wrote it.
    pub command: CommandInfo,
    pub event: Event,
}

/// The command that wrote a group of entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandInfo {
    /// From 1, in the order the commands were written.
    pub id: u64,
    /// UTC, RFC 3339 (`2026-11-30T14:05:09Z`).
    pub recorded_at: String,
    /// The command line as typed, for the log.
    pub line: String,
}

/// Storage of one event's journal.
pub trait JournalStore {
    /// Every entry, oldest first.
    fn entries(&mut self) -> Result<Vec<Entry>, StoreError>;

    /// Appends `events` as one command in one transaction, provided the
    /// journal still ends at `after` (0 = empty); otherwise
    /// [`StoreError::Conflict`] and nothing is written. Returns their `seq`s.
    fn append(&mut self, after: u64, line: &str, events: &[Event]) -> Result<Vec<u64>, StoreError>;

    /// Writes `entries` verbatim — `seq`s, command ids, times and lines — into
    /// an empty journal, in one transaction ([`StoreError::Conflict`] if the
    /// journal is not empty). For copying an event between stores.
    fn restore(&mut self, entries: &[Entry]) -> Result<(), StoreError>;

    /// The `seq` of the last entry (0 when empty), cheaply: for noticing
    /// changes by polling.
    fn last_seq(&mut self) -> Result<u64, StoreError>;
}

/// The journal of a store, folded. An entry that no longer folds (written by
/// a different version of the rules) is reported with its `seq`.
pub fn load(store: &mut dyn JournalStore) -> Result<(Journal, u64, Vec<Entry>), LoadError> {
    let entries = store.entries()?;
    let last = entries.last().map_or(0, |e| e.seq);
    let journal = Journal::replay(entries.iter().map(|e| (e.seq, &e.event)))
        .map_err(|(seq, error)| LoadError::Fold { seq, error })?;
    Ok((journal, last, entries))
}

/// Why an event could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("journal entry {seq} cannot be replayed: {error}")]
    Fold { seq: u64, error: JournalError },
}
