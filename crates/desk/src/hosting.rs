//! The hosted service (issue 15 parts 3 and 4): the events of a PostgreSQL
//! database as a server opens them — through one pool of connections that
//! every open event borrows from ([`arbiter_store::PostgresPool`]) — and
//! moving an event between an event file and a database
//! (`arbiter store copy`).

use std::collections::BTreeSet;
use std::time::Duration;

use arbiter_store::{Location, Notifier, PostgresPool};

use crate::desk::{Desk, fold_new};
use crate::error::DeskError;
use crate::event::{EventCreated, NewEvent};
use crate::origin::Origin;
use crate::storage::{Access, check_served_name};

/// Connections a server keeps to its database.
const POOL_SIZE: u32 = 16;

/// The events of one PostgreSQL database. Cheap to clone: the clones share
/// the connections.
#[derive(Clone)]
pub struct EventDatabase {
    pool: PostgresPool,
    /// For the listening connection ([`EventDatabase::listen`]).
    url: String,
}

impl EventDatabase {
    /// Connects to the database at `url` (`postgres://user@host/db`),
    /// bringing its schema up to date.
    pub fn connect(url: &str) -> Result<EventDatabase, DeskError> {
        Ok(EventDatabase {
            pool: PostgresPool::connect(url, POOL_SIZE)?,
            url: url.to_string(),
        })
    }

    /// A connection that hears of every change to every event of the
    /// database, whichever server or command made it (`LISTEN`/`NOTIFY`).
    pub fn listen(&self) -> Result<Changes, DeskError> {
        Ok(Changes(Notifier::connect(&self.url)?))
    }

    /// The server and database, for messages (no password).
    pub fn target(&self) -> &str {
        self.pool.target()
    }

    /// The names of every event, sorted.
    pub fn names(&self) -> Result<Vec<String>, DeskError> {
        Ok(self.pool.names()?)
    }

    /// Is there an event `name`?
    pub fn exists(&self, name: &str) -> Result<bool, DeskError> {
        Ok(self.pool.exists(name)?)
    }

    /// Opens the event `name`.
    pub fn open(&self, name: &str, access: Access) -> Result<Desk, DeskError> {
        let store = self.pool.open(name)?;
        Desk::over(Box::new(store), self.shown(name), access)
    }

    /// Creates the event `name` with its first section ([`Desk::create`]).
    pub fn create(
        &self,
        name: &str,
        origin: &Origin,
        request: &NewEvent,
    ) -> Result<(Desk, EventCreated), DeskError> {
        let (events, created) = request.events()?;
        let journal = fold_new(&events)?;
        let store = self.pool.create_with(name, origin.line(), &events)?;
        let desk = Desk::created(Box::new(store), self.shown(name), journal, &events);
        Ok((desk, created))
    }

    fn shown(&self, name: &str) -> String {
        format!("{}#{name}", self.pool.target())
    }
}

/// The changes of a database's events, as they are committed.
pub struct Changes(Notifier);

impl Changes {
    /// Waits up to `timeout`; the names of the events whose journal changed
    /// since the last call (empty when none did in time).
    pub fn wait(&mut self, timeout: Duration) -> Result<BTreeSet<String>, DeskError> {
        Ok(self.0.wait(timeout)?)
    }
}

/// `store copy FROM TO`: copies the event at `from` to a new event at `to`,
/// each an event file or `postgres://…#EVENT`, keeping every entry's `seq`,
/// command, time and command line; the copy appears whole or not at all.
/// Returns the number of entries copied. The copy's name must be one the
/// web serves ([`check_served_name`]): the event of a database, or the stem
/// of an event file named `NAME.arb`.
pub fn copy_event(from: &str, to: &str) -> Result<usize, DeskError> {
    let location = |text: &str, field: &str| {
        Location::parse(text).map_err(|e| DeskError::invalid(field, e.to_string()))
    };
    let target = location(to, "to")?;
    match &target {
        Location::Postgres { event, .. } => check_served_name("to", event)?,
        Location::File(path) if path.extension().is_some_and(|e| e == "arb") => {
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            check_served_name("to", &stem)?;
        }
        Location::File(_) => {}
    }
    Ok(arbiter_store::copy(&location(from, "from")?, &target)?)
}
