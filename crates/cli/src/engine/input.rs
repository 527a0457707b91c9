//! Reading the engine's input (the one TRF reader and validator of the
//! desk), the pairing system of a flag, and where output files go.

use std::path::{Path, PathBuf};

use arbiter_model::System;
use arbiter_pairing::round_input;
use arbiter_trf::{FileOrder, TrfDocument};

use super::failure::Failure;

/// Reads, parses and validates a TRF file ([`arbiter_desk::read_trf`]):
/// unreadable → exit 5, beyond a size limit → exit 4, malformed or
/// inconsistent (opponents, points column, tie-break codes) → exit 3.
pub fn load(path: &Path) -> Result<TrfDocument, Failure> {
    Ok(crate::out::read_trf(path)?)
}

/// [`load`], then, for a file with `XXC rank`, the document with its players
/// numbered in line order (the rank the file asks for) and the way back to
/// the file's ids ([`arbiter_trf::ranked_by_file_order`]).
pub fn load_ranked(path: &Path) -> Result<(TrfDocument, Option<FileOrder>), Failure> {
    let doc = load(path)?;
    Ok(match arbiter_trf::ranked_by_file_order(&doc) {
        Some((ranked, order)) => (ranked, Some(order)),
        None => (doc, None),
    })
}

/// Pairing a next round needs the total number of rounds (spec 05 §6.5,
/// for the last-round rules); without 142/XXR the file is refused, naming
/// the record, before the engine runs.
pub fn require_total_rounds(doc: &TrfDocument, path: &Path) -> Result<(), Failure> {
    if doc.tournament.total_rounds.is_some() {
        return Ok(());
    }
    Err(Failure::invalid(format!(
        "{}:1:1: the total number of rounds in the tournament must be given (record 142 or XXR) (field total rounds)",
        path.display()
    )))
}

/// The next round is paired once every game of the current one has its
/// result (`docs/rules/trf.md` "A round in progress"): a file with games
/// still unfinished is refused, naming the first.
pub fn require_no_round_in_progress(doc: &TrfDocument, path: &Path) -> Result<(), Failure> {
    let Some(first) = doc.unfinished.first() else {
        return Ok(());
    };
    Err(Failure::invalid(format!(
        "{}:{}:{}: round {} is in progress: {} games have no result yet; the next round is \
         paired when every game has one (field round {} result)",
        path.display(),
        first.line,
        arbiter_trf::block_start(first.round as usize) + 9,
        first.round,
        doc.unfinished.len() / 2,
        first.round
    )))
}

/// A Swiss system needs the initial colour (spec 05 §6.5): from 152/XXC,
/// or inferred from the first coloured round. When neither works, the
/// error points at the round-1 colour of the first player, where the
/// inference looks.
pub fn require_initial_colour(doc: &TrfDocument, path: &Path) -> Result<(), Failure> {
    if round_input::initial_colour(&doc.tournament).is_some() {
        return Ok(());
    }
    let line = doc.player_lines.first().copied().unwrap_or(1);
    Err(Failure::invalid(format!(
        "{}:{line}:97: the initial colour is unknown: no game has a colour yet; give record 152 (W or B) or XXC white1/black1 (field initial colour)",
        path.display()
    )))
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
