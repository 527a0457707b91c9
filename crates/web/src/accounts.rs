//! Accounts of the back office: users with an Argon2id password hash, a
//! role (administrator: every event; arbiter: the events granted to them),
//! and login sessions. They live in the server database — the file
//! `DIR/arbiter-server.sqlite` beside the event files ([`sqlite`]), or the
//! PostgreSQL database of the events, shared by every server over it
//! ([`postgres`], issue 15 part 4) — never in an event file.
//!
//! The rules (names, password length, hashing, tokens, expiry) are here,
//! withdrawing access in [`access`]; each backend only stores and finds
//! rows ([`Rows`]).

mod access;
mod password;
mod postgres;
mod sqlite;

pub use access::SessionInfo;

use std::path::Path;
use std::sync::Mutex;

use argon2::Argon2;
use argon2::password_hash::PasswordHasher;
use blake2::{Blake2b512, Digest};

use crate::data_dir::EventName;

/// How long a login lasts.
pub const SESSION_SECONDS: i64 = 24 * 3600;

/// The shortest password accepted.
pub const MIN_PASSWORD: usize = 8;

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
    #[error("server database {path}: {detail}")]
    Database { path: String, detail: String },
    #[error("password hashing: {0}")]
    Hash(String),
    #[error("no random numbers from the system: {0}")]
    Random(String),
    #[error("too many password checks waiting; try again in a moment")]
    Busy,
    #[error("'{0}' was not granted {1}")]
    NotGranted(String, String),
}

/// A user's row: id, role, password hash.
type UserRow = (i64, String, String);

/// A session's row: the user's id, name and role, and the CSRF token.
type SessionRow = (i64, String, String, String);

/// One count an attempt is checked against and added to
/// ([`crate::security::rate_limit`]).
pub(crate) struct Counter<'a> {
    pub kind: &'a str,
    pub key: &'a str,
    /// Attempts (ms) at or before this have left the window; every kind
    /// has one window, and its older rows are dropped when one is added.
    pub since: i64,
    /// Refused when this many are in the window already; `None`: the
    /// attempt is counted, never refused by this count.
    pub max: Option<usize>,
}

/// The wait (ms) before an attempt is under `counter`'s limit, given the
/// times in its window, oldest first; 0 when it is under now.
fn wait_ms(counter: &Counter<'_>, times: &[i64]) -> i64 {
    match counter.max {
        Some(max) if times.len() >= max => {
            // The attempt whose expiry brings the key under the limit.
            // Its window ends `oldest - since` ms from `at`.
            let oldest = times[times.len() - max];
            (oldest - counter.since).max(1)
        }
        _ => 0,
    }
}

