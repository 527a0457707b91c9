//! The FIDE TEC tie-break exercise (16 players, 5 rounds) and the worked
//! example of its player #4 with a half-point bye, under the 2009, 2023,
//! 2024 and 2026 rules (tiebreaks.md §12). Expected values are the spec's
//! tables (published TEC solutions and FIDE's reference checker).

mod common;

use arbiter_standings::{Edition, Standings, StandingsOptions, compute_standings, parse_list};
use common::{close, crosstable, value};

const TEC: [&str; 16] = [
    "+W9 =B13 =W2 +B15 =W4",
    "+B10 +W7 =B1 +W16 =B3",
    "=W11 +B6 +W8 =B4 =W2",
    "+B12 =BYE +W13 =W3 =B1",
    "-W13 -B15 +W11 =B7 +W10",
    "-B14 -W3 +BYE +W10 +B8",
    "+W15 -B2 -B16 =W5 -B11",
    "=B16 +W14 -B3 +W13 -W6",
    "-B1 -W10 =BYE -F11 +BYE",
    "-W2 +B9 -W15 -B6 -B5",
    "=B3 -W16 -B5 +F9 +W7",
    "-W4 +BYE +F14 -- --",
    "+B5 =W1 -B4 -B8 -W14",
    "+W6 -B8 -F12 -- +B13",
    "-B7 +W5 +B10 -W1 -B16",
    "=W8 +B11 +W7 -B2 +W15",
];

fn standings(codes: &str, edition: Edition) -> Standings {
    let opts = StandingsOptions {
        tiebreaks: Some(parse_list(codes).expect("codes")),
        edition: Some(edition),
        ..StandingsOptions::default()
    };
    compute_standings(&crosstable(&TEC), &opts).expect("standings")
}

