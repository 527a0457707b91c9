//! The seeds' prize and fee files of `examples/` on small events built
//! through the command line; every expected allocation and fee is worked
//! out by hand in the comments. Standings are known by construction: round
//! robins in which the stronger player always wins and equals draw
//! (`event_support::fields`).

mod event_support;

use std::path::Path;

use event_support::fields::{awards, example, expect, import, json, play_round_robin, seat, voids};
use event_support::{ok, refused, scratch};

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// `player update EVENT ID ARGS…`.
fn update(event: &Path, id: u32, args: &[&str]) {
    let id = id.to_string();
    let mut all = vec!["player", "update", path(event), &id];
    all.extend_from_slice(args);
    ok(&all);
}

/// `(id, due, paid, outstanding, rule)` of every entry of `fees --format json`.
fn ledger_lines(doc: &serde_json::Value) -> Vec<(u64, String, String, String, String)> {
    doc["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .map(|e| {
            let s = |k: &str| e[k].as_str().expect(k).to_string();
            (
                e["id"].as_u64().expect("id"),
                s("due"),
                s("paid"),
                s("outstanding"),
                s("rule"),
            )
        })
        .collect()
}

// ---------------------------------------------------------------- 004

/// Seed 004 (Grodno 2012), `examples/004-prizes.toml`: places 1-6 in cash,
/// special prizes (40 each) only for categories of at least 5 players.
/// Fourteen players A…N ranked in that order (strengths 14…1):
/// women C I L M N = 5 and 1800-2000 D E G H I J = 6 reach 5; every other
/// category has fewer (2000-2200: C F; U18 boys: K; U18 girls: L; unrated:
/// K N; under 1800: L M; veterans: G). A-F take places 1-6 (300 … 50);
/// Best woman: C holds 3rd, so I (9th) takes it; Best 1800-2000: D and E
/// hold places, G (7th) takes it.
#[test]
fn seed_004_places_and_categories_with_five_players() {
    let dir = scratch("awards-seed004");
    let names = [
        "A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N",
    ];
    let seats: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| seat(n, 14 - i as u32))
        .collect();
    let ev = import(&dir, "grodno", "2012-10-04", &seats);
    let data: [(u32, &[&str]); 14] = [
        (1, &["--rating", "2350", "--sex", "m"]),
        (2, &["--rating", "2250", "--sex", "m"]),
        (
            3,
            &["--rating", "2150", "--sex", "w", "--born", "1990-04-04"],
        ),
        (4, &["--rating", "1950", "--sex", "m"]),
        (5, &["--rating", "1900", "--sex", "m"]),
        (6, &["--rating", "2050", "--sex", "m"]),
        (7, &["--rating", "1850", "--sex", "m", "--born", "1950"]),
        (8, &["--rating", "1820", "--sex", "m"]),
        (9, &["--rating", "1810", "--sex", "w"]),
        (10, &["--rating", "1805", "--sex", "m"]),
        (11, &["--sex", "m", "--born", "1996"]),
        (
            12,
            &["--rating", "1700", "--sex", "w", "--born", "1995-02-02"],
        ),
        (13, &["--rating", "1600", "--sex", "w"]),
        (14, &["--sex", "w"]),
    ];
    for (id, args) in data {
        update(&ev, id, args);
    }
    ok(&[
        "prizes",
        "set",
        path(&ev),
        path(&example("004-prizes.toml")),
    ]);
    let doc = json(&["prizes", path(&ev), "--format", "json"]);
    assert_eq!(
        awards(&doc),
        expect(&[
            ("1st place", 1, "300.00"),
            ("2nd place", 2, "200.00"),
            ("3rd place", 3, "150.00"),
            ("4th place", 4, "100.00"),
            ("5th place", 5, "70.00"),
            ("6th place", 6, "50.00"),
            ("Best 1800-2000", 7, "40.00"),
            ("Best woman", 9, "40.00"),
        ])
    );
    assert_eq!(
        voids(&doc),
        [
            "Best 2000-2200",
            "Best boy U18",
            "Best girl U18",
            "Best under 1800",
            "Best unrated",
            "Best veteran"
        ]
    );
    let text = ok(&["prizes", path(&ev)]);
    assert!(
        text.contains("Best woman: I (rank 9), slid down past C (rank 3, holds 3rd place)"),
        "{text}"
    );
    assert!(
        text.contains(
            "Best unrated: void (unrated: 2 player(s) of the category played, at least 5 required)"
        ),
        "{text}"
    );
    // The women's classification: C I L M N ranked among themselves.
    let women = ok(&[
        "standings",
        path(&ev),
        "--category",
        "women",
        "--format",
        "tsv",
    ]);
    let ids: Vec<&str> = women
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(4).expect("ID column"))
        .collect();
    assert_eq!(ids, ["3", "9", "12", "13", "14"], "{women}");
    let ranks: Vec<&str> = women.lines().skip(1).map(|l| &l[..1]).collect();
    assert_eq!(ranks, ["1", "2", "3", "4", "5"]);
}

