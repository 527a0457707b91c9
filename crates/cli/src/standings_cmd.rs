//! `arbiter standings` and `arbiter crosstable`: rankings with FIDE
//! tie-breaks and crosstables, from a TRF file or an event.
//!
//! Library entry points for other commands (the event store):
//! [`print_standings`] and [`print_crosstable`] take an already loaded
//! tournament and the parsed arguments.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_model::Tournament;
use arbiter_standings::crosstable::{self, CrosstableLayout};
use arbiter_standings::labels::Lang;
use arbiter_standings::presets::Preset;
use arbiter_standings::render::{Format, RenderOptions, render};
use arbiter_standings::team::{TeamRules, render_teams, team_standings};
use arbiter_standings::{
    Edition, LastResort, Mode, RatingList, StandingsOptions, compute_standings, parse_list,
};
use clap::{Args, ValueEnum};

use crate::exit;

/// Rating list read by rating-based tie-breaks.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum RatingListArg {
    Fide,
    Rapid,
    Blitz,
    National,
}

#[derive(Args, Debug)]
pub struct StandingsArgs {
    /// A TRF file (`*.trf`, or any file that reads as TRF) or an event.
    pub source: PathBuf,
    /// The event's section (default: the first one); only for events.
    #[arg(long)]
    pub section: Option<String>,
    /// Tie-breaks in order, as FIDE codes separated by commas, e.g.
    /// `BH/C1,BH,PS`, `SB/M1`, `KS/L+1`, `ARO/C1/U1000`, `DE`. Default: the
    /// list the file names (TRF 202/212), else points only.
    #[arg(long, short = 't', allow_hyphen_values = true)]
    pub tiebreaks: Option<String>,
    /// A national tie-break list: it-buchholz (Buchholz variante italiana),
    /// it-sonneborn, pl-002, by-004; pl-001 (family teams: MP, then board 1).
    #[arg(long, conflicts_with = "tiebreaks")]
    pub preset: Option<String>,
    /// Output format: text, tsv, csv or json.
    #[arg(long, short = 'f', default_value = "text")]
    pub format: Format,
    /// Language of labels: en, it, pl, ru.
    #[arg(long, default_value = "en")]
    pub lang: Lang,
    /// Edition of the tie-break regulations (2009, 2023, 2024, 2026).
    /// Default: by the start date (record 042), 2026 without a date.
    #[arg(long)]
    pub edition: Option<Edition>,
    /// Treat the tournament as a round robin (default: from the system code).
    #[arg(long, conflicts_with = "swiss")]
    pub round_robin: bool,
    /// Treat the tournament as a Swiss.
    #[arg(long)]
    pub swiss: bool,
    /// Count only rounds 1..N (default: the last round with a game or a PAB).
    #[arg(long)]
    pub rounds: Option<u32>,
    /// What separates participants equal on everything: share, tpn, lots,
    /// lots:SEED.
    #[arg(long, default_value = "share")]
    pub last_resort: LastResort,
    /// Rating given to unrated players by rating-based tie-breaks.
    #[arg(long)]
    pub unrated_rating: Option<u16>,
    /// Rating list for rating-based tie-breaks.
    #[arg(long, value_enum, default_value = "fide")]
    pub rating_list: RatingListArg,
    /// Print the team classification instead (teams of the file, or the
    /// players' team field): sums of the members' points and tie-breaks.
    #[arg(long)]
    pub teams: bool,
    /// With --teams: count only the best N members of each team.
    #[arg(long, requires = "teams")]
    pub team_size: Option<usize>,
    /// With --teams: at least this many women among the counted members.
    #[arg(long, requires = "teams", default_value_t = 0)]
    pub min_women: usize,
}

#[derive(Args, Debug)]
pub struct CrosstableArgs {
    /// A TRF file (`*.trf`, or any file that reads as TRF) or an event.
    pub source: PathBuf,
    /// The event's section (default: the first one); only for events.
    #[arg(long)]
    pub section: Option<String>,
    /// Layout: swiss (one line per player, round by round) or grid (round
    /// robin). Default: grid for a round robin, swiss otherwise.
    #[arg(long)]
    pub layout: Option<CrosstableLayout>,
    /// Order rows by the standings with these tie-breaks (default: the file's).
    #[arg(long, short = 't', allow_hyphen_values = true)]
    pub tiebreaks: Option<String>,
    /// Output format: text, tsv, csv or json.
    #[arg(long, short = 'f', default_value = "text")]
    pub format: Format,
    /// Language of labels: en, it, pl, ru.
    #[arg(long, default_value = "en")]
    pub lang: Lang,
}

pub fn run_standings(a: StandingsArgs) -> ExitCode {
    match load(&a.source, a.section.as_deref()) {
        Ok(t) => print_standings(&t, &a),
        Err(code) => code,
    }
}

