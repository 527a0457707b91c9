//! A journal kept in memory: the reference implementation of
//! [`JournalStore`]'s contract, for tests and for tools that fold a journal
//! without a file.

use arbiter_model::journal::Event;

use crate::{CommandInfo, Entry, JournalStore, StoreError, clock};

/// Entries in a vector; nothing survives the process.
#[derive(Clone, Debug, Default)]
pub struct MemoryStore {
    entries: Vec<Entry>,
    commands: u64,
}

impl JournalStore for MemoryStore {
    fn entries(&mut self) -> Result<Vec<Entry>, StoreError> {
        Ok(self.entries.clone())
    }

    fn append(&mut self, after: u64, line: &str, events: &[Event]) -> Result<Vec<u64>, StoreError> {
        let found = self.entries.last().map_or(0, |e| e.seq);
        if found != after {
            return Err(StoreError::Conflict {
                expected: after,
                found,
            });
        }
        if events.is_empty() {
            return Ok(Vec::new());
        }
        self.commands += 1;
        let command = CommandInfo {
            id: self.commands,
            recorded_at: clock::now_rfc3339(),
            line: line.to_string(),
        };
        let seqs: Vec<u64> = (1..=events.len() as u64).map(|i| after + i).collect();
        self.entries
            .extend(seqs.iter().zip(events).map(|(seq, event)| Entry {
                seq: *seq,
                command: command.clone(),
                event: event.clone(),
            }));
        Ok(seqs)
    }

    fn restore(&mut self, entries: &[Entry]) -> Result<(), StoreError> {
        if let Some(last) = self.entries.last() {
            return Err(StoreError::Conflict {
                expected: 0,
                found: last.seq,
            });
        }
        self.entries = entries.to_vec();
        self.commands = entries.last().map_or(0, |e| e.command.id);
        Ok(())
    }

    fn last_seq(&mut self) -> Result<u64, StoreError> {
        Ok(self.entries.last().map_or(0, |e| e.seq))
    }
}
