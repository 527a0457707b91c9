//! `arbiter store copy` between an event file and PostgreSQL, both ways,
//! and the event commands on `postgres://…#EVENT` (issue 15 part 3). The
//! log prints every command's time and line and every entry's number, so
//! equal logs show that the copy kept them.

mod event_support;

// new: event and section (#1, #2); two players (#3, #4); pair (#5);
// result (#6); then undo (#7) and a result (#8).

use arbiter_store::testing;
use event_support::{ok, run, scratch};

#[test]
fn events_move_both_ways_keeping_the_journal() {
    let Some(server) = testing::postgres() else {
        return;
    };
    let url = server.fresh_database("cli_copy");
    let dir = scratch("store-copy");
    let file = dir.join("open.arb");
    let f = file.to_str().unwrap();
    ok(&["new", f, "--name", "City Open", "--rounds", "5"]);
    for (name, rating) in [("Rossi, Mario", "2100"), ("Verdi, Anna", "1980")] {
        ok(&["player", "add", f, "--name", name, "--rating", rating]);
    }
    ok(&["pair", f]);
    ok(&["result", f, "1", "1", "1-0"]);
    let log = ok(&["log", f]);

    let there = format!("{url}#city-open");
    assert_eq!(
        ok(&["store", "copy", f, &there]),
        "copied 6 journal entries\n"
    );
    assert_eq!(ok(&["log", &there]), log);
    // The target must be new.
    let again = run(&["store", "copy", f, &there]);
    assert_ne!(again.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));

    // The event commands work on the database's event.
    ok(&["undo", &there]);
    ok(&["result", &there, "1", "1", "1/2"]);
    let standings = ok(&["standings", &there]);
    assert!(standings.contains("Rossi, Mario"), "{standings}");
    let grown = ok(&["log", &there]);
    // The copied history, with the undone entry marked, then the new commands.
    let kept = log.replace("board 1: 1-0\n", "board 1: 1-0  [undone by #7]\n");
    assert!(grown.starts_with(&kept), "{grown}");
    assert!(
        grown.ends_with("#8     section main round 1 board 1: 1/2\n"),
        "{grown}"
    );

    let back = dir.join("back.arb");
    let b = back.to_str().unwrap();
    assert_eq!(
        ok(&["store", "copy", &there, b]),
        "copied 8 journal entries\n"
    );
    assert_eq!(ok(&["log", b]), grown);
    // Not an event: named, nothing created.
    let out = run(&[
        "store",
        "copy",
        &format!("{url}#nothing"),
        dir.join("x.arb").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(5));
    assert!(!dir.join("x.arb").exists());
    let out = run(&["store", "copy", f, &url]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("#EVENT"));
}
