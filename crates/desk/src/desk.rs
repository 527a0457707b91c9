//! The desk of one event: its journal folded, and the one way a command
//! becomes journal entries — fold, validate, append in one transaction,
//! again on a concurrent write.

use std::path::Path;

use arbiter_model::date::Date;
use arbiter_model::journal::{Event, EventState, Journal, Section};
use arbiter_store::{Backoff, Entry, JournalStore, MemoryStore, StoreError};

use crate::error::DeskError;
use crate::origin::Origin;
use crate::storage::{self, Access};

/// One event, open: every command and query of the arbiter. A desk is
/// `Send`, so a server may run it on any thread.
///
/// The state is the journal as folded when the desk was opened or last
/// wrote; [`Desk::refresh`] reads what other writers added since. Commands
/// never need it: they detect a concurrent write when they append, fold
/// the new journal and run again.
pub struct Desk {
    store: Box<dyn JournalStore + Send>,
    /// How messages name the event (its file).
    name: String,
    access: Access,
    journal: Journal,
    last_seq: u64,
    /// The stored entries, read when a query needs them (log, undo).
    entries: Option<Vec<Entry>>,
}

/// What a command does to the state it is given: the entries to append
/// (none: nothing to record) and what to report.
pub(crate) struct Plan<T> {
    pub events: Vec<Event>,
    pub outcome: T,
}

/// What a command's plan sees: the journal as folded, and the stored
/// entries when they were read (only `undo` needs them; it reads them
/// first, and they are read again with the journal after a conflict).
pub(crate) struct Now<'a> {
    pub journal: &'a Journal,
    pub entries: &'a [Entry],
}

impl Now<'_> {
    pub fn state(&self) -> &EventState {
        self.journal.state()
    }
}

impl<T> Plan<T> {
    pub fn new(events: Vec<Event>, outcome: T) -> Plan<T> {
        Plan { events, outcome }
    }
}

impl Desk {
    /// Opens the event at `path` for commands: an event file, or
    /// `postgres://…#EVENT` (an event of a PostgreSQL database).
    pub fn open(path: &Path) -> Result<Desk, DeskError> {
        Desk::open_with(path, Access::ReadWrite)
    }

    /// Opens the event at `path` (as [`Desk::open`]) for queries only.
    pub fn open_read_only(path: &Path) -> Result<Desk, DeskError> {
        Desk::open_with(path, Access::ReadOnly)
    }

    fn open_with(path: &Path, access: Access) -> Result<Desk, DeskError> {
        let (store, name) = storage::open(path, access)?;
        Desk::over(store, name, access)
    }

    /// A desk over any store (a database backend, a test's memory).
    pub fn over(
        store: Box<dyn JournalStore + Send>,
        name: impl Into<String>,
        access: Access,
    ) -> Result<Desk, DeskError> {
        let mut desk = Desk {
            store,
            name: name.into(),
            access,
            journal: Journal::default(),
            last_seq: 0,
            entries: None,
        };
        desk.refresh()?;
        if desk.state().info.is_none() {
            return Err(DeskError::storage(format!(
                "{}: the event file holds no event",
                desk.name
            )));
        }
        Ok(desk)
    }

    /// Creates the event file `path` from its first command's entries.
    pub(crate) fn create_file(
        path: &Path,
        origin: &Origin,
        events: Vec<Event>,
    ) -> Result<Desk, DeskError> {
        let journal = fold_new(&events)?;
        Desk::create_folded(path, origin, events, journal)
    }

    /// As [`Desk::create_file`], `journal` being `events` already folded.
    pub(crate) fn create_folded(
        path: &Path,
        origin: &Origin,
        events: Vec<Event>,
        journal: Journal,
    ) -> Result<Desk, DeskError> {
        let (store, name) = storage::create(path, origin.line(), &events)?;
        Ok(Desk::created(store, name, journal, &events))
    }

    /// Creates an event in memory (tests, previews, the web's drafts).
    pub(crate) fn create_memory(origin: &Origin, events: Vec<Event>) -> Result<Desk, DeskError> {
        let journal = fold_new(&events)?;
        let mut store = MemoryStore::default();
        store.append(0, origin.line(), &events)?;
        Ok(Desk::created(
            Box::new(store),
            "(memory)".into(),
            journal,
            &events,
        ))
    }

