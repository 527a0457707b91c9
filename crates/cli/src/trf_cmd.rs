//! `arbiter trf check|normalize`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Subcommand;

#[derive(Subcommand)]
pub enum TrfCommand {
    /// Validate a TRF file and print a one-line summary.
    Check { file: PathBuf },
    /// Write the canonical TRF-2026 form of a file.
    Normalize {
        file: PathBuf,
        #[arg(short, long)]
        output: Option<PathBuf>,
    },
}

pub fn run(_c: TrfCommand) -> ExitCode {
    eprintln!("not built yet");
    ExitCode::from(crate::exit::INTERNAL)
}
