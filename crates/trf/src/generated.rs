//! The random tournament generator's output file, in the layout of spec 05
//! §6.4 (bbpPairings' generator): `012 AutoTest Tournament <seed>`, `142`
//! only when generation stopped early, one `001` line per player (points and
//! rank from the results), an empty line, `092` with the system's code,
//! `162` when the scoring differs from the default; every line ends with CR.

use std::cmp::Reverse;
use std::fmt::Write as _;

use arbiter_model::{Entrant, Points, Scoring, Tournament, Tpn};

use crate::player_line;

/// Why a generated tournament cannot be written (engine exit code 4): a
/// number does not fit its TRF column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SizeError(pub String);

/// Largest pairing number, rank or rating a 4-column TRF field holds.
pub const MAX_FOUR_DIGITS: u32 = 9999;

/// Largest score the 4-column points field holds with its decimal.
const MAX_SCORE: Points = Points(999);

/// The file of a generated tournament. `stopped_early` is the planned
/// number of rounds when generation stopped before the end (written as
/// `142`).
pub fn write_generated(
    seed: &str,
    t: &Tournament,
    stopped_early: Option<u32>,
    type_code: &str,
) -> Result<String, SizeError> {
    let mut out = String::new();
    let _ = write!(out, "012 AutoTest Tournament {seed}\r");
    if let Some(planned) = stopped_early {
        let _ = write!(out, "142 {planned}\r");
    }
    for (_, line) in player_lines(t)? {
        out.push_str(&line);
        out.push('\r');
    }
    out.push('\r');
    let _ = write!(out, "092 {type_code}\r");
    if let Some(line) = scoring_line(&t.scoring) {
        out.push_str(&line);
        out.push('\r');
    }
    Ok(out)
}

/// The `001` lines of every entrant in TPN order, with the points column
/// set to the score and the rank column to the standing by score (ties
/// broken by the smaller TPN).
pub fn player_lines(t: &Tournament) -> Result<Vec<(Tpn, String)>, SizeError> {
    let rounds = t.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0) as u32;
    let mut standing: Vec<_> = t
        .entrants
        .iter()
        .map(|e| (Reverse(t.score_after(e.player.tpn, rounds)), e.player.tpn))
        .collect();
    standing.sort_unstable();
    let mut entrants: Vec<&Entrant> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.player.tpn);
    entrants
        .into_iter()
        .map(|e| {
            let score = t.score_after(e.player.tpn, rounds);
            let rank = standing
                .iter()
                .position(|&(_, tpn)| tpn == e.player.tpn)
                .map_or(0, |i| i + 1) as u32;
            player_line(e, score, rank).map(|line| (e.player.tpn, line))
        })
        .collect()
}

/// One `001` line with `score` and `rank` in the points and rank columns;
/// refuses numbers the columns cannot hold (spec 05 §6.4: scores above 99.9,
/// numbers above 9999).
pub fn player_line(e: &Entrant, score: Points, rank: u32) -> Result<String, SizeError> {
    let p = &e.player;
    if p.tpn > MAX_FOUR_DIGITS || rank > MAX_FOUR_DIGITS {
        return Err(SizeError(format!(
            "pairing number {}: a TRF holds at most {MAX_FOUR_DIGITS}",
            p.tpn
        )));
    }
    if score > MAX_SCORE || score < Points::ZERO {
        return Err(SizeError(format!(
            "player {}: score {score} does not fit the points column",
            p.tpn
        )));
    }
    if let Some(r) = p.ratings.fide.filter(|&r| u32::from(r) > MAX_FOUR_DIGITS) {
        return Err(SizeError(format!(
            "player {}: rating {r} does not fit the rating column",
            p.tpn
        )));
    }
    let mut shown = e.clone();
    shown.player.ratings.fide = p.ratings.fide.filter(|&r| r != 0);
    shown.reported_points = Some(score);
    shown.reported_rank = Some(rank);
    Ok(player_line::write(&shown))
}

/// `162` with the values that differ from the default, in the order W, D,
/// L, A (forfeit loss = zero-point bye), P; `None` for default scoring.
fn scoring_line(s: &Scoring) -> Option<String> {
    let default = Scoring::default();
    let mut pairs = Vec::new();
    if s.win != default.win {
        pairs.push(('W', s.win));
    }
    if s.draw != default.draw {
        pairs.push(('D', s.draw));
    }
    if s.loss != default.loss {
        pairs.push(('L', s.loss));
    }
    if s.zero_bye != default.zero_bye {
        pairs.push(('A', s.zero_bye));
    }
    if s.pab != s.win {
        pairs.push(('P', s.pab));
    }
    if pairs.is_empty() {
        return None;
    }
    let mut line = String::from("162");
    for (symbol, value) in pairs {
        let _ = write!(line, "  {symbol}{value:>4}  ");
    }
    Some(line.trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round_block;
    use arbiter_model::{ByeKind, Colour, Outcome, Player, Ratings, RoundEntry};

    #[test]
    fn player_line_matches_the_corpus_layout() {
        // corpus/dutch/small-102242150.trf, player 1.
        let game = |opponent, colour, outcome| RoundEntry::Game {
            opponent,
            colour,
            outcome,
            rated: true,
        };
        use Colour::{Black, White};
        let e = Entrant {
            player: Player {
                tpn: 1,
                name: "Test0001 Player0001".into(),
                ratings: Ratings {
                    fide: Some(2500),
                    ..Ratings::default()
                },
                ..Player::default()
            },
            rounds: vec![
                game(6, Black, Outcome::Draw),
                game(4, White, Outcome::Win),
                game(3, White, Outcome::Win),
                game(2, Black, Outcome::Draw),
                game(5, Black, Outcome::Win),
            ],
            ..Entrant::default()
        };
        assert_eq!(
            player_line(&e, Points(40), 1).expect("fits"),
            "001    1      Test0001 Player0001               2500                             4.0    1     6 b =     4 w 1     3 w 1     2 b =     5 b 1"
        );
    }

    #[test]
    fn bye_and_forfeit_blocks() {
        assert_eq!(round_block::encode(&RoundEntry::PairingBye), "  0000 - U");
        assert_eq!(
            round_block::encode(&RoundEntry::Bye(ByeKind::Half)),
            "  0000 - H"
        );
        let f = RoundEntry::Forfeit {
            opponent: Some(102),
            colour: Some(Colour::White),
            won: true,
        };
        assert_eq!(round_block::encode(&f), "   102 w +");
    }

    #[test]
    fn scoring_line_matches_the_corpus() {
        let s = Scoring::with_game_points(Points(30), Points(10), Points(0));
        assert_eq!(
            scoring_line(&s).expect("non-default"),
            "162  W 3.0    D 1.0"
        );
        assert_eq!(scoring_line(&Scoring::default()), None);
    }
}
