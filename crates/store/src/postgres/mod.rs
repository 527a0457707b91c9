//! The PostgreSQL backend (issue 15 part 3): one database holds many
//! events; each event's journal is rows keyed `(event, seq)`.
//!
//! * [`Postgres::connect`] brings the schema up to date (ordered migrations,
//!   serialised between servers by an advisory lock);
//! * [`Postgres::create_with`] creates an event with its first command in one
//!   transaction; [`Postgres::open`] opens one; [`Postgres::events`] lists them;
//! * appends are optimistic: two writers that folded the same journal both
//!   try to insert the same `(event, seq)`; the unique key lets one through
//!   and the other gets [`StoreError::Conflict`];
//! * every append notifies channel [`CHANNEL`] with the event's name on
//!   commit, for [`Notifier`] (live updates across servers, part 4).
//!
//! The synchronous `postgres` client is used because [`JournalStore`] is
//! synchronous (a web server calls it from a blocking task).

mod notify;
mod pool;

use std::time::Duration;

use arbiter_model::journal::Event;
use postgres::error::SqlState;
use postgres::{Client, Config, NoTls, Transaction};

use crate::Backoff;
use crate::migrations;
use crate::{CommandInfo, Entry, JournalStore, StoreError, clock};

pub use notify::Notifier;
pub use pool::{PooledEvent, PostgresPool};

/// The notification channel of journal changes; the payload is the event's name.
pub const CHANNEL: &str = "arbiter_journal";

/// Longest event name (a notification payload must stay under 8000 bytes).
const MAX_NAME: usize = 200;

/// A connection to an Arbiter database.
pub struct Postgres {
    client: Connection,
    /// The server and database, without password, for messages.
    target: String,
}

/// A connection of its own, or one lent by a [`PostgresPool`] (given back
/// when dropped).
enum Connection {
    Own(Client),
    Pooled(r2d2::PooledConnection<pool::Manager>),
}

impl std::ops::Deref for Connection {
    type Target = Client;
    fn deref(&self) -> &Client {
        match self {
            Connection::Own(c) => c,
            Connection::Pooled(c) => c,
        }
    }
}

impl std::ops::DerefMut for Connection {
    fn deref_mut(&mut self) -> &mut Client {
        match self {
            Connection::Own(c) => c,
            Connection::Pooled(c) => c,
        }
    }
}

/// One event of a database, as listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventSummary {
    pub name: String,
    /// UTC, RFC 3339.
    pub created_at: String,
    /// `seq` of the journal's last entry.
    pub last_seq: u64,
}

impl Postgres {
    /// Connects to the database at `url` (`postgres://user@host:port/db`
    /// or `host=… dbname=…`) and applies the missing migrations.
    pub fn connect(url: &str) -> Result<Postgres, StoreError> {
        let (client, target) = connect_client(url)?;
        let mut db = Postgres {
            client: Connection::Own(client),
            target,
        };
        db.migrate()?;
        Ok(db)
    }

    /// The server and database, for messages (no password).
    pub fn target(&self) -> &str {
        &self.target
    }

    /// The schema version of the database.
    pub fn schema_version(&mut self) -> Result<u32, StoreError> {
        let target = self.target.clone();
        read_version(&mut *self.client, &target)
    }

    fn migrate(&mut self) -> Result<(), StoreError> {
        let target = self.target.clone();
        let known = migrations::latest_postgres();
        if read_version(&mut *self.client, &target)? == known {
            return Ok(());
        }
        let mut tx = self.client.transaction().map_err(|e| server(&target, &e))?;
        // Servers starting together migrate one after the other.
        tx.execute("SELECT pg_advisory_xact_lock(4152424901)", &[])
            .map_err(|e| server(&target, &e))?;
        let found = read_version(&mut tx, &target)?;
        if found > known {
            return Err(StoreError::TooNew {
                path: target,
                found,
                known,
            });
        }
        for (i, sql) in migrations::POSTGRES.iter().enumerate().skip(found as usize) {
            tx.batch_execute(sql).map_err(|e| server(&target, &e))?;
            tx.execute(
                "UPDATE arbiter_schema_version SET version = $1",
                &[&(i as i32 + 1)],
            )
            .map_err(|e| server(&target, &e))?;
        }
        tx.commit().map_err(|e| server(&target, &e))
    }

    /// Every event of the database, by name.
    pub fn events(&mut self) -> Result<Vec<EventSummary>, StoreError> {
        let rows = self
            .client
            .query(
                "SELECT e.name, e.created_at, coalesce(max(j.seq), 0)
                 FROM arbiter_events e LEFT JOIN arbiter_journal j ON j.event_id = e.id
                 GROUP BY e.id ORDER BY e.name",
                &[],
            )
            .map_err(|e| server(&self.target, &e))?;
        Ok(rows
            .iter()
            .map(|r| EventSummary {
                name: r.get(0),
                created_at: r.get(1),
                last_seq: r.get::<_, i64>(2) as u64,
            })
            .collect())
    }

