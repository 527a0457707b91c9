//! Rate limits, counted *before* the work they guard (an attempt over the
//! limit is never checked), each admission one transaction
//! ([`Accounts::admit`]), so concurrent attempts cannot slip past.
//!
//! Login, per attempt (a success is taken back from the counts):
//! * [`LOGIN_PAIR`]: 5 per 5 minutes for one address *and* one account —
//!   the guesses of one client at one password;
//! * [`LOGIN_ADDRESS`]: 20 per 5 minutes from one address, whatever the
//!   names — a client spraying names;
//! * [`LOGIN_ACCOUNT`]: the slower back-off of one account from everywhere,
//!   50 per hour, which does not apply to an address that logged in to the
//!   account in the last [`KNOWN_WINDOW`]: many addresses together cannot
//!   guess freely, and still cannot lock the account's own user out.
//!
//! Registration: at most [`REGISTRATIONS_PER_ADDRESS`] submissions of the
//! public form within [`REGISTRATION_WINDOW`] from one address.
//!
//! Typed names are kept as a hash of fixed size, never as typed. The
//! attempts are rows of the server database (the accounts' SQLite file, or
//! the PostgreSQL database), so several servers over one database share
//! the limits. Every function is blocking: call it from a blocking task.

use std::time::Duration;

use blake2::{Blake2b512, Digest};

use crate::accounts::{AccountError, Accounts, Counter};

/// Submissions of the registration form (valid or not) one address may
/// make in [`REGISTRATION_WINDOW`]: a family registering its children
/// and correcting a typo or two, not a script.
pub const REGISTRATIONS_PER_ADDRESS: usize = 10;
pub const REGISTRATION_WINDOW: Duration = Duration::from_secs(600);

/// How long an address that logged in to an account is exempt from the
/// account's back-off.
pub const KNOWN_WINDOW: Duration = Duration::from_secs(30 * 24 * 3600);

/// At most `max` attempts of one kind per key within `window` (one window
/// per kind).
pub struct Limit {
    /// The attempts' kind in the database.
    kind: &'static str,
    pub max: usize,
    window: Duration,
}

/// Logins of one address at one account.
pub const LOGIN_PAIR: Limit = Limit {
    kind: "login",
    max: 5,
    window: Duration::from_secs(300),
};

/// Logins from one address, at any account.
pub const LOGIN_ADDRESS: Limit = Limit {
    kind: "login",
    max: 20,
    window: Duration::from_secs(300),
};

/// Logins at one account from addresses it does not know.
pub const LOGIN_ACCOUNT: Limit = Limit {
    kind: "login-account",
    max: 50,
    window: Duration::from_secs(3600),
};

/// The addresses each account logged in from.
const KNOWN: Limit = Limit {
    kind: "login-known",
    max: 1,
    window: KNOWN_WINDOW,
};

/// Submissions of the public registration form.
pub const REGISTRATION: Limit = Limit {
    kind: "registration",
    max: REGISTRATIONS_PER_ADDRESS,
    window: REGISTRATION_WINDOW,
};

impl Limit {
    fn window_ms(&self) -> i64 {
        i64::try_from(self.window.as_millis()).unwrap_or(i64::MAX)
    }

    fn counter<'a>(&'a self, key: &'a str, now: i64, enforced: bool) -> Counter<'a> {
        Counter {
            kind: self.kind,
            key,
            since: now - self.window_ms(),
            max: enforced.then_some(self.max),
        }
    }

    /// Counts an attempt at `now` (ms) under every one of `keys` if each is
    /// under the limit; else `Err(seconds to wait)` and nothing counted.
    pub fn admit(
        &self,
        accounts: &Accounts,
        keys: &[String],
        now: i64,
    ) -> Result<Result<(), u64>, AccountError> {
        let counters: Vec<_> = keys.iter().map(|k| self.counter(k, now, true)).collect();
        Ok(accounts.admit(&counters, now)?.map_err(seconds))
    }
}

/// A wait in ms as whole seconds, at least 1.
fn seconds(ms: i64) -> u64 {
    u64::try_from(ms).unwrap_or(0).div_ceil(1000).max(1)
}

/// The keys of one login attempt.
pub struct LoginKeys {
    pair: String,
    address: String,
    account: String,
}

impl LoginKeys {
    /// From the client's address and the name typed (hashed: a name of
    /// megabytes is a key of 32 hex digits).
    pub fn new(address: &str, name: &str) -> LoginKeys {
        let digest = Blake2b512::digest(name.as_bytes());
        let name: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        LoginKeys {
            pair: format!("pair:{address}|{name}"),
            address: format!("ip:{address}"),
            account: format!("user:{name}"),
        }
    }
}

/// Counts a login attempt before its password is checked; `Err(seconds)`
/// when a limit refuses it (nothing counted then).
pub fn admit_login(
    accounts: &Accounts,
    keys: &LoginKeys,
    now: i64,
) -> Result<Result<(), u64>, AccountError> {
    let known = !accounts
        .attempts_since(KNOWN.kind, &keys.pair, now - KNOWN.window_ms())?
        .is_empty();
    let counters = [
        LOGIN_PAIR.counter(&keys.pair, now, true),
        LOGIN_ADDRESS.counter(&keys.address, now, true),
        LOGIN_ACCOUNT.counter(&keys.account, now, !known),
    ];
    Ok(accounts.admit(&counters, now)?.map_err(seconds))
}

