//! Printing standings as an aligned text table, TSV, CSV or JSON.
//!
//! TSV and CSV: header `Rank TPN Name PTS <codes in the order asked>`, the
//! rank as FIDE's checker prints it (the first place of a shared position),
//! then for an event (ids known) the player columns `ID Sex Born Fed
//! FIDE-ID Title Rating Rapid Blitz National Club Tags`; text and JSON also
//! show shared places as "5-7", JSON every player field.

use std::str::FromStr;

use arbiter_model::Sex;
use serde::Serialize;

use crate::delimited::{self, Separator};
use crate::labels::{Lang, column_titles, lots_note, mode_name, standings_title, tiebreak_name};
use crate::options::LastResort;
use crate::ranking::{Row, Standings};

/// Output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    #[default]
    Text,
    Tsv,
    Csv,
    Json,
}

/// Why a text is not a format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an output format (text, tsv, csv, json)")]
pub struct FormatError(pub String);

impl FromStr for Format {
    type Err = FormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "text" | "txt" => Ok(Format::Text),
            "tsv" => Ok(Format::Tsv),
            "csv" => Ok(Format::Csv),
            "json" => Ok(Format::Json),
            other => Err(FormatError(other.to_string())),
        }
    }
}

/// How to print.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    pub format: Format,
    pub lang: Lang,
    /// Labels of the tie-break columns (a preset's); default: the names of
    /// the codes in `lang`.
    pub labels: Option<Vec<String>>,
    /// A title line for the text format (e.g. the event name).
    pub title: Option<String>,
}

/// Renders `s` as text.
pub fn render(s: &Standings, o: &RenderOptions) -> String {
    let labels = o.labels.clone().unwrap_or_else(|| {
        s.tiebreaks
            .iter()
            .map(|tb| tiebreak_name(tb, o.lang))
            .collect()
    });
    match o.format {
        Format::Tsv => delimited(s, Separator::Tab),
        Format::Csv => delimited(s, Separator::Comma),
        Format::Json => json_text(s, &labels),
        Format::Text => text(s, o, &labels),
    }
}

/// Cell texts of the table body: rank, TPN, name, points, values.
fn body(s: &Standings, place: bool) -> Vec<Vec<String>> {
    s.rows
        .iter()
        .map(|r| {
            let mut cells = vec![
                if place { r.place() } else { r.rank.to_string() },
                r.tpn.to_string(),
                r.name.clone(),
                r.points.to_string(),
            ];
            cells.extend(r.values.iter().map(ToString::to_string));
            cells
        })
        .collect()
}

fn delimited(s: &Standings, sep: Separator) -> String {
    let mut header = vec![
        "Rank".to_string(),
        "TPN".into(),
        "Name".into(),
        "PTS".into(),
    ];
    header.extend(s.tiebreaks.iter().map(|t| t.code().to_string()));
    // An event's standings (ids known) also carry what prize rules read.
    let players = s.rows.iter().any(|r| r.id.is_some());
    if players {
        header.extend(PLAYER_COLUMNS.iter().map(|c| c.to_string()));
    }
    let mut body = body(s, false);
    if players {
        for (cells, r) in body.iter_mut().zip(&s.rows) {
            cells.extend(player_cells(&RowJson::of(r)));
        }
    }
    std::iter::once(header)
        .chain(body)
        .map(|cells| delimited::line(cells, sep))
        .collect()
}

/// The player columns of an event's TSV and CSV, after the tie-breaks.
const PLAYER_COLUMNS: [&str; 12] = [
    "ID", "Sex", "Born", "Fed", "FIDE-ID", "Title", "Rating", "Rapid", "Blitz", "National", "Club",
    "Tags",
];

/// The cells of [`PLAYER_COLUMNS`] (empty when unknown; tags joined by `;`).
fn player_cells(r: &RowJson) -> Vec<String> {
    let text = |v: Option<String>| v.unwrap_or_default();
    let num = |v: Option<u16>| v.map(|v| v.to_string()).unwrap_or_default();
    vec![
        text(r.id.map(|v| v.to_string())),
        r.sex.unwrap_or_default().to_string(),
        text(r.born.clone()),
        text(r.fed.clone()),
        text(r.fide_id.map(|v| v.to_string())),
        r.title.unwrap_or_default().to_string(),
        num(r.rating),
        num(r.rapid),
        num(r.blitz),
        num(r.national),
        text(r.club.clone()),
        r.tags.join(";"),
    ]
}

/// The JSON document of standings, one shape for every face (the CLI's
/// `--format json`, the web's `Accept: application/json`). Fields are in
/// alphabetical order, as the document has always been printed.
#[derive(Clone, Debug, Serialize)]
pub struct StandingsJson {
    pub basis: crate::ranking::Basis,
    pub rows: Vec<RowJson>,
    pub tiebreaks: Vec<TiebreakJson>,
}

