//! The one error of the desk: a kind every face maps (the CLI to an exit
//! code, the web to an HTTP status), the form field at fault, and a message
//! that names what is wrong.

use std::fmt;

use arbiter_model::journal::JournalError;
use arbiter_pairing::PairingError;
use arbiter_store::{LoadError, StoreError};

/// What went wrong, for a face to map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// A field of the request is malformed (see [`DeskError::field`]).
    InvalidInput,
    /// The request names a player, section, round or board that does not
    /// exist.
    NotFound,
    /// A rule of the event refuses the request (round incomplete, player
    /// already withdrawn, a forbidden pair…).
    Refused,
    /// Another writer kept changing the event while the command was retried
    /// (or kept it locked).
    Conflict,
    /// The event file (or another file) cannot be read or written.
    Storage,
    /// No pairing of the round satisfies the absolute criteria.
    NoValidPairing,
    /// A size limit of the formats or of the engine is exceeded.
    SizeLimit,
    /// A defect of Arbiter (an engine pairing the journal refuses, a journal
    /// that no longer folds).
    Internal,
}

/// Why a request was not carried out. Nothing was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeskError {
    kind: ErrorKind,
    field: Option<String>,
    message: String,
    overridable: bool,
}

impl DeskError {
    fn new(kind: ErrorKind, message: impl Into<String>) -> DeskError {
        DeskError {
            kind,
            field: None,
            message: message.into(),
            overridable: false,
        }
    }

    /// Field `field` of the request is malformed; `message` says how (the
    /// field's name starts the displayed message).
    pub fn invalid(field: &str, message: impl Into<String>) -> DeskError {
        DeskError {
            field: Some(field.to_string()),
            ..DeskError::new(ErrorKind::InvalidInput, message)
        }
    }

    /// A malformed input that is not one form field (a line of a file).
    pub fn malformed(message: impl Into<String>) -> DeskError {
        DeskError::new(ErrorKind::InvalidInput, message)
    }

    pub fn not_found(message: impl Into<String>) -> DeskError {
        DeskError::new(ErrorKind::NotFound, message)
    }

    pub fn refused(message: impl Into<String>) -> DeskError {
        DeskError::new(ErrorKind::Refused, message)
    }

    pub fn storage(message: impl Into<String>) -> DeskError {
        DeskError::new(ErrorKind::Storage, message)
    }

    pub fn no_pairing(message: impl Into<String>) -> DeskError {
        DeskError::new(ErrorKind::NoValidPairing, message)
    }

    pub fn size_limit(message: impl Into<String>) -> DeskError {
        DeskError::new(ErrorKind::SizeLimit, message)
    }

    pub fn internal(message: impl Into<String>) -> DeskError {
        DeskError::new(ErrorKind::Internal, message)
    }

    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The request field at fault (`name`, `rating`, `start`…), as the
    /// forms and the command-line options name it.
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// The message without the field's name.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// True when the refusal is a broken absolute criterion that the
    /// arbiter may lift with a logged override (`pairing set --override`).
    pub fn is_overridable(&self) -> bool {
        self.overridable
    }

    /// The same error with `context` before its message (`players.csv line
    /// 3: …`).
    pub fn context(mut self, context: impl fmt::Display) -> DeskError {
        self.message = match self.field.take() {
            Some(field) => format!("{context}, field {field}: {}", self.message),
            None => format!("{context}: {}", self.message),
        };
        self
    }
}

impl fmt::Display for DeskError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.field {
            Some(field) => write!(f, "{field}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for DeskError {}

impl From<JournalError> for DeskError {
    fn from(e: JournalError) -> DeskError {
        let kind = match e {
            JournalError::UnknownSection(_)
            | JournalError::UnknownPlayer(_)
            | JournalError::UnknownTeam(_)
            | JournalError::UnknownMatch { .. }
            | JournalError::UnknownMatchBoard { .. }
            | JournalError::UnknownRegistration(_)
            | JournalError::UnknownBoard { .. }
            | JournalError::RoundNotPaired { .. } => ErrorKind::NotFound,
            JournalError::NotCreated | JournalError::AlreadyCreated => ErrorKind::Internal,
            _ => ErrorKind::Refused,
        };
        DeskError {
            overridable: e.is_overridable(),
            ..DeskError::new(kind, e.to_string())
        }
    }
}

impl From<StoreError> for DeskError {
    /// A conflict (after every retry) or a lock held too long is another
    /// writer's doing; everything else is about the file.
    fn from(e: StoreError) -> DeskError {
        match e {
            StoreError::Conflict { .. } | StoreError::Busy { .. } => {
                DeskError::new(ErrorKind::Conflict, e.to_string())
            }
            _ => DeskError::storage(e.to_string()),
        }
    }
}

impl From<LoadError> for DeskError {
    fn from(e: LoadError) -> DeskError {
        match e {
            LoadError::Store(s) => s.into(),
            LoadError::Fold { .. } => DeskError::internal(e.to_string()),
        }
    }
}

impl From<PairingError> for DeskError {
    fn from(e: PairingError) -> DeskError {
        match e {
            PairingError::NoValidPairing { .. } => DeskError::no_pairing(e.to_string()),
            PairingError::InvalidInput(m) => DeskError::refused(m),
        }
    }
}
