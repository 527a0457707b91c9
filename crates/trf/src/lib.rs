//! Reader, writer and validator for FIDE Tournament Report Files: TRF16,
//! TRF-2026, JaVaFo's `XX?` records and bbpPairings' `BB?` point lines
//! (spec 05). The reader turns a file into a [`TrfDocument`] whose
//! `tournament` is the domain model; [`write`] gives the canonical text back.
//!
//! ```
//! let text = "012 Club Open\n\
//! 001    1      Alpha, Ann                        2400                             1.0    1     2 w 1\n\
//! 001    2      Beta, Bob                         2300                             0.0    2     1 b 0\n\
//! XXR 5\n";
//! let doc = arbiter_trf::parse(text).expect("a TRF file");
//! let any_code = |_: &str| Ok::<(), String>(());
//! assert!(arbiter_trf::validate(&doc, &any_code).is_empty());
//! assert_eq!(doc.tournament.entrants.len(), 2);
//! assert_eq!(doc.tournament.total_rounds, Some(5));
//! let written = arbiter_trf::write(&doc).expect("writable");
//! let again = arbiter_trf::parse(&written.text).unwrap();
//! assert_eq!(again.tournament, doc.tournament);
//! ```

mod convert;
mod document;
mod encoding;
mod error;
mod file_order;
pub mod generated;
pub mod limits;
mod player_line;
mod reader;
mod round_block;
mod scoring;
mod teams;
mod text;
mod validate;
pub mod writable;
mod writer;

use std::path::Path;

pub use convert::to_trf26;
pub use document::{AnnouncedBye, Dialect, OtherRecord, RecordsUsed, TrfDocument, UnfinishedGame};
pub use error::{ErrorKind, ReadError, TrfError, TrfWarning};
pub use file_order::{FileOrder, ranked_by_file_order};
pub use reader::parse;
/// A round's 10-column block of record 001 (`  12 w 1`) and where it starts.
pub use round_block::{block_start, encode as round_cell};
pub use validate::{TieBreakCodes, validate};
pub use writable::{WriteError, WriteWarning};
pub use writer::{LineEnding, Written, write, write_with};

/// Reads a TRF file as every command of Arbiter does: the text
/// ([`parse_bytes`]), then its consistency and its tie-break codes
/// ([`validate`]). **The one entry point for reading a user's TRF**: `trf
/// check`, `trf normalize`, `standings`, `crosstable`, the pairing engines
/// and `import trf` (crates/desk) all call it, so one validator decides
/// what every command accepts. `tiebreaks` is the catalogue of MTB26 codes,
/// `&arbiter_standings::parse_list` (see [`TieBreakCodes`]).
///
/// Errors: [`ReadError::Io`] when the file cannot be read; else
/// [`ReadError::Trf`] with every problem found, of kind
/// [`ErrorKind::SizeLimit`] or [`ErrorKind::Invalid`].
pub fn read_file(
    path: impl AsRef<Path>,
    tiebreaks: &dyn TieBreakCodes,
) -> Result<TrfDocument, ReadError> {
    let path = path.as_ref();
    let bytes = read_bounded(path)?;
    read(&bytes, tiebreaks).map_err(|errors| ReadError::Trf {
        path: path.to_path_buf(),
        errors,
    })
}

/// The bytes of the file at `path`, refused beyond
/// [`limits::MAX_FILE_BYTES`]: a file by its size before any byte is read,
/// a device or pipe once it has given more.
fn read_bounded(path: &Path) -> Result<Vec<u8>, ReadError> {
    use std::io::Read;
    let io = |source| ReadError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(io)?;
    let size = file.metadata().map_err(io)?;
    let too_large = |_| ReadError::Trf {
        path: path.to_path_buf(),
        errors: vec![TrfError::limit(
            1,
            1,
            "file",
            format!(
                "larger than {} bytes, the most Arbiter reads of a TRF file",
                limits::MAX_FILE_BYTES
            ),
        )],
    };
    if size.is_file() && size.len() > limits::MAX_FILE_BYTES {
        return Err(too_large(()));
    }
    let mut bytes = Vec::new();
    file.take(limits::MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > limits::MAX_FILE_BYTES {
        return Err(too_large(()));
    }
    Ok(bytes)
}

/// [`read_file`] on bytes already in memory: every problem of the text, in
/// file order (only the first when the text cannot be parsed at all).
pub fn read(bytes: &[u8], tiebreaks: &dyn TieBreakCodes) -> Result<TrfDocument, Vec<TrfError>> {
    let mut doc = parse_bytes(bytes).map_err(|e| vec![e])?;
    let errors = validate(&doc, tiebreaks);
    if errors.is_empty() {
        let points = validate::points_warnings(&doc);
        doc.warnings.extend(points);
        Ok(doc)
    } else {
        Err(errors)
    }
}

/// Parses the bytes of a TRF file: UTF-8, or a Windows code page decided
/// from the bytes (`encoding`), which is then reported as the first
/// warning. Syntax only, like [`parse`]: commands read files with
/// [`read_file`].
pub fn parse_bytes(bytes: &[u8]) -> Result<TrfDocument, TrfError> {
    let (text, assumed) = encoding::decode(bytes);
    let mut doc = parse(&text)?;
    if let Some(name) = assumed {
        doc.warnings.insert(
            0,
            TrfWarning::general(
                1,
                1,
                format!("the file is not UTF-8: read as {name}, decided by its bytes"),
            ),
        );
    }
    Ok(doc)
}
