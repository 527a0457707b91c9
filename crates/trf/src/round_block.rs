//! The 10-column round block of record 001 (spec 05 §3, §3.1).
//!
//! Round r occupies columns 90+10(r-1) ..= 99+10(r-1): two blanks, the
//! opponent's starting rank (4 columns), a blank, the colour, a blank, the
//! result.

use arbiter_model::{ByeKind, Colour, Outcome, RoundEntry, Tpn};

use crate::error::{TrfError, TrfWarning};
use crate::limits::MAX_ROUNDS;
use crate::text::Line;

/// Width of one round block.
pub(crate) const BLOCK_WIDTH: usize = 10;

/// 1-based column where the block of round `round` starts (its first blank).
pub fn block_start(round: usize) -> usize {
    90 + BLOCK_WIDTH * (round - 1)
}

/// 1-based column of the opponent field of round `round`.
pub(crate) fn opponent_column(round: usize) -> usize {
    block_start(round) + 2
}

/// 1-based column of the colour of round `round`.
pub(crate) fn colour_column(round: usize) -> usize {
    block_start(round) + 7
}

/// 1-based column of the result of round `round`.
pub(crate) fn result_column(round: usize) -> usize {
    block_start(round) + 9
}

/// Refuses a line that holds anything after the block of the last round a
/// file may have ([`MAX_ROUNDS`]): a size-limit error at the first such
/// character, before any of it is read.
pub(crate) fn nothing_after_the_last_round(line: &Line, field: &str) -> Result<(), TrfError> {
    let beyond = block_start(MAX_ROUNDS as usize + 1);
    match line.first_non_blank(beyond) {
        None => Ok(()),
        Some(col) => Err(TrfError::limit(
            line.number,
            col,
            field,
            format!("text after round {MAX_ROUNDS}: a TRF holds at most {MAX_ROUNDS} rounds"),
        )),
    }
}

/// What one block holds.
pub(crate) enum Block {
    /// Ten blanks (or the line ends before the block).
    Blank,
    Entry(RoundEntry),
    /// An opponent and a colour, no result yet: a game of the round in
    /// progress (`docs/rules/trf.md` "A round in progress").
    Unfinished {
        opponent: Tpn,
        colour: Colour,
    },
}

