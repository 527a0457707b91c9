//! Errors of the event commands and their exit codes (spec 05 §7.6 numbering).

use std::fmt;

use arbiter_model::journal::JournalError;
use arbiter_store::{LoadError, StoreError};

use crate::exit;

/// Why an event command failed; the message names what is wrong.
#[derive(Debug)]
pub struct CliError {
    pub code: u8,
    pub message: String,
    /// Another writer changed the event meanwhile: running the command
    /// again on the new state may succeed.
    pub retry: bool,
}

impl CliError {
    /// The request breaks a rule or is malformed (exit 3); nothing changed.
    pub fn refused(message: impl Into<String>) -> CliError {
        CliError {
            code: exit::INVALID_INPUT,
            message: message.into(),
            retry: false,
        }
    }

    /// A file could not be read or written (exit 5).
    pub fn file(message: impl Into<String>) -> CliError {
        CliError {
            code: exit::FILE_ACCESS,
            message: message.into(),
            retry: false,
        }
    }

    /// No pairing satisfies the absolute criteria (exit 1).
    pub fn no_pairing(message: impl Into<String>) -> CliError {
        CliError {
            code: exit::NO_PAIRING,
            message: message.into(),
            retry: false,
        }
    }

    /// Something that should not happen (exit 2).
    pub fn internal(message: impl Into<String>) -> CliError {
        CliError {
            code: exit::INTERNAL,
            message: message.into(),
            retry: false,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

impl From<JournalError> for CliError {
    fn from(e: JournalError) -> CliError {
        CliError::refused(e.to_string())
    }
}

impl From<StoreError> for CliError {
    fn from(e: StoreError) -> CliError {
        match e {
            StoreError::Conflict { .. } => CliError {
                code: exit::CONFLICT,
                message: e.to_string(),
                retry: true,
            },
            StoreError::Busy { .. } => CliError {
                code: exit::CONFLICT,
                message: e.to_string(),
                retry: false,
            },
            _ => CliError::file(e.to_string()),
        }
    }
}

impl From<LoadError> for CliError {
    fn from(e: LoadError) -> CliError {
        match e {
            LoadError::Store(s) => s.into(),
            LoadError::Fold { .. } => CliError::internal(e.to_string()),
        }
    }
}
