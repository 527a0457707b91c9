//! Standard output and error. A closed standard output (`arbiter log EV |
//! head -1`) is a normal end: nothing more is printed and the exit code is
//! 0 — every command has committed before it prints. Any other write error
//! is a file-access error (exit 5).

use std::fmt::Display;
use std::io::Write;
use std::process::ExitCode;

use arbiter_desk::DeskError;

use crate::exit;

/// Writes `text` to standard output.
pub fn print(text: &str) {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => {
            warn(format_args!("arbiter: cannot write the output: {e}"));
            std::process::exit(i32::from(exit::FILE_ACCESS));
        }
    }
}

/// Writes one line to standard output.
pub fn line(text: impl Display) {
    print(&format!("{text}\n"));
}

/// Writes one line to standard error (errors writing it are ignored: there
/// is nowhere left to report them).
pub fn warn(text: impl Display) {
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

/// Reports an error about a file as it is (`FILE:LINE:COLUMN: message`)
/// and gives its exit code.
pub fn fail_plain(e: &DeskError) -> ExitCode {
    warn(e);
    ExitCode::from(exit::of(e.kind()))
}

/// Reports a desk error on standard error and gives its exit code.
pub fn fail(e: &DeskError) -> ExitCode {
    let hint = if e.is_overridable() {
        " (use --override to pair them anyway; the log records it)"
    } else {
        ""
    };
    match e.field() {
        Some(field) => warn(format_args!(
            "error: {}: {}{hint}",
            option_name(field),
            e.message()
        )),
        None => warn(format_args!("error: {e}{hint}")),
    }
    ExitCode::from(exit::of(e.kind()))
}

/// The command-line spelling of a request field: its option (`--rating`),
/// or the positional argument that carries it.
fn option_name(field: &str) -> String {
    match field {
        "result" => "RESULT".to_string(),
        "amount" => "AMOUNT".to_string(),
        other => format!("--{other}"),
    }
}

/// Reads a TRF file as every command does ([`arbiter_desk::read_trf`]) and
/// reports on standard error what was read leniently, one
/// `FILE:LINE:COLUMN: warning: …` line each.
pub fn read_trf(path: &std::path::Path) -> Result<arbiter_trf::TrfDocument, DeskError> {
    let doc = arbiter_desk::read_trf(path)?;
    for w in &doc.warnings {
        warn(format_args!("{}:{w}", path.display()));
    }
    Ok(doc)
}
