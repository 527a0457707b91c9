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
    /// Opens and folds an existing event file.
    pub fn open(path: &Path) -> Result<Session, CliError> {
        let mut store = SqliteStore::open(path)?;
        let (journal, last_seq, entries) = arbiter_store::load(&mut store)?;
        Ok(Session {
            store,
            journal,
            last_seq,
            entries,
        })
    }

    /// Creates a new event file holding `events`. The file is removed again
    /// if the events are refused.
    pub fn create(path: &Path, events: Vec<Event>) -> Result<Session, CliError> {
        let store = SqliteStore::create(path)?;
        let mut session = Session {
            store,
            journal: Journal::default(),
            last_seq: 0,
            entries: Vec::new(),
        };
        if let Err(e) = session.commit(events) {
            drop(session);
            for suffix in ["", "-wal", "-shm"] {
                let mut p = path.as_os_str().to_owned();
                p.push(suffix);
                let _ = std::fs::remove_file(p);
            }
            return Err(e);
        }
        Ok(session)
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
