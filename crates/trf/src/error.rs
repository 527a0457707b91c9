//! Errors of the TRF reader: where (line, column, field) and what is wrong.

use std::fmt;
use std::path::PathBuf;

/// A problem in the text of a TRF file, located by 1-based line and column
/// (columns are counted in characters, spec 05 §1).
///
/// Displayed as `LINE:COLUMN: message (field NAME)`; callers that know the
/// file name prefix it (`FILE:LINE:COLUMN: ...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    pub line: usize,
    pub column: usize,
    /// The name of the field at fault (`rating`, `round 3 result`, ...), if any.
    pub field: Option<String>,
    pub message: String,
}

impl TrfError {
    pub(crate) fn new(line: usize, column: usize, field: &str, message: impl Into<String>) -> Self {
        TrfError {
            line,
            column,
            field: Some(field.to_string()),
            message: message.into(),
        }
    }

    /// An error about the whole file or a whole line, not one field.
    pub(crate) fn general(line: usize, column: usize, message: impl Into<String>) -> Self {
        TrfError {
            line,
            column,
            field: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)?;
        if let Some(field) = &self.field {
            write!(f, " (field {field})")?;
        }
        Ok(())
    }
}

impl std::error::Error for TrfError {}

/// Why [`crate::read_file`] failed: the file could not be read, or its text
/// is not a valid TRF.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{}: cannot read the file: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}:{error}", path.display())]
    Trf { path: PathBuf, error: TrfError },
}
