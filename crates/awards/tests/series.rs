//! Grand Prix series: the worked example of fees-and-series.md §2.6 and
//! the counting, tie-break and identity rules, by hand.

mod common;

use arbiter_awards::series::{Best, SeriesLine};
use arbiter_awards::{AwardsError, Series, SeriesEvent, series_standings};
use common::*;

const LECCE: &str = r#"
name = "Lecce rules"
events = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
points = [25, 20, 17, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
min_points = 1
best = "70%"
bonus_per_event = 2
identity = ["fide-id", "name+birth"]
tiebreaks = ["discarded", "best-single", "last-event-place"]
"#;

/// Ten events where X and Y finish at `places` (0 = absent), the other
/// places filled by players with their own FIDE ids.
fn ten_events(x: [u32; 10], y: [u32; 10]) -> Vec<SeriesEvent> {
    (0..10)
        .map(|e| {
            let size = 12;
            let mut fill = 1000 * (e as u64 + 1);
            let lines = (1..=size)
                .map(|place| {
                    if x[e] == place {
                        line(0, "X", "0").fide_id(1)
                    } else if y[e] == place {
                        line(0, "Y", "0").fide_id(2)
                    } else {
                        fill += 1;
                        filler(fill)
                    }
                })
                .collect();
            event(&format!("{}", e + 1), lines)
        })
        .collect()
}

fn find<'a>(lines: &'a [SeriesLine], name: &str) -> &'a SeriesLine {
    lines.iter().find(|l| l.name == name).expect(name)
}

/// §2.6: X played 9 of 10 events, places 1 3 2 5 4 10 8 2 1 -> 25 17 20 14
/// 15 9 11 20 25; best 7 = 136 (11 and 9 discarded) + 9 x 2 = 154. Y played
/// 7, places 1 1 2 2 3 4 3 -> 139 + 14 = 153. X is ahead.
#[test]
fn worked_example_of_the_lecce_rules() {
    let series = Series::parse(LECCE).unwrap();
    assert_eq!(series.best, Best::Percent(70));
    let events = ten_events(
        [1, 3, 2, 5, 4, 10, 8, 2, 1, 0],
        [0, 1, 3, 1, 2, 2, 3, 0, 0, 4],
    );
    let s = series_standings(&series, &events, None).unwrap();
    assert_eq!(s.counted, 7);
    let x = find(&s.lines, "X");
    let y = find(&s.lines, "Y");
    assert_eq!((x.total, x.bonus, x.events_played), (154, 18, 9));
    assert_eq!((y.total, y.bonus, y.events_played), (153, 14, 7));
    assert_eq!((x.rank, y.rank), (1, 2));
    let discarded: Vec<u32> = x
        .results
        .iter()
        .flatten()
        .filter(|r| !r.counted)
        .map(|r| r.points)
        .collect();
    assert_eq!(discarded, vec![9, 11]);
    assert!(y.results.iter().flatten().all(|r| r.counted));
    assert_eq!(x.results[9], None);
}

