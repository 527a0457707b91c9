//! Issue 10, items 1, 4, 7 (input), 8 and 15, through the command line:
//! each reproduces the failure as reported and asserts the new behaviour —
//! message, exit code, and that the event is unchanged.

mod event_support;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use event_support::{Scratch, bin, ok, refused, run, scratch};

/// A Dutch event of 9 rounds with four players (ids 1-4 = TPNs 1-4).
fn event(name: &str) -> (Scratch, PathBuf, String) {
    let dir = scratch(name);
    let ev = dir.join("event.arb");
    let e = ev.to_str().unwrap().to_string();
    ok(&["new", &e, "--name", "Safe Open", "--rounds", "9"]);
    for (i, rating) in ["2300", "2200", "2100", "2000"].iter().enumerate() {
        ok(&[
            "player",
            "add",
            &e,
            "--name",
            &format!("Player{i}, A"),
            "--rating",
            rating,
        ]);
    }
    (dir, ev, e)
}

/// Item 1: no output path replaces an event file — `export trf -o`, a
/// symbolic link to the event, the engine's `-p`, `trf normalize -o`.
#[test]
fn outputs_never_overwrite_an_event() {
    let (_dir, ev, e) = event("safety-outputs");
    let before = std::fs::read(&ev).unwrap();
    let dir = ev.parent().unwrap();
    let link = dir.join("link.trf");
    std::os::unix::fs::symlink(&ev, &link).unwrap();
    let trf = dir.join("ok.trf");
    ok(&["export", "trf", &e, "-o", trf.to_str().unwrap()]);
    let attempts: [Vec<&str>; 4] = [
        vec!["export", "trf", &e, "-o", &e],
        vec!["export", "trf", &e, "-o", link.to_str().unwrap()],
        vec!["trf", "normalize", trf.to_str().unwrap(), "-o", &e],
        vec!["--dutch", trf.to_str().unwrap(), "-p", &e],
    ];
    for args in attempts {
        let out = run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {stderr}");
        assert!(
            stderr.contains("is an event file") && stderr.contains("never overwritten"),
            "{args:?}: {stderr}"
        );
        assert_eq!(
            std::fs::read(&ev).unwrap(),
            before,
            "{args:?} changed the event"
        );
    }
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // The event still works.
    ok(&["pair", &e]);
}

/// Runs `arbiter ARGS` with its standard output closed before it writes.
fn with_closed_stdout(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(bin())
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (child.wait().unwrap().code(), stderr)
}

/// Item 4: a closed standard output (`arbiter log EV | head -1`) is a
/// normal end: exit 0, no panic; `pair` has committed its round first.
#[test]
fn a_closed_stdout_is_a_normal_end() {
    let (_dir, ev, e) = event("safety-pipe");
    let (code, stderr) = with_closed_stdout(&["pair", &e]);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    assert_eq!(
        event_support::pairings(&ev, 1).len(),
        2,
        "the round is committed"
    );
    ok(&["result", &e, "1", "1", "1-0"]);
    ok(&["result", &e, "1", "2", "0-1"]);
    for args in [
        vec!["log", &e],
        vec!["player", "list", &e],
        vec!["pairings", &e],
        vec!["standings", &e],
        vec!["export", "trf", &e],
        vec!["--help"],
    ] {
        let (code, stderr) = with_closed_stdout(&args);
        assert_eq!((code, stderr.as_str()), (Some(0), ""), "{args:?}");
    }
}

