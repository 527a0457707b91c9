//! The arbiter's event workflow: `new`, `section`, `player`, `bye`, `forbid`,
//! `pair`, `pairings`, `pairing set`, `result`, `export trf`, `import trf`,
//! `log`, `undo`.
//!
//! An event is one SQLite file holding an append-only journal
//! ([`arbiter_store`]); every command reads and folds it
//! ([`arbiter_model::journal`]), checks the request against the rules, and
//! appends its entries in one transaction — or refuses with exit code 3 and
//! leaves the file untouched.
//!
//! PLAYER arguments are the ids printed at registration. TPNs are assigned by
//! the initial ranking when a round is paired (see
//! [`arbiter_model::journal`]); `player list` shows both, and exported TRF
//! files use TPNs.

mod baku;
mod csv;
mod error;
mod import_trf;
mod options;
mod players;
mod report;
mod round_robin;
mod rounds;
mod session;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_model::journal::{Event, PlayerId};
use clap::{Args, Subcommand};

pub use error::CliError;
/// For `standings`/`crosstable` on an event (connected by `main.rs`).
#[allow(unused_imports)]
pub use report::load_tournament;

use options::{PlayerFields, SectionArgs, SectionSettings};
use session::Session;

#[derive(Subcommand, Clone, Debug)]
pub enum EventCommand {
    /// Create a new event file with its first section.
    New {
        /// The event file to create (e.g. open2026.arb).
        event: PathBuf,
        /// Name of the event.
        #[arg(long)]
        name: String,
        /// Code of the first section.
        #[arg(long, default_value = "main")]
        section: String,
        #[command(flatten)]
        config: SectionArgs,
    },
    /// Set the event's descriptive data (TRF headers 012-132).
    #[command(subcommand)]
    Event(DetailsCommand),
    /// Add or configure sections (groups) of an event.
    #[command(subcommand)]
    Section(SectionCommand),
    /// Register, import, update, withdraw and list players.
    #[command(subcommand)]
    Player(PlayerCommand),
    /// Create an event from a file (`import trf FILE.trf EVENT`).
    #[command(subcommand)]
    Import(ImportCommand),
    /// Write an event's section as a file (`export trf EVENT -o FILE.trf`).
    #[command(subcommand)]
    Export(ExportCommand),
    /// Give a player a requested bye (or cancel it).
    Bye {
        /// The event file.
        event: PathBuf,
        /// Player id (as printed at registration).
        player: PlayerId,
        /// Round number.
        #[arg(long)]
        round: u32,
        /// half, zero or full.
        #[arg(long, required_unless_present = "cancel")]
        points: Option<String>,
        /// Cancel the bye of that round instead.
        #[arg(long)]
        cancel: bool,
    },
    /// Forbid two players to be paired with each other.
    Forbid {
        /// The event file.
        event: PathBuf,
        /// Player id.
        a: PlayerId,
        /// Player id.
        b: PlayerId,
    },
    /// Pair the next round of an event (or of a .trf file) and print the boards.
    Pair {
        /// An event file, or a .trf file.
        event: PathBuf,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Print the pairings of a round.
    Pairings {
        /// The event file.
        event: PathBuf,
        /// Round (default: the latest paired).
        #[arg(long)]
        round: Option<u32>,
        /// text or tsv (board, White id, Black id; the bye as Black 0).
        #[arg(long, default_value = "text")]
        format: String,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Change a pairing by hand.
    #[command(subcommand)]
    Pairing(PairingCommand),
    /// Record or correct a result: 1-0 0-1 1/2 +/- -/+ -/-.
    #[command(name = "result")]
    GameResult {
        /// The event file.
        event: PathBuf,
        /// Round number.
        round: u32,
        /// Board number (the bye is listed as the last board).
        board: u32,
        /// 1-0 0-1 1/2 +/- -/+ -/-
        #[arg(allow_hyphen_values = true)]
        result: String,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Print the journal.
    Log { event: PathBuf },
    /// Cancel the latest action still in force (itself journaled).
    Undo { event: PathBuf },
}

/// `--section CODE` (default: the first section).
#[derive(Args, Clone, Debug, Default)]
pub struct SectionSelect {
    /// Section code (default: the first section of the event).
    #[arg(long)]
    pub section: Option<String>,
}

#[derive(Subcommand, Clone, Debug)]
pub enum DetailsCommand {
    /// Change the given details; the others stay.
    Set {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        details: options::EventDetails,
    },
}

#[derive(Subcommand, Clone, Debug)]
pub enum SectionCommand {
    /// Add a section.
    Add {
        /// The event file.
        event: PathBuf,
        /// Section code (e.g. A, B, U12).
        code: String,
        #[command(flatten)]
        config: SectionArgs,
    },
    /// Change a section's settings.
    Set {
        /// The event file.
        event: PathBuf,
        /// Section code (e.g. A, B, U12).
        code: String,
        #[arg(long)]
        rounds: Option<u32>,
        #[command(flatten)]
        settings: SectionSettings,
    },
}

#[derive(Subcommand, Clone, Debug)]
pub enum PlayerCommand {
    /// Register a player; prints his id.
    Add {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        fields: PlayerFields,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Register every player of a CSV file (header: name,rating,title,sex,
    /// born,fed,fide-id,club,team), all or none.
    Import {
        /// The event file.
        event: PathBuf,
        /// The file to read.
        file: PathBuf,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Change a player's data.
    Update {
        /// The event file.
        event: PathBuf,
        /// Player id (as printed at registration).
        player: PlayerId,
        #[command(flatten)]
        fields: PlayerFields,
    },
    /// Withdraw a player: not paired from the next round (or --from-round).
    Withdraw {
        /// The event file.
        event: PathBuf,
        /// Player id (as printed at registration).
        player: PlayerId,
        #[arg(long)]
        from_round: Option<u32>,
    },
    /// Let a withdrawn player play again.
    Reinstate {
        /// The event file.
        event: PathBuf,
        /// Player id (as printed at registration).
        player: PlayerId,
        #[arg(long)]
        from_round: Option<u32>,
    },
    /// List the players with ids and TPNs.
    List {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        section: SectionSelect,
    },
}

#[derive(Subcommand, Clone, Debug)]
pub enum ImportCommand {
    /// Create EVENT from a TRF file (players, rounds, results).
    Trf {
        /// The file to read.
        file: PathBuf,
        /// The event file.
        event: PathBuf,
        /// Code of the section to create.
        #[arg(long, default_value = "main")]
        section: String,
    },
}

#[derive(Subcommand, Clone, Debug)]
pub enum ExportCommand {
    /// TRF-2026 of a section (complete rounds).
    Trf {
        /// The event file.
        event: PathBuf,
        /// Output file (default: standard output).
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        section: SectionSelect,
    },
}

#[derive(Subcommand, Clone, Debug)]
pub enum PairingCommand {
    /// Make board BOARD of ROUND WHITE against BLACK (BLACK 0: WHITE gets the
    /// bye). Boards the two players leave are dissolved.
    Set {
        /// The event file.
        event: PathBuf,
        /// Round number.
        round: u32,
        /// Board number (the bye is listed as the last board).
        board: u32,
        /// Player id of White.
        white: PlayerId,
        /// Player id of Black, or 0 for the pairing-allocated bye.
        black: PlayerId,
        /// Allow a forbidden or repeated pair (logged).
        #[arg(long = "override")]
        override_rules: bool,
        #[command(flatten)]
        section: SectionSelect,
    },
}

/// Runs one event command; errors are printed with their exit code.
///
/// When another process wrote to the event while this command ran, the
/// command is run again on the new state, after a growing random delay
/// (optimistic concurrency: nothing was written by the failed attempt; the
/// new state decides whether the command still applies). When the event
/// keeps changing the command fails with exit code 6.
pub fn run(command: EventCommand) -> ExitCode {
    let mut backoff = arbiter_store::Backoff::for_conflicts();
    loop {
        match dispatch(command.clone()) {
            Ok(code) => return code,
            Err(e) if e.retry && backoff.wait() => continue,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(e.code);
            }
        }
    }
}

fn dispatch(command: EventCommand) -> Result<ExitCode, CliError> {
    match command {
        EventCommand::New {
            event,
            name,
            section,
            config,
        } => {
            let config = config.config()?;
            Session::create(
                &event,
                vec![
                    Event::EventCreated { name },
                    Event::SectionCreated {
                        code: section,
                        config,
                    },
                ],
            )?;
        }
        EventCommand::Event(DetailsCommand::Set { event, details }) => {
            let mut s = Session::open(&event)?;
            let info = details.apply(s.journal.state().info.clone().unwrap_or_default())?;
            s.commit(vec![Event::EventConfigured { info }])?;
        }
        EventCommand::Section(SectionCommand::Add {
            event,
            code,
            config,
        }) => {
            let config = config.config()?;
            Session::open(&event)?.commit(vec![Event::SectionCreated { code, config }])?;
        }
        EventCommand::Section(SectionCommand::Set {
            event,
            code,
            rounds,
            settings,
        }) => {
            let mut s = Session::open(&event)?;
            let section = s.journal.state().section(Some(&code))?;
            let mut config = settings.apply(section.config.clone())?;
            if config.is_round_robin() && !section.forbidden.is_empty() {
                return Err(CliError::refused(format!(
                    "section '{code}' has {} forbidden pair(s): a {} cannot avoid them \
                     (its Berger schedule is fixed, spec 04 §6)",
                    section.forbidden.len(),
                    config.system
                )));
            }
            if let Some(r) = rounds {
                config.rounds = r;
            }
            s.commit(vec![Event::SectionConfigured { code, config }])?;
        }
        EventCommand::Player(c) => player(c)?,
        EventCommand::Import(ImportCommand::Trf {
            file,
            event,
            section,
        }) => import_trf::run(&file, &event, &section)?,
        EventCommand::Export(ExportCommand::Trf {
            event,
            output,
            section,
        }) => report::export_trf(&event, section.section.as_deref(), output.as_deref())?,
        EventCommand::Bye {
            event,
            player,
            round,
            points,
            cancel,
        } => players::bye(&event, player, round, points.as_deref(), cancel)?,
        EventCommand::Forbid { event, a, b } => players::forbid(&event, a, b)?,
        EventCommand::Pair { event, section } => {
            if is_trf(&event) {
                return Ok(crate::engine::print_human_pairing(&event));
            }
            rounds::pair(&event, section.section.as_deref())?
        }
        EventCommand::Pairings {
            event,
            round,
            format,
            section,
        } => rounds::pairings(&event, section.section.as_deref(), round, &format)?,
        EventCommand::Pairing(PairingCommand::Set {
            event,
            round,
            board,
            white,
            black,
            override_rules,
            section,
        }) => rounds::set(
            &event,
            section.section.as_deref(),
            round,
            board,
            white,
            black,
            override_rules,
        )?,
        EventCommand::GameResult {
            event,
            round,
            board,
            result,
            section,
        } => rounds::result(&event, section.section.as_deref(), round, board, &result)?,
        EventCommand::Log { event } => report::log(&event)?,
        EventCommand::Undo { event } => report::undo(&event)?,
    }
    Ok(ExitCode::SUCCESS)
}

fn player(c: PlayerCommand) -> Result<(), CliError> {
    match c {
        PlayerCommand::Add {
            event,
            fields,
            section,
        } => players::add(&event, section.section.as_deref(), &fields),
        PlayerCommand::Import {
            event,
            file,
            section,
        } => players::import(&event, section.section.as_deref(), &file),
        PlayerCommand::Update {
            event,
            player,
            fields,
        } => players::update(&event, player, &fields),
        PlayerCommand::Withdraw {
            event,
            player,
            from_round,
        } => players::withdraw(&event, player, from_round, false),
        PlayerCommand::Reinstate {
            event,
            player,
            from_round,
        } => players::withdraw(&event, player, from_round, true),
        PlayerCommand::List { event, section } => players::list(&event, section.section.as_deref()),
    }
}

/// A `.trf` file rather than an event.
fn is_trf(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("trf"))
}
