//! The rules the workflow enforces: each refusal has a clear message, exit
//! code 3, and leaves the event file unchanged.

mod event_support;

use event_support::{Scratch, ok, pairings, refused, scratch};

/// Five players, Italo-Swiss (a bye every round).
fn event(name: &str) -> (Scratch, std::path::PathBuf, String) {
    let dir = scratch(name);
    let ev = dir.join("rules.arb");
    let e = ev.to_str().unwrap().to_string();
    ok(&[
        "new",
        &e,
        "--name",
        "Rules",
        "--rounds",
        "5",
        "--system",
        "italo-swiss",
    ]);
    for (i, rating) in ["2300", "2200", "2100", "2000", "1900"].iter().enumerate() {
        let id = ok(&[
            "player",
            "add",
            &e,
            "--name",
            &format!("Player {i}"),
            "--rating",
            rating,
            "--fide-id",
            &format!("{}", 1000 + i),
        ]);
        assert_eq!(event_support::registered_id(&id), i as u32 + 1);
    }
    (dir, ev, e)
}

#[test]
fn registration_rules() {
    let (_dir, ev, e) = event("event-rules-registration");
    let msg = refused(
        &ev,
        &["player", "add", &e, "--name", "Twin", "--fide-id", "1002"],
    );
    assert!(
        msg.contains("FIDE id 1002 is already registered (player 3"),
        "{msg}"
    );
    let msg = refused(
        &ev,
        &["player", "add", &e, "--name", "X", "--rating", "abc"],
    );
    assert!(msg.contains("rating"), "{msg}");
    let msg = refused(&ev, &["player", "add", &e, "--name", "X", "--sex", "q"]);
    assert!(msg.contains("sex"), "{msg}");
    // A rating correction before round 1 changes the initial ranking.
    ok(&[
        "player", "update", &e, "5", "--rating", "2400", "--title", "IM",
    ]);
    let list = ok(&["player", "list", &e]);
    let top = list.lines().nth(1).unwrap();
    assert!(
        top.trim_start().starts_with("5    1  Player 4") && top.contains("IM"),
        "{list}"
    );
    let msg = refused(&ev, &["player", "update", &e, "5", "--fide-id", "1000"]);
    assert!(
        msg.contains("FIDE id 1000 is already registered (player 1"),
        "{msg}"
    );

    let dir = ev.parent().unwrap();
    let csv = dir.join("dup.csv");
    std::fs::write(&csv, "name,fide-id\nNew One,5000\nOld One,1004\n").unwrap();
    let msg = refused(&ev, &["player", "import", &e, csv.to_str().unwrap()]);
    assert!(
        msg.contains("FIDE id 1004") && msg.contains("nothing was imported"),
        "{msg}"
    );
    std::fs::write(&csv, "name,rating\nA,2000\nB,twelve\n").unwrap();
    let msg = refused(&ev, &["player", "import", &e, csv.to_str().unwrap()]);
    assert!(msg.contains("line 3, field rating"), "{msg}");
    std::fs::write(&csv, "name,elo\nA,2000\n").unwrap();
    let msg = refused(&ev, &["player", "import", &e, csv.to_str().unwrap()]);
    assert!(msg.contains("unknown column 'elo'"), "{msg}");
}

#[test]
fn round_rules() {
    let (_dir, ev, e) = event("event-rules-rounds");
    ok(&["pair", &e]);
    let r1 = pairings(&ev, 1);
    assert_eq!(r1.len(), 3, "two boards and the bye: {r1:?}");
    assert_eq!(r1[2].2, 0, "the bye is the last line, Black 0");

    let msg = refused(&ev, &["pair", &e]);
    assert!(msg.contains("2 result(s) of round 1 are missing"), "{msg}");
    ok(&["result", &e, "1", "1", "1-0"]);
    let msg = refused(&ev, &["pair", &e]);
    assert!(
        msg.contains("1 result(s) of round 1 are missing (boards 2)"),
        "{msg}"
    );

    let msg = refused(&ev, &["result", &e, "1", "3", "1-0"]);
    assert!(msg.contains("pairing-allocated bye"), "{msg}");
    let msg = refused(&ev, &["result", &e, "1", "4", "1-0"]);
    assert!(msg.contains("no board 4"), "{msg}");
    let msg = refused(&ev, &["result", &e, "2", "1", "1-0"]);
    assert!(msg.contains("round 2 is not paired"), "{msg}");
    let msg = refused(&ev, &["result", &e, "1", "2", "2-0"]);
    assert!(msg.contains("not a result"), "{msg}");
    ok(&["result", &e, "1", "2", "-/-"]);
    let out = ok(&["result", &e, "1", "2", "-/+"]);
    assert!(out.contains("corrected from -/-"), "{out}");
    assert!(ok(&["log", &e]).contains("board 2: -/+  (correction of -/-)"));

    // Round 2: a manual pairing of two players who already played needs
    // --override, and the override is logged.
    ok(&["pair", &e]);
    let (_, w1, b1) = r1[0];
    let msg = refused(
        &ev,
        &[
            "pairing",
            "set",
            &e,
            "2",
            "1",
            &w1.to_string(),
            &b1.to_string(),
        ],
    );
    assert!(
        msg.contains("already played each other") && msg.contains("--override"),
        "{msg}"
    );
    ok(&[
        "pairing",
        "set",
        &e,
        "2",
        "1",
        &w1.to_string(),
        &b1.to_string(),
        "--override",
    ]);
    let log = ok(&["log", &e]);
    assert!(
        log.contains("OVERRIDE") && log.contains("engine proposed"),
        "{log}"
    );
    assert_eq!(pairings(&ev, 2)[0], (1, w1, b1));

    // A forfeited game is no meeting (C.04.2 Art. 3.5): board 2 of round 1.
    let (_, w2, b2) = r1[1];
    ok(&[
        "pairing",
        "set",
        &e,
        "2",
        "2",
        &b2.to_string(),
        &w2.to_string(),
    ]);
}