/// Item 7: control characters are refused in every free text, naming the
/// option; a name longer than the TRF field is accepted with a warning.
#[test]
fn control_characters_are_refused_at_input() {
    let (_dir, ev, e) = event("safety-text");
    let hostile = "E, A\rXXP 1 3\r### ";
    for (args, option) in [
        (vec!["player", "add", &e, "--name", hostile], "--name"),
        (
            vec!["player", "add", &e, "--name", "B, B", "--club", "C\tD"],
            "--club",
        ),
        (
            vec!["player", "update", &e, "1", "--team", "T\nU"],
            "--team",
        ),
        (vec!["event", "set", &e, "--city", "Roma\n022 X"], "--city"),
        (
            vec!["event", "set", &e, "--chief-arbiter", "A\u{1b}[2J"],
            "--chief-arbiter",
        ),
        (
            vec!["event", "set", &e, "--time-control", "90'\r+30\""],
            "--time-control",
        ),
    ] {
        let msg = refused(&ev, &args);
        assert!(
            msg.starts_with(&format!("error: {option}: contains the control character")),
            "{args:?}: {msg}"
        );
    }
    let out = run(&[
        "player",
        "add",
        &e,
        "--name",
        "Wolfeschlegelsteinhausen, Hubert Blaine",
    ]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "warning: the name 'Wolfeschlegelsteinhausen, Hubert Blaine' has 39 characters; a TRF player record holds 33 (the export shortens it)\n"
    );
}

/// Item 8: every value is checked when it is set, by the same code for
/// every command; a refused `new` leaves no file.
#[test]
fn values_are_checked_when_set() {
    let dir = scratch("safety-values");
    let ev = dir.join("new.arb");
    let e = ev.to_str().unwrap();
    for (extra, message) in [
        (["--tiebreaks", "FOO"], "error: --tiebreaks: "),
        (
            ["--scoring", "1,2,3"],
            "error: --scoring: '1,2,3': a win must be worth more",
        ),
        (["--name", ""], "error: --name: empty"),
        (
            ["--rounds", "99999999"],
            "error: --rounds: '99999999' is not a number of rounds (1 to 99",
        ),
    ] {
        let mut args = vec!["new", e];
        for (option, default) in [("--name", "X"), ("--rounds", "9")] {
            if extra[0] != option {
                args.extend([option, default]);
            }
        }
        args.extend(extra);
        let out = run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {stderr}");
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
        assert!(!ev.exists(), "{args:?} left a file");
    }
    let (_dir, ev, e) = event("safety-values-set");
    for (args, message) in [
        (
            vec!["event", "set", &e, "--start", "2026-02-30"],
            "error: --start: '2026-02-30' is not a date",
        ),
        (
            vec![
                "event",
                "set",
                &e,
                "--start",
                "2026-03-05",
                "--end",
                "2026-03-01",
            ],
            "error: --end: the event ends (2026-03-01) before it starts (2026-03-05)",
        ),
        (
            vec!["event", "set", &e, "--round-dates", "abc"],
            "error: --round-dates: round 1: 'abc'",
        ),
        (
            vec!["player", "add", &e, "--name", "Y", "--born", "2999-01-01"],
            "error: --born: 2999-01-01 is in the future",
        ),
        (
            vec!["section", "set", &e, "main", "--tiebreaks", "FOO"],
            "error: --tiebreaks: ",
        ),
    ] {
        let msg = refused(&ev, &args);
        assert!(msg.starts_with(message), "{args:?}: {msg}");
    }
    // A preset is stored in the section; the standings then use it.
    ok(&["section", "set", &e, "main", "--tiebreaks", "pl-002"]);
    ok(&["pair", &e]);
    ok(&["result", &e, "1", "1", "1-0"]);
    ok(&["result", &e, "1", "2", "0-1"]);
    let table = ok(&["standings", &e, "--lang", "pl"]);
    assert!(
        table.contains("Wartościowanie wszystkich rezultatów"),
        "{table}"
    );
    let trf = event_support::export(&ev);
    assert!(trf.contains("\r202 BH/M1,BH,WIN,PS\r"), "{trf}");
}