/// Seed 004, `examples/004-fees.toml` (base 20 BYN, sponsors 500): GM 2450
/// free; IM 2380 pays the base 20 (GM/IM only from 2400); a woman 75 % =
/// 15; a junior (1994) who is a federation member: the better of 15 and
/// 50 % = 10; a veteran (1952) 15; a disabled member 10; a regular player
/// 20; a woman GM 2410 free. Payments 20 + 15 + 10 + (20 - 5 refunded) +
/// 5 = 65 of 90 due, outstanding 25; prize fund 65 + 500 = 565.
#[test]
fn seed_004_fee_reductions_ledger_and_prize_fund() {
    let dir = scratch("awards-seed004-fees");
    let ev = dir.join("grodno.arb");
    let e = path(&ev);
    ok(&["new", e, "--name", "Grodno Open", "--rounds", "9"]);
    ok(&[
        "event",
        "set",
        e,
        "--start",
        "2012-10-04",
        "--end",
        "2012-10-10",
    ]);
    let players: [&[&str]; 8] = [
        &[
            "--name", "GM", "--title", "GM", "--rating", "2450", "--born", "1970",
        ],
        &[
            "--name", "IM", "--title", "IM", "--rating", "2380", "--born", "1980",
        ],
        &[
            "--name", "Woman", "--sex", "w", "--rating", "2000", "--born", "1985",
        ],
        &["--name", "Junior", "--born", "1994", "--tag", "member"],
        &["--name", "Veteran", "--born", "1952"],
        &["--name", "Disabled", "--tag", "disabled", "--tag", "member"],
        &["--name", "Regular", "--born", "1975-05-05"],
        &[
            "--name", "WGM", "--sex", "w", "--title", "GM", "--rating", "2410",
        ],
    ];
    for args in players {
        let mut all = vec!["player", "add", e];
        all.extend_from_slice(args);
        ok(&all);
    }
    let msg = refused(&ev, &["fees", e]);
    assert!(msg.contains("no entry fees"), "{msg}");
    let set = ok(&["fees", "set", e, path(&example("004-fees.toml"))]);
    assert!(
        set.contains("entry fees set (BYN; 3 rules, 0 surcharges)"),
        "{set}"
    );
    for (id, amount, method) in [
        ("2", "20", "cash"),
        ("3", "15", "card"),
        ("4", "10", "cash"),
        ("5", "20", "cash"),
        ("5", "-5", "cash"),
        ("6", "5", "transfer"),
    ] {
        ok(&["pay", e, id, amount, "--method", method]);
    }
    let doc = json(&["fees", e, "--format", "json"]);
    let s = |v: &str| v.to_string();
    let (base, gm, red, fed) = (
        "base",
        "GM/IM rated 2400+",
        "juniors, disabled, veterans, women",
        "Grodno chess federation members",
    );
    assert_eq!(
        ledger_lines(&doc),
        vec![
            (1, s("0.00"), s("0.00"), s("0.00"), s(gm)),
            (2, s("20.00"), s("20.00"), s("0.00"), s(base)),
            (3, s("15.00"), s("15.00"), s("0.00"), s(red)),
            (4, s("10.00"), s("10.00"), s("0.00"), s(fed)),
            (5, s("15.00"), s("15.00"), s("0.00"), s(red)),
            (6, s("10.00"), s("5.00"), s("5.00"), s(fed)),
            (7, s("20.00"), s("0.00"), s("20.00"), s(base)),
            (8, s("0.00"), s("0.00"), s("0.00"), s(gm)),
        ]
    );
    assert_eq!(
        (
            &doc["due"],
            &doc["paid"],
            &doc["outstanding"],
            &doc["prize_fund"]
        ),
        (
            &serde_json::json!("90.00"),
            &serde_json::json!("65.00"),
            &serde_json::json!("25.00"),
            &serde_json::json!("565.00")
        )
    );
    assert_eq!(
        doc["by_method"],
        serde_json::json!([
            {"method": "cash", "payments": 4, "paid": "45.00"},
            {"method": "card", "payments": 1, "paid": "15.00"},
            {"method": "transfer", "payments": 1, "paid": "5.00"}
        ])
    );
    let paid = ok(&["pay", e, "7", "12.50", "--note", "receipt 17"]);
    assert_eq!(
        paid.trim(),
        "payment of 12.50 by cash from Regular (id 7) recorded; paid 12.50 of 20.00 BYN due"
    );
    let refund = ok(&["pay", e, "7", "-2.50", "--method", "card"]);
    assert!(
        refund.starts_with("refund of 2.50 by card to Regular (id 7)"),
        "{refund}"
    );
    assert!(ok(&["log", e]).contains("payment from Regular (7) by cash: 12.50 (receipt 17)"));
    for (args, field) in [
        (vec!["pay", e, "7", "0"], "AMOUNT"),
        (vec!["pay", e, "7", "1.234"], "AMOUNT"),
        (vec!["pay", e, "7", "5", "--method", "cheque"], "--method"),
    ] {
        let msg = refused(&ev, &args);
        assert!(msg.contains(field), "{msg}");
    }
    let msg = refused(&ev, &["pay", e, "99", "5"]);
    assert!(msg.contains("no player with id 99"), "{msg}");

    // The prize fund beside the prizes: fees collected 65 + 10 + sponsors.
    ok(&["prizes", "set", e, path(&example("004-prizes.toml"))]);
    let text = ok(&["prizes", e, "--last-resort", "tpn"]);
    assert!(
        text.contains("Prize fund: fees collected 75.00 + sponsors 500.00 = 575.00 BYN"),
        "{text}"
    );
}

