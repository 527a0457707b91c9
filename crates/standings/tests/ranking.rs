//! Ranking: points, then each tie-break for the still-tied groups; direct
//! encounter inside the ranking; shared places and the last resort; the
//! national presets; round-robin treatment; errors.

mod common;

use arbiter_standings::presets::Preset;
use arbiter_standings::render::{Format, RenderOptions, render};
use arbiter_standings::{
    Edition, LastResort, Mode, StandingsError, StandingsOptions, Value, compute_standings,
    parse_list,
};
use common::{close, crosstable, games, value, with_ratings};

fn options(codes: &str) -> StandingsOptions {
    StandingsOptions {
        tiebreaks: Some(parse_list(codes).expect("codes")),
        ..StandingsOptions::default()
    }
}

fn order(s: &arbiter_standings::Standings) -> Vec<(String, u32)> {
    s.rows.iter().map(|r| (r.place(), r.tpn)).collect()
}

fn places(list: &[(&str, u32)]) -> Vec<(String, u32)> {
    list.iter().map(|(p, t)| (p.to_string(), *t)).collect()
}

/// Two pairs tied on points; each pair separated by its direct game.
const TWO_PAIRS: [&str; 3] = ["1-2 1, 3-4 1", "1-3 1, 2-4 1", "4-1 1, 3-2 1"];

#[test]
fn direct_encounter_separates_two_tied_players() {
    let s = compute_standings(&games(4, &TWO_PAIRS), &options("DE")).expect("standings");
    assert_eq!(order(&s), places(&[("1", 1), ("2", 3), ("3", 2), ("4", 4)]));
    for (tpn, de) in [(1, 1), (3, 2), (2, 1), (4, 2)] {
        assert_eq!(value(&s, tpn, Some(0)), Value::Int(de), "#{tpn}");
    }
}

/// 1 beat 2, 2 beat 3, 3 beat 1, all beat 4: DE leaves the three tied.
const CYCLE: [&str; 3] = ["1-2 1, 3-4 1", "2-3 1, 4-1 0", "3-1 1, 2-4 1"];

#[test]
fn equal_participants_share_the_place() {
    let s = compute_standings(&games(4, &CYCLE), &options("DE")).expect("standings");
    assert_eq!(
        order(&s),
        places(&[("1-3", 1), ("1-3", 2), ("1-3", 3), ("4", 4)])
    );
    assert!(s.rows.iter().all(|r| r.values[0] == Value::Int(0)));
    assert_eq!(s.rows[2].rank, 1);
    assert_eq!(s.rows[3].rank, 4);
}

#[test]
fn last_resort_by_pairing_number_or_lots() {
    let t = games(4, &CYCLE);
    let mut o = options("DE");
    o.last_resort = LastResort::Tpn;
    let s = compute_standings(&t, &o).expect("standings");
    assert_eq!(order(&s), places(&[("1", 1), ("2", 2), ("3", 3), ("4", 4)]));

    o.last_resort = LastResort::Lots { seed: 2026 };
    let a = compute_standings(&t, &o).expect("standings");
    let b = compute_standings(&t, &o).expect("standings");
    assert_eq!(a, b, "the same seed draws the same lots");
    let mut top: Vec<u32> = a.rows[..3].iter().map(|r| r.tpn).collect();
    top.sort_unstable();
    assert_eq!(top, [1, 2, 3]);
    assert_eq!(a.rows[3].tpn, 4);
    assert!(a.rows.iter().all(|r| r.rank == r.rank_to));
    let text = render(&a, &RenderOptions::default());
    assert!(text.contains("seed 2026"), "{text}");
}

#[test]
fn each_key_only_reorders_players_still_tied() {
    // TWO_PAIRS: 1 and 3 have 2 points, 2 and 4 one. WIN ties everybody
    // with the same score, BH then decides.
    let s = compute_standings(&games(4, &TWO_PAIRS), &options("WIN,BH")).expect("standings");
    // 1: opponents 2, 3, 4 → 1+2+1 = 4; 3: opponents 4, 1, 2 → 4. Tied.
    assert!(close(value(&s, 1, Some(1)), "4.0"));
    assert!(close(value(&s, 3, Some(1)), "4.0"));
    assert_eq!(s.rows[0].place(), "1-2");
}