/// Item 15: silent surprises are gone.
#[test]
fn no_silent_surprises() {
    let (_dir, ev, e) = event("safety-surprises");
    ok(&["pair", &e]);
    ok(&["result", &e, "1", "1", "1-0"]);
    ok(&["result", &e, "1", "2", "1/2"]);
    // `standings --rounds 20` on a 9-round event with one round played.
    let out = run(&["standings", &e, "--rounds", "20"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: --rounds: 20: Safe Open — section main has 1 round(s) played of 9; count 1 to 1\n"
    );
    // `pairing set … --override` lists the boards it dissolved. Round 2 is
    // paired by the engine; board 1 becomes 1-3, a rematch of round 1.
    ok(&["pair", &e]);
    let round2 = event_support::pairings(&ev, 2);
    assert_eq!(round2.len(), 2);
    let out = ok(&["pairing", "set", &e, "2", "1", "1", "3", "--override"]);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("round 2: board 1 set by hand (override, logged); dissolved board 1 ("),
        "{first}"
    );
    for (board, white, black) in round2 {
        assert!(
            first.contains(&format!("board {board} ("))
                && first.contains(&format!("(id {white})"))
                && first.contains(&format!("(id {black})")),
            "board {board} {white}-{black} not listed: {first}"
        );
    }
    assert!(first.contains("without an opponent now: "), "{first}");
    // `forbid A B` twice journals one entry; the second says so, exit 0.
    let log = |ev: &Path| ok(&["log", ev.to_str().unwrap()]);
    ok(&["forbid", &e, "2", "4"]);
    let before = log(&ev);
    let out = ok(&["forbid", &e, "4", "2"]);
    assert_eq!(
        out,
        "Player3, A (id 4) and Player1, A (id 2) are already a forbidden pair; nothing recorded\n"
    );
    assert_eq!(log(&ev), before);
    assert_eq!(before.matches("forbade").count(), 1);
    // `player update ID` with no option journals nothing and says so.
    let msg = refused(&ev, &["player", "update", &e, "3"]);
    assert_eq!(
        msg,
        "error: nothing to change for player 3: give at least one of name, rating, rapid, blitz, national, title, sex, born, fed, fide-id, club, team, tags, tag, untag\n"
    );
}

/// Issue 9 items 7 and 8: the drawing of lots is journaled with its seed;
/// pairings name the event and section and label both numbers; changing
/// commands confirm in one line.
#[test]
fn lots_and_what_commands_print() {
    let dir = scratch("safety-lots");
    let ev = dir.join("italo.arb");
    let e = ev.to_str().unwrap();
    let created = ok(&[
        "new",
        e,
        "--name",
        "Torneo",
        "--rounds",
        "5",
        "--system",
        "italo-swiss",
    ]);
    assert_eq!(
        created,
        format!("created {e}: Torneo, section main: 5 rounds, Italo-Swiss system\n")
    );
    for name in ["A, A", "B, B", "C, C", "D, D"] {
        let out = ok(&["player", "add", e, "--name", name]);
        assert_eq!(out.lines().count(), 1, "{out}");
    }
    let drawn = ok(&["draw", e, "--seed", "1530"]);
    assert_eq!(drawn.lines().count(), 1, "{drawn}");
    assert!(
        drawn.starts_with("Torneo — section main: lots drawn with seed 1530: 1 "),
        "{drawn}"
    );
    assert_eq!(
        drawn,
        ok(&["draw", e, "--seed", "1530"]),
        "the same seed, the same lots"
    );
    assert!(ok(&["log", e]).contains("lots drawn with seed 1530"));
    let text = ok(&["pair", e]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("Torneo — section main — round 1"));
    let header = lines.next().unwrap();
    assert!(
        header.contains("TPN") && header.contains("id") && header.contains("White"),
        "{header}"
    );
    let msg = refused(&ev, &["draw", e, "--seed", "7"]);
    assert!(msg.contains("round 1 is already paired"), "{msg}");
    let out = ok(&["result", e, "1", "1", "1-0"]);
    assert_eq!(out.lines().count(), 1, "{out}");
}

