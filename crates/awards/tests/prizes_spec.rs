//! The worked examples of prizes.md §7 and §3.3, with expected values from
//! the specification (or computed by hand, as noted).

mod common;

use arbiter_awards::{AwardsError, Options, allocate};
use common::*;

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

fn hort_field() -> arbiter_awards::Ranking {
    ranking(vec![
        line(1, "A", "8"),
        line(2, "B", "8"),
        line(3, "C", "7.5"),
        line(4, "D", "7"),
        line(5, "E", "7"),
        line(6, "F", "7"),
        line(7, "G", "6"),
    ])
}

/// §7.1: 1st 100, 2nd 80, best U1800 90; P1 (2000), P2 (1700), P3 (1750)
/// -> P1 100, P2 90 (U1800), P3 80.
#[test]
fn non_cumulative_slide_down() {
    let text = r#"
currency = "EUR"
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
"#;
    let field = ranking(vec![
        line(1, "P1", "5").rating(2000),
        line(2, "P2", "4").rating(1700),
        line(3, "P3", "3").rating(1750),
    ]);
    for sharing in ["none", "hort", "equal"] {
        let a = run(&plan(&format!("sharing = \"{sharing}\"\n{text}")), &field);
        assert_eq!(
            summary(&a),
            expect(&[("1st", 1, 100), ("Best U1800", 2, 90), ("2nd", 3, 80)]),
            "{sharing}"
        );
    }
    let a = run(&plan(text), &field);
    let text = a.render_text();
    assert!(
        text.contains("2nd: P3 (rank 3), slid down past P2 (rank 2, holds Best U1800)"),
        "{text}"
    );
}

/// §7.2: 2nd place 50 and best U1800 50; the U1800 player ranked 2nd takes
/// the place prize (USCF 32B4) even though the plan lists U1800 first; the
/// U1800 prize goes to the next eligible player.
#[test]
fn identical_values_prefer_the_place_prize() {
    let text = r#"
currency = "EUR"
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
"#;
    let field = ranking(vec![
        line(1, "P1", "5").rating(2000),
        line(2, "P2", "4").rating(1700),
        line(3, "P3", "3").rating(2100),
        line(4, "P4", "2").rating(1600),
    ]);
    for sharing in ["none", "hort"] {
        let a = run(&plan(&format!("sharing = \"{sharing}\"\n{text}")), &field);
        assert_eq!(
            summary(&a),
            expect(&[("1st", 1, 100), ("2nd", 2, 50), ("Best U1800", 4, 50)]),
            "{sharing}"
        );
    }
}

/// §7.3: a U16 prize with min_entrants = 3 and only 2 U16 entrants is void;
/// a third U16 who played no game does not count.
#[test]
fn category_below_its_threshold_is_void() {
    let p = plan(
        r#"
currency = "EUR"
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
"#,
    );
    let field = |third_played: bool| {
        let third = line(4, "Kid3", "0").born("2001-01-01");
        ranking(vec![
            line(1, "Adult", "3").born("1970-01-01"),
            line(2, "Kid1", "2").born("2000-05-05"),
            line(3, "Kid2", "1").born("1999-02-02"),
            if third_played {
                third
            } else {
                third.no_games()
            },
        ])
    };
    let a = run(&p, &field(false));
    assert_eq!(summary(&a), expect(&[("1st", 1, 100)]));
    assert_eq!(voids(&a), vec!["Best U16"]);
    assert_eq!(
        a.void[0].reason.to_string(),
        "u16: 2 player(s) of the category played, at least 3 required"
    );
    let a = run(&p, &field(true));
    assert_eq!(summary(&a), expect(&[("1st", 1, 100), ("Best U16", 2, 30)]));
}

/// §3.3 table: A B 8.0, C 7.5, D E F 7.0 with 100/80/60/40/20/10.
/// Hort: 95, 85, 60, then 31.67/21.67/16.67 exact, rounded down to the
/// unit with the remainder in tie-break order: 32, 22, 16.
#[test]
fn hort_table_rounded_to_units() {
    let p = plan(&format!(
        "currency = \"EUR\"\nsharing = \"hort\"\n{PLACES_100_TO_10}"
    ));
    let a = run(&p, &hort_field());
    assert_eq!(
        summary(&a),
        expect(&[
            ("1st", 1, 95),
            ("2nd", 2, 85),
            ("3rd", 3, 60),
            ("4th", 4, 32),
            ("5th", 5, 22),
            ("6th", 6, 16)
        ])
    );
    assert_eq!(a.total_paid().0, 31000);
    let first = &a.awards[0];
    assert_eq!((first.id, first.shared_with.clone()), (1, vec![2]));
    let text = a.render_text();
    assert!(
        text.contains("overall: places 4-6 tied on 7.0, prizes D 40.00 + E 20.00 + F 10.00 = 70.00; Hort: each keeps half of his own (D 20.00, E 10.00, F 5.00), the pot 35.00 is split by 3 = ~11.67 each -> D 32.00, E 22.00, F 16.00"),
        "{text}"
    );
}

