//! Rate limits. Login: after [`MAX_FAILURES`] failed logins within
//! [`WINDOW`] from one address, or for one user name, further attempts are
//! refused until the window has passed. Registration: at most
//! [`REGISTRATIONS_PER_ADDRESS`] submissions of the public form within
//! [`REGISTRATION_WINDOW`] from one address.
//!
//! The attempts are rows of the server database (the accounts' SQLite file,
//! or the PostgreSQL database), so several servers over one database share
//! one limit: a client sent round the servers gets no more tries. Every
//! method is blocking: call it from a blocking task.

use std::time::Duration;

use crate::accounts::{AccountError, Accounts};

pub const MAX_FAILURES: usize = 5;
pub const WINDOW: Duration = Duration::from_secs(300);

/// Submissions of the registration form (valid or not) one address may
/// make in [`REGISTRATION_WINDOW`]: a family registering its children
/// and correcting a typo or two, not a script.
pub const REGISTRATIONS_PER_ADDRESS: usize = 10;
pub const REGISTRATION_WINDOW: Duration = Duration::from_secs(600);

/// At most `max` attempts of one kind per key (`ip:…`, `user:…`) within
/// `window`.
pub struct Limit {
    /// The attempts' kind in the database.
    kind: &'static str,
    max: usize,
    window: Duration,
}

/// Failed logins.
pub const LOGIN: Limit = Limit {
    kind: "login",
    max: MAX_FAILURES,
    window: WINDOW,
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

    /// `Err(seconds to wait)` when any of `keys` is at the limit at `now`
    /// (ms since the epoch).
    pub fn check(
        &self,
        accounts: &Accounts,
        keys: &[String],
        now: i64,
    ) -> Result<Result<(), u64>, AccountError> {
        let mut wait_ms = 0;
        for key in keys {
            let times = accounts.attempts_since(self.kind, key, now - self.window_ms())?;
            if times.len() >= self.max {
                // The attempt whose expiry brings the key under the limit.
                let oldest = times[times.len() - self.max];
                wait_ms = wait_ms.max(oldest + self.window_ms() - now);
            }
        }
        Ok(if wait_ms > 0 {
            Err(u64::try_from(wait_ms).unwrap_or(0).div_ceil(1000).max(1))
        } else {
            Ok(())
        })
    }

    /// Records an attempt at `now` under every key (one transaction, which
    /// also forgets what left the window).
    pub fn record(
        &self,
        accounts: &Accounts,
        keys: &[String],
        now: i64,
    ) -> Result<(), AccountError> {
        accounts.record_attempt(self.kind, keys, now, now - self.window_ms())
    }

    /// [`Limit::check`], and when under the limit [`Limit::record`]: the
    /// attempt counts whatever becomes of it.
    pub fn admit(
        &self,
        accounts: &Accounts,
        keys: &[String],
        now: i64,
    ) -> Result<Result<(), u64>, AccountError> {
        let admitted = self.check(accounts, keys, now)?;
        if admitted.is_ok() {
            self.record(accounts, keys, now)?;
        }
        Ok(admitted)
    }

    /// Forgets the attempts under `key` (a successful login clears the
    /// user's record, not the address's).
    pub fn clear(&self, accounts: &Accounts, key: &str) -> Result<(), AccountError> {
        accounts.clear_attempts(self.kind, key)
    }
}

/// The clock of the limits: ms since the epoch.
pub fn now_ms() -> i64 {
    jiff::Timestamp::now().as_millisecond()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: i64 = 1000;

    fn keys(list: &[&str]) -> Vec<String> {
        list.iter().map(|k| k.to_string()).collect()
    }

    #[test]
    fn five_failures_lock_for_the_window() {
        let dir = tempfile::tempdir().unwrap();
        let accounts = Accounts::open(&dir.path().join("server.sqlite")).unwrap();
        let both = keys(&["ip:1", "user:anna"]);
        let t0 = 1_800_000_000 * SECOND;
        for i in 0..MAX_FAILURES {
            assert_eq!(
                LOGIN.check(&accounts, &both, t0).unwrap(),
                Ok(()),
                "attempt {i}"
            );
            LOGIN.record(&accounts, &both, t0).unwrap();
        }
        assert_eq!(LOGIN.check(&accounts, &both, t0).unwrap(), Err(300));
        assert_eq!(LOGIN.check(&accounts, &both, t0 + 299_500).unwrap(), Err(1));
        assert_eq!(
            LOGIN
                .check(&accounts, &keys(&["user:anna"]), t0 + 300 * SECOND)
                .unwrap(),
            Ok(())
        );
        // Another user from another address is not affected; nor is the
        // registration form.
        assert_eq!(
            LOGIN
                .check(&accounts, &keys(&["ip:2", "user:bob"]), t0)
                .unwrap(),
            Ok(())
        );
        assert_eq!(
            REGISTRATION.check(&accounts, &keys(&["ip:1"]), t0).unwrap(),
            Ok(())
        );
        // A login clears the user's record, not the address's.
        LOGIN.clear(&accounts, "user:anna").unwrap();
        assert_eq!(
            LOGIN.check(&accounts, &keys(&["user:anna"]), t0).unwrap(),
            Ok(())
        );
        assert_eq!(
            LOGIN.check(&accounts, &keys(&["ip:1"]), t0).unwrap(),
            Err(300)
        );
    }

    #[test]
    fn the_eleventh_submission_in_ten_minutes_waits_and_old_ones_are_forgotten() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("server.sqlite");
        let accounts = Accounts::open(&path).unwrap();
        let ip = keys(&["ip:9"]);
        let t0 = 1_800_000_000 * SECOND;
        // One submission a minute: the 11th, at minute 10, is one too many
        // until the first (minute 0) leaves the window at 600 s.
        for minute in 0..10 {
            let at = t0 + minute * 60 * SECOND;
            assert_eq!(REGISTRATION.admit(&accounts, &ip, at).unwrap(), Ok(()));
        }
        let at = t0 + 599 * SECOND;
        assert_eq!(REGISTRATION.admit(&accounts, &ip, at).unwrap(), Err(1));
        // A refused submission is not counted.
        let at = t0 + 600 * SECOND;
        assert_eq!(REGISTRATION.admit(&accounts, &ip, at).unwrap(), Ok(()));
        // A second server over the same file sees the same record.
        let other = Accounts::open(&path).unwrap();
        assert_eq!(REGISTRATION.check(&other, &ip, at).unwrap(), Err(60));
        // Recording drops what left the window: minute 0 is gone.
        let kept = other
            .attempts_since("registration", "ip:9", i64::MIN)
            .unwrap();
        assert_eq!(kept.len(), 10);
        assert_eq!(kept[0], t0 + 60 * SECOND);
    }
}
