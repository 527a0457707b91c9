//! What the writer refuses and what it reports (issue 10 items 6 and 7): a
//! document is checked whole before a line is written, so a refused export
//! leaves no half-written text.
//!
//! * Control characters (CR, LF, tab, any other C0/C1 control, and the
//!   Unicode line and paragraph separators some readers split lines on) in
//!   any text that reaches the file: refused, naming the player or record
//!   and the field — a name `E, A\rXXP 1 3` would otherwise inject a record.
//! * Numbers a fixed-width field cannot hold (more than 9999 players, a
//!   rating above 9999, more than 99 rounds, ...): refused as a size limit.
//! * A name or federation longer than its 001 field is cut to fit (TRF-2026
//!   has no longer field for names, spec 05 §3): written, and reported as a
//!   [`WriteWarning`] the caller shows.

use std::fmt;

use arbiter_model::{Points, RoundEntry, Tpn};

use crate::document::TrfDocument;
use crate::error::ErrorKind;
use crate::limits::{MAX_FIDE_ID, MAX_FOUR_DIGITS, MAX_ROUNDS, MAX_TPN, fits_points_field};

/// Width of the name field of record 001 (columns 15-47).
pub(crate) const NAME_WIDTH: usize = 33;
/// Width of the federation field of record 001 (columns 54-56).
pub(crate) const FEDERATION_WIDTH: usize = 3;

/// Why a document cannot be written as TRF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WriteError {
    /// [`ErrorKind::SizeLimit`] for a number beyond a field, else
    /// [`ErrorKind::Invalid`] (a control character).
    pub kind: ErrorKind,
    /// The player at fault, when it is a 001 field.
    pub player: Option<Tpn>,
    /// The field or record (`name`, `rating`, `012 tournament name`, ...).
    pub field: String,
    pub message: String,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(p) = self.player {
            write!(f, "player {p}: ")?;
        }
        write!(f, "{} (field {})", self.message, self.field)
    }
}

impl std::error::Error for WriteError {}

/// Something the writer changed to make the document fit, for the caller
/// to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteWarning {
    /// A text longer than its 001 field, cut to `written`.
    Truncated {
        player: Tpn,
        field: &'static str,
        full: String,
        written: String,
    },
}

impl fmt::Display for WriteWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteWarning::Truncated {
                player,
                field,
                full,
                written,
            } => write!(
                f,
                "player {player}: the {field} '{full}' is longer than the TRF field ({} characters); written as '{written}'",
                written.chars().count()
            ),
        }
    }
}

/// Checks that `doc` can be written; the warnings of what will be cut.
pub(crate) fn check(doc: &TrfDocument) -> Result<Vec<WriteWarning>, WriteError> {
    let t = &doc.tournament;
    let info = &t.info;
    let headers = [
        ("012 tournament name", Some(&info.name)),
        ("022 city", info.city.as_ref()),
        ("032 federation", info.federation.as_ref()),
        ("092 type of tournament", info.kind.as_ref()),
        ("102 chief arbiter", info.chief_arbiter.as_ref()),
        ("122 time control", info.time_control.as_ref()),
        ("192 tournament type code", t.system.as_ref()),
    ];
    for (field, value) in headers {
        if let Some(v) = value {
            plain_text(None, field, v)?;
        }
    }
    for deputy in &info.deputy_arbiters {
        plain_text(None, "112 deputy arbiter", deputy)?;
    }
    for code in &t.tiebreaks {
        plain_text(None, "202 tie-breaks", code)?;
    }
    for team in &t.teams {
        plain_text(None, "team name", &team.name)?;
    }
    for other in &doc.other_records {
        plain_text(None, "kept record", &other.text)?;
    }
    if t.entrants.len() > MAX_TPN as usize {
        return Err(limit(
            None,
            "players",
            format!(
                "{} players: a TRF holds at most {MAX_TPN}",
                t.entrants.len()
            ),
        ));
    }
    if let Some(n) = t.total_rounds {
        rounds(None, "142 total rounds", n as usize)?;
    }
    rounds(None, "132 round dates", info.round_dates.len())?;
    let mut warnings = Vec::new();
    for e in &t.entrants {
        let p = &e.player;
        let who = Some(p.tpn);
        tpn(who, "starting rank", p.tpn)?;
        plain_text(who, "name", &p.name)?;
        warnings.extend(fitted(p.tpn, "name", &p.name, NAME_WIDTH));
        if let Some(fed) = &p.federation {
            plain_text(who, "federation", fed)?;
            warnings.extend(fitted(p.tpn, "federation", fed, FEDERATION_WIDTH));
        }
        if let Some(r) = p.ratings.fide.filter(|&r| u32::from(r) > MAX_FOUR_DIGITS) {
            return Err(limit(
                who,
                "rating",
                format!("rating {r} does not fit the 4-column field"),
            ));
        }
        if let Some(id) = p.fide_id.filter(|&id| id > MAX_FIDE_ID) {
            return Err(limit(
                who,
                "FIDE id",
                format!("FIDE id {id} does not fit the 11-column field"),
            ));
        }
        if let Some(points) = e.reported_points {
            score(who, "points", points)?;
        }
        if let Some(rank) = e.reported_rank.filter(|&r| r > MAX_FOUR_DIGITS) {
            return Err(limit(
                who,
                "rank",
                format!("rank {rank} does not fit the 4-column field"),
            ));
        }
        rounds(who, "rounds", e.rounds.len())?;
        for (i, entry) in e.rounds.iter().enumerate() {
            if let Some(o) = entry_opponent(entry) {
                tpn(who, &format!("round {} opponent", i + 1), o)?;
            }
        }
    }
    for bye in &doc.announced_byes {
        rounds(None, "240 round", bye.round as usize)?;
        for &p in &bye.players {
            tpn(None, "240 player", p)?;
        }
    }
    for &p in &doc.absent_next_round {
        tpn(None, "XXZ player", p)?;
    }
    for (&p, values) in &t.acceleration {
        tpn(Some(p), "acceleration", p)?;
        rounds(Some(p), "acceleration", values.len())?;
        for &v in values {
            score(Some(p), "acceleration", v)?;
        }
    }
    for g in &t.forbidden {
        for &p in &g.players {
            tpn(None, "forbidden pair", p)?;
        }
        if let Some((first, last)) = g.rounds {
            rounds(None, "260 rounds", first.max(last) as usize)?;
        }
    }
    let s = &t.scoring;
    for v in [
        s.win,
        s.draw,
        s.loss,
        s.forfeit_win,
        s.forfeit_loss,
        s.pab,
        s.full_bye,
        s.half_bye,
        s.zero_bye,
    ] {
        score(None, "162 scoring", v)?;
    }
    Ok(warnings)
}

