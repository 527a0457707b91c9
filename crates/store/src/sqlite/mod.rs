//! The SQLite backend: one file per event, WAL mode, one transaction per
//! command.
//!
//! * [`SqliteStore::create_with`] makes a new event atomically, holding its
//!   first command ([`create`]).
//! * [`SqliteStore::open`] opens an event to write (upgrading its schema);
//!   [`SqliteStore::open_read_only`] opens it to read only: no schema
//!   change, no WAL switch, no write of any kind, so write-protected events
//!   and foreign files are never modified.
//! * Lock contention between writers is absorbed here: SQLite's busy
//!   timeout, then retries with backoff ([`crate::Backoff`]). What remains
//!   for the caller is a real [`StoreError::Conflict`].
//! * [`SqliteWatch`] tells a server that another process changed an event.

mod create;
mod errors;
mod watch;

use std::path::{Path, PathBuf};
use std::time::Duration;

use arbiter_model::journal::Event;
use rusqlite::{
    Connection, OpenFlags, OptionalExtension, Transaction, TransactionBehavior, params,
};

use crate::backoff::retry_busy;
use crate::migrations::{self, APPLICATION_ID};
use crate::{CommandInfo, Entry, JournalStore, StoreError, clock};
use errors::AtPath;

pub use watch::SqliteWatch;

/// How long SQLite itself waits for a lock before the store's own retries.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// An open event file.
pub struct SqliteStore {
    conn: Connection,
    path: PathBuf,
}

impl SqliteStore {
    /// Creates a new event whose journal is empty; fails if `path` exists.
    /// Prefer [`SqliteStore::create_with`], which stores the first command
    /// in the same atomic step.
    pub fn create(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::create_with(path, "", &[])
    }

    /// Creates a new event file holding `events` as its first command
    /// (`line` as typed), atomically: afterwards the file exists complete, or
    /// not at all. Fails with [`StoreError::AlreadyExists`] if `path` exists,
    /// also when another process creates it at the same moment. The caller
    /// validates `events` first (they are stored as given).
    pub fn create_with(
        path: &Path,
        line: &str,
        events: &[Event],
    ) -> Result<SqliteStore, StoreError> {
        let command = (!events.is_empty()).then(|| CommandInfo {
            id: 1,
            recorded_at: clock::now_rfc3339(),
            line: line.to_string(),
        });
        create::create_atomically(
            path,
            &|tx| match &command {
                Some(c) => insert_command(tx, path, c, events.iter().zip(1..)),
                None => Ok(()),
            },
            SqliteStore::open,
        )
    }

    /// Creates a new event file holding a copy of `entries` (their `seq`s,
    /// commands, times and lines kept), atomically like
    /// [`SqliteStore::create_with`].
    pub fn create_from(path: &Path, entries: &[Entry]) -> Result<SqliteStore, StoreError> {
        create::create_atomically(
            path,
            &|tx| restore_into(tx, path, entries),
            SqliteStore::open,
        )
    }

    /// Opens an existing event file to read and write, bringing its schema
    /// up to date.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        retry_busy(|| {
            let conn = connect(path, Mode::ReadWrite)?;
            if conn.is_readonly("main").at(path)? {
                return Err(StoreError::ReadOnly {
                    path: path.display().to_string(),
                    detail: "the file or its folder is write-protected; \
                             commands that only read it still work"
                        .into(),
                });
            }
            let mut store = SqliteStore {
                conn,
                path: path.to_path_buf(),
            };
            let version = store.check_header()?;
            store.prepare_for_writing(version)?;
            Ok(store)
        })
    }

    /// Opens an existing event file to read only: nothing in it is changed
    /// (no schema creation, no journal-mode switch, no write). A
    /// file no writer can be changing ([`nobody_can_write`]) is opened as
    /// immutable, so that not even SQLite's shared-memory companion files
    /// are created beside it.
    pub fn open_read_only(path: &Path) -> Result<SqliteStore, StoreError> {
        retry_busy(|| {
            let conn = if nobody_can_write(path) {
                connect(path, Mode::Immutable)?
            } else {
                connect(path, Mode::ReadOnly)?
            };
            let store = SqliteStore {
                conn,
                path: path.to_path_buf(),
            };
            let version = store.check_header()?;
            if version < migrations::latest() {
                return Err(StoreError::TooOld {
                    path: path.display().to_string(),
                    found: version,
                });
            }
            Ok(store)
        })
    }

    /// The event file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Checks the application id and the schema version before anything
    /// else touches the file; returns the version.
    fn check_header(&self) -> Result<u32, StoreError> {
        let not_event = |detail: String| StoreError::NotAnEvent {
            path: self.path.display().to_string(),
            detail,
        };
        let app: i32 = self
            .conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .at(&self.path)?;
        if app != APPLICATION_ID {
            return Err(not_event(match app {
                0 => "a file without Arbiter's application id".into(),
                _ => format!("application id {app:#x}"),
            }));
        }
        let version = self.schema_version()?;
        if version == 0 {
            return Err(not_event("it has no journal".into()));
        }
        if version > migrations::latest() {
            return Err(StoreError::TooNew {
                path: self.path.display().to_string(),
                found: version,
                known: migrations::latest(),
            });
        }
        Ok(version)
    }

    /// WAL, full sync, foreign keys, and the missing migrations.
    fn prepare_for_writing(&mut self, version: u32) -> Result<(), StoreError> {
        let path = self.path.clone();
        let mode: String = self
            .conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .at(&path)?;
        if !mode.eq_ignore_ascii_case("wal") {
            let mode: String = self
                .conn
                .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))
                .at(&path)?;
            if !mode.eq_ignore_ascii_case("wal") {
                return Err(StoreError::Access {
                    path: path.display().to_string(),
                    detail: format!("cannot use WAL mode (got {mode})"),
                });
            }
        }
        // A command reported done survives a power cut, not only a crash.
        self.conn
            .pragma_update(None, "synchronous", "FULL")
            .at(&path)?;
        self.conn
            .pragma_update(None, "foreign_keys", "ON")
            .at(&path)?;
        if version < migrations::latest() {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)
                .at(&path)?;
            // Another process may have upgraded it meanwhile.
            let now = read_version(&tx, &path)?;
            apply_migrations(&tx, &path, now)?;
            tx.commit().at(&path)?;
        }
        Ok(())
    }

    /// The schema version of the file (0 for a file without the journal).
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        read_version(&self.conn, &self.path)
    }

    /// Runs SQLite's own consistency check (`PRAGMA integrity_check`);
    /// `"ok"` when the file is sound.
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        self.conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .at(&self.path)
    }
}