/// After the login admitted at `at` succeeded: it is taken back from the
/// address's and the account's counts, the pair's failures are forgotten,
/// and the address is known to the account.
pub fn login_succeeded(accounts: &Accounts, keys: &LoginKeys, at: i64) -> Result<(), AccountError> {
    accounts.clear_attempts(LOGIN_PAIR.kind, &keys.pair)?;
    accounts.forget_attempt(LOGIN_ADDRESS.kind, &keys.address, at)?;
    accounts.forget_attempt(LOGIN_ACCOUNT.kind, &keys.account, at)?;
    accounts.record_attempt(
        KNOWN.kind,
        std::slice::from_ref(&keys.pair),
        at,
        at - KNOWN.window_ms(),
    )
}

/// The clock of the limits: ms since the epoch.
pub fn now_ms() -> i64 {
    jiff::Timestamp::now().as_millisecond()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: i64 = 1000;
    const T0: i64 = 1_800_000_000 * SECOND;

    fn accounts(dir: &tempfile::TempDir) -> Accounts {
        Accounts::open(&dir.path().join("server.sqlite")).unwrap()
    }

    #[test]
    fn five_attempts_of_one_address_at_one_account_then_a_wait() {
        let dir = tempfile::tempdir().unwrap();
        let accounts = accounts(&dir);
        let anna_here = LoginKeys::new("192.0.2.1", "anna");
        for i in 0..5 {
            let at = T0 + i * SECOND;
            assert_eq!(admit_login(&accounts, &anna_here, at).unwrap(), Ok(()));
        }
        // The first attempt (T0) leaves the window at T0 + 300 s.
        assert_eq!(
            admit_login(&accounts, &anna_here, T0 + 5 * SECOND).unwrap(),
            Err(295)
        );
        assert_eq!(
            admit_login(&accounts, &anna_here, T0 + 299_500).unwrap(),
            Err(1)
        );
        assert_eq!(
            admit_login(&accounts, &anna_here, T0 + 300 * SECOND).unwrap(),
            Ok(())
        );
        // Anna from elsewhere, and Bob from here, are not locked out.
        let anna_there = LoginKeys::new("198.51.100.7", "anna");
        assert_eq!(
            admit_login(&accounts, &anna_there, T0 + 5 * SECOND).unwrap(),
            Ok(())
        );
        let bob_here = LoginKeys::new("192.0.2.1", "bob");
        assert_eq!(
            admit_login(&accounts, &bob_here, T0 + 5 * SECOND).unwrap(),
            Ok(())
        );
        // The typed name is kept as a hash of fixed size.
        let long = "x".repeat(2 << 20);
        let keys = LoginKeys::new("192.0.2.9", &long);
        assert_eq!(keys.account.len(), "user:".len() + 32);
        assert!(!keys.pair.contains("xx"));
    }

    #[test]
    fn one_address_spraying_names_stops_at_twenty() {
        let dir = tempfile::tempdir().unwrap();
        let accounts = accounts(&dir);
        for i in 0..20 {
            let keys = LoginKeys::new("192.0.2.1", &format!("user{i}"));
            assert_eq!(
                admit_login(&accounts, &keys, T0 + i).unwrap(),
                Ok(()),
                "{i}"
            );
        }
        let keys = LoginKeys::new("192.0.2.1", "user20");
        assert_eq!(admit_login(&accounts, &keys, T0 + 20).unwrap(), Err(300));
    }

    #[test]
    fn many_addresses_back_off_at_fifty_an_hour_but_a_known_address_passes() {
        let dir = tempfile::tempdir().unwrap();
        let accounts = accounts(&dir);
        // Anna logged in from home once.
        let home = LoginKeys::new("192.0.2.1", "anna");
        assert_eq!(admit_login(&accounts, &home, T0).unwrap(), Ok(()));
        login_succeeded(&accounts, &home, T0).unwrap();
        // 50 guesses from 50 addresses, one a minute apart.
        for i in 0..50 {
            let keys = LoginKeys::new(&format!("203.0.113.{i}"), "anna");
            let at = T0 + i * 60 * SECOND;
            assert_eq!(admit_login(&accounts, &keys, at).unwrap(), Ok(()), "{i}");
        }
        // The 51st address waits for the first guess (T0) to leave the hour.
        let at = T0 + 50 * 60 * SECOND;
        let other = LoginKeys::new("203.0.113.200", "anna");
        assert_eq!(admit_login(&accounts, &other, at).unwrap(), Err(600));
        // Anna at home is not locked out; her success was taken back.
        assert_eq!(admit_login(&accounts, &home, at).unwrap(), Ok(()));
    }

    #[test]
    fn the_eleventh_submission_in_ten_minutes_waits_and_old_ones_are_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("server.sqlite");
        let accounts = Accounts::open(&path).unwrap();
        let ip = vec!["ip:9".to_string()];
        // One submission a minute: the 11th, at minute 10, is one too many
        // until the first (minute 0) leaves the window at 600 s.
        for minute in 0..10 {
            let at = T0 + minute * 60 * SECOND;
            assert_eq!(REGISTRATION.admit(&accounts, &ip, at).unwrap(), Ok(()));
        }
        let at = T0 + 599 * SECOND;
        assert_eq!(REGISTRATION.admit(&accounts, &ip, at).unwrap(), Err(1));
        // A refused submission is not counted.
        let at = T0 + 600 * SECOND;
        assert_eq!(REGISTRATION.admit(&accounts, &ip, at).unwrap(), Ok(()));
        // A second server over the same file sees the same record.
        let other = Accounts::open(&path).unwrap();
        assert_eq!(REGISTRATION.admit(&other, &ip, at).unwrap(), Err(60));
        // Recording dropped what left the window: minute 0 is gone.
        let kept = other
            .attempts_since("registration", "ip:9", i64::MIN)
            .unwrap();
        assert_eq!(kept.len(), 10);
        assert_eq!(kept[0], T0 + 60 * SECOND);
    }
}