/// 06-italo-swiss.md §6 Example 1: players 1, 4, 6 on one point are ordered
/// 1, 4, 6 by the Italian Buchholz (Cut 1, then the discarded score).
#[test]
fn italian_buchholz_variant() {
    let t = games(
        8,
        &[
            "1-2 0, 3-4 0, 5-6 1, 7-8 =",
            "2-4 1, 7-5 1, 8-1 1, 6-3 1",
            "2-7 1, 4-8 0, 5-3 1, 1-6 1",
        ],
    );
    let preset = Preset::find("it-buchholz").expect("preset");
    let o = StandingsOptions {
        tiebreaks: Some(preset.tiebreaks()),
        ..StandingsOptions::default()
    };
    let s = compute_standings(&t, &o).expect("standings");
    let tpns: Vec<u32> = s.rows.iter().map(|r| r.tpn).collect();
    assert_eq!(tpns, [2, 8, 5, 7, 1, 4, 6, 3]);
    for (tpn, c1, bh) in [(1, "5.5", "6.5"), (4, "5.5", "5.5"), (6, "3", "3")] {
        assert!(close(value(&s, tpn, Some(0)), c1), "#{tpn} C1");
        assert!(close(value(&s, tpn, Some(1)), bh), "#{tpn} BH");
    }
    let ro = RenderOptions {
        labels: Some(preset.labels(arbiter_standings::labels::Lang::It)),
        lang: arbiter_standings::labels::Lang::It,
        ..RenderOptions::default()
    };
    assert!(render(&s, &ro).contains("Buchholz variante italiana (Cut 1)"));
}

/// 3-player single round robin with a rest every round (blank rounds):
/// 1 beat 2, 2 beat 3, 3 drew 1.
const RR3: [&str; 3] = ["1-2 1", "2-3 1", "3-1 ="];

#[test]
fn round_robin_has_no_dummies_and_a_reduced_koya_limit() {
    let mut t = games(3, &RR3);
    t.system = Some("FIDE_ROUNDROBIN".into());
    let s = compute_standings(&t, &options("BH,SB,KS")).expect("standings");
    assert_eq!(s.mode, Mode::RoundRobin);
    // BH(1) = 2's 1 + 3's ½; the rest round adds nothing.
    assert!(close(value(&s, 1, Some(0)), "1.5"));
    assert!(close(value(&s, 1, Some(1)), "1.25"));
    // n = 3 rounds, 3 players: one bye per cycle → limit 50 % of 2 = 1.
    assert!(close(value(&s, 3, Some(2)), "0.5"));
    assert!(close(value(&s, 1, Some(2)), "1.0"));
    // As a Swiss (2026) the rest round is a zero-point bye with a dummy
    // min(own 1.5, ½ × 3) = 1.5, and 2's final blank round counts as a draw
    // in its adjusted score (1.5): BH(1) = 1.5 + 1.5 + ½.
    let mut o = options("BH");
    o.mode = Some(Mode::Swiss);
    let swiss = compute_standings(&t, &o).expect("standings");
    assert!(close(value(&swiss, 1, Some(0)), "3.5"));
}

#[test]
fn round_robin_counts_forfeits_as_games_except_in_type_b_and_ratings() {
    // CYCLE with 2's win against 4 by forfeit.
    let t = games(4, &["1-2 1, 3-4 1", "2-3 1, 4-1 0", "3-1 1, 2-4 +"]);
    let mut o = options("SB,WON,ARO");
    o.mode = Some(Mode::RoundRobin);
    let t = with_ratings(t, &[2000, 1900, 1800, 1700]);
    let rr = compute_standings(&t, &o).expect("standings");
    // SB(2) = beat 3 (2 points) + beat 4 by forfeit (0 points) = 2.
    assert!(close(value(&rr, 2, Some(0)), "2.00"));
    assert_eq!(value(&rr, 2, Some(1)), Value::Int(1));
    // ARO(2) = (2000 + 1800) / 2: the forfeit is not an OTB game.
    assert_eq!(value(&rr, 2, Some(2)), Value::Int(1900));
    // As a 2024 Swiss the forfeit win gets a dummy with 2's own score 2.
    o.mode = Some(Mode::Swiss);
    o.edition = Some(Edition::Fide2024);
    let swiss = compute_standings(&t, &o).expect("standings");
    assert!(close(value(&swiss, 2, Some(0)), "4.00"));
}

