//! SQLite's errors in the arbiter's words: which event, and what to do,
//! never the SQL that failed.

use std::path::Path;

use rusqlite::ErrorCode;

use crate::StoreError;

/// `rusqlite` results with the event's path at hand.
pub(crate) trait AtPath<T> {
    fn at(self, path: &Path) -> Result<T, StoreError>;
}

impl<T> AtPath<T> for Result<T, rusqlite::Error> {
    fn at(self, path: &Path) -> Result<T, StoreError> {
        self.map_err(|e| translate(path, e))
    }
}

/// The [`StoreError`] of a SQLite error on the event at `path`.
pub(crate) fn translate(path: &Path, error: rusqlite::Error) -> StoreError {
    let path = path.display().to_string();
    let rusqlite::Error::SqliteFailure(failure, _) = &error else {
        // Type conversions and API misuse: an entry this version cannot read.
        return StoreError::Corrupt {
            path,
            detail: "a stored value has an unexpected type".into(),
        };
    };
    match failure.code {
        ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked => StoreError::Busy { path },
        ErrorCode::ReadOnly => StoreError::ReadOnly {
            path,
            detail: "the file or its folder is write-protected".into(),
        },
        ErrorCode::PermissionDenied | ErrorCode::AuthorizationForStatementDenied => {
            StoreError::Access {
                path,
                detail: "permission denied".into(),
            }
        }
        ErrorCode::CannotOpen => StoreError::Access {
            path,
            detail: "cannot open the file (check that it and its folder exist and are accessible)"
                .into(),
        },
        ErrorCode::DiskFull => StoreError::Access {
            path,
            detail: "the disk is full".into(),
        },
        ErrorCode::SystemIoFailure | ErrorCode::FileLockingProtocolFailed => StoreError::Access {
            path,
            detail: "input/output error".into(),
        },
        ErrorCode::NotADatabase => StoreError::NotAnEvent {
            path,
            detail: "not a database".into(),
        },
        ErrorCode::DatabaseCorrupt => StoreError::Corrupt {
            path,
            detail: "SQLite reports a malformed database".into(),
        },
        ErrorCode::ConstraintViolation => StoreError::Corrupt {
            path,
            detail: "the journal refused a write that breaks its rules".into(),
        },
        _ => StoreError::Corrupt {
            path,
            detail: format!("SQLite error {}", failure.extended_code),
        },
    }
}
