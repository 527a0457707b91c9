//! Standings and crosstables of a section or of a TRF file: the request as
//! typed, checked once, and the computed result for a face to render.

use arbiter_model::Tournament;
use arbiter_standings::crosstable::CrosstableLayout;
use arbiter_standings::presets::Preset;
use arbiter_standings::team::{TeamRow, TeamRules, team_standings};
use arbiter_standings::{
    Edition, LastResort, Mode, RatingList, Standings, StandingsOptions, compute_standings,
    parse_list,
};
use arbiter_trf::TrfDocument;

use crate::desk::Desk;
use crate::error::DeskError;
use crate::views::{Heading, Numbering};

/// A standings request as typed; `None` takes the default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingsRequest {
    /// FIDE codes in order (`BH/C1,BH,PS`). Default: the section's list
    /// (the file's 202/212).
    pub tiebreaks: Option<String>,
    /// A national list (`pl-002`) instead of codes.
    pub preset: Option<String>,
    /// Edition of the tie-break rules: 2009, 2023, 2024, 2026 (default: by
    /// the start date).
    pub edition: Option<String>,
    /// `swiss` or `round-robin` (default: from the system).
    pub mode: Option<String>,
    /// Count rounds 1..N, N not beyond the rounds played (default: all).
    pub rounds: Option<String>,
    /// `share`, `tpn`, `lots`, `lots:SEED`.
    pub last_resort: Option<String>,
    /// Rating of unrated players for rating-based tie-breaks.
    pub unrated_rating: Option<String>,
    /// `fide`, `rapid`, `blitz`, `national`.
    pub rating_list: Option<String>,
    /// The team classification as well.
    pub teams: Option<TeamRequest>,
    /// Only the players of this category of the section's prize plan,
    /// ranked among themselves (events only).
    pub category: Option<String>,
}

/// The team classification: how many members count, how many women.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamRequest {
    pub counted: Option<String>,
    pub min_women: Option<String>,
}

/// Computed standings.
#[derive(Clone)]
pub struct StandingsReport {
    pub heading: Heading,
    pub standings: Standings,
    /// The national list whose labels and title the columns take.
    pub preset: Option<&'static Preset>,
    /// The team classification, when asked for.
    pub teams: Option<Vec<TeamRow>>,
}

impl std::fmt::Debug for StandingsReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StandingsReport")
            .field("heading", &self.heading)
            .field("standings", &self.standings)
            .field("preset", &self.preset.map(|p| p.name))
            .field("teams", &self.teams)
            .finish()
    }
}

/// A crosstable request as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CrosstableRequest {
    /// `swiss` or `grid` (default: grid for a round robin).
    pub layout: Option<String>,
    /// Row order by these tie-breaks (default: the section's).
    pub tiebreaks: Option<String>,
}

/// What a crosstable shows; [`arbiter_standings::crosstable`] lays it out.
#[derive(Clone, Debug)]
pub struct CrosstableReport {
    pub heading: Heading,
    pub tournament: Tournament,
    pub options: StandingsOptions,
    pub layout: Option<CrosstableLayout>,
}

impl Desk {
    /// The standings of a section after its complete rounds.
    pub fn standings(
        &self,
        section: Option<&str>,
        request: &StandingsRequest,
    ) -> Result<StandingsReport, DeskError> {
        let sec = self.section(section)?;
        let t = self.state().tournament(sec, sec.rounds_complete());
        let stored = sec.config.tiebreak_preset.as_deref().and_then(Preset::find);
        let mut report = standings_of(&t, self.heading(sec, None), request, stored)?;
        let ids = Numbering::current(self.state(), sec);
        for row in report
            .standings
            .rows
            .iter_mut()
            .filter(|r| r.player.is_some())
        {
            row.id = ids.id(row.tpn).ok();
        }
        if let Some(name) = &request.category {
            if report.teams.is_some() {
                return Err(DeskError::invalid(
                    "category",
                    "a category ranks players, not teams: give one of --category and --teams",
                ));
            }
            report.standings = self.category_standings(sec, &report.standings, &t, name.trim())?;
        }
        Ok(report)
    }

    /// The crosstable of a section after its complete rounds.
    pub fn crosstable(
        &self,
        section: Option<&str>,
        request: &CrosstableRequest,
    ) -> Result<CrosstableReport, DeskError> {
        let sec = self.section(section)?;
        let t = self.state().tournament(sec, sec.rounds_complete());
        crosstable_of(t, self.heading(sec, None), request)
    }
}

/// The heading of a file's reports: its event name.
fn file_heading(doc: &TrfDocument) -> Heading {
    Heading {
        event: doc.tournament.info.name.clone(),
        section: None,
        round: None,
    }
}

/// The standings of a TRF file (read with [`read_trf`](crate::read_trf)).
pub fn trf_standings(
    doc: &TrfDocument,
    request: &StandingsRequest,
) -> Result<StandingsReport, DeskError> {
    if request.category.is_some() {
        return Err(DeskError::invalid(
            "category",
            "categories are those of an event's prize plan (arbiter prizes set); a TRF file has none",
        ));
    }
    // A round in progress counts once every game has its result, as in an
    // event (docs/rules/trf.md "A round in progress").
    let complete = doc.round_in_progress().map(|r| r - 1).filter(|&r| r > 0);
    let request = match (&request.rounds, complete) {
        (None, Some(rounds)) => &StandingsRequest {
            rounds: Some(rounds.to_string()),
            ..request.clone()
        },
        _ => request,
    };
    standings_of(&doc.tournament, file_heading(doc), request, None)
}

