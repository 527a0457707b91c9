//! The four seeds' prize, fee and series rules as written in `examples/`,
//! on small hand-built standings; every expected value is worked out by
//! hand in the comments.

mod common;

use arbiter_awards::fees::{Entry, Payer, Payment};
use arbiter_awards::{
    AwardsError, Cents, FeeSchedule, Method, Options, Series, classification, ledger,
    series_standings,
};
use arbiter_model::date::DateTime;
use arbiter_model::{Entrant, Player, Title, Tournament};
use arbiter_standings::{StandingsOptions, compute_standings};
use common::*;

fn player_entry(id: u32, section: &str, l: Line) -> Entry {
    Entry {
        id,
        name: l.0.player.name.clone(),
        section: section.to_string(),
        payer: Payer::Player(l.0.player),
        registered_at: None,
    }
}

fn pay(id: u32, units: &str, method: Method) -> Payment {
    Payment {
        id,
        amount: Cents::parse(units).unwrap(),
        method,
        note: None,
        team: false,
    }
}

fn cents(u: i64) -> Cents {
    Cents::units(u)
}

// ---------------------------------------------------------------- 004

/// Places 1-6 go to the first six; of the special prizes (all 40) only
/// women (C, I, L, M, N = 5) and 1800-2000 (D, E, G, H, I, J = 6) reach 5
/// players. Women: C holds 3rd, so I (9th) takes it; 1800-2000: D and E
/// hold places, G (7th) takes it. Every other category has fewer than 5.
#[test]
fn seed_004_places_and_categories_with_five_players() {
    let p = plan(&example("004-prizes.toml"));
    let field = ranking(vec![
        line(1, "A", "8").rating(2350).man(),
        line(2, "B", "7.5").rating(2250).man(),
        line(3, "C", "7").rating(2150).woman().born("1990-04-04"),
        line(4, "D", "7").rating(1950).man(),
        line(5, "E", "6.5").rating(1900).man(),
        line(6, "F", "6.5").rating(2050).man(),
        line(7, "G", "6").rating(1850).man().born("1950"),
        line(8, "H", "6").rating(1820).man(),
        line(9, "I", "5.5").rating(1810).woman(),
        line(10, "J", "5").rating(1805).man(),
        line(11, "K", "4").man().born("1996"),
        line(12, "L", "3").rating(1700).woman().born("1995-02-02"),
        line(13, "M", "2").rating(1600).woman(),
        line(14, "N", "1").woman(),
    ]);
    let a = run(&p, &field);
    assert_eq!(
        summary(&a),
        expect(&[
            ("1st place", 1, 300),
            ("2nd place", 2, 200),
            ("3rd place", 3, 150),
            ("4th place", 4, 100),
            ("5th place", 5, 70),
            ("6th place", 6, 50),
            ("Best 1800-2000", 7, 40),
            ("Best woman", 9, 40),
        ])
    );
    assert_eq!(
        voids(&a),
        vec![
            "Best 2000-2200",
            "Best boy U18",
            "Best girl U18",
            "Best under 1800",
            "Best unrated",
            "Best veteran"
        ]
    );
    assert!(a.void.iter().any(|v| v.reason.to_string()
        == "unrated: 2 player(s) of the category played, at least 5 required"));
}