/// Reads the block of round `round` of a 001 line. The caller makes sure the
/// block starts within the line.
pub(crate) fn decode(
    line: &Line,
    round: usize,
    warnings: &mut Vec<TrfWarning>,
) -> Result<Block, TrfError> {
    let start = block_start(round);
    let res_col = result_column(round);
    if line.is_blank(start, res_col) {
        return Ok(Block::Blank);
    }
    let n = line.number;
    // A line that ends inside the block was right-trimmed by its writer:
    // the missing columns are blanks (`docs/rules/trf.md`).
    for col in [start, start + 1, start + 6, start + 8] {
        let c = line.at(col);
        if c != ' ' {
            return Err(TrfError::new(
                n,
                col,
                &format!("round {round}"),
                format!(
                    "unexpected '{c}' between the fields of round {round} (the block is misaligned?)"
                ),
            ));
        }
    }
    let opp_col = opponent_column(round);
    let opponent = decode_opponent(line, round, opp_col)?;
    let colour_col = colour_column(round);
    let colour = match line.at(colour_col) {
        'w' | 'W' => Some(Colour::White),
        'b' | 'B' => Some(Colour::Black),
        '-' | ' ' => None,
        c => {
            return Err(TrfError::new(
                n,
                colour_col,
                &format!("round {round} colour"),
                format!("unknown colour '{c}' (expected w, b, - or blank)"),
            ));
        }
    };
    let result = line.at(res_col);
    let err =
        |message: String| TrfError::new(n, res_col, &format!("round {round} result"), message);
    if colour.is_some() && opponent.is_none() {
        return Err(TrfError::new(
            n,
            colour_col,
            &format!("round {round} colour"),
            "a colour is given but no opponent (write - for an entry without opponent)",
        ));
    }
    let game = |outcome: Outcome, rated: bool| -> Result<RoundEntry, TrfError> {
        match (opponent, colour) {
            (Some(opponent), Some(colour)) => Ok(RoundEntry::Game {
                opponent,
                colour,
                outcome,
                rated,
            }),
            (Some(_), None) => Err(TrfError::new(
                n,
                colour_col,
                &format!("round {round} colour"),
                format!("result '{result}' is a played game and needs the colour w or b"),
            )),
            (None, _) => Err(TrfError::new(
                n,
                opp_col,
                &format!("round {round} opponent"),
                format!("result '{result}' is a played game and needs an opponent"),
            )),
        }
    };
    let without_opponent = |entry: RoundEntry| -> Result<RoundEntry, TrfError> {
        match opponent {
            None => Ok(entry),
            Some(o) => Err(TrfError::new(
                n,
                opp_col,
                &format!("round {round} opponent"),
                format!(
                    "result '{result}' is a bye and cannot have an opponent (found {o}; write 0000)"
                ),
            )),
        }
    };
    let entry = match result.to_ascii_uppercase() {
        '1' => game(Outcome::Win, true)?,
        // The old notation of an unplayed round without points.
        '0' if opponent.is_none() => {
            warnings.push(TrfWarning::new(
                n,
                res_col,
                &format!("round {round} result"),
                "the old '0000 - 0' read as '0000 - Z' (not played, no points)",
            ));
            RoundEntry::Bye(ByeKind::Zero)
        }
        '0' => game(Outcome::Loss, true)?,
        // Legacy half-point bye notation `0000 - =` (spec 05 §3.1).
        '=' if opponent.is_none() => RoundEntry::Bye(ByeKind::Half),
        '=' => game(Outcome::Draw, true)?,
        'W' => game(Outcome::Win, false)?,
        'D' => game(Outcome::Draw, false)?,
        'L' => game(Outcome::Loss, false)?,
        '+' => RoundEntry::Forfeit {
            opponent,
            colour,
            won: true,
        },
        '-' => RoundEntry::Forfeit {
            opponent,
            colour,
            won: false,
        },
        'U' => without_opponent(RoundEntry::PairingBye)?,
        'H' => without_opponent(RoundEntry::Bye(ByeKind::Half))?,
        'F' => without_opponent(RoundEntry::Bye(ByeKind::Full))?,
        'Z' => without_opponent(RoundEntry::Bye(ByeKind::Zero))?,
        ' ' if opponent.is_none() => RoundEntry::Bye(ByeKind::Zero),
        ' ' => match (opponent, colour) {
            (Some(opponent), Some(colour)) => {
                return Ok(Block::Unfinished { opponent, colour });
            }
            _ => return Err(err(format!("the result of round {round} is missing"))),
        },
        c => {
            return Err(err(format!(
                "unknown result code '{c}' (expected 1 = 0 W D L + - U H F Z or blank)"
            )));
        }
    };
    Ok(Block::Entry(entry))
}

/// Columns 92-95 of the block: `0000`/blank = no opponent, else a starting rank.
fn decode_opponent(line: &Line, round: usize, col: usize) -> Result<Option<Tpn>, TrfError> {
    let text = line.field(col, col + 3);
    if text.is_empty() || text == "0000" {
        return Ok(None);
    }
    match text.parse::<Tpn>() {
        Ok(id) if id > 0 && text.bytes().all(|b| b.is_ascii_digit()) => Ok(Some(id)),
        _ => Err(TrfError::new(
            line.number,
            col,
            &format!("round {round} opponent"),
            format!("'{text}' is not a starting rank (1-9999, or 0000 for none)"),
        )),
    }
}

/// The 10-character block of one entry (`  12 w 1`, `0000 - U`, blanks for
/// an absence).
pub fn encode(entry: &RoundEntry) -> String {
    let (opponent, colour, result) = match *entry {
        RoundEntry::Game {
            opponent,
            colour,
            outcome,
            rated,
        } => {
            let r = match (outcome, rated) {
                (Outcome::Win, true) => '1',
                (Outcome::Draw, true) => '=',
                (Outcome::Loss, true) => '0',
                (Outcome::Win, false) => 'W',
                (Outcome::Draw, false) => 'D',
                (Outcome::Loss, false) => 'L',
            };
            (Some(opponent), Some(colour), r)
        }
        RoundEntry::Forfeit {
            opponent,
            colour,
            won,
        } => (opponent, colour, if won { '+' } else { '-' }),
        RoundEntry::PairingBye => (None, None, 'U'),
        RoundEntry::Bye(ByeKind::Full) => (None, None, 'F'),
        RoundEntry::Bye(ByeKind::Half) => (None, None, 'H'),
        RoundEntry::Bye(ByeKind::Zero) => (None, None, 'Z'),
        RoundEntry::Absent => return " ".repeat(BLOCK_WIDTH),
    };
    let opponent = match opponent {
        Some(o) => format!("{o:>4}"),
        None => "0000".to_string(),
    };
    format!("  {opponent} {} {result}", colour_code(colour))
}

