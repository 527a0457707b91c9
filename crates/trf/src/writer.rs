//! Writing a [`TrfDocument`] as canonical TRF text.
//!
//! Canonical form: headers in code order (012 ... 222), the 001 lines in
//! starting-rank order (file order with `XXC rank`), then `XXR`, `XXC`,
//! `240`, `250`/`XXA`, `260`/`XXP`, `XXZ`, `BB?`, `XXS` and the records we
//! keep verbatim; fixed columns as in spec 05 §2-§6, trailing blanks removed.
//! Information is written with the records the file used (JaVaFo `XXR`
//! stays `XXR`), and with TRF26 records when the file did not carry it.

use arbiter_model::date::{Date, trf_date, trf_round_date};
use arbiter_model::{Colour, Points, Team, Tournament, Tpn};

use crate::document::{OtherRecord, TrfDocument, UnfinishedGame};
use crate::player_line;
use crate::scoring::{self, ResolvedScoring, ScoringStyle};
use crate::teams;
use crate::text::{Line, points_field};
use crate::writable::{self, WriteError, WriteWarning};

/// The line terminator to write.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LineEnding {
    /// CR, as TRF26 prescribes and bbpPairings writes.
    #[default]
    Cr,
    /// LF.
    Lf,
    /// CR LF.
    CrLf,
}

impl LineEnding {
    fn as_str(self) -> &'static str {
        match self {
            LineEnding::Cr => "\r",
            LineEnding::Lf => "\n",
            LineEnding::CrLf => "\r\n",
        }
    }
}

/// A document written as TRF, and what had to be cut to fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub text: String,
    /// Texts cut to their field (names longer than 33 characters, ...),
    /// for the caller to show.
    pub warnings: Vec<WriteWarning>,
}

/// The canonical TRF text of `doc`, lines ended with CR (TRF26).
///
/// Refuses, before writing anything, a document a TRF cannot carry: a
/// control character in any text ([`ErrorKind::Invalid`](crate::ErrorKind)),
/// a number beyond its field or more than 9999 players
/// ([`ErrorKind::SizeLimit`](crate::ErrorKind)); see [`crate::writable`].
pub fn write(doc: &TrfDocument) -> Result<Written, WriteError> {
    write_with(doc, LineEnding::Cr)
}

/// The canonical TRF text of `doc` with the given line ends.
pub fn write_with(doc: &TrfDocument, ending: LineEnding) -> Result<Written, WriteError> {
    let warnings = writable::check(doc)?;
    let mut text = String::new();
    for line in lines(doc) {
        text.push_str(&line);
        text.push_str(ending.as_str());
    }
    Ok(Written { text, warnings })
}

