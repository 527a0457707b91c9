//! The arbiter's event commands: `new`, `event set`, `section`, `player`,
//! `bye`, `forbid`, `draw`, `pair`, `pairings`, `pairing set`, `result`,
//! `export trf`, `import trf`, `log`, `undo`; for team sections `team`,
//! `lineup`, and `pair`/`pairings`/`result` by match (`teams`).
//!
//! Each parses its command line, asks the desk ([`arbiter_desk`]) — which
//! checks the request and journals it, or refuses and writes nothing —
//! and prints what it did in one line (or the view asked for). Refusals
//! exit 3, an unreadable file 5, a concurrent writer 6, no valid pairing
//! 1 ([`crate::exit`]).
//!
//! PLAYER arguments are the ids printed at registration. TPNs are assigned
//! by the initial ranking when a round is paired (or drawn by lot); `player
//! list` shows both, pairings show both, standings and exported TRF files
//! use TPNs.

pub(crate) mod render;
mod teams;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_desk::{
    Desk, DeskError, EventDetailsForm, MAX_CSV_BYTES, NewEvent, Origin, PlayerForm, SectionForm,
    SetPairing, TeamSettingsForm, read_bytes,
};
use arbiter_model::System;
use arbiter_model::journal::PlayerId;
use clap::builder::PossibleValuesParser;
use clap::{Args, Subcommand};

use crate::out;
use render::who;