/// GM 2450 free; IM 2380 pays the base 20; a woman 75 % = 15; a junior who
/// is a federation member: the better of 15 and 50 % = 10; a veteran 15; a
/// disabled member 10; a woman GM 2410 free. Payments: 20 + 15 + 10 + (20 -
/// 5 refunded) + 5 = 65 of 90 due; prize fund 65 + 500 sponsors.
#[test]
fn seed_004_fee_reductions_and_ledger() {
    let fees = FeeSchedule::parse(&example("004-fees.toml")).unwrap();
    let entries = vec![
        player_entry(
            1,
            "open",
            line(0, "GM", "0")
                .title(Title::GM)
                .rating(2450)
                .born("1970"),
        ),
        player_entry(
            2,
            "open",
            line(0, "IM", "0")
                .title(Title::IM)
                .rating(2380)
                .born("1980"),
        ),
        player_entry(
            3,
            "open",
            line(0, "Woman", "0").woman().rating(2000).born("1985"),
        ),
        player_entry(4, "open", line(0, "Junior", "0").born("1994").tag("member")),
        player_entry(5, "open", line(0, "Veteran", "0").born("1952")),
        player_entry(
            6,
            "open",
            line(0, "Disabled", "0").tag("disabled").tag("member"),
        ),
        player_entry(7, "open", line(0, "Regular", "0").born("1975-05-05")),
        player_entry(
            8,
            "open",
            line(0, "WGM", "0").woman().title(Title::GM).rating(2410),
        ),
    ];
    let payments = vec![
        pay(2, "20", Method::Cash),
        pay(3, "15", Method::Card),
        pay(4, "10", Method::Cash),
        pay(5, "20", Method::Cash),
        pay(5, "-5", Method::Cash),
        pay(6, "5", Method::Transfer),
    ];
    let l = ledger(&fees, &entries, &payments, None).unwrap();
    let due: Vec<(u32, i64, i64, i64)> = l
        .entries
        .iter()
        .map(|e| (e.id, e.due.0 / 100, e.paid.0 / 100, e.outstanding.0 / 100))
        .collect();
    assert_eq!(
        due,
        vec![
            (1, 0, 0, 0),
            (2, 20, 20, 0),
            (3, 15, 15, 0),
            (4, 10, 10, 0),
            (5, 15, 15, 0),
            (6, 10, 5, 5),
            (7, 20, 0, 20),
            (8, 0, 0, 0)
        ]
    );
    assert_eq!(l.entries[3].rule, "Grodno chess federation members");
    let rules: Vec<(&str, u32, i64)> = l
        .by_rule
        .iter()
        .map(|r| (r.rule.as_str(), r.entries, r.due.0 / 100))
        .collect();
    assert_eq!(
        rules,
        vec![
            ("GM/IM rated 2400+", 2, 0),
            ("base", 2, 40),
            ("juniors, disabled, veterans, women", 2, 30),
            ("Grodno chess federation members", 2, 20)
        ]
    );
    let methods: Vec<(Method, u32, i64)> = l
        .by_method
        .iter()
        .map(|m| (m.method, m.payments, m.paid.0 / 100))
        .collect();
    assert_eq!(
        methods,
        vec![
            (Method::Cash, 4, 45),
            (Method::Card, 1, 15),
            (Method::Transfer, 1, 5)
        ]
    );
    assert_eq!(
        (l.due, l.paid, l.outstanding),
        (cents(90), cents(65), cents(25))
    );
    assert_eq!(l.prize_fund, cents(565));
    let json = serde_json::to_value(&l).unwrap();
    assert_eq!(json["entries"][5]["outstanding"], "5.00");
    assert_eq!(json["by_method"][0]["method"], "cash");

    let e = ledger(&fees, &entries, &[pay(99, "6", Method::Cash)], None).unwrap_err();
    assert_eq!(e, AwardsError::UnknownEntry { index: 1, id: 99 });
}

// ---------------------------------------------------------------- 002

/// Group A (Hort). P1 alone on 7.5: 2000 and the cup. P2, P3, W1 tied on
/// 7.0 for places 2-4 (1000, 600, 0): P2 500 + 1600/6, P3 300 + 266.67,
/// W1 266.67 - less than the women's 500, so W1 takes Best woman and the
/// group is shared again as P2, P3 on places 2-3: 500 + 400 = 900 and
/// 300 + 400 = 700. Up to 2150 (300): P3 (2140) and W1 tie on 7.0 there
/// (P3 150 + 75 = 225 < his 700, declines; W1 then 300 < her 500,
/// declines); W2 (2050) holds nothing and takes it.
#[test]
fn seed_002_group_a_hort_with_categories() {
    let p = plan(&example("002-prizes-A.toml"));
    let field = ranking(vec![
        line(1, "P1", "7.5").rating(2400).man(),
        line(2, "P2", "7").rating(2300).man(),
        line(3, "P3", "7").rating(2140).man(),
        line(4, "W1", "7").rating(2100).woman(),
        line(5, "P5", "6").rating(2200).man(),
        line(6, "W2", "5").rating(2050).woman(),
    ]);
    let a = run(&p, &field);
    assert_eq!(
        summary(&a),
        expect(&[
            ("1st place", 1, 2000),
            ("Cup", 1, -1),
            ("2nd place", 2, 900),
            ("3rd place", 3, 700),
            ("Best woman", 4, 500),
            ("Best rated up to 2150", 6, 300),
        ])
    );
    assert_eq!(a.total_paid(), cents(2000 + 1000 + 600 + 500 + 300));
    let second = a.awards.iter().find(|w| w.id == 2).unwrap();
    assert_eq!(second.shared_with, vec![3]);
    assert!(a.void.is_empty());
}

