//! Live updates: server-sent events of journal changes.
//!
//! A page that shows an event opens `GET /e/{event}/live` (an
//! `EventSource`); whenever the event's journal changes the server sends
//! `event: change`, and the page re-fetches its live fragments. A change
//! is noticed whoever made it: this server publishes its own writes at
//! once ([`Hub::publish`]), and a watcher task polls every event that has
//! viewers, so writes by another process — the CLI on the same file, or
//! another server — reach the pages within [`POLL_INTERVAL`] plus a fetch.
//!
//! How an event's changes are detected: over a folder, the [`ChangeSource`]
//! seam polls the last `seq` of each watched event's journal through its
//! open desk ([`crate::events::JournalSeqs`]); over a PostgreSQL database
//! (several servers, issue 15), a [`ChangeFeed`] hears the database's
//! `LISTEN/NOTIFY` and tells the viewers at once
//! ([`crate::events::Notifications`]).

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::stream::{self, Stream};
use tokio::sync::broadcast;

use crate::data_dir::EventName;

/// How often the watcher looks for changes made by other processes.
pub const POLL_INTERVAL: Duration = Duration::from_millis(250);

/// Open live connections by event.
#[derive(Default)]
pub struct Hub {
    channels: Mutex<HashMap<EventName, broadcast::Sender<u64>>>,
    /// Set by [`Hub::close`]: the server is stopping.
    closed: std::sync::atomic::AtomicBool,
}

impl Hub {
    /// A receiver of `event`'s changes (the change counter).
    /// After [`Hub::close`], a receiver that is closed already.
    pub fn subscribe(&self, event: &EventName) -> broadcast::Receiver<u64> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if self.closed.load(std::sync::atomic::Ordering::SeqCst) {
            return broadcast::channel(1).1;
        }
        channels
            .entry(event.clone())
            .or_insert_with(|| broadcast::channel(16).0)
            .subscribe()
    }

    /// Tells every viewer of `event` that it changed.
    pub fn publish(&self, event: &EventName, version: u64) {
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(tx) = channels.get(event) {
            let _ = tx.send(version);
        }
    }

    /// Ends every live stream, now and to come (the server is stopping):
    /// each sees its channel closed and ends, so its connection can close.
    pub fn close(&self) {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        self.closed.store(true, std::sync::atomic::Ordering::SeqCst);
        channels.clear();
    }

    /// Events with at least one viewer; forgets the others.
    pub fn watched(&self) -> Vec<EventName> {
        let mut channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels.retain(|_, tx| tx.receiver_count() > 0);
        channels.keys().cloned().collect()
    }

    /// Number of open live connections (for the bench and tests).
    pub fn viewers(&self) -> usize {
        let channels = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        channels.values().map(|tx| tx.receiver_count()).sum()
    }
}

/// Detects that events changed since the previous look.
pub trait ChangeSource: Send {
    /// Of `events`, those that changed since the last call, with a number
    /// that grows with every change.
    fn poll(&mut self, events: &[EventName]) -> Vec<(EventName, u64)>;
}

/// Hears of changes as they happen (a database's notifications).
pub trait ChangeFeed: Send {
    /// Waits up to `timeout`; the events that changed meanwhile (of those
    /// `hub` shows, or any).
    fn wait(&mut self, timeout: Duration, hub: &Hub) -> Vec<EventName>;
}

/// How long a feed waits before looking whether the hub still lives.
const FEED_WAIT: Duration = Duration::from_secs(1);

/// Runs the feed until the hub is dropped, telling the viewers of every
/// changed event at once.
pub fn spawn_feed(hub: Arc<Hub>, mut feed: Box<dyn ChangeFeed>) {
    let weak = Arc::downgrade(&hub);
    drop(hub);
    std::thread::Builder::new()
        .name("arbiter-live-feed".into())
        .spawn(move || {
            while let Some(hub) = weak.upgrade() {
                for event in feed.wait(FEED_WAIT, &hub) {
                    hub.publish(&event, 0);
                }
            }
        })
        .map(drop)
        .unwrap_or_else(|e| eprintln!("arbiter serve: no live feed thread: {e}"));
}

/// Runs the watcher until the hub is dropped.
pub fn spawn_watcher(hub: Arc<Hub>, mut source: Box<dyn ChangeSource>) {
    let weak = Arc::downgrade(&hub);
    drop(hub);
    std::thread::Builder::new()
        .name("arbiter-live-watch".into())
        .spawn(move || {
            while let Some(hub) = weak.upgrade() {
                let watched = hub.watched();
                for (event, version) in source.poll(&watched) {
                    hub.publish(&event, version);
                }
                drop(hub);
                std::thread::sleep(POLL_INTERVAL);
            }
        })
        .map(drop)
        .unwrap_or_else(|e| eprintln!("arbiter serve: no live watcher thread: {e}"));
}

/// The SSE response of `GET /e/{event}/live`.
pub fn stream(
    receiver: broadcast::Receiver<u64>,
) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let hello = SseEvent::default()
        .event("hello")
        .data("0")
        .retry(Duration::from_secs(1));
    let changes = stream::unfold(receiver, |mut rx| async move {
        let version = match rx.recv().await {
            Ok(v) => v,
            // Missed some changes: the page re-fetches anyway.
            Err(broadcast::error::RecvError::Lagged(_)) => 0,
            Err(broadcast::error::RecvError::Closed) => return None,
        };
        let event = SseEvent::default()
            .event("change")
            .data(version.to_string());
        Some((Ok(event), rx))
    });
    Sse::new(stream::once(async { Ok(hello) }).chain(changes))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

use futures_util::StreamExt as _;

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn publish_reaches_subscribers_of_that_event_only() {
        let hub = Hub::default();
        let open = EventName::parse("open").unwrap();
        let other = EventName::parse("other").unwrap();
        let mut a = hub.subscribe(&open);
        let mut b = hub.subscribe(&other);
        assert_eq!(hub.viewers(), 2);
        hub.publish(&open, 7);
        assert_eq!(a.recv().await.unwrap(), 7);
        assert!(b.try_recv().is_err());
        drop(b);
        assert_eq!(hub.watched(), vec![open.clone()]);
        hub.close();
        assert!(matches!(
            a.recv().await,
            Err(broadcast::error::RecvError::Closed)
        ));
        let mut late = hub.subscribe(&open);
        assert!(matches!(
            late.recv().await,
            Err(broadcast::error::RecvError::Closed)
        ));
        assert_eq!(hub.viewers(), 0);
    }
}
