//! Reading a Tournament Report File for any command (`import trf`,
//! `standings FILE.trf`, `crosstable FILE.trf`, `trf check`, the engine):
//! one reader and one validator decide (issue 10 item 9).

use std::path::Path;

use arbiter_trf::{ReadError, TrfDocument};

use crate::error::DeskError;

/// How many consistency errors are listed before the rest are counted.
const ERRORS_SHOWN: usize = 20;

/// Reads, parses and validates the TRF file at `path`. An unreadable file
/// is a storage error; a malformed or inconsistent one invalid input, every
/// problem as `FILE:LINE:COLUMN: message (field NAME)`.
pub fn read_trf(path: &Path) -> Result<TrfDocument, DeskError> {
    let shown = path.display();
    let doc = arbiter_trf::read_file(path).map_err(|e| match e {
        ReadError::Io { .. } => DeskError::storage(e.to_string()),
        ReadError::Trf { .. } => DeskError::malformed(e.to_string()),
    })?;
    let errors = arbiter_trf::validate(&doc);
    if errors.is_empty() {
        return Ok(doc);
    }
    let mut lines: Vec<String> = errors
        .iter()
        .take(ERRORS_SHOWN)
        .map(|e| format!("{shown}:{e}"))
        .collect();
    if errors.len() > ERRORS_SHOWN {
        lines.push(format!("... and {} more", errors.len() - ERRORS_SHOWN));
    }
    Err(DeskError::malformed(lines.join("\n")))
}
