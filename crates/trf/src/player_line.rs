//! Record 001: one player and his rounds (spec 05 §3).

use arbiter_model::date::{BirthDate, parse_written_date};
use arbiter_model::{Entrant, Player, Points, Ratings, RoundEntry, Sex, Title, Tpn};

use crate::document::UnfinishedGame;
use crate::error::{TrfError, TrfWarning};
use crate::limits::MAX_ROUNDS;
use crate::round_block::{self, Block};
use crate::text::{Line, points_field};
use crate::writable::{FEDERATION_WIDTH, NAME_WIDTH, fit};

/// Reads a 001 line; what it reads leniently goes to `warnings`. The game
/// of the round in progress, if the line has one, comes apart.
pub(crate) fn parse(
    line: &Line,
    warnings: &mut Vec<TrfWarning>,
) -> Result<(Entrant, Option<UnfinishedGame>), TrfError> {
    let n = line.number;
    let tpn = parse_tpn(line)?;
    let sex = match line.at(10) {
        ' ' => None,
        'm' | 'M' => Some(Sex::Male),
        'w' | 'W' | 'f' | 'F' => Some(Sex::Female),
        c => {
            return Err(TrfError::new(
                n,
                10,
                "sex",
                format!("unknown sex '{c}' (expected m, w or blank)"),
            ));
        }
    };
    let title_text = line.field(11, 13);
    let title = if title_text.is_empty() {
        None
    } else {
        Some(
            title_text
                .parse::<Title>()
                .map_err(|e| TrfError::new(n, 11, "title", e.to_string()))?,
        )
    };
    let name = line.field(15, 47).to_string();
    let fide = parse_number::<u16>(line, 49, 52, "rating", "a rating (0-9999)")?.filter(|&r| r > 0);
    let federation = Some(line.field(54, 56).to_string()).filter(|f| !f.is_empty());
    let fide_id = parse_number::<u64>(line, 58, 68, "FIDE id", "a FIDE id (digits only)")?;
    let birth_date = parse_birth_date(line, warnings);
    let points_text = line.field(81, 84);
    let reported_points = if points_text.is_empty() {
        None
    } else {
        match points_text.parse::<Points>() {
            Ok(p) if p >= Points::ZERO => Some(p),
            _ => {
                return Err(TrfError::new(
                    n,
                    81,
                    "points",
                    format!("'{points_text}' is not a score (expected e.g. 2.5)"),
                ));
            }
        }
    };
    let reported_rank = parse_number::<u32>(line, 86, 89, "rank", "a rank (a whole number)")?;
    let (rounds, unfinished) = parse_rounds(line, warnings)?;
    let unfinished = unfinished.map(|g| UnfinishedGame { player: tpn, ..g });
    let entrant = Entrant {
        player: Player {
            tpn,
            name,
            sex,
            title,
            ratings: Ratings {
                fide,
                ..Ratings::default()
            },
            federation,
            fide_id,
            birth_date,
            ..Player::default()
        },
        rounds,
        reported_points,
        reported_rank,
    };
    Ok((entrant, unfinished))
}

/// Columns 70-79: `YYYY/MM/DD`, or only the year (`YYYY`, `YYYY/00/00`,
/// `YYYY.  .` as programs write an unknown day), blank or `.  .` for none;
/// other writers' full dates as [`parse_written_date`] reads them. An
/// unreadable birth date is a warning and none (it decides no result).
fn parse_birth_date(line: &Line, warnings: &mut Vec<TrfWarning>) -> Option<BirthDate> {
    let text = line.field(70, 79);
    let unknown_day = |c: char| c == '/' || c == '.' || c == '0' || c == ' ';
    let year = text
        .get(..4)
        .filter(|y| y.bytes().all(|b| b.is_ascii_digit()) && text[4..].chars().all(unknown_day));
    if text.chars().all(|c| c == '.' || c == ' ') {
        return None;
    }
    if let Some(year) = year {
        return year.parse().ok().map(BirthDate::Year);
    }
    match text.parse::<BirthDate>() {
        Ok(born) => Some(born),
        Err(e) => {
            let read = parse_written_date(text).ok();
            let message = match read {
                Some(date) => format!("'{text}' read as {date}"),
                None => format!("{e}; the birth date is left empty"),
            };
            warnings.push(TrfWarning::new(line.number, 70, "birth date", message));
            read.map(BirthDate::Day)
        }
    }
}