// ---------------------------------------------------------------- 002

/// Seed 002 (Chojnice festival): five groups A-E, each a round robin whose
/// players are registered by `player add` (TPN = rating order), paired and
/// played through the command line.
struct Festival {
    event: std::path::PathBuf,
}

/// `(section, name, rating, sex, born, title, tag, strength)`.
type Entrant = (
    &'static str,
    &'static str,
    u16,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    u32,
);

/// Ids 1-6 group A, 7-10 B, 11-14 C, 15-18 D, 19-22 E (registration order).
const FESTIVAL: [Entrant; 22] = [
    ("A", "P1", 2400, "m", "1970", "GM", "", 6),
    ("A", "P2", 2300, "m", "1980", "IM", "", 5),
    ("A", "P3", 2140, "m", "1991", "", "", 5),
    ("A", "W1", 2100, "w", "1985", "", "", 5),
    ("A", "P5", 2200, "m", "1948-07-01", "", "", 4),
    ("A", "W2", 2050, "w", "1988", "", "", 3),
    ("B", "B1", 1900, "m", "1975", "", "", 3),
    ("B", "B2", 1800, "w", "1992", "", "", 3),
    ("B", "B3", 1700, "m", "1948-07-02", "", "", 2),
    ("B", "B4", 1650, "w", "1990", "", "osemka", 1),
    ("C", "C1", 1500, "m", "1960", "", "", 4),
    ("C", "C2", 1550, "w", "1991", "", "", 3),
    ("C", "C3", 1400, "w", "1993", "", "", 2),
    ("C", "C4", 1450, "m", "1965", "", "osemka", 1),
    ("D", "D1", 1300, "m", "1993", "", "", 4),
    ("D", "D2", 1250, "w", "1995", "", "", 3),
    ("D", "D3", 1200, "m", "1992-12-31", "", "", 2),
    ("D", "D4", 1150, "w", "1994-01-01", "", "", 1),
    ("E", "E1", 1100, "w", "1999", "", "", 4),
    ("E", "E2", 1050, "m", "1997", "", "", 3),
    ("E", "E3", 1000, "m", "2000-03-03", "", "", 2),
    ("E", "E4", 950, "w", "1998-06-06", "", "", 1),
];

