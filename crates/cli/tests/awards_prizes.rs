//! The worked examples of prizes.md §7 and §3.3 through the command line:
//! events built by `import trf` (round robins whose standings are known by
//! construction, see `event_support::fields`), attributes set by `player
//! update`, plans set by `prizes set`, prizes read from `prizes --format
//! json` and the explanations from the text form. Expected values come
//! from the specification's tables or are worked out by hand in the
//! comments.

mod event_support;

use event_support::fields::{absent, awards, expect, file, import, json, seat, voids};
use event_support::{ok, refused, run, scratch};

const PLACES_100_TO_10: &str = r#"
[[prize]]
label = "1st"
place = 1
amount = 100
[[prize]]
label = "2nd"
place = 2
amount = 80
[[prize]]
label = "3rd"
place = 3
amount = 60
[[prize]]
label = "4th"
place = 4
amount = 40
[[prize]]
label = "5th"
place = 5
amount = 20
[[prize]]
label = "6th"
place = 6
amount = 10
"#;

/// Sets `plan` as the prize plan of the event's first section.
fn set_plan(event: &std::path::Path, name: &str, plan: &str) {
    let dir = event.parent().expect("folder");
    let path = file(dir, name, plan);
    let out = ok(&[
        "prizes",
        "set",
        event.to_str().expect("path"),
        path.to_str().expect("path"),
    ]);
    assert!(out.contains("prize plan set"), "{out}");
}

/// The §3.3 field: A B tied on top, C alone, D E F tied, G and H below
/// (strengths 7 7 6 5 5 5 4 3): scores A 6.5 B 6.5 C 5 D E F 3 G 1 H 0;
/// the last resort TPN orders A before B and D before E before F.
fn hort_event(dir: &std::path::Path) -> std::path::PathBuf {
    let seats = [
        seat("A", 7),
        seat("B", 7),
        seat("C", 6),
        seat("D", 5),
        seat("E", 5),
        seat("F", 5),
        seat("G", 4),
        seat("H", 3),
    ];
    import(dir, "hort", "2026-05-01", &seats)
}

/// prizes.md §3.3, the table: 100/80/60/40/20/10. Hort: A keeps 50, B 40,
/// the pot 45 + 45 = 90 shared by 2: A 95, B 85; C alone 60; D E F keep 20,
/// 10, 5 and share the pot 35 by 3 = 11.666…: 31.67, 21.67, 16.67 exact,
/// rounded down to the unit (31, 21, 16 = 68) with the remaining 2 units
/// to D and E in tie-break order: 32, 22, 16. Equal sharing: A B 90 each;
/// D E F 70 / 3 = 23.33: 23 each and the remaining unit to D: 24, 23, 23.
/// By tie-break: the prize of each place.
#[test]
fn hort_table_equal_shares_and_tie_breaks() {
    let dir = scratch("awards-hort");
    let ev = hort_event(&dir);
    let e = ev.to_str().unwrap();
    let prizes = |sharing: &str| {
        set_plan(
            &ev,
            &format!("{sharing}.toml"),
            &format!("currency = \"EUR\"\nsharing = \"{sharing}\"\n{PLACES_100_TO_10}"),
        );
        json(&["prizes", e, "--last-resort", "tpn", "--format", "json"])
    };
    let hort = prizes("hort");
    assert_eq!(
        awards(&hort),
        expect(&[
            ("1st", 1, "95.00"),
            ("2nd", 2, "85.00"),
            ("3rd", 3, "60.00"),
            ("4th", 4, "32.00"),
            ("5th", 5, "22.00"),
            ("6th", 6, "16.00"),
        ])
    );
    assert_eq!(hort["section"], "main");
    assert_eq!(hort["currency"], "EUR");
    let first = &hort["awards"][0];
    assert_eq!(
        (first["name"].as_str(), first["rank"].as_u64()),
        (Some("A"), Some(1))
    );
    assert_eq!(first["shared_with"], serde_json::json!([2]));
    assert_eq!(hort["awards"][3]["shared_with"], serde_json::json!([5, 6]));
    assert_eq!(hort["void"], serde_json::json!([]));
    let text = ok(&["prizes", e, "--last-resort", "tpn"]);
    assert!(
        text.contains(
            "overall: places 4-6 tied on 3.0, prizes D 40.00 + E 20.00 + F 10.00 = 70.00; \
             Hort: each keeps half of his own (D 20.00, E 10.00, F 5.00), the pot 35.00 is \
             split by 3 = ~11.67 each -> D 32.00, E 22.00, F 16.00"
        ),
        "{text}"
    );
    assert!(text.contains("prizes after round 7 of 7"), "{text}");

    assert_eq!(
        awards(&prizes("equal")),
        expect(&[
            ("1st", 1, "90.00"),
            ("2nd", 2, "90.00"),
            ("3rd", 3, "60.00"),
            ("4th", 4, "24.00"),
            ("5th", 5, "23.00"),
            ("6th", 6, "23.00"),
        ])
    );
    assert_eq!(
        awards(&prizes("none")),
        expect(&[
            ("1st", 1, "100.00"),
            ("2nd", 2, "80.00"),
            ("3rd", 3, "60.00"),
            ("4th", 4, "40.00"),
            ("5th", 5, "20.00"),
            ("6th", 6, "10.00"),
        ])
    );
    // Without a last resort A and B share every tie-break: an indivisible
    // prize between them is refused, naming them.
    let msg = refused(&ev, &["prizes", e]);
    assert!(msg.contains("1st: players [1, 2] share place 1-2"), "{msg}");
}