/// The same to the cent: 31.67 + 21.67 + 16.66 (the last cent of the 70.00
/// goes to D and E first).
#[test]
fn hort_table_to_the_cent() {
    let p = plan(&format!(
        "currency = \"EUR\"\nsharing = \"hort\"\nrounding = \"cent\"\n{PLACES_100_TO_10}"
    ));
    let a = run(&p, &hort_field());
    let cents: Vec<i64> = a.awards.iter().map(|w| w.amount.unwrap().0).collect();
    assert_eq!(cents, vec![9500, 8500, 6000, 3167, 2167, 1666]);
}

/// §3.2 column "Equal share": 90, 90, 60, 23.33 each (to the unit: 24, 23,
/// 23, the remaining unit to D); "By tie-break": the prizes as listed.
#[test]
fn equal_and_indivisible_columns_of_the_table() {
    let equal = plan(&format!(
        "currency = \"EUR\"\nsharing = \"equal\"\n{PLACES_100_TO_10}"
    ));
    let amounts = |a: &arbiter_awards::Allocation| -> Vec<i64> {
        a.awards.iter().map(|w| w.amount.unwrap().0 / 100).collect()
    };
    assert_eq!(
        amounts(&run(&equal, &hort_field())),
        vec![90, 90, 60, 24, 23, 23]
    );
    let none = plan(&format!("currency = \"EUR\"\n{PLACES_100_TO_10}"));
    assert_eq!(
        amounts(&run(&none, &hort_field())),
        vec![100, 80, 60, 40, 20, 10]
    );
}

/// §3.3: prizes 100/80/60 and C, D, E tied for 3rd-5th: C keeps 30, the pot
/// 30 is split by three -> C 40, D 10, E 10; equal sharing: 20 each.
#[test]
fn hort_group_beyond_the_paid_places() {
    let places = &PLACES_100_TO_10[..PLACES_100_TO_10.find("[[prize]]\nlabel = \"4th\"").unwrap()];
    let field = ranking(vec![
        line(1, "A", "8"),
        line(2, "B", "7.5"),
        line(3, "C", "7"),
        line(4, "D", "7"),
        line(5, "E", "7"),
        line(6, "F", "6"),
    ]);
    let hort = run(
        &plan(&format!("currency = \"EUR\"\nsharing = \"hort\"\n{places}")),
        &field,
    );
    assert_eq!(
        summary(&hort),
        expect(&[
            ("1st", 1, 100),
            ("2nd", 2, 80),
            ("3rd", 3, 40),
            ("3rd", 4, 10),
            ("3rd", 5, 10)
        ])
    );
    assert_eq!(hort.awards[3].shared_with, vec![3, 5]);
    let equal = run(
        &plan(&format!(
            "currency = \"EUR\"\nsharing = \"equal\"\n{places}"
        )),
        &field,
    );
    assert_eq!(
        summary(&equal),
        expect(&[
            ("1st", 1, 100),
            ("2nd", 2, 80),
            ("3rd", 3, 20),
            ("3rd", 4, 20),
            ("3rd", 5, 20)
        ])
    );
}

/// §3.3 last rule, by hand: Hort, 100/80/60 and best woman 90; A, B, C tied
/// on 7.0 (C a woman, 3rd by tie-break), D 6.5. Overall sharing first:
/// C would get 30 + 120/3 = 70 < 90, so she takes the women's prize; the
/// overall group is shared again without her: A 50 + 45 = 95, B 40 + 45 =
/// 85, D 60.
#[test]
fn hort_tied_player_leaves_for_a_better_category_prize() {
    let p = plan(
        r#"
currency = "EUR"
sharing = "hort"
[categories.women]
sex = "w"
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
[[prize]]
label = "Best woman"
category = "women"
amount = 90
"#,
    );
    let field = ranking(vec![
        line(1, "A", "7"),
        line(2, "B", "7"),
        line(3, "C", "7").woman(),
        line(4, "D", "6.5"),
        line(5, "E", "6").woman(),
    ]);
    let a = run(&p, &field);
    assert_eq!(
        summary(&a),
        expect(&[
            ("1st", 1, 95),
            ("2nd", 2, 85),
            ("Best woman", 3, 90),
            ("3rd", 4, 60)
        ])
    );
    let text = a.render_text();
    assert!(
        text.contains("C takes women prizes (90.00) rather than overall prizes (70.00)"),
        "{text}"
    );
}

