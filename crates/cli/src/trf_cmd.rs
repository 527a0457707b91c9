//! `arbiter trf check|normalize`: validate a TRF file, or rewrite it in the
//! canonical form (spec 05).

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_trf::{LineEnding, TrfDocument};
use clap::{Subcommand, ValueEnum};

use crate::out;

#[derive(Subcommand)]
pub enum TrfCommand {
    /// Validate a TRF file and print a one-line summary.
    Check { file: PathBuf },
    /// Write the canonical TRF-2026 form of a file (fixed columns, records
    /// in code order, unknown records kept).
    Normalize {
        file: PathBuf,
        /// Output file (standard output when absent); never an event file.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Line terminator (TRF-2026 prescribes CR).
        #[arg(long, value_enum, default_value_t = Ending::Cr)]
        line_ending: Ending,
        /// Replace JaVaFo/bbpPairings records (XXR, XXC, XXA, XXP, XXZ, XXS,
        /// BB?) by their TRF-2026 equivalents; by default each piece of
        /// information keeps the record the file used.
        #[arg(long)]
        trf26: bool,
    },
}

/// Line terminators offered on the command line.
#[derive(Clone, Copy, ValueEnum)]
pub enum Ending {
    Cr,
    Lf,
    Crlf,
}

pub fn run(c: TrfCommand) -> ExitCode {
    match c {
        TrfCommand::Check { file } => match out::read_trf(&file) {
            Ok(doc) => {
                out::line(summary(&doc));
                ExitCode::SUCCESS
            }
            Err(e) => out::fail_plain(&e),
        },
        TrfCommand::Normalize {
            file,
            output,
            line_ending,
            trf26,
        } => {
            let mut doc = match out::read_trf(&file) {
                Ok(doc) => doc,
                Err(e) => return out::fail_plain(&e),
            };
            if trf26 {
                doc = arbiter_trf::to_trf26(&doc);
            }
            let ending = match line_ending {
                Ending::Cr => LineEnding::Cr,
                Ending::Lf => LineEnding::Lf,
                Ending::Crlf => LineEnding::CrLf,
            };
            let text = match arbiter_desk::trf_text(&doc, ending) {
                Ok(written) => {
                    for w in &written.warnings {
                        out::warn(format_args!("warning: {w}"));
                    }
                    written.text
                }
                Err(e) => return out::fail_plain(&e.context(file.display())),
            };
            match output {
                Some(path) => match arbiter_desk::write_file(&path, text.as_bytes()) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => out::fail_plain(&e),
                },
                None => {
                    out::print(&text);
                    ExitCode::SUCCESS
                }
            }
        }
    }
}

/// `NAME: N players, R rounds played (of T), scoring W-D-L`.
fn summary(doc: &TrfDocument) -> String {
    let t = &doc.tournament;
    let played = t.rounds_paired();
    let total = t
        .total_rounds
        .map(|n| format!(" of {n}"))
        .unwrap_or_default();
    let s = &t.scoring;
    let name = if t.info.name.is_empty() {
        "(no name)"
    } else {
        &t.info.name
    };
    format!(
        "{name}: {} players, {played}{total} rounds played, scoring {}-{}-{}",
        t.entrants.len(),
        s.win,
        s.draw,
        s.loss
    )
}