/// What a backend stores; errors are the database's message.
trait Rows: Send {
    /// Inserts a user; `None` when the name is taken.
    fn insert_user(
        &mut self,
        name: &str,
        role: &str,
        hash: &str,
        at: i64,
    ) -> Result<Option<i64>, String>;
    /// Lets user `user_id` manage `event` (again: no change).
    fn grant(&mut self, user_id: i64, event: &str) -> Result<(), String>;
    /// Every user name, sorted.
    fn user_names(&mut self) -> Result<Vec<String>, String>;
    fn user(&mut self, name: &str) -> Result<Option<UserRow>, String>;
    /// The events granted to `user_id`, sorted.
    fn grants(&mut self, user_id: i64) -> Result<Vec<String>, String>;
    /// Drops the sessions expired at `now` and stores a new one.
    fn insert_session(
        &mut self,
        token_hash: &str,
        user_id: i64,
        csrf: &str,
        expires_at: i64,
        now: i64,
    ) -> Result<(), String>;
    /// The session of `token_hash` unless expired at `now`.
    fn session(&mut self, token_hash: &str, now: i64) -> Result<Option<SessionRow>, String>;
    fn end_session(&mut self, token_hash: &str) -> Result<(), String>;
    /// The times (ms) of the attempts of `kind` under `key` after `since`,
    /// oldest first.
    fn attempts_since(&mut self, kind: &str, key: &str, since: i64) -> Result<Vec<i64>, String>;
    /// Records one attempt under each of `keys`, and forgets every attempt
    /// of `kind` at or before `forget_before` (so the table stays the size
    /// of one window), in one transaction.
    fn record_attempt(
        &mut self,
        kind: &str,
        keys: &[String],
        at: i64,
        forget_before: i64,
    ) -> Result<(), String>;
    fn clear_attempts(&mut self, kind: &str, key: &str) -> Result<(), String>;
    /// In one transaction that no other admission interleaves with (on
    /// any server of the database): `None` and the attempt recorded at
    /// `at` under every counter when all are under their limit, else the
    /// wait (ms) and nothing recorded.
    fn admit(&mut self, counters: &[Counter<'_>], at: i64) -> Result<Option<i64>, String>;
    /// Forgets one attempt of `kind` under `key` at `at` (a success taken
    /// back from a count).
    fn forget_attempt(&mut self, kind: &str, key: &str, at: i64) -> Result<(), String>;
    /// Deletes user `user_id` with their grants and sessions.
    fn remove_user(&mut self, user_id: i64) -> Result<(), String>;
    /// Takes `event` from `user_id` and ends their sessions, in one
    /// transaction; false (and nothing changed) when it was not granted.
    fn revoke(&mut self, user_id: i64, event: &str) -> Result<bool, String>;
    /// Replaces the password hash and ends the sessions, in one transaction.
    fn set_password(&mut self, user_id: i64, hash: &str) -> Result<(), String>;
    /// The expiry times of `user_id`'s sessions live at `now`, soonest first.
    fn sessions_of(&mut self, user_id: i64, now: i64) -> Result<Vec<i64>, String>;
    /// Ends every session of `user_id`; how many there were.
    fn end_sessions(&mut self, user_id: i64) -> Result<usize, String>;
    /// Appends a line to the log of account changes.
    fn append_log(&mut self, line: &LogLine) -> Result<(), String>;
    /// The log of account changes, oldest first.
    fn log_lines(&mut self) -> Result<Vec<LogLine>, String>;
}

/// One change of access, as the log of account changes keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogLine {
    /// Seconds since the epoch.
    pub at: i64,
    /// Who made it: `command line`, or `web: USER`.
    pub actor: String,
    /// `user remove`, `user revoke`, `user password`, `user logout-all`.
    pub action: String,
    /// The user, and the event of a revocation.
    pub detail: String,
}

/// The server database.
pub struct Accounts {
    rows: Mutex<Box<dyn Rows>>,
    /// The database, for messages (no password).
    path: String,
}

impl Accounts {
    /// Opens (creating if needed) the server database file at `path`.
    pub fn open(path: &Path) -> Result<Accounts, AccountError> {
        let shown = path.display().to_string();
        let rows = sqlite::SqliteRows::open(path).map_err(|detail| AccountError::Database {
            path: shown.clone(),
            detail,
        })?;
        Ok(Accounts {
            rows: Mutex::new(Box::new(rows)),
            path: shown,
        })
    }

    /// Opens the accounts in the PostgreSQL database at `url` (creating
    /// their tables if needed): every server over that database shares
    /// users, grants and sessions. Blocking: not on an async thread.
    pub fn open_postgres(url: &str) -> Result<Accounts, AccountError> {
        let (rows, shown) = postgres::PostgresRows::open(url)
            .map_err(|(path, detail)| AccountError::Database { path, detail })?;
        Ok(Accounts {
            rows: Mutex::new(Box::new(rows)),
            path: shown,
        })
    }

    fn with<T>(
        &self,
        f: impl FnOnce(&mut dyn Rows) -> Result<T, String>,
    ) -> Result<T, AccountError> {
        let mut rows = self.rows.lock().unwrap_or_else(|p| p.into_inner());
        f(rows.as_mut()).map_err(|detail| AccountError::Database {
            path: self.path.clone(),
            detail,
        })
    }

    /// Adds a user with `password` (hashed with Argon2id, a fresh salt).
    pub fn add_user(&self, name: &str, password: &str, role: Role) -> Result<User, AccountError> {
        check_user_name(name)?;
        if password.chars().count() < MIN_PASSWORD {
            return Err(AccountError::WeakPassword);
        }
        let hash = hash_password(password)?;
        let id = self
            .with(|r| r.insert_user(name, role.as_str(), &hash, now()))?
            .ok_or_else(|| AccountError::Exists(name.to_string()))?;
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
        self.with(|r| r.grant(user.id, event.as_str()))
    }