/// Registers the [`FESTIVAL`] entrants in their groups, in order.
fn register_festival(e: &str) {
    for (section, name, rating, sex, born, title, tag, _) in FESTIVAL {
        let rating = rating.to_string();
        let mut args = vec![
            "player",
            "add",
            e,
            "--section",
            section,
            "--name",
            name,
            "--rating",
            &rating,
            "--sex",
            sex,
            "--born",
            born,
        ];
        if !title.is_empty() {
            args.extend(["--title", title]);
        }
        if !tag.is_empty() {
            args.extend(["--tag", tag]);
        }
        ok(&args);
    }
}

fn festival(dir: &Path) -> Festival {
    let ev = dir.join("chojnice.arb");
    let e = path(&ev);
    ok(&[
        "new",
        e,
        "--name",
        "Chojnice Festival",
        "--section",
        "A",
        "--rounds",
        "5",
        "--system",
        "round-robin",
    ]);
    ok(&[
        "event",
        "set",
        e,
        "--start",
        "2008-07-01",
        "--end",
        "2008-07-09",
    ]);
    for code in ["B", "C", "D", "E"] {
        ok(&[
            "section",
            "add",
            e,
            code,
            "--rounds",
            "3",
            "--system",
            "round-robin",
        ]);
    }
    register_festival(e);
    let strength = |id: u32| FESTIVAL[id as usize - 1].7;
    for (code, rounds) in [("A", 5), ("B", 3), ("C", 3), ("D", 3), ("E", 3)] {
        play_round_robin(&ev, code, rounds, strength);
        let plan = example(&format!("002-prizes-{code}.toml"));
        ok(&["prizes", "set", e, path(&plan), "--section", code]);
    }
    Festival { event: ev }
}

