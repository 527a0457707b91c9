//! Accounts of the back office: users with an Argon2id password hash, a
//! role (administrator: every event; arbiter: the events granted to them),
//! and login sessions. They live in the server database `DIR/arbiter-server.sqlite`
//! beside the events, never in an event file.
//!
//! The API takes and returns plain values, so a PostgreSQL implementation
//! (issue 15: sessions in the shared database) can stand behind it.

use std::path::Path;
use std::sync::Mutex;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use blake2::{Blake2b512, Digest};
use rusqlite::{Connection, OptionalExtension, params};

use crate::data_dir::EventName;

/// How long a login lasts.
pub const SESSION_SECONDS: i64 = 24 * 3600;

/// The shortest password accepted.
pub const MIN_PASSWORD: usize = 8;

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
";

/// What a user may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Every event, and creating events.
    Administrator,
    /// The events granted.
    Arbiter,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Administrator => "administrator",
            Role::Arbiter => "arbiter",
        }
    }

    fn parse(text: &str) -> Option<Role> {
        match text {
            "administrator" => Some(Role::Administrator),
            "arbiter" => Some(Role::Arbiter),
            _ => None,
        }
    }
}

/// A user of the back office.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: i64,
    pub name: String,
    pub role: Role,
    /// The events granted (an administrator needs none).
    pub events: Vec<EventName>,
}

impl User {
    /// May this user change `event`?
    pub fn may_manage(&self, event: &EventName) -> bool {
        self.role == Role::Administrator || self.events.contains(event)
    }
}

/// A logged-in session: the user and the token every form must carry.
#[derive(Clone, Debug)]
pub struct Session {
    pub user: User,
    pub csrf: String,
}