/// Group B (no sharing): B1 and B2 tie on 7.0 but the tie-breaks put B1
/// first: 800 + cup; B2 2nd (400, worth more than best woman 200); the
/// women's prize slides to B4.
#[test]
fn seed_002_group_b_indivisible() {
    let p = plan(&example("002-prizes-B.toml"));
    let field = ranking(vec![
        line(1, "B1", "7").rating(1900).man(),
        line(2, "B2", "7").rating(1800).woman(),
        line(3, "B3", "6").rating(1700).man(),
        line(4, "B4", "5").rating(1650).woman(),
    ]);
    let a = run(&p, &field);
    assert_eq!(
        summary(&a),
        expect(&[
            ("1st place", 1, 800),
            ("Cup", 1, -1),
            ("2nd place", 2, 400),
            ("Best woman", 4, 200)
        ])
    );
}

/// Group D (items): 1st (30) D1, 2nd (20) D2, best girl (15) slides past
/// D2 to D4, 3rd (10) D3.
#[test]
fn seed_002_group_d_prizes_in_kind() {
    let p = plan(&example("002-prizes-D.toml"));
    let field = ranking(vec![
        line(1, "D1", "7").man(),
        line(2, "D2", "6").woman(),
        line(3, "D3", "5").man(),
        line(4, "D4", "4").woman(),
    ]);
    let a = run(&p, &field);
    assert_eq!(
        summary(&a),
        expect(&[
            ("1st place", 1, -1),
            ("2nd place", 2, -1),
            ("3rd place", 3, -1),
            ("Best girl", 4, -1)
        ])
    );
    assert_eq!(
        a.awards[3].item.as_deref(),
        Some("prize in kind (best girl)")
    );
}

/// The U14 classification of group D: only players born 1994 or later,
/// ranked among themselves.
#[test]
fn seed_002_classification_u14_in_group_d() {
    let p = plan(&example("002-prizes-D.toml"));
    let born = ["1993", "1995", "1992-12-31", "1994-01-01"];
    let t = Tournament {
        entrants: born
            .iter()
            .enumerate()
            .map(|(i, b)| Entrant {
                player: Player {
                    tpn: i as u32 + 1,
                    name: format!("D{}", i + 1),
                    birth_date: Some(b.parse().unwrap()),
                    ..Player::default()
                },
                ..Entrant::default()
            })
            .collect(),
        ..Tournament::default()
    };
    let standings = compute_standings(&t, &StandingsOptions::default()).unwrap();
    let u14 = classification(&standings, &t, &p, "u14", &Options::default(), |tpn| tpn).unwrap();
    let rows: Vec<(u32, u32, u32)> = u14
        .rows
        .iter()
        .map(|r| (r.rank, r.rank_to, r.tpn))
        .collect();
    // Nobody has played: all four share place 1-4; the two U14 share 1-2.
    assert_eq!(rows, vec![(1, 2, 2), (1, 2, 4)]);
    assert_eq!(
        classification(&standings, &t, &p, "u12", &Options::default(), |tpn| tpn).unwrap_err(),
        AwardsError::UnknownCategory("u12".into())
    );
}

