//! Reading the engine's input (the one TRF reader and validator of the
//! desk), the pairing system of a flag, and where output files go.

use std::path::{Path, PathBuf};

use arbiter_model::System;
use arbiter_trf::TrfDocument;

use super::failure::Failure;

/// Reads, parses and validates a TRF file: unreadable → exit 5, malformed or
/// inconsistent (opponents, points column) → exit 3.
pub fn load(path: &Path) -> Result<TrfDocument, Failure> {
    Ok(arbiter_desk::read_trf(path)?)
}

/// The pairing system of a command-line flag (without its dashes).
pub fn system(flag: &str) -> Result<System, Failure> {
    System::from_engine_flag(flag).ok_or_else(|| {
        Failure::invalid(format!(
            "the pairing system --{flag} is not available in this version"
        ))
    })
}

/// An output path: a bare file name (no directory part) is placed in
/// `directory_of`'s directory, when given (spec 05 §7.2).
pub fn output_path(output: &Path, directory_of: Option<&Path>) -> PathBuf {
    let bare = output
        .parent()
        .is_none_or(|parent| parent.as_os_str().is_empty());
    match directory_of.and_then(Path::parent) {
        Some(dir) if bare => dir.join(output),
        _ => output.to_path_buf(),
    }
}

/// Writes `text` to `path` whole (temporary file, then renamed), never over
/// an event file: refused with exit 3, exit 5 when it cannot be written.
pub fn write_output(path: &Path, text: &str) -> Result<(), Failure> {
    Ok(arbiter_desk::write_file(path, text.as_bytes())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_output_names_go_next_to_the_input() {
        let input = Path::new("/data/event/in.trf");
        assert_eq!(
            output_path(Path::new("out.txt"), Some(input)),
            PathBuf::from("/data/event/out.txt")
        );
        assert_eq!(
            output_path(Path::new("./out.txt"), Some(input)),
            PathBuf::from("./out.txt")
        );
        assert_eq!(
            output_path(Path::new("/tmp/out.txt"), Some(input)),
            PathBuf::from("/tmp/out.txt")
        );
        assert_eq!(
            output_path(Path::new("out.txt"), None),
            PathBuf::from("out.txt")
        );
        assert_eq!(
            output_path(Path::new("out.txt"), Some(Path::new("in.trf"))),
            PathBuf::from("out.txt")
        );
    }
}
