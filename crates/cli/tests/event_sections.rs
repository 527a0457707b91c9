//! Sections (the five groups of seed 002), late entries and TRF import.

mod event_support;

use std::process::Command;

use event_support::{export, ok, pairings, refused, scratch};

#[test]
fn sections_are_paired_and_exported_separately() {
    let dir = scratch("event-sections");
    let ev = dir.join("festival.arb");
    let e = ev.to_str().unwrap();
    ok(&[
        "new",
        e,
        "--name",
        "Festival",
        "--section",
        "A",
        "--rounds",
        "9",
        "--system",
        "italo-swiss",
        "--tiebreaks",
        "BH,BH,WIN,PS",
    ]);
    for code in ["B", "C", "D", "E"] {
        ok(&[
            "section",
            "add",
            e,
            code,
            "--rounds",
            "9",
            "--system",
            "italo-swiss",
        ]);
    }
    let mut next = 1;
    for (code, base) in [("A", 2300), ("B", 1800)] {
        for i in 0..4 {
            let id = ok(&[
                "player",
                "add",
                e,
                "--section",
                code,
                "--name",
                &format!("{code} player {i}"),
                "--rating",
                &(base - 10 * i).to_string(),
                "--fide-id",
                &(next * 100).to_string(),
            ]);
            assert_eq!(event_support::registered_id(&id), next);
            next += 1;
        }
    }
    // One FIDE id per event, whatever the section.
    let msg = refused(
        &ev,
        &[
            "player",
            "add",
            e,
            "--section",
            "C",
            "--name",
            "Twin",
            "--fide-id",
            "100",
        ],
    );
    assert!(msg.contains("FIDE id 100"), "{msg}");
    let msg = refused(&ev, &["forbid", e, "1", "5"]);
    assert!(msg.contains("different sections"), "{msg}");

    ok(&["pair", e, "--section", "B"]);
    let boards = pairings_of(e, "B");
    assert_eq!(boards.len(), 2);
    assert!(
        boards
            .iter()
            .all(|(_, w, b)| (5..=8).contains(w) && (5..=8).contains(b))
    );
    let msg = refused(&ev, &["pairings", e]);
    assert!(
        msg.contains("round 0 of section 'A' is not paired"),
        "{msg}"
    );
    ok(&["pair", e, "--section", "A"]);
    assert_eq!(pairings(&ev, 1).len(), 2, "section A is the first section");

    let b = ok(&["export", "trf", e, "--section", "B"]);
    assert_eq!(b.matches("\r001 ").count(), 4);
    assert!(b.contains("B player 0") && !b.contains("A player 0"));
    ok(&[
        "event",
        "set",
        e,
        "--city",
        "Warszawa",
        "--fed",
        "POL",
        "--chief-arbiter",
        "Kowalski, Jan",
    ]);
    let a = export(&ev);
    assert!(a.contains("202 BH,BH,WIN,PS"), "{a}");
    assert!(
        a.contains("022 Warszawa\r032 POL\r062 4\r072 4\r102 Kowalski, Jan\r"),
        "{a}"
    );
}

fn pairings_of(e: &str, section: &str) -> Vec<(u32, u32, u32)> {
    ok(&["pairings", e, "--section", section, "--format", "tsv"])
        .lines()
        .map(|l| {
            let v: Vec<u32> = l.split('\t').map(|x| x.parse().unwrap()).collect();
            (v[0], v[1], v[2])
        })
        .collect()
}

