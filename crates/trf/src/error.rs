//! Errors of the TRF reader: where (line, column, field) and what is wrong.

use std::fmt;
use std::path::PathBuf;

/// What kind of problem a [`TrfError`] is: malformed or inconsistent text,
/// or a number beyond what the format (and so Arbiter) holds
/// ([`crate::limits`]). Callers map them to exit codes 3 and 4.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ErrorKind {
    #[default]
    Invalid,
    SizeLimit,
}

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
    pub kind: ErrorKind,
}

impl TrfError {
    pub(crate) fn new(line: usize, column: usize, field: &str, message: impl Into<String>) -> Self {
        TrfError {
            line,
            column,
            field: Some(field.to_string()),
            message: message.into(),
            kind: ErrorKind::Invalid,
        }
    }

    /// An error about the whole file or a whole line, not one field.
    pub(crate) fn general(line: usize, column: usize, message: impl Into<String>) -> Self {
        TrfError {
            line,
            column,
            field: None,
            message: message.into(),
            kind: ErrorKind::Invalid,
        }
    }

    /// A number beyond a limit of the format ([`ErrorKind::SizeLimit`]).
    pub(crate) fn limit(
        line: usize,
        column: usize,
        field: &str,
        message: impl Into<String>,
    ) -> Self {
        TrfError {
            kind: ErrorKind::SizeLimit,
            ..TrfError::new(line, column, field, message)
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

/// Something another program wrote that the reader accepted by assuming
/// what it means (a date form, an encoding, an old notation): read
/// leniently, reported, never a change to a result (`docs/rules/trf.md`
/// "Reading other writers' files").
///
/// Displayed as `LINE:COLUMN: warning: message (field NAME)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfWarning {
    pub line: usize,
    pub column: usize,
    pub field: Option<String>,
    /// What the file said and what was assumed.
    pub message: String,
}

impl TrfWarning {
    pub(crate) fn new(line: usize, column: usize, field: &str, message: impl Into<String>) -> Self {
        TrfWarning {
            line,
            column,
            field: Some(field.to_string()),
            message: message.into(),
        }
    }

    /// A warning about the whole file or a whole line.
    pub(crate) fn general(line: usize, column: usize, message: impl Into<String>) -> Self {
        TrfWarning {
            line,
            column,
            field: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}: warning: {}",
            self.line, self.column, self.message
        )?;
        if let Some(field) = &self.field {
            write!(f, " (field {field})")?;
        }
        Ok(())
    }
}

/// How many problems [`ReadError`] lists before counting the rest.
const ERRORS_SHOWN: usize = 20;

/// Why reading a TRF failed ([`crate::read`], [`crate::read_file`]): the
/// file could not be read, or its text is not a valid TRF (every problem,
/// in file order).
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{}: cannot read the file: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", listed(path, errors))]
    Trf {
        path: PathBuf,
        errors: Vec<TrfError>,
    },
}

impl ReadError {
    /// The kind of the problem: a size limit when any problem is one (the
    /// file cannot be handled at all), else invalid text. `None` for a file
    /// that could not be read.
    pub fn kind(&self) -> Option<ErrorKind> {
        match self {
            ReadError::Io { .. } => None,
            ReadError::Trf { errors, .. } => {
                Some(if errors.iter().any(|e| e.kind == ErrorKind::SizeLimit) {
                    ErrorKind::SizeLimit
                } else {
                    ErrorKind::Invalid
                })
            }
        }
    }
}

/// `FILE:LINE:COLUMN: message (field NAME)`, one problem a line, the first
/// [`ERRORS_SHOWN`] of them and the count of the rest.
fn listed(path: &std::path::Path, errors: &[TrfError]) -> String {
    let mut lines: Vec<String> = errors
        .iter()
        .take(ERRORS_SHOWN)
        .map(|e| format!("{}:{e}", path.display()))
        .collect();
    if errors.len() > ERRORS_SHOWN {
        lines.push(format!("... and {} more", errors.len() - ERRORS_SHOWN));
    }
    lines.join("\n")
}
