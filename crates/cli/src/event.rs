//! The arbiter's event workflow: `new`, `player add`, `pair`, `result`, ...

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;

#[derive(Subcommand)]
pub enum EventCommand {
    /// Create a new event file.
    New { event: PathBuf },
}

pub fn run(_c: EventCommand) -> ExitCode {
    eprintln!("not built yet");
    ExitCode::from(crate::exit::INTERNAL)
}
