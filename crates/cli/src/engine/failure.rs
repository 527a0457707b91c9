//! An engine failure: the message for stderr and the exit code of spec 05
//! §7.6.

use std::process::ExitCode;

use arbiter_desk::DeskError;
use arbiter_pairing::PairingError;

use crate::{exit, out};

/// Why an engine command stopped.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    /// Invalid request or malformed input (exit 3).
    pub fn invalid(message: impl Into<String>) -> Failure {
        Failure {
            code: exit::INVALID_INPUT,
            message: message.into(),
        }
    }

    /// A size limit was exceeded (exit 4).
    pub fn size(message: impl Into<String>) -> Failure {
        Failure {
            code: exit::SIZE_LIMIT,
            message: message.into(),
        }
    }

    /// Unexpected internal error (exit 2).
    pub fn internal(message: impl Into<String>) -> Failure {
        Failure {
            code: exit::INTERNAL,
            message: message.into(),
        }
    }

    /// Prints the message to stderr and gives the exit code.
    pub fn exit(self) -> ExitCode {
        if !self.message.is_empty() {
            out::warn(&self.message);
        }
        ExitCode::from(self.code)
    }
}

impl From<DeskError> for Failure {
    fn from(e: DeskError) -> Failure {
        Failure {
            code: exit::of(e.kind()),
            message: e.to_string(),
        }
    }
}

impl From<PairingError> for Failure {
    fn from(e: PairingError) -> Failure {
        match e {
            PairingError::NoValidPairing { round } => Failure {
                code: exit::NO_PAIRING,
                message: format!("No valid pairing exists for round {round}."),
            },
            PairingError::InvalidInput(message) => Failure::invalid(message),
        }
    }
}
