//! Moving an event between stores (`arbiter store copy FROM TO`), keeping
//! every entry's `seq`, command id, time and command line.

use std::path::PathBuf;

use crate::{JournalStore, Postgres, SqliteStore, StoreError};

/// Where an event lives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// An event file.
    File(PathBuf),
    /// The event `event` of the PostgreSQL database at `url`.
    Postgres { url: String, event: String },
}

impl Location {
    /// `postgres://…#EVENT` (or `postgresql://…#EVENT`) names an event of
    /// a database; anything else is an event file's path.
    pub fn parse(text: &str) -> Result<Location, StoreError> {
        if !(text.starts_with("postgres://") || text.starts_with("postgresql://")) {
            return Ok(Location::File(PathBuf::from(text)));
        }
        match text.rsplit_once('#') {
            Some((url, event)) if !event.is_empty() => Ok(Location::Postgres {
                url: url.to_string(),
                event: event.to_string(),
            }),
            _ => Err(StoreError::Server {
                target: "database URL".into(),
                detail: "name the event after '#': postgres://user@host/database#EVENT".into(),
            }),
        }
    }

    /// Opens the existing event here (an event file read-only).
    pub fn open(&self) -> Result<Box<dyn JournalStore>, StoreError> {
        Ok(match self {
            Location::File(path) => Box::new(SqliteStore::open_read_only(path)?),
            Location::Postgres { url, event } => Box::new(Postgres::connect(url)?.open(event)?),
        })
    }
}

/// Copies the event at `from` to a new event at `to` (which must not exist),
/// atomically on the receiving side. Returns the number of entries copied.
pub fn copy(from: &Location, to: &Location) -> Result<usize, StoreError> {
    let entries = from.open()?.entries()?;
    match to {
        Location::File(path) => {
            SqliteStore::create_from(path, &entries)?;
        }
        Location::Postgres { url, event } => {
            Postgres::connect(url)?.create_from(event, &entries)?;
        }
    }
    Ok(entries.len())
}

/// Copies every entry of `from` into the empty journal `to`.
pub fn copy_between(
    from: &mut dyn JournalStore,
    to: &mut dyn JournalStore,
) -> Result<usize, StoreError> {
    let entries = from.entries()?;
    to.restore(&entries)?;
    Ok(entries.len())
}