pub fn run_crosstable(a: CrosstableArgs) -> ExitCode {
    match load(&a.source, a.section.as_deref()) {
        Ok(t) => print_crosstable(&t, &a),
        Err(code) => code,
    }
}

/// Computes and prints the standings of `t` as `a` asks (`a.source` is not
/// read). Exit code 3 for a bad request or inconsistent data.
pub fn print_standings(t: &Tournament, a: &StandingsArgs) -> ExitCode {
    let (opts, preset) = match standings_options(a) {
        Ok(v) => v,
        Err(msg) => return fail(exit::INVALID_INPUT, &msg),
    };
    let standings = match compute_standings(t, &opts) {
        Ok(s) => s,
        Err(e) => return fail(exit::INVALID_INPUT, &format!("{}: {e}", a.source.display())),
    };
    if a.teams {
        let rules = TeamRules {
            counted: a.team_size,
            min_women: a.min_women,
        };
        let rows = team_standings(t, &standings, &rules);
        print!("{}", render_teams(&rows, &standings, a.format, a.lang));
        return ExitCode::SUCCESS;
    }
    let ro = RenderOptions {
        format: a.format,
        lang: a.lang,
        labels: preset.map(|p| p.labels(a.lang)),
        title: title(t, preset, a.lang),
    };
    print!("{}", render(&standings, &ro));
    ExitCode::SUCCESS
}

/// The title line: the event's name and the preset's.
fn title(t: &Tournament, preset: Option<&Preset>, lang: Lang) -> Option<String> {
    let parts: Vec<&str> = [t.info.name.as_str(), preset.map_or("", |p| p.title(lang))]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
    (!parts.is_empty()).then(|| parts.join(" — "))
}

/// The options of a standings request and the preset it names, if any.
fn standings_options(
    a: &StandingsArgs,
) -> Result<(StandingsOptions, Option<&'static Preset>), String> {
    let (tiebreaks, preset) = match (&a.tiebreaks, &a.preset) {
        (Some(codes), _) => (Some(parse_list(codes).map_err(|e| e.to_string())?), None),
        (None, Some(name)) => {
            let p = Preset::find(name).ok_or_else(|| {
                format!(
                    "unknown preset '{name}' (known: {})",
                    Preset::names().join(", ")
                )
            })?;
            (Some(p.tiebreaks()), Some(p))
        }
        (None, None) => (None, None),
    };
    let mode = if a.round_robin {
        Some(Mode::RoundRobin)
    } else if a.swiss {
        Some(Mode::Swiss)
    } else {
        None
    };
    let opts = StandingsOptions {
        tiebreaks,
        edition: a.edition,
        mode,
        rounds: a.rounds,
        last_resort: a.last_resort,
        unrated_rating: a.unrated_rating,
        rating_list: match a.rating_list {
            RatingListArg::Fide => RatingList::Fide,
            RatingListArg::Rapid => RatingList::Rapid,
            RatingListArg::Blitz => RatingList::Blitz,
            RatingListArg::National => RatingList::National,
        },
    };
    Ok((opts, preset))
}

/// Prints the crosstable of `t` as `a` asks (`a.source` is not read).
pub fn print_crosstable(t: &Tournament, a: &CrosstableArgs) -> ExitCode {
    let tiebreaks = match a.tiebreaks.as_deref().map(parse_list).transpose() {
        Ok(v) => v,
        Err(e) => return fail(exit::INVALID_INPUT, &e.to_string()),
    };
    let opts = StandingsOptions {
        tiebreaks,
        ..StandingsOptions::default()
    };
    match crosstable::render_crosstable(t, &opts, a.layout, a.format, a.lang) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => fail(exit::INVALID_INPUT, &format!("{}: {e}", a.source.display())),
    }
}

/// Reads the tournament named by `source`: a TRF file, or a section of an
/// event file (only rounds whose results are all in).
fn load(source: &Path, section: Option<&str>) -> Result<Tournament, ExitCode> {
    let is_trf_name = source
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("trf"));
    if is_trf_name || (section.is_none() && !is_event_file(source)) {
        return arbiter_trf::read_file(source)
            .map(|doc| doc.tournament)
            .map_err(|e| fail(read_error_code(&e), &e.to_string()));
    }
    crate::event::load_tournament(source, section).map_err(|e| fail(e.code, &e.message))
}

/// True when `path` is an SQLite file (an event), by its 16-byte header.
fn is_event_file(path: &Path) -> bool {
    use std::io::Read;
    let mut header = [0u8; 16];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut header))
        .is_ok_and(|()| &header == b"SQLite format 3\0")
}

fn read_error_code(e: &arbiter_trf::ReadError) -> u8 {
    match e {
        arbiter_trf::ReadError::Io { .. } => exit::FILE_ACCESS,
        _ => exit::INVALID_INPUT,
    }
}

fn fail(code: u8, msg: &str) -> ExitCode {
    eprintln!("arbiter: {msg}");
    ExitCode::from(code)
}