/// Columns 5-8: the starting rank, 1-9999.
pub(crate) fn parse_tpn(line: &Line) -> Result<Tpn, TrfError> {
    let text = line.field(5, 8);
    match text.parse::<Tpn>() {
        Ok(t) if t > 0 && text.bytes().all(|b| b.is_ascii_digit()) => Ok(t),
        _ if text.is_empty() => Err(TrfError::new(
            line.number,
            5,
            "starting rank",
            "the starting rank is missing",
        )),
        _ => Err(TrfError::new(
            line.number,
            5,
            "starting rank",
            format!("'{text}' is not a starting rank (1-9999)"),
        )),
    }
}

/// An optional unsigned number in columns `first..=last`.
fn parse_number<T: std::str::FromStr>(
    line: &Line,
    first: usize,
    last: usize,
    field: &str,
    what: &str,
) -> Result<Option<T>, TrfError> {
    let text = line.field(first, last);
    if text.is_empty() {
        return Ok(None);
    }
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TrfError::new(
            line.number,
            first,
            field,
            format!("'{text}' is not {what}"),
        ));
    }
    text.parse::<T>()
        .map(Some)
        .map_err(|_| TrfError::new(line.number, first, field, format!("'{text}' is not {what}")))
}

/// The round blocks: a blank block before a later entry is an absence;
/// trailing blank blocks are not recorded (spec 05 §3.1, §6.5). A block
/// with an opponent and a colour but no result is a game of the round in
/// progress: the player's last block, returned apart.
fn parse_rounds(
    line: &Line,
    warnings: &mut Vec<TrfWarning>,
) -> Result<(Vec<RoundEntry>, Option<UnfinishedGame>), TrfError> {
    round_block::nothing_after_the_last_round(line, "rounds")?;
    let mut rounds = Vec::new();
    let mut unfinished: Option<UnfinishedGame> = None;
    let mut gaps = 0;
    let mut round = 1;
    while round <= MAX_ROUNDS as usize && round_block::block_start(round) <= line.len() {
        let block = round_block::decode(line, round, warnings)?;
        if let (Some(g), false) = (unfinished, matches!(block, Block::Blank)) {
            return Err(TrfError::new(
                line.number,
                round_block::block_start(round),
                &format!("round {round}"),
                format!(
                    "an entry after round {}, whose game has no result yet (only the last round \
                     may be in progress)",
                    g.round
                ),
            ));
        }
        match block {
            Block::Blank => gaps += 1,
            Block::Entry(e) => {
                rounds.extend(std::iter::repeat_n(RoundEntry::Absent, gaps));
                gaps = 0;
                rounds.push(e);
            }
            Block::Unfinished { opponent, colour } => {
                rounds.extend(std::iter::repeat_n(RoundEntry::Absent, gaps));
                unfinished = Some(UnfinishedGame {
                    round: round as u32,
                    player: 0,
                    opponent,
                    colour,
                    line: line.number,
                });
            }
        }
        round += 1;
    }
    Ok((rounds, unfinished))
}

/// Appends the block of a game of the round in progress to a written 001
/// line: opponent and colour, no result (`docs/rules/trf.md`).
pub(crate) fn append_unfinished(line: &mut String, g: &UnfinishedGame) {
    let start = round_block::block_start(g.round as usize);
    let width = line.chars().count();
    line.extend(std::iter::repeat_n(' ', (start - 1).saturating_sub(width)));
    line.push_str(&round_block::encode_unfinished(g.opponent, g.colour));
}