    /// The names of every event, sorted (one look at the events table).
    pub fn names(&mut self) -> Result<Vec<String>, StoreError> {
        let rows = self
            .client
            .query("SELECT name FROM arbiter_events ORDER BY name", &[])
            .map_err(|e| server(&self.target, &e))?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// Is there an event `name`?
    pub fn exists(&mut self, name: &str) -> Result<bool, StoreError> {
        let row = self
            .client
            .query_opt("SELECT 1 FROM arbiter_events WHERE name = $1", &[&name])
            .map_err(|e| server(&self.target, &e))?;
        Ok(row.is_some())
    }

    /// Opens the event `name`.
    pub fn open(mut self, name: &str) -> Result<PostgresStore, StoreError> {
        let row = self
            .client
            .query_opt("SELECT id FROM arbiter_events WHERE name = $1", &[&name])
            .map_err(|e| server(&self.target, &e))?;
        match row {
            Some(r) => Ok(PostgresStore {
                event_id: r.get(0),
                name: name.to_string(),
                db: self,
            }),
            None => Err(StoreError::NotFound {
                path: format!("{}#{name}", self.target),
            }),
        }
    }

    /// Creates the event `name` holding `events` as its first command, in
    /// one transaction; [`StoreError::AlreadyExists`] if the name is taken
    /// (also by a concurrent creation).
    pub fn create_with(
        self,
        name: &str,
        line: &str,
        events: &[Event],
    ) -> Result<PostgresStore, StoreError> {
        let command = CommandInfo {
            id: 1,
            recorded_at: clock::now_rfc3339(),
            line: line.to_string(),
        };
        self.create_from(name, &numbered(&command, events, 1))
    }

    /// Creates the event `name` holding a copy of `entries` (their `seq`s,
    /// commands, times and lines kept), in one transaction.
    pub fn create_from(
        mut self,
        name: &str,
        entries: &[Entry],
    ) -> Result<PostgresStore, StoreError> {
        let shown = format!("{}#{name}", self.target);
        if name.is_empty() || name.len() > MAX_NAME || name.chars().any(char::is_control) {
            return Err(StoreError::Access {
                path: shown,
                detail: format!(
                    "an event name has 1 to {MAX_NAME} bytes and no control characters"
                ),
            });
        }
        let target = self.target.clone();
        let mut tx = self.client.transaction().map_err(|e| server(&target, &e))?;
        let row = tx
            .query_opt(
                "INSERT INTO arbiter_events (name, created_at) VALUES ($1, $2)
                 ON CONFLICT (name) DO NOTHING RETURNING id",
                &[&name, &clock::now_rfc3339()],
            )
            .map_err(|e| server(&target, &e))?;
        let Some(row) = row else {
            return Err(StoreError::AlreadyExists { path: shown });
        };
        let event_id: i64 = row.get(0);
        for group in entries.chunk_by(|a, b| a.command == b.command) {
            insert_command(&mut tx, &target, event_id, &group[0].command, group).map_err(|e| {
                match e {
                    WriteError::Store(e) => e,
                    // The event is new: nobody else can write to it yet.
                    WriteError::Raced => StoreError::Payload {
                        seq: group[0].seq,
                        detail: "two entries or commands with the same number".into(),
                    },
                }
            })?;
        }
        notify(&mut tx, &target, name)?;
        tx.commit().map_err(|e| server(&target, &e))?;
        Ok(PostgresStore {
            db: self,
            event_id,
            name: name.to_string(),
        })
    }
}

/// One event of a PostgreSQL database.
pub struct PostgresStore {
    db: Postgres,
    event_id: i64,
    name: String,
}

impl PostgresStore {
    /// The event's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The connection, to open another event with it.
    pub fn into_database(self) -> Postgres {
        self.db
    }

    fn try_append(
        &mut self,
        after: u64,
        line: &str,
        events: &[Event],
    ) -> Result<Vec<u64>, WriteError> {
        let target = self.db.target.clone();
        let mut tx = begin_after(&mut self.db.client, &target, self.event_id, after)?;
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let id: i64 = tx
            .query_one(
                "SELECT coalesce(max(id), 0) + 1 FROM arbiter_commands WHERE event_id = $1",
                &[&self.event_id],
            )
            .map_err(|e| server(&target, &e))?
            .get(0);
        let command = CommandInfo {
            id: id as u64,
            recorded_at: clock::now_rfc3339(),
            line: line.to_string(),
        };
        let entries = numbered(&command, events, after + 1);
        insert_command(&mut tx, &target, self.event_id, &command, &entries)?;
        notify(&mut tx, &target, &self.name)?;
        tx.commit().map_err(write_error(&target))?;
        Ok(entries.iter().map(|e| e.seq).collect())
    }

