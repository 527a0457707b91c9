//! Exit codes, shared by every command (the engine convention of spec 05 §7.6).

/// No valid pairing exists for the round.
pub const NO_PAIRING: u8 = 1;
/// Unexpected internal error.
pub const INTERNAL: u8 = 2;
/// Invalid request or malformed input.
pub const INVALID_INPUT: u8 = 3;
/// A size limit was exceeded.
pub const SIZE_LIMIT: u8 = 4;
/// A file could not be read or written.
pub const FILE_ACCESS: u8 = 5;
/// Another writer changed the event meanwhile, again and again.
pub const CONFLICT: u8 = 6;
