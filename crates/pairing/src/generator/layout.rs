//! The generator's output file, in the layout of spec 05 §6.4: `012`, `142`
//! only when generation stopped early, one `001` line per player, an empty
//! line, `092` with the system's code, `162` when the scoring differs from
//! the default; every line ends with CR.

use std::cmp::Reverse;
use std::fmt::Write as _;

use arbiter_model::{
    ByeKind, Colour, Entrant, Outcome, Points, RoundEntry, Scoring, Tournament, Tpn,
};

use super::Generated;
use super::config::MAX_FOUR_DIGITS;

/// Why a generated tournament cannot be written (engine exit code 4).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct WriteError(pub String);

/// Largest score the 4-column points field holds.
const MAX_SCORE: Points = Points(999);

/// The file of a generated tournament: `012 AutoTest Tournament <seed>`,
/// `142` when fewer rounds than planned were generated, the players, an
/// empty line, `092 <type_code>` and `162` when needed.
pub fn write_generated(
    seed: &str,
    generated: &Generated,
    type_code: &str,
) -> Result<String, WriteError> {
    let t = &generated.tournament;
    let mut out = String::new();
    let _ = write!(out, "012 AutoTest Tournament {seed}\r");
    if generated.failure.is_some() {
        let _ = write!(out, "142 {}\r", generated.planned_rounds);
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
pub fn player_lines(t: &Tournament) -> Result<Vec<(Tpn, String)>, WriteError> {
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

/// One `001` line: TPN at 5-8, name at 15-47, rating at 49-52, points at
/// 81-84, rank at 86-89, then a 10-column block per round; no trailing
/// blanks (spec 05 §3, §6.4).
pub fn player_line(e: &Entrant, score: Points, rank: u32) -> Result<String, WriteError> {
    let p = &e.player;
    if p.tpn > MAX_FOUR_DIGITS || rank > MAX_FOUR_DIGITS {
        return Err(WriteError(format!(
            "pairing number {}: a TRF holds at most {MAX_FOUR_DIGITS}",
            p.tpn
        )));
    }
    if score > MAX_SCORE || score < Points::ZERO {
        return Err(WriteError(format!(
            "player {}: score {score} does not fit the points column",
            p.tpn
        )));
    }
    let rating = match p.rating() {
        0 => String::new(),
        r if u32::from(r) > MAX_FOUR_DIGITS => {
            return Err(WriteError(format!(
                "player {}: rating {r} does not fit the rating column",
                p.tpn
            )));
        }
        r => r.to_string(),
    };
    let name: String = p.name.chars().take(33).collect();
    let mut line = format!(
        "001 {:>4}      {:<33} {:>4}{:28}{:>4} {:>4}",
        p.tpn, name, rating, "", score, rank
    );
    for entry in &e.rounds {
        line.push_str(&round_block(entry));
    }
    Ok(line.trim_end().to_string())
}

/// A 10-column round block: two blanks, opponent (4), colour, result.
fn round_block(entry: &RoundEntry) -> String {
    let colour = |c: Option<Colour>| match c {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    let (opponent, colour, result) = match *entry {
        RoundEntry::Game {
            opponent,
            colour: c,
            outcome,
            rated,
        } => {
            let code = match (outcome, rated) {
                (Outcome::Win, true) => '1',
                (Outcome::Draw, true) => '=',
                (Outcome::Loss, true) => '0',
                (Outcome::Win, false) => 'W',
                (Outcome::Draw, false) => 'D',
                (Outcome::Loss, false) => 'L',
            };
            (Some(opponent), colour(Some(c)), code)
        }
        RoundEntry::Forfeit {
            opponent,
            colour: c,
            won,
        } => (opponent, colour(c), if won { '+' } else { '-' }),
        RoundEntry::PairingBye => (None, '-', 'U'),
        RoundEntry::Bye(ByeKind::Full) => (None, '-', 'F'),
        RoundEntry::Bye(ByeKind::Half) => (None, '-', 'H'),
        RoundEntry::Bye(ByeKind::Zero) | RoundEntry::Absent => (None, '-', 'Z'),
    };
    let opponent = opponent.map_or_else(|| "0000".to_string(), |o| format!("{o:>4}"));
    format!("  {opponent} {colour} {result}")
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
    use arbiter_model::{Player, Ratings};

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
            player_line(&e, Points(40), 1).unwrap(),
            "001    1      Test0001 Player0001               2500                             4.0    1     6 b =     4 w 1     3 w 1     2 b =     5 b 1"
        );
    }

    #[test]
    fn bye_and_forfeit_blocks() {
        assert_eq!(round_block(&RoundEntry::PairingBye), "  0000 - U");
        assert_eq!(round_block(&RoundEntry::Bye(ByeKind::Half)), "  0000 - H");
        let f = RoundEntry::Forfeit {
            opponent: Some(102),
            colour: Some(Colour::White),
            won: true,
        };
        assert_eq!(round_block(&f), "   102 w +");
    }

    #[test]
    fn scoring_line_matches_the_corpus() {
        let s = Scoring::with_game_points(Points(30), Points(10), Points(0));
        assert_eq!(scoring_line(&s).unwrap(), "162  W 3.0    D 1.0");
        assert_eq!(scoring_line(&Scoring::default()), None);
    }
}
