//! Who can still win each prize before the last round, by hand.

mod common;

use arbiter_awards::{Options, Outlook, still_possible};
use common::*;

const PLAN: &str = r#"
currency = "EUR"
reference_date = 2013-07-01
[categories.women]
sex = "w"
[categories.u16]
born_from = 1998-01-01
min_entrants = 3
[[prize]]
label = "1st"
amount = 100
[[prize]]
label = "2nd"
place = 2
amount = 80
[[prize]]
label = "Best woman"
category = "women"
amount = 50
[[prize]]
label = "Best U16"
category = "u16"
amount = 30
[[prize]]
label = "Cup"
item = "cup"
cumulative = true
"#;

fn field() -> arbiter_awards::Ranking {
    ranking(vec![
        line(1, "A", "7"),
        line(2, "B", "6.5"),
        line(3, "C", "6").woman(),
        line(4, "D", "5.5"),
        line(5, "E", "5").woman(),
        line(6, "F", "4"),
        line(7, "G", "3").born("2000"),
        line(8, "H", "2").born("2001"),
    ])
}

/// One round left, a win is 1 point: A can reach 8, B 7.5, C 7, D 6.5, E 6,
/// F 5, G 4, H 3.
/// * 1st (nothing handed out before it): nobody may finish surely above ->
///   A, B, C (D's 6.5 is below A's 7 already).
/// * 2nd (one prize before it): one player surely above is allowed -> A, B,
///   C, D (E's 6 is below A and B).
/// * Best woman (two prizes before it): C, E.
/// * Best U16: only two U16 players exist, min_entrants 3 -> void.
/// * Cup (by place): as 1st.
#[test]
fn one_round_left() {
    let p = plan(PLAN);
    let f = field();
    let list = still_possible(
        &p,
        &f,
        &Outlook::uniform(&f, 1, pts("1")),
        &Options::default(),
    )
    .unwrap();
    let got: Vec<(&str, Vec<u32>, bool)> = list
        .iter()
        .map(|c| (c.prize.as_str(), c.ids.clone(), c.void.is_some()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("1st", vec![1, 2, 3], false),
            ("2nd", vec![1, 2, 3, 4], false),
            ("Best woman", vec![3, 5], false),
            ("Best U16", vec![], true),
            ("Cup", vec![1, 2, 3], false),
        ]
    );
}

/// With Hort sharing the 2nd place allows one player above plus those above
/// who could leave for the women's table: for E (reach 6) A and B are above
/// and neither is a woman -> not listed; D (reach 6.5, only A above) is;
/// for F (reach 5) A, B, C, D are above and only C could leave: 4 > 1 + 1.
#[test]
fn shared_prizes_allow_leavers() {
    let p = plan(&format!("sharing = \"hort\"\n{PLAN}"));
    let f = field();
    let list = still_possible(
        &p,
        &f,
        &Outlook::uniform(&f, 1, pts("1")),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(list[1].ids, vec![1, 2, 3, 4]);
}

/// After the last round only players nobody is surely above remain for 1st.
#[test]
fn no_round_left() {
    let p = plan(PLAN);
    let f = field();
    let list = still_possible(
        &p,
        &f,
        &Outlook::uniform(&f, 0, pts("1")),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(list[0].ids, vec![1]);
    assert_eq!(list[1].ids, vec![1, 2]);
}
