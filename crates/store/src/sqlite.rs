//! The SQLite backend: one file per event, WAL mode, one transaction per
//! command.

use std::path::{Path, PathBuf};

use arbiter_model::journal::Event;
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};

use crate::migrations::{self, APPLICATION_ID};
use crate::{CommandInfo, Entry, JournalStore, StoreError, clock};

/// An open event file.
pub struct SqliteStore {
    conn: Connection,
    path: PathBuf,
}

impl SqliteStore {
    /// Creates a new, empty event file; fails if `path` exists.
    pub fn create(path: &Path) -> Result<SqliteStore, StoreError> {
        if path.exists() {
            return Err(StoreError::AlreadyExists {
                path: path.display().to_string(),
            });
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
        )?;
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        Self::ready(conn, path)
    }

    /// Opens an existing event file, bringing its schema up to date.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        if !path.is_file() {
            return Err(StoreError::NotFound {
                path: path.display().to_string(),
            });
        }
        let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_WRITE)?;
        let not_event = |detail: String| StoreError::NotAnEvent {
            path: path.display().to_string(),
            detail,
        };
        let app: i32 = conn
            .pragma_query_value(None, "application_id", |r| r.get(0))
            .map_err(|e| not_event(e.to_string()))?;
        if app != APPLICATION_ID {
            return Err(not_event(format!("application id {app:#x}")));
        }
        Self::ready(conn, path)
    }

    fn ready(conn: Connection, path: &Path) -> Result<SqliteStore, StoreError> {
        conn.busy_timeout(std::time::Duration::from_secs(10))?;
        let mode: String =
            conn.pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError::NotAnEvent {
                path: path.display().to_string(),
                detail: format!("cannot use WAL mode (got {mode})"),
            });
        }
        // A command reported done survives a power cut, not only a crash.
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let mut store = SqliteStore {
            conn,
            path: path.to_path_buf(),
        };
        store.migrate()?;
        Ok(store)
    }

    /// The schema version of the file (0 for a new file).
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        let has_table: bool = self
            .conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'",
                [],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n > 0)?;
        if !has_table {
            return Ok(0);
        }
        Ok(self
            .conn
            .query_row("SELECT version FROM schema_version", [], |r| {
                r.get::<_, u32>(0)
            })
            .optional()?
            .unwrap_or(0))
    }

    /// Applies the missing migrations, each in its own transaction.
    fn migrate(&mut self) -> Result<(), StoreError> {
        let found = self.schema_version()?;
        let known = migrations::latest();
        if found > known {
            return Err(StoreError::TooNew {
                path: self.path.display().to_string(),
                found,
                known,
            });
        }
        for (i, sql) in migrations::SQLITE.iter().enumerate().skip(found as usize) {
            let tx = self
                .conn
                .transaction_with_behavior(TransactionBehavior::Immediate)?;
            tx.execute_batch(sql)?;
            tx.execute("UPDATE schema_version SET version = ?1", [i as u32 + 1])?;
            tx.commit()?;
        }
        Ok(())
    }

    /// Runs SQLite's own consistency check (`PRAGMA integrity_check`).
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))?)
    }
}

impl JournalStore for SqliteStore {
    fn entries(&mut self) -> Result<Vec<Entry>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT j.seq, j.payload, c.id, c.recorded_at, c.line
             FROM journal j JOIN commands c ON c.id = j.command_id
             ORDER BY j.seq",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                CommandInfo {
                    id: r.get::<_, i64>(2)? as u64,
                    recorded_at: r.get(3)?,
                    line: r.get(4)?,
                },
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (seq, payload, command) = row?;
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

    fn append(&mut self, after: u64, line: &str, events: &[Event]) -> Result<Vec<u64>, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let found: i64 = tx.query_row("SELECT coalesce(max(seq), 0) FROM journal", [], |r| {
            r.get(0)
        })?;
        if found as u64 != after {
            return Err(StoreError::Conflict {
                expected: after,
                found: found as u64,
            });
        }
        if events.is_empty() {
            return Ok(Vec::new());
        }
        tx.execute(
            "INSERT INTO commands (recorded_at, line) VALUES (?1, ?2)",
            params![clock::now_rfc3339(), line],
        )?;
        let command_id = tx.last_insert_rowid();
        let mut seqs = Vec::with_capacity(events.len());
        {
            let mut insert = tx.prepare(
                "INSERT INTO journal (seq, command_id, kind, payload) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (i, event) in events.iter().enumerate() {
                let seq = after + i as u64 + 1;
                let payload = serde_json::to_string(event).map_err(|e| StoreError::Payload {
                    seq,
                    detail: e.to_string(),
                })?;
                insert.execute(params![seq as i64, command_id, event.kind(), payload])?;
                seqs.push(seq);
            }
        }
        tx.commit()?;
        Ok(seqs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("arbiter-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        let _ = std::fs::remove_file(&p);
        p
    }

    #[test]
    fn appends_and_reads_back() {
        let path = temp("a.arb");
        let mut s = SqliteStore::create(&path).unwrap();
        let created = Event::EventCreated {
            name: "Open".into(),
        };
        assert_eq!(
            s.append(0, "arbiter new", std::slice::from_ref(&created))
                .unwrap(),
            vec![1]
        );
        assert!(matches!(
            s.append(0, "late", std::slice::from_ref(&created)),
            Err(StoreError::Conflict {
                expected: 0,
                found: 1
            })
        ));
        drop(s);
        let mut s = SqliteStore::open(&path).unwrap();
        let e = s.entries().unwrap();
        assert_eq!(e.len(), 1);
        assert_eq!(e[0].event, created);
        assert_eq!(e[0].command.line, "arbiter new");
        assert_eq!(s.schema_version().unwrap(), migrations::latest());
        assert!(SqliteStore::create(&path).is_err());
    }

    #[test]
    fn the_journal_refuses_updates_and_deletes() {
        let path = temp("b.arb");
        let mut s = SqliteStore::create(&path).unwrap();
        s.append(0, "new", &[Event::EventCreated { name: "X".into() }])
            .unwrap();
        assert!(s.conn.execute("DELETE FROM journal", []).is_err());
        assert!(s.conn.execute("UPDATE journal SET kind = 'x'", []).is_err());
        assert_eq!(s.entries().unwrap().len(), 1);
    }

    #[test]
    fn other_files_are_refused() {
        let path = temp("c.txt");
        std::fs::write(&path, "hello").unwrap();
        assert!(matches!(
            SqliteStore::open(&path),
            Err(StoreError::NotAnEvent { .. })
        ));
        assert!(matches!(
            SqliteStore::open(&temp("missing.arb")),
            Err(StoreError::NotFound { .. })
        ));
    }
}