/// The series tie-breaks of seed 000 in their order, each deciding a case
/// the previous ones leave tied (all by hand).
#[test]
fn ties_by_discarded_results_then_best_single_then_last_event() {
    let with_best = |best: &str| Series::parse(&LECCE.replace("best = \"70%\"", best)).unwrap();
    let ranks = |series: &Series, x: [u32; 10], y: [u32; 10]| {
        let s = series_standings(series, &ten_events(x, y), None).unwrap();
        let (x, y) = (find(&s.lines, "X"), find(&s.lines, "Y"));
        ((x.total, x.rank, x.rank_to), (y.total, y.rank, y.rank_to))
    };
    // Best 4. X: 1 2 3 4 | 10 -> 25 20 17 15 | 9; Y: 2 1 4 3 | 9 -> 20 25 15
    // 17 | 10. Both 77 + 5 x 2 = 87; Y's discarded 10 beats X's 9.
    let four = with_best("best = 4");
    assert_eq!(
        ranks(
            &four,
            [1, 2, 3, 4, 10, 0, 0, 0, 0, 0],
            [2, 1, 4, 3, 0, 9, 0, 0, 0, 0]
        ),
        ((87, 2, 2), (87, 1, 1))
    );
    // Every result counts. X: 1 4 -> 25 + 15; Y: 2 2 -> 20 + 20; both 40 +
    // 4, no discards: X's best single result (25) decides.
    let all = with_best("best = 10");
    assert_eq!(
        ranks(
            &all,
            [1, 4, 0, 0, 0, 0, 0, 0, 0, 0],
            [2, 2, 0, 0, 0, 0, 0, 0, 0, 0]
        ),
        ((44, 1, 1), (44, 2, 2))
    );
    // X: 1st in event 1, 2nd in event 10; Y the reverse: the same results,
    // Y's better place in the last event decides.
    assert_eq!(
        ranks(
            &all,
            [1, 0, 0, 0, 0, 0, 0, 0, 0, 2],
            [2, 0, 0, 0, 0, 0, 0, 0, 0, 1]
        ),
        ((49, 2, 2), (49, 1, 1))
    );
    // The same without the last event: nothing separates them.
    assert_eq!(
        ranks(
            &all,
            [1, 2, 0, 0, 0, 0, 0, 0, 0, 0],
            [2, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        ),
        ((49, 1, 2), (49, 1, 2))
    );
}

/// Players are matched by FIDE id, then by name and birth date; a match
/// that two series players could claim is reported, not guessed.
#[test]
fn identity_keys_and_ambiguous_matches() {
    let series = Series::parse(LECCE).unwrap();
    let rossi = |fide: Option<u64>, birth: &str| {
        let l = line(0, "Rossi,  Mario", "0").born(birth);
        match fide {
            Some(f) => l.fide_id(f),
            None => l,
        }
    };
    // Event 2's Rossi has no FIDE id: name + birth (a year matches a full
    // date of that year) identifies him with event 1's.
    let events = vec![
        event("1", vec![rossi(Some(7), "1980-05-05"), filler(1)]),
        event(
            "2",
            vec![line(0, "ROSSI, Mario", "0").born("1980"), filler(1)],
        ),
    ];
    let s = series_standings(&series, &events, None).unwrap();
    assert_eq!(s.lines.len(), 2);
    let r = find(&s.lines, "ROSSI, Mario");
    assert_eq!((r.events_played, r.total), (2, 25 + 25 + 4));
    // Two Rossis born in 1980 with different FIDE ids, then one without an
    // id: he could be either.
    let events = vec![
        event(
            "1",
            vec![rossi(Some(7), "1980-05-05"), rossi(Some(8), "1980-09-09")],
        ),
        event("2", vec![rossi(None, "1980")]),
    ];
    let e = series_standings(&series, &events, None).unwrap_err();
    assert_eq!(
        e,
        AwardsError::Ambiguous(vec![
            "2: Rossi,  Mario matches 2 series players by NameBirth".to_string()
        ])
    );
    // No key at all and a name already seen: reported.
    let events = vec![
        event("1", vec![line(0, "Bianchi", "0")]),
        event("2", vec![line(0, "Bianchi", "0")]),
    ];
    assert!(matches!(
        series_standings(&series, &events, None),
        Err(AwardsError::Ambiguous(_))
    ));
}

/// An event whose standings share a place cannot give place points.
#[test]
fn shared_places_in_an_event_are_refused() {
    let series = Series::parse(LECCE).unwrap();
    let mut ev = event("1", vec![filler(1), filler(2)]);
    ev.lines[0].rank_to = 2;
    ev.lines[1].rank = 1;
    let e = series_standings(&series, &[ev], None).unwrap_err();
    assert!(e.to_string().contains("shares place 1-2"), "{e}");
}

#[test]
fn malformed_series_files_name_the_key() {
    for (text, key) in [
        (LECCE.replace("\"70%\"", "\"70\""), "best"),
        (LECCE.replace("\"70%\"", "\"170%\""), "best"),
        (
            LECCE.replace("points = [25, 20", "points = [20, 25"),
            "points",
        ),
        (LECCE.replace("\"fide-id\"", "\"fide\""), "identity"),
        (
            format!("{LECCE}\n[prizes]\ncurrency = \"EUR\"\nsharing = \"x\""),
            "prizes",
        ),
        (
            format!(
                "{LECCE}\n[prizes]\ncurrency = \"EUR\"\n[[prizes.prize]]\nlabel = \"a\"\ncategory = \"d\"\namount = 1"
            ),
            "prizes.prize[1].category",
        ),
    ] {
        let e = Series::parse(&text).unwrap_err().to_string();
        assert!(e.contains(key), "{key}: {e}");
    }
}

#[test]
fn percentages_round_up() {
    assert_eq!(Best::Percent(70).of(10), 7);
    assert_eq!(Best::Percent(70).of(19), 14);
    assert_eq!(Best::Percent(70).of(6), 5);
    assert_eq!(Best::Count(7).of(5), 5);
}
