//! Undo: pair, enter results, undo three times — the exported TRF is the one
//! saved before those actions, and the journal still holds every entry.

mod event_support;

use event_support::{export, ok, pairings, refused, scratch};

#[test]
fn three_undos_restore_the_exported_trf() {
    let dir = scratch("event-undo");
    let ev = dir.join("undo.arb");
    let e = ev.to_str().unwrap();
    ok(&[
        "new",
        e,
        "--name",
        "Undo Open",
        "--rounds",
        "5",
        "--system",
        "round-robin",
    ]);
    for (name, rating) in [
        ("A", "2200"),
        ("B", "2100"),
        ("C", "2000"),
        ("D", "1900"),
        ("E", "1800"),
        ("F", "1700"),
    ] {
        ok(&["player", "add", e, "--name", name, "--rating", rating]);
    }
    ok(&["pair", e]);
    for board in 1..=3 {
        ok(&["result", e, "1", &board.to_string(), "1-0"]);
    }
    let saved = export(&ev);
    assert!(saved.contains("001    1"), "round 1 exported:\n{saved}");

    ok(&["pair", e]);
    assert_eq!(pairings(&ev, 2).len(), 3);
    ok(&["result", e, "2", "1", "1/2"]);
    ok(&["result", e, "2", "2", "0-1"]);
    let round2 = ok(&["pairings", e, "--round", "2"]);
    assert!(round2.contains("1/2") && round2.contains("0-1"), "{round2}");
    for _ in 0..3 {
        ok(&["undo", e]);
    }
    assert_eq!(export(&ev), saved);
    refused(&ev, &["pairings", e, "--round", "2"]);

    // Append-only: the cancelled entries are still in the journal.
    let log = ok(&["log", e]);
    assert_eq!(log.matches("[undone by").count(), 3, "{log}");
    assert!(log.contains("round 2 paired"), "{log}");
    // Round 1 is complete again, so round 2 can be paired anew.
    ok(&["pair", e]);
    refused(&ev, &["pair", e]);
}

#[test]
fn undo_cancels_a_whole_import_and_stops_at_creation() {
    let dir = scratch("event-undo-import");
    let ev = dir.join("import.arb");
    let e = ev.to_str().unwrap();
    let csv = dir.join("players.csv");
    std::fs::write(
        &csv,
        "name,rating,fide-id\nOne,2000,11\nTwo,1900,12\nThree,1800,13\n",
    )
    .unwrap();
    ok(&["new", e, "--name", "Import", "--rounds", "3"]);
    let empty = export(&ev);
    ok(&["player", "import", e, csv.to_str().unwrap()]);
    assert_eq!(ok(&["player", "list", e]).lines().count(), 4);
    let out = ok(&["undo", e]);
    assert_eq!(out.lines().count(), 3, "{out}");
    assert_eq!(export(&ev), empty);
    let msg = refused(&ev, &["undo", e]);
    assert!(msg.contains("nothing to undo"), "{msg}");
}