#[test]
fn a_late_entry_gets_his_place_in_the_ranking() {
    let dir = scratch("event-late-entry");
    let ev = dir.join("late.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "Late", "--rounds", "5"]);
    for (name, rating) in [
        ("Alpha", "2200"),
        ("Bravo", "2000"),
        ("Charlie", "1800"),
        ("Delta", "1600"),
    ] {
        ok(&["player", "add", e, "--name", name, "--rating", rating]);
    }
    ok(&["pair", e]);
    for board in 1..=2 {
        ok(&["result", e, "1", &board.to_string(), "1-0"]);
    }
    // Registered after round 1 with the second-best rating: TPN 2 (C.04.2
    // Art. 2.4), zero points and no pairing for round 1.
    assert_eq!(
        event_support::registered_id(&ok(&[
            "player", "add", e, "--name", "Echo", "--rating", "2100"
        ])),
        5
    );
    let list = ok(&["player", "list", e]);
    let echo = list.lines().find(|l| l.contains("Echo")).unwrap();
    assert!(echo.trim_start().starts_with("5    2"), "{list}");
    // Known before the next rounds are paired: TRF26 240 records, by TPN
    // (Alpha 1, Echo 2, Bravo 3, Charlie 4, Delta 5).
    ok(&["bye", e, "2", "--round", "3", "--points", "half"]);
    ok(&["player", "withdraw", e, "4"]);
    let trf = export(&ev);
    assert!(trf.contains("\r240 Z 002    5\r240 H 003    3\r"), "{trf}");
    let line = trf.split('\r').find(|l| l.contains("Echo")).unwrap();
    assert!(line.starts_with("001    2"), "{line}");
    assert!(line.ends_with("0000 - Z"), "{line}");
    ok(&["pair", e]);
    let r2 = pairings(&ev, 2);
    assert!(r2.iter().any(|(_, w, b)| *w == 5 || *b == 5), "{r2:?}");
}

#[test]
fn an_italo_swiss_late_entry_takes_the_next_lot_number() {
    let dir = scratch("event-late-entry-italo");
    let ev = dir.join("late.arb");
    let e = ev.to_str().unwrap();
    ok(&[
        "new",
        e,
        "--name",
        "Late",
        "--rounds",
        "3",
        "--system",
        "italo-swiss",
    ]);
    for (name, rating) in [
        ("Alpha", "2200"),
        ("Bravo", "2000"),
        ("Charlie", "1800"),
        ("Delta", "1600"),
    ] {
        ok(&["player", "add", e, "--name", name, "--rating", rating]);
    }
    ok(&["pair", e]);
    for board in 1..=2 {
        ok(&["result", e, "1", &board.to_string(), "1-0"]);
    }
    // Lots are drawn once (spec 06 §3.2); a late entrant sits after the
    // last lot (§3.9), whatever his rating.
    ok(&["player", "add", e, "--name", "Echo", "--rating", "2100"]);
    let list = ok(&["player", "list", e]);
    let echo = list.lines().find(|l| l.contains("Echo")).unwrap();
    assert!(echo.trim_start().starts_with("5    5"), "{list}");
    // Round 2 (start 3, the White of the last pair 3-4): scores 1:1 2:0
    // 3:1 4:0 5:0. Primo 3 takes 1 (score 1 from 4: 1); from 1 the primo
    // is 2 (score 0 from 3: 4, 5) → 2-4; Echo is left over and rests.
    // Colours: 3 and 1 both had White → primo 3 Black: 1-3; 2 and 4 both
    // had Black → primo 2 White: 2-4.
    ok(&["pair", e]);
    assert_eq!(pairings(&ev, 2), vec![(1, 1, 3), (2, 2, 4), (3, 5, 0)]);
}

#[test]
fn a_trf_file_imports_into_an_event_and_exports_the_same_rounds() {
    let corpus = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus/dutch");
    let compare = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/tools/compare_trf.py"
    );
    assert!(
        std::path::Path::new(compare).is_file(),
        "{compare} is missing"
    );
    let mut files: Vec<_> = std::fs::read_dir(corpus)
        .unwrap_or_else(|e| panic!("{corpus}: {e}"))
        .map(|f| f.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    let dir = scratch("event-import-trf");
    for (i, file) in files.iter().step_by(97).enumerate() {
        let ev = dir.join(format!("imported-{i}.arb"));
        let out = ok(&[
            "import",
            "trf",
            file.to_str().unwrap(),
            ev.to_str().unwrap(),
        ]);
        assert!(out.starts_with("imported"), "{out}");
        let back = dir.join(format!("exported-{i}.trf"));
        ok(&[
            "export",
            "trf",
            ev.to_str().unwrap(),
            "-o",
            back.to_str().unwrap(),
        ]);
        let diff = Command::new("python3")
            .arg(compare)
            .arg(file)
            .arg(&back)
            .output()
            .unwrap();
        // The export adds 142/152 (total rounds, initial colour) and the
        // counts 062/072 (players, rated players), and ranks by the
        // tie-breaks; players, points and every round must be equal.
        let text = String::from_utf8_lossy(&diff.stdout);
        let added = [
            "header 142: None",
            "header 152: None",
            "header 062: None",
            "header 072: None",
        ];
        let unexpected: Vec<&str> = text
            .lines()
            .filter(|l| !added.iter().any(|a| l.starts_with(a)))
            .filter(|l| !l.contains(" rank: ") && !l.ends_with(" differences"))
            .collect();
        assert!(
            unexpected.is_empty(),
            "{}:\n{}",
            file.display(),
            unexpected.join("\n")
        );
    }
}
