//! The bbpPairings/JaVaFo-compatible engine front door (spec 05 §7):
//! `arbiter --dutch IN -p [OUT]`, `-c`, `-g`; exit codes of spec 05 §7.6.

mod args;
mod check;
mod failure;
mod generate;
mod human;
mod input;
mod pair;
mod progress;

use std::ffi::OsString;
use std::process::ExitCode;

// Called by `arbiter pair FILE.trf` (the event subcommands).
#[allow(unused_imports)]
pub use human::print_human_pairing;

use args::{Request, USAGE};
use failure::Failure;

/// True when the command line is for the engine: no arguments at all, a
/// pairing-system flag first (`--dutch`, `--italo-swiss`, `--round-robin`,
/// `--double-round-robin`), or `-r` (spec 05 §7.2).
pub fn is_engine_invocation(args: &[OsString]) -> bool {
    match args.get(1).and_then(|a| a.to_str()) {
        None => args.len() <= 1,
        Some("-r") => true,
        Some(first) => args::system_flag(first).is_some(),
    }
}

/// Runs an engine command line (`args[0]` is the program name).
pub fn run(args: &[OsString]) -> ExitCode {
    let parsed = match args::parse(args.get(1..).unwrap_or_default()) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{}\n{USAGE}", e.0);
            return ExitCode::from(crate::exit::INVALID_INPUT);
        }
    };
    if parsed.version {
        println!("{}", build_line());
    }
    let (Some(system), Some(request)) = (parsed.system, parsed.request) else {
        return ExitCode::SUCCESS;
    };
    if parsed.checklist {
        return Failure::invalid("the -l checklist is not supported by this version").exit();
    }
    let result = match request {
        Request::Pair { input, output } => pair::run(system, &input, output.as_deref()),
        Request::Check { input } => check::run(system, &input),
        Request::Generate {
            source,
            output,
            seed,
        } => generate::run(system, &source, &output, seed.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.exit(),
    }
}

/// The build line printed for `-r` or a bare `arbiter`.
fn build_line() -> String {
    format!(
        "Arbiter {} pairing engine (FIDE Dutch 2026 rules; bbpPairings v6 command line)",
        env!("CARGO_PKG_VERSION")
    )
}
