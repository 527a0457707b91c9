//! Helpers shared by the standings tests: tournaments written as compact
//! crosstables, and comparison to a printed precision.

#![allow(dead_code)]

use arbiter_model::{ByeKind, Colour, Entrant, Outcome, Player, Ratings, RoundEntry, Tournament};
use arbiter_standings::{Standings, Value};

/// Builds a tournament from one line per player (TPN = line number):
/// `+W9` won with White against 9, `=B13` drew with Black, `-W2` lost,
/// `+F9`/`-F9` forfeit won/lost against 9, `+BYE` PAB, `=BYE` half-point bye,
/// `--` zero-point bye.
pub fn crosstable(lines: &[&str]) -> Tournament {
    let entrants = lines
        .iter()
        .enumerate()
        .map(|(i, line)| Entrant {
            player: Player {
                tpn: i as u32 + 1,
                name: format!("Player {}", i + 1),
                ratings: Ratings::default(),
                ..Player::default()
            },
            rounds: line.split_whitespace().map(entry).collect(),
            ..Entrant::default()
        })
        .collect();
    Tournament {
        entrants,
        ..Tournament::default()
    }
}

/// Sets ratings in TPN order.
pub fn with_ratings(mut t: Tournament, ratings: &[u16]) -> Tournament {
    for (e, r) in t.entrants.iter_mut().zip(ratings) {
        e.player.ratings.fide = Some(*r);
    }
    t
}

fn entry(token: &str) -> RoundEntry {
    match token {
        "+BYE" => return RoundEntry::PairingBye,
        "=BYE" => return RoundEntry::Bye(ByeKind::Half),
        "--" => return RoundEntry::Bye(ByeKind::Zero),
        _ => {}
    }
    let (result, rest) = token.split_at(1);
    let (kind, opp) = rest.split_at(1);
    let opponent: u32 = opp.parse().expect("opponent number");
    match kind {
        "F" => RoundEntry::Forfeit {
            opponent: Some(opponent),
            colour: None,
            won: result == "+",
        },
        _ => RoundEntry::Game {
            opponent,
            colour: if kind == "W" {
                Colour::White
            } else {
                Colour::Black
            },
            outcome: match result {
                "+" => Outcome::Win,
                "=" => Outcome::Draw,
                _ => Outcome::Loss,
            },
            rated: true,
        },
    }
}

/// The value of column `k` (`None` = points) for `tpn`.
pub fn value(s: &Standings, tpn: u32, k: Option<usize>) -> Value {
    let row = s
        .rows
        .iter()
        .find(|r| r.tpn == tpn)
        .expect("player in standings");
    match k {
        Some(k) => row.values[k],
        None => row.points,
    }
}

/// True when `got` equals `expected` to the precision printed in `expected`
/// (half a unit of its last digit), the rule of check_tiebreaks.py.
pub fn close(got: Value, expected: &str) -> bool {
    let scale = |s: &str| -> Option<i128> {
        let neg = s.starts_with('-');
        let body = s.trim_start_matches('-');
        let (i, f) = body.split_once('.').unwrap_or((body, ""));
        let mut frac = f.to_string();
        while frac.len() < 6 {
            frac.push('0');
        }
        let v: i128 = format!("{i}{frac}").parse().ok()?;
        Some(if neg { -v } else { v })
    };
    let decimals = expected.split_once('.').map_or(0, |(_, f)| f.len()) as u32;
    let tolerance = 5 * 10i128.pow(5 - decimals.min(5));
    match (scale(&got.to_string()), scale(expected.trim())) {
        (Some(g), Some(e)) => (g - e).abs() <= tolerance,
        _ => got.to_string() == expected.trim(),
    }
}

/// A tournament from rounds of games written `white-black result` (`1`,
/// `=`, `0`; `+`/`-` for a forfeit won/lost by White), separated by commas;
/// players not listed in a round are absent.
pub fn games(players: u32, rounds: &[&str]) -> Tournament {
    let mut t = crosstable(&vec![""; players as usize]);
    for e in &mut t.entrants {
        e.rounds = vec![RoundEntry::Absent; rounds.len()];
    }
    for (r, list) in rounds.iter().enumerate() {
        for game in list.split(',').map(str::trim).filter(|g| !g.is_empty()) {
            let (pair, result) = game.split_once(' ').expect("game");
            let (w, b) = pair.split_once('-').expect("pair");
            let (w, b): (u32, u32) = (w.parse().expect("white"), b.parse().expect("black"));
            let (white, black) = match result {
                "+" | "-" => {
                    let forfeit = |won| RoundEntry::Forfeit {
                        opponent: None,
                        colour: None,
                        won,
                    };
                    let (fw, fb) = (forfeit(result == "+"), forfeit(result == "-"));
                    (with_opponent(fw, b), with_opponent(fb, w))
                }
                _ => {
                    let outcome = match result {
                        "1" => Outcome::Win,
                        "=" => Outcome::Draw,
                        _ => Outcome::Loss,
                    };
                    let game = |opponent, colour, outcome| RoundEntry::Game {
                        opponent,
                        colour,
                        outcome,
                        rated: true,
                    };
                    (
                        game(b, Colour::White, outcome),
                        game(w, Colour::Black, outcome.reversed()),
                    )
                }
            };
            t.entrants[w as usize - 1].rounds[r] = white;
            t.entrants[b as usize - 1].rounds[r] = black;
        }
    }
    t
}

fn with_opponent(e: RoundEntry, opponent: u32) -> RoundEntry {
    match e {
        RoundEntry::Forfeit { colour, won, .. } => RoundEntry::Forfeit {
            opponent: Some(opponent),
            colour,
            won,
        },
        other => other,
    }
}
