//! Accounts in the server database file `DIR/arbiter-server.sqlite`.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::{Counter, LogLine, Rows, SessionRow, UserRow, wait_ms};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('administrator', 'arbiter')),
    password_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS grants (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    event TEXT NOT NULL,
    PRIMARY KEY (user_id, event)
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    csrf TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS attempts (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    at_ms INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_by_key ON attempts (kind, key, at_ms);
CREATE TABLE IF NOT EXISTS account_log (
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL
);
";

pub(super) struct SqliteRows(Connection);

impl SqliteRows {
    pub(super) fn open(path: &Path) -> Result<SqliteRows, String> {
        let conn = Connection::open(path).map_err(text)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(text)?;
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;")
            .map_err(text)?;
        conn.execute_batch(SCHEMA).map_err(text)?;
        Ok(SqliteRows(conn))
    }
}

fn text(e: rusqlite::Error) -> String {
    e.to_string()
}

impl Rows for SqliteRows {
    fn insert_user(
        &mut self,
        name: &str,
        role: &str,
        hash: &str,
        at: i64,
    ) -> Result<Option<i64>, String> {
        let inserted = self
            .0
            .execute(
                "INSERT OR IGNORE INTO users (name, role, password_hash, created_at)
                 VALUES (?1, ?2, ?3, ?4)",
                params![name, role, hash, at],
            )
            .map_err(text)?;
        Ok((inserted == 1).then(|| self.0.last_insert_rowid()))
    }

    fn grant(&mut self, user_id: i64, event: &str) -> Result<(), String> {
        self.0
            .execute(
                "INSERT OR IGNORE INTO grants (user_id, event) VALUES (?1, ?2)",
                params![user_id, event],
            )
            .map(drop)
            .map_err(text)
    }

    fn user_names(&mut self) -> Result<Vec<String>, String> {
        let mut stmt = self
            .0
            .prepare("SELECT name FROM users ORDER BY name")
            .map_err(text)?;
        let rows = stmt.query_map([], |r| r.get(0)).map_err(text)?;
        rows.collect::<Result<_, _>>().map_err(text)
    }

    fn user(&mut self, name: &str) -> Result<Option<UserRow>, String> {
        self.0
            .query_row(
                "SELECT id, role, password_hash FROM users WHERE name = ?1",
                [name],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
            .map_err(text)
    }

    fn grants(&mut self, user_id: i64) -> Result<Vec<String>, String> {
        let mut stmt = self
            .0
            .prepare("SELECT event FROM grants WHERE user_id = ?1 ORDER BY event")
            .map_err(text)?;
        let rows = stmt.query_map([user_id], |r| r.get(0)).map_err(text)?;
        rows.collect::<Result<_, _>>().map_err(text)
    }

    fn insert_session(
        &mut self,
        token_hash: &str,
        user_id: i64,
        csrf: &str,
        expires_at: i64,
        now: i64,
    ) -> Result<(), String> {
        self.0
            .execute("DELETE FROM sessions WHERE expires_at < ?1", [now])
            .map_err(text)?;
        self.0
            .execute(
                "INSERT INTO sessions (token_hash, user_id, csrf, expires_at)
                 VALUES (?1, ?2, ?3, ?4)",
                params![token_hash, user_id, csrf, expires_at],
            )
            .map(drop)
            .map_err(text)
    }

    fn session(&mut self, token_hash: &str, now: i64) -> Result<Option<SessionRow>, String> {
        self.0
            .query_row(
                "SELECT u.id, u.name, u.role, s.csrf FROM sessions s JOIN users u ON u.id = s.user_id
                 WHERE s.token_hash = ?1 AND s.expires_at >= ?2",
                params![token_hash, now],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()
            .map_err(text)
    }

    fn end_session(&mut self, token_hash: &str) -> Result<(), String> {
        self.0
            .execute("DELETE FROM sessions WHERE token_hash = ?1", [token_hash])
            .map(drop)
            .map_err(text)
    }

    fn attempts_since(&mut self, kind: &str, key: &str, since: i64) -> Result<Vec<i64>, String> {
        let mut stmt = self
            .0
            .prepare(
                "SELECT at_ms FROM attempts WHERE kind = ?1 AND key = ?2 AND at_ms > ?3
                 ORDER BY at_ms",
            )
            .map_err(text)?;
        let rows = stmt
            .query_map(params![kind, key, since], |r| r.get(0))
            .map_err(text)?;
        rows.collect::<Result<_, _>>().map_err(text)
    }

    fn record_attempt(
        &mut self,
        kind: &str,
        keys: &[String],
        at: i64,
        forget_before: i64,
    ) -> Result<(), String> {
        let tx = self.0.transaction().map_err(text)?;
        tx.execute(
            "DELETE FROM attempts WHERE kind = ?1 AND at_ms <= ?2",
            params![kind, forget_before],
        )
        .map_err(text)?;
        for key in keys {
            tx.execute(
                "INSERT INTO attempts (kind, key, at_ms) VALUES (?1, ?2, ?3)",
                params![kind, key, at],
            )
            .map_err(text)?;
        }
        tx.commit().map_err(text)
    }

    fn clear_attempts(&mut self, kind: &str, key: &str) -> Result<(), String> {
        self.0
            .execute(
                "DELETE FROM attempts WHERE kind = ?1 AND key = ?2",
                params![kind, key],
            )
            .map(drop)
            .map_err(text)
    }

    fn admit(&mut self, counters: &[Counter<'_>], at: i64) -> Result<Option<i64>, String> {
        // IMMEDIATE: the write lock from the first read, so no other
        // admission (another connection, another server) reads in between.
        let tx = self
            .0
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(text)?;
        let mut wait = 0;
        for counter in counters.iter().filter(|c| c.max.is_some()) {
            let mut stmt = tx
                .prepare_cached(
                    "SELECT at_ms FROM attempts WHERE kind = ?1 AND key = ?2 AND at_ms > ?3
                     ORDER BY at_ms",
                )
                .map_err(text)?;
            let times: Vec<i64> = stmt
                .query_map(params![counter.kind, counter.key, counter.since], |r| {
                    r.get(0)
                })
                .map_err(text)?
                .collect::<Result<_, _>>()
                .map_err(text)?;
            wait = wait.max(wait_ms(counter, &times));
        }
        if wait > 0 {
            return Ok(Some(wait));
        }
        for counter in counters {
            tx.execute(
                "DELETE FROM attempts WHERE kind = ?1 AND at_ms <= ?2",
                params![counter.kind, counter.since],
            )
            .map_err(text)?;
            tx.execute(
                "INSERT INTO attempts (kind, key, at_ms) VALUES (?1, ?2, ?3)",
                params![counter.kind, counter.key, at],
            )
            .map_err(text)?;
        }
        tx.commit().map_err(text)?;
        Ok(None)
    }

    fn forget_attempt(&mut self, kind: &str, key: &str, at: i64) -> Result<(), String> {
        self.0
            .execute(
                "DELETE FROM attempts WHERE rowid IN (SELECT rowid FROM attempts
                 WHERE kind = ?1 AND key = ?2 AND at_ms = ?3 LIMIT 1)",
                params![kind, key, at],
            )
            .map(drop)
            .map_err(text)
    }

    fn remove_user(&mut self, user_id: i64) -> Result<(), String> {
        self.0
            .execute("DELETE FROM users WHERE id = ?1", [user_id])
            .map(drop)
            .map_err(text)
    }

    fn revoke(&mut self, user_id: i64, event: &str) -> Result<bool, String> {
        let tx = self.0.transaction().map_err(text)?;
        let taken = tx
            .execute(
                "DELETE FROM grants WHERE user_id = ?1 AND event = ?2",
                params![user_id, event],
            )
            .map_err(text)?;
        if taken == 0 {
            return Ok(false);
        }
        tx.execute("DELETE FROM sessions WHERE user_id = ?1", [user_id])
            .map_err(text)?;
        tx.commit().map_err(text)?;
        Ok(true)
    }

    fn set_password(&mut self, user_id: i64, hash: &str) -> Result<(), String> {
        let tx = self.0.transaction().map_err(text)?;
        tx.execute(
            "UPDATE users SET password_hash = ?1 WHERE id = ?2",
            params![hash, user_id],
        )
        .map_err(text)?;
        tx.execute("DELETE FROM sessions WHERE user_id = ?1", [user_id])
            .map_err(text)?;
        tx.commit().map_err(text)
    }

    fn sessions_of(&mut self, user_id: i64, now: i64) -> Result<Vec<i64>, String> {
        let mut stmt = self
            .0
            .prepare(
                "SELECT expires_at FROM sessions WHERE user_id = ?1 AND expires_at >= ?2
                 ORDER BY expires_at",
            )
            .map_err(text)?;
        let rows = stmt
            .query_map(params![user_id, now], |r| r.get(0))
            .map_err(text)?;
        rows.collect::<Result<_, _>>().map_err(text)
    }

    fn end_sessions(&mut self, user_id: i64) -> Result<usize, String> {
        self.0
            .execute("DELETE FROM sessions WHERE user_id = ?1", [user_id])
            .map_err(text)
    }

    fn append_log(&mut self, line: &LogLine) -> Result<(), String> {
        self.0
            .execute(
                "INSERT INTO account_log (at, actor, action, detail) VALUES (?1, ?2, ?3, ?4)",
                params![line.at, line.actor, line.action, line.detail],
            )
            .map(drop)
            .map_err(text)
    }

    fn log_lines(&mut self) -> Result<Vec<LogLine>, String> {
        let mut stmt = self
            .0
            .prepare("SELECT at, actor, action, detail FROM account_log ORDER BY rowid")
            .map_err(text)?;
        let rows = stmt
            .query_map([], |r| {
                Ok(LogLine {
                    at: r.get(0)?,
                    actor: r.get(1)?,
                    action: r.get(2)?,
                    detail: r.get(3)?,
                })
            })
            .map_err(text)?;
        rows.collect::<Result<_, _>>().map_err(text)
    }
}