/// The opponent an entry names, if any.
fn entry_opponent(entry: &RoundEntry) -> Option<Tpn> {
    match *entry {
        RoundEntry::Game { opponent, .. } => Some(opponent),
        RoundEntry::Forfeit { opponent, .. } => opponent,
        _ => None,
    }
}

/// Refuses control characters and line separators in `text`.
fn plain_text(player: Option<Tpn>, field: &str, text: &str) -> Result<(), WriteError> {
    let Some((at, c)) = text
        .chars()
        .enumerate()
        .find(|&(_, c)| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'))
    else {
        return Ok(());
    };
    Err(WriteError {
        kind: ErrorKind::Invalid,
        player,
        field: field.to_string(),
        message: format!(
            "the text holds a control character (U+{:04X}) at character {}, which a TRF cannot carry",
            c as u32,
            at + 1
        ),
    })
}

/// A warning when `text` is longer than `width` characters.
fn fitted(player: Tpn, field: &'static str, text: &str, width: usize) -> Option<WriteWarning> {
    (text.chars().count() > width).then(|| WriteWarning::Truncated {
        player,
        field,
        full: text.to_string(),
        written: fit(text, width),
    })
}

/// `text` cut to at most `width` characters (trailing blanks of the cut
/// removed, as the reader trims them).
pub(crate) fn fit(text: &str, width: usize) -> String {
    let cut: String = text.chars().take(width).collect();
    cut.trim_end().to_string()
}

fn limit(player: Option<Tpn>, field: &str, message: String) -> WriteError {
    WriteError {
        kind: ErrorKind::SizeLimit,
        player,
        field: field.to_string(),
        message,
    }
}

fn tpn(player: Option<Tpn>, field: &str, tpn: Tpn) -> Result<(), WriteError> {
    if (1..=MAX_TPN).contains(&tpn) {
        return Ok(());
    }
    Err(limit(
        player,
        field,
        format!("starting rank {tpn} is outside 1-{MAX_TPN}, the ranks a TRF holds"),
    ))
}

fn rounds(player: Option<Tpn>, field: &str, n: usize) -> Result<(), WriteError> {
    if n <= MAX_ROUNDS as usize {
        return Ok(());
    }
    Err(limit(
        player,
        field,
        format!("{n} rounds: a TRF holds at most {MAX_ROUNDS}"),
    ))
}

fn score(player: Option<Tpn>, field: &str, p: Points) -> Result<(), WriteError> {
    if fits_points_field(p) {
        return Ok(());
    }
    Err(limit(
        player,
        field,
        format!("{p} points do not fit the 4-column points field"),
    ))
}
