//! `arbiter standings` and `arbiter crosstable`: rankings with FIDE
//! tie-breaks and crosstables, from a TRF file or an event, computed by the
//! desk and rendered here.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use arbiter_desk::{
    CrosstableReport, CrosstableRequest, Desk, DeskError, Heading, StandingsReport,
    StandingsRequest, TeamRequest,
};
use arbiter_standings::crosstable::render_crosstable;
use arbiter_standings::labels::Lang;
use arbiter_standings::render::{Format, RenderOptions, render};
use arbiter_standings::team::render_teams;
use clap::Args;
use clap::builder::PossibleValuesParser;

use crate::out;

/// What the crosstable's cells mean (text format).
const LEGEND: &str = "Legend: 12w1 = against TPN 12 with White, won (½ drawn, 0 lost); \
+ won by forfeit, - lost by forfeit; U pairing-allocated bye; F full-point bye; \
H half-point bye; Z zero-point bye or absent; - alone: no record.";

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
    pub edition: Option<String>,
    /// Treat the tournament as a round robin (default: from the system code).
    #[arg(long, conflicts_with = "swiss")]
    pub round_robin: bool,
    /// Treat the tournament as a Swiss.
    #[arg(long)]
    pub swiss: bool,
    /// Count only rounds 1..N, N not beyond the rounds played (default:
    /// the last round with a game or a PAB).
    #[arg(long)]
    pub rounds: Option<String>,
    /// What separates participants equal on everything: share, tpn, lots,
    /// lots:SEED.
    #[arg(long, default_value = "share")]
    pub last_resort: String,
    /// Rating given to unrated players by rating-based tie-breaks.
    #[arg(long)]
    pub unrated_rating: Option<String>,
    /// Rating list for rating-based tie-breaks.
    #[arg(long, default_value = "fide",
          value_parser = PossibleValuesParser::new(["fide", "rapid", "blitz", "national"]))]
    pub rating_list: String,
    /// Print the team classification instead (teams of the file, or the
    /// players' team field): sums of the members' points and tie-breaks.
    #[arg(long)]
    pub teams: bool,
    /// With --teams: count only the best N members of each team.
    #[arg(long, requires = "teams")]
    pub team_size: Option<String>,
    /// With --teams: at least this many women among the counted members.
    #[arg(long, requires = "teams")]
    pub min_women: Option<String>,
    /// Only the players of this category of the section's prize plan
    /// (e.g. women, u18), ranked among themselves; events only.
    #[arg(long, conflicts_with = "teams")]
    pub category: Option<String>,
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
    #[arg(long, value_parser = PossibleValuesParser::new(["swiss", "grid"]))]
    pub layout: Option<String>,
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
    match standings(&a) {
        Ok(text) => {
            out::print(&text);
            ExitCode::SUCCESS
        }
        Err(e) => out::fail(&e),
    }
}

pub fn run_crosstable(a: CrosstableArgs) -> ExitCode {
    match crosstable(&a) {
        Ok(text) => {
            out::print(&text);
            ExitCode::SUCCESS
        }
        Err(e) => out::fail(&e),
    }
}

/// The source named on the command line: a TRF file, or an event (an
/// event file or `postgres://…#EVENT`) — the only reading of an event is through the desk.
enum Source {
    Trf(Box<arbiter_trf::TrfDocument>),

    Event(Box<Desk>),
}

fn open(source: &Path, section: Option<&str>) -> Result<Source, DeskError> {
    let is_trf_name = source
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("trf"));
    if is_trf_name || (section.is_none() && !arbiter_desk::is_event(source)) {
        return Ok(Source::Trf(Box::new(crate::out::read_trf(source)?)));
    }
    Ok(Source::Event(Box::new(Desk::open_read_only(source)?)))
}

fn standings(a: &StandingsArgs) -> Result<String, DeskError> {
    let request = StandingsRequest {
        tiebreaks: a.tiebreaks.clone(),
        preset: a.preset.clone(),
        edition: a.edition.clone(),
        mode: if a.round_robin {
            Some("round-robin".into())
        } else if a.swiss {
            Some("swiss".into())
        } else {
            None
        },
        rounds: a.rounds.clone(),
        last_resort: Some(a.last_resort.clone()),
        unrated_rating: a.unrated_rating.clone(),
        rating_list: Some(a.rating_list.clone()),
        teams: a.teams.then(|| TeamRequest {
            counted: a.team_size.clone(),
            min_women: a.min_women.clone(),
        }),
        category: a.category.clone(),
    };
    let report = match open(&a.source, a.section.as_deref())? {
        Source::Trf(doc) => arbiter_desk::trf_standings(&doc, &request)?,
        Source::Event(desk) => desk.standings(a.section.as_deref(), &request)?,
    };
    Ok(render_standings(&report, a.format, a.lang))
}

fn render_standings(report: &StandingsReport, format: Format, lang: Lang) -> String {
    if let Some(teams) = &report.teams {
        return render_teams(teams, &report.standings, format, lang);
    }
    let preset = report.preset;
    let ro = RenderOptions {
        format,
        lang,
        labels: preset.map(|p| p.labels(lang)),
        title: title(&report.heading, preset.map(|p| p.title(lang))),
    };
    render(&report.standings, &ro)
}

/// The title line: the event (and section), and the preset's title.
fn title(heading: &Heading, preset: Option<&str>) -> Option<String> {
    let named = !heading.event.is_empty() || heading.section.is_some();
    let head = named.then(|| heading.to_string());
    let parts: Vec<String> = head.into_iter().chain(preset.map(str::to_string)).collect();
    (!parts.is_empty()).then(|| parts.join(" — "))
}

fn crosstable(a: &CrosstableArgs) -> Result<String, DeskError> {
    let request = CrosstableRequest {
        layout: a.layout.clone(),
        tiebreaks: a.tiebreaks.clone(),
    };
    let report: CrosstableReport = match open(&a.source, a.section.as_deref())? {
        Source::Trf(doc) => arbiter_desk::trf_crosstable(&doc, &request)?,
        Source::Event(desk) => desk.crosstable(a.section.as_deref(), &request)?,
    };
    let table = render_crosstable(
        &report.tournament,
        &report.options,
        report.layout,
        a.format,
        a.lang,
    )
    .map_err(|e| DeskError::malformed(format!("{}: {e}", a.source.display())))?;
    Ok(match a.format {
        Format::Text => match title(&report.heading, None) {
            Some(t) => format!("{t}\n{table}{LEGEND}\n"),
            None => format!("{table}{LEGEND}\n"),
        },
        _ => table,
    })
}
