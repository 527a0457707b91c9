//! The bounded pool of password checks. An Argon2id check holds
//! [`argon2::Params::DEFAULT_M_COST`] KiB (19 MiB) while it runs, and the
//! allocator keeps what a thread freed for that thread: so checks run on
//! [`workers`] threads of their own, as many as [`MEMORY_BUDGET`] allows,
//! never on the blocking pool's hundreds. Requests wait for a worker in
//! turn, at most [`QUEUE_WAIT`]; then they are answered 503.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Semaphore, oneshot};

use crate::accounts::AccountError;

/// The memory all password checks together may hold.
pub const MEMORY_BUDGET: usize = 64 << 20;

/// The longest a request waits for a free worker.
pub const QUEUE_WAIT: Duration = Duration::from_secs(10);

/// Workers within [`MEMORY_BUDGET`] (at least one): 64 MiB / 19 MiB = 3.
pub fn workers() -> usize {
    let per_check = argon2::Params::DEFAULT_M_COST as usize * 1024;
    (MEMORY_BUDGET / per_check).max(1)
}

type Job = Box<dyn FnOnce() + Send>;

/// The pool; its threads end when it is dropped.
pub struct PasswordChecks {
    /// One permit per worker, so a job never waits in the channel.
    permits: Semaphore,
    jobs: mpsc::Sender<Job>,
}

impl PasswordChecks {
    pub fn new(workers: usize) -> PasswordChecks {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for i in 0..workers {
            let queue = queue.clone();
            let started = std::thread::Builder::new()
                .name(format!("arbiter-password-{i}"))
                .spawn(move || {
                    loop {
                        let job = queue.lock().unwrap_or_else(|p| p.into_inner()).recv();
                        match job {
                            Ok(job) => job(),
                            Err(mpsc::RecvError) => break,
                        }
                    }
                });
            if let Err(e) = started {
                eprintln!("arbiter serve: no password-check thread: {e}");
            }
        }
        PasswordChecks {
            permits: Semaphore::new(workers),
            jobs,
        }
    }

    /// Runs `check` (a password check and the reads around it) on a
    /// worker; `Busy` when none came free within [`QUEUE_WAIT`].
    pub async fn run<T: Send + 'static>(
        &self,
        check: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AccountError> {
        let _permit = tokio::time::timeout(QUEUE_WAIT, self.permits.acquire())
            .await
            .map_err(|_| AccountError::Busy)?
            .map_err(|_| AccountError::Busy)?;
        let (done, result) = oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = done.send(check());
        });
        self.jobs.send(job).map_err(|_| AccountError::Busy)?;
        result.await.map_err(|_| AccountError::Busy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn three_workers_within_the_budget() {
        assert_eq!(argon2::Params::DEFAULT_M_COST, 19 * 1024);
        assert_eq!(workers(), 3);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn never_more_checks_at_once_than_workers() {
        let pool = Arc::new(PasswordChecks::new(3));
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for i in 0..30 {
            let (pool, running, most) = (pool.clone(), running.clone(), most.clone());
            tasks.push(tokio::spawn(async move {
                pool.run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                    running.fetch_sub(1, Ordering::SeqCst);
                    i
                })
                .await
                .unwrap()
            }));
        }
        let mut sum = 0;
        for t in tasks {
            sum += t.await.unwrap();
        }
        assert_eq!(sum, (0..30).sum::<i32>());
        assert!(most.load(Ordering::SeqCst) <= 3);
    }
}
