//! Why a journal could not be read or written.
//!
//! Every variant says what happened to which event in words an arbiter can
//! act on; no message carries SQL text or a driver's internals (the backends
//! translate their errors into these variants where they happen).

/// Why the event could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path}: no such event file")]
    NotFound { path: String },
    #[error("{path}: already exists; choose another name")]
    AlreadyExists { path: String },
    #[error("{path}: is a folder, not an event file")]
    IsADirectory { path: String },
    #[error("{path}: not an Arbiter event file ({detail})")]
    NotAnEvent { path: String, detail: String },
    #[error("{path}: made by a newer Arbiter (schema {found}, this version knows up to {known})")]
    TooNew {
        path: String,
        found: u32,
        known: u32,
    },
    #[error(
        "{path}: made by an older Arbiter (schema {found}); open it once with a command that writes, to upgrade it"
    )]
    TooOld { path: String, found: u32 },
    #[error("{path}: cannot be written ({detail})")]
    ReadOnly { path: String, detail: String },
    #[error("{path}: cannot be read or written ({detail})")]
    Access { path: String, detail: String },
    #[error("{path}: damaged ({detail}); restore it from a backup or an export")]
    Corrupt { path: String, detail: String },
    #[error("{path}: another process kept the event locked for too long; try again")]
    Busy { path: String },
    #[error("journal entry {seq}: unreadable payload: {detail}")]
    Payload { seq: u64, detail: String },
    #[error(
        "the event changed while this command ran (journal at {found}, expected {expected}); run the command again"
    )]
    Conflict { expected: u64, found: u64 },
    #[error("{target}: database server: {detail}")]
    Server { target: String, detail: String },
}

impl StoreError {
    /// Lock contention that waiting may resolve (the store retries these
    /// itself; see [`crate::Backoff`]).
    pub fn is_busy(&self) -> bool {
        matches!(self, StoreError::Busy { .. })
    }
}
