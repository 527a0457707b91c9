//! Printing standings as an aligned text table, TSV, CSV or JSON.
//!
//! TSV and CSV: header `Rank TPN Name PTS <codes in the order asked>`, the
//! rank as FIDE's checker prints it (the first place of a shared position);
//! text and JSON also show shared places as "5-7".

use std::str::FromStr;

use serde::Serialize;

use crate::labels::{Lang, column_titles, lots_note, mode_name, standings_title, tiebreak_name};
use crate::options::LastResort;
use crate::ranking::Standings;

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
        Format::Tsv => delimited(s, '\t'),
        Format::Csv => delimited(s, ','),
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

fn delimited(s: &Standings, sep: char) -> String {
    let mut header = vec![
        "Rank".to_string(),
        "TPN".into(),
        "Name".into(),
        "PTS".into(),
    ];
    header.extend(s.tiebreaks.iter().map(|t| t.code().to_string()));
    let mut out = String::new();
    for line in std::iter::once(header).chain(body(s, false)) {
        let cells: Vec<String> = line.iter().map(|c| field(c, sep)).collect();
        out.push_str(&cells.join(&sep.to_string()));
        out.push('\n');
    }
    out
}

/// One delimited field: CSV quoting when needed; TSV replaces tabs.
fn field(c: &str, sep: char) -> String {
    if sep == '\t' {
        c.replace(['\t', '\n', '\r'], " ")
    } else if c.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", c.replace('"', "\"\""))
    } else {
        c.to_string()
    }
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

/// One participant of [`StandingsJson`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RowJson {
    pub name: String,
    /// `5` or `5-7` for a shared place.
    pub place: String,
    pub points: String,
    pub rank: u32,
    pub rank_to: u32,
    pub tpn: u32,
    pub values: Vec<String>,
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
            rows: s
                .rows
                .iter()
                .map(|r| RowJson {
                    name: r.name.clone(),
                    place: r.place(),
                    points: r.points.to_string(),
                    rank: r.rank,
                    rank_to: r.rank_to,
                    tpn: r.tpn,
                    values: r.values.iter().map(ToString::to_string).collect(),
                })
                .collect(),
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
