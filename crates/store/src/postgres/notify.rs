//! "The journal of event X changed", across servers: PostgreSQL
//! `LISTEN`/`NOTIFY` on [`super::CHANNEL`] (issue 15 part 4).

use std::collections::BTreeSet;
use std::time::Duration;

use postgres::Client;
use postgres::fallible_iterator::FallibleIterator;

use super::{CHANNEL, connect_client, server};
use crate::StoreError;

/// A connection that listens for journal changes of every event of a
/// database. Keep one per server process.
pub struct Notifier {
    client: Client,
    target: String,
}

impl Notifier {
    /// Connects to `url` and starts listening.
    pub fn connect(url: &str) -> Result<Notifier, StoreError> {
        let (mut client, target) = connect_client(url)?;
        client
            .batch_execute(&format!("LISTEN {CHANNEL}"))
            .map_err(|e| server(&target, &e))?;
        Ok(Notifier { client, target })
    }

    /// Waits up to `timeout` for a change; returns the names of the events
    /// whose journal changed since the last call, each once (empty when
    /// nothing changed in time).
    pub fn wait(&mut self, timeout: Duration) -> Result<BTreeSet<String>, StoreError> {
        let mut names = BTreeSet::new();
        let mut notifications = self.client.notifications();
        let first = notifications
            .timeout_iter(timeout)
            .next()
            .map_err(|e| server(&self.target, &e))?;
        if let Some(first) = first {
            names.insert(first.payload().to_string());
            // Whatever else has arrived meanwhile, without waiting.
            let mut pending = notifications.iter();
            while let Some(n) = pending.next().map_err(|e| server(&self.target, &e))? {
                names.insert(n.payload().to_string());
            }
        }
        Ok(names)
    }
}