/// Every line of the canonical form, without line ends.
fn lines(doc: &TrfDocument) -> Vec<String> {
    let t = &doc.tournament;
    let info = &t.info;
    let r = &doc.records;
    let mut out = vec![header("012", &info.name)];
    let optional = [
        ("022", info.city.clone()),
        ("032", info.federation.clone()),
        ("042", info.start_date.map(trf_date)),
        ("052", info.end_date.map(trf_date)),
    ];
    for (code, value) in optional {
        if let Some(v) = value {
            out.push(header(code, &v));
        }
    }
    if r.counts {
        out.extend(counts(t));
    }
    for (code, value) in [("092", &info.kind), ("102", &info.chief_arbiter)] {
        if let Some(v) = value {
            out.push(header(code, v));
        }
    }
    for deputy in &info.deputy_arbiters {
        out.push(header("112", deputy));
    }
    if let Some(v) = &info.time_control {
        out.push(header("122", v));
    }
    if info.round_dates.iter().any(Option::is_some) {
        out.push(round_dates(&info.round_dates));
    }
    if let Some(n) = t.total_rounds
        && (r.r142 || !r.xxr)
    {
        out.push(header("142", &n.to_string()));
    }
    if let Some(c) = t.initial_colour
        && (r.r152 || !r.xxc_colour)
    {
        out.push(header("152", if c == Colour::White { "W" } else { "B" }));
    }
    let scoring_lines = scoring::write(
        &ResolvedScoring {
            scoring: t.scoring,
            unknown: doc.unknown_result_points,
        },
        ScoringStyle {
            trf26: r.r162,
            zero_symbol: r.r162_zero_symbol,
            bbp: r.bb,
            javafo: r.xxs,
        },
    );
    let (r162, extension_scoring): (Vec<String>, Vec<String>) = scoring_lines
        .into_iter()
        .partition(|l| l.starts_with("162"));
    out.extend(r162);
    if let Some(system) = &t.system
        && (r.r192 || info.kind.as_deref() != Some(system.as_str()))
    {
        out.push(format!("192 {system}"));
    }
    if !t.tiebreaks.is_empty() {
        let code = if r.r212 { "212" } else { "202" };
        out.push(format!("{code} {}", t.tiebreaks.join(",")));
    }
    if let Some(section) = &t.team_section {
        out.extend(teams::write_headers(section));
    }
    let teams_changed = teams_as_read(doc) != t.teams;
    let kept: Vec<&OtherRecord> = doc
        .other_records
        .iter()
        .filter(|o| !(teams_changed && is_team_record(o)))
        .collect();
    out.extend(
        kept.iter()
            .filter(|o| o.before_players)
            .map(|o| o.text.clone()),
    );
    // Each open game goes back on its own line: the first line of its
    // player whose rounds end just before it.
    let mut open: Vec<_> = doc.unfinished.iter().collect();
    for e in entrants_in_order(doc) {
        let mut line = player_line::write(e);
        let own = |g: &&UnfinishedGame| {
            g.player == e.player.tpn && g.round as usize == e.rounds.len() + 1
        };
        if let Some(i) = open.iter().position(own) {
            player_line::append_unfinished(&mut line, open.remove(i));
        }
        out.push(line);
    }
    if let Some(n) = t.total_rounds
        && r.xxr
    {
        out.push(format!("XXR {n}"));
    }
    let mut xxc = Vec::new();
    if doc.rank_by_file_order {
        xxc.push("rank");
    }
    if let Some(c) = t.initial_colour
        && r.xxc_colour
    {
        xxc.push(if c == Colour::White {
            "white1"
        } else {
            "black1"
        });
    }
    if !xxc.is_empty() {
        out.push(format!("XXC {}", xxc.join(" ")));
    }
    for bye in &doc.announced_byes {
        let kind = match bye.kind {
            arbiter_model::ByeKind::Full => 'F',
            arbiter_model::ByeKind::Half => 'H',
            arbiter_model::ByeKind::Zero => 'Z',
        };
        let mut line = format!("240 {kind} {:03}", bye.round);
        for p in &bye.players {
            line.push_str(&format!(" {p:>4}"));
        }
        out.push(line);
    }
    out.extend(acceleration_lines(doc));
    for g in &t.forbidden {
        let ids: String = g.players.iter().map(|p| format!(" {p:>4}")).collect();
        match g.rounds {
            Some((first, last)) => out.push(format!("260 {first:03} {last:03}{ids}")),
            None => out.push(format!("XXP{ids}")),
        }
    }
    if !doc.absent_next_round.is_empty() {
        let ids: Vec<String> = doc.absent_next_round.iter().map(Tpn::to_string).collect();
        out.push(format!("XXZ {}", ids.join(" ")));
    }
    out.extend(extension_scoring);
    out.extend(
        kept.iter()
            .filter(|o| !o.before_players)
            .map(|o| o.text.clone()),
    );
    out.extend(teams::write_national_ratings(doc));
    // Numbered teams are written as 310 from the model; 013 records stay
    // as they were unless the teams changed.
    let numbered: Vec<Team> = t
        .teams
        .iter()
        .filter(|x| x.number.is_some())
        .cloned()
        .collect();
    if teams_changed || !numbered.is_empty() {
        let written = if teams_changed { &t.teams } else { &numbered };
        out.extend(teams::write_teams(written));
    }
    if let Some(section) = &t.team_section {
        out.extend(teams::write_records(t, section));
    }
    out
}

fn is_team_record(o: &OtherRecord) -> bool {
    o.text.starts_with("013")
}

/// The teams the file's 013 records define, when the file has no 310 (310
/// teams come from the model). When the tournament's teams differ, the
/// writer leaves the 013 records out and writes the teams from the model.
fn teams_as_read(doc: &TrfDocument) -> Vec<Team> {
    if !doc.team_lines.is_empty() {
        return doc.tournament.teams.clone();
    }
    doc.other_records
        .iter()
        .enumerate()
        .filter(|(_, o)| o.text.starts_with("013"))
        .filter_map(|(i, o)| teams::read_013(&Line::new(i + 1, &o.text)).ok())
        .collect()
}

