//! Noticing that another process changed an event file, so that a server
//! can publish it (issue 15 part 4 for event files).
//!
//! SQLite's `PRAGMA data_version` changes whenever another connection has
//! committed to the file; reading it costs no disk read. The watch keeps its
//! own read-only connection, so every writer counts as "another".

use std::path::Path;

use super::errors::AtPath;
use super::{SqliteStore, last_seq};
use crate::StoreError;
use crate::backoff::retry_busy;

/// Polls one event file for new journal entries.
pub struct SqliteWatch {
    store: SqliteStore,
    data_version: i64,
    last_seq: u64,
}

impl SqliteWatch {
    /// Starts watching the event at `path` (opened read-only).
    pub fn new(path: &Path) -> Result<SqliteWatch, StoreError> {
        let store = SqliteStore::open_read_only(path)?;
        let mut watch = SqliteWatch {
            store,
            data_version: 0,
            last_seq: 0,
        };
        watch.data_version = watch.data_version()?;
        watch.last_seq = retry_busy(|| last_seq(&watch.store.conn, &watch.store.path))?;
        Ok(watch)
    }

    /// The `seq` of the journal's last entry when the watch last looked.
    pub fn last_seq(&self) -> u64 {
        self.last_seq
    }

    /// The journal's new last `seq` if entries were appended since the
    /// previous call (or since [`SqliteWatch::new`]), else `None`.
    pub fn poll(&mut self) -> Result<Option<u64>, StoreError> {
        let version = self.data_version()?;
        if version == self.data_version {
            return Ok(None);
        }
        self.data_version = version;
        let seq = retry_busy(|| last_seq(&self.store.conn, &self.store.path))?;
        if seq == self.last_seq {
            return Ok(None);
        }
        self.last_seq = seq;
        Ok(Some(seq))
    }

    fn data_version(&self) -> Result<i64, StoreError> {
        retry_busy(|| {
            self.store
                .conn
                .pragma_query_value(None, "data_version", |r| r.get(0))
                .at(&self.store.path)
        })
    }
}
