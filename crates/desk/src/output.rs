//! Every file Arbiter writes besides the event itself (TRF exports, engine
//! pairings, normalised TRF, generated tournaments): written whole to a
//! temporary file in the destination's folder and renamed into place, so a
//! reader never sees half a file; and never over an event file (or any
//! database), also when the path is a symbolic link to one. A path that
//! names a device, a pipe or a socket (`/dev/null`, `/dev/stdout`, a FIFO)
//! is written to directly: it holds no file to replace, and a rename would
//! put a plain file in the device's place.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::DeskError;
use crate::storage::is_database;

/// Writes `contents` to `path` atomically. Refused when `path` (or what it
/// links to) is an event file or another SQLite database; a storage error
/// when the folder cannot be written.
pub fn write_file(path: &Path, contents: &[u8]) -> Result<(), DeskError> {
    let shown = path.display();
    let target = destination(path)?;
    if target.is_dir() {
        return Err(DeskError::storage(format!("{shown}: is a folder")));
    }
    let cannot =
        |e: std::io::Error| DeskError::storage(format!("{shown}: cannot write the file: {e}"));
    // A device or pipe first: reading its header to look for a database
    // would wait for a writer.
    if std::fs::metadata(&target).is_ok_and(|m| !m.is_file()) {
        return std::fs::OpenOptions::new()
            .write(true)
            .open(&target)
            .and_then(|mut stream| stream.write_all(contents))
            .map_err(cannot);
    }
    if is_database(&target) {
        return Err(DeskError::refused(format!(
            "{shown}: is an event file (a database){}; it is never overwritten — choose another output file",
            if target != path {
                format!(", reached through {}", target.display())
            } else {
                String::new()
            }
        )));
    }
    let dir = target
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut n = 0u32;
    let (temp, mut file) = loop {
        let temp = dir.join(format!(".{name}.{}-{n}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
        {
            Ok(f) => break (temp, f),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && n < 100 => n += 1,
            Err(e) => return Err(cannot(e)),
        }
    };
    let written = file
        .write_all(contents)
        .and_then(|()| file.sync_all())
        .and_then(|()| std::fs::rename(&temp, &target));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(cannot(e));
    }
    Ok(())
}

/// The file `path` names, symbolic links followed (a dangling link names
/// the file it would create).
fn destination(path: &Path) -> Result<PathBuf, DeskError> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = std::fs::read_link(&p).map_err(|e| {
                    DeskError::storage(format!("{}: cannot read the link: {e}", path.display()))
                })?;
                p = match p.parent() {
                    Some(dir) if link.is_relative() => dir.join(link),
                    _ => link,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(DeskError::storage(format!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}