#[derive(Subcommand, Clone, Debug)]
pub enum EventCommand {
    /// Create a new event file with its first section.
    New {
        /// The event file to create (e.g. open2026.arb); it must not exist.
        event: PathBuf,
        /// Name of the event.
        #[arg(long)]
        name: String,
        /// Code of the first section.
        #[arg(long, default_value = "main")]
        section: String,
        #[command(flatten)]
        config: NewSectionArgs,
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
        /// Points of the bye: half, zero or full (a round robin knows only
        /// zero: an absence).
        #[arg(long, required_unless_present = "cancel")]
        points: Option<String>,
        /// Cancel the bye of that round instead.
        #[arg(long)]
        cancel: bool,
    },
    /// Forbid two players to be paired with each other (a second time
    /// records nothing).
    Forbid {
        /// The event file.
        event: PathBuf,
        /// Player id.
        a: PlayerId,
        /// Player id.
        b: PlayerId,
    },
    /// Draw the pairing numbers by lot before round 1: Berger numbers of a
    /// round robin, lot numbers of the Italo-Swiss system. The seed is
    /// recorded; the same seed gives the same numbers.
    Draw {
        /// The event file.
        event: PathBuf,
        /// Seed of the draw, an unsigned integer (default: from the clock).
        #[arg(long)]
        seed: Option<String>,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Pair the next round of an event (or of a .trf file, with the system
    /// its record 192 names) and print the boards.
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
        /// text, or tsv (board, White id, Black id; the bye as Black 0; in a
        /// team section one row per board: match, board, white team, black
        /// team, White id, Black id, the bye team with board 0).
        #[arg(long, default_value = "text",
              value_parser = PossibleValuesParser::new(["text", "tsv"]))]
        format: String,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Change a pairing by hand.
    #[command(subcommand)]
    Pairing(PairingCommand),
    /// Record or correct a result: 1-0 0-1 1/2 +/- -/+ -/- (`result EVENT
    /// ROUND BOARD RESULT`; in a team section `result EVENT ROUND MATCH
    /// BOARD RESULT`).
    #[command(name = "result")]
    GameResult {
        /// The event file.
        event: PathBuf,
        /// Round number.
        round: u32,
        /// Board number (the bye is listed as the last board); in a team
        /// section the match number.
        #[arg(value_name = "BOARD|MATCH")]
        board: u32,
        /// 1-0 0-1 1/2 +/- -/+ -/-; in a team section the board number.
        #[arg(allow_hyphen_values = true, value_name = "RESULT|BOARD")]
        result: String,
        /// In a team section: the result.
        #[arg(allow_hyphen_values = true, value_name = "RESULT")]
        team_result: Option<String>,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Teams of a team section: register, list, absences, withdrawals,
    /// whole-match forfeits, crosstable of matches, results by board.
    #[command(subcommand)]
    Team(teams::TeamCommand),
    /// Set the players of a team on boards 1, 2, … of a round (player ids
    /// in board order; default: the roster's first available players).
    Lineup {
        /// The event file.
        event: PathBuf,
        /// Round number.
        round: u32,
        /// Team id (as printed at registration).
        team: u32,
        /// Player ids in board order, comma-separated.
        players: String,
    },
    /// Print the journal: every command with what it recorded.
    Log { event: PathBuf },
    /// Cancel the latest command still in force (itself journaled).
    Undo { event: PathBuf },
}

/// `--section CODE` (default: the first section).
#[derive(Args, Clone, Debug, Default)]
pub struct SectionSelect {
    /// Section code (default: the first section of the event).
    #[arg(long)]
    pub section: Option<String>,
}

/// The settings of a new section (`new`, `section add`).
#[derive(Args, Clone, Debug)]
pub struct NewSectionArgs {
    /// Total number of rounds (1-99).
    #[arg(long)]
    pub rounds: String,
    #[command(flatten)]
    pub settings: SectionSettings,
}

/// Section settings that have defaults (Dutch, 1-½-0, White).
#[derive(Args, Clone, Debug, Default)]
pub struct SectionSettings {
    /// Pairing system.
    #[arg(long, value_parser = PossibleValuesParser::new(System::ALL.map(System::name)))]
    pub system: Option<String>,
    /// Tie-break codes in order, comma-separated (e.g. BH/C1,BH,PS), or a
    /// national preset: it-buchholz, it-sonneborn, pl-002, by-004.
    #[arg(long)]
    pub tiebreaks: Option<String>,
    /// Points for win, draw, loss (e.g. 1,0.5,0 or 3,1,0).
    #[arg(long)]
    pub scoring: Option<String>,
    /// Players of one team are never paired together (refused for a round
    /// robin, whose schedule is fixed).
    #[arg(long)]
    pub avoid_team_pairings: bool,
    /// Colour of the top-ranked player in round 1: white or black (Dutch
    /// 5.1; drawn by lot before round 1, default white).
    #[arg(long)]
    pub initial_colour: Option<String>,
    /// Acceleration of the pairing scores: baku or none (C.04.7, Dutch
    /// system only; needs win = 2 draws, loss 0).
    #[arg(long)]
    pub acceleration: Option<String>,
    #[command(flatten)]
    pub team: TeamSettings,
}

/// The settings of a team section (`--system team-swiss`), and the rule of
/// the teams of an individual-team event (`--team-size`, `--team-men`,
/// `--team-women`).
#[derive(Args, Clone, Debug, Default)]
pub struct TeamSettings {
    /// Boards per match (team section).
    #[arg(long)]
    pub boards: Option<String>,
    /// Match points for a won, drawn and lost match (default 2,1,0).
    #[arg(long)]
    pub match_points: Option<String>,
    /// The score that ranks teams: match-points (default) or game-points.
    #[arg(long)]
    pub primary: Option<String>,
    /// The first team's colour board by board (default WBWB…: White on
    /// board 1).
    #[arg(long)]
    pub colours: Option<String>,
    /// C.04.6 colour preferences: a (default), b or none.
    #[arg(long)]
    pub colour_preferences: Option<String>,
    /// Teams of one family are never paired (or only in the first N
    /// rounds: --avoid-family-pairings N; none to allow them).
    #[arg(long, num_args = 0..=1, default_missing_value = "all")]
    pub avoid_family_pairings: Option<String>,
    /// The value of the pairing-allocated bye: MP,GP (default: a drawn
    /// match).
    #[arg(long)]
    pub team_pab: Option<String>,
    /// Members of a team: 4, 2-3, 2- (at least), -3 (at most), any.
    #[arg(long)]
    pub team_size: Option<String>,
    /// Men in a team (same forms; seed 004: 3).
    #[arg(long)]
    pub team_men: Option<String>,
    /// Women in a team (same forms; seed 004: 1).
    #[arg(long)]
    pub team_women: Option<String>,
    /// The boards a reserve may play (e.g. 2, or 3,4).
    #[arg(long)]
    pub reserve_boards: Option<String>,
    /// At most this many teams of one family.
    #[arg(long)]
    pub max_teams_per_family: Option<String>,
}

impl TeamSettings {
    fn form(&self) -> TeamSettingsForm {
        TeamSettingsForm {
            boards: self.boards.clone(),
            match_points: self.match_points.clone(),
            primary: self.primary.clone(),
            colours: self.colours.clone(),
            colour_preferences: self.colour_preferences.clone(),
            avoid_family_pairings: self.avoid_family_pairings.clone(),
            team_pab: self.team_pab.clone(),
            team_size: self.team_size.clone(),
            team_men: self.team_men.clone(),
            team_women: self.team_women.clone(),
            reserve_boards: self.reserve_boards.clone(),
            max_teams_per_family: self.max_teams_per_family.clone(),
        }
    }
}

impl SectionSettings {
    fn form(&self, rounds: Option<&str>) -> SectionForm {
        SectionForm {
            rounds: rounds.map(str::to_string),
            system: self.system.clone(),
            tiebreaks: self.tiebreaks.clone(),
            scoring: self.scoring.clone(),
            avoid_team_pairings: self.avoid_team_pairings.then_some(true),
            initial_colour: self.initial_colour.clone(),
            acceleration: self.acceleration.clone(),
            team: self.team.form(),
        }
    }
}

/// Descriptive data of the event (`event set`), as the TRF headers hold it.
#[derive(Args, Clone, Debug, Default)]
pub struct EventDetails {
    /// 012: name of the event.
    #[arg(long)]
    pub name: Option<String>,
    /// 022: city.
    #[arg(long)]
    pub city: Option<String>,
    /// 032: federation, three letters.
    #[arg(long)]
    pub fed: Option<String>,
    /// 042: start date, YYYY-MM-DD.
    #[arg(long)]
    pub start: Option<String>,
    /// 052: end date, YYYY-MM-DD.
    #[arg(long)]
    pub end: Option<String>,
    /// 092: type of tournament, free text.
    #[arg(long)]
    pub kind: Option<String>,
    /// 102: chief arbiter.
    #[arg(long)]
    pub chief_arbiter: Option<String>,
    /// 112: deputy arbiters, comma-separated.
    #[arg(long)]
    pub deputies: Option<String>,
    /// 122: time control.
    #[arg(long)]
    pub time_control: Option<String>,
    /// 132: the date of each round, comma-separated YYYY-MM-DD, each with its
    /// starting time if known ("2026-03-14 10:00"; the time is not in a TRF).
    #[arg(long)]
    pub round_dates: Option<String>,
}

impl EventDetails {
    fn form(&self) -> EventDetailsForm {
        EventDetailsForm {
            name: self.name.clone(),
            city: self.city.clone(),
            fed: self.fed.clone(),
            start: self.start.clone(),
            end: self.end.clone(),
            kind: self.kind.clone(),
            chief_arbiter: self.chief_arbiter.clone(),
            deputies: self.deputies.clone(),
            time_control: self.time_control.clone(),
            round_dates: self.round_dates.clone(),
        }
    }
}

/// The fields of a player as typed (`player add`, `player update`).
#[derive(Args, Clone, Debug, Default)]
pub struct PlayerFields {
    /// `Lastname, Firstname`.
    #[arg(long)]
    pub name: Option<String>,
    /// FIDE standard rating (0 = unrated).
    #[arg(long)]
    pub rating: Option<String>,
    /// FIDE rapid rating (0 = unrated).
    #[arg(long)]
    pub rapid: Option<String>,
    /// FIDE blitz rating (0 = unrated).
    #[arg(long)]
    pub blitz: Option<String>,
    /// National rating (0 = unrated).
    #[arg(long)]
    pub national: Option<String>,
    /// FIDE title: GM IM WGM FM WIM CM WFM WCM.
    #[arg(long)]
    pub title: Option<String>,
    /// m or w.
    #[arg(long)]
    pub sex: Option<String>,
    /// Birth date, YYYY-MM-DD (or only YYYY).
    #[arg(long)]
    pub born: Option<String>,
    /// Federation, three letters.
    #[arg(long)]
    pub fed: Option<String>,
    /// FIDE id.
    #[arg(long = "fide-id")]
    pub fide_id: Option<String>,
    #[arg(long)]
    pub club: Option<String>,
    #[arg(long)]
    pub team: Option<String>,
    /// A free label the prize and fee rules test (e.g. resident); repeat
    /// for several: --tag resident --tag disabled.
    #[arg(long)]
    pub tag: Vec<String>,
}

impl PlayerFields {
    fn form(&self, untag: &[String]) -> PlayerForm {
        PlayerForm {
            name: self.name.clone(),
            rating: self.rating.clone(),
            rapid: self.rapid.clone(),
            blitz: self.blitz.clone(),
            national: self.national.clone(),
            title: self.title.clone(),
            sex: self.sex.clone(),
            born: self.born.clone(),
            fed: self.fed.clone(),
            fide_id: self.fide_id.clone(),
            club: self.club.clone(),
            team: self.team.clone(),
            tags: None,
            tag: self.tag.clone(),
            untag: untag.to_vec(),
        }
    }
}

#[derive(Subcommand, Clone, Debug)]
pub enum DetailsCommand {
    /// Change the given details; the others stay.
    Set {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        details: EventDetails,
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
        config: NewSectionArgs,
    },
    /// Change a section's settings.
    Set {
        /// The event file.
        event: PathBuf,
        /// Section code (e.g. A, B, U12).
        code: String,
        /// Total number of rounds (1-99).
        #[arg(long)]
        rounds: Option<String>,
        #[command(flatten)]
        settings: SectionSettings,
    },
}

#[derive(Subcommand, Clone, Debug)]
pub enum PlayerCommand {
    /// Register a player; prints his id. With --fide-id, what is not given
    /// is filled from the FIDE list of the player database (`ratings import`).
    Add {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        fields: PlayerFields,
        #[command(flatten)]
        section: SectionSelect,
        #[command(flatten)]
        db: crate::ratings::DbArg,
    },
    /// Register every player of a CSV file (UTF-8; header: name,rating,
    /// rapid,blitz,national,title,sex,born,fed,fide-id,club,team,tags in any
    /// order; tags separated by ';'), all or none.
    Import {
        /// The event file.
        event: PathBuf,
        /// The file to read.
        file: PathBuf,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Change the given fields of a player's data.
    Update {
        /// The event file.
        event: PathBuf,
        /// Player id (as printed at registration).
        player: PlayerId,
        #[command(flatten)]
        fields: PlayerFields,
        /// Remove a tag the player holds; repeat for several.
        #[arg(long)]
        untag: Vec<String>,
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
        /// text, or tsv (every attribute: sex, title, birth date,
        /// federation, FIDE id, the four ratings, club, team, tags).
        #[arg(long, default_value = "text",
              value_parser = PossibleValuesParser::new(["text", "tsv"]))]
        format: String,
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
        /// The event file to create.
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
        /// Output file (default: standard output); never an event file.
        #[arg(short, long)]
        output: Option<PathBuf>,
        #[command(flatten)]
        section: SectionSelect,
    },
}

