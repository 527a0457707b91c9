//! Event files: one SQLite file per event holding its append-only journal.
//!
//! The state of an event is the fold of its journal
//! ([`arbiter_model::journal`]); this crate only keeps the journal safe.
//! Every command of the arbiter is one transaction: the entries it produces are
//! all written, or none is (a crash in the middle leaves the file as it was
//! before the command).
//!
//! # Backends
//! [`JournalStore`] is the whole interface the rest of Arbiter uses. It is
//! deliberately small so that a PostgreSQL backend (for the hosted web
//! service) can implement it beside [`SqliteStore`]:
//! * entries are `(seq, command, kind, JSON payload)` rows: a `BIGINT`
//!   identity column, a `commands` row per transaction, `TEXT`/`JSONB` payload;
//! * [`JournalStore::append`] takes the `seq` the caller folded up to and must
//!   fail with [`StoreError::Conflict`] when another writer appended since
//!   (optimistic concurrency: in PostgreSQL a `SELECT max(seq) … FOR UPDATE` on
//!   the event row or a serializable transaction; in SQLite `BEGIN IMMEDIATE`);
//! * the schema is versioned by an ordered list of migrations ([`migrations`])
//!   and the journal tables refuse `UPDATE` and `DELETE` by trigger;
//! * the `contract` tests of this crate state the behaviour every backend
//!   must have; they run against [`SqliteStore`] and [`MemoryStore`], and a
//!   new backend joins them.
//!
//! A writer folds the journal, validates its command against the state,
//! then appends with the `seq` it folded up to; on [`StoreError::Conflict`]
//! it folds again and retries (the CLI does this automatically).

mod clock;
mod memory;
pub mod migrations;
mod sqlite;

use arbiter_model::journal::{Event, Journal, JournalError};

pub use memory::MemoryStore;
pub use sqlite::SqliteStore;

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
    pub id: u64,
    /// UTC, RFC 3339 (`2026-11-30T14:05:09Z`).
    pub recorded_at: String,
    /// The command line as typed, for the log.
    pub line: String,
}

/// Why the event file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path}: no such event file")]
    NotFound { path: String },
    #[error("{path}: already exists; choose another file name")]
    AlreadyExists { path: String },
    #[error("{path}: not an Arbiter event file ({detail})")]
    NotAnEvent { path: String, detail: String },
    #[error("{path}: made by a newer Arbiter (schema {found}, this version knows up to {known})")]
    TooNew {
        path: String,
        found: u32,
        known: u32,
    },
    #[error("journal entry {seq}: unreadable payload: {detail}")]
    Payload { seq: u64, detail: String },
    #[error(
        "the event file changed while this command ran (journal at {found}, expected {expected}); run the command again"
    )]
    Conflict { expected: u64, found: u64 },
    #[error("database error: {0}")]
    Database(#[from] rusqlite::Error),
}

/// Storage of one event's journal.
pub trait JournalStore {
    /// Every entry, oldest first.
    fn entries(&mut self) -> Result<Vec<Entry>, StoreError>;

    /// Appends `events` as one command in one transaction, provided the
    /// journal still ends at `after` (0 = empty). Returns their `seq`s.
    fn append(&mut self, after: u64, line: &str, events: &[Event]) -> Result<Vec<u64>, StoreError>;
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

/// The contract every backend must meet, run against each of them (a
/// PostgreSQL backend adds itself to this list).
#[cfg(test)]
mod contract {
    use super::*;

    fn check(store: &mut dyn JournalStore) {
        let created = Event::EventCreated {
            name: "Open".into(),
        };
        let renamed = Event::EventCreated {
            name: "Other".into(),
        };
        assert!(store.entries().unwrap().is_empty());
        assert_eq!(
            store
                .append(0, "new", std::slice::from_ref(&created))
                .unwrap(),
            vec![1]
        );
        // A writer that folded an older journal is told so, and writes nothing.
        assert!(matches!(
            store.append(0, "late", std::slice::from_ref(&renamed)),
            Err(StoreError::Conflict {
                expected: 0,
                found: 1
            })
        ));
        let batch = [
            Event::PlayerWithdrawn {
                id: 1,
                from_round: 2,
            },
            Event::Undone { seq: 2 },
        ];
        assert_eq!(store.append(1, "two", &batch).unwrap(), vec![2, 3]);
        let entries = store.entries().unwrap();
        assert_eq!(entries.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2, 3]);
        assert_eq!(entries[0].event, created);
        assert_eq!(entries[1].command, entries[2].command);
        assert_ne!(entries[0].command.id, entries[1].command.id);
        assert_eq!(entries[2].command.line, "two");
        assert_eq!(store.append(3, "empty", &[]).unwrap(), Vec::<u64>::new());
    }

    #[test]
    fn memory_store() {
        check(&mut MemoryStore::default());
    }

    #[test]
    fn sqlite_store() {
        let dir = std::env::temp_dir().join(format!("arbiter-contract-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("contract.arb");
        let _ = std::fs::remove_file(&path);
        check(&mut SqliteStore::create(&path).unwrap());
    }
}
