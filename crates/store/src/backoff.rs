//! Waiting between attempts when writers collide: exponential backoff with
//! random jitter, so that colliding writers spread out instead of colliding
//! again in step.

use std::hash::{BuildHasher, Hasher};
use std::time::Duration;

/// Delays for successive attempts: the `n`-th wait is a random duration in
/// `[base·2ⁿ / 2, base·2ⁿ]`, capped at `cap`; `attempts` bounds the tries.
#[derive(Clone, Debug)]
pub struct Backoff {
    base: Duration,
    cap: Duration,
    attempts: u32,
    done: u32,
    seed: u64,
}

impl Backoff {
    /// `attempts` tries in all (the first is immediate).
    pub fn new(base: Duration, cap: Duration, attempts: u32) -> Backoff {
        Backoff {
            base,
            cap,
            attempts,
            done: 0,
            // RandomState is seeded randomly per process and per instance.
            seed: std::collections::hash_map::RandomState::new()
                .build_hasher()
                .finish(),
        }
    }

    /// For writers re-folding after a [`crate::StoreError::Conflict`]: 2 ms
    /// doubling to 250 ms, 60 tries (about ten seconds of waiting at most).
    pub fn for_conflicts() -> Backoff {
        Backoff::new(Duration::from_millis(2), Duration::from_millis(250), 60)
    }

    /// For lock contention the busy timeout did not absorb.
    pub(crate) fn for_locks() -> Backoff {
        Backoff::new(Duration::from_millis(5), Duration::from_millis(500), 12)
    }

    /// Tries made so far (each call to [`Backoff::wait`] counts one).
    pub fn retries(&self) -> u32 {
        self.done
    }

    /// Sleeps before the next try; `false` (without sleeping) when the tries
    /// are used up.
    pub fn wait(&mut self) -> bool {
        match self.next_delay() {
            Some(d) => {
                std::thread::sleep(d);
                true
            }
            None => false,
        }
    }

    /// The delay before the next try, or `None` when the tries are used up.
    pub fn next_delay(&mut self) -> Option<Duration> {
        if self.done + 1 >= self.attempts {
            return None;
        }
        let ceiling = self
            .base
            .saturating_mul(1u32 << self.done.min(20))
            .min(self.cap);
        self.done += 1;
        // xorshift64*: a fresh pseudo-random number per delay.
        self.seed ^= self.seed << 13;
        self.seed ^= self.seed >> 7;
        self.seed ^= self.seed << 17;
        let half = ceiling / 2;
        let span = (ceiling - half).as_micros() as u64;
        let jitter = if span == 0 { 0 } else { self.seed % (span + 1) };
        Some(half + Duration::from_micros(jitter))
    }
}

/// Runs `attempt` until it succeeds, fails with an error that is not lock
/// contention, or the backoff's tries are used up.
pub(crate) fn retry_busy<T>(
    mut attempt: impl FnMut() -> Result<T, crate::StoreError>,
) -> Result<T, crate::StoreError> {
    let mut backoff = Backoff::for_locks();
    loop {
        match attempt() {
            Err(e) if e.is_busy() && backoff.wait() => continue,
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_grow_within_their_bounds_and_stop() {
        let mut b = Backoff::new(Duration::from_millis(4), Duration::from_millis(20), 6);
        let bounds = [(2, 4), (4, 8), (8, 16), (10, 20), (10, 20)];
        for (lo, hi) in bounds {
            let d = b.next_delay().expect("a try is left");
            assert!(
                d >= Duration::from_millis(lo) && d <= Duration::from_millis(hi),
                "{d:?} not in [{lo}, {hi}] ms"
            );
        }
        assert_eq!(b.next_delay(), None);
        assert_eq!(b.retries(), 5);
    }
}
