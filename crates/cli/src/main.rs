//! `arbiter`: the command line of the Arbiter tournament manager — a face
//! over the desk ([`arbiter_desk`]): it parses arguments, asks the desk,
//! renders what it returns and maps its errors to exit codes ([`exit`]).
//!
//! Two front doors share this binary:
//! * the engine protocol of bbpPairings/JaVaFo (`arbiter --dutch IN -p OUT`),
//!   recognised by a system flag in first position (see [`engine`]);
//! * the arbiter's subcommands (`arbiter trf check FILE`, `arbiter new EVENT`, ...).

mod awards;
mod engine;
mod event;
mod exit;
mod mail_args;
mod out;
mod ratings;
mod registration;
mod serve_cmd;
mod standings_cmd;
mod store_cmd;
mod trf_cmd;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// Arbiter: chess tournament manager and FIDE pairing engine.
#[derive(Parser)]
#[command(
    name = "arbiter",
    version,
    about = "Arbiter: chess tournament manager and FIDE pairing engine."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The exit codes, at the end of `--help`.
const EXIT_CODES: &str = "Exit codes: 0 success, 1 no valid pairing, 2 internal error, \
3 invalid input or refused, 4 size limit, 5 file access, 6 another writer kept changing the event.";

/// The command line, with the engine mode (drop-in for bbpPairings and
/// JaVaFo) and the exit codes after the subcommands in `--help`.
fn command() -> clap::Command {
    Cli::command().after_help(format!(
        "Engine mode (drop-in for bbpPairings and JaVaFo; SYSTEM first):\n{}\n{EXIT_CODES}",
        engine::USAGE
    ))
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
    /// Rating lists in the local player database (FIDE's monthly list, national lists).
    #[command(subcommand)]
    Ratings(ratings::RatingsCommand),
    /// Move events between event files and a PostgreSQL database.
    #[command(subcommand)]
    Store(store_cmd::StoreCommand),
    /// Accounts of the back office.
    #[command(subcommand)]
    User(serve_cmd::UserCommand),
    #[command(flatten)]
    Event(Box<event::EventCommand>),
    /// Online pre-registration: the form, its entries, the arbiter's
    /// decisions.
    #[command(subcommand)]
    Registration(registration::RegistrationCommand),
    #[command(flatten)]
    Awards(awards::AwardsCommand),
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.len() <= 1 {
        out::print(&format!("{}\n", command().render_help()));
        return ExitCode::SUCCESS;
    }
    if engine::is_engine_invocation(&args) {
        return engine::run(&args);
    }
    let parsed = command()
        .try_get_matches_from(&args)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            let text = e.render().to_string();
            if e.use_stderr() {
                out::warn(text.trim_end());
                return ExitCode::from(exit::INVALID_INPUT);
            }
            out::print(&text);
            return ExitCode::SUCCESS;
        }
    };
    match cli.command {
        Command::Trf(c) => trf_cmd::run(c),
        Command::Standings(a) => standings_cmd::run_standings(a),
        Command::Crosstable(a) => standings_cmd::run_crosstable(a),
        Command::Serve(a) => serve_cmd::run_serve(a),
        Command::User(c) => serve_cmd::run_user(c),
        Command::Ratings(c) => ratings::run(c),
        Command::Store(c) => store_cmd::run(c),
        Command::Event(c) => event::run(*c),
        Command::Registration(c) => registration::run(c),
        Command::Awards(c) => awards::run(c),
    }
}