    pub(crate) fn created(
        store: Box<dyn JournalStore + Send>,
        name: String,
        journal: Journal,
        events: &[Event],
    ) -> Desk {
        Desk {
            store,
            name,
            access: Access::ReadWrite,
            journal,
            last_seq: events.len() as u64,
            entries: None,
        }
    }

    /// Reads and folds the journal again (what other writers added).
    pub fn refresh(&mut self) -> Result<(), DeskError> {
        let (journal, last_seq, entries) = arbiter_store::load(self.store.as_mut())?;
        self.journal = journal;
        self.last_seq = last_seq;
        self.entries = Some(entries);
        Ok(())
    }

    /// The `seq` of the last journal entry folded (0: none).
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// Folds again only when the store's journal has grown since (one cheap
    /// look at its last `seq`, [`JournalStore::last_seq`]): how a server
    /// keeps an open event current. True when it changed.
    pub fn refresh_if_changed(&mut self) -> Result<bool, DeskError> {
        if self.store.last_seq()? == self.last_seq {
            return Ok(false);
        }
        self.refresh()?;
        Ok(true)
    }

    /// How messages name the event.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The folded state.
    pub(crate) fn state(&self) -> &EventState {
        self.journal.state()
    }

    pub(crate) fn journal(&self) -> &Journal {
        &self.journal
    }

    /// The stored entries, read once.
    pub(crate) fn entries(&mut self) -> Result<&[Entry], DeskError> {
        if self.entries.is_none() {
            self.entries = Some(self.store.entries()?);
        }
        Ok(self.entries.as_deref().unwrap_or_default())
    }

    /// The section `code` (`None`: the first one).
    pub(crate) fn section(&self, code: Option<&str>) -> Result<&Section, DeskError> {
        Ok(self.state().section(code)?)
    }

    /// Runs a command: `plan` turns the folded state into entries; they are
    /// validated against the state ([`Journal::extend`]) and appended in
    /// one transaction with `origin`. When another writer appended
    /// meanwhile ([`StoreError::Conflict`]), the journal is folded again and
    /// `plan` runs again on the new state, after the store's jittered
    /// [`Backoff`]. A refused entry is reported through `refusal`.
    pub(crate) fn commit<T>(
        &mut self,
        origin: &Origin,
        mut plan: impl FnMut(&Now) -> Result<Plan<T>, DeskError>,
        refusal: impl Fn(DeskError) -> DeskError,
    ) -> Result<T, DeskError> {
        if self.access == Access::ReadOnly {
            return Err(DeskError::internal(format!(
                "{}: opened for reading only",
                self.name
            )));
        }
        let mut backoff = Backoff::for_conflicts();
        loop {
            let now = Now {
                journal: &self.journal,
                entries: self.entries.as_deref().unwrap_or_default(),
            };
            let Plan { events, outcome } = plan(&now)?;
            if events.is_empty() {
                return Ok(outcome);
            }
            let mut next = self.journal.clone();
            let numbered = events
                .iter()
                .enumerate()
                .map(|(i, e)| (self.last_seq + i as u64 + 1, e.clone()));
            next.extend(numbered)
                .map_err(|(_, e)| refusal(DeskError::from(e)))?;
            match self.store.append(self.last_seq, origin.line(), &events) {
                Ok(_) => {
                    self.journal = next;
                    self.last_seq += events.len() as u64;
                    self.entries = None;
                    return Ok(outcome);
                }
                Err(StoreError::Conflict { .. }) if backoff.wait() => self.refresh()?,
                Err(e) => return Err(e.into()),
            }
        }
    }
}

/// The state after the first command's entries, or why they are refused.
pub(crate) fn fold_new(events: &[Event]) -> Result<Journal, DeskError> {
    let mut journal = Journal::default();
    journal
        .extend(
            events
                .iter()
                .cloned()
                .enumerate()
                .map(|(i, e)| (i as u64 + 1, e)),
        )
        .map_err(|(_, e)| DeskError::from(e))?;
    Ok(journal)
}

/// Today's date (UTC), which bounds birth dates.
pub(crate) fn today() -> Date {
    jiff::tz::Offset::UTC
        .to_datetime(jiff::Timestamp::now())
        .date()
}