/// §7.5: unrated players are not in rating bands by default; with
/// `unrated_rating = 1399` (TreatAs) they are.
#[test]
fn unrated_players_and_rating_bands() {
    let text = r#"
currency = "EUR"
[categories.u1600]
rating_max = 1599
[[prize]]
label = "1st"
amount = 100
[[prize]]
label = "Best U1600"
category = "u1600"
amount = 50
"#;
    let field = ranking(vec![
        line(1, "Strong", "5").rating(2000),
        line(2, "Unrated", "4"),
        line(3, "Weak", "3").rating(1500),
    ]);
    let a = run(&plan(text), &field);
    assert_eq!(
        summary(&a),
        expect(&[("1st", 1, 100), ("Best U1600", 3, 50)])
    );
    let a = run(&plan(&format!("unrated_rating = 1399\n{text}")), &field);
    assert_eq!(
        summary(&a),
        expect(&[("1st", 1, 100), ("Best U1600", 2, 50)])
    );
}

/// The JSON shape of issue 12: amounts as strings with two places, `null`
/// for items, ids of the other members of the tie group.
#[test]
fn json_shape() {
    let p = plan(
        r#"
currency = "PLN"
sharing = "hort"
[[prize]]
label = "1st place"
amount = 2000
[[prize]]
label = "2nd place"
place = 2
amount = 1800
[[prize]]
label = "Cup"
item = "cup"
cumulative = true
[categories.u8]
max_age = 7
min_entrants = 1
[[prize]]
label = "Best U8"
category = "u8"
item = "book"
"#,
    );
    let field = ranking(vec![
        line(7, "Nowak, Jan", "8"),
        line(12, "Kowalski, Piotr", "8"),
    ]);
    let opts = Options {
        section: Some("A"),
        event_start: Some("2008-07-01".parse().unwrap()),
    };
    let a = allocate(&p, &field, &opts).unwrap();
    let json = serde_json::to_value(&a).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "section": "A", "currency": "PLN",
            "awards": [
                {"prize": "1st place", "id": 7, "name": "Nowak, Jan", "rank": 1,
                 "amount": "1950.00", "shared_with": [12]},
                {"prize": "Cup", "id": 7, "name": "Nowak, Jan", "rank": 1,
                 "amount": null, "item": "cup", "shared_with": []},
                {"prize": "2nd place", "id": 12, "name": "Kowalski, Piotr", "rank": 2,
                 "amount": "1850.00", "shared_with": [7]}
            ],
            "void": [{"prize": "Best U8",
                      "reason": "u8: 0 player(s) of the category played, at least 1 required"}]
        })
    );
}

/// Indivisible prizes between players the tie-breaks do not separate are
/// refused, not guessed.
#[test]
fn unseparated_players_are_an_error() {
    let p = plan(&format!("currency = \"EUR\"\n{PLACES_100_TO_10}"));
    let field = ranking(vec![line(1, "A", "8"), line(2, "B", "8").same_place()]);
    let e = allocate(&p, &field, &Options::default()).unwrap_err();
    assert_eq!(
        e,
        AwardsError::Unseparated {
            prize: "1st".into(),
            place: "1-2".into(),
            ids: vec![1, 2]
        }
    );
    // With equal sharing the order inside the group does not matter.
    let p = plan(&format!(
        "currency = \"EUR\"\nsharing = \"equal\"\n{PLACES_100_TO_10}"
    ));
    let a = allocate(&p, &field, &Options::default()).unwrap();
    assert_eq!(summary(&a), expect(&[("1st", 1, 90), ("2nd", 2, 90)]));
}

/// A birth year that cannot decide an age limit is an error only where it
/// matters.
#[test]
fn undecidable_ages_are_reported_where_they_matter() {
    let p = plan(
        r#"
currency = "EUR"
reference_date = 2013-07-01
[categories.u16]
max_age = 15
[[prize]]
label = "Best U16"
category = "u16"
amount = 30
"#,
    );
    let field = ranking(vec![
        line(1, "Kid", "5").born("2002-03-03"),
        line(2, "Born1997", "4").born("1997"),
    ]);
    assert_eq!(summary(&run(&p, &field)), expect(&[("Best U16", 1, 30)]));
    let field = ranking(vec![
        line(2, "Born1997", "5").born("1997"),
        line(1, "Kid", "4").born("2002-03-03"),
    ]);
    let e = allocate(&p, &field, &Options::default()).unwrap_err();
    assert!(
        e.to_string().contains(
            "categories.u16: player 2: Born1997 is born in 1997: 15 or 16 full years on 2013-07-01"
        ),
        "{e}"
    );
}

/// Without a reference date an age category cannot be evaluated; the
/// event's start date is the default.
#[test]
fn ages_default_to_the_event_start() {
    let p = plan(
        "currency = \"EUR\"\n[categories.u16]\nmax_age = 15\n[[prize]]\nlabel = \"U16\"\ncategory = \"u16\"\namount = 5",
    );
    let field = ranking(vec![line(1, "Kid", "5").born("1998-06-01")]);
    let e = allocate(&p, &field, &Options::default()).unwrap_err();
    assert!(e.to_string().contains("reference date"), "{e}");
    assert_eq!(
        summary(&run_on(&p, &field, "2014-05-31")),
        expect(&[("U16", 1, 5)])
    );
    assert!(run_on(&p, &field, "2014-06-01").awards.is_empty());
}
