//! What the writer refuses and reports (issue 10 items 6 and 7).

mod common;

use arbiter_model::{Entrant, Player, Tournament};
use arbiter_trf::{ErrorKind, TrfDocument, WriteWarning, parse, write};

fn entrant(tpn: u32, name: &str) -> Entrant {
    Entrant {
        player: Player {
            tpn,
            name: name.to_string(),
            ..Player::default()
        },
        ..Entrant::default()
    }
}

fn doc(entrants: Vec<Entrant>) -> TrfDocument {
    TrfDocument::new(Tournament {
        entrants,
        ..Tournament::default()
    })
}

#[test]
fn a_name_cannot_inject_a_record() {
    // Issue 10 item 7: written verbatim, this name became an XXP record.
    let d = doc(vec![
        entrant(1, "Alpha, Ann"),
        entrant(2, "E, A\rXXP 1 3\r### "),
    ]);
    let e = write(&d).expect_err("refused");
    assert_eq!(e.kind, ErrorKind::Invalid);
    assert_eq!(e.player, Some(2));
    assert_eq!(e.field, "name");
    assert_eq!(
        e.to_string(),
        "player 2: the text holds a control character (U+000D) at character 5, which a TRF cannot carry (field name)"
    );
}

#[test]
fn control_characters_in_header_texts_are_refused() {
    for (c, set) in [
        (
            '\n',
            (|t: &mut Tournament| t.info.name.push('\n')) as fn(&mut Tournament),
        ),
        ('\t', |t| t.info.city = Some("Bad\tCity".into())),
        ('\u{1b}', |t| t.info.time_control = Some("90\u{1b}".into())),
        ('\u{2028}', |t| {
            t.info.deputy_arbiters.push("A\u{2028}B".into())
        }),
    ] {
        let mut d = doc(vec![entrant(1, "Alpha, Ann")]);
        set(&mut d.tournament);
        let e = write(&d).expect_err("refused");
        assert_eq!(e.player, None);
        assert!(e.message.contains(&format!("U+{:04X}", c as u32)), "{e}");
    }
}

#[test]
fn more_players_than_a_trf_holds_is_a_size_limit() {
    // Issue 10 item 6: 10,000 players made a file Arbiter itself rejected.
    let d = doc((1..=10_000).map(|t| entrant(t, "Same, Name")).collect());
    let e = write(&d).expect_err("refused");
    assert_eq!(e.kind, ErrorKind::SizeLimit);
    assert_eq!(
        e.to_string(),
        "10000 players: a TRF holds at most 9999 (field players)"
    );
    // 9,999 fit.
    let d = doc((1..=9_999).map(|t| entrant(t, "Same, Name")).collect());
    assert!(write(&d).is_ok());
}

#[test]
fn numbers_beyond_their_fields_are_size_limits() {
    let mut d = doc(vec![entrant(1, "Alpha, Ann")]);
    d.tournament.entrants[0].player.ratings.fide = Some(12_000);
    let e = write(&d).expect_err("refused");
    assert_eq!(
        (e.kind, e.to_string()),
        (
            ErrorKind::SizeLimit,
            "player 1: rating 12000 does not fit the 4-column field (field rating)".to_string()
        )
    );
    let mut d = doc(vec![entrant(1, "Alpha, Ann")]);
    d.tournament.scoring.win = arbiter_model::Points(10005);
    assert_eq!(
        write(&d).expect_err("refused").to_string(),
        "1000.5 points do not fit the 4-column points field (field 162 scoring)"
    );
}

#[test]
fn names_longer_than_the_field_are_cut_and_reported() {
    // Two players the 33-column field would make identical.
    let long = "Wolfeschlegelsteinhausenbergerdorff";
    let d = doc(vec![
        entrant(1, &format!("{long}, Hubert")),
        entrant(2, &format!("{long}, Maria")),
    ]);
    let written = write(&d).expect("written");
    let cut = &long[..33];
    assert_eq!(
        written.warnings,
        vec![
            WriteWarning::Truncated {
                player: 1,
                field: "name",
                full: format!("{long}, Hubert"),
                written: cut.to_string(),
            },
            WriteWarning::Truncated {
                player: 2,
                field: "name",
                full: format!("{long}, Maria"),
                written: cut.to_string(),
            },
        ]
    );
    assert_eq!(
        written.warnings[0].to_string(),
        format!(
            "player 1: the name '{long}, Hubert' is longer than the TRF field (33 characters); written as '{cut}'"
        )
    );
    let again = parse(&written.text).expect("readable");
    assert_eq!(again.tournament.entrants[0].player.name, cut);
}