/// Group A (Hort, `002-prizes-A.toml`): scores P1 5, P2 P3 W1 3 (they draw
/// each other and beat P5 and W2), P5 1, W2 0; the last resort TPN (the
/// rating order: P2 2, P3 4, W1 5) orders the tie. P1: 2000 and the cup.
/// P2, P3, W1 on places 2-4 (1000, 600, 0): P2 500 + 1600/6, P3 300 +
/// 266.67, W1 266.67 — less than the women's 500, so W1 takes Best woman
/// and the tie is shared again by P2, P3 on places 2-3: 500 + 400 = 900,
/// 300 + 400 = 700. Up to 2150 (300): P3 (2140) would get 150 + 75 = 225 <
/// his 700 and W1 300 < her 500; W2 (2050), holding nothing, takes it.
/// Group B (no sharing): B1 B2 2.5 (TPN: B1 first) 800 + cup, B2 2nd 400
/// (more than Best woman 200), Best woman slides to B4. Group C: C1 400 +
/// cup, C2 2nd 200, Best woman past C2 to C3. Group D (items): 1st D1,
/// 2nd D2, Best girl past D2 to D4, 3rd D3. Group E: 1st E1, 2nd E2, Best
/// girl past E1 to E4, 3rd E3.
#[test]
fn seed_002_five_groups() {
    let dir = scratch("awards-seed002");
    let f = festival(&dir);
    let e = path(&f.event);
    let prizes = |code: &str| {
        json(&[
            "prizes",
            e,
            "--section",
            code,
            "--last-resort",
            "tpn",
            "--format",
            "json",
        ])
    };
    let a = prizes("A");
    assert_eq!(a["section"], "A");
    assert_eq!(a["currency"], "PLN");
    assert_eq!(
        awards(&a),
        expect(&[
            ("1st place", 1, "2000.00"),
            ("Cup", 1, "-"),
            ("2nd place", 2, "900.00"),
            ("3rd place", 3, "700.00"),
            ("Best woman", 4, "500.00"),
            ("Best rated up to 2150", 6, "300.00"),
        ])
    );
    let text = ok(&["prizes", e, "--section", "A", "--last-resort", "tpn"]);
    // W1's Hort share of places 2-4: 0 / 2 + 1600 / 2 / 3 = 266.67, 266
    // once rounded down to the unit (P2 and P3 take the remaining units).
    for line in [
        "W1 takes women prizes (500.00) rather than overall prizes (266.00)",
        "P3 keeps overall prizes (700.00) rather than up_to_2150 prizes (225.00)",
        "overall: places 2-3 tied on 3.0, prizes P2 1000.00 + P3 600.00 = 1600.00; Hort: \
         each keeps half of his own (P2 500.00, P3 300.00), the pot 800.00 is split by 2 = \
         400.00 each -> P2 900.00, P3 700.00",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    assert_eq!(
        awards(&prizes("B")),
        expect(&[
            ("1st place", 7, "800.00"),
            ("Cup", 7, "-"),
            ("2nd place", 8, "400.00"),
            ("Best woman", 10, "200.00"),
        ])
    );
    assert_eq!(
        awards(&prizes("C")),
        expect(&[
            ("1st place", 11, "400.00"),
            ("Cup", 11, "-"),
            ("2nd place", 12, "200.00"),
            ("Best woman", 13, "100.00"),
        ])
    );
    assert_eq!(
        awards(&prizes("D")),
        expect(&[
            ("1st place", 15, "-"),
            ("2nd place", 16, "-"),
            ("3rd place", 17, "-"),
            ("Best girl", 18, "-"),
        ])
    );
    let e_prizes = prizes("E");
    assert_eq!(
        awards(&e_prizes),
        expect(&[
            ("1st place", 19, "-"),
            ("2nd place", 20, "-"),
            ("3rd place", 21, "-"),
            ("Best girl", 22, "-"),
        ])
    );
    assert_eq!(e_prizes["awards"][3]["item"], "prize in kind (best girl)");
}

/// Seed 002's extra classifications: women in A (W1, W2), U18 in A (born
/// 1990 or later: P3), U14 in D (born 1994 or later: D2, D4), U10 (born
/// 1998 or later: E1, E3, E4) and U8 (2000 or later: E3) in E — each
/// ranked among themselves; a category the plan lacks is refused.
#[test]
fn seed_002_classifications() {
    let dir = scratch("awards-seed002-categories");
    let f = festival(&dir);
    let e = path(&f.event);
    let category = |section: &str, name: &str| -> Vec<(String, String)> {
        let doc = json(&[
            "standings",
            e,
            "--section",
            section,
            "--category",
            name,
            "--format",
            "json",
        ]);
        doc["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| {
                (
                    r["place"].as_str().expect("place").to_string(),
                    r["name"].as_str().expect("name").to_string(),
                )
            })
            .collect()
    };
    let pairs = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    assert_eq!(category("A", "women"), pairs(&[("1", "W1"), ("2", "W2")]));
    assert_eq!(category("A", "u18"), pairs(&[("1", "P3")]));
    assert_eq!(category("D", "u14"), pairs(&[("1", "D2"), ("2", "D4")]));
    assert_eq!(
        category("E", "u10"),
        pairs(&[("1", "E1"), ("2", "E3"), ("3", "E4")])
    );
    assert_eq!(category("E", "u8"), pairs(&[("1", "E3")]));
    // Standings JSON carries what the rules read.
    let doc = json(&[
        "standings",
        e,
        "--section",
        "A",
        "--category",
        "women",
        "--format",
        "json",
    ]);
    let w1 = &doc["rows"][0];
    assert_eq!(
        (
            &w1["id"],
            &w1["sex"],
            &w1["born"],
            &w1["rating"],
            &w1["points"]
        ),
        (
            &serde_json::json!(4),
            &serde_json::json!("w"),
            &serde_json::json!("1985"),
            &serde_json::json!(2100),
            &serde_json::json!("3.0")
        )
    );
    let msg = refused(
        &f.event,
        &["standings", e, "--section", "D", "--category", "u10"],
    );
    assert!(
        msg.contains(
            "--category: no category 'u10' in the prize plan of section D (categories: girls, u14)"
        ),
        "{msg}"
    );
}

