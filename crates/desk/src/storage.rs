//! The one place where event files are created and opened (and where the
//! store's atomic creation and read-only opening plug in), and how a file
//! is recognised as an event.

use std::io::Read;
use std::path::Path;

use arbiter_model::journal::Event;
use arbiter_store::{JournalStore, SqliteStore};

use crate::error::DeskError;

/// How an event file is opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Commands that change the event.
    ReadWrite,
    /// Queries: the file is only read.
    ReadOnly,
}

/// Opens the event file at `path`; for queries read-only (nothing in the
/// file changes, a write-protected file can be read).
pub(crate) fn open(path: &Path, access: Access) -> Result<Box<dyn JournalStore + Send>, DeskError> {
    Ok(Box::new(match access {
        Access::ReadWrite => SqliteStore::open(path)?,
        Access::ReadOnly => SqliteStore::open_read_only(path)?,
    }))
}

/// Creates the event file `path` holding `events` as its first command,
/// atomically: the file appears complete or not at all, and of concurrent
/// creations one succeeds ([`SqliteStore::create_with`]).
pub(crate) fn create(
    path: &Path,
    line: &str,
    events: &[Event],
) -> Result<Box<dyn JournalStore + Send>, DeskError> {
    Ok(Box::new(SqliteStore::create_with(path, line, events)?))
}

/// True when `path` is an SQLite database — an event file or anybody's
/// database, never to be replaced by an output file.
pub fn is_database(path: &Path) -> bool {
    let mut header = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok_and(|()| &header == b"SQLite format 3\0")
}