    /// Every user, by name.
    pub fn users(&self) -> Result<Vec<User>, AccountError> {
        let names = self.with(|r| r.user_names())?;
        let mut users = Vec::new();
        for name in names {
            users.extend(self.find(&name)?);
        }
        Ok(users)
    }

    /// The user called `name`, with their grants.
    pub fn find(&self, name: &str) -> Result<Option<User>, AccountError> {
        let Some((id, role, _)) = self.with(|r| r.user(name))? else {
            return Ok(None);
        };
        Ok(Some(self.user_by_id(id, name, &role)?))
    }

    fn user_by_id(&self, id: i64, name: &str, role: &str) -> Result<User, AccountError> {
        let events = self.with(|r| r.grants(id))?;
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
    /// A name no user can have ([`check_user_name`]) is refused without
    /// either.
    pub fn verify(&self, name: &str, password: &str) -> Result<Option<User>, AccountError> {
        if check_user_name(name).is_err() {
            return Ok(None);
        }
        let row = self.with(|r| r.user(name))?;
        let stored = match &row {
            Some((_, _, hash)) => hash.clone(),
            None => dummy_hash()?,
        };
        let ok = password::matches(password, &stored)?;
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
        let at = now();
        self.with(|r| {
            r.insert_session(
                &token_hash(&token),
                user.id,
                &csrf,
                at + SESSION_SECONDS,
                at,
            )
        })?;
        Ok(token)
    }

    /// The live session of cookie `token`.
    pub fn session(&self, token: &str) -> Result<Option<Session>, AccountError> {
        let Some((id, name, role, csrf)) = self.with(|r| r.session(&token_hash(token), now()))?
        else {
            return Ok(None);
        };
        Ok(Some(Session {
            user: self.user_by_id(id, &name, &role)?,
            csrf,
        }))
    }

    /// Ends the session of cookie `token`.
    pub fn end_session(&self, token: &str) -> Result<(), AccountError> {
        self.with(|r| r.end_session(&token_hash(token)))
    }

    /// The attempts of `kind` under `key` after `since` (ms), oldest first:
    /// the rate limits' record, shared by every server over the database.
    pub(crate) fn attempts_since(
        &self,
        kind: &str,
        key: &str,
        since: i64,
    ) -> Result<Vec<i64>, AccountError> {
        self.with(|r| r.attempts_since(kind, key, since))
    }

    /// Records an attempt at `at` (ms) under each of `keys`; attempts of
    /// `kind` at or before `forget_before` are dropped.
    pub(crate) fn record_attempt(
        &self,
        kind: &str,
        keys: &[String],
        at: i64,
        forget_before: i64,
    ) -> Result<(), AccountError> {
        self.with(|r| r.record_attempt(kind, keys, at, forget_before))
    }

    pub(crate) fn clear_attempts(&self, kind: &str, key: &str) -> Result<(), AccountError> {
        self.with(|r| r.clear_attempts(kind, key))
    }

    /// Counts an attempt at `at` (ms) under every counter, atomically, if
    /// each is under its limit; else `Err(ms to wait)` and nothing counted.
    pub(crate) fn admit(
        &self,
        counters: &[Counter<'_>],
        at: i64,
    ) -> Result<Result<(), i64>, AccountError> {
        Ok(match self.with(|r| r.admit(counters, at))? {
            None => Ok(()),
            Some(wait) => Err(wait),
        })
    }

    pub(crate) fn forget_attempt(
        &self,
        kind: &str,
        key: &str,
        at: i64,
    ) -> Result<(), AccountError> {
        self.with(|r| r.forget_attempt(kind, key, at))
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
    fn users_passwords_grants_and_sessions_in_a_file() {
        let dir = tempfile::tempdir().unwrap();
        exercise(&Accounts::open(&dir.path().join("server.sqlite")).unwrap());
    }

    #[test]
    fn users_passwords_grants_and_sessions_in_postgresql() {
        let Some(server) = arbiter_store::testing::postgres() else {
            return;
        };
        let url = server.fresh_database("accounts");
        exercise(&Accounts::open_postgres(&url).unwrap());
        // A second server over the database sees the same accounts.
        let other = Accounts::open_postgres(&url).unwrap();
        assert!(other.verify("anna", "long enough").unwrap().is_some());
    }

    fn exercise(accounts: &Accounts) {
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
        let (_, _, stored) = accounts.with(|r| r.user("anna")).unwrap().unwrap();
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(!stored.contains("long enough"));
    }
}
