//! Berger tables (spec 04 §2): the generated rounds equal the tables printed
//! in the spec (3 to 14 players, read from the spec file) and the
//! constructive rule of §2.1 (3 to 24 players, implemented here
//! independently); single and double cycles meet every pair the right
//! number of times with the right colours.

use std::collections::BTreeMap;

use arbiter_pairing::round_robin::berger::{berger_round, rest_player, rounds_per_cycle};
use arbiter_pairing::round_robin::schedule::{Cycles, Schedule};

const SPEC: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/spec/04-round-robin.md"
);

/// The §2.3 tables: table size n → rounds → boards `(white, black)`.
fn spec_tables() -> BTreeMap<u32, Vec<Vec<(u32, u32)>>> {
    let text = std::fs::read_to_string(SPEC)
        .unwrap_or_else(|e| panic!("the round-robin spec must be readable at {SPEC}: {e}"));
    let section = text
        .split("### 2.3 Tables")
        .nth(1)
        .and_then(|s| s.split("\n---").next())
        .expect("spec 04 has a §2.3 with the tables");
    let mut tables: BTreeMap<u32, Vec<Vec<(u32, u32)>>> = BTreeMap::new();
    let mut current = None;
    for line in section.lines() {
        if let Some(title) = line.strip_prefix("**") {
            // "**5 or 6 players**"
            let n: u32 = title
                .split_whitespace()
                .nth(2)
                .and_then(|w| w.parse().ok())
                .expect("table title 'X or Y players'");
            current = Some(n);
            continue;
        }
        let cells: Vec<&str> = line
            .split('|')
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        let Some(n) = current else { continue };
        if cells.len() < 2 || cells[0].parse::<u32>().is_err() {
            continue;
        }
        let round: usize = cells[0].parse().unwrap();
        let boards = cells[1..]
            .iter()
            .map(|c| {
                let (w, b) = c.split_once('-').expect("board 'w-b'");
                (w.parse().unwrap(), b.parse().unwrap())
            })
            .collect();
        let t = tables.entry(n).or_default();
        assert_eq!(t.len() + 1, round, "rounds in order for n = {n}");
        t.push(boards);
    }
    tables
}

/// Spec 04 §2.1, the constructive rule, written independently of the
/// library's closed form: the full table for an even n.
fn constructive(n: u32) -> Vec<Vec<(u32, u32)>> {
    let mut rounds: Vec<Vec<(u32, u32)>> = vec![(1..=n / 2).map(|b| (b, n + 1 - b)).collect()];
    for r in 2..n {
        let prev = rounds.last().unwrap();
        let mut list: Vec<u32> = prev
            .iter()
            .flat_map(|&(w, b)| [w, b])
            .filter(|&p| p != n)
            .collect();
        let last = list.pop().unwrap();
        let mut boards = vec![if r % 2 == 1 { (last, n) } else { (n, last) }];
        while list.len() >= 2 {
            let black = list.pop().unwrap();
            let white = list.pop().unwrap();
            boards.push((white, black));
        }
        rounds.push(boards);
    }
    rounds
}

fn table(players: u32) -> Vec<Vec<(u32, u32)>> {
    (1..=rounds_per_cycle(players))
        .map(|r| berger_round(players, r))
        .collect()
}

#[test]
fn spec_tables_are_reproduced() {
    let tables = spec_tables();
    assert_eq!(
        tables.keys().copied().collect::<Vec<_>>(),
        vec![4, 6, 8, 10, 12, 14],
        "spec 04 §2.3 prints the tables for 3/4 … 13/14 players"
    );
    let mut rounds_checked = 0;
    for (&n, expected) in &tables {
        assert_eq!(table(n), *expected, "{n} players");
        // The odd field uses the same table without the dummy's board.
        let odd: Vec<Vec<(u32, u32)>> = expected
            .iter()
            .map(|r| {
                r.iter()
                    .copied()
                    .filter(|&(w, b)| w != n && b != n)
                    .collect()
            })
            .collect();
        assert_eq!(table(n - 1), odd, "{} players", n - 1);
        rounds_checked += 2 * expected.len();
    }
    assert_eq!(rounds_checked, 2 * (3 + 5 + 7 + 9 + 11 + 13));
}

