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
mod team;

use std::ffi::OsString;
use std::process::ExitCode;

pub use args::USAGE;
/// Called by `arbiter pair FILE.trf` (the event subcommands).
pub use human::human_pairing;

use args::Request;
use failure::Failure;

/// True when the command line is for the engine: a pairing-system flag
/// first (`--dutch`, `--italo-swiss`, `--round-robin`,
/// `--double-round-robin`, `--team-swiss`), or `-r` (spec 05 §7.2). A bare `arbiter`
/// prints the help.
pub fn is_engine_invocation(args: &[OsString]) -> bool {
    match args.get(1).and_then(|a| a.to_str()) {
        None => false,
        Some("-r") => true,
        Some(first) => args::system_flag(first).is_some(),
    }
}

/// Runs an engine command line (`args[0]` is the program name).
pub fn run(args: &[OsString]) -> ExitCode {
    let parsed = match args::parse(args.get(1..).unwrap_or_default()) {
        Ok(a) => a,
        Err(e) => {
            crate::out::warn(format_args!("{}\n{USAGE}", e.0));
            return ExitCode::from(crate::exit::INVALID_INPUT);
        }
    };
    if parsed.version {
        crate::out::line(build_line());
    }
    let (Some(system), Some(request)) = (parsed.system, parsed.request) else {
        return ExitCode::SUCCESS;
    };
    if parsed.checklist {
        return Failure::invalid("the -l checklist is not supported by this version").exit();
    }
    let team = system == arbiter_model::System::TeamSwiss;
    let result = match request {
        Request::Pair { input, output } if team => team::pair(&input, output.as_deref()),
        Request::Check { input } if team => team::check(&input),
        Request::Generate { .. } if team => Err(Failure::invalid(
            "the generator (-g) does not make team tournaments",
        )),
        Request::Pair { input, output } => {
            pair::run(system.engine_flag(), &input, output.as_deref())
        }
        Request::Check { input } => check::run(system.engine_flag(), &input),
        Request::Generate {
            source,
            output,
            seed,
        } => generate::run(system.engine_flag(), &source, &output, seed.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => f.exit(),
    }
}

/// The build line printed for `-r`.
fn build_line() -> String {
    format!(
        "Arbiter {} pairing engine (FIDE Dutch 2026 rules; bbpPairings v6 command line)",
        env!("CARGO_PKG_VERSION")
    )
}
