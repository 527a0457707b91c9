//! Rate limits. Login: after [`MAX_FAILURES`] failed logins within
//! [`WINDOW`] from one address, or for one user name, further attempts are
//! refused until the window has passed. Registration: at most
//! [`REGISTRATIONS_PER_ADDRESS`] submissions of the public form within
//! [`REGISTRATION_WINDOW`] from one address. Held in memory: a cache of
//! this process (issue 15 may move it to the shared database).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const MAX_FAILURES: usize = 5;
pub const WINDOW: Duration = Duration::from_secs(300);

/// Submissions of the registration form (valid or not) one address may
/// make in [`REGISTRATION_WINDOW`]: a family registering its children
/// and correcting a typo or two, not a script.
pub const REGISTRATIONS_PER_ADDRESS: usize = 10;
pub const REGISTRATION_WINDOW: Duration = Duration::from_secs(600);

/// Attempts by key (`ip:…`, `user:…`): at most `max` within `window`.
pub struct LoginLimiter {
    failures: Mutex<HashMap<String, Vec<Instant>>>,
    max: usize,
    window: Duration,
}

impl Default for LoginLimiter {
    /// The login limit.
    fn default() -> LoginLimiter {
        LoginLimiter::new(MAX_FAILURES, WINDOW)
    }
}

impl LoginLimiter {
    pub fn new(max: usize, window: Duration) -> LoginLimiter {
        LoginLimiter {
            failures: Mutex::new(HashMap::new()),
            max,
            window,
        }
    }

    /// The registration form's limit.
    pub fn registrations() -> LoginLimiter {
        LoginLimiter::new(REGISTRATIONS_PER_ADDRESS, REGISTRATION_WINDOW)
    }

    /// `Err(seconds to wait)` when any of `keys` is over the limit.
    pub fn check(&self, keys: &[String], now: Instant) -> Result<(), u64> {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let mut wait = 0;
        for key in keys {
            if let Some(times) = map.get_mut(key) {
                times.retain(|t| now.duration_since(*t) < self.window);
                if times.len() >= self.max {
                    let oldest = times[times.len() - self.max];
                    let left = self.window.saturating_sub(now.duration_since(oldest));
                    wait = wait.max(left.as_secs().max(1));
                }
            }
        }
        if wait > 0 { Err(wait) } else { Ok(()) }
    }

    /// Records a failed attempt under every key.
    pub fn failed(&self, keys: &[String], now: Instant) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        for key in keys {
            map.entry(key.clone()).or_default().push(now);
        }
        // Forget stale keys so the map cannot grow without bound.
        if map.len() > 10_000 {
            map.retain(|_, times| times.iter().any(|t| now.duration_since(*t) < self.window));
        }
    }

    /// A successful login clears the user's record (not the address's).
    pub fn succeeded(&self, user_key: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        map.remove(user_key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_lock_for_the_window() {
        let limiter = LoginLimiter::default();
        let keys = vec!["ip:1".to_string(), "user:anna".to_string()];
        let t0 = Instant::now();
        for i in 0..MAX_FAILURES {
            assert!(limiter.check(&keys, t0).is_ok(), "attempt {i}");
            limiter.failed(&keys, t0);
        }
        let wait = limiter.check(&keys, t0).unwrap_err();
        assert_eq!(wait, WINDOW.as_secs());
        assert!(
            limiter
                .check(&["user:anna".to_string()], t0 + WINDOW)
                .is_ok()
        );
        // Another user from another address is not affected.
        assert!(
            limiter
                .check(&["ip:2".to_string(), "user:bob".to_string()], t0)
                .is_ok()
        );
    }
}
