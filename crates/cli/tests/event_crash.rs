//! Crash safety: SIGKILL in the middle of a large CSV import and in the
//! middle of result entry. Afterwards the file opens, passes SQLite's
//! integrity check, holds every completed command, and no command is there
//! in part.

mod event_support;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread::sleep;
use std::time::Instant;

use arbiter_store::{JournalStore, SqliteStore};
use event_support::{bin, ok, pairings, scratch};

/// Entries per command, after checking the file is sound.
fn commands_in(path: &Path) -> Vec<usize> {
    let mut store = SqliteStore::open(path).expect("the event file opens after the kill");
    assert_eq!(store.integrity_check().unwrap(), "ok");
    let mut per_command: BTreeMap<u64, usize> = BTreeMap::new();
    for e in store.entries().expect("every entry reads back") {
        *per_command.entry(e.command.id).or_default() += 1;
    }
    per_command.into_values().collect()
}

fn wal_size(path: &Path) -> u64 {
    let mut p = path.as_os_str().to_owned();
    p.push("-wal");
    std::fs::metadata(p).map_or(0, |m| m.len())
}

#[test]
fn sigkill_during_a_large_import() {
    const ROWS: usize = 40_000;
    let dir = scratch("event-crash-import");
    let csv = dir.join("players.csv");
    let mut text = String::from("name,rating,sex,fide-id,team\n");
    for i in 0..ROWS {
        text.push_str(&format!(
            "\"Player {i}, Test\",{},{},{},Team {}\n",
            1000 + i % 1500,
            if i % 4 == 3 { "w" } else { "m" },
            200_000 + i,
            i / 4
        ));
    }
    std::fs::write(&csv, text).unwrap();
    let fresh = |name: &str| {
        let ev = dir.join(name);
        let e = ev.to_str().unwrap().to_string();
        ok(&["new", &e, "--name", "Crash", "--rounds", "9"]);
        ok(&[
            "player",
            "add",
            &e,
            "--name",
            "First, Player",
            "--fide-id",
            "1",
        ]);
        ev
    };
    let reference = fresh("reference.arb");
    let start = Instant::now();
    ok(&[
        "player",
        "import",
        reference.to_str().unwrap(),
        csv.to_str().unwrap(),
    ]);
    let full = start.elapsed();
    assert_eq!(commands_in(&reference), vec![2, 1, ROWS]);

    let (mut finished, mut before_writes, mut mid_write, mut after_commit) = (0, 0, 0, 0);
    // Twelve kill times spread over the command; more rounds only if the
    // machine's timing made every kill miss the write transaction.
    for step in 0..36u32 {
        if step >= 12 && mid_write > 0 {
            break;
        }
        let ev = fresh(&format!("killed-{step}.arb"));
        let mut child = Command::new(bin())
            .args([
                "player",
                "import",
                ev.to_str().unwrap(),
                csv.to_str().unwrap(),
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        sleep(full.mul_f64(0.15 + 0.07 * f64::from(step % 12) + 0.02 * f64::from(step / 12)));
        let running = child.try_wait().unwrap().is_none();
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        let wal = wal_size(&ev);
        let commands = commands_in(&ev);
        match commands.as_slice() {
            [2, 1] if !running => panic!("the import exited without importing"),
            [2, 1] if wal > 0 => mid_write += 1,
            [2, 1] => before_writes += 1,
            [2, 1, ROWS] if running => after_commit += 1,
            [2, 1, ROWS] => finished += 1,
            other => panic!("half-written import: entries per command {other:?}"),
        }
        // The file still takes commands.
        let id = ok(&[
            "player",
            "add",
            ev.to_str().unwrap(),
            "--name",
            "Late, Entry",
        ]);
        assert!(
            event_support::registered_id(&id) == 2
                || event_support::registered_id(&id) == ROWS as u32 + 2,
            "{id}"
        );
    }
    eprintln!(
        "import of {ROWS} rows took {full:?}; kills: {before_writes} before writing, {mid_write} while writing, {after_commit} after commit; {finished} finished first"
    );
    assert!(mid_write > 0, "no kill landed inside the write transaction");
}

#[test]
fn sigkill_during_result_entry() {
    let dir = scratch("event-crash-results");
    let ev = dir.join("results.arb");
    let e = ev.to_str().unwrap();
    ok(&[
        "new",
        e,
        "--name",
        "Results",
        "--rounds",
        "9",
        "--system",
        "italo-swiss",
    ]);
    let csv = dir.join("players.csv");
    let mut text = String::from("name,rating\n");
    for i in 0..120 {
        text.push_str(&format!("P{i:03},{}\n", 2400 - i * 5));
    }
    std::fs::write(&csv, text).unwrap();
    ok(&["player", "import", e, csv.to_str().unwrap()]);
    ok(&["pair", e]);
    let boards = pairings(&ev, 1).len();
    assert_eq!(boards, 60);
    let probe = Instant::now();
    ok(&["result", e, "1", "1", "1-0"]);
    let one = probe.elapsed();
    let mut killed = Vec::new();
    let mut completed = vec![1];
    for board in 2..=boards {
        let mut child = Command::new(bin())
            .args(["result", e, "1", &board.to_string(), "1/2"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if board % 3 == 0 {
            sleep(one.mul_f64(0.1 * f64::from((board % 10) as u32)));
            if child.try_wait().unwrap().is_none() {
                child.kill().unwrap(); // SIGKILL
                killed.push(board);
            }
            child.wait().unwrap();
        } else {
            assert!(child.wait().unwrap().success());
            completed.push(board);
        }
        // After every command: sound file, no partial command.
        let commands = commands_in(&ev);
        assert!(commands.iter().skip(3).all(|n| *n == 1), "{commands:?}");
    }
    let tsv = ok(&["pairings", e, "--round", "1"]);
    let with_result = |b: usize| {
        tsv.lines()
            .find(|l| l.trim_start().starts_with(&format!("{b} ")))
            .is_some_and(|l| l.trim_end().ends_with("1/2") || l.trim_end().ends_with("1-0"))
    };
    for b in &completed {
        assert!(
            with_result(*b),
            "board {b}'s completed result is missing:\n{tsv}"
        );
    }
    let lost = killed.iter().filter(|b| !with_result(**b)).count();
    eprintln!(
        "result entry: one command {one:?}; {} killed ({lost} before commit), {} completed",
        killed.len(),
        completed.len()
    );
    assert!(
        !killed.is_empty(),
        "no result command was killed while running"
    );
    // The missing results can be entered and the next round paired.
    for b in 1..=boards {
        if !with_result(b) {
            ok(&["result", e, "1", &b.to_string(), "0-1"]);
        }
    }
    ok(&["pair", e]);
}