/// Issue 10 item 9 (the desk's side): `import trf`, `standings FILE.trf`
/// and `crosstable FILE.trf` read a TRF through the validator of `trf
/// check`, and refuse what it refuses with the same message.
#[test]
fn every_command_reading_a_trf_validates_it_alike() {
    let corpus = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/dutch/small-102242150.trf"
    );
    let text = std::fs::read_to_string(corpus).unwrap();
    // Player 1 met 6 in round 1; make his line say 7 (one-sided).
    let broken = text.replacen("     6 b =", "     7 b =", 1);
    assert_ne!(broken, text);
    let dir = scratch("safety-trf");
    let file = dir.join("broken.trf");
    std::fs::write(&file, broken).unwrap();
    let f = file.to_str().unwrap();
    let check = run(&["trf", "check", f]);
    assert_eq!(check.status.code(), Some(3));
    let message = String::from_utf8_lossy(&check.stderr).into_owned();
    assert!(message.starts_with(&format!("{f}:")), "{message}");
    let event = dir.join("imported.arb");
    for args in [
        vec!["standings", f],
        vec!["crosstable", f],
        vec!["import", "trf", f, event.to_str().unwrap()],
    ] {
        let out = run(&args);
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("error: {message}"),
            "{args:?}"
        );
    }
    assert!(!event.exists());
}

/// Every delimited output guards spreadsheet formulas as the CSV export
/// does: a cell starting with `=`, `+`, `-` or `@` that is not a number
/// gets a leading `'` in `player list`, `registration list`, `standings`
/// and `pairings` as TSV.
#[test]
fn tsv_outputs_guard_formulas_as_csv_does() {
    let dir = scratch("safety-tsv");
    let ev = dir.join("event.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "Formula Open", "--rounds", "5"]);
    let link = "=HYPERLINK(\"http://evil.example\";\"click\")";
    for (name, club) in [(link, "@SUM(A1)"), ("Rossi, Mario", "-2+3")] {
        let club = format!("--club={club}");
        ok(&[
            "player", "add", e, "--name", name, &club, "--rating", "2000",
        ]);
    }
    let guarded = format!("'{link}");
    let players = ok(&["player", "list", e, "--format", "tsv"]);
    let rows: Vec<Vec<&str>> = players.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(
        (rows[1][2], rows[1][12]),
        (guarded.as_str(), "'@SUM(A1)"),
        "{players}"
    );
    assert_eq!(
        (rows[2][2], rows[2][12]),
        ("Rossi, Mario", "'-2+3"),
        "{players}"
    );
    let standings = ok(&["standings", e, "--format", "tsv"]);
    assert!(standings.contains(&format!("\t{guarded}\t")), "{standings}");
    assert!(!standings.contains("\t=HYPERLINK"), "{standings}");
    ok(&["pair", e]);
    // Board 1: ids 1 and 2, numbers as they are.
    let pairings = ok(&["pairings", e, "--format", "tsv"]);
    assert!(
        ["1\t1\t2\n", "1\t2\t1\n"].contains(&pairings.as_str()),
        "{pairings}"
    );
    ok(&["registration", "set", e]);
    ok(&["registration", "add", e, "--name", "+cmd|' /C calc'!A0"]);
    let list = ok(&["registration", "list", e, "--format", "tsv"]);
    let entry: Vec<&str> = list.lines().nth(1).unwrap().split('\t').collect();
    assert_eq!(entry[3], "'+cmd|' /C calc'!A0", "{list}");
}

/// `store copy` gives a copy only a name the web serves (`NAME.arb`).
#[test]
fn store_copy_refuses_names_the_web_never_serves() {
    let (dir, ev, e) = event("safety-copy-names");
    let bad = dir.join("open 2026.arb");
    let msg = refused(&ev, &["store", "copy", &e, bad.to_str().unwrap()]);
    assert!(
        msg.starts_with("error: --to: 'open 2026' is not a name the web serves"),
        "{msg}"
    );
    assert!(!bad.exists());
    let good = dir.join("open-2026.arb");
    ok(&["store", "copy", &e, good.to_str().unwrap()]);
    assert_eq!(ok(&["log", good.to_str().unwrap()]), ok(&["log", &e]));
}
