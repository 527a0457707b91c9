//! `arbiter`: the command line of the Arbiter tournament manager.
//!
//! Two front doors share this binary:
//! * the engine protocol of bbpPairings/JaVaFo (`arbiter --dutch IN -p OUT`),
//!   recognised by a system flag in first position (see [`engine`]);
//! * the arbiter's subcommands (`arbiter trf check FILE`, `arbiter new EVENT`, ...).

mod engine;
mod event;
mod exit;
mod serve_cmd;
mod standings_cmd;
mod trf_cmd;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Arbiter: chess tournament manager and FIDE pairing engine.
#[derive(Parser)]
#[command(name = "arbiter", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read, check and rewrite Tournament Report Files.
    #[command(subcommand)]
    Trf(trf_cmd::TrfCommand),
    /// Ranking with tie-breaks, from a TRF file or an event.
    Standings(standings_cmd::StandingsArgs),
    /// Crosstable of a TRF file or an event.
    Crosstable(standings_cmd::CrosstableArgs),
    /// Serve the events of a folder as web pages, with the back office.
    Serve(serve_cmd::ServeArgs),
    /// Accounts of the back office.
    #[command(subcommand)]
    User(serve_cmd::UserCommand),
    #[command(flatten)]
    Event(event::EventCommand),
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if engine::is_engine_invocation(&args) {
        return engine::run(&args);
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(exit::INVALID_INPUT)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    match cli.command {
        Command::Trf(c) => trf_cmd::run(c),
        Command::Standings(a) => standings_cmd::run_standings(a),
        Command::Crosstable(a) => standings_cmd::run_crosstable(a),
        Command::Serve(a) => serve_cmd::run_serve(a),
        Command::User(c) => serve_cmd::run_user(c),
        Command::Event(c) => event::run(c),
    }
}