/// Checks a table: one line per player, `columns` values per line.
fn check_table(s: &Standings, columns: &[Option<usize>], table: &str) {
    let mut wrong = Vec::new();
    for (i, line) in table.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let tpn = i as u32 + 1;
        for (c, exp) in columns.iter().zip(line.split_whitespace()) {
            let got = value(s, tpn, *c);
            if !close(got, exp) {
                wrong.push(format!("#{tpn} column {c:?}: expected {exp}, got {got}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// §12.2: points, BH, BH/C1, BH/M1, SB, PS under the 2024 rules.
#[test]
fn tec_table_2024() {
    let s = standings("BH,BH/C1,BH/M1,SB,PS", Edition::Fide2024);
    let cols = [None, Some(0), Some(1), Some(2), Some(3), Some(4)];
    check_table(
        &s,
        &cols,
        "3.5 12.5 11 7 8 11
         4 13 12 8.5 9.5 13
         3.5 15.5 13 9 10.5 11
         3.5 15 11.5 8 9.75 11.5
         2.5 8.5 7.5 5 4.25 5
         3 12 11 7.5 6.5 6
         1.5 14.5 12.5 8.5 3.25 6
         2.5 13.5 12 8.5 5.25 8.5
         1.5 9 7.5 4 2.25 2.5
         1 13 11.5 7.5 1.5 4
         2.5 13.5 12 8.5 5.75 5.5
         2 11.5 9.5 6 4 7
         1.5 14 12 8.5 4.25 7
         2 11 9 6 4.5 6
         2 12 11 7.5 3.5 7
         3.5 12.5 11 7 7.25 10.5",
    );
}

/// The 2023 edition computes exactly as 2024 (tiebreaks.md §0).
#[test]
fn tec_2023_equals_2024() {
    let codes = "BH,BH/C1,BH/C2,BH/M1,SB,SB/C1,FB,AOB";
    let a = standings(codes, Edition::Fide2023);
    let b = standings(codes, Edition::Fide2024);
    for (x, y) in a.rows.iter().zip(&b.rows) {
        assert_eq!(x.values, y.values, "#{}", x.tpn);
    }
}

/// §12.2: BH, BH/C1, SB under the 2026 rules (capped dummies).
#[test]
fn tec_table_2026_buchholz() {
    let s = standings("BH,BH/C1,SB", Edition::Fide2026);
    check_table(
        &s,
        &[Some(0), Some(1), Some(2)],
        "12.5 11 8
         13 12 9.5
         15.5 13 10.5
         14 11.5 9.25
         8.5 7.5 4.25
         11.5 10.5 6.0
         14.5 12.5 3.25
         13.5 12 5.25
         9 7.5 2.25
         13 11.5 1.5
         12.5 11 4.75
         11.5 9.5 4
         14 12 4.25
         11 9 4.5
         12 11 3.5
         12.5 11 7.25",
    );
}

/// §12.3: the remaining keys under the 2026 rules, printed as FIDE's checker
/// prints them.
#[test]
fn tec_table_2026_other_keys() {
    let s = standings(
        "BH/C2,BH/M1,BH/M2,SB/C1,KS,FB,AOB,WIN,WON,BPG,BWG,REP,STD",
        Edition::Fide2026,
    );
    let mut cols = vec![None];
    cols.extend((0..13).map(Some));
    check_table(
        &s,
        &cols,
        "3.5 9.5 7.0 2.0 7.25 1.0 13.5 12.40 2 2 2 1 5 3.5
         4.0 10.5 8.5 3.5 8.50 2.0 13.5 13.60 3 3 3 1 5 4.0
         3.5 10.5 9.0 3.0 9.25 3.5 15.0 12.90 2 2 2 1 5 3.5
         3.5 10.0 8.0 3.0 7.75 1.0 14.5 13.38 2 2 2 1 4 3.5
         2.5 6.0 5.0 1.5 3.25 1.0 10.0 13.20 2 2 2 0 5 2.5
         3.0 8.5 7.0 2.5 5.00 1.0 12.0 13.25 3 2 2 1 5 3.0
         1.5 10.0 8.5 2.5 1.25 0.5 13.5 11.70 1 1 3 0 5 1.5
         2.5 10.0 8.5 3.0 3.75 0.5 12.5 12.90 2 2 2 0 5 2.5
         1.5 6.0 4.0 1.0 2.25 0.0 9.5 12.75 1 0 1 0 3 1.5
         1.0 9.5 7.5 2.5 0.00 0.0 12.5 10.80 1 1 3 1 5 1.0
         2.5 9.5 7.5 2.5 3.25 0.5 12.0 12.75 2 1 2 0 5 2.5
         2.0 7.5 6.0 2.0 4.00 0.0 11.0 14.00 2 0 0 0 3 2.0
         1.5 9.5 8.5 2.5 4.25 1.5 13.5 11.90 1 1 3 1 5 1.5
         2.0 7.0 6.0 1.5 3.00 1.0 10.5 13.00 2 2 2 1 3 2.0
         2.0 9.5 7.5 2.5 2.50 1.0 12.0 12.20 2 2 3 1 5 2.0
         3.5 9.0 7.0 2.5 5.75 1.5 13.5 13.10 3 3 2 1 5 3.5",
    );
    // KS prints 0.0 for #12 (a qualifying opponent, no points) — §12.3 note.
    assert_eq!(value(&s, 12, Some(4)).to_string(), "0.0");
    assert_eq!(value(&s, 7, Some(5)).to_string(), "13.5");
    assert_eq!(value(&s, 1, Some(6)).to_string(), "12.40");
}

/// §12.1: player #4 (half-point bye in round 2) under each edition.
#[test]
fn half_point_bye_worked_example() {
    let codes = "BH,BH/C1,BH/C2,BH/M1,BH/M2,SB,SB/C1,PS,PS/C1,WIN,WON,BPG,BWG,REP,STD";
    let expect = |edition, values: &str| {
        let s = standings(codes, edition);
        for (k, exp) in values.split_whitespace().enumerate() {
            let got = value(&s, 4, Some(k));
            assert!(
                close(got, exp),
                "{edition} column {k}: expected {exp}, got {got}"
            );
        }
    };
    expect(
        Edition::Fide2024,
        "15 11.5 10 8 3 9.75 8 11.5 10.5 2 2 2 1 4 3.5",
    );
    expect(
        Edition::Fide2026,
        "14 11.5 10 8 3 9.25 7.75 11.5 10.5 2 2 2 1 4 3.5",
    );
    // 2009: virtual opponent 3.0 for the bye, #12's unplayed rounds as draws.
    let s = standings("BH,BH/C1,SB", Edition::Fide2009);
    assert!(close(value(&s, 4, Some(0)), "13.5"));
    assert!(close(value(&s, 4, Some(1)), "12.0"));
    assert!(close(value(&s, 4, Some(2)), "8.5"));
}

/// §12.1 other cases: #11's forfeit win capped in 2026, #6's PAB capped,
/// #12 (withdrew) with dummies at its own score.
#[test]
fn capped_dummies() {
    let a = standings("BH,BH/C1", Edition::Fide2024);
    let b = standings("BH,BH/C1", Edition::Fide2026);
    assert!(close(value(&a, 11, Some(0)), "13.5"));
    assert!(close(value(&b, 11, Some(0)), "12.5"));
    assert!(close(value(&a, 6, Some(0)), "12"));
    assert!(close(value(&b, 6, Some(0)), "11.5"));
    assert!(close(value(&b, 12, Some(0)), "11.5"));
    assert!(close(value(&b, 12, Some(1)), "9.5"));
}

/// Modifiers computed by hand on the TEC table: a raised Koya limit
/// (`KS/L+1`: 2.5 + ½ = 3) and forfeits treated as played (`/P`).
#[test]
fn koya_limit_and_forfeits_as_played() {
    let s = standings("KS/L+1,KS/L-1.0,BH/P", Edition::Fide2024);
    // #3 met #11 (2½, ½), #6 (3, 1), #8 (2½, 1), #4 (3½, ½), #2 (4, ½):
    // opponents with at least 3 points give 1 + ½ + ½.
    assert!(close(value(&s, 3, Some(0)), "2.0"));
    // Limit 1.5: every opponent of #3 qualifies.
    assert!(close(value(&s, 3, Some(1)), "3.5"));
    // #11's forfeit win against #9 uses #9's score 1½ instead of the
    // dummy (own score 2½): 13.5 − 2.5 + 1.5.
    assert!(close(value(&s, 11, Some(2)), "12.5"));
}
