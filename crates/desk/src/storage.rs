//! The one place where events are created and opened — event files, and
//! events of a PostgreSQL database named `postgres://…#EVENT` (where the
//! store's atomic creation and read-only opening plug in) — and how a file
//! is recognised as an event.

use std::io::Read;
use std::path::Path;

use arbiter_model::journal::Event;
use arbiter_store::{JournalStore, Location, Postgres, SqliteStore};

use crate::error::DeskError;

/// How an event file is opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Commands that change the event.
    ReadWrite,
    /// Queries: the file is only read.
    ReadOnly,
}

/// Opens the event at `path` — an event file, or `postgres://…#EVENT` (an
/// event of a PostgreSQL database); for queries read-only (nothing in an
/// event file changes, a write-protected file can be read). Also returns
/// how messages name the event (a database's URL without its password).
pub(crate) fn open(
    path: &Path,
    access: Access,
) -> Result<(Box<dyn JournalStore + Send>, String), DeskError> {
    Ok(match location(path)? {
        Location::File(path) => {
            let store = match access {
                Access::ReadWrite => SqliteStore::open(&path)?,
                Access::ReadOnly => SqliteStore::open_read_only(&path)?,
            };
            (Box::new(store), path.display().to_string())
        }
        Location::Postgres { url, event } => {
            let db = Postgres::connect(&url)?;
            let name = format!("{}#{event}", db.target());
            (Box::new(db.open(&event)?), name)
        }
    })
}

/// Creates the event at `path` (an event file or `postgres://…#EVENT`)
/// holding `events` as its first command, atomically: it appears complete
/// or not at all, and of concurrent creations one succeeds
/// ([`SqliteStore::create_with`], [`Postgres::create_with`]).
pub(crate) fn create(
    path: &Path,
    line: &str,
    events: &[Event],
) -> Result<(Box<dyn JournalStore + Send>, String), DeskError> {
    Ok(match location(path)? {
        Location::File(path) => (
            Box::new(SqliteStore::create_with(&path, line, events)?),
            path.display().to_string(),
        ),
        Location::Postgres { url, event } => {
            check_served_name("event", &event)?;
            let db = Postgres::connect(&url)?;
            let name = format!("{}#{event}", db.target());
            (Box::new(db.create_with(&event, line, events)?), name)
        }
    })
}

/// The longest name of an event the web serves.
const MAX_SERVED_NAME: usize = 64;

/// The names under which `arbiter serve` publishes an event (`/e/NAME/`,
/// the event `NAME` of a database or the file `NAME.arb` of a folder):
/// letters, digits, `-` and `_`, at most 64, not starting with `-` (README,
/// "Web pages"). A new event of a database, which exists only to be
/// served, must have one.
pub(crate) fn check_served_name(field: &str, name: &str) -> Result<(), DeskError> {
    let ok = !name.is_empty()
        && name.len() <= MAX_SERVED_NAME
        && !name.starts_with('-')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        return Ok(());
    }
    Err(DeskError::invalid(
        field,
        format!(
            "'{name}' is not a name the web serves an event under (letters, digits, '-' and \
             '_', at most {MAX_SERVED_NAME}, not starting with '-')"
        ),
    ))
}

/// Where `path` names an event: a file, or an event of a database.
fn location(path: &Path) -> Result<Location, DeskError> {
    match path.to_str() {
        Some(text) => Location::parse(text).map_err(|e| DeskError::invalid("event", e.to_string())),
        None => Ok(Location::File(path.to_path_buf())),
    }
}

/// True when `path` names an event: `postgres://…` (an event of a
/// database, its `#EVENT` checked on opening) or an SQLite database file.
pub fn is_event(path: &Path) -> bool {
    !matches!(location(path), Ok(Location::File(_))) || is_database(path)
}

/// True when `path` is an SQLite database — an event file or anybody's
/// database, never to be replaced by an output file.
pub fn is_database(path: &Path) -> bool {
    let mut header = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok_and(|()| &header == b"SQLite format 3\0")
}
