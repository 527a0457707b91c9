//! Concurrent writers on one event (issue 10 item 12): 16 and then 8
//! writers entering results into one event file at once (each writer a
//! series of `arbiter result` processes) all succeed, and every result is in
//! the journal once. Prints the figures.

mod event_support;

use std::process::{Command, Stdio};
use std::time::Instant;

use event_support::{bin, ok, pairings, scratch};

/// Runs `arbiter result EVENT ROUND BOARD RESULT` for every `(board,
/// result)` of each writer at once (a writer's boards one after the
/// other); returns the failures' messages.
fn enter_at_once(event: &str, round: u32, writers: &[Vec<(u32, &'static str)>]) -> Vec<String> {
    let handles: Vec<_> = writers
        .iter()
        .map(|boards| {
            let boards = boards.clone();
            let event = event.to_string();
            std::thread::spawn(move || {
                let mut failures = Vec::new();
                for (board, result) in boards {
                    let out = Command::new(bin())
                        .args([
                            "result",
                            &event,
                            &round.to_string(),
                            &board.to_string(),
                            result,
                        ])
                        .stdout(Stdio::null())
                        .stderr(Stdio::piped())
                        .output()
                        .unwrap();
                    if !out.status.success() {
                        failures.push(format!(
                            "board {board}: exit {:?}: {}",
                            out.status.code(),
                            String::from_utf8_lossy(&out.stderr)
                        ));
                    }
                }
                failures
            })
        })
        .collect();
    handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect()
}

/// The results shown for `round`, by board.
fn results(event: &str, round: u32) -> Vec<String> {
    ok(&["pairings", event, "--round", &round.to_string()])
        .lines()
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .map(|l| l.split_whitespace().last().unwrap_or("").to_string())
        .collect()
}

/// 1000 players: folding the journal takes long enough for writers to
/// collide (with five immediate retries, as before, 16 writers lost 19 of
/// 32 commands here: issue 10 item 12).
#[test]
fn sixteen_and_eight_writers_all_succeed() {
    let dir = scratch("event-concurrency");
    let ev = dir.join("busy.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "Busy", "--rounds", "5"]);
    let csv = dir.join("players.csv");
    let mut text = String::from("name,rating\n");
    for i in 0..1000 {
        text.push_str(&format!("\"Player {i:04}, Test\",{}\n", 2400 - i));
    }
    std::fs::write(&csv, text).unwrap();
    ok(&["player", "import", e, csv.to_str().unwrap()]);
    ok(&["pair", e]);
    assert_eq!(pairings(&ev, 1).len(), 500);

    // Sixteen writers, two boards each.
    let sixteen: Vec<Vec<(u32, &'static str)>> = (0..16)
        .map(|w| vec![(2 * w + 1, "1-0"), (2 * w + 2, "1-0")])
        .collect();
    let start = Instant::now();
    let failures = enter_at_once(e, 1, &sixteen);
    let t16 = start.elapsed();
    assert!(
        failures.is_empty(),
        "{} failures: {failures:#?}",
        failures.len()
    );

    // Eight writers, four boards each.
    let eight: Vec<Vec<(u32, &'static str)>> = (0..8)
        .map(|w| {
            (1..=4)
                .map(|k| (32 + 4 * w + k, if k % 2 == 1 { "1/2" } else { "0-1" }))
                .collect()
        })
        .collect();
    let start = Instant::now();
    let failures = enter_at_once(e, 1, &eight);
    let t8 = start.elapsed();
    assert!(
        failures.is_empty(),
        "{} failures: {failures:#?}",
        failures.len()
    );

    let shown = results(e, 1);
    assert_eq!(shown[..32], vec!["1-0"; 32]);
    let expected: Vec<&str> = (0..16).flat_map(|_| ["1/2", "0-1"]).collect();
    assert_eq!(shown[32..64], expected);
    // Each result is in the journal once.
    let log = ok(&["log", e]);
    let result_entries = log.lines().filter(|l| l.contains("arbiter result")).count();
    assert_eq!(result_entries, 64, "{log}");
    eprintln!(
        "concurrency (1000 players): 16 writers x 2 results in {t16:?}, 8 writers x 4 results \
         in {t8:?}; 64 commands, 0 failures, each result once in the journal"
    );
}
