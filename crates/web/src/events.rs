//! Opening events through the application layer ([`arbiter_desk::Desk`]):
//! queries share one read-only desk per event, folded again only when its
//! journal grew ([`Desk::refresh_if_changed`]); every command opens the
//! event for writing, runs one desk command, and tells the live hub. The
//! same look at the journal's last entry tells the live watcher what
//! changed ([`JournalSeqs`]); over a database, its notifications do
//! ([`Notifications`]).

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_desk::{Access, Changes, Desk, DeskError, ErrorKind, EventDatabase, NewEvent, Origin};
use axum::http::StatusCode;

use crate::data_dir::{DataDir, EventName};
use crate::error::{Message, WebError};
use crate::live::{ChangeFeed, ChangeSource, Hub};

/// Where the served events live.
#[derive(Clone)]
pub enum Catalog {
    /// `--data DIR`: the event files `DIR/NAME.arb`.
    Folder(DataDir),
    /// `--database postgres://…`: the events of a database, which every
    /// server over it shares (issue 15 part 4).
    Database(EventDatabase),
}

/// The served events, as the desk opens them.
pub struct Events {
    catalog: Catalog,
    hub: Arc<Hub>,
    open: Mutex<HashMap<EventName, Arc<Mutex<Desk>>>>,
}

impl Events {
    pub fn new(catalog: Catalog, hub: Arc<Hub>) -> Events {
        Events {
            catalog,
            hub,
            open: Mutex::new(HashMap::new()),
        }
    }

    /// The events' place, for messages (a database without its password).
    pub fn shown(&self) -> String {
        match &self.catalog {
            Catalog::Folder(dir) => dir.root().display().to_string(),
            Catalog::Database(db) => db.target().to_string(),
        }
    }

    /// Every event, by name (a database's events whose name is not a URL
    /// name are not published).
    pub fn names(&self) -> Result<Vec<EventName>, WebError> {
        match &self.catalog {
            Catalog::Folder(dir) => dir.events().map_err(WebError::internal),
            Catalog::Database(db) => Ok(db
                .names()
                .map_err(desk_error)?
                .iter()
                .filter_map(|n| EventName::parse(n).ok())
                .collect()),
        }
    }

    /// Is there an event `event`?
    pub fn exists(&self, event: &EventName) -> Result<bool, WebError> {
        match &self.catalog {
            Catalog::Folder(dir) => Ok(dir.event_path(event).exists()),
            Catalog::Database(db) => db.exists(event.as_str()).map_err(desk_error),
        }
    }

    fn open(&self, event: &EventName, access: Access) -> Result<Desk, DeskError> {
        match &self.catalog {
            Catalog::Folder(dir) => {
                let path = dir.event_path(event);
                match access {
                    Access::ReadWrite => Desk::open(&path),
                    Access::ReadOnly => Desk::open_read_only(&path),
                }
            }
            Catalog::Database(db) => db.open(event.as_str(), access),
        }
    }

    /// Runs a query on `event` (blocking: call from a blocking task).
    pub fn read<T>(
        &self,
        event: &EventName,
        query: impl FnOnce(&mut Desk) -> Result<T, DeskError>,
    ) -> Result<T, WebError> {
        if let Catalog::Folder(dir) = &self.catalog
            && !dir.event_path(event).is_file()
        {
            return Err(WebError::not_found(event.to_string()));
        }
        let slot = {
            let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
            open.get(event).cloned()
        };
        let slot = match slot {
            Some(slot) => slot,
            None => {
                let desk = self.open(event, Access::ReadOnly).map_err(desk_error)?;
                let slot = Arc::new(Mutex::new(desk));
                let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
                open.entry(event.clone()).or_insert(slot).clone()
            }
        };
        let mut desk = slot.lock().unwrap_or_else(|p| p.into_inner());
        desk.refresh_if_changed().map_err(desk_error)?;
        query(&mut desk).map_err(desk_error)
    }

    /// Runs one command on `event` and tells its viewers (blocking).
    pub fn write<T>(
        &self,
        event: &EventName,
        command: impl FnOnce(&mut Desk) -> Result<T, DeskError>,
    ) -> Result<T, DeskError> {
        let mut desk = self.open(event, Access::ReadWrite)?;
        let outcome = command(&mut desk)?;
        self.hub.publish(event, 0);
        Ok(outcome)
    }

