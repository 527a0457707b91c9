//! Progress of long engine commands on standard error, shown only when
//! standard error is a terminal (issue 13): `-g` and `-c` name the round
//! being paired, a pairing that takes more than two seconds says so.

use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::time::Duration;

/// How long a pairing runs before it is announced.
const LONG_PAIRING: Duration = Duration::from_secs(2);

/// A one-line progress display: "what: round n of m", cleared when dropped.
pub struct RoundProgress {
    what: &'static str,
    enabled: bool,
    shown: bool,
}

impl RoundProgress {
    pub fn new(what: &'static str) -> RoundProgress {
        RoundProgress {
            what,
            enabled: std::io::stderr().is_terminal(),
            shown: false,
        }
    }

    /// Shows that `round` of `rounds` is being paired.
    pub fn round(&mut self, round: u32, rounds: u32) {
        if self.enabled {
            let mut err = std::io::stderr().lock();
            // A failed write to the terminal only loses the display.
            let _ = write!(err, "\r{}: round {round} of {rounds}\x1b[K", self.what);
            let _ = err.flush();
            self.shown = true;
        }
    }
}

impl Drop for RoundProgress {
    fn drop(&mut self) {
        if self.shown {
            let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
        }
    }
}

/// Runs `pair` (the pairing of `round`); if it takes longer than
/// [`LONG_PAIRING`] and standard error is a terminal, says so meanwhile.
pub fn long_pairing<T>(round: u32, pair: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return pair();
    }
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|s| {
        s.spawn(move || {
            if finished.recv_timeout(LONG_PAIRING) == Err(mpsc::RecvTimeoutError::Timeout) {
                let _ = write!(std::io::stderr().lock(), "pairing round {round}…");
                // Waits for the end of the pairing, then clears the line.
                let _ = finished.recv();
                let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
            }
        });
        let result = pair();
        let _ = done.send(());
        result
    })
}