/// No process can be writing to the event at `path`: the file is
/// write-protected (for the caller) and its WAL is empty. (A write-protected
/// folder needs nothing special: SQLite then reads a WAL-mode file without
/// creating its companions.)
fn nobody_can_write(path: &Path) -> bool {
    rustix::fs::access(path, rustix::fs::Access::WRITE_OK).is_err()
        && std::fs::metadata(create::sibling(path, "-wal")).map_or(true, |m| m.len() == 0)
}

/// How a connection opens the file.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    ReadWrite,
    ReadOnly,
    /// Read-only, and nobody changes the file meanwhile (SQLite's
    /// `immutable=1`: no locks, no companion files).
    Immutable,
}

/// Opens a connection and sets the busy timeout, after checking that the
/// path is a regular file.
fn connect(path: &Path, mode: Mode) -> Result<Connection, StoreError> {
    let shown = || path.display().to_string();
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(StoreError::NotFound { path: shown() });
        }
        Err(e) => {
            return Err(StoreError::Access {
                path: shown(),
                detail: e.to_string(),
            });
        }
        Ok(m) if m.is_dir() => return Err(StoreError::IsADirectory { path: shown() }),
        Ok(m) if !m.is_file() => {
            return Err(StoreError::NotAnEvent {
                path: shown(),
                detail: "not a regular file".into(),
            });
        }
        Ok(_) => {}
    }
    let conn = match mode {
        Mode::ReadWrite => Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        ),
        Mode::ReadOnly => Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        ),
        Mode::Immutable => Connection::open_with_flags(
            immutable_uri(path),
            OpenFlags::SQLITE_OPEN_READ_ONLY
                | OpenFlags::SQLITE_OPEN_URI
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        ),
    }
    .at(path)?;
    conn.busy_timeout(BUSY_TIMEOUT).at(path)?;
    Ok(conn)
}

/// `file:PATH?immutable=1`, the path percent-encoded.
fn immutable_uri(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt;
    let mut uri = String::from("file:");
    for &b in path.as_os_str().as_bytes() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                uri.push(b as char)
            }
            _ => uri.push_str(&format!("%{b:02X}")),
        }
    }
    uri.push_str("?immutable=1");
    uri
}

fn read_version(conn: &Connection, path: &Path) -> Result<u32, StoreError> {
    let has_table: bool = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'",
            [],
            |r| r.get::<_, i64>(0),
        )
        .map(|n| n > 0)
        .at(path)?;
    if !has_table {
        return Ok(0);
    }
    Ok(conn
        .query_row("SELECT version FROM schema_version", [], |r| {
            r.get::<_, u32>(0)
        })
        .optional()
        .at(path)?
        .unwrap_or(0))
}

/// Applies migrations `from..` inside `tx`.
fn apply_migrations(tx: &Transaction, path: &Path, from: u32) -> Result<(), StoreError> {
    for (i, sql) in migrations::SQLITE.iter().enumerate().skip(from as usize) {
        tx.execute_batch(sql).at(path)?;
        tx.execute("UPDATE schema_version SET version = ?1", [i as u32 + 1])
            .at(path)?;
    }
    Ok(())
}