#[derive(Subcommand, Clone, Debug)]
pub enum PairingCommand {
    /// Make board BOARD of ROUND WHITE against BLACK (BLACK 0: WHITE gets the
    /// bye). Boards the two players leave are dissolved, and listed.
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
        /// Allow a forbidden pair, a rematch or a second bye (logged).
        #[arg(long = "override")]
        override_rules: bool,
        #[command(flatten)]
        section: SectionSelect,
    },
}

/// Runs one event command; errors are printed with their exit code.
pub fn run(command: EventCommand) -> ExitCode {
    match dispatch(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => out::fail(&e),
    }
}

fn origin() -> Origin {
    Origin::command_line(std::env::args_os())
}

fn dispatch(command: EventCommand) -> Result<(), DeskError> {
    match command {
        EventCommand::New {
            event,
            name,
            section,
            config,
        } => {
            let request = NewEvent {
                name,
                section,
                config: config.settings.form(Some(&config.rounds)),
            };
            let (_, created) = Desk::create(&event, &origin(), &request)?;
            out::line(format_args!(
                "created {}: {}, section {}: {} rounds, {}",
                event.display(),
                created.name,
                created.section,
                created.config.rounds,
                created.config.system.label()
            ));
        }
        EventCommand::Event(DetailsCommand::Set { event, details }) => {
            let set = Desk::open(&event)?.set_details(&origin(), &details.form())?;
            out::line(if set.changed {
                format!("{}: event details set", event.display())
            } else {
                format!(
                    "{}: the details were already these; nothing recorded",
                    event.display()
                )
            });
        }
        EventCommand::Section(SectionCommand::Add {
            event,
            code,
            config,
        }) => {
            let form = config.settings.form(Some(&config.rounds));
            let s = Desk::open(&event)?.add_section(&origin(), &code, &form)?;
            out::line(format_args!(
                "section {} added: {} rounds, {}",
                s.code,
                s.config.rounds,
                s.config.system.label()
            ));
        }
        EventCommand::Section(SectionCommand::Set {
            event,
            code,
            rounds,
            settings,
        }) => {
            let form = settings.form(rounds.as_deref());
            let s = Desk::open(&event)?.configure_section(&origin(), &code, &form)?;
            out::line(if s.changed {
                format!(
                    "section {} set: {} rounds, {}",
                    s.code,
                    s.config.rounds,
                    s.config.system.label()
                )
            } else {
                format!(
                    "section {}: the settings were already these; nothing recorded",
                    s.code
                )
            });
        }
        EventCommand::Player(c) => player(c)?,
        EventCommand::Import(ImportCommand::Trf {
            file,
            event,
            section,
        }) => {
            let doc = crate::out::read_trf(&file)?;
            let (_, imported) = Desk::import_trf(&event, &origin(), &section, &doc)?;
            for line in render::imported(&event.display().to_string(), &imported) {
                out::line(line);
            }
        }
        EventCommand::Export(ExportCommand::Trf {
            event,
            output,
            section,
        }) => export_trf(&event, section.section.as_deref(), output.as_deref())?,
        EventCommand::Bye {
            event,
            player,
            round,
            points,
            cancel,
        } => {
            let mut desk = Desk::open(&event)?;
            let set = match (cancel, points) {
                (false, Some(points)) => desk.request_bye(&origin(), player, round, &points)?,
                _ => desk.cancel_bye(&origin(), player, round)?,
            };
            out::line(match set.kind {
                Some(kind) => format!(
                    "{} bye for {} in round {}",
                    format!("{kind:?}").to_lowercase(),
                    who(&set.player),
                    set.round
                ),
                None => format!(
                    "the bye of {} in round {} is cancelled",
                    who(&set.player),
                    set.round
                ),
            });
        }
        EventCommand::Forbid { event, a, b } => {
            let f = Desk::open(&event)?.forbid(&origin(), a, b)?;
            out::line(if f.added {
                format!("{} and {} will not be paired", who(&f.a), who(&f.b))
            } else {
                format!(
                    "{} and {} are already a forbidden pair; nothing recorded",
                    who(&f.a),
                    who(&f.b)
                )
            });
        }
        EventCommand::Draw {
            event,
            seed,
            section,
        } => {
            let drawn = Desk::open(&event)?.draw_lots(
                &origin(),
                section.section.as_deref(),
                seed.as_deref(),
            )?;
            let numbers: Vec<String> = drawn
                .numbers
                .iter()
                .map(|p| format!("{} {}", p.tpn, who(p)))
                .collect();
            out::line(format_args!(
                "{}: lots drawn with seed {}: {}",
                drawn.heading,
                drawn.seed,
                numbers.join("; ")
            ));
        }
        EventCommand::Pair { event, section } => {
            if is_trf(&event) {
                return crate::engine::human_pairing(&event);
            }
            let mut desk = Desk::open(&event)?;
            let section = section.section.as_deref();
            if desk.is_team_section(section)? {
                out::print(&teams::matches_text(
                    &desk.pair_next_matches(&origin(), section)?,
                ));
            } else {
                out::print(&render::round_text(
                    &desk.pair_next_round(&origin(), section)?,
                ));
            }
        }
        EventCommand::Pairings {
            event,
            round,
            format,
            section,
        } => {
            let desk = Desk::open_read_only(&event)?;
            let section = section.section.as_deref();
            if desk.is_team_section(section)? {
                let view = desk.matches(section, round)?;
                out::print(&match format.as_str() {
                    "tsv" => teams::matches_tsv(&view),
                    _ => teams::matches_text(&view),
                });
                return Ok(());
            }
            let view = desk.pairings(section, round)?;
            out::print(&match format.as_str() {
                "tsv" => render::round_tsv(&view),
                _ => render::round_text(&view),
            });
        }
        EventCommand::Pairing(PairingCommand::Set {
            event,
            round,
            board,
            white,
            black,
            override_rules,
            section,
        }) => {
            let request = SetPairing {
                section: section.section,
                round,
                board,
                white,
                black: (black != 0).then_some(black),
                override_rules,
            };
            let set = Desk::open(&event)?.set_pairing(&origin(), &request)?;
            let mut line = format!("round {round}: board {board} set by hand");
            if set.override_rules {
                line.push_str(" (override, logged)");
            }
            if set.dissolved.is_empty() {
                line.push_str("; no other board changed");
            } else {
                let boards: Vec<String> = set
                    .dissolved
                    .iter()
                    .map(|d| format!("board {} ({} - {})", d.board, who(&d.white), who(&d.black)))
                    .collect();
                line.push_str(&format!("; dissolved {}", boards.join(", ")));
            }
            if !set.left_unpaired.is_empty() {
                let left: Vec<String> = set.left_unpaired.iter().map(who).collect();
                line.push_str(&format!("; without an opponent now: {}", left.join(", ")));
            }
            out::line(line);
            out::print(&render::round_text(&set.round));
        }
        EventCommand::GameResult {
            event,
            round,
            board,
            result,
            team_result: Some(team_result),
            section,
        } => teams::board_result(
            &event,
            section.section.as_deref(),
            round,
            board,
            &result,
            &team_result,
        )?,
        EventCommand::Team(c) => teams::team(c)?,
        EventCommand::Lineup {
            event,
            round,
            team,
            players,
        } => teams::lineup(&event, round, team, &players)?,
        EventCommand::GameResult {
            event,
            round,
            board,
            result,
            team_result: None,
            section,
        } => {
            let r = Desk::open(&event)?.record_result(
                &origin(),
                section.section.as_deref(),
                round,
                board,
                &result,
            )?;
            let game = format!(
                "round {} board {}: {} - {} {}",
                r.round,
                r.board,
                who(&r.white),
                who(&r.black),
                r.result.code()
            );
            out::line(match r.previous {
                Some(old) if old == r.result => {
                    format!("{game} (already recorded; nothing changed)")
                }
                Some(old) => format!("{game} (corrected from {})", old.code()),
                None => game,
            });
        }
        EventCommand::Log { event } => {
            let log = Desk::open_read_only(&event)?.log()?;
            out::print(&render::log_text(&log));
        }
        EventCommand::Undo { event } => {
            let undone = Desk::open(&event)?.undo(&origin())?;
            for (seq, what) in &undone.entries {
                out::line(format_args!("undone #{seq}: {what}"));
            }
        }
    }
    Ok(())
}

