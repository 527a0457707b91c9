//! `arbiter --round-robin` / `--double-round-robin IN -p OUT`, round by
//! round: every round equals the Berger table built by the constructive rule
//! of spec 04 §2.1 (implemented here independently), for 3 to 24 players;
//! in a single round robin every pair meets once, in a double one twice
//! with colours reversed; a rest round is never a PAB. The files carry no
//! initial colour (152 / XXC): the table fixes every colour (issue 9 item 5).

mod engine_support;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use arbiter_model::{ByeKind, Colour, Outcome, Points, RoundEntry, Tournament, Tpn};
use arbiter_trf::TrfDocument;
use engine_support::fresh_tournament;

/// Spec 04 §2.1: the table of an even n, rounds of `(white, black)`.
fn constructive(n: u32) -> Vec<Vec<(u32, u32)>> {
    let mut rounds: Vec<Vec<(u32, u32)>> = vec![(1..=n / 2).map(|b| (b, n + 1 - b)).collect()];
    for r in 2..n {
        let mut list: Vec<u32> = rounds[rounds.len() - 1]
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

/// The expected schedule: single, or double with the last two rounds of
/// cycle 1 swapped and cycle 2 reversed (spec 04 §4). Boards with the
/// dummy number of an odd field are removed; the rest player is returned.
/// A round's boards and its rest player.
type Scheduled = (Vec<(u32, u32)>, Option<u32>);

fn expected(players: u32, double: bool) -> Vec<Scheduled> {
    let n = players + players % 2;
    let table = constructive(n);
    let mut cycle1 = table.clone();
    if double {
        let len = cycle1.len();
        cycle1.swap(len - 2, len - 1);
    }
    let mut rounds = cycle1;
    if double {
        rounds.extend(
            table
                .iter()
                .map(|r| r.iter().map(|&(w, b)| (b, w)).collect()),
        );
    }
    rounds
        .into_iter()
        .map(|boards| {
            let rest = boards
                .iter()
                .find(|&&(w, b)| players % 2 == 1 && (w == n || b == n))
                .map(|&(w, b)| if w == n { b } else { w });
            let boards = boards
                .into_iter()
                .filter(|&(w, b)| w != n && b != n || players.is_multiple_of(2))
                .collect();
            (boards, rest)
        })
        .collect()
}

fn tournament(players: Tpn, rounds: u32) -> Tournament {
    fresh_tournament(players, rounds, None, |tpn| format!("Player, No{tpn:02}"))
}

fn record(t: &mut Tournament, round: u32, boards: &[(Tpn, Tpn)], rest: Option<Tpn>) {
    for &(w, b) in boards {
        let outcome = match (w + b + round) % 3 {
            0 => Outcome::Win,
            1 => Outcome::Draw,
            _ => Outcome::Loss,
        };
        for (me, opponent, colour, outcome) in [
            (w, b, Colour::White, outcome),
            (b, w, Colour::Black, outcome.reversed()),
        ] {
            let e = &mut t.entrants[me as usize - 1];
            e.rounds.push(RoundEntry::Game {
                opponent,
                colour,
                outcome,
                rated: true,
            });
        }
    }
    if let Some(r) = rest {
        t.entrants[r as usize - 1]
            .rounds
            .push(RoundEntry::Bye(ByeKind::Zero));
    }
    let scores: Vec<Points> = t
        .entrants
        .iter()
        .map(|e| e.rounds.iter().map(|r| t.scoring.points(r)).sum())
        .collect();
    for (e, s) in t.entrants.iter_mut().zip(scores) {
        e.reported_points = Some(s);
    }
}

/// Runs the engine on `t` and returns its boards and byes.
fn engine(flag: &str, t: &Tournament, dir: &Path) -> (Vec<(Tpn, Tpn)>, Vec<Tpn>) {
    let input = dir.join("in.trf");
    let output = dir.join("out.txt");
    let text = arbiter_trf::write(&TrfDocument::new(t.clone()))
        .unwrap()
        .text;
    assert!(
        !text
            .split('\r')
            .any(|l| l.starts_with("152") || l.starts_with("XXC")),
        "the input names an initial colour:\n{text}"
    );
    std::fs::write(&input, text).unwrap();
    let status = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg(flag)
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{flag} failed: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    let text = std::fs::read_to_string(&output).unwrap();
    let mut lines = text.lines();
    let count: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut boards = Vec::new();
    let mut byes = Vec::new();
    for line in lines {
        let mut f = line.split_whitespace().map(|x| x.parse::<Tpn>().unwrap());
        let (a, b) = (f.next().unwrap(), f.next().unwrap());
        if b == 0 {
            byes.push(a);
        } else {
            boards.push((a, b));
        }
    }
    assert_eq!(count, boards.len() + byes.len());
    (boards, byes)
}

/// `arbiter FLAG FILE -c` on the tournament so far.
fn check(flag: &str, t: &Tournament, dir: &Path) -> String {
    let input = dir.join("full.trf");
    std::fs::write(
        &input,
        arbiter_trf::write(&TrfDocument::new(t.clone()))
            .unwrap()
            .text,
    )
    .unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg(flag)
        .arg(&input)
        .arg("-c")
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "-c failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8(run.stdout).unwrap()
}

fn temp_dir(name: &str) -> arbiter_store::testing::Scratch {
    arbiter_store::testing::scratch(name)
}

/// Plays a whole round robin through the engine; returns the rounds paired.
fn play(players: u32, double: bool, dir: &Path) -> usize {
    let flag = if double {
        "--double-round-robin"
    } else {
        "--round-robin"
    };
    let schedule = expected(players, double);
    let mut t = tournament(players, schedule.len() as u32);
    let mut met: BTreeMap<(Tpn, Tpn), Vec<Tpn>> = BTreeMap::new();
    for (i, (boards, rest)) in schedule.iter().enumerate() {
        let round = i as u32 + 1;
        let (got, byes) = engine(flag, &t, dir);
        assert_eq!(&got, boards, "{flag}, {players} players, round {round}");
        assert!(byes.is_empty(), "a rest round is not a PAB");
        for &(w, b) in &got {
            met.entry((w.min(b), w.max(b))).or_default().push(w);
        }
        record(&mut t, round, &got, *rest);
    }
    assert_eq!(met.len() as u32, players * (players - 1) / 2);
    // The checker (-c) re-pairs every round of the finished file alike.
    let report = check(flag, &t, dir);
    assert!(!report.contains("Checker pairings"), "{report}");
    assert_eq!(report.matches("Round #").count(), schedule.len());
    for (pair, whites) in &met {
        if double {
            assert_eq!(whites.len(), 2, "{pair:?}");
            assert_ne!(whites[0], whites[1], "{pair:?}: colours reversed");
        } else {
            assert_eq!(whites.len(), 1, "{pair:?}");
        }
    }
    schedule.len()
}

#[test]
fn single_round_robin_3_to_24_players() {
    let dir = temp_dir("rr-single");
    let rounds: usize = (3..=24).map(|n| play(n, false, &dir)).sum();
    assert_eq!(
        rounds,
        (3..=24).map(|n: usize| n + n % 2 - 1).sum::<usize>()
    );
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn double_round_robin_3_to_24_players() {
    let dir = temp_dir("rr-double");
    let rounds: usize = (3..=24).map(|n| play(n, true, &dir)).sum();
    assert_eq!(
        rounds,
        (3..=24).map(|n: usize| 2 * (n + n % 2 - 1)).sum::<usize>()
    );
    std::fs::remove_dir_all(dir).ok();
}