/// Writes one command and its entries (`(event, seq)` pairs).
fn insert_command<'a>(
    tx: &Transaction,
    path: &Path,
    command: &CommandInfo,
    entries: impl Iterator<Item = (&'a Event, u64)>,
) -> Result<(), StoreError> {
    tx.execute(
        "INSERT INTO commands (id, recorded_at, line) VALUES (?1, ?2, ?3)",
        params![command.id as i64, command.recorded_at, command.line],
    )
    .at(path)?;
    let mut insert = tx
        .prepare("INSERT INTO journal (seq, command_id, kind, payload) VALUES (?1, ?2, ?3, ?4)")
        .at(path)?;
    for (event, seq) in entries {
        let payload = serde_json::to_string(event).map_err(|e| StoreError::Payload {
            seq,
            detail: e.to_string(),
        })?;
        insert
            .execute(params![
                seq as i64,
                command.id as i64,
                event.kind(),
                payload
            ])
            .at(path)?;
    }
    Ok(())
}

/// Writes `entries` verbatim, grouped by their commands.
fn restore_into(tx: &Transaction, path: &Path, entries: &[Entry]) -> Result<(), StoreError> {
    for group in entries.chunk_by(|a, b| a.command == b.command) {
        insert_command(
            tx,
            path,
            &group[0].command,
            group.iter().map(|e| (&e.event, e.seq)),
        )?;
    }
    Ok(())
}

fn last_seq(conn: &Connection, path: &Path) -> Result<u64, StoreError> {
    conn.query_row("SELECT coalesce(max(seq), 0) FROM journal", [], |r| {
        r.get::<_, i64>(0)
    })
    .map(|n| n as u64)
    .at(path)
}

impl SqliteStore {
    fn read_entries(&self) -> Result<Vec<Entry>, StoreError> {
        let path = &self.path;
        let mut stmt = self
            .conn
            .prepare(
                "SELECT j.seq, j.payload, c.id, c.recorded_at, c.line
                 FROM journal j JOIN commands c ON c.id = j.command_id
                 ORDER BY j.seq",
            )
            .at(path)?;
        let rows = stmt
            .query_map([], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    CommandInfo {
                        id: r.get::<_, i64>(2)? as u64,
                        recorded_at: r.get(3)?,
                        line: r.get(4)?,
                    },
                ))
            })
            .at(path)?;
        let mut out = Vec::new();
        for row in rows {
            let (seq, payload, command) = row.at(path)?;
            let seq = seq as u64;
            let event: Event = serde_json::from_str(&payload).map_err(|e| StoreError::Payload {
                seq,
                detail: e.to_string(),
            })?;
            out.push(Entry {
                seq,
                command,
                event,
            });
        }
        Ok(out)
    }

    /// Starts a write transaction (taking the write lock) if the journal
    /// still ends at `after`.
    fn begin_after(&mut self, after: u64) -> Result<Transaction<'_>, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .at(&self.path)?;
        let found = last_seq(&tx, &self.path)?;
        if found != after {
            return Err(StoreError::Conflict {
                expected: after,
                found,
            });
        }
        Ok(tx)
    }

    fn try_append(
        &mut self,
        after: u64,
        line: &str,
        events: &[Event],
    ) -> Result<Vec<u64>, StoreError> {
        let path = self.path.clone();
        let tx = self.begin_after(after)?;
        if events.is_empty() {
            return Ok(Vec::new());
        }
        let id: i64 = tx
            .query_row("SELECT coalesce(max(id), 0) + 1 FROM commands", [], |r| {
                r.get(0)
            })
            .at(&path)?;
        let command = CommandInfo {
            id: id as u64,
            recorded_at: clock::now_rfc3339(),
            line: line.to_string(),
        };
        insert_command(&tx, &path, &command, events.iter().zip(after + 1..))?;
        tx.commit().at(&path)?;
        Ok((after + 1..=after + events.len() as u64).collect())
    }

    fn try_restore(&mut self, entries: &[Entry]) -> Result<(), StoreError> {
        let path = self.path.clone();
        let tx = self.begin_after(0)?;
        restore_into(&tx, &path, entries)?;
        tx.commit().at(&path)
    }
}

impl JournalStore for SqliteStore {
    fn entries(&mut self) -> Result<Vec<Entry>, StoreError> {
        retry_busy(|| self.read_entries())
    }

    fn append(&mut self, after: u64, line: &str, events: &[Event]) -> Result<Vec<u64>, StoreError> {
        retry_busy(|| self.try_append(after, line, events))
    }

    fn restore(&mut self, entries: &[Entry]) -> Result<(), StoreError> {
        retry_busy(|| self.try_restore(entries))
    }

    fn last_seq(&mut self) -> Result<u64, StoreError> {
        retry_busy(|| last_seq(&self.conn, &self.path))
    }
}

#[cfg(test)]
mod tests;
