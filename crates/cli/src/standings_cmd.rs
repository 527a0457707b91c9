//! `arbiter standings` and `arbiter crosstable`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

#[derive(Args)]
pub struct StandingsArgs {
    /// A TRF file or an event.
    pub source: PathBuf,
}

#[derive(Args)]
pub struct CrosstableArgs {
    /// A TRF file or an event.
    pub source: PathBuf,
}

pub fn run_standings(_a: StandingsArgs) -> ExitCode {
    eprintln!("not built yet");
    ExitCode::from(crate::exit::INTERNAL)
}

pub fn run_crosstable(_a: CrosstableArgs) -> ExitCode {
    eprintln!("not built yet");
    ExitCode::from(crate::exit::INTERNAL)
}