    fn try_restore(&mut self, entries: &[Entry]) -> Result<(), WriteError> {
        let target = self.db.target.clone();
        let mut tx = begin_after(&mut self.db.client, &target, self.event_id, 0)?;
        for group in entries.chunk_by(|a, b| a.command == b.command) {
            insert_command(&mut tx, &target, self.event_id, &group[0].command, group)?;
        }
        notify(&mut tx, &target, &self.name)?;
        tx.commit().map_err(write_error(&target))
    }

    /// After a unique-key violation: the conflict, with the journal's end now.
    fn conflict(&mut self, after: u64) -> StoreError {
        match self.last_seq() {
            Ok(found) => StoreError::Conflict {
                expected: after,
                found,
            },
            Err(e) => e,
        }
    }
}

impl JournalStore for PostgresStore {
    fn entries(&mut self) -> Result<Vec<Entry>, StoreError> {
        let target = &self.db.target;
        let rows = self
            .db
            .client
            .query(
                "SELECT j.seq, j.payload::text, c.id, c.recorded_at, c.line
                 FROM arbiter_journal j
                 JOIN arbiter_commands c ON c.event_id = j.event_id AND c.id = j.command_id
                 WHERE j.event_id = $1 ORDER BY j.seq",
                &[&self.event_id],
            )
            .map_err(|e| server(target, &e))?;
        rows.iter()
            .map(|r| {
                let seq = r.get::<_, i64>(0) as u64;
                let payload: &str = r.get(1);
                let event = serde_json::from_str(payload).map_err(|e| StoreError::Payload {
                    seq,
                    detail: e.to_string(),
                })?;
                Ok(Entry {
                    seq,
                    command: CommandInfo {
                        id: r.get::<_, i64>(2) as u64,
                        recorded_at: r.get(3),
                        line: r.get(4),
                    },
                    event,
                })
            })
            .collect()
    }

    fn append(&mut self, after: u64, line: &str, events: &[Event]) -> Result<Vec<u64>, StoreError> {
        let mut backoff = Backoff::for_locks();
        loop {
            match self.try_append(after, line, events) {
                Ok(seqs) => return Ok(seqs),
                Err(WriteError::Raced) => return Err(self.conflict(after)),
                Err(WriteError::Store(e)) if e.is_busy() && backoff.wait() => continue,
                Err(WriteError::Store(e)) => return Err(e),
            }
        }
    }

    fn restore(&mut self, entries: &[Entry]) -> Result<(), StoreError> {
        match self.try_restore(entries) {
            Ok(()) => Ok(()),
            Err(WriteError::Raced) => Err(self.conflict(0)),
            Err(WriteError::Store(e)) => Err(e),
        }
    }

    fn last_seq(&mut self) -> Result<u64, StoreError> {
        let target = self.db.target.clone();
        last_seq(&mut *self.db.client, &target, self.event_id)
    }
}

/// Connects with a bounded connect timeout; returns the client and the
/// target for messages.
pub(crate) fn connect_client(url: &str) -> Result<(Client, String), StoreError> {
    let (config, target) = config_of(url)?;
    let client = config.connect(NoTls).map_err(|e| StoreError::Server {
        target: target.clone(),
        detail: format!("cannot connect: {}", cause(&e)),
    })?;
    Ok((client, target))
}

/// The configuration of `url`, with a bounded connect timeout, and the
/// target for messages.
pub(crate) fn config_of(url: &str) -> Result<(Config, String), StoreError> {
    let mut config: Config = url.parse().map_err(|_| StoreError::Server {
        target: "database URL".into(),
        detail: "not a PostgreSQL connection string (postgres://user@host:port/database)".into(),
    })?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(Duration::from_secs(10));
    }
    let target = describe(&config);
    Ok((config, target))
}

/// `postgres://user@host:port/database`, without the password.
fn describe(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(h)) => h.clone(),
        Some(postgres::config::Host::Unix(p)) => p.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let user = config.get_user().unwrap_or("");
    let db = config.get_dbname().unwrap_or(user);
    format!("postgres://{user}@{host}:{port}/{db}")
}

/// The innermost message of an error (the driver wraps I/O errors).
fn cause(e: &dyn std::error::Error) -> String {
    let mut inner = e;
    while let Some(next) = inner.source() {
        inner = next;
    }
    inner.to_string()
}