#[test]
fn forbidden_pairs_and_byes() {
    let (_dir, ev, e) = event("event-rules-forbidden");
    let msg = refused(&ev, &["forbid", &e, "1", "9"]);
    assert!(msg.contains("no player with id 9"), "{msg}");
    ok(&["bye", &e, "5", "--round", "1", "--points", "half"]);
    let msg = refused(&ev, &["bye", &e, "5", "--round", "1", "--points", "full"]);
    assert!(msg.contains("already has a bye"), "{msg}");
    let msg = refused(&ev, &["bye", &e, "5", "--round", "6", "--points", "half"]);
    assert!(msg.contains("section 'main' has 5 rounds"), "{msg}");
    let msg = refused(&ev, &["bye", &e, "4", "--round", "2", "--points", "some"]);
    assert!(msg.contains("half, zero or full"), "{msg}");
    ok(&["bye", &e, "5", "--round", "1", "--cancel"]);
    ok(&["player", "withdraw", &e, "4"]);
    let msg = refused(&ev, &["player", "withdraw", &e, "4"]);
    assert!(msg.contains("already withdrawn"), "{msg}");
    ok(&["player", "reinstate", &e, "4"]);
    ok(&["pair", &e]);
    // Players 1 and 2 become a forbidden pair: a manual board needs --override.
    ok(&["forbid", &e, "1", "2"]);
    let msg = refused(&ev, &["pairing", "set", &e, "1", "1", "1", "2"]);
    assert!(msg.contains("forbidden pair"), "{msg}");
    let export = ok(&["export", "trf", &e]);
    assert!(export.contains("260 001 005    1    2"), "{export}");
    let msg = refused(&ev, &["bye", &e, "1", "--round", "1", "--points", "half"]);
    assert!(msg.contains("round 1 is already paired"), "{msg}");
    let msg = refused(&ev, &["section", "add", &e, "main", "--rounds", "3"]);
    assert!(msg.contains("section 'main' already exists"), "{msg}");
    let msg = refused(&ev, &["player", "list", &e, "--section", "B"]);
    assert!(msg.contains("no section 'B'"), "{msg}");
}

#[test]
fn files_that_are_not_events() {
    let dir = scratch("event-rules-files");
    let missing = dir.join("missing.arb");
    let out = event_support::run(&["log", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no such event file"));
    let text = dir.join("text.arb");
    std::fs::write(&text, "not a database").unwrap();
    let out = event_support::run(&["log", text.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(5));
    ok(&[
        "new",
        text.with_extension("ok").to_str().unwrap(),
        "--name",
        "X",
        "--rounds",
        "1",
    ]);
    let out = event_support::run(&[
        "new",
        text.to_str().unwrap(),
        "--name",
        "X",
        "--rounds",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
    assert_eq!(std::fs::read_to_string(&text).unwrap(), "not a database");
}

#[test]
fn concurrent_commands_are_all_recorded() {
    let dir = scratch("event-concurrent");
    let ev = dir.join("busy.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "Busy", "--rounds", "5"]);
    let handles: Vec<_> = (0..8)
        .map(|i| {
            let e = e.to_string();
            std::thread::spawn(move || {
                ok(&[
                    "player",
                    "add",
                    &e,
                    "--name",
                    &format!("Runner {i}"),
                    "--fide-id",
                    &(500 + i).to_string(),
                ])
            })
        })
        .collect();
    let mut ids: Vec<u32> = handles
        .into_iter()
        .map(|h| event_support::registered_id(&h.join().unwrap()))
        .collect();
    ids.sort();
    assert_eq!(ids, (1..=8).collect::<Vec<_>>());
    assert_eq!(ok(&["player", "list", e]).lines().count(), 9);
}