fn player(c: PlayerCommand) -> Result<(), DeskError> {
    match c {
        PlayerCommand::Add {
            event,
            fields,
            section,
            db,
        } => {
            let listed = Desk::open(&event)?.add_player_from_list(
                &origin(),
                section.section.as_deref(),
                &fields.form(&[]),
                db.lookup().as_deref(),
            )?;
            let added = &listed.added;
            for w in render::warnings(&added.warnings) {
                out::warn(w);
            }
            out::line(format_args!(
                "registered player {}: {} (section {}){}",
                added.id,
                added.name,
                added.section,
                listed
                    .list
                    .map(|l| format!(", from the {l}"))
                    .unwrap_or_default()
            ));
        }
        PlayerCommand::Import {
            event,
            file,
            section,
        } => {
            let bytes = read_bytes(&file, MAX_CSV_BYTES)?;
            let mut desk = Desk::open(&event)?;
            let imported = desk.import_players_csv(
                &origin(),
                section.section.as_deref(),
                &file.display().to_string(),
                &bytes,
            )?;
            for (line, w) in &imported.warnings {
                out::warn(format_args!("warning: {} line {line}: {w}", file.display()));
            }
            out::line(match (imported.ids.first(), imported.ids.last()) {
                (Some(first), Some(last)) => format!(
                    "imported {} players into section {}: ids {first}-{last}",
                    imported.ids.len(),
                    imported.section
                ),
                _ => format!("imported 0 players into section {}", imported.section),
            });
        }
        PlayerCommand::Update {
            event,
            player,
            fields,
            untag,
        } => {
            let u = Desk::open(&event)?.update_player(&origin(), player, &fields.form(&untag))?;
            for w in render::warnings(&u.warnings) {
                out::warn(w);
            }
            out::line(if u.changed.is_empty() {
                format!(
                    "player {} ({}): the data given are the current ones; nothing recorded",
                    u.id, u.name
                )
            } else {
                format!(
                    "player {} ({}): {} changed",
                    u.id,
                    u.name,
                    u.changed.join(", ")
                )
            });
        }
        PlayerCommand::Withdraw {
            event,
            player,
            from_round,
        } => {
            let w = Desk::open(&event)?.withdraw(&origin(), player, from_round)?;
            out::line(format_args!(
                "{} is withdrawn from round {}",
                who(&w.player),
                w.from_round
            ));
        }
        PlayerCommand::Reinstate {
            event,
            player,
            from_round,
        } => {
            let w = Desk::open(&event)?.reinstate(&origin(), player, from_round)?;
            out::line(format_args!(
                "{} plays again from round {}",
                who(&w.player),
                w.from_round
            ));
        }
        PlayerCommand::List {
            event,
            format,
            section,
        } => {
            let list = Desk::open_read_only(&event)?.players(section.section.as_deref())?;
            out::print(&match format.as_str() {
                "tsv" => render::players_tsv(&list),
                _ => render::players_text(&list),
            });
        }
    }
    Ok(())
}