/// Why an account operation failed.
#[derive(Debug, thiserror::Error)]
pub enum AccountError {
    #[error("user name: {0}")]
    BadName(&'static str),
    #[error("password: at least {MIN_PASSWORD} characters")]
    WeakPassword,
    #[error("user '{0}' already exists")]
    Exists(String),
    #[error("no user '{0}'")]
    NoSuchUser(String),
    #[error("'{0}' is not an event name (letters, digits, '-' and '_', at most 64)")]
    BadEvent(String),
    #[error("the two passwords differ")]
    Mismatch,
    #[error("cannot read the password: {0}")]
    Unreadable(String),
    #[error("server database {path}: {source}")]
    Database {
        path: String,
        source: rusqlite::Error,
    },
    #[error("password hashing: {0}")]
    Hash(String),
    #[error("no random numbers from the system: {0}")]
    Random(String),
}

/// The server database.
pub struct Accounts {
    conn: Mutex<Connection>,
    path: String,
}

impl Accounts {
    /// Opens (creating if needed) the server database at `path`.
    pub fn open(path: &Path) -> Result<Accounts, AccountError> {
        let db = |source| AccountError::Database {
            path: path.display().to_string(),
            source,
        };
        let conn = Connection::open(path).map_err(db)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))
            .map_err(db)?;
        conn.execute_batch("PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;")
            .map_err(db)?;
        conn.execute_batch(SCHEMA).map_err(db)?;
        Ok(Accounts {
            conn: Mutex::new(conn),
            path: path.display().to_string(),
        })
    }

    fn with<T>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T>,
    ) -> Result<T, AccountError> {
        let conn = self.conn.lock().unwrap_or_else(|p| p.into_inner());
        f(&conn).map_err(|source| AccountError::Database {
            path: self.path.clone(),
            source,
        })
    }

    /// Adds a user with `password` (hashed with Argon2id, a fresh salt).
    pub fn add_user(&self, name: &str, password: &str, role: Role) -> Result<User, AccountError> {
        check_user_name(name)?;
        if password.chars().count() < MIN_PASSWORD {
            return Err(AccountError::WeakPassword);
        }
        let hash = hash_password(password)?;
        if self.find(name)?.is_some() {
            return Err(AccountError::Exists(name.to_string()));
        }
        let id = self.with(|c| {
            c.execute(
                "INSERT INTO users (name, role, password_hash, created_at) VALUES (?1, ?2, ?3, ?4)",
                params![name, role.as_str(), hash, now()],
            )?;
            Ok(c.last_insert_rowid())
        })?;
        Ok(User {
            id,
            name: name.to_string(),
            role,
            events: Vec::new(),
        })
    }

    /// Lets arbiter `name` manage `event`.
    pub fn grant(&self, name: &str, event: &EventName) -> Result<(), AccountError> {
        let user = self
            .find(name)?
            .ok_or_else(|| AccountError::NoSuchUser(name.to_string()))?;
        self.with(|c| {
            c.execute(
                "INSERT OR IGNORE INTO grants (user_id, event) VALUES (?1, ?2)",
                params![user.id, event.as_str()],
            )
        })?;
        Ok(())
    }

    /// Every user, by name.
    pub fn users(&self) -> Result<Vec<User>, AccountError> {
        let ids: Vec<String> = self.with(|c| {
            let mut stmt = c.prepare("SELECT name FROM users ORDER BY name")?;
            let rows = stmt.query_map([], |r| r.get(0))?;
            rows.collect()
        })?;
        let mut users = Vec::new();
        for name in ids {
            users.extend(self.find(&name)?);
        }
        Ok(users)
    }

    /// The user called `name`, with their grants.
    pub fn find(&self, name: &str) -> Result<Option<User>, AccountError> {
        let row: Option<(i64, String)> = self.with(|c| {
            c.query_row("SELECT id, role FROM users WHERE name = ?1", [name], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()
        })?;
        let Some((id, role)) = row else {
            return Ok(None);
        };
        Ok(Some(self.user_by_id(id, name, &role)?))
    }

    fn user_by_id(&self, id: i64, name: &str, role: &str) -> Result<User, AccountError> {
        let events: Vec<String> = self.with(|c| {
            let mut stmt =
                c.prepare("SELECT event FROM grants WHERE user_id = ?1 ORDER BY event")?;
            let rows = stmt.query_map([id], |r| r.get(0))?;
            rows.collect()
        })?;
        Ok(User {
            id,
            name: name.to_string(),
            role: Role::parse(role).unwrap_or(Role::Arbiter),
            events: events
                .iter()
                .filter_map(|e| EventName::parse(e).ok())
                .collect(),
        })
    }

    /// The user if `password` is theirs. Unknown names cost the same
    /// Argon2 work as known ones, so timing does not tell which exist.
    pub fn verify(&self, name: &str, password: &str) -> Result<Option<User>, AccountError> {
        let row: Option<(i64, String, String)> = self.with(|c| {
            c.query_row(
                "SELECT id, role, password_hash FROM users WHERE name = ?1",
                [name],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()
        })?;
        let stored = match &row {
            Some((_, _, hash)) => hash.clone(),
            None => dummy_hash()?,
        };
        let parsed = PasswordHash::new(&stored).map_err(|e| AccountError::Hash(e.to_string()))?;
        let ok = Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok();
        match row {
            Some((id, role, _)) if ok => Ok(Some(self.user_by_id(id, name, &role)?)),
            _ => Ok(None),
        }
    }

    /// Starts a session for `user`; returns the cookie's token. Only a
    /// hash of the token is stored.
    pub fn start_session(&self, user: &User) -> Result<String, AccountError> {
        let token = random_token()?;
        let csrf = random_token()?;
        self.with(|c| {
            c.execute("DELETE FROM sessions WHERE expires_at < ?1", [now()])?;
            c.execute(
                "INSERT INTO sessions (token_hash, user_id, csrf, expires_at) VALUES (?1, ?2, ?3, ?4)",
                params![token_hash(&token), user.id, csrf, now() + SESSION_SECONDS],
            )
        })?;
        Ok(token)
    }

    /// The live session of cookie `token`.
    pub fn session(&self, token: &str) -> Result<Option<Session>, AccountError> {
        let row: Option<(i64, String, String, String)> = self.with(|c| {
            c.query_row(
                "SELECT u.id, u.name, u.role, s.csrf FROM sessions s JOIN users u ON u.id = s.user_id
                 WHERE s.token_hash = ?1 AND s.expires_at >= ?2",
                params![token_hash(token), now()],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()
        })?;
        let Some((id, name, role, csrf)) = row else {
            return Ok(None);
        };
        Ok(Some(Session {
            user: self.user_by_id(id, &name, &role)?,
            csrf,
        }))
    }

    /// Ends the session of cookie `token`.
    pub fn end_session(&self, token: &str) -> Result<(), AccountError> {
        self.with(|c| {
            c.execute(
                "DELETE FROM sessions WHERE token_hash = ?1",
                [token_hash(token)],
            )
        })?;
        Ok(())
    }
}

/// A user name: 1 to 64 characters, no spaces at the ends, no control
/// characters.
fn check_user_name(name: &str) -> Result<(), AccountError> {
    if name.is_empty() || name.chars().count() > 64 {
        return Err(AccountError::BadName("1 to 64 characters"));
    }
    if name.trim() != name || name.chars().any(char::is_control) {
        return Err(AccountError::BadName(
            "no spaces at the ends, no control characters",
        ));
    }
    Ok(())
}

fn hash_password(password: &str) -> Result<String, AccountError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| AccountError::Hash(e.to_string()))
}