/// Seed 002's fees (`002-fees.toml`, ages on 2008-07-01): 70/60/50/40/30
/// by group; GM and IM free in A (P1, P2); over 60 or UKS Ósemka half: P5
/// (born 1948-07-01, 60 on the day) 35, B3 (1948-07-02, 59) 60, B4 and C4
/// (Ósemka) 30 and 25. Due: A 0+0+70+70+35+70 = 245, B 60+60+60+30 = 210,
/// C 50+50+50+25 = 175, D 4 × 40 = 160, E 4 × 30 = 120; 910 in all.
#[test]
fn seed_002_fees_by_group() {
    let dir = scratch("awards-seed002-fees");
    let ev = dir.join("chojnice.arb");
    let e = path(&ev);
    ok(&[
        "new",
        e,
        "--name",
        "Chojnice Festival",
        "--section",
        "A",
        "--rounds",
        "9",
    ]);
    for code in ["B", "C", "D", "E"] {
        ok(&["section", "add", e, code, "--rounds", "9"]);
    }
    register_festival(e);
    ok(&["fees", "set", e, path(&example("002-fees.toml"))]);
    let doc = json(&["fees", e, "--format", "json"]);
    let due: Vec<&str> = doc["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["due"].as_str().unwrap())
        .collect();
    assert_eq!(
        due,
        [
            "0.00", "0.00", "70.00", "70.00", "35.00", "70.00", "60.00", "60.00", "60.00", "30.00",
            "50.00", "50.00", "50.00", "25.00", "40.00", "40.00", "40.00", "40.00", "30.00",
            "30.00", "30.00", "30.00"
        ]
    );
    assert_eq!(doc["due"], "910.00");
    assert_eq!(doc["entries"][4]["rule"], "over 60, UKS Ósemka");
}

// ---------------------------------------------------------------- 000

/// Seed 000 (Carmiano 2013), `examples/000-prizes.toml` (items, not
/// cumulative): R1…R8 ranked in that order. Band E (rapid 1600-1799: R2,
/// R4, R5) has 3 entrants; band F/G (up to 1599: R6, R7; R8 is unrated)
/// only 2: void. 1st-3rd R1 R2 R3; band E slides past R2 to R4; first
/// U16 without a national category (born 1998 or later, tag nc): R6 before
/// R8; best resident: R7. Fees (`000-fees.toml`): 6 EUR, residents free.
#[test]
fn seed_000_bands_u16_and_residents() {
    let dir = scratch("awards-seed000");
    let names = ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"];
    let seats: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, n)| seat(n, 8 - i as u32))
        .collect();
    let ev = import(&dir, "carmiano", "2013-12-01", &seats);
    let data: [(u32, &[&str]); 8] = [
        (1, &["--rapid", "2100"]),
        (2, &["--rapid", "1750"]),
        (3, &["--rapid", "1900"]),
        (4, &["--rapid", "1700"]),
        (5, &["--rapid", "1650"]),
        (6, &["--rapid", "1500", "--born", "1999", "--tag", "NC"]),
        (7, &["--rapid", "1450", "--tag", "resident"]),
        (8, &["--born", "2000", "--tag", "nc"]),
    ];
    for (id, args) in data {
        update(&ev, id, args);
    }
    ok(&[
        "prizes",
        "set",
        path(&ev),
        path(&example("000-prizes.toml")),
    ]);
    let doc = json(&["prizes", path(&ev), "--format", "json"]);
    assert_eq!(
        awards(&doc),
        expect(&[
            ("1st place", 1, "-"),
            ("2nd place", 2, "-"),
            ("3rd place", 3, "-"),
            ("1st band E", 4, "-"),
            ("1st U16 without category", 6, "-"),
            ("Best resident", 7, "-"),
        ])
    );
    assert_eq!(voids(&doc), ["1st band F/G"]);
    assert!(doc["awards"][0]["amount"].is_null());

    ok(&["fees", "set", path(&ev), path(&example("000-fees.toml"))]);
    ok(&["pay", path(&ev), "1", "6"]);
    let fees = json(&["fees", path(&ev), "--format", "json"]);
    let due: Vec<&str> = fees["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["due"].as_str().unwrap())
        .collect();
    assert_eq!(
        due,
        [
            "6.00", "6.00", "6.00", "6.00", "6.00", "6.00", "0.00", "6.00"
        ]
    );
    assert_eq!(fees["entries"][6]["rule"], "residents of Carmiano");
    assert_eq!(
        (&fees["due"], &fees["outstanding"]),
        (&serde_json::json!("42.00"), &serde_json::json!("36.00"))
    );
}

// ---------------------------------------------------------------- 001

