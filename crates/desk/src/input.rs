//! Reading the files a face hands over on the arbiter's behalf (prize
//! plans, fee schedules, series definitions, players' CSV lists, rating
//! lists): bounded in size before they are read, and every failure naming
//! the file. The limits are the README's ("Size limits of input files").

use std::fs::File;
use std::io::Read;
use std::path::Path;

use crate::error::DeskError;

/// The largest text file read whole: a prize plan, fee schedule or series
/// definition (a plan of thousands of prizes is a few hundred kilobytes).
pub const MAX_INPUT_BYTES: u64 = 1 << 20;

/// The largest players' CSV list imported (9,999 players, the most an
/// event holds, take about 2 MB).
pub const MAX_CSV_BYTES: u64 = 8 << 20;

/// Opens the file at `path` for reading: a storage error when it cannot be
/// opened, a size-limit error when it is a file larger than `limit` bytes
/// (before any of it is read). A device or pipe has no size to look at: its
/// reader bounds what it reads.
pub fn open_bounded(path: &Path, limit: u64) -> Result<File, DeskError> {
    let file = File::open(path).map_err(|e| unreadable(path, &e))?;
    let meta = file.metadata().map_err(|e| unreadable(path, &e))?;
    if meta.is_dir() {
        return Err(DeskError::storage(format!(
            "{}: cannot read the file: it is a folder",
            path.display()
        )));
    }
    if meta.is_file() && meta.len() > limit {
        return Err(too_large(path.display(), limit));
    }
    Ok(file)
}

/// The bytes of the file at `path`, refused beyond `limit` bytes (a file
/// by its size, before it is read; a device or pipe once `limit + 1`
/// bytes came).
pub fn read_bytes(path: &Path, limit: u64) -> Result<Vec<u8>, DeskError> {
    let mut bytes = Vec::new();
    open_bounded(path, limit)?
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| unreadable(path, &e))?;
    within(&path.display().to_string(), bytes.len(), limit)?;
    Ok(bytes)
}

/// The text of the file at `path`: a storage error when it cannot be read,
/// a size-limit error beyond [`MAX_INPUT_BYTES`], invalid input when it is
/// not UTF-8.
pub fn read_text(path: &Path) -> Result<String, DeskError> {
    let bytes = read_bytes(path, MAX_INPUT_BYTES)?;
    String::from_utf8(bytes).map_err(|e| {
        let line = line_of(e.as_bytes(), e.utf8_error().valid_up_to());
        DeskError::malformed(format!(
            "{} line {line}: not UTF-8 text (save the file as UTF-8)",
            path.display()
        ))
    })
}

/// The 1-based line of the byte at `offset`.
pub(crate) fn line_of(bytes: &[u8], offset: usize) -> usize {
    bytes[..offset].iter().filter(|b| **b == b'\n').count() + 1
}

fn unreadable(path: &Path, e: &std::io::Error) -> DeskError {
    DeskError::storage(format!("{}: cannot read the file: {e}", path.display()))
}

/// A text handed over whole (a form's players' list, prize plan or fee
/// schedule) of `len` bytes, refused beyond `limit` as its file would be.
pub(crate) fn within(source: &str, len: usize, limit: u64) -> Result<(), DeskError> {
    if len as u64 > limit {
        return Err(too_large(source, limit));
    }
    Ok(())
}

/// The size-limit error of a file beyond `limit` bytes.
fn too_large(source: impl std::fmt::Display, limit: u64) -> DeskError {
    DeskError::size_limit(format!(
        "{source}: larger than {limit} bytes, the most Arbiter reads of such a file"
    ))
}