#[test]
fn constructive_rule_for_3_to_24_players() {
    for players in 3..=24u32 {
        let n = players + players % 2;
        let expected = constructive(n);
        for (i, boards) in expected.iter().enumerate() {
            let round = i as u32 + 1;
            let got = berger_round(players, round);
            if players % 2 == 0 {
                assert_eq!(got, *boards, "{players} players, round {round}");
            } else {
                let without: Vec<_> = boards
                    .iter()
                    .copied()
                    .filter(|&(w, b)| w != n && b != n)
                    .collect();
                assert_eq!(got, without, "{players} players, round {round}");
                let rest = boards.iter().find_map(|&(w, b)| match (w == n, b == n) {
                    (true, _) => Some(b),
                    (_, true) => Some(w),
                    _ => None,
                });
                assert_eq!(rest_player(players, round), rest);
            }
        }
        assert!(berger_round(players, n).is_empty());
    }
}

/// Pair → list of (round, white).
fn meetings(schedule: &Schedule) -> BTreeMap<(u32, u32), Vec<(u32, u32)>> {
    let mut met: BTreeMap<(u32, u32), Vec<(u32, u32)>> = BTreeMap::new();
    for r in 1..=schedule.rounds() {
        let round = schedule.round(r).unwrap();
        let mut seen: Vec<u32> = Vec::new();
        for b in &round.boards {
            seen.extend([b.white, b.black]);
            met.entry((b.white.min(b.black), b.white.max(b.black)))
                .or_default()
                .push((r, b.white));
        }
        seen.extend(round.rest);
        seen.sort();
        assert_eq!(
            seen,
            (1..=schedule.players).collect::<Vec<_>>(),
            "everyone plays or rests once in round {r}"
        );
    }
    met
}

#[test]
fn single_cycle_every_pair_meets_once() {
    for players in 2..=24u32 {
        let s = Schedule {
            players,
            cycles: Cycles::Single,
        };
        let met = meetings(&s);
        assert_eq!(met.len() as u32, players * (players - 1) / 2);
        assert!(met.values().all(|m| m.len() == 1), "{players} players");
    }
}

#[test]
fn double_cycle_every_pair_meets_twice_with_colours_reversed() {
    for swap_last_two in [true, false] {
        for players in 3..=24u32 {
            let s = Schedule {
                players,
                cycles: Cycles::Double { swap_last_two },
            };
            let per_cycle = rounds_per_cycle(players);
            let met = meetings(&s);
            assert_eq!(met.len() as u32, players * (players - 1) / 2);
            for (&(a, b), m) in &met {
                assert_eq!(m.len(), 2, "{a}-{b}");
                assert!(m[0].0 <= per_cycle && m[1].0 > per_cycle);
                assert_ne!(m[0].1, m[1].1, "{a}-{b} colours reversed");
            }
        }
    }
}

/// Longest run of equal colours per player over the whole schedule.
fn longest_colour_run(s: &Schedule) -> u32 {
    let mut longest = 0;
    for p in 1..=s.players {
        let mut run = 0;
        let mut last = None;
        for r in 1..=s.rounds() {
            let round = s.round(r).unwrap();
            let Some(white) = round
                .boards
                .iter()
                .find(|b| b.white == p || b.black == p)
                .map(|b| b.white == p)
            else {
                continue;
            };
            run = if last == Some(white) { run + 1 } else { 1 };
            last = Some(white);
            longest = longest.max(run);
        }
    }
    longest
}

#[test]
fn the_fide_swap_avoids_three_equal_colours_in_a_row() {
    // Spec 04 §4 / §7: n = 4 … 14, max run 3 without the swap, 2 with it.
    for n in (4..=14u32).step_by(2) {
        let fide = Schedule {
            players: n,
            cycles: Cycles::Double {
                swap_last_two: true,
            },
        };
        let plain = Schedule {
            players: n,
            cycles: Cycles::Double {
                swap_last_two: false,
            },
        };
        assert_eq!(longest_colour_run(&fide), 2, "{n} players, swapped");
        assert_eq!(longest_colour_run(&plain), 3, "{n} players, plain");
    }
}