/// Group fees 70/60/50/40/30; a GM in A free; over 60 on 2008-07-01 or an
/// Ósemka member half. Born 1948-07-01 is 60 on the day (30 of 60); born
/// 1948-07-02 is 59 (60).
#[test]
fn seed_002_fees_by_group() {
    let fees = FeeSchedule::parse(&example("002-fees.toml")).unwrap();
    let entries = vec![
        player_entry(1, "A", line(0, "GM", "0").title(Title::GM)),
        player_entry(2, "A", line(0, "A player", "0")),
        player_entry(3, "B", line(0, "Sixty", "0").born("1948-07-01")),
        player_entry(4, "B", line(0, "Fifty-nine", "0").born("1948-07-02")),
        player_entry(5, "C", line(0, "Member", "0").tag("osemka")),
        player_entry(6, "E", line(0, "Kid", "0").born("1997")),
        player_entry(7, "B", line(0, "GM in B", "0").title(Title::GM)),
    ];
    let l = ledger(&fees, &entries, &[], None).unwrap();
    let due: Vec<i64> = l.entries.iter().map(|e| e.due.0 / 100).collect();
    assert_eq!(due, vec![0, 70, 30, 60, 25, 30, 60]);
    let mut bad = entries[0].clone();
    bad.section = "F".into();
    let e = ledger(&fees, &[bad], &[], None).unwrap_err();
    assert_eq!(e.to_string(), "base.F: no base fee for this section");
}

// ---------------------------------------------------------------- 000

/// Band E (R2, R4, R5) has 3 entrants, band F/G (R6, R7) only 2: void.
/// 1st-3rd R1 R2 R3; band E slides past R2 to R4; U16 without category:
/// R6 (born 1999, tag nc); resident: R7.
#[test]
fn seed_000_bands_u16_and_residents() {
    let p = plan(&example("000-prizes.toml"));
    let field = ranking(vec![
        line(1, "R1", "6").rapid(2100),
        line(2, "R2", "5.5").rapid(1750),
        line(3, "R3", "5").rapid(1900),
        line(4, "R4", "5").rapid(1700),
        line(5, "R5", "4.5").rapid(1650),
        line(6, "R6", "4").rapid(1500).born("1999").tag("nc"),
        line(7, "R7", "3.5").rapid(1450).tag("resident"),
        line(8, "R8", "3").born("2000").tag("nc"),
    ]);
    let a = run(&p, &field);
    assert_eq!(
        summary(&a),
        expect(&[
            ("1st place", 1, -1),
            ("2nd place", 2, -1),
            ("3rd place", 3, -1),
            ("1st band E", 4, -1),
            ("1st U16 without category", 6, -1),
            ("Best resident", 7, -1),
        ])
    );
    assert_eq!(voids(&a), vec!["1st band F/G"]);
}

#[test]
fn seed_000_residents_play_free() {
    let fees = FeeSchedule::parse(&example("000-fees.toml")).unwrap();
    let entries = vec![
        player_entry(1, "open", line(0, "Local", "0").tag("resident")),
        player_entry(2, "open", line(0, "Visitor", "0")),
    ];
    let l = ledger(&fees, &entries, &[pay(2, "6", Method::Cash)], None).unwrap();
    let due: Vec<i64> = l.entries.iter().map(|e| e.due.0).collect();
    assert_eq!(due, vec![0, 600]);
    assert_eq!(l.outstanding, Cents::ZERO);
}

/// Ten events: X 1st in events 1-9 (absent from the last), Y 2nd, Z 3rd and
/// V 4th in all ten, W 1st in the last only. Best 7 + 2 per event: X 175 +
/// 18 = 193, Y 140 + 20 = 160, Z 119 + 20 = 139, V 105 + 20 = 125, W 25 + 2
/// = 27. Only players of the last event may win: 1st overall Y, 2nd Z, 3rd
/// V (100, a place prize before band D's equal 100); every band prize's
/// only candidate already holds a prize: void. V's band is his rating at
/// the last event (1900: D), not the 2000 he had before.
#[test]
fn seed_000_grand_prix() {
    let series = Series::parse(&example("000-series.toml")).unwrap();
    let x = || line(0, "X", "0").fide_id(1).rapid(2200);
    let y = || line(0, "Y", "0").fide_id(2).rapid(1750);
    let z = || line(0, "Z", "0").fide_id(3).rapid(1350).born("2000");
    let v = |r| line(0, "V", "0").fide_id(4).rapid(r);
    let w = || line(0, "W", "0").fide_id(5);
    let mut events: Vec<_> = (1..=9)
        .map(|e| event(&format!("gp{e:02}"), vec![x(), y(), z(), v(2000)]))
        .collect();
    events.push(event("gp10", vec![w(), y(), z(), v(1900)]));
    let s = series_standings(&series, &events, None).unwrap();
    let table: Vec<(&str, u32, u32, bool)> = s
        .lines
        .iter()
        .map(|l| (l.name.as_str(), l.rank, l.total, l.eligible))
        .collect();
    assert_eq!(
        table,
        vec![
            ("X", 1, 193, false),
            ("Y", 2, 160, true),
            ("Z", 3, 139, true),
            ("V", 4, 125, true),
            ("W", 5, 27, true)
        ]
    );
    assert_eq!(s.counted, 7);
    let line_of = |n: &str| s.lines.iter().find(|l| l.name == n).unwrap();
    assert_eq!(
        (line_of("V").rating, line_of("V").categories.clone()),
        (Some(1900), vec!["band_d".to_string()])
    );
    assert_eq!(
        line_of("Z").categories,
        vec!["band_fg".to_string(), "junior_g".to_string()]
    );
    assert_eq!(
        line_of("X")
            .results
            .iter()
            .flatten()
            .filter(|r| !r.counted)
            .count(),
        2
    );
    let prizes = s.prizes.as_ref().unwrap();
    let ids = |n: &str| line_of(n).id;
    assert_eq!(
        summary(prizes),
        expect(&[
            ("1st overall", ids("Y"), 200),
            ("2nd overall", ids("Z"), 150),
            ("3rd overall", ids("V"), 100)
        ])
    );
    assert_eq!(prizes.void.len(), 8);
}

