//! Opening an event file and running one command as one transaction.

use std::path::Path;

use arbiter_model::journal::{Event, Journal};
use arbiter_store::{Entry, JournalStore, SqliteStore};

use super::error::CliError;

/// An event file, read and folded.
pub struct Session {
    store: SqliteStore,
    pub journal: Journal,
    /// `seq` of the last stored entry (undone entries included).
    pub last_seq: u64,
    pub entries: Vec<Entry>,
}

impl Session {
    /// Opens and folds an existing event file, to write to it.
    pub fn open(path: &Path) -> Result<Session, CliError> {
        Session::fold(SqliteStore::open(path)?)
    }

    /// Opens and folds an existing event file for a command that only reads
    /// it: nothing in the file changes, and write-protected files can be read.
    pub fn read(path: &Path) -> Result<Session, CliError> {
        Session::fold(SqliteStore::open_read_only(path)?)
    }

    fn fold(mut store: SqliteStore) -> Result<Session, CliError> {
        let (journal, last_seq, entries) = arbiter_store::load(&mut store)?;
        Ok(Session {
            store,
            journal,
            last_seq,
            entries,
        })
    }

    /// Creates a new event file holding `events`, validated first; the file
    /// appears complete or not at all ([`SqliteStore::create_with`]).
    pub fn create(path: &Path, events: Vec<Event>) -> Result<Session, CliError> {
        let mut journal = Journal::default();
        journal
            .extend(events.iter().cloned().zip(1..).map(|(e, seq)| (seq, e)))
            .map_err(|(_, e)| e)?;
        let mut store = SqliteStore::create_with(path, &command_line(), &events)?;
        let entries = store.entries()?;
        Ok(Session {
            store,
            journal,
            last_seq: events.len() as u64,
            entries,
        })
    }

    /// Validates `events` in order against the state, then writes them as one
    /// transaction. On any refusal nothing is written.
    pub fn commit(&mut self, events: Vec<Event>) -> Result<Vec<u64>, CliError> {
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let mut next = self.journal.clone();
        let numbered = events
            .iter()
            .enumerate()
            .map(|(i, e)| (self.last_seq + i as u64 + 1, e.clone()));
        next.extend(numbered).map_err(|(_, e)| e)?;
        let seqs = self.store.append(self.last_seq, &command_line(), &events)?;
        self.journal = next;
        self.last_seq += events.len() as u64;
        Ok(seqs)
    }
}

/// The command line as typed, shell-quoted where needed (for the log).
fn command_line() -> String {
    std::env::args()
        .enumerate()
        .map(|(i, a)| if i == 0 { "arbiter".to_string() } else { a })
        .map(|a| {
            if !a.is_empty()
                && a.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./,:=+@%".contains(c))
            {
                a
            } else {
                format!("'{}'", a.replace('\'', "'\\''"))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