/// The hash checked for unknown user names (computed once).
fn dummy_hash() -> Result<String, AccountError> {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    if let Some(h) = DUMMY.get() {
        return Ok(h.clone());
    }
    let h = hash_password("no such user, no such password")?;
    Ok(DUMMY.get_or_init(|| h).clone())
}

/// 32 random bytes from the operating system, as hex.
pub fn random_token() -> Result<String, AccountError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| AccountError::Random(e.to_string()))?;
    Ok(hex(&bytes))
}

fn token_hash(token: &str) -> String {
    hex(&Blake2b512::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn now() -> i64 {
    jiff::Timestamp::now().as_second()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn users_passwords_grants_and_sessions() {
        let dir = tempfile::tempdir().unwrap();
        let accounts = Accounts::open(&dir.path().join("server.sqlite")).unwrap();
        assert!(matches!(
            accounts.add_user("anna", "short", Role::Arbiter),
            Err(AccountError::WeakPassword)
        ));
        assert!(matches!(
            accounts.add_user(" anna", "long enough", Role::Arbiter),
            Err(AccountError::BadName(_))
        ));
        let anna = accounts
            .add_user("anna", "long enough", Role::Arbiter)
            .unwrap();
        assert!(matches!(
            accounts.add_user("anna", "long enough", Role::Arbiter),
            Err(AccountError::Exists(_))
        ));
        let open = EventName::parse("open").unwrap();
        assert!(!anna.may_manage(&open));
        accounts.grant("anna", &open).unwrap();
        assert!(accounts.verify("anna", "wrong password").unwrap().is_none());
        assert!(accounts.verify("nobody", "long enough").unwrap().is_none());
        let anna = accounts.verify("anna", "long enough").unwrap().unwrap();
        assert!(anna.may_manage(&open));
        assert!(!anna.may_manage(&EventName::parse("other").unwrap()));
        let token = accounts.start_session(&anna).unwrap();
        let session = accounts.session(&token).unwrap().unwrap();
        assert_eq!(session.user.name, "anna");
        assert_eq!(session.csrf.len(), 64);
        assert!(accounts.session("forged").unwrap().is_none());
        accounts.end_session(&token).unwrap();
        assert!(accounts.session(&token).unwrap().is_none());
        // The hash is an Argon2id PHC string, never the password.
        let stored: String = accounts
            .with(|c| c.query_row("SELECT password_hash FROM users", [], |r| r.get(0)))
            .unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(!stored.contains("long enough"));
    }
}
