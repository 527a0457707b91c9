//! The bbpPairings/JaVaFo-compatible engine front door (spec 05 §7).

use std::ffi::OsString;
use std::process::ExitCode;

/// True when the first argument is a pairing-system flag (`--dutch`, ...).
pub fn is_engine_invocation(args: &[OsString]) -> bool {
    args.get(1)
        .and_then(|a| a.to_str())
        .is_some_and(|a| a == "--dutch" || a == "-r")
}

pub fn run(_args: &[OsString]) -> ExitCode {
    eprintln!("the pairing engine is not built yet");
    ExitCode::from(crate::exit::INTERNAL)
}