/// The block of a game of the round in progress: opponent and colour, no
/// result (`docs/rules/trf.md` "A round in progress").
pub(crate) fn encode_unfinished(opponent: Tpn, colour: Colour) -> String {
    format!("  {opponent:>4} {}", colour_code(Some(colour)))
}

/// The colour column: `w`, `b`, or `-` for none.
fn colour_code(colour: Option<Colour>) -> char {
    match colour {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(block: &str) -> Result<RoundEntry, TrfError> {
        let text = format!("{:89}{block}", "001    1");
        let line = Line::new(1, &text);
        match decode(&line, 1, &mut Vec::new())? {
            Block::Entry(e) => Ok(e),
            Block::Blank => panic!("blank"),
            Block::Unfinished { .. } => panic!("unfinished"),
        }
    }

    #[test]
    fn decodes_every_code() {
        assert_eq!(
            entry("    12 w 1").unwrap(),
            RoundEntry::Game {
                opponent: 12,
                colour: Colour::White,
                outcome: Outcome::Win,
                rated: true
            }
        );
        assert_eq!(
            entry("    12 B D").unwrap(),
            RoundEntry::Game {
                opponent: 12,
                colour: Colour::Black,
                outcome: Outcome::Draw,
                rated: false
            }
        );
        assert_eq!(
            entry("    12 b -").unwrap(),
            RoundEntry::Forfeit {
                opponent: Some(12),
                colour: Some(Colour::Black),
                won: false
            }
        );
        assert_eq!(
            entry("    12 - +").unwrap(),
            RoundEntry::Forfeit {
                opponent: Some(12),
                colour: None,
                won: true
            }
        );
        assert_eq!(
            entry("  0000 - +").unwrap(),
            RoundEntry::Forfeit {
                opponent: None,
                colour: None,
                won: true
            }
        );
        assert_eq!(entry("  0000 - U").unwrap(), RoundEntry::PairingBye);
        assert_eq!(entry("  0000 - h").unwrap(), RoundEntry::Bye(ByeKind::Half));
        assert_eq!(entry("         F").unwrap(), RoundEntry::Bye(ByeKind::Full));
        assert_eq!(entry("  0000 - Z").unwrap(), RoundEntry::Bye(ByeKind::Zero));
        assert_eq!(entry("  0000 - =").unwrap(), RoundEntry::Bye(ByeKind::Half));
        assert_eq!(entry("  0000 -  ").unwrap(), RoundEntry::Bye(ByeKind::Zero));
        assert_eq!(entry("       -  ").unwrap(), RoundEntry::Bye(ByeKind::Zero));
    }

    #[test]
    fn rejects_inconsistent_blocks() {
        let msg = |b| entry(b).unwrap_err().to_string();
        assert_eq!(
            msg("    12 w X"),
            "1:99: unknown result code 'X' (expected 1 = 0 W D L + - U H F Z or blank) (field round 1 result)"
        );
        assert_eq!(
            msg("    12 - 1"),
            "1:97: result '1' is a played game and needs the colour w or b (field round 1 colour)"
        );
        assert_eq!(
            msg("  0000 w +"),
            "1:97: a colour is given but no opponent (write - for an entry without opponent) (field round 1 colour)"
        );
        assert_eq!(
            msg("    12 - U"),
            "1:92: result 'U' is a bye and cannot have an opponent (found 12; write 0000) (field round 1 opponent)"
        );
        assert_eq!(
            msg("     0 w 1"),
            "1:92: '0' is not a starting rank (1-9999, or 0000 for none) (field round 1 opponent)"
        );
    }

    #[test]
    fn encodes_the_canonical_form() {
        assert_eq!(encode(&RoundEntry::PairingBye), "  0000 - U");
        assert_eq!(
            encode(&RoundEntry::Forfeit {
                opponent: Some(102),
                colour: Some(Colour::White),
                won: true
            }),
            "   102 w +"
        );
        assert_eq!(encode(&RoundEntry::Absent), "          ");
    }
}
