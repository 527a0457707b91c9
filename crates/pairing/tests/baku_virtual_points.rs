//! Baku acceleration (C.04.7 Art. 1, 2026; spec 03 A.2): the virtual points
//! for 50, 51, 52 and 100 players against hand-computed expectations, and
//! the `XXA` lines of every `corpus/baku` file against
//! `baku_virtual_points` for that file's size and length.

use arbiter_model::{Entrant, Player, Points, Scoring, Tournament};
use arbiter_pairing::acceleration::{
    BakuError, apply_baku, apply_baku_through, baku_virtual_points,
};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus/baku");

/// Hand computation: `(players, rounds, GA size, rounds with +1, rounds
/// with +½)`. GA = 2·⌈N/4⌉; accelerated rounds ⌈R/2⌉, the first
/// ⌈⌈R/2⌉/2⌉ of them with a win's worth.
type Case = (usize, u32, usize, &'static [u32], &'static [u32]);

const CASES: &[Case] = &[
    (50, 9, 26, &[1, 2, 3], &[4, 5]),
    (51, 9, 26, &[1, 2, 3], &[4, 5]),
    (52, 9, 26, &[1, 2, 3], &[4, 5]),
    (100, 9, 50, &[1, 2, 3], &[4, 5]),
    (50, 7, 26, &[1, 2], &[3, 4]),
    (51, 11, 26, &[1, 2, 3], &[4, 5, 6]),
    (52, 13, 26, &[1, 2, 3, 4], &[5, 6, 7]),
    (100, 11, 50, &[1, 2, 3], &[4, 5, 6]),
    (100, 5, 50, &[1, 2], &[3]),
    (53, 9, 28, &[1, 2, 3], &[4, 5]),
];

#[test]
fn virtual_points_by_hand() {
    let scoring = Scoring::default();
    for &(n, rounds, ga, full, half) in CASES {
        let v = baku_virtual_points(n, rounds, &scoring).unwrap();
        assert_eq!(v.len(), n);
        for (i, row) in v.iter().enumerate() {
            let rank = i + 1;
            assert_eq!(row.len(), rounds as usize);
            for (j, &points) in row.iter().enumerate() {
                let round = j as u32 + 1;
                let expected = if rank > ga {
                    Points::ZERO
                } else if full.contains(&round) {
                    Points::ONE
                } else if half.contains(&round) {
                    Points::HALF
                } else {
                    Points::ZERO
                };
                assert_eq!(
                    points, expected,
                    "{n} players, {rounds} rounds, rank {rank}, round {round}"
                );
            }
        }
    }
}

#[test]
fn scoring_other_than_win_two_draws_is_refused() {
    let three_one = Scoring::with_game_points(Points(30), Points(10), Points(0));
    assert!(matches!(
        baku_virtual_points(50, 9, &three_one),
        Err(BakuError::Scoring { .. })
    ));
    // Any win = 2 draws, loss = 0 system is accepted (2026 text).
    let two_one = Scoring::with_game_points(Points(20), Points(10), Points(0));
    let v = baku_virtual_points(50, 9, &two_one).unwrap();
    assert_eq!(v[0][0], Points(20));
    assert_eq!(v[25][4], Points(10));
    assert_eq!(v[26][0], Points::ZERO);
}

fn tournament(n: u32, rounds: u32) -> Tournament {
    Tournament {
        entrants: (1..=n)
            .map(|tpn| Entrant {
                player: Player {
                    tpn,
                    ..Player::default()
                },
                ..Entrant::default()
            })
            .collect(),
        total_rounds: Some(rounds),
        ..Tournament::default()
    }
}

#[test]
fn apply_baku_fills_every_player() {
    let mut t = tournament(51, 9);
    apply_baku(&mut t).unwrap();
    assert_eq!(t.acceleration.len(), 51);
    assert_eq!(t.virtual_points(26, 3), Points::ONE);
    assert_eq!(t.virtual_points(26, 5), Points::HALF);
    assert_eq!(t.virtual_points(26, 6), Points::ZERO);
    assert_eq!(t.virtual_points(27, 1), Points::ZERO);

    // A late entry ranked inside GA: the old last GA member (now 27) stays
    // the last, so GA grows to 27 (C.04.7 1.3).
    let mut late = tournament(52, 9);
    apply_baku_through(&mut late, 27).unwrap();
    assert_eq!(late.virtual_points(27, 1), Points::ONE);
    assert_eq!(late.virtual_points(28, 1), Points::ZERO);

    let mut unknown = tournament(10, 9);
    unknown.total_rounds = None;
    assert_eq!(apply_baku(&mut unknown), Err(BakuError::UnknownRounds));
}

/// What the test reads from a corpus file.
struct CorpusFile {
    /// Ratings in `001` order.
    ratings: Vec<u32>,
    rounds: u32,
    /// `XXA` rows: id and virtual points per round.
    xxa: Vec<(u32, Vec<Points>)>,
}

fn read_corpus_file(text: &str) -> CorpusFile {
    let mut ratings = Vec::new();
    let mut rounds = None;
    let mut xxa = Vec::new();
    for line in text.lines() {
        if line.starts_with("001") {
            let rating = line.get(48..52).unwrap_or("").trim();
            ratings.push(rating.parse().unwrap_or(0));
        } else if let Some(rest) = line.strip_prefix("XXR") {
            rounds = Some(rest.trim().parse().expect("XXR n"));
        } else if let Some(rest) = line.strip_prefix("XXA") {
            let mut fields = rest.split_whitespace();
            let id = fields.next().unwrap().parse().unwrap();
            let values = fields.map(|v| v.parse().unwrap()).collect();
            xxa.push((id, values));
        }
    }
    CorpusFile {
        ratings,
        rounds: rounds.expect("XXR line"),
        xxa,
    }
}

#[test]
fn corpus_xxa_lines_equal_the_rule() {
    let mut files: Vec<_> = std::fs::read_dir(CORPUS)
        .unwrap_or_else(|e| panic!("the Baku corpus must be at {CORPUS}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 30, "corpus/baku holds 30 tournaments");
    let mut values = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let CorpusFile {
            ratings,
            rounds,
            xxa,
        } = read_corpus_file(&text);
        assert!(
            ratings.windows(2).all(|w| w[0] >= w[1]),
            "{}: the pairing numbers follow the initial ranking",
            path.display()
        );
        let expected = baku_virtual_points(ratings.len(), rounds, &Scoring::default()).unwrap();
        assert_eq!(
            xxa.len(),
            ratings.len(),
            "{}: one XXA line per player",
            path.display()
        );
        for (id, row) in xxa {
            assert_eq!(
                row,
                expected[id as usize - 1],
                "{}: XXA of player {id}",
                path.display()
            );
            values += row.len();
        }
    }
    assert!(values > 10_000, "{values} virtual-point values compared");
}
