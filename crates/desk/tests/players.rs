//! Registration, CSV lists, updates, withdrawals, byes and forbidden pairs.

mod common;

use arbiter_desk::{ErrorKind, PlayerForm, Warning};
use arbiter_model::date::BirthDate;
use common::{entries, memory, origin, player, players};

#[test]
fn registration_checks_every_field() {
    let mut desk = memory("dutch", 9);
    let before = entries(&mut desk);
    type Change = fn(&mut PlayerForm);
    let cases: [(&str, Change); 5] = [
        ("name", |f| f.name = Some("E, A\rXXP 1 3\r### ".into())),
        ("club", |f| f.club = Some("Club\nTwo".into())),
        ("born", |f| f.born = Some("2999-01-01".into())),
        ("rating", |f| f.rating = Some("abc".into())),
        ("fed", |f| f.fed = Some("ITALY".into())),
    ];
    for (field, change) in cases {
        let mut form = player("Rossi, Mario", 2100);
        change(&mut form);
        let e = desk.add_player(&origin(), None, &form).unwrap_err();
        assert_eq!(
            (e.kind(), e.field()),
            (ErrorKind::InvalidInput, Some(field)),
            "{e}"
        );
    }
    assert_eq!(entries(&mut desk), before);

    // Issue 10 item 7: longer than the 33 characters of a TRF name: a
    // warning, and the full name is kept.
    let long = "Hubert Blaine, Wolfeschlegelsteinhausen";
    let added = desk
        .add_player(&origin(), None, &player(long, 1900))
        .unwrap();
    assert_eq!((added.id, added.name.as_str()), (1, long));
    assert_eq!(
        added.warnings,
        [Warning::LongName {
            name: long.into(),
            chars: 39
        }]
    );
    let form = PlayerForm {
        born: Some("1994".into()),
        ..player("Bianchi, Luca", 2000)
    };
    assert_eq!(desk.add_player(&origin(), None, &form).unwrap().id, 2);
    let list = desk.players(None).unwrap();
    assert_eq!(list.rows[0].player.birth_date, Some(BirthDate::Year(1994)));
    assert_eq!(list.rows[0].tpn, 1, "rated 2000, first in the ranking");
}

#[test]
fn a_csv_list_is_registered_whole_or_not_at_all() {
    let mut desk = memory("dutch", 9);
    let ok = desk
        .import_players_csv(
            &origin(),
            None,
            "list.csv",
            "name,rating,fide-id\n\"Rossi, Mario\",2100,11\nBianchi,1900,12\n".as_bytes(),
        )
        .unwrap();
    assert_eq!(ok.ids, [1, 2]);
    let before = entries(&mut desk);
    let refused: [(&[u8], &str); 4] = [
        (
            b"name,elo\nA,2000\n",
            "list.csv line 1: unknown column 'elo'",
        ),
        (
            b"name,rating\nA,2000\nB,twelve\n",
            "list.csv line 3, field rating: 'twelve'",
        ),
        (b"name\nA\n\xff\xfeB\n", "list.csv line 3: not UTF-8"),
        (
            b"name,fide-id\nC,13\nD,12\n",
            "FIDE id 12 is already registered",
        ),
    ];
    for (bytes, message) in refused {
        let e = desk
            .import_players_csv(&origin(), None, "list.csv", bytes)
            .unwrap_err();
        assert!(e.to_string().contains(message), "{e}");
    }
    assert_eq!(entries(&mut desk), before, "nothing was imported");
}

/// Issue 10 item 15: `player update ID` with no field records nothing.
#[test]
fn an_update_records_only_a_change() {
    let mut desk = memory("dutch", 9);
    players(&mut desk, 2);
    let before = entries(&mut desk);
    let e = desk
        .update_player(&origin(), 1, &PlayerForm::default())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert!(
        e.to_string().starts_with("nothing to change for player 1"),
        "{e}"
    );
    let same = PlayerForm {
        rating: Some("2400".into()),
        ..PlayerForm::default()
    };
    assert!(
        desk.update_player(&origin(), 1, &same)
            .unwrap()
            .changed
            .is_empty()
    );
    assert_eq!(entries(&mut desk), before);
    let changed = PlayerForm {
        rating: Some("2450".into()),
        title: Some("IM".into()),
        ..PlayerForm::default()
    };
    let u = desk.update_player(&origin(), 1, &changed).unwrap();
    assert_eq!(u.changed, ["rating", "title"]);
    assert_eq!(entries(&mut desk), before + 1);
    let e = desk.update_player(&origin(), 9, &changed).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound);
}

