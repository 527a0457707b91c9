//! Exit codes, shared by every command (the engine convention of spec 05
//! §7.6, and 6 for a concurrent writer), and the one map from the desk's
//! error kinds.

use arbiter_desk::ErrorKind;

/// No valid pairing exists for the round.
pub const NO_PAIRING: u8 = 1;
/// Unexpected internal error.
pub const INTERNAL: u8 = 2;
/// Invalid request or malformed input, or refused by a rule.
pub const INVALID_INPUT: u8 = 3;
/// A size limit was exceeded.
pub const SIZE_LIMIT: u8 = 4;
/// A file could not be read or written.
pub const FILE_ACCESS: u8 = 5;
/// Another writer kept changing the event.
pub const CONFLICT: u8 = 6;

/// The exit code of a desk error.
pub fn of(kind: ErrorKind) -> u8 {
    match kind {
        ErrorKind::InvalidInput | ErrorKind::NotFound | ErrorKind::Refused => INVALID_INPUT,
        ErrorKind::Conflict => CONFLICT,
        ErrorKind::Storage => FILE_ACCESS,
        ErrorKind::NoValidPairing => NO_PAIRING,
        ErrorKind::SizeLimit => SIZE_LIMIT,
        ErrorKind::Internal => INTERNAL,
    }
}