/// The crosstable of a TRF file.
pub fn trf_crosstable(
    doc: &TrfDocument,
    request: &CrosstableRequest,
) -> Result<CrosstableReport, DeskError> {
    crosstable_of(doc.tournament.clone(), file_heading(doc), request)
}

fn crosstable_of(
    tournament: Tournament,
    heading: Heading,
    request: &CrosstableRequest,
) -> Result<CrosstableReport, DeskError> {
    let layout = request
        .layout
        .as_deref()
        .map(|l| {
            l.parse::<CrosstableLayout>()
                .map_err(|e| DeskError::invalid("layout", e.to_string()))
        })
        .transpose()?;
    let options = StandingsOptions {
        tiebreaks: request
            .tiebreaks
            .as_deref()
            .map(tiebreak_codes)
            .transpose()?,
        ..StandingsOptions::default()
    };
    compute_standings(&tournament, &options).map_err(|e| DeskError::malformed(e.to_string()))?;
    Ok(CrosstableReport {
        heading,
        tournament,
        options,
        layout,
    })
}

fn tiebreak_codes(text: &str) -> Result<Vec<arbiter_standings::code::TieBreak>, DeskError> {
    parse_list(text).map_err(|e| DeskError::invalid("tiebreaks", e.to_string()))
}

fn parsed<T: std::str::FromStr>(field: &str, value: Option<&str>) -> Result<Option<T>, DeskError>
where
    T::Err: std::fmt::Display,
{
    value
        .map(|v| {
            v.trim()
                .parse::<T>()
                .map_err(|e| DeskError::invalid(field, e.to_string()))
        })
        .transpose()
}

fn number<T: std::str::FromStr>(field: &str, value: Option<&str>) -> Result<Option<T>, DeskError> {
    value
        .map(|v| {
            v.trim()
                .parse::<T>()
                .map_err(|_| DeskError::invalid(field, format!("'{}' is not a number", v.trim())))
        })
        .transpose()
}

/// The standings of `t`; `stored` is the section's national list, used
/// when the request names no tie-breaks.
fn standings_of(
    t: &Tournament,
    heading: Heading,
    request: &StandingsRequest,
    stored: Option<&'static Preset>,
) -> Result<StandingsReport, DeskError> {
    let (tiebreaks, preset) = match (&request.tiebreaks, &request.preset) {
        (Some(_), Some(_)) => {
            return Err(DeskError::invalid(
                "preset",
                "give either tie-break codes or a preset, not both",
            ));
        }
        (Some(codes), None) => (Some(tiebreak_codes(codes)?), None),
        (None, Some(name)) => {
            let p = Preset::find(name).ok_or_else(|| {
                DeskError::invalid(
                    "preset",
                    format!(
                        "unknown preset '{}' (known: {})",
                        name.trim(),
                        Preset::names().join(", ")
                    ),
                )
            })?;
            (Some(p.tiebreaks()), Some(p))
        }
        (None, None) => (None, stored),
    };
    let mode = match request
        .mode
        .as_deref()
        .map(|m| m.trim().to_ascii_lowercase())
    {
        None => None,
        Some(m) if m == "swiss" => Some(Mode::Swiss),
        Some(m) if m == "round-robin" || m == "rr" => Some(Mode::RoundRobin),
        Some(m) => {
            return Err(DeskError::invalid(
                "mode",
                format!("'{m}': expected swiss or round-robin"),
            ));
        }
    };
    let rounds = number::<u32>("rounds", request.rounds.as_deref())?;
    let played = t.rounds_paired();
    if let Some(r) = rounds
        && (r == 0 || r > played)
    {
        return Err(DeskError::invalid(
            "rounds",
            format!(
                "{r}: {} has {played} round(s) played{}; count 1 to {played}",
                heading,
                t.total_rounds
                    .map(|n| format!(" of {n}"))
                    .unwrap_or_default()
            ),
        ));
    }
    let rating_list = match request
        .rating_list
        .as_deref()
        .map(|l| l.trim().to_ascii_lowercase())
    {
        None => RatingList::Fide,
        Some(l) => match l.as_str() {
            "fide" => RatingList::Fide,
            "rapid" => RatingList::Rapid,
            "blitz" => RatingList::Blitz,
            "national" => RatingList::National,
            _ => {
                return Err(DeskError::invalid(
                    "rating-list",
                    format!("'{l}': expected fide, rapid, blitz or national"),
                ));
            }
        },
    };
    let options = StandingsOptions {
        tiebreaks,
        edition: parsed::<Edition>("edition", request.edition.as_deref())?,
        mode,
        rounds,
        last_resort: parsed::<LastResort>("last-resort", request.last_resort.as_deref())?
            .unwrap_or(LastResort::Share),
        unrated_rating: number::<u16>("unrated-rating", request.unrated_rating.as_deref())?,
        rating_list,
    };
    let standings =
        compute_standings(t, &options).map_err(|e| DeskError::malformed(e.to_string()))?;
    let teams = match &request.teams {
        None => None,
        Some(_) if t.team_section.is_some() => {
            return Err(DeskError::invalid(
                "teams",
                "the standings of a team section rank its teams already; the team \
                 classification is for an event of individuals",
            ));
        }
        Some(req) => {
            let rules = TeamRules {
                counted: number("team-size", req.counted.as_deref())?,
                min_women: number("min-women", req.min_women.as_deref())?.unwrap_or(0),
            };
            Some(team_standings(t, &standings, &rules))
        }
    };
    Ok(StandingsReport {
        heading,
        standings,
        preset,
        teams,
    })
}
