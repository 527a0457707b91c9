//! The Grand Prix worked example of fees-and-series.md §2.6 through the
//! command line: ten events written as TRF files (round robins of 12 whose
//! places are known by construction, see `event_support::fields`), the
//! series file naming them, `arbiter series standings --format json`.
//! Expected values are the specification's, worked out in the comments.

mod event_support;

use event_support::fields::{Seat, file, json, round_robin_trf, seat};
use event_support::scratch;

/// Seat of place `place` (1 = first) in a round robin of 12: the higher
/// the strength, the better the place (each player beats everyone below).
fn at_place(name: &str, place: u32, fide_id: u64) -> Seat {
    seat(name, 13 - place).fide_id(fide_id)
}

/// §2.6: X played 9 of the 10 events, places 1 3 2 5 4 10 8 2 1 -> 25 17
/// 20 14 15 9 11 20 25; the best 7 = 136 (11 and 9 discarded) + 9 × 2 =
/// 154. Y played 7, places 1 3 1 2 2 3 4 (events 2-7 and 10) -> 25 17 25
/// 20 20 17 15 = 139 + 7 × 2 = 153. X is ahead.
#[test]
fn the_lecce_worked_example() {
    let dir = scratch("awards-series");
    let x = [1, 3, 2, 5, 4, 10, 8, 2, 1, 0];
    let y = [0, 1, 3, 1, 2, 2, 3, 0, 0, 4];
    let mut names = Vec::new();
    for e in 0..10 {
        let mut filler = 1000 * (e as u64 + 1);
        let seats: Vec<Seat> = (1..=12)
            .map(|place| {
                if x[e] == place {
                    at_place("X, Xavier", place, 1)
                } else if y[e] == place {
                    at_place("Y, Yvonne", place, 2)
                } else {
                    filler += 1;
                    at_place(&format!("Filler, No{filler}"), place, filler)
                }
            })
            .collect();
        let name = format!("gp{:02}.trf", e + 1);
        let start = format!("2012-{:02}-01", e + 1);
        file(&dir, &name, &round_robin_trf(&name, &start, &seats));
        names.push(format!("\"{name}\""));
    }
    let series = file(
        &dir,
        "series.toml",
        &format!(
            r#"name = "Lecce rules"
events = [{}]
points = [25, 20, 17, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
min_points = 1
best = "70%"
bonus_per_event = 2
identity = ["fide-id", "name+birth"]
tiebreaks = ["discarded", "best-single", "last-event-place"]
"#,
            names.join(", ")
        ),
    );
    let doc = json(&[
        "series",
        "standings",
        series.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(doc["counted"], 7, "70 % of 10 events");
    let line = |name: &str| {
        doc["lines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {doc}"))
            .clone()
    };
    let (lx, ly) = (line("X, Xavier"), line("Y, Yvonne"));
    let summary = |l: &serde_json::Value| {
        (
            l["rank"].clone(),
            l["total"].clone(),
            l["bonus"].clone(),
            l["events_played"].clone(),
        )
    };
    assert_eq!(summary(&lx), (1.into(), 154.into(), 18.into(), 9.into()));
    assert_eq!(summary(&ly), (2.into(), 153.into(), 14.into(), 7.into()));
    let points = |l: &serde_json::Value, counted: bool| -> Vec<u64> {
        l["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| !r.is_null() && r["counted"] == counted)
            .map(|r| r["points"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(points(&lx, true), [25, 17, 20, 14, 15, 20, 25]);
    assert_eq!(points(&lx, false), [9, 11]);
    assert_eq!(points(&ly, true), [25, 17, 25, 20, 20, 17, 15]);
    assert!(points(&ly, false).is_empty(), "Y's 7 results all count");
    assert!(lx["results"][9].is_null(), "X missed the last event");
}