/// Writes a 001 line (no line end, trailing blanks removed).
pub(crate) fn write(entrant: &Entrant) -> String {
    let p = &entrant.player;
    let sex = match p.sex {
        Some(Sex::Male) => 'm',
        Some(Sex::Female) => 'w',
        None => ' ',
    };
    let title = p.title.map(|t| t.code()).unwrap_or("");
    let rating = p.ratings.fide.map(|r| r.to_string()).unwrap_or_default();
    let fide_id = p.fide_id.map(|r| r.to_string()).unwrap_or_default();
    let points = entrant
        .reported_points
        .map(points_field)
        .unwrap_or_default();
    let rank = entrant
        .reported_rank
        .map(|r| r.to_string())
        .unwrap_or_default();
    let mut s = format!(
        "001 {:>4} {sex}{title:>3} {:<33} {rating:>4} {:<3} {fide_id:>11} {:<10} {points:>4} {rank:>4}",
        p.tpn,
        fit(&p.name, NAME_WIDTH),
        fit(p.federation.as_deref().unwrap_or(""), FEDERATION_WIDTH),
        p.birth_date.map(BirthDate::trf).unwrap_or_default(),
    );
    for entry in &entrant.rounds {
        s.push_str(&round_block::encode(entry));
    }
    s.truncate(s.trim_end().len());
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_model::{ByeKind, Colour, Outcome};

    const LINE: &str = "001   11      Test0011 Player0011               1727                             2.5    8  0000 - U     3 b 0     5 w -     8 w 1     7 b =";

    #[test]
    fn reads_and_writes_a_generator_line() {
        let e = parse(&Line::new(1, LINE), &mut Vec::new()).unwrap().0;
        assert_eq!(e.player.tpn, 11);
        assert_eq!(e.player.name, "Test0011 Player0011");
        assert_eq!(e.player.ratings.fide, Some(1727));
        assert_eq!(e.reported_points, Some(Points(25)));
        assert_eq!(e.reported_rank, Some(8));
        assert_eq!(e.rounds.len(), 5);
        assert_eq!(e.rounds[0], RoundEntry::PairingBye);
        assert_eq!(
            e.rounds[4],
            RoundEntry::Game {
                opponent: 7,
                colour: Colour::Black,
                outcome: Outcome::Draw,
                rated: true
            }
        );
        assert_eq!(write(&e), LINE);
    }

    #[test]
    fn blank_blocks_are_absences_only_before_a_later_entry() {
        let text = format!(
            "{:<80} 0.5{:5}{:10}  0000 - H{:10}",
            "001    3      x", "", "", ""
        );
        let e = parse(&Line::new(1, &text), &mut Vec::new()).unwrap().0;
        assert_eq!(
            e.rounds,
            vec![RoundEntry::Absent, RoundEntry::Bye(ByeKind::Half)]
        );
    }

    #[test]
    fn reads_identity_fields() {
        let text = "001    7 wWGM Müller, Anna                      2301 GER     4612345 1990/05/17  3.0    2";
        let e = parse(&Line::new(1, text), &mut Vec::new()).unwrap().0;
        assert_eq!(e.player.sex, Some(Sex::Female));
        assert_eq!(e.player.title, Some(Title::WGM));
        assert_eq!(e.player.name, "Müller, Anna");
        assert_eq!(e.player.federation.as_deref(), Some("GER"));
        assert_eq!(e.player.fide_id, Some(4612345));
        assert_eq!(
            e.player.birth_date.map(BirthDate::trf).as_deref(),
            Some("1990/05/17")
        );
        assert_eq!(write(&e), text);
    }

    #[test]
    fn birth_dates_may_be_a_year_and_an_impossible_day_is_a_warning() {
        let line = |born: &str| {
            format!(
                "001    7 wWGM Müller, Anna                      2301 GER     4612345 {born:<10}  3.0    2"
            )
        };
        let born = |text: &str| {
            let mut warnings = Vec::new();
            let e = parse(&Line::new(4, &line(text)), &mut warnings).unwrap().0;
            let warnings: Vec<String> = warnings.iter().map(ToString::to_string).collect();
            (e.player.birth_date, warnings)
        };
        let year = Some(BirthDate::Year(1990));
        assert_eq!(born("1990/00/00"), (year, vec![]));
        assert_eq!(born("1990.  ."), (year, vec![]));
        assert_eq!(born("1990"), (year, vec![]));
        assert_eq!(born(".  ."), (None, vec![]));
        let day = Some(BirthDate::Day(
            arbiter_model::date::Date::new(1969, 12, 6).unwrap(),
        ));
        assert_eq!(born("1969.12.06"), (day, vec![]));
        assert_eq!(
            born("06.12.1969"),
            (
                day,
                vec![
                    "4:70: warning: '06.12.1969' read as 1969-12-06 (field birth date)".to_string()
                ]
            )
        );
        let (none, warnings) = born("1990/02/30");
        assert_eq!(none, None);
        assert!(
            warnings[0].starts_with("4:70: warning: '1990/02/30' is not a date"),
            "{warnings:?}"
        );
    }
}
