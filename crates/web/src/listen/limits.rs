//! The figures that bound a server (`arbiter serve --max-connections …`):
//! how many connections it holds, in all and per client address, and how
//! long a client may take over each part of a request. Their defaults and
//! meaning are in the README ("Facing the internet").

use std::time::Duration;

/// The bounds of one server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Open connections in all (live streams included); one more is
    /// answered 503 and closed.
    pub max_connections: usize,
    /// Open connections from one client address (a trusted proxy's own
    /// connections are counted in the total only).
    pub max_per_address: usize,
    /// The longest a client may take to send a request's headers, counted
    /// from when the connection is ready for them: so also the longest a
    /// connection waits for its first or next request.
    pub header_timeout: Duration,
    /// The longest a connection may go without a byte moving either way
    /// (a client that stops reading its response; live streams send a
    /// keep-alive every 15 s, well within it).
    pub idle_timeout: Duration,
    /// The longest a client may take to send a request's body.
    pub body_timeout: Duration,
}

impl Default for Limits {
    /// 10,000 connections, 1,000 per address (a tournament hall behind
    /// one NAT address: a few hundred phones, each a page and a live
    /// stream), headers in 10 s, 60 s idle, bodies in 30 s.
    fn default() -> Limits {
        Limits {
            max_connections: 10_000,
            max_per_address: 1_000,
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            body_timeout: Duration::from_secs(30),
        }
    }
}

/// File descriptors kept beside the connections: the listener, the event
/// files and the server database, PostgreSQL connections, mail.
pub const RESERVED_FILES: u64 = 256;

/// Raises the soft limit of open files to the hard one, and lowers
/// `limits.max_connections` to what the limit then allows (with
/// [`RESERVED_FILES`] kept aside). Returns a warning when it had to.
pub fn fit_open_files(limits: &mut Limits) -> Option<String> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let current = getrlimit(Resource::Nofile);
    let wanted = limits.max_connections as u64 + RESERVED_FILES;
    let mut allowed = current.current;
    if allowed.is_some_and(|soft| soft < wanted) {
        let raised = Rlimit {
            current: current.maximum,
            maximum: current.maximum,
        };
        if setrlimit(Resource::Nofile, raised).is_ok() {
            allowed = current.maximum;
        }
    }
    let soft = allowed?;
    if soft >= wanted {
        return None;
    }
    let fitted = usize::try_from(soft.saturating_sub(RESERVED_FILES))
        .unwrap_or(usize::MAX)
        .max(1);
    let warning = format!(
        "at most {soft} open files (ulimit -n): serving {fitted} connections, not {}",
        limits.max_connections
    );
    limits.max_connections = fitted;
    limits.max_per_address = limits.max_per_address.min(fitted);
    Some(warning)
}
