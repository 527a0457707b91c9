//! A pool of connections to one Arbiter database, for a server: every
//! event it opens borrows a connection for each call and gives it back, so
//! a server with many open events (its caches) holds only a few
//! connections ([`r2d2`]).

use std::time::Duration;

use arbiter_model::journal::Event;
use postgres::{Client, Config, NoTls};

use super::{Connection, EventSummary, Postgres, PostgresStore, cause, config_of};
use crate::{Entry, JournalStore, StoreError};

/// How long a caller waits for a free connection: short, so that while
/// the database is down a page fails at once (503), not after seconds.
const CHECKOUT: Duration = Duration::from_secs(3);

/// How long the pool waits for a new connection to be accepted.
const CONNECT: Duration = Duration::from_secs(2);

/// Makes the pool's connections.
pub(crate) struct Manager {
    config: Config,
}

impl r2d2::ManageConnection for Manager {
    type Connection = Client;
    type Error = postgres::Error;

    fn connect(&self) -> Result<Client, postgres::Error> {
        self.config.connect(NoTls)
    }

    fn is_valid(&self, client: &mut Client) -> Result<(), postgres::Error> {
        client.simple_query("").map(drop)
    }

    fn has_broken(&self, client: &mut Client) -> bool {
        client.is_closed()
    }
}

/// Connections to one database, shared by the threads of a server. Cheap
/// to clone (the clones share the connections).
#[derive(Clone)]
pub struct PostgresPool {
    pool: r2d2::Pool<Manager>,
    target: String,
}

impl PostgresPool {
    /// Connects to the database at `url` (bringing its schema up to date,
    /// [`Postgres::connect`]) and keeps up to `size` connections.
    pub fn connect(url: &str, size: u32) -> Result<PostgresPool, StoreError> {
        drop(Postgres::connect(url)?);
        let (mut config, target) = config_of(url)?;
        let connect = config
            .get_connect_timeout()
            .map_or(CONNECT, |t| CONNECT.min(*t));
        config.connect_timeout(connect);
        let pool = r2d2::Pool::builder()
            .max_size(size.max(1))
            .min_idle(Some(1))
            .connection_timeout(CHECKOUT)
            .error_handler(Box::new(r2d2::NopErrorHandler))
            .build(Manager { config })
            .map_err(|e| StoreError::Server {
                target: target.clone(),
                detail: format!("cannot connect: {}", cause(&e)),
            })?;
        Ok(PostgresPool { pool, target })
    }

    /// The server and database, for messages (no password).
    pub fn target(&self) -> &str {
        &self.target
    }

    /// A connection of the pool, given back when the value is dropped.
    pub fn get(&self) -> Result<Postgres, StoreError> {
        let client = self.pool.get().map_err(|e| StoreError::Server {
            target: self.target.clone(),
            detail: format!(
                "no connection to the server within {} s ({})",
                CHECKOUT.as_secs(),
                cause(&e)
            ),
        })?;
        Ok(Postgres {
            client: Connection::Pooled(client),
            target: self.target.clone(),
        })
    }

    /// Every event of the database, by name.
    pub fn events(&self) -> Result<Vec<EventSummary>, StoreError> {
        self.get()?.events()
    }

    /// The names of every event, sorted ([`Postgres::names`]).
    pub fn names(&self) -> Result<Vec<String>, StoreError> {
        self.get()?.names()
    }

    /// Is there an event `name`?
    pub fn exists(&self, name: &str) -> Result<bool, StoreError> {
        self.get()?.exists(name)
    }

    /// Opens the event `name`.
    pub fn open(&self, name: &str) -> Result<PooledEvent, StoreError> {
        let store = self.get()?.open(name)?;
        Ok(self.event(&store))
    }

    /// Creates the event `name` with its first command
    /// ([`Postgres::create_with`]).
    pub fn create_with(
        &self,
        name: &str,
        line: &str,
        events: &[Event],
    ) -> Result<PooledEvent, StoreError> {
        let store = self.get()?.create_with(name, line, events)?;
        Ok(self.event(&store))
    }

    /// Creates the event `name` holding a copy of `entries`
    /// ([`Postgres::create_from`]).
    pub fn create_from(&self, name: &str, entries: &[Entry]) -> Result<PooledEvent, StoreError> {
        let store = self.get()?.create_from(name, entries)?;
        Ok(self.event(&store))
    }

    fn event(&self, store: &PostgresStore) -> PooledEvent {
        PooledEvent {
            pool: self.clone(),
            event_id: store.event_id,
            name: store.name.clone(),
        }
    }
}

/// One event of a pooled database: each call borrows a connection.
pub struct PooledEvent {
    pool: PostgresPool,
    event_id: i64,
    name: String,
}

impl PooledEvent {
    /// The event's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    fn store(&self) -> Result<PostgresStore, StoreError> {
        Ok(PostgresStore {
            db: self.pool.get()?,
            event_id: self.event_id,
            name: self.name.clone(),
        })
    }
}

impl JournalStore for PooledEvent {
    fn entries(&mut self) -> Result<Vec<Entry>, StoreError> {
        self.store()?.entries()
    }

    fn append(&mut self, after: u64, line: &str, events: &[Event]) -> Result<Vec<u64>, StoreError> {
        self.store()?.append(after, line, events)
    }

    fn restore(&mut self, entries: &[Entry]) -> Result<(), StoreError> {
        self.store()?.restore(entries)
    }

    fn last_seq(&mut self) -> Result<u64, StoreError> {
        self.store()?.last_seq()
    }
}
