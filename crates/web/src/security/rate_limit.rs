//! Login rate limit: after [`MAX_FAILURES`] failed logins within
//! [`WINDOW`] from one address, or for one user name, further attempts are
//! refused until the window has passed. Held in memory: a cache of this
//! process (issue 15 may move it to the shared database).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub const MAX_FAILURES: usize = 5;
pub const WINDOW: Duration = Duration::from_secs(300);

/// Failed attempts by key (`ip:…`, `user:…`).
#[derive(Default)]
pub struct LoginLimiter {
    failures: Mutex<HashMap<String, Vec<Instant>>>,
}

impl LoginLimiter {
    /// `Err(seconds to wait)` when any of `keys` is over the limit.
    pub fn check(&self, keys: &[String], now: Instant) -> Result<(), u64> {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let mut wait = 0;
        for key in keys {
            if let Some(times) = map.get_mut(key) {
                times.retain(|t| now.duration_since(*t) < WINDOW);
                if times.len() >= MAX_FAILURES {
                    let oldest = times[times.len() - MAX_FAILURES];
                    let left = WINDOW.saturating_sub(now.duration_since(oldest));
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
            map.retain(|_, times| times.iter().any(|t| now.duration_since(*t) < WINDOW));
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
