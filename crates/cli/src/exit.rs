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

/// The exit code of a TRF problem: 5 for a file that cannot be read
/// (`None`), 4 for a size limit, 3 for invalid text or data.
pub fn of_trf(kind: Option<arbiter_trf::ErrorKind>) -> u8 {
    match kind {
        None => FILE_ACCESS,
        Some(arbiter_trf::ErrorKind::SizeLimit) => SIZE_LIMIT,
        Some(arbiter_trf::ErrorKind::Invalid) => INVALID_INPUT,
    }
}

/// Reads a TRF file as every command does: [`arbiter_trf::read_file`]
/// with the standings' tie-break catalogue (the one validator, issue 10
/// item 9).
pub fn read_trf(
    path: &std::path::Path,
) -> Result<arbiter_trf::TrfDocument, arbiter_trf::ReadError> {
    arbiter_trf::read_file(path, &arbiter_standings::parse_list)
}
