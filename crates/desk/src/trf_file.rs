//! Reading a Tournament Report File for any command and any face (`import
//! trf`, `standings FILE.trf`, `crosstable FILE.trf`, `trf check`, the
//! engine): [`arbiter_trf::read_file`] with the standings' catalogue of
//! tie-break codes — one reader and one validator decide (issue 10 item 9).

use std::path::Path;

use arbiter_trf::{ErrorKind as TrfKind, LineEnding, TrfDocument, Written};

use crate::error::DeskError;

/// Reads, parses and validates the TRF file at `path`. An unreadable file
/// is a storage error, a file beyond a size limit a size-limit error, a
/// malformed or inconsistent one invalid input — every problem as
/// `FILE:LINE:COLUMN: message (field NAME)`.
pub fn read_trf(path: &Path) -> Result<TrfDocument, DeskError> {
    arbiter_trf::read_file(path, &arbiter_standings::parse_list).map_err(|e| match e.kind() {
        None => DeskError::storage(e.to_string()),
        Some(TrfKind::SizeLimit) => DeskError::size_limit(e.to_string()),
        Some(TrfKind::Invalid) => DeskError::malformed(e.to_string()),
    })
}

/// The TRF text of `doc` with `ending` line ends, or why it cannot be
/// written: a number beyond its field is a size limit, a control character
/// in a text a refusal (the writer checks the whole document first).
/// What the writer shortened is in [`Written::warnings`].
pub fn trf_text(doc: &TrfDocument, ending: LineEnding) -> Result<Written, DeskError> {
    arbiter_trf::write_with(doc, ending).map_err(|e| {
        let message = format!("cannot be written as TRF: {e}");
        match e.kind {
            TrfKind::SizeLimit => DeskError::size_limit(message),
            TrfKind::Invalid => DeskError::refused(message),
        }
    })
}
