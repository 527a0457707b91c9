//! `arbiter --italo-swiss IN -p OUT` reproduces the worked examples of
//! spec 06 §5 round by round: boards in formation order with colours, and
//! the bye, through a TRF written and read back each round.

mod engine_support;

use std::path::Path;
use std::process::Command;

use arbiter_model::{Colour, Outcome, Points, RoundEntry, Tournament, Tpn};
use arbiter_trf::TrfDocument;
use engine_support::fresh_tournament;

/// A round as the spec writes it: `"1-2 0-1, 7-8 =, bye 7"`.
fn parse_round(text: &str) -> (Vec<(Tpn, Tpn, Outcome)>, Option<Tpn>) {
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
            _ => Outcome::Draw,
        };
        boards.push((w.parse().unwrap(), b.parse().unwrap(), outcome));
    }
    (boards, bye)
}

fn tournament(players: Tpn, rounds: u32) -> Tournament {
    fresh_tournament(players, rounds, Some(Colour::White), |tpn| {
        format!("Giocatore, N{tpn}")
    })
}

fn record(t: &mut Tournament, boards: &[(Tpn, Tpn, Outcome)], bye: Option<Tpn>) {
    for &(w, b, outcome) in boards {
        for (me, opponent, colour, outcome) in [
            (w, b, Colour::White, outcome),
            (b, w, Colour::Black, outcome.reversed()),
        ] {
            t.entrants[me as usize - 1].rounds.push(RoundEntry::Game {
                opponent,
                colour,
                outcome,
                rated: true,
            });
        }
    }
    if let Some(p) = bye {
        t.entrants[p as usize - 1]
            .rounds
            .push(RoundEntry::PairingBye);
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

fn engine(t: &Tournament, dir: &Path) -> String {
    engine_with("--italo-swiss", t, dir)
}

/// The engine output of `flag IN -p OUT` on `t`.
fn engine_with(flag: &str, t: &Tournament, dir: &Path) -> String {
    let input = dir.join("in.trf");
    let output = dir.join("out.txt");
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
        .arg("-p")
        .arg(&output)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{flag} failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    std::fs::read_to_string(&output).unwrap()
}

/// `arbiter --italo-swiss FILE -c` on the tournament so far.
fn check(t: &Tournament, dir: &Path) -> String {
    let input = dir.join("full.trf");
    std::fs::write(
        &input,
        arbiter_trf::write(&TrfDocument::new(t.clone()))
            .unwrap()
            .text,
    )
    .unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("--italo-swiss")
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

/// The engine output the spec's round implies (spec 05 §7.3 format).
fn expected_output(boards: &[(Tpn, Tpn, Outcome)], bye: Option<Tpn>) -> String {
    let mut out = format!("{}\n", boards.len() + usize::from(bye.is_some()));
    for (w, b, _) in boards {
        out += &format!("{w} {b}\n");
    }
    if let Some(p) = bye {
        out += &format!("{p} 0\n");
    }
    out
}

fn replay(name: &str, players: Tpn, rounds: &[&str]) {
    let dir = arbiter_store::testing::scratch(&format!("italo-{name}"));
    let mut t = tournament(players, rounds.len() as u32);
    for (i, text) in rounds.iter().enumerate() {
        let (boards, bye) = parse_round(text);
        assert_eq!(
            engine(&t, &dir),
            expected_output(&boards, bye),
            "{name}, round {}",
            i + 1
        );
        record(&mut t, &boards, bye);
    }
    // The checker (-c) re-pairs every round of the finished file and finds
    // the same pairings.
    let report = check(&t, &dir);
    assert!(
        !report.contains("Checker pairings") && !report.contains("No valid pairing"),
        "{name}: {report}"
    );
    assert_eq!(report.matches("Round #").count(), rounds.len());
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn example_1_through_the_engine() {
    replay(
        "ex1",
        8,
        &[
            "1-2 0-1, 3-4 0-1, 5-6 1-0, 7-8 =",
            "2-4 1-0, 7-5 1-0, 8-1 1-0, 6-3 1-0",
            "2-7 1-0, 4-8 0-1, 5-3 1-0, 1-6 1-0",
        ],
    );
}

#[test]
fn example_2_through_the_engine() {
    replay(
        "ex2",
        7,
        &[
            "1-2 1-0, 3-4 1-0, 5-6 1-0, bye 7",
            "7-5 0-1, 3-1 1-0, 4-6 1-0, bye 2",
            "5-3 1-0, 1-4 0-1, 2-7 0-1, bye 6",
        ],
    );
}

/// The boards `arbiter pair FILE.trf` prints for people, as (White TPN,
/// Black TPN): the TPN columns of its table (board, then each side's TPN,
/// name, rating and points).
fn human_boards(path: &Path) -> Vec<(Tpn, Tpn)> {
    let run = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("pair")
        .arg(path)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "pair {}: {}",
        path.display(),
        String::from_utf8_lossy(&run.stderr)
    );
    let text = String::from_utf8(run.stdout).unwrap();
    assert!(
        text.starts_with("Giocatori — Italo-Swiss system\n"),
        "{text}"
    );
    text.lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .map(|l| {
            let chars: Vec<char> = l.chars().collect();
            let tpn = |from: usize| -> Tpn {
                chars[from..from + 4]
                    .iter()
                    .collect::<String>()
                    .trim()
                    .parse()
                    .unwrap()
            };
            (tpn(7), tpn(56))
        })
        .collect()
}

/// Issue 9: `arbiter pair FILE.trf` on a file whose 192 (or, without one,
/// 092) record says `CUSTOM_SWISS` pairs with the Italo-Swiss system, not
/// the Dutch one: spec 06 §5 example 1, round 2 after round 1's results.
#[test]
fn a_custom_swiss_file_is_paired_with_italo_swiss() {
    let dir = arbiter_store::testing::scratch("italo-custom");
    let mut t = tournament(8, 3);
    t.info.name = "Giocatori".into();
    t.system = Some("CUSTOM_SWISS".into());
    let (boards, bye) = parse_round("1-2 0-1, 3-4 0-1, 5-6 1-0, 7-8 =");
    record(&mut t, &boards, bye);
    let with_192 = arbiter_trf::write(&TrfDocument::new(t.clone()))
        .unwrap()
        .text;
    assert!(with_192.contains("\r192 CUSTOM_SWISS\r"), "{with_192}");
    let file = dir.join("custom.trf");
    std::fs::write(&file, &with_192).unwrap();
    let expected = vec![(2, 4), (7, 5), (8, 1), (6, 3)];
    assert_eq!(human_boards(&file), expected);
    // The same file with the code in 092 only (spec 05 §2: an ETT code there
    // names the system when 192 is absent).
    std::fs::write(
        &file,
        with_192.replace("\r192 CUSTOM_SWISS\r", "\r092 CUSTOM_SWISS\r"),
    )
    .unwrap();
    assert_eq!(human_boards(&file), expected);
    // The Dutch system pairs the same file otherwise: the system decides.
    let dutch = engine_with("--dutch", &t, &dir);
    assert_ne!(
        dutch,
        expected_output(
            &[
                (2, 4, Outcome::Win),
                (7, 5, Outcome::Win),
                (8, 1, Outcome::Win),
                (6, 3, Outcome::Win)
            ],
            None
        )
    );
    std::fs::remove_dir_all(dir).ok();
}