    /// Creates event `event` ([`Desk::create`]) and tells nobody: a new
    /// event has no viewers yet.
    pub fn create(
        &self,
        event: &EventName,
        origin: &Origin,
        request: &NewEvent,
    ) -> Result<(), DeskError> {
        match &self.catalog {
            Catalog::Folder(dir) => Desk::create(&dir.event_path(event), origin, request),
            Catalog::Database(db) => db.create(event.as_str(), origin, request),
        }
        .map(drop)
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
        ErrorKind::Storage => StatusCode::SERVICE_UNAVAILABLE,
        ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// A desk error as a page: its status and its message (a storage or
/// internal error's detail goes to the log only).
pub fn desk_error(e: DeskError) -> WebError {
    let status = status_of(e.kind());
    if e.kind() == ErrorKind::Storage {
        return WebError::storage(e);
    }
    if status.is_server_error() {
        return WebError::internal(e);
    }
    WebError::new(status, Message::Desk(e))
}

/// Change detection for the live watcher: the `seq` of each watched
/// event's last journal entry, as its open desk reads it.
pub struct JournalSeqs {
    events: Arc<Events>,
    seen: HashMap<EventName, u64>,
}

impl JournalSeqs {
    pub fn new(events: Arc<Events>) -> JournalSeqs {
        JournalSeqs {
            events,
            seen: HashMap::new(),
        }
    }
}

impl ChangeSource for JournalSeqs {
    fn poll(&mut self, events: &[EventName]) -> Vec<(EventName, u64)> {
        let mut changed = Vec::new();
        for event in events {
            // An event that cannot be read now (deleted, being replaced) is
            // looked at again on the next poll.
            let Ok(seq) = self.events.read(event, |d| Ok(d.last_seq())) else {
                continue;
            };
            // The first look since the event got viewers counts as a change:
            // a write may have come between their page load and now.
            if self.seen.insert(event.clone(), seq) != Some(seq) {
                changed.push((event.clone(), seq));
            }
        }
        self.seen.retain(|e, _| events.contains(e));
        changed
    }
}

/// Change detection over a database: its notifications, whoever wrote
/// (this server, another server, the CLI). As with [`JournalSeqs`], an
/// event that just got viewers counts as changed (a write may have come
/// between their page load and their live connection); after a lost
/// connection every watched event does, since notifications sent
/// meanwhile are gone.
pub struct Notifications {
    db: EventDatabase,
    changes: Option<Changes>,
    watched: BTreeSet<EventName>,
}

impl Notifications {
    pub fn new(db: EventDatabase) -> Notifications {
        Notifications {
            db,
            changes: None,
            watched: BTreeSet::new(),
        }
    }
}

impl ChangeFeed for Notifications {
    fn wait(&mut self, timeout: Duration, hub: &Hub) -> Vec<EventName> {
        let watched: BTreeSet<EventName> = hub.watched().into_iter().collect();
        let mut changed: BTreeSet<EventName> = watched.difference(&self.watched).cloned().collect();
        self.watched = watched;
        let changes = match &mut self.changes {
            Some(changes) => changes,
            None => match self.db.listen() {
                Ok(changes) => {
                    self.changes = Some(changes);
                    return self.watched.iter().cloned().collect();
                }
                Err(e) => {
                    eprintln!("arbiter serve: live updates: {e}");
                    std::thread::sleep(timeout);
                    return Vec::new();
                }
            },
        };
        if !changed.is_empty() {
            // Tell the new viewers now; the notifications come next call.
            return changed.into_iter().collect();
        }
        match changes.wait(timeout) {
            Ok(names) => {
                changed.extend(names.iter().filter_map(|n| EventName::parse(n).ok()));
            }
            Err(e) => {
                eprintln!("arbiter serve: live updates: {e}");
                self.changes = None;
                self.watched.clear();
            }
        }
        changed.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_desk::{NewEvent, PlayerForm, SectionForm};

    #[test]
    fn journal_seqs_notice_every_write() {
        let dir = tempfile::tempdir().unwrap();
        let data = DataDir::new(dir.path());
        let open = EventName::parse("open").unwrap();
        let origin = Origin::new("test");
        let request = NewEvent {
            name: "Open".into(),
            section: "main".into(),
            config: SectionForm {
                rounds: Some("5".into()),
                ..SectionForm::default()
            },
        };
        let (mut writer, _) = Desk::create(&data.event_path(&open), &origin, &request).unwrap();
        let events = Arc::new(Events::new(Catalog::Folder(data), Arc::new(Hub::default())));
        let mut source = JournalSeqs::new(events);
        let watched = std::slice::from_ref(&open);
        let first = source.poll(watched);
        assert_eq!(first.len(), 1, "the first look is a change");
        assert!(source.poll(watched).is_empty());
        for name in ["A, A", "B, B"] {
            let form = PlayerForm {
                name: Some(name.into()),
                ..PlayerForm::default()
            };
            writer.add_player(&origin, None, &form).unwrap();
            let seen = source.poll(watched);
            assert_eq!(seen, vec![(open.clone(), writer.last_seq())], "{name}");
        }
        assert!(source.poll(watched).is_empty());
    }
}