#[test]
fn withdrawals_and_byes() {
    let mut desk = memory("dutch", 5);
    players(&mut desk, 4);
    let w = desk.withdraw(&origin(), 4, None).unwrap();
    assert_eq!((w.player.id, w.from_round, w.reinstated), (4, 1, false));
    let again = desk.withdraw(&origin(), 4, None).unwrap_err();
    assert!(again.to_string().contains("already withdrawn"), "{again}");
    assert!(desk.reinstate(&origin(), 4, Some(2)).unwrap().reinstated);
    let bye = desk.request_bye(&origin(), 3, 1, "half").unwrap();
    assert_eq!(bye.round, 1);
    let e = desk.request_bye(&origin(), 3, 1, "full").unwrap_err();
    assert!(e.to_string().contains("already has a bye"), "{e}");
    let e = desk.request_bye(&origin(), 3, 6, "half").unwrap_err();
    assert!(e.to_string().contains("section 'main' has 5 rounds"), "{e}");
    let e = desk.request_bye(&origin(), 2, 2, "some").unwrap_err();
    assert_eq!(e.field(), Some("points"));
    desk.cancel_bye(&origin(), 3, 1).unwrap();
    let e = desk.cancel_bye(&origin(), 3, 1).unwrap_err();
    assert!(e.to_string().contains("has no bye in round 1"), "{e}");

    // A round robin has no byes, only announced absences (spec 04 §6).
    let mut rr = memory("round-robin", 3);
    players(&mut rr, 4);
    let e = rr.request_bye(&origin(), 1, 1, "half").unwrap_err();
    assert!(e.to_string().contains("forfeit"), "{e}");
    assert!(rr.request_bye(&origin(), 1, 1, "zero").is_ok());
}

/// Issue 10 item 15: forbidding a pair twice records one entry; the second
/// is a no-op that says so.
#[test]
fn a_forbidden_pair_is_recorded_once() {
    let mut desk = memory("dutch", 5);
    players(&mut desk, 4);
    let before = entries(&mut desk);
    assert!(desk.forbid(&origin(), 1, 2).unwrap().added);
    let second = desk.forbid(&origin(), 2, 1).unwrap();
    assert!(!second.added);
    assert_eq!((second.a.id, second.b.id), (2, 1));
    assert_eq!(entries(&mut desk), before + 1);
    assert_eq!(
        desk.forbid(&origin(), 1, 9).unwrap_err().kind(),
        ErrorKind::NotFound
    );
    let e = desk.forbid(&origin(), 3, 3).unwrap_err();
    assert!(e.to_string().contains("two different players"), "{e}");

    let mut rr = memory("round-robin", 3);
    players(&mut rr, 4);
    let e = rr.forbid(&origin(), 1, 2).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert!(e.to_string().contains("round-robin"), "{e}");
}

/// Issue 12: the attributes prize and fee rules read — the four ratings,
/// sex, birth year, tags — from a CSV list (tags separated by `;`) and the
/// update form (a tag added, one removed; removing a tag not held is
/// refused naming the field, recording nothing).
#[test]
fn ratings_and_tags_for_the_rules() {
    let mut desk = memory("dutch", 7);
    let csv = "name;rating;rapid;blitz;national;sex;born;tags\n\
               Rossi;2100;2050;0;1980;m;1996;\"Resident;NC\"\n\
               Verdi;;1650;1700;;w;2001-03-04;disabled\n";
    let ok = desk
        .import_players_csv(&origin(), None, "list.csv", csv.as_bytes())
        .unwrap();
    assert_eq!(ok.ids, [1, 2]);
    let list = desk.players(None).unwrap();
    let rossi = &list.rows[0].player;
    assert_eq!(
        (
            rossi.ratings.fide,
            rossi.ratings.rapid,
            rossi.ratings.blitz,
            rossi.ratings.national
        ),
        (Some(2100), Some(2050), None, Some(1980))
    );
    assert_eq!(rossi.tags, ["resident", "nc"]);
    assert_eq!(rossi.birth_date, Some(BirthDate::Year(1996)));
    let verdi = &list.rows[1].player;
    assert_eq!(
        (verdi.ratings.fide, verdi.ratings.rapid, verdi.ratings.blitz),
        (None, Some(1650), Some(1700))
    );
    assert_eq!(verdi.tags, ["disabled"]);

    let before = entries(&mut desk);
    let untag = |t: &str| PlayerForm {
        untag: vec![t.into()],
        ..PlayerForm::default()
    };
    let e = desk
        .update_player(&origin(), 2, &untag("member"))
        .unwrap_err();
    assert_eq!(
        (e.kind(), e.field()),
        (ErrorKind::InvalidInput, Some("untag"))
    );
    assert_eq!(entries(&mut desk), before);
    let form = PlayerForm {
        tag: vec!["member".into()],
        national: Some("1600".into()),
        ..untag("resident")
    };
    let u = desk.update_player(&origin(), 1, &form).unwrap();
    assert_eq!(u.changed, ["national", "tags"]);
    let rossi = &desk.players(None).unwrap().rows[0].player;
    assert_eq!(rossi.tags, ["nc", "member"]);
    assert_eq!(rossi.ratings.national, Some(1600));
}