#[test]
fn unrated_players_void_rating_keys_unless_a_default_is_given() {
    let mut t = with_ratings(games(4, &TWO_PAIRS), &[2000, 1900, 1800, 1700]);
    t.entrants[3].player.ratings.fide = None;
    let s = compute_standings(&t, &options("ARO,TPR,RTNG")).expect("standings");
    assert!(
        s.rows
            .iter()
            .all(|r| r.values.iter().all(|v| v.is_missing()))
    );
    assert_eq!(s.rows[0].values[0].to_string(), "-0");
    let s = compute_standings(&t, &options("ARO/U1000,RTNG/U1000")).expect("standings");
    // 1 met 2 (1900), 3 (1800), 4 (unrated → 1000).
    assert_eq!(value(&s, 1, Some(0)), Value::Int(1567));
    assert_eq!(value(&s, 4, Some(1)), Value::Int(1000));
}

#[test]
fn rating_order_and_pairing_number_keys() {
    let t = with_ratings(games(4, &CYCLE), &[1800, 2000, 1900, 2100]);
    let s = compute_standings(&t, &options("RTNG")).expect("standings");
    let top: Vec<u32> = s.rows.iter().map(|r| r.tpn).collect();
    assert_eq!(top, [2, 3, 1, 4]);
    let s = compute_standings(&t, &options("TPN/R")).expect("standings");
    let top: Vec<u32> = s.rows.iter().map(|r| r.tpn).collect();
    assert_eq!(top, [3, 2, 1, 4]);
}

#[test]
fn the_tournament_list_is_used_when_none_is_given() {
    let mut t = games(4, &TWO_PAIRS);
    t.tiebreaks = vec!["PTS".into(), "BH/C1".into(), "DE".into()];
    let s = compute_standings(&t, &StandingsOptions::default()).expect("standings");
    let codes: Vec<&str> = s.tiebreaks.iter().map(|t| t.code()).collect();
    assert_eq!(codes, ["BH/C1", "DE"]);
}

#[test]
fn bad_data_and_requests_are_errors() {
    let mut t = crosstable(&["+W2", "-B1"]);
    t.entrants[1].rounds[0] = arbiter_model::RoundEntry::Game {
        opponent: 9,
        colour: arbiter_model::Colour::Black,
        outcome: arbiter_model::Outcome::Loss,
        rated: true,
    };
    let err = compute_standings(&t, &options("BH")).unwrap_err();
    assert_eq!(
        err,
        StandingsError::UnknownOpponent {
            player: 2,
            round: 1,
            opponent: 9
        }
    );
    let ok = crosstable(&["+W2", "-B1"]);
    let mut o = options("FB");
    o.edition = Some(Edition::Fide2009);
    assert_eq!(
        compute_standings(&ok, &o).unwrap_err(),
        StandingsError::ForeBuchholz2009
    );
    let mut bad = ok.clone();
    bad.tiebreaks = vec!["XYZ".into()];
    assert!(matches!(
        compute_standings(&bad, &StandingsOptions::default()),
        Err(StandingsError::Code(_))
    ));
}

#[test]
fn tsv_header_and_rank_column() {
    let s = compute_standings(&games(4, &CYCLE), &options("BH/C1,DE")).expect("standings");
    let tsv = render(
        &s,
        &RenderOptions {
            format: Format::Tsv,
            ..RenderOptions::default()
        },
    );
    let mut lines = tsv.lines();
    assert_eq!(lines.next(), Some("Rank\tTPN\tName\tPTS\tBH/C1\tDE"));
    assert!(tsv.lines().skip(1).all(|l| l.split('\t').count() == 6));
    let json = render(
        &s,
        &RenderOptions {
            format: Format::Json,
            ..RenderOptions::default()
        },
    );
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(v["rows"].as_array().map(Vec::len), Some(4));
    assert_eq!(v["tiebreaks"][0]["code"], "BH/C1");
}