// ---------------------------------------------------------------- 001

fn team(id: u32, name: &str, tags: &[&str], registered: &str) -> Entry {
    Entry {
        id,
        name: name.to_string(),
        section: "teams".to_string(),
        payer: Payer::Team {
            tags: tags.iter().map(|t| t.to_string()).collect(),
            members: vec![Player::default(), Player::default()],
        },
        registered_at: Some(registered.parse::<DateTime>().unwrap()),
    }
}

/// 30 per team; a second family team 20; a local team 20; on the day
/// (after 30 August) raised to 50, reduced or not.
#[test]
fn seed_001_team_fees() {
    let fees = FeeSchedule::parse(&example("001-fees.toml")).unwrap();
    let entries = vec![
        team(1, "Nowakowie I", &[], "2007-08-20T10:00:00"),
        team(2, "Nowakowie II", &["second"], "2007-08-20T10:00:00"),
        team(3, "Kowalscy", &["local"], "2007-08-30T18:00:00"),
        team(4, "Late", &[], "2007-09-02T09:30:00"),
        team(5, "Late local", &["local"], "2007-09-02T09:40:00"),
    ];
    let l = ledger(&fees, &entries, &[], None).unwrap();
    let due: Vec<(i64, &str)> = l
        .entries
        .iter()
        .map(|e| (e.due.0 / 100, e.rule.as_str()))
        .collect();
    assert_eq!(
        due,
        vec![
            (30, "base"),
            (20, "second team of a family"),
            (20, "local team"),
            (50, "base + on the day"),
            (50, "local team + on the day")
        ]
    );
    assert_eq!(l.due, cents(170));
    // A player entry is refused in a per-team schedule.
    let e = ledger(
        &fees,
        &[player_entry(9, "teams", line(0, "Solo", "0"))],
        &[],
        None,
    )
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("entry 9 is a player but the fees are per team"),
        "{e}"
    );
}

/// Over the team ranking (teams as lines, tags on them): 1200 ... 100 to
/// places 1-6, items to 7-10, nothing to 11; the best local team (3rd)
/// also takes the special prize.
#[test]
fn seed_001_team_place_prizes() {
    let p = plan(&example("001-prizes.toml"));
    let field = ranking(
        (1..=11)
            .map(|i| {
                let l = line(i, &format!("Team {i}"), &format!("{}", 14 - i));
                if i == 3 || i == 9 { l.tag("local") } else { l }
            })
            .collect(),
    );
    let a = run(&p, &field);
    assert_eq!(
        summary(&a),
        expect(&[
            ("1st place", 1, 1200),
            ("2nd place", 2, 600),
            ("3rd place", 3, 300),
            ("Best Wieliczka team", 3, -1),
            ("4th place", 4, 200),
            ("5th place", 5, 150),
            ("6th place", 6, 100),
            ("7th place", 7, -1),
            ("8th place", 8, -1),
            ("9th place", 9, -1),
            ("10th place", 10, -1),
        ])
    );
}