/// A server error in words: the server's own message (which never quotes
/// our statements), or the connection failure.
pub(crate) fn server(target: &str, e: &postgres::Error) -> StoreError {
    let target = target.to_string();
    match e.as_db_error() {
        Some(db)
            if *db.code() == SqlState::T_R_SERIALIZATION_FAILURE
                || *db.code() == SqlState::T_R_DEADLOCK_DETECTED
                || *db.code() == SqlState::LOCK_NOT_AVAILABLE =>
        {
            StoreError::Busy { path: target }
        }
        Some(db) => StoreError::Server {
            target,
            detail: db.message().to_string(),
        },
        None if e.is_closed() => StoreError::Server {
            target,
            detail: "the connection to the server was lost".into(),
        },
        None => StoreError::Server {
            target,
            detail: cause(e),
        },
    }
}

fn read_version(
    client: &mut impl postgres::GenericClient,
    target: &str,
) -> Result<u32, StoreError> {
    let exists: bool = client
        .query_one(
            "SELECT to_regclass('arbiter_schema_version') IS NOT NULL",
            &[],
        )
        .map_err(|e| server(target, &e))?
        .get(0);
    if !exists {
        return Ok(0);
    }
    let row = client
        .query_opt("SELECT version FROM arbiter_schema_version", &[])
        .map_err(|e| server(target, &e))?;
    Ok(row.map_or(0, |r| r.get::<_, i32>(0) as u32))
}

fn last_seq(
    client: &mut impl postgres::GenericClient,
    target: &str,
    event_id: i64,
) -> Result<u64, StoreError> {
    let seq: i64 = client
        .query_one(
            "SELECT coalesce(max(seq), 0) FROM arbiter_journal WHERE event_id = $1",
            &[&event_id],
        )
        .map_err(|e| server(target, &e))?
        .get(0);
    Ok(seq as u64)
}

/// Starts a transaction if the event's journal still ends at `after`.
fn begin_after<'c>(
    client: &'c mut Client,
    target: &str,
    event_id: i64,
    after: u64,
) -> Result<Transaction<'c>, StoreError> {
    let mut tx = client.transaction().map_err(|e| server(target, &e))?;
    let found = last_seq(&mut tx, target, event_id)?;
    if found != after {
        return Err(StoreError::Conflict {
            expected: after,
            found,
        });
    }
    Ok(tx)
}

/// `events` as the entries of `command`, numbered from `first`.
fn numbered(command: &CommandInfo, events: &[Event], first: u64) -> Vec<Entry> {
    events
        .iter()
        .zip(first..)
        .map(|(event, seq)| Entry {
            seq,
            command: command.clone(),
            event: event.clone(),
        })
        .collect()
}

/// Why a write transaction failed.
enum WriteError {
    /// Another writer took the same `(event, seq)` or command id first.
    Raced,
    Store(StoreError),
}

impl From<StoreError> for WriteError {
    fn from(e: StoreError) -> WriteError {
        WriteError::Store(e)
    }
}

/// [`server`], except that a unique-key violation is a lost race.
fn write_error(target: &str) -> impl Fn(postgres::Error) -> WriteError + '_ {
    move |e| match e.as_db_error() {
        Some(db) if *db.code() == SqlState::UNIQUE_VIOLATION => WriteError::Raced,
        _ => WriteError::Store(server(target, &e)),
    }
}

/// Writes one command and its entries.
fn insert_command(
    tx: &mut Transaction,
    target: &str,
    event_id: i64,
    command: &CommandInfo,
    entries: &[Entry],
) -> Result<(), WriteError> {
    tx.execute(
        "INSERT INTO arbiter_commands (event_id, id, recorded_at, line) VALUES ($1, $2, $3, $4)",
        &[
            &event_id,
            &(command.id as i64),
            &command.recorded_at,
            &command.line,
        ],
    )
    .map_err(write_error(target))?;
    let insert = tx
        .prepare(
            "INSERT INTO arbiter_journal (event_id, seq, command_id, kind, payload)
             VALUES ($1, $2, $3, $4, $5::text::jsonb)",
        )
        .map_err(|e| server(target, &e))?;
    for entry in entries {
        let payload = serde_json::to_string(&entry.event).map_err(|e| StoreError::Payload {
            seq: entry.seq,
            detail: e.to_string(),
        })?;
        tx.execute(
            &insert,
            &[
                &event_id,
                &(entry.seq as i64),
                &(command.id as i64),
                &entry.event.kind(),
                &payload,
            ],
        )
        .map_err(write_error(target))?;
    }
    Ok(())
}

/// Tells the listeners, on commit, that the event's journal changed.
fn notify(tx: &mut Transaction, target: &str, name: &str) -> Result<(), StoreError> {
    tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &name])
        .map_err(|e| server(target, &e))?;
    Ok(())
}