/// A header record: the code, a blank, the value from column 5.
fn header(code: &str, value: &str) -> String {
    format!("{code} {value}").trim_end().to_string()
}

/// `132`: round r's date `YY/MM/DD` at columns 92+10(r-1) ..= 99+10(r-1),
/// aligned with the round blocks of the 001 lines.
fn round_dates(dates: &[Option<Date>]) -> String {
    let mut line = String::from("132");
    for (i, date) in dates.iter().enumerate() {
        if let Some(date) = date {
            let column = 91 + 10 * i;
            let width = line.chars().count();
            line.extend(std::iter::repeat_n(' ', column.saturating_sub(width)));
            line.push_str(&trf_round_date(*date));
        }
    }
    line.trim_end().to_string()
}

/// `062` players, `072` rated players (a FIDE rating), `082` teams (only
/// for an event with teams), counted from the data (spec 05 §2).
fn counts(t: &Tournament) -> Vec<String> {
    let rated = t
        .entrants
        .iter()
        .filter(|e| e.player.ratings.fide.is_some_and(|r| r > 0))
        .count();
    let mut out = vec![format!("062 {}", t.entrants.len()), format!("072 {rated}")];
    if !t.teams.is_empty() {
        out.push(format!("082 {}", t.teams.len()));
    }
    out
}

/// Entrants in starting-rank order, or in file order under `XXC rank`.
fn entrants_in_order(doc: &TrfDocument) -> Vec<&arbiter_model::Entrant> {
    let mut v: Vec<_> = doc.tournament.entrants.iter().collect();
    if doc.rank_by_file_order {
        let mut position = std::collections::HashMap::new();
        for (i, &tpn) in doc.file_order.iter().enumerate() {
            position.entry(tpn).or_insert(i);
        }
        v.sort_by_key(|e| {
            (
                position.get(&e.player.tpn).copied().unwrap_or(usize::MAX),
                e.player.tpn,
            )
        });
    }
    v
}

/// Equal virtual points over consecutive rounds: (value, first, last).
type Run = (Points, usize, usize);

/// `XXA` lines (one per player, every value) when the file used them,
/// otherwise `250` lines: runs of equal non-zero values over consecutive
/// rounds, one line per run and range of consecutive starting ranks.
fn acceleration_lines(doc: &TrfDocument) -> Vec<String> {
    let acc = &doc.tournament.acceleration;
    if doc.records.xxa {
        return acc
            .iter()
            .map(|(tpn, values)| {
                let v: String = values
                    .iter()
                    .map(|&p| format!(" {:>4}", points_field(p)))
                    .collect();
                format!("XXA {tpn:>4}{v}")
            })
            .collect();
    }
    let runs = |values: &[Points]| {
        let mut out: Vec<Run> = Vec::new();
        for (i, &v) in values.iter().enumerate() {
            let round = i + 1;
            match out.last_mut() {
                Some((value, _, last)) if *value == v && *last + 1 == round => *last = round,
                _ if v == Points::ZERO => {}
                _ => out.push((v, round, round)),
            }
        }
        out
    };
    // Every (run, player), grouped by run, then contiguous players merged.
    let mut all: Vec<(usize, usize, Points, Tpn)> = acc
        .iter()
        .flat_map(|(&tpn, values)| {
            runs(values)
                .into_iter()
                .map(move |(v, r1, r2)| (r1, r2, v, tpn))
        })
        .collect();
    all.sort();
    let mut ranges: Vec<(Run, Tpn, Tpn)> = Vec::new();
    for (r1, r2, v, tpn) in all {
        match ranges.last_mut() {
            Some((run, _, last)) if *run == (v, r1, r2) && *last + 1 == tpn => *last = tpn,
            _ => ranges.push(((v, r1, r2), tpn, tpn)),
        }
    }
    ranges
        .into_iter()
        .map(|((value, r1, r2), first, last)| {
            format!(
                "250      {:>4} {r1:03} {r2:03} {first:>4} {last:>4}",
                points_field(value)
            )
        })
        .collect()
}
