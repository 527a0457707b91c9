//! Issue 10 item 10: an event's export passes `trf check` and imports
//! again, whatever its scoring, with every header record a rating officer
//! needs, dates in TRF's forms.

mod event_support;

use event_support::{export, ok, run, scratch};

#[test]
fn ten_point_scoring_and_dates_export_and_import_again() {
    let dir = scratch("event-export");
    let ev = dir.join("open.arb");
    let e = ev.to_str().unwrap();
    ok(&[
        "new",
        e,
        "--name",
        "City Open",
        "--rounds",
        "3",
        "--scoring",
        "10,5,0",
    ]);
    for (name, rating) in [
        ("Alpha, Ann", "2200"),
        ("Beta, Bob", "2100"),
        ("Gamma, Cy", "0"),
        ("Delta, Di", "1900"),
    ] {
        ok(&["player", "add", e, "--name", name, "--rating", rating]);
    }
    ok(&[
        "event",
        "set",
        e,
        "--city",
        "Torino",
        "--fed",
        "ITA",
        "--start",
        "2026-01-02",
        "--end",
        "2026-01-04",
        "--chief-arbiter",
        "IA Rossi, Mario",
        "--deputies",
        "FA Lia Bianchi",
        "--time-control",
        "90 min + 30 s",
        "--kind",
        "Individual: Swiss-System",
        "--round-dates",
        "2026-01-02,26/01/03,2026/01/04",
    ]);
    ok(&["pair", e]);
    ok(&["result", e, "1", "1", "1-0"]);
    ok(&["result", e, "1", "2", "1/2-1/2"]);
    let text = export(&ev);
    let lines: Vec<&str> = text.split('\r').collect();
    for header in [
        "012 City Open",
        "022 Torino",
        "032 ITA",
        "042 2026/01/02",
        "052 2026/01/04",
        "062 4",
        "072 3",
        "092 Individual: Swiss-System",
        "102 IA Rossi, Mario",
        "112 FA Lia Bianchi",
        "122 90 min + 30 s",
        "162  W10.0    D 5.0",
    ] {
        assert!(lines.contains(&header), "{header} in {lines:?}");
    }
    let r132 = format!("{:<91}26/01/02  26/01/03  26/01/04", "132");
    assert!(lines.contains(&r132.as_str()), "{lines:?}");
    let file = dir.join("open.trf");
    std::fs::write(&file, &text).unwrap();
    let check = ok(&["trf", "check", file.to_str().unwrap()]);
    assert_eq!(
        check,
        "City Open: 4 players, 1 of 3 rounds played, scoring 10.0-5.0-0.0\n"
    );
    let again = dir.join("again.arb");
    ok(&[
        "import",
        "trf",
        file.to_str().unwrap(),
        again.to_str().unwrap(),
    ]);
    assert_eq!(export(&again), text);
}

#[test]
fn impossible_dates_are_refused_at_input() {
    let dir = scratch("event-export-dates");
    let ev = dir.join("open.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "City Open", "--rounds", "3"]);
    let out = run(&["event", "set", e, "--start", "2026-02-30"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("--start: '2026-02-30' is not a date (expected YYYY-MM-DD)"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
