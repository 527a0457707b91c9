//! Accounts in the PostgreSQL database of the events (`serve --database`):
//! every server over the database sees the same users, grants and
//! sessions, so a browser may be sent to any of them (issue 15 part 4).
//!
//! The synchronous client runs its own runtime: call from a blocking task,
//! never on an async thread.

use postgres::{Client, Config, NoTls};

use super::{Counter, LogLine, Rows, SessionRow, UserRow, wait_ms};

/// Serialises servers that start together (the tables are created once).
const SCHEMA_LOCK: i64 = 4152424902;

/// How long a (re)connection may take before the request fails.
const CONNECT: std::time::Duration = std::time::Duration::from_secs(2);

/// Serialises admissions of attempts on every server of the database
/// ([`Rows::admit`]).
const ATTEMPTS_LOCK: i64 = 4152424903;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS arbiter_users (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL CHECK (role IN ('administrator', 'arbiter')),
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS arbiter_grants (
    user_id BIGINT NOT NULL REFERENCES arbiter_users(id) ON DELETE CASCADE,
    event TEXT NOT NULL,
    PRIMARY KEY (user_id, event)
);
CREATE TABLE IF NOT EXISTS arbiter_sessions (
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES arbiter_users(id) ON DELETE CASCADE,
    csrf TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS arbiter_attempts (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS arbiter_attempts_by_key ON arbiter_attempts (kind, key, at_ms);
CREATE TABLE IF NOT EXISTS arbiter_account_log (
    seq BIGSERIAL PRIMARY KEY,
    at BIGINT NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    detail TEXT NOT NULL
);
";

pub(super) struct PostgresRows {
    config: Config,
    client: Client,
}

impl PostgresRows {
    /// Connects and creates the tables; also returns the database as
    /// messages name it (no password). An error names the database too.
    pub(super) fn open(url: &str) -> Result<(PostgresRows, String), (String, String)> {
        let mut config: Config = url.parse().map_err(|_| {
            (
                "database URL".to_string(),
                "not a PostgreSQL connection string (postgres://user@host:port/database)"
                    .to_string(),
            )
        })?;
        if config.get_connect_timeout().is_none() {
            // While the database is down, a request fails at once (503).
            config.connect_timeout(CONNECT);
        }
        let shown = describe(&config);
        let failed = |e: postgres::Error| (shown.clone(), text(e));
        let mut client = config.connect(NoTls).map_err(failed)?;
        let mut tx = client.transaction().map_err(failed)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])
            .map_err(failed)?;
        tx.batch_execute(SCHEMA).map_err(failed)?;
        tx.commit().map_err(failed)?;
        Ok((PostgresRows { config, client }, shown))
    }

    /// The client, connected again if the connection was lost.
    fn client(&mut self) -> Result<&mut Client, String> {
        if self.client.is_closed() {
            self.client = self.config.connect(NoTls).map_err(text)?;
        }
        Ok(&mut self.client)
    }
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

/// The server's message, or the connection's failure.
fn text(e: postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => db.message().to_string(),
        None if e.is_closed() => "the connection to the server was lost".into(),
        None => {
            let mut inner: &dyn std::error::Error = &e;
            while let Some(next) = inner.source() {
                inner = next;
            }
            inner.to_string()
        }
    }
}

impl Rows for PostgresRows {
    fn insert_user(
        &mut self,
        name: &str,
        role: &str,
        hash: &str,
        at: i64,
    ) -> Result<Option<i64>, String> {
        let row = self
            .client()?
            .query_opt(
                "INSERT INTO arbiter_users (name, role, password_hash, created_at)
                 VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING id",
                &[&name, &role, &hash, &at],
            )
            .map_err(text)?;
        Ok(row.map(|r| r.get(0)))
    }

    fn grant(&mut self, user_id: i64, event: &str) -> Result<(), String> {
        self.client()?
            .execute(
                "INSERT INTO arbiter_grants (user_id, event) VALUES ($1, $2)
                 ON CONFLICT DO NOTHING",
                &[&user_id, &event],
            )
            .map(drop)
            .map_err(text)
    }

    fn user_names(&mut self) -> Result<Vec<String>, String> {
        let rows = self
            .client()?
            .query("SELECT name FROM arbiter_users ORDER BY name", &[])
            .map_err(text)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    fn user(&mut self, name: &str) -> Result<Option<UserRow>, String> {
        let row = self
            .client()?
            .query_opt(
                "SELECT id, role, password_hash FROM arbiter_users WHERE name = $1",
                &[&name],
            )
            .map_err(text)?;
        Ok(row.map(|r| (r.get(0), r.get(1), r.get(2))))
    }

    fn grants(&mut self, user_id: i64) -> Result<Vec<String>, String> {
        let rows = self
            .client()?
            .query(
                "SELECT event FROM arbiter_grants WHERE user_id = $1 ORDER BY event",
                &[&user_id],
            )
            .map_err(text)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    fn insert_session(
        &mut self,
        token_hash: &str,
        user_id: i64,
        csrf: &str,
        expires_at: i64,
        now: i64,
    ) -> Result<(), String> {
        let client = self.client()?;
        client
            .execute(
                "DELETE FROM arbiter_sessions WHERE expires_at < $1",
                &[&now],
            )
            .map_err(text)?;
        client
            .execute(
                "INSERT INTO arbiter_sessions (token_hash, user_id, csrf, expires_at)
                 VALUES ($1, $2, $3, $4)",
                &[&token_hash, &user_id, &csrf, &expires_at],
            )
            .map(drop)
            .map_err(text)
    }

    fn session(&mut self, token_hash: &str, now: i64) -> Result<Option<SessionRow>, String> {
        let row = self
            .client()?
            .query_opt(
                "SELECT u.id, u.name, u.role, s.csrf
                 FROM arbiter_sessions s JOIN arbiter_users u ON u.id = s.user_id
                 WHERE s.token_hash = $1 AND s.expires_at >= $2",
                &[&token_hash, &now],
            )
            .map_err(text)?;
        Ok(row.map(|r| (r.get(0), r.get(1), r.get(2), r.get(3))))
    }

    fn end_session(&mut self, token_hash: &str) -> Result<(), String> {
        self.client()?
            .execute(
                "DELETE FROM arbiter_sessions WHERE token_hash = $1",
                &[&token_hash],
            )
            .map(drop)
            .map_err(text)
    }

    fn attempts_since(&mut self, kind: &str, key: &str, since: i64) -> Result<Vec<i64>, String> {
        let rows = self
            .client()?
            .query(
                "SELECT at_ms FROM arbiter_attempts
                 WHERE kind = $1 AND key = $2 AND at_ms > $3 ORDER BY at_ms",
                &[&kind, &key, &since],
            )
            .map_err(text)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    fn record_attempt(
        &mut self,
        kind: &str,
        keys: &[String],
        at: i64,
        forget_before: i64,
    ) -> Result<(), String> {
        let mut tx = self.client()?.transaction().map_err(text)?;
        tx.execute(
            "DELETE FROM arbiter_attempts WHERE kind = $1 AND at_ms <= $2",
            &[&kind, &forget_before],
        )
        .map_err(text)?;
        for key in keys {
            tx.execute(
                "INSERT INTO arbiter_attempts (kind, key, at_ms) VALUES ($1, $2, $3)",
                &[&kind, key, &at],
            )
            .map_err(text)?;
        }
        tx.commit().map_err(text)
    }

    fn clear_attempts(&mut self, kind: &str, key: &str) -> Result<(), String> {
        self.client()?
            .execute(
                "DELETE FROM arbiter_attempts WHERE kind = $1 AND key = $2",
                &[&kind, &key],
            )
            .map(drop)
            .map_err(text)
    }

    fn admit(&mut self, counters: &[Counter<'_>], at: i64) -> Result<Option<i64>, String> {
        let mut tx = self.client()?.transaction().map_err(text)?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&ATTEMPTS_LOCK])
            .map_err(text)?;
        let mut wait = 0;
        for counter in counters.iter().filter(|c| c.max.is_some()) {
            let times: Vec<i64> = tx
                .query(
                    "SELECT at_ms FROM arbiter_attempts
                     WHERE kind = $1 AND key = $2 AND at_ms > $3 ORDER BY at_ms",
                    &[&counter.kind, &counter.key, &counter.since],
                )
                .map_err(text)?
                .iter()
                .map(|r| r.get(0))
                .collect();
            wait = wait.max(wait_ms(counter, &times));
        }
        if wait > 0 {
            return Ok(Some(wait));
        }
        for counter in counters {
            tx.execute(
                "DELETE FROM arbiter_attempts WHERE kind = $1 AND at_ms <= $2",
                &[&counter.kind, &counter.since],
            )
            .map_err(text)?;
            tx.execute(
                "INSERT INTO arbiter_attempts (kind, key, at_ms) VALUES ($1, $2, $3)",
                &[&counter.kind, &counter.key, &at],
            )
            .map_err(text)?;
        }
        tx.commit().map_err(text)?;
        Ok(None)
    }

    fn forget_attempt(&mut self, kind: &str, key: &str, at: i64) -> Result<(), String> {
        self.client()?
            .execute(
                "DELETE FROM arbiter_attempts WHERE ctid IN (SELECT ctid FROM arbiter_attempts
                 WHERE kind = $1 AND key = $2 AND at_ms = $3 LIMIT 1)",
                &[&kind, &key, &at],
            )
            .map(drop)
            .map_err(text)
    }

    fn remove_user(&mut self, user_id: i64) -> Result<(), String> {
        self.client()?
            .execute("DELETE FROM arbiter_users WHERE id = $1", &[&user_id])
            .map(drop)
            .map_err(text)
    }

    fn revoke(&mut self, user_id: i64, event: &str) -> Result<bool, String> {
        let mut tx = self.client()?.transaction().map_err(text)?;
        let taken = tx
            .execute(
                "DELETE FROM arbiter_grants WHERE user_id = $1 AND event = $2",
                &[&user_id, &event],
            )
            .map_err(text)?;
        if taken == 0 {
            return Ok(false);
        }
        tx.execute(
            "DELETE FROM arbiter_sessions WHERE user_id = $1",
            &[&user_id],
        )
        .map_err(text)?;
        tx.commit().map_err(text)?;
        Ok(true)
    }

    fn set_password(&mut self, user_id: i64, hash: &str) -> Result<(), String> {
        let mut tx = self.client()?.transaction().map_err(text)?;
        tx.execute(
            "UPDATE arbiter_users SET password_hash = $1 WHERE id = $2",
            &[&hash, &user_id],
        )
        .map_err(text)?;
        tx.execute(
            "DELETE FROM arbiter_sessions WHERE user_id = $1",
            &[&user_id],
        )
        .map_err(text)?;
        tx.commit().map_err(text)
    }

    fn sessions_of(&mut self, user_id: i64, now: i64) -> Result<Vec<i64>, String> {
        let rows = self
            .client()?
            .query(
                "SELECT expires_at FROM arbiter_sessions
                 WHERE user_id = $1 AND expires_at >= $2 ORDER BY expires_at",
                &[&user_id, &now],
            )
            .map_err(text)?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    fn end_sessions(&mut self, user_id: i64) -> Result<usize, String> {
        let ended = self
            .client()?
            .execute(
                "DELETE FROM arbiter_sessions WHERE user_id = $1",
                &[&user_id],
            )
            .map_err(text)?;
        Ok(usize::try_from(ended).unwrap_or(usize::MAX))
    }

    fn append_log(&mut self, line: &LogLine) -> Result<(), String> {
        self.client()?
            .execute(
                "INSERT INTO arbiter_account_log (at, actor, action, detail)
                 VALUES ($1, $2, $3, $4)",
                &[&line.at, &line.actor, &line.action, &line.detail],
            )
            .map(drop)
            .map_err(text)
    }

    fn log_lines(&mut self) -> Result<Vec<LogLine>, String> {
        let rows = self
            .client()?
            .query(
                "SELECT at, actor, action, detail FROM arbiter_account_log ORDER BY seq",
                &[],
            )
            .map_err(text)?;
        Ok(rows
            .iter()
            .map(|r| LogLine {
                at: r.get(0),
                actor: r.get(1),
                action: r.get(2),
                detail: r.get(3),
            })
            .collect())
    }
}