/// One participant of [`StandingsJson`]: his place and values, and what
/// prize rules and classifications read of him (issue 12; `null` where
/// unknown, and for teams).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowJson {
    pub blitz: Option<u16>,
    /// `YYYY-MM-DD`, or only the year.
    pub born: Option<String>,
    pub club: Option<String>,
    pub fed: Option<String>,
    pub fide_id: Option<u64>,
    /// The event's player id; `null` for a file.
    pub id: Option<u32>,
    pub name: String,
    pub national: Option<u16>,
    /// `5` or `5-7` for a shared place.
    pub place: String,
    pub points: String,
    pub rank: u32,
    pub rank_to: u32,
    pub rapid: Option<u16>,
    /// FIDE standard.
    pub rating: Option<u16>,
    /// `m` or `w`.
    pub sex: Option<&'static str>,
    pub tags: Vec<String>,
    pub title: Option<&'static str>,
    pub tpn: u32,
    pub values: Vec<String>,
}

impl RowJson {
    fn of(r: &Row) -> RowJson {
        let p = r.player.as_ref();
        RowJson {
            blitz: p.and_then(|p| p.ratings.blitz),
            born: p.and_then(|p| p.birth_date).map(|b| b.to_string()),
            club: p.and_then(|p| p.club.clone()),
            fed: p.and_then(|p| p.federation.clone()),
            fide_id: p.and_then(|p| p.fide_id),
            id: r.id,
            name: r.name.clone(),
            national: p.and_then(|p| p.ratings.national),
            place: r.place(),
            points: r.points.to_string(),
            rank: r.rank,
            rank_to: r.rank_to,
            rapid: p.and_then(|p| p.ratings.rapid),
            rating: p.and_then(|p| p.ratings.fide),
            sex: p.and_then(|p| p.sex).map(sex_code),
            tags: p.map(|p| p.tags.clone()).unwrap_or_default(),
            title: p.and_then(|p| p.title).map(|t| t.code()),
            tpn: r.tpn,
            values: r.values.iter().map(ToString::to_string).collect(),
        }
    }
}

/// `m` or `w`.
fn sex_code(s: Sex) -> &'static str {
    match s {
        Sex::Male => "m",
        Sex::Female => "w",
    }
}

/// One tie-break column of [`StandingsJson`]: its code and its label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TiebreakJson {
    pub code: String,
    pub label: String,
}

impl StandingsJson {
    /// The document of `s`, the columns labelled as [`RenderOptions`] says
    /// (`labels`, default: the names of the codes in `lang`).
    pub fn new(s: &Standings, lang: Lang, labels: Option<Vec<String>>) -> StandingsJson {
        let labels = labels.unwrap_or_else(|| {
            s.tiebreaks
                .iter()
                .map(|tb| tiebreak_name(tb, lang))
                .collect()
        });
        StandingsJson::labelled(s, &labels)
    }

    fn labelled(s: &Standings, labels: &[String]) -> StandingsJson {
        StandingsJson {
            basis: s.basis(),
            rows: s.rows.iter().map(RowJson::of).collect(),
            tiebreaks: s
                .tiebreaks
                .iter()
                .zip(labels)
                .map(|(t, l)| TiebreakJson {
                    code: t.code().to_string(),
                    label: l.clone(),
                })
                .collect(),
        }
    }
}

fn json_text(s: &Standings, labels: &[String]) -> String {
    let mut out =
        serde_json::to_string_pretty(&StandingsJson::labelled(s, labels)).unwrap_or_default();
    out.push('\n');
    out
}

fn text(s: &Standings, o: &RenderOptions, labels: &[String]) -> String {
    let titles = column_titles(o.lang);
    let mut header: Vec<String> = titles.iter().map(|t| t.to_string()).collect();
    header.extend(s.tiebreaks.iter().map(|t| t.code().to_string()));
    let rows = body(s, true);
    let widths: Vec<usize> = (0..header.len())
        .map(|c| {
            std::iter::once(&header)
                .chain(&rows)
                .map(|r| r[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    if let Some(t) = &o.title {
        out.push_str(t);
        out.push('\n');
    }
    out.push_str(&format!(
        "{} (C.07 {}, {})\n\n",
        standings_title(o.lang, s.rounds),
        s.edition,
        mode_name(o.lang, s.mode == crate::options::Mode::RoundRobin)
    ));
    for line in std::iter::once(&header).chain(&rows) {
        let cells: Vec<String> = line
            .iter()
            .enumerate()
            .map(|(c, v)| {
                let pad = widths[c] - v.chars().count();
                // Name left-aligned, numbers right-aligned.
                if c == 2 {
                    format!("{v}{}", " ".repeat(pad))
                } else {
                    format!("{}{v}", " ".repeat(pad))
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    if !s.tiebreaks.is_empty() {
        out.push('\n');
        let w = s
            .tiebreaks
            .iter()
            .map(|t| t.code().chars().count())
            .max()
            .unwrap_or(0);
        for (t, l) in s.tiebreaks.iter().zip(labels) {
            out.push_str(&format!("{:w$}  {l}\n", t.code()));
        }
    }
    if let LastResort::Lots { seed } = s.last_resort {
        out.push('\n');
        out.push_str(&lots_note(o.lang, seed));
        out.push('\n');
    }
    out
}