/// The Hort table to the cent (`rounding = "cent"`): D 31.67, E 21.67,
/// F 16.66 — 70.00 in all, the last cent short in tie-break order.
#[test]
fn hort_table_to_the_cent() {
    let dir = scratch("awards-hort-cent");
    let ev = hort_event(&dir);
    set_plan(
        &ev,
        "cent.toml",
        &format!("currency = \"EUR\"\nsharing = \"hort\"\nrounding = \"cent\"\n{PLACES_100_TO_10}"),
    );
    let doc = json(&[
        "prizes",
        ev.to_str().unwrap(),
        "--last-resort",
        "tpn",
        "--format",
        "json",
    ]);
    let paid: Vec<(u64, &str)> = doc["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["id"].as_u64().unwrap(), a["amount"].as_str().unwrap()))
        .collect();
    assert_eq!(
        paid,
        [
            (1, "95.00"),
            (2, "85.00"),
            (3, "60.00"),
            (4, "31.67"),
            (5, "21.67"),
            (6, "16.66")
        ]
    );
}

/// prizes.md §3.3, the group beyond the paid places: 100/80/60 and C, D,
/// E tied for places 3-5 (strengths 5 4 3 3 3 2: A 5, B 4, C D E 3, F 0).
/// Hort: C keeps 30, D and E 0, the pot 30 shared by 3: C 40, D 10, E 10;
/// equal sharing 60 / 3 = 20 each. D's and E's awards name the pooled prize.
#[test]
fn a_tie_group_beyond_the_paid_places() {
    let dir = scratch("awards-beyond");
    let ev = import(
        &dir,
        "beyond",
        "2026-05-01",
        &[
            seat("A", 5),
            seat("B", 4),
            seat("C", 3),
            seat("D", 3),
            seat("E", 3),
            seat("F", 2),
        ],
    );
    let e = ev.to_str().unwrap();
    let three = r#"
[[prize]]
label = "1st"
amount = 100
[[prize]]
label = "2nd"
place = 2
amount = 80
[[prize]]
label = "3rd"
place = 3
amount = 60
"#;
    set_plan(
        &ev,
        "hort.toml",
        &format!("currency = \"EUR\"\nsharing = \"hort\"\n{three}"),
    );
    let doc = json(&["prizes", e, "--last-resort", "tpn", "--format", "json"]);
    assert_eq!(
        awards(&doc),
        expect(&[
            ("1st", 1, "100.00"),
            ("2nd", 2, "80.00"),
            ("3rd", 3, "40.00"),
            ("3rd", 4, "10.00"),
            ("3rd", 5, "10.00"),
        ])
    );
    set_plan(
        &ev,
        "equal.toml",
        &format!("currency = \"EUR\"\nsharing = \"equal\"\n{three}"),
    );
    let doc = json(&["prizes", e, "--last-resort", "tpn", "--format", "json"]);
    let shares: Vec<&str> = doc["awards"].as_array().unwrap()[2..]
        .iter()
        .map(|a| a["amount"].as_str().unwrap())
        .collect();
    assert_eq!(shares, ["20.00", "20.00", "20.00"]);
}

/// An event of four players P1-P4 who finished in that order (4, 3, 2, 1
/// points), with FIDE ratings `ratings` by id.
fn four_rated(dir: &std::path::Path, name: &str, ratings: [&str; 4]) -> std::path::PathBuf {
    let ev = import(
        dir,
        name,
        "2026-05-01",
        &[seat("P1", 4), seat("P2", 3), seat("P3", 2), seat("P4", 1)],
    );
    let e = ev.to_str().unwrap();
    for (id, rating) in ["1", "2", "3", "4"].into_iter().zip(ratings) {
        ok(&["player", "update", e, id, "--rating", rating]);
    }
    ev
}

/// prizes.md §7.1: 1st 100, 2nd 80, best U1800 90; P1 (2000), P2 (1700),
/// P3 (1750) in that order -> P1 100, P2 90 (U1800), P3 80: the 2nd place
/// slides down past P2, who holds the more valuable U1800 prize.
#[test]
fn non_cumulative_slide_down() {
    let dir = scratch("awards-slide");
    let ev = four_rated(&dir, "slide", ["2000", "1700", "1750", "2100"]);
    let e = ev.to_str().unwrap();
    set_plan(
        &ev,
        "slide.toml",
        r#"currency = "EUR"
[categories.u1800]
rating_max = 1799
[[prize]]
label = "1st"
amount = 100
[[prize]]
label = "2nd"
place = 2
amount = 80
[[prize]]
label = "Best U1800"
category = "u1800"
amount = 90
"#,
    );
    let doc = json(&["prizes", e, "--format", "json"]);
    assert_eq!(
        awards(&doc),
        expect(&[
            ("1st", 1, "100.00"),
            ("Best U1800", 2, "90.00"),
            ("2nd", 3, "80.00")
        ])
    );
    let text = ok(&["prizes", e]);
    assert!(
        text.contains("2nd: P3 (rank 3), slid down past P2 (rank 2, holds Best U1800)"),
        "{text}"
    );
}

/// prizes.md §7.2: 2nd place 50 and best U1800 50 (listed first in the
/// plan); P2 (1700), ranked 2nd, takes the place prize (USCF 32B4) and the
/// U1800 prize goes to the next eligible player, P4 (1600).
#[test]
fn identical_values_prefer_the_place_prize() {
    let dir = scratch("awards-identical");
    let ev = four_rated(&dir, "identical", ["2000", "1700", "2100", "1600"]);
    let e = ev.to_str().unwrap();
    set_plan(
        &ev,
        "identical.toml",
        r#"currency = "EUR"
[categories.u1800]
rating_max = 1799
[[prize]]
label = "Best U1800"
category = "u1800"
amount = 50
[[prize]]
label = "1st"
amount = 100
[[prize]]
label = "2nd"
place = 2
amount = 50
"#,
    );
    assert_eq!(
        awards(&json(&["prizes", e, "--format", "json"])),
        expect(&[
            ("1st", 1, "100.00"),
            ("2nd", 2, "50.00"),
            ("Best U1800", 4, "50.00")
        ])
    );
}

/// prizes.md §7.3: a U16 prize with min_entrants = 3 on 2013-12-01. Kid1
/// (2000-05-05) and Kid2 (1999-02-02) are under 16; Kid3 (2001) too but
/// plays no game: 2 entrants, the prize is void. In a second event where
/// Kid3 plays, 3 entrants: the best of them (Kid1, 2nd) takes it.
#[test]
fn a_category_below_its_threshold_is_void() {
    let dir = scratch("awards-threshold");
    let plan = r#"currency = "EUR"
reference_date = 2013-12-01
[categories.u16]
max_age = 15
min_entrants = 3
[[prize]]
label = "1st"
amount = 100
[[prize]]
label = "Best U16"
category = "u16"
amount = 30
"#;
    let births = [
        ("1", "1970-01-01"),
        ("2", "2000-05-05"),
        ("3", "1999-02-02"),
        ("4", "1965"),
        ("5", "2001"),
    ];
    let kid3 = |present: bool| {
        if present {
            seat("Kid3", 0)
        } else {
            absent("Kid3")
        }
    };
    for (name, present) in [("without", false), ("with", true)] {
        let mut seats = vec![
            seat("Adult", 9),
            seat("Kid1", 8),
            seat("Kid2", 7),
            seat("Adult2", 6),
        ];
        seats.push(kid3(present));
        if present {
            seats.push(seat("Adult3", 1));
        }
        let ev = import(&dir, name, "2013-12-01", &seats);
        let e = ev.to_str().unwrap();
        for (id, born) in births {
            ok(&["player", "update", e, id, "--born", born]);
        }
        set_plan(&ev, "u16.toml", plan);
        let doc = json(&["prizes", e, "--format", "json"]);
        if present {
            assert_eq!(
                awards(&doc),
                expect(&[("1st", 1, "100.00"), ("Best U16", 2, "30.00")])
            );
        } else {
            assert_eq!(awards(&doc), expect(&[("1st", 1, "100.00")]));
            assert_eq!(voids(&doc), ["Best U16"]);
            assert_eq!(
                doc["void"][0]["reason"],
                "u16: 2 player(s) of the category played, at least 3 required"
            );
            let text = ok(&["prizes", e]);
            assert!(
                text.contains("Best U16: void (u16: 2 player(s) of the category played"),
                "{text}"
            );
        }
    }
}

/// prizes.md §7.5: the unrated are in no rating band by default; with
/// `unrated_rating = 1399` (TreatAs) they are rated 1399 there. U1600 band:
/// the unrated Newcomer (2nd) and Low (3rd, 1500) — the prize goes to Low,
/// or, treated as 1399, to Newcomer.
#[test]
fn the_unrated_are_outside_bands_unless_treated_as_rated() {
    let dir = scratch("awards-unrated");
    let ev = import(
        &dir,
        "unrated",
        "2026-05-01",
        &[
            seat("Top", 4),
            seat("Newcomer", 3),
            seat("Low", 2),
            seat("High", 1),
        ],
    );
    let e = ev.to_str().unwrap();
    for (id, rating) in [("1", "2200"), ("3", "1500"), ("4", "2000")] {
        ok(&["player", "update", e, id, "--rating", rating]);
    }
    let plan = |treat: &str| {
        format!(
            "currency = \"EUR\"\n{treat}\n[categories.u1600]\nrating_max = 1599\n\
             [[prize]]\nlabel = \"1st\"\namount = 100\n\
             [[prize]]\nlabel = \"Best U1600\"\ncategory = \"u1600\"\namount = 30\n"
        )
    };
    set_plan(&ev, "exclude.toml", &plan(""));
    assert_eq!(
        awards(&json(&["prizes", e, "--format", "json"])),
        expect(&[("1st", 1, "100.00"), ("Best U1600", 3, "30.00")])
    );
    set_plan(&ev, "treat.toml", &plan("unrated_rating = 1399"));
    assert_eq!(
        awards(&json(&["prizes", e, "--format", "json"])),
        expect(&[("1st", 1, "100.00"), ("Best U1600", 2, "30.00")])
    );
}

/// A plan that does not read is refused naming the file and the key, and
/// nothing is recorded; the same plan twice records nothing the second
/// time; a section without a plan has no prizes.
#[test]
fn plans_are_checked_before_they_are_recorded() {
    let dir = scratch("awards-plan-errors");
    let ev = import(&dir, "plans", "2026-05-01", &[seat("A", 2), seat("B", 1)]);
    let e = ev.to_str().unwrap();
    let msg = refused(&ev, &["prizes", e]);
    assert!(msg.contains("section 'main' has no prize plan"), "{msg}");
    let bad = file(
        &dir,
        "bad.toml",
        "currency = \"EUR\"\n[[prize]]\nlabel = \"x\"\ncategory = \"u8\"\namount = 5\n",
    );
    let msg = refused(&ev, &["prizes", "set", e, bad.to_str().unwrap()]);
    assert!(
        msg.contains("bad.toml: prize[1].category: no [categories.u8] in the plan"),
        "{msg}"
    );
    let typo = file(
        &dir,
        "typo.toml",
        "currency = \"EUR\"\nsharring = \"hort\"\n",
    );
    let msg = refused(&ev, &["prizes", "set", e, typo.to_str().unwrap()]);
    assert!(
        msg.contains("typo.toml") && msg.contains("sharring"),
        "{msg}"
    );
    let msg = refused(
        &ev,
        &["prizes", "set", e, bad.to_str().unwrap(), "--section", "B"],
    );
    assert!(msg.contains("bad.toml"), "{msg}");
    let good = file(
        &dir,
        "good.toml",
        "currency = \"EUR\"\n[[prize]]\nlabel = \"1st\"\namount = 5\n",
    );
    ok(&["prizes", "set", e, good.to_str().unwrap()]);
    let msg = refused(
        &ev,
        &["prizes", "set", e, good.to_str().unwrap(), "--section", "B"],
    );
    assert!(msg.contains("no section 'B'"), "{msg}");
    let again = ok(&["prizes", "set", e, good.to_str().unwrap()]);
    assert!(
        again.contains("already this one; nothing recorded"),
        "{again}"
    );
    let missing = dir.join("missing.toml");
    let out = run(&["prizes", "set", e, missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(5));
    assert!(ok(&["log", e]).contains("prize plan of section main set (4 lines)"));
    ok(&["undo", e]);
    let msg = refused(&ev, &["prizes", e]);
    assert!(msg.contains("has no prize plan"), "{msg}");
}