/// A seed-001-like family team event of 2 boards (`Turniej Szachowy
/// Rodzin`, 7 rounds) with `players` players named `Gracz 1`, `Gracz 2`, …
fn family_team_event(ev: &Path, players: u32) {
    let e = path(ev);
    ok(&[
        "new",
        e,
        "--name",
        "Turniej Szachowy Rodzin",
        "--rounds",
        "7",
        "--system",
        "team-swiss",
        "--boards",
        "2",
    ]);
    for i in 1..=players {
        ok(&["player", "add", e, "--name", &format!("Gracz {i}")]);
    }
}

/// `examples/001-fees.toml` with its deadline moved past now (2999), so
/// that no team registered now pays the late fee; written into `dir`.
fn on_time_fees(dir: &Path) -> std::path::PathBuf {
    let text = std::fs::read_to_string(example("001-fees.toml")).expect("001-fees.toml");
    let on_time = text.replace("2007-08-30T23:59:59", "2999-08-30T23:59:59");
    assert_ne!(on_time, text, "the deadline of 001-fees.toml moved");
    let file = dir.join("001-fees-on-time.toml");
    std::fs::write(&file, on_time).expect("write the schedule");
    file
}

/// Seed 001 (Wieliczka 2007), `examples/001-fees.toml`, regulation III and
/// VII: 30 zł per team; a family's second team and local teams 20 zł; a team
/// registered after 30 August 2007 (local time) pays at least 50 zł. Five
/// teams of two: Nowakowie I (no tag), Nowakowie II (`second`), Kowalscy
/// (`local`), Wiśniewscy (no tag), Zielińscy (`LOCAL`, kept in lower case).
///
/// A command's registration time is its own clock (now, years after the
/// deadline), so with the file as given every team is late: 30 → 50 and
/// 20 → 50, 250 due. With the deadline moved past now (2999), the
/// reductions alone: 30, 20, 20, 30, 20 = 120 due. Paid: Nowakowie II 20
/// (settled), Kowalscy 10 of 20 (10 outstanding); outstanding 120 - 30 = 90.
#[test]
fn seed_001_fees_per_team() {
    let dir = scratch("awards-seed001-fees");
    let ev = dir.join("wieliczka.arb");
    let e = path(&ev);
    family_team_event(&ev, 10);
    let teams: [(&str, &str, &[&str]); 5] = [
        ("Nowakowie I", "1,2", &[]),
        ("Nowakowie II", "3,4", &["--tag", "second"]),
        ("Kowalscy", "5,6", &["--tag", "local"]),
        ("Wiśniewscy", "7,8", &[]),
        ("Zielińscy", "9,10", &["--tag", "LOCAL"]),
    ];
    for (name, players, tags) in teams {
        let mut all = vec!["team", "add", e, "--name", name, "--players", players];
        all.extend_from_slice(tags);
        ok(&all);
    }
    // A tag is one label, as for players.
    let msg = refused(
        &ev,
        &[
            "team",
            "add",
            e,
            "--name",
            "X",
            "--players",
            "1,2",
            "--tag",
            "second;local",
        ],
    );
    assert!(
        msg.contains("tag") && msg.contains("one tag at a time"),
        "{msg}"
    );

    let set = ok(&["fees", "set", e, path(&example("001-fees.toml"))]);
    assert!(
        set.contains("entry fees set (PLN; 2 rules, 1 surcharges)"),
        "{set}"
    );
    let doc = json(&["fees", e, "--format", "json"]);
    let s = |v: &str| v.to_string();
    let late = |due: &str, rule: &str| (s(due), s("0.00"), s(due), s(rule));
    let lines = |doc: &serde_json::Value| {
        ledger_lines(doc)
            .into_iter()
            .map(|(id, due, paid, left, rule)| (id, (due, paid, left, rule)))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lines(&doc),
        vec![
            (1, late("50.00", "base + on the day")),
            (2, late("50.00", "second team of a family + on the day")),
            (3, late("50.00", "local team + on the day")),
            (4, late("50.00", "base + on the day")),
            (5, late("50.00", "local team + on the day")),
        ]
    );
    assert_eq!(doc["due"], serde_json::json!("250.00"));

    // The same regulation with a deadline still to come.
    ok(&["fees", "set", e, path(&on_time_fees(&dir))]);

    let paid = ok(&["pay", e, "2", "20"]);
    assert!(
        paid.contains("payment of 20.00 by cash from team Nowakowie II (id 2) recorded; paid 20.00 of 20.00 PLN due"),
        "{paid}"
    );
    ok(&["pay", e, "3", "10", "--method", "transfer"]);
    // Under fees per team, an id is a team's: there is no team 6 (player 6
    // exists).
    let msg = refused(&ev, &["pay", e, "6", "30"]);
    assert!(msg.contains("no team with id 6"), "{msg}");

    let doc = json(&["fees", e, "--format", "json"]);
    assert_eq!(
        lines(&doc),
        vec![
            (1, (s("30.00"), s("0.00"), s("30.00"), s("base"))),
            (
                2,
                (
                    s("20.00"),
                    s("20.00"),
                    s("0.00"),
                    s("second team of a family")
                )
            ),
            (3, (s("20.00"), s("10.00"), s("10.00"), s("local team"))),
            (4, (s("30.00"), s("0.00"), s("30.00"), s("base"))),
            (5, (s("20.00"), s("0.00"), s("20.00"), s("local team"))),
        ]
    );
    assert_eq!(
        (&doc["due"], &doc["paid"], &doc["outstanding"]),
        (
            &serde_json::json!("120.00"),
            &serde_json::json!("30.00"),
            &serde_json::json!("90.00")
        )
    );
}

