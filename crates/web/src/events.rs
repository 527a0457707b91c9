//! Opening events through the application layer ([`arbiter_desk::Desk`]):
//! queries share one read-only desk per event, refreshed when the event's
//! file changed; every command opens the event for writing, runs one desk
//! command, and tells the live hub.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use arbiter_desk::{Desk, DeskError, ErrorKind, Origin};
use axum::http::StatusCode;

use crate::data_dir::{DataDir, EventName};
use crate::error::{Message, WebError};
use crate::live::{Hub, Stamp, stamp};

/// The events of the data folder, as the desk opens them.
pub struct Events {
    dir: DataDir,
    hub: Arc<Hub>,
    open: Mutex<HashMap<EventName, Arc<Mutex<Cached>>>>,
}

struct Cached {
    stamp: Stamp,
    desk: Desk,
}

impl Events {
    pub fn new(dir: DataDir, hub: Arc<Hub>) -> Events {
        Events {
            dir,
            hub,
            open: Mutex::new(HashMap::new()),
        }
    }

    /// Runs a query on `event` (blocking: call from a blocking task).
    pub fn read<T>(
        &self,
        event: &EventName,
        query: impl FnOnce(&mut Desk) -> Result<T, DeskError>,
    ) -> Result<T, WebError> {
        let path = self.dir.event_path(event);
        if !path.is_file() {
            return Err(WebError::not_found(event.to_string()));
        }
        let slot = {
            let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
            open.get(event).cloned()
        };
        let now = stamp(&path);
        let slot = match slot {
            Some(slot) => slot,
            None => {
                let desk = Desk::open_read_only(&path).map_err(desk_error)?;
                let slot = Arc::new(Mutex::new(Cached { stamp: now, desk }));
                let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
                open.entry(event.clone()).or_insert(slot).clone()
            }
        };
        let mut cached = slot.lock().unwrap_or_else(|p| p.into_inner());
        if cached.stamp != now {
            cached.desk.refresh().map_err(desk_error)?;
            cached.stamp = now;
        }
        query(&mut cached.desk).map_err(desk_error)
    }

    /// Runs one command on `event` and tells its viewers (blocking).
    pub fn write<T>(
        &self,
        event: &EventName,
        command: impl FnOnce(&mut Desk) -> Result<T, DeskError>,
    ) -> Result<T, DeskError> {
        let path = self.dir.event_path(event);
        let mut desk = Desk::open(&path)?;
        let outcome = command(&mut desk)?;
        self.hub.publish(event, 0);
        Ok(outcome)
    }

    /// Creates event `event` by `create` (which gets the path) and tells
    /// nobody: a new event has no viewers yet.
    pub fn create<T>(
        &self,
        event: &EventName,
        create: impl FnOnce(&std::path::Path) -> Result<T, DeskError>,
    ) -> Result<T, DeskError> {
        create(&self.dir.event_path(event))
    }
}

/// The origin of a web command, for the event's log.
pub fn origin(user: &str, action: &str) -> Origin {
    Origin::web(user, action)
}

/// The HTTP status of a desk error.
pub fn status_of(kind: ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::InvalidInput => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::NotFound => StatusCode::NOT_FOUND,
        ErrorKind::Refused | ErrorKind::NoValidPairing => StatusCode::CONFLICT,
        ErrorKind::Conflict => StatusCode::CONFLICT,
        ErrorKind::SizeLimit => StatusCode::PAYLOAD_TOO_LARGE,
        ErrorKind::Storage | ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// A desk error as a page: its status and its message (a storage or
/// internal error's detail goes to the log only).
pub fn desk_error(e: DeskError) -> WebError {
    let status = status_of(e.kind());
    if status.is_server_error() {
        return WebError::internal(e);
    }
    WebError::new(status, Message::Text(e.to_string()))
}
