//! `validate`: cross-checks between lines (issue 2 item 3, spec 05 §6.2).

mod common;

use arbiter_trf::{parse, read, validate};
use common::{codes, player};

/// The messages `validate` gives for a file made of these lines.
fn problems(lines: &[String]) -> Vec<String> {
    let text = lines.join("\n");
    let doc = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    validate(&doc, &codes)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// The messages `read` gives for a file made of these lines: its errors,
/// or else its warnings (a points column that disagrees with the results
/// is one: the results decide).
fn read_messages(lines: &[String]) -> Vec<String> {
    let text = lines.join("\n");
    match read(text.as_bytes(), &codes) {
        Ok(doc) => doc.warnings.iter().map(ToString::to_string).collect(),
        Err(errors) => errors.iter().map(ToString::to_string).collect(),
    }
}

#[test]
fn forfeits_single_and_double() {
    let ok = problems(&[
        player(1, "1.0", &["2 w +", "3 b -"]),
        player(2, "0.0", &["1 b -", "4 w -"]),
        player(3, "2.0", &["4 b +", "1 w +"]),
        player(4, "0.0", &["3 w -", "2 b -"]),
    ]);
    assert_eq!(ok, Vec::<String>::new());
    let both_won = problems(&[player(1, "1.0", &["2 w +"]), player(2, "1.0", &["1 b +"])]);
    assert_eq!(
        both_won,
        vec![
            "1:99: players 1 and 2 both won their game of round 1 by forfeit (field round 1 result)"
        ]
    );
    let forfeit_against_game =
        problems(&[player(1, "1.0", &["2 w +"]), player(2, "0.0", &["1 b 0"])]);
    assert_eq!(
        forfeit_against_game,
        vec![
            "1:99: player 1 has a forfeit against 2 in round 1, but player 2 has a played game (field round 1 result)"
        ]
    );
}

#[test]
fn opponent_must_name_the_player_back() {
    let p = problems(&[
        player(1, "1.0", &["2 w 1"]),
        player(2, "0.0", &["3 b 0"]),
        player(3, "1.0", &["0000 - U"]),
    ]);
    assert_eq!(
        p,
        vec![
            "1:92: player 1 meets 2 in round 1, but player 2's round 1 entry does not name 1 (field round 1 opponent)",
            "2:92: player 2 meets 3 in round 1, but player 3's round 1 entry does not name 2 (field round 1 opponent)",
        ]
    );
    let own = problems(&[player(1, "1.0", &["1 w 1"])]);
    assert_eq!(
        own,
        vec!["1:92: player 1 is paired against himself in round 1 (field round 1 opponent)"]
    );
}

#[test]
fn points_may_include_the_next_rounds_bye_or_acceleration() {
    // Round 1 played; player 3 has a pre-entered half-point bye in round 2.
    let lines = |p3: &str| {
        vec![
            player(1, "1.0", &["2 w 1"]),
            player(2, "0.0", &["1 b 0"]),
            player(3, p3, &["0000 - U", "0000 - H"]),
            "XXA    1  1.0  1.0".to_string(),
        ]
    };
    assert!(read_messages(&lines("1.0")).is_empty());
    assert!(read_messages(&lines("1.5")).is_empty());
    assert_eq!(
        read_messages(&lines("2.0")),
        vec![
            "3:81: warning: player 3 has 2.0 points, but the results add up to 1.0: the results are used (field points)"
        ]
    );
    // Player 1 may carry his round-2 virtual point in the points column.
    let mut l = lines("1.0");
    l[0] = player(1, "2.0", &["2 w 1"]);
    assert!(read_messages(&l).is_empty());
    l[0] = player(1, "3.0", &["2 w 1"]);
    assert_eq!(
        read_messages(&l),
        vec![
            "1:81: warning: player 1 has 3.0 points, but the results add up to 1.0: the results are used (field points)"
        ]
    );
}

#[test]
fn points_follow_the_files_scoring() {
    let lines = vec![
        "162  W 3.0    D 1.0".to_string(),
        player(1, "4.0", &["2 w 1", "3 b ="]),
        player(2, "3.0", &["1 b 0", "0000 - U"]),
        player(3, "4.0", &["0000 - U", "1 w ="]),
    ];
    assert!(read_messages(&lines).is_empty());
}

#[test]
fn forfeit_win_without_opponent_takes_part_in_the_pairing() {
    // `0000 - +` in round 2 makes round 2 a past round (bbpPairings), so
    // player 1's points must include it.
    let lines = vec![
        player(1, "2.0", &["2 w 1", "0000 - +"]),
        player(2, "0.0", &["1 b 0"]),
    ];
    assert!(read_messages(&lines).is_empty());
    let lines = vec![
        player(1, "1.0", &["2 w 1", "0000 - +"]),
        player(2, "0.0", &["1 b 0"]),
    ];
    assert_eq!(
        read_messages(&lines),
        vec![
            "1:81: warning: player 1 has 1.0 points, but the results add up to 2.0: the results are used (field points)"
        ]
    );
}

#[test]
fn every_problem_is_reported_in_file_order() {
    let p = problems(&[
        player(1, "9.0", &["2 w 1"]),
        player(2, "0.0", &["1 w 0"]),
        player(2, "0.0", &["1 w 0"]),
    ]);
    assert_eq!(
        p,
        vec![
            "1:97: players 1 and 2 both have white in round 1 (field round 1 colour)",
            "3:5: starting rank 2 is used twice (first on line 2) (field starting rank)",
        ]
    );
}

#[test]
fn entries_beyond_the_total_rounds() {
    let p = problems(&[
        "XXR 1".to_string(),
        player(1, "1.0", &["2 w 1", "0000 - H"]),
        player(2, "0.0", &["1 b 0"]),
    ]);
    assert_eq!(
        p,
        vec![
            "2:102: an entry for round 2, but the tournament has 1 rounds (142/XXR) (field round 2)"
        ]
    );
}

#[test]
fn abnormal_points_records_exempt_the_points_check() {
    let lines = |extra: &str| {
        vec![
            player(1, "0.5", &["2 w 1"]),
            player(2, "0.0", &["1 b 0"]),
            extra.to_string(),
        ]
    };
    assert_eq!(read_messages(&lines("")).len(), 1);
    // 299: type blank (penalty), game points at 14-17, round 20-22, ids 24-.
    let r299 = format!("{:<13}{:>4}  {:>3} {:>4}", "299", "-0.5", "001", 1);
    assert!(read_messages(&lines(&r299)).is_empty(), "{r299}");
}