/// The players' CSV has the import's columns and imports again as it was.
#[test]
fn the_players_csv_imports_again() {
    let mut desk = memory("dutch", 5);
    let form = PlayerForm {
        name: Some("O\"Neil, Mary \"Mo\"".into()),
        rating: Some("2105".into()),
        rapid: Some("2050".into()),
        title: Some("WFM".into()),
        sex: Some("w".into()),
        born: Some("1990-05-17".into()),
        fed: Some("IRL".into()),
        fide_id: Some("2500012".into()),
        club: Some("Dublin, Central".into()),
        tags: Some("resident;u20".into()),
        ..PlayerForm::default()
    };
    desk.add_player(&origin(), None, &form).unwrap();
    desk.add_player(&origin(), None, &player("Rossi, Mario", 2200))
        .unwrap();
    let csv = desk.players_csv(None).unwrap();
    assert_eq!(
        csv,
        "name,rating,rapid,blitz,national,title,sex,born,fed,fide-id,club,team,tags\n\
         \"Rossi, Mario\",2200,,,,,,,,,,,\n\
         \"O\"\"Neil, Mary \"\"Mo\"\"\",2105,2050,,,WFM,w,1990-05-17,IRL,2500012,\"Dublin, Central\",,\"resident;u20\"\n"
    );
    let mut copy = memory("dutch", 5);
    copy.import_players_csv(&origin(), None, "players.csv", csv.as_bytes())
        .unwrap();
    let players = |d: &arbiter_desk::Desk| -> Vec<_> {
        d.players(None)
            .unwrap()
            .rows
            .into_iter()
            .map(|r| r.player)
            .collect()
    };
    assert_eq!(players(&copy), players(&desk));
}

/// A name or club typed to look like a spreadsheet formula reaches the
/// players' CSV as text (a leading `'`, OWASP "CSV injection"), and the
/// CSV imports again with the names as typed.
#[test]
fn the_players_csv_is_guarded_against_formulas() {
    let mut desk = memory("dutch", 5);
    let hostile = PlayerForm {
        name: Some("=HYPERLINK(\"http://x\",\"Click\")".into()),
        club: Some("@SUM(A1)".into()),
        rating: Some("2000".into()),
        ..PlayerForm::default()
    };
    desk.add_player(&origin(), None, &hostile).unwrap();
    desk.add_player(&origin(), None, &player("-2+3+cmd", 1900))
        .unwrap();
    let csv = desk.players_csv(None).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[1..],
        [
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"Click\"\")\",2000,,,,,,,,,'@SUM(A1),,",
            "'-2+3+cmd,1900,,,,,,,,,,,",
        ]
    );
    let mut copy = memory("dutch", 5);
    copy.import_players_csv(&origin(), None, "players.csv", csv.as_bytes())
        .unwrap();
    let names: Vec<(String, Option<String>)> = copy
        .players(None)
        .unwrap()
        .rows
        .into_iter()
        .map(|r| (r.player.name, r.player.club))
        .collect();
    assert_eq!(
        names,
        [
            (
                "=HYPERLINK(\"http://x\",\"Click\")".to_string(),
                Some("@SUM(A1)".to_string())
            ),
            ("-2+3+cmd".to_string(), None),
        ]
    );
}