/// `export trf EVENT [-o FILE]`.
fn export_trf(event: &Path, section: Option<&str>, output: Option<&Path>) -> Result<(), DeskError> {
    let export = Desk::open_read_only(event)?.export_trf(section)?;
    if let Some((round, missing)) = export.incomplete {
        out::warn(format_args!(
            "note: round {round} is not complete ({missing} result(s) missing); the file holds rounds 1-{}",
            export.rounds
        ));
    }
    if let Some(why) = &export.unranked {
        out::warn(format_args!("note: no ranks in the file: {why}"));
    }
    for w in &export.warnings {
        out::warn(format_args!("warning: {w}"));
    }
    if !export.left_out.is_empty() {
        out::warn(format_args!(
            "note: {} player(s) on no team left out of the team file: {}",
            export.left_out.len(),
            export.left_out.join("; ")
        ));
    }
    match output {
        Some(path) if path != Path::new("-") => {
            arbiter_desk::write_file(path, export.text.as_bytes())?;
            out::line(format_args!(
                "wrote {}: {}, rounds 1-{}",
                path.display(),
                export.heading,
                export.rounds
            ));
        }
        _ => out::print(&export.text),
    }
    Ok(())
}

/// A `.trf` file rather than an event.
fn is_trf(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("trf"))
}
