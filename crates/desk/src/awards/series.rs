//! `series standings SERIES.toml`: a Grand Prix over event files and TRF
//! files (fees-and-series.md §2), named in the series file relative to its
//! folder and read as every command reads them — an event through its
//! journal (its first section, after the complete rounds), a TRF through
//! [`read_trf`], the one validator — each ranked by its own tie-breaks.

use std::path::Path;

use arbiter_awards::{Series, SeriesEvent, SeriesStandings};
use arbiter_model::date::Date;

use super::{file_error, undecidable};
use crate::desk::Desk;
use crate::error::DeskError;
use crate::input::read_text;
use crate::reports::{StandingsRequest, trf_standings};
use crate::storage::is_database;
use crate::trf_file::read_trf;

/// The series standings of the file at `path` and, with a `[prizes]` plan,
/// their allocation. Ages are computed on the last event's start date
/// unless the plan names a reference date.
pub fn series_standings(path: &Path) -> Result<SeriesStandings, DeskError> {
    let source = path.display().to_string();
    let series = Series::parse(&read_text(path)?).map_err(|e| file_error(&source, e))?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let mut events = Vec::with_capacity(series.events.len());
    let mut last_start = None;
    for (i, name) in series.events.iter().enumerate() {
        let (event, start) = series_event(&folder.join(name), name)
            .map_err(|e| e.context(format_args!("{source}: events[{}] ({name})", i + 1)))?;
        events.push(event);
        last_start = start;
    }
    arbiter_awards::series_standings(&series, &events, last_start)
        .map_err(|e| undecidable(&source, e))
}

/// One event of the series, and its start date.
fn series_event(path: &Path, name: &str) -> Result<(SeriesEvent, Option<Date>), DeskError> {
    let trf_name = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("trf"));
    if trf_name || !is_database(path) {
        let doc = read_trf(path)?;
        let report = trf_standings(&doc, &StandingsRequest::default())?;
        return Ok((
            SeriesEvent::from_standings(name, &report.standings, &doc.tournament),
            doc.tournament.info.start_date,
        ));
    }
    let desk = Desk::open_read_only(path)?;
    let report = desk.standings(None, &StandingsRequest::default())?;
    let sec = desk.section(None)?;
    let t = desk.state().tournament(sec, sec.rounds_complete());
    Ok((
        SeriesEvent::from_standings(name, &report.standings, &t),
        desk.start_date(),
    ))
}
