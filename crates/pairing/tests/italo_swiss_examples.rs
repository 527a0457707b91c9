//! The worked examples of spec 06 §5, reproduced round by round: pairs in
//! formation (board) order with colours, the bye, the start player, and the
//! primo/secondo of each pair.

use std::collections::BTreeSet;

use arbiter_model::{Colour, Entrant, Outcome, Player, Points, RoundEntry, Tournament, Tpn};
use arbiter_pairing::italo_swiss::search::Search;
use arbiter_pairing::italo_swiss::state::{Field, PlayerState};
use arbiter_pairing::italo_swiss::{ItaloSwiss, ItaloSwissConfig, LowerScoreScan};
use arbiter_pairing::{Board, Pairing, PairingSystem};

fn empty(n: Tpn) -> Tournament {
    Tournament {
        entrants: (1..=n)
            .map(|tpn| Entrant {
                player: Player {
                    tpn,
                    name: format!("Player {tpn}"),
                    ..Player::default()
                },
                ..Entrant::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

/// A round as the spec writes it: `"1-2 0-1, 3-4 0-1, 7-8 =, bye 7"`.
struct Round {
    boards: Vec<(Tpn, Tpn, Outcome)>,
    bye: Option<Tpn>,
}

fn round(text: &str) -> Round {
    let mut boards = Vec::new();
    let mut bye = None;
    for item in text.split(',').map(str::trim) {
        if let Some(p) = item.strip_prefix("bye ") {
            bye = Some(p.parse().unwrap());
            continue;
        }
        let (pair, result) = item.split_once(' ').unwrap();
        let (w, b) = pair.split_once('-').unwrap();
        let outcome = match result {
            "1-0" => Outcome::Win,
            "0-1" => Outcome::Loss,
            "=" => Outcome::Draw,
            other => panic!("result {other}"),
        };
        boards.push((w.parse().unwrap(), b.parse().unwrap(), outcome));
    }
    Round { boards, bye }
}

fn expected_pairing(r: &Round) -> Pairing {
    Pairing {
        boards: r
            .boards
            .iter()
            .map(|&(white, black, _)| Board { white, black })
            .collect(),
        bye: r.bye,
    }
}

fn record(t: &mut Tournament, r: &Round) {
    for &(w, b, outcome) in &r.boards {
        let game = |opponent, colour, outcome| RoundEntry::Game {
            opponent,
            colour,
            outcome,
            rated: true,
        };
        t.entrants[w as usize - 1]
            .rounds
            .push(game(b, Colour::White, outcome));
        t.entrants[b as usize - 1]
            .rounds
            .push(game(w, Colour::Black, outcome.reversed()));
    }
    if let Some(p) = r.bye {
        t.entrants[p as usize - 1]
            .rounds
            .push(RoundEntry::PairingBye);
    }
}

/// Pairs every round through the library and compares with the spec.
/// A round as the spec writes it, its start player, and its pairs as
/// (primo, secondo) in formation order.
type ExpectedRound<'a> = (&'a str, Tpn, &'a [(Tpn, Tpn)]);

fn replay(n: Tpn, rounds: &[ExpectedRound], next_start: Tpn) {
    let system = ItaloSwiss::default();
    let mut t = empty(n);
    for (i, &(text, start, primo_secondo)) in rounds.iter().enumerate() {
        let number = i as u32 + 1;
        let expected = round(text);
        let got = system.pair_round(&t, number).unwrap();
        assert_eq!(got.start, start, "round {number}: start player");
        let formed: Vec<(Tpn, Tpn)> = got.pairs.iter().map(|p| (p.primo, p.secondo)).collect();
        assert_eq!(formed, primo_secondo, "round {number}: primo-secondo");
        assert!(got.pairs.iter().all(|p| !p.rematch));
        assert_eq!(
            system.pair(&t, number).unwrap(),
            expected_pairing(&expected),
            "round {number}: boards and bye"
        );
        record(&mut t, &expected);
    }
    assert_eq!(
        system.start_of_round(&t, rounds.len() as u32 + 1).unwrap(),
        next_start
    );
}

#[test]
fn example_1_eight_players() {
    replay(
        8,
        &[
            (
                "1-2 0-1, 3-4 0-1, 5-6 1-0, 7-8 =",
                1,
                &[(1, 2), (3, 4), (5, 6), (7, 8)],
            ),
            (
                "2-4 1-0, 7-5 1-0, 8-1 1-0, 6-3 1-0",
                7,
                &[(2, 4), (5, 7), (8, 1), (3, 6)],
            ),
            (
                "2-7 1-0, 4-8 0-1, 5-3 1-0, 1-6 1-0",
                6,
                &[(2, 7), (8, 4), (5, 3), (6, 1)],
            ),
        ],
        1,
    );
}

#[test]
fn example_2_seven_players_with_byes() {
    replay(
        7,
        &[
            (
                "1-2 1-0, 3-4 1-0, 5-6 1-0, bye 7",
                1,
                &[(1, 2), (3, 4), (5, 6)],
            ),
            (
                "7-5 0-1, 3-1 1-0, 4-6 1-0, bye 2",
                5,
                &[(5, 7), (1, 3), (4, 6)],
            ),
            (
                "5-3 1-0, 1-4 0-1, 2-7 0-1, bye 6",
                4,
                &[(5, 3), (4, 1), (2, 7)],
            ),
        ],
        2,
    );
}

/// Example 3's state: 8 players, start 5, player 5 has met 3 and 7.
fn example_3_field() -> Field {
    let scores = [10, 0, 20, 10, 20, 10, 20, 0];
    Field {
        players: (1..=8u32)
            .map(|lot| PlayerState {
                lot,
                score: Points(scores[lot as usize - 1]),
                met: match lot {
                    5 => BTreeSet::from([3, 7]),
                    3 | 7 => BTreeSet::from([5]),
                    _ => BTreeSet::new(),
                },
                ..PlayerState::default()
            })
            .collect(),
    }
}

fn example_3(scan: LowerScoreScan) -> Vec<(Tpn, Tpn)> {
    let field = example_3_field();
    let config = ItaloSwissConfig {
        lower_score_scan: scan,
        ..ItaloSwissConfig::default()
    };
    let solution = Search::new(&field, &config)
        .solve(&[1, 2, 3, 4, 5, 6, 7, 8], 5)
        .expect("a pairing exists");
    assert_eq!(solution.leftover, None);
    solution
        .pairs
        .iter()
        .map(|p| (p.primo, p.secondo))
        .collect()
}

#[test]
fn example_3_drop_down_cursor() {
    assert_eq!(
        example_3(LowerScoreScan::AfterLastOfHigherScore),
        vec![(5, 4), (7, 3), (6, 1), (2, 8)]
    );
    assert_eq!(
        example_3(LowerScoreScan::FromPrimo),
        vec![(5, 6), (7, 3), (4, 1), (2, 8)]
    );
}
