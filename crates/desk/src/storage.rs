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

/// Opens the event file at `path`.
pub(crate) fn open(
    path: &Path,
    _access: Access,
) -> Result<Box<dyn JournalStore + Send>, DeskError> {
    if path.is_dir() {
        return Err(DeskError::storage(format!(
            "{}: is a folder, not an event file",
            path.display()
        )));
    }
    Ok(Box::new(SqliteStore::open(path)?))
}

/// Creates the event file `path` holding `events` as its first command, or
/// nothing: a refused first command leaves no file behind.
pub(crate) fn create(
    path: &Path,
    line: &str,
    events: &[Event],
) -> Result<Box<dyn JournalStore + Send>, DeskError> {
    let mut store = SqliteStore::create(path)?;
    if let Err(e) = store.append(0, line, events) {
        drop(store);
        for suffix in ["", "-wal", "-shm"] {
            let mut p = path.as_os_str().to_owned();
            p.push(suffix);
            let _ = std::fs::remove_file(p);
        }
        return Err(e.into());
    }
    Ok(Box::new(store))
}

/// True when `path` is an SQLite database — an event file or anybody's
/// database, never to be replaced by an output file.
pub fn is_database(path: &Path) -> bool {
    let mut header = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok_and(|()| &header == b"SQLite format 3\0")
}
