//! The journal in force: entries folded one after the other, undo by
//! folding again without the cancelled entry.

use super::apply::apply;
use super::error::JournalError;
use super::events::Event;
use super::state::EventState;

/// A journal in force: the entries not undone and their fold.
#[derive(Clone, Debug, Default)]
pub struct Journal {
    /// `(seq, event)` of every entry in force, oldest first.
    in_force: Vec<(u64, Event)>,
    state: EventState,
}

impl Journal {
    /// Folds stored entries (oldest first).
    pub fn replay<'a>(
        entries: impl IntoIterator<Item = (u64, &'a Event)>,
    ) -> Result<Journal, (u64, JournalError)> {
        let mut j = Journal::default();
        j.extend(entries.into_iter().map(|(seq, e)| (seq, e.clone())))?;
        Ok(j)
    }

    /// The folded state.
    pub fn state(&self) -> &EventState {
        &self.state
    }

    /// Entries in force, oldest first.
    pub fn in_force(&self) -> &[(u64, Event)] {
        &self.in_force
    }

    /// The entry an undo would cancel now (never the creation of the event).
    pub fn undo_target(&self) -> Result<u64, JournalError> {
        match self.in_force.as_slice() {
            [] | [_] => Err(JournalError::NothingToUndo),
            [.., (seq, _)] => Ok(*seq),
        }
    }

    /// Validates and adds one entry.
    pub fn push(&mut self, seq: u64, event: Event) -> Result<(), JournalError> {
        self.extend([(seq, event)]).map_err(|(_, e)| e)
    }

    /// Validates and adds entries in order. A run of undos is folded once,
    /// so undoing a large import stays linear. On error the journal is left
    /// as it was before the failing entry's run; callers discard it.
    pub fn extend(
        &mut self,
        entries: impl IntoIterator<Item = (u64, Event)>,
    ) -> Result<(), (u64, JournalError)> {
        let mut stale = false;
        for (seq, event) in entries {
            if let Event::Undone { seq: target } = event {
                let expected = self.undo_target().map_err(|e| (seq, e))?;
                if target != expected {
                    return Err((
                        seq,
                        JournalError::UndoOutOfOrder {
                            expected,
                            got: target,
                        },
                    ));
                }
                self.in_force.pop();
                stale = true;
                continue;
            }
            if stale {
                self.refold().map_err(|e| (seq, e))?;
                stale = false;
            }
            apply(&mut self.state, &event).map_err(|e| (seq, e))?;
            self.in_force.push((seq, event));
        }
        if stale {
            self.refold().map_err(|e| (0, e))?;
        }
        Ok(())
    }

    /// The state folded again from the entries in force.
    fn refold(&mut self) -> Result<(), JournalError> {
        let mut state = EventState::default();
        for (_, e) in &self.in_force {
            apply(&mut state, e)?;
        }
        self.state = state;
        Ok(())
    }
}