/// Seed 001 fees (regulation VII, with the deadline still to come): a tag
/// forgotten at registration is added later with `team update`, and the
/// fee follows — 30 zł base, 20 zł for a family's second team. `team list`
/// shows the tags; an update that changes nothing records nothing, and
/// removing a tag the team lacks, or giving no tag at all, is refused.
#[test]
fn seed_001_team_tags_corrected_after_registration() {
    let dir = scratch("awards-seed001-retag");
    let ev = dir.join("wieliczka.arb");
    let e = path(&ev);
    family_team_event(&ev, 4);
    ok(&[
        "team",
        "add",
        e,
        "--name",
        "Nowakowie I",
        "--players",
        "1,2",
    ]);
    ok(&[
        "team",
        "add",
        e,
        "--name",
        "Nowakowie II",
        "--players",
        "3,4",
    ]);
    ok(&["fees", "set", e, path(&on_time_fees(&dir))]);
    let due = |id: u64| {
        ledger_lines(&json(&["fees", e, "--format", "json"]))
            .into_iter()
            .find(|l| l.0 == id)
            .map(|l| (l.1, l.4))
            .expect("the team's fee line")
    };
    assert_eq!(due(2), ("30.00".into(), "base".into()));
    // The ledger's ids are the teams'.
    let text = ok(&["fees", e]);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("Turniej Szachowy Rodzin — entry fees per team (PLN)")
    );
    assert!(
        lines
            .next()
            .is_some_and(|l| l.trim_start().starts_with("team  name")),
        "{text}"
    );

    let out = ok(&["team", "update", e, "2", "--tag", "Second"]);
    assert!(out.contains("team 2 (Nowakowie II): tags second"), "{out}");
    assert_eq!(due(2), ("20.00".into(), "second team of a family".into()));
    let list = ok(&["team", "list", e]);
    let line = list
        .lines()
        .find(|l| l.contains("Nowakowie II"))
        .expect("Nowakowie II listed");
    assert!(line.contains("[tags: second]"), "{list}");

    let before = ok(&["log", e]);
    let out = ok(&["team", "update", e, "2", "--tag", "second"]);
    assert!(out.contains("(unchanged)"), "{out}");
    assert_eq!(
        ok(&["log", e]),
        before,
        "an update changing nothing was recorded"
    );

    let msg = refused(&ev, &["team", "update", e, "2", "--untag", "local"]);
    assert!(
        msg.contains("Nowakowie II has no tag 'local' (tags: second)"),
        "{msg}"
    );
    let msg = refused(&ev, &["team", "update", e, "2"]);
    assert!(msg.contains("nothing to change for team 2"), "{msg}");
    let msg = refused(&ev, &["team", "update", e, "9", "--tag", "local"]);
    assert!(msg.contains("no team with id 9"), "{msg}");

    ok(&["team", "update", e, "2", "--untag", "second"]);
    assert_eq!(due(2), ("30.00".into(), "base".into()));
}
