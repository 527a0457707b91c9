//! Crosstables: the Swiss table (opponent, colour, result and running score
//! per round) and the grid of a round robin, rows in standings order.

use std::collections::HashMap;
use std::str::FromStr;

use arbiter_model::{ByeKind, Colour, Outcome, Points, RoundEntry, Tournament, Tpn};
use serde_json::json;

use crate::delimited::{self, Separator};
use crate::error::StandingsError;
use crate::labels::{Lang, pick};
use crate::options::{Mode, StandingsOptions};
use crate::ranking::compute_standings;
use crate::render::Format;

/// Swiss table or round-robin grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CrosstableLayout {
    Swiss,
    Grid,
}

/// Why a text is not a layout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a crosstable layout (swiss, grid)")]
pub struct LayoutError(pub String);

impl FromStr for CrosstableLayout {
    type Err = LayoutError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "swiss" => Ok(CrosstableLayout::Swiss),
            "grid" | "rr" | "round-robin" => Ok(CrosstableLayout::Grid),
            other => Err(LayoutError(other.to_string())),
        }
    }
}

/// One round of one player in the Swiss table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Opponent (games and forfeits).
    pub opponent: Option<Tpn>,
    /// `w`/`b` for a game or a forfeit with known colour, else `-`.
    pub colour: char,
    /// `1 ½ 0` for games, `+ -` for forfeits, TRF letters `U F H Z` for byes,
    /// empty for a round without any record.
    pub result: &'static str,
    /// Score after the round.
    pub running: Points,
}

impl Cell {
    /// `12w1`, `7b½`, `5w+`, `U`, `H`.
    pub fn code(&self) -> String {
        match self.opponent {
            Some(o) => format!("{o}{}{}", self.colour, self.result),
            None if self.result.is_empty() => "-".to_string(),
            None => self.result.to_string(),
        }
    }
}

/// One line of the Swiss table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub place: String,
    pub tpn: Tpn,
    pub name: String,
    pub rating: Option<u16>,
    pub cells: Vec<Cell>,
    pub points: Points,
}

/// The Swiss table of `t`, rows in the order of the standings `opts` give.
pub fn swiss_table(t: &Tournament, opts: &StandingsOptions) -> Result<Vec<Line>, StandingsError> {
    let standings = compute_standings(t, opts)?;
    let rounds = standings.rounds as usize;
    let mut lines = Vec::with_capacity(standings.rows.len());
    for row in &standings.rows {
        let Some(e) = t.entrant(row.tpn) else {
            continue;
        };
        let mut running = Points::ZERO;
        let cells = (0..rounds)
            .map(|r| {
                let entry = e.rounds.get(r).copied();
                if let Some(en) = entry {
                    running += t.scoring.points(&en);
                }
                cell(entry, running)
            })
            .collect();
        lines.push(Line {
            place: row.place(),
            tpn: row.tpn,
            name: row.name.clone(),
            rating: e.player.ratings.fide,
            cells,
            points: running,
        });
    }
    Ok(lines)
}

fn cell(entry: Option<RoundEntry>, running: Points) -> Cell {
    let letter = |c: Option<Colour>| match c {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    let (opponent, colour, result) = match entry {
        Some(RoundEntry::Game {
            opponent,
            colour,
            outcome,
            ..
        }) => (
            Some(opponent),
            letter(Some(colour)),
            match outcome {
                Outcome::Win => "1",
                Outcome::Draw => "½",
                Outcome::Loss => "0",
            },
        ),
        // `0000 - +` / `0000 - -` are a full / zero bye (tiebreaks.md §1).
        Some(RoundEntry::Forfeit {
            opponent: None,
            won,
            ..
        }) => (None, '-', if won { "F" } else { "Z" }),
        Some(RoundEntry::Forfeit {
            opponent,
            colour,
            won,
        }) => (opponent, letter(colour), if won { "+" } else { "-" }),
        Some(RoundEntry::PairingBye) => (None, '-', "U"),
        Some(RoundEntry::Bye(ByeKind::Full)) => (None, '-', "F"),
        Some(RoundEntry::Bye(ByeKind::Half)) => (None, '-', "H"),
        Some(RoundEntry::Bye(ByeKind::Zero)) => (None, '-', "Z"),
        Some(RoundEntry::Absent) | None => (None, '-', ""),
    };
    Cell {
        opponent,
        colour,
        result,
        running,
    }
}

/// The grid of a round robin: `cells[i][j]` = results of row i against row j
/// (several for a multiple round robin), `×` on the diagonal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    pub lines: Vec<Line>,
    pub cells: Vec<Vec<String>>,
}

/// The round-robin grid of `t`, rows in standings order.
pub fn grid(t: &Tournament, opts: &StandingsOptions) -> Result<Grid, StandingsError> {
    let lines = swiss_table(t, opts)?;
    let position: HashMap<Tpn, usize> = lines.iter().enumerate().map(|(i, l)| (l.tpn, i)).collect();
    let mut cells = vec![vec![String::new(); lines.len()]; lines.len()];
    for (i, line) in lines.iter().enumerate() {
        cells[i][i] = "×".to_string();
        for c in &line.cells {
            if let Some(j) = c.opponent.and_then(|o| position.get(&o)) {
                cells[i][*j].push_str(c.result);
            }
        }
    }
    Ok(Grid { lines, cells })
}

/// Renders the crosstable of `t`; `layout` defaults to a grid for a round
/// robin and the Swiss table otherwise.
pub fn render_crosstable(
    t: &Tournament,
    opts: &StandingsOptions,
    layout: Option<CrosstableLayout>,
    format: Format,
    lang: Lang,
) -> Result<String, StandingsError> {
    // A team section's participants are teams: its crosstable is the one
    // of matches (text, in team-number order).
    if t.team_section.is_some() {
        return Ok(crate::teams::render_match_crosstable(
            &crate::teams::match_crosstable(t)?,
        ));
    }
    let mode = opts.mode.unwrap_or_else(|| Mode::detect(t));
    let layout = layout.unwrap_or(match mode {
        Mode::RoundRobin => CrosstableLayout::Grid,
        Mode::Swiss => CrosstableLayout::Swiss,
    });
    let titles = pick(
        lang,
        [
            "Rank|TPN|Name|Rtg|Pts",
            "Pos.|N.|Nome|Elo|Punti",
            "M-ce|Nr|Nazwisko i imię|Rank.|Pkt",
            "Место|№|Участник|Рейт.|Очки",
        ],
    );
    let t4: Vec<&str> = titles.split('|').collect();
    let (header, rows, json_doc) = match layout {
        CrosstableLayout::Swiss => {
            let lines = swiss_table(t, opts)?;
            let rounds = lines.first().map_or(0, |l| l.cells.len());
            let mut header: Vec<String> = t4[..4].iter().map(|s| s.to_string()).collect();
            header.extend((1..=rounds).map(|r| format!("R{r}")));
            header.push(t4[4].to_string());
            let rows: Vec<Vec<String>> = lines
                .iter()
                .map(|l| {
                    let mut v = head_cells(l);
                    v.extend(
                        l.cells
                            .iter()
                            .map(|c| format!("{} {}", c.code(), c.running)),
                    );
                    v.push(l.points.to_string());
                    v
                })
                .collect();
            let doc = json!({
                "layout": "swiss",
                "rows": lines.iter().map(|l| json!({
                    "place": l.place, "tpn": l.tpn, "name": l.name, "rating": l.rating,
                    "points": l.points.to_string(),
                    "rounds": l.cells.iter().map(|c| json!({
                        "opponent": c.opponent, "colour": c.colour.to_string(),
                        "result": c.result, "running": c.running.to_string(),
                    })).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
            });
            (header, rows, doc)
        }
        CrosstableLayout::Grid => {
            let g = grid(t, opts)?;
            let mut header: Vec<String> = t4[..4].iter().map(|s| s.to_string()).collect();
            header.extend((1..=g.lines.len()).map(|i| i.to_string()));
            header.push(t4[4].to_string());
            let rows: Vec<Vec<String>> = g
                .lines
                .iter()
                .zip(&g.cells)
                .map(|(l, cells)| {
                    let mut v = head_cells(l);
                    v.extend(cells.iter().cloned());
                    v.push(l.points.to_string());
                    v
                })
                .collect();
            let doc = json!({
                "layout": "grid",
                "rows": g.lines.iter().zip(&g.cells).map(|(l, c)| json!({
                    "place": l.place, "tpn": l.tpn, "name": l.name, "rating": l.rating,
                    "points": l.points.to_string(), "results": c,
                })).collect::<Vec<_>>(),
            });
            (header, rows, doc)
        }
    };
    Ok(match format {
        Format::Json => {
            let mut s = serde_json::to_string_pretty(&json_doc).unwrap_or_default();
            s.push('\n');
            s
        }
        Format::Tsv => delimited(&header, &rows, Separator::Tab),
        Format::Csv => delimited(&header, &rows, Separator::Comma),
        Format::Text => aligned(&header, &rows),
    })
}

fn head_cells(l: &Line) -> Vec<String> {
    vec![
        l.place.clone(),
        l.tpn.to_string(),
        l.name.clone(),
        l.rating.map(|r| r.to_string()).unwrap_or_default(),
    ]
}

fn delimited(header: &[String], rows: &[Vec<String>], sep: Separator) -> String {
    std::iter::once(header)
        .chain(rows.iter().map(Vec::as_slice))
        .map(|r| delimited::line(r, sep))
        .collect()
}

fn aligned(header: &[String], rows: &[Vec<String>]) -> String {
    let all: Vec<&[String]> = std::iter::once(header)
        .chain(rows.iter().map(Vec::as_slice))
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|c| all.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in all {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, v)| {
                let pad = " ".repeat(widths[c] - v.chars().count());
                if c == 2 {
                    format!("{v}{pad}")
                } else {
                    format!("{pad}{v}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
}
