//! Importing rating lists into the player database, on small files written
//! in FIDE's fixed-width layouts (tests/fixtures).

use std::io::BufReader;
use std::path::PathBuf;

use arbiter_model::date::{BirthDate, Date};
use arbiter_model::{Sex, Title};
use arbiter_ratings::{Limits, ListRating, NationalList, PlayerDb, RatingKind, RatingsError};

fn fixture(name: &str) -> BufReader<std::fs::File> {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures")).join(name);
    BufReader::new(std::fs::File::open(p).expect("fixture"))
}

fn db() -> (tempfile::TempDir, PlayerDb) {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = PlayerDb::open(&dir.path().join("players.sqlite")).expect("open");
    (dir, db)
}

#[test]
fn the_combined_list_fills_every_field() {
    let (_dir, mut db) = db();
    let date = Date::new(2026, 12, 1).unwrap();
    let summary = db
        .import_fide(
            fixture("combined.txt"),
            "players_list_foa.txt",
            RatingKind::Standard,
            Some(date),
        )
        .expect("import");
    assert_eq!(summary.players, 4);
    assert_eq!(summary.list_date, date);
    let info = db.fide_list().unwrap().expect("list");
    assert_eq!((info.players, info.list_date), (4, date));

    let carlsen = db.fide_player(1503014).unwrap().expect("listed");
    assert_eq!(carlsen.name, "Carlsen, Magnus");
    assert_eq!(
        carlsen.standard,
        Some(ListRating {
            rating: 2833,
            games: 9,
            k: Some(10)
        })
    );
    assert_eq!(
        carlsen.rapid,
        Some(ListRating {
            rating: 2824,
            games: 11,
            k: Some(20)
        })
    );
    assert_eq!(
        carlsen.blitz,
        Some(ListRating {
            rating: 2887,
            games: 23,
            k: Some(20)
        })
    );
    let p = carlsen.to_player();
    assert_eq!(p.title, Some(Title::GM));
    assert_eq!(p.sex, Some(Sex::Male));
    assert_eq!(p.federation.as_deref(), Some("NOR"));
    assert_eq!(p.birth_date, Some(BirthDate::Year(1990)));
    assert_eq!(p.fide_id, Some(1503014));

    // Non-ASCII names keep their columns; women's title and flags.
    let nunez = db.fide_player(24116068).unwrap().expect("listed");
    assert_eq!(nunez.name, "Núñez, María José");
    assert_eq!(nunez.other_titles.as_deref(), Some("FI"));
    assert!(nunez.inactive);
    assert_eq!(nunez.rapid, None);
    assert_eq!(nunez.to_player().title, Some(Title::WIM));
    assert_eq!(nunez.to_player().sex, Some(Sex::Female));

    // Only a rapid rating, an FOA title, an unknown birth year (0000).
    let jan = db.fide_player(14109603).unwrap().expect("listed");
    assert_eq!(jan.standard, None);
    assert_eq!(jan.rapid.map(|r| r.rating), Some(1612));
    assert_eq!(jan.foa_title.as_deref(), Some("AFM"));
    assert_eq!(jan.birth_year, None);
    assert_eq!(jan.to_player().ratings.fide, None);

    assert_eq!(db.fide_player(1).unwrap(), None);
}

/// A single-type list names its month in the rating column; lines may be
/// Latin-1 with CRLF ends.
#[test]
fn a_single_list_gives_its_date_and_may_be_latin1() {
    let (_dir, mut db) = db();
    let summary = db
        .import_fide(
            fixture("standard-sep26-latin1.txt"),
            "standard_sep26.txt",
            RatingKind::Standard,
            None,
        )
        .expect("import");
    assert_eq!(summary.list_date, Date::new(2026, 9, 1).unwrap());
    let nunez = db.fide_player(24116068).unwrap().expect("listed");
    assert_eq!(nunez.name, "Núñez, María José");
    assert_eq!(
        nunez.standard.map(|r| (r.rating, r.k)),
        Some((2190, Some(20)))
    );
    assert!(!nunez.inactive);
}

/// A combined list has no month: without a date the import is refused and
/// the previous list stays.
#[test]
fn an_import_without_date_or_with_a_bad_line_changes_nothing() {
    let (_dir, mut db) = db();
    let date = Date::new(2026, 11, 1).unwrap();
    db.import_fide(
        fixture("combined.txt"),
        "nov",
        RatingKind::Standard,
        Some(date),
    )
    .unwrap();
    let no_date = db.import_fide(fixture("combined.txt"), "dec", RatingKind::Standard, None);
    assert!(matches!(no_date, Err(RatingsError::MissingDate)));

    let mut text = String::new();
    std::io::Read::read_to_string(&mut fixture("combined.txt"), &mut text).unwrap();
    let broken = text.replace("2301  2", "23x1  2");
    let err = db
        .import_fide(broken.as_bytes(), "bad", RatingKind::Standard, Some(date))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 5: '23x1' is not a rating (field rating)"
    );
    assert_eq!(db.fide_list().unwrap().unwrap().source, "nov");
    assert!(db.fide_player(1503014).unwrap().is_some());

    let err = db
        .import_fide(
            "Name Rating\nx 1\n".as_bytes(),
            "x",
            RatingKind::Standard,
            Some(date),
        )
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 1: not a FIDE rating list header (unknown column 'Rating')"
    );
}

#[test]
fn a_national_list_by_column_mapping() {
    let (_dir, mut db) = db();
    let list = NationalList::new(
        "FSI",
        "id=Tessera,name=Giocatore,rating=Elo Italia,fide-id=FIDE",
    )
    .unwrap();
    let csv = "Tessera,Giocatore,Elo Italia,FIDE\nA123,\"Rossi, Mario\",1712,4100018\nB7,\"Bianchi, Ugo\",,0\n";
    assert_eq!(db.import_national(csv.as_bytes(), &list).unwrap(), 2);
    let rossi = db.national_player("FSI", "A123").unwrap().expect("listed");
    assert_eq!(rossi.name, "Rossi, Mario");
    assert_eq!((rossi.rating, rossi.fide_id), (Some(1712), Some(4100018)));
    let ugo = db.national_player("FSI", "B7").unwrap().expect("listed");
    assert_eq!((ugo.rating, ugo.fide_id), (None, None));
    assert_eq!(db.national_player("PZSzach", "A123").unwrap(), None);
}

fn combined_text() -> String {
    let mut text = String::new();
    std::io::Read::read_to_string(&mut fixture("combined.txt"), &mut text).unwrap();
    text
}

/// A database holding the combined fixture as list "good" (4 players).
fn db_with_a_list() -> (tempfile::TempDir, PlayerDb) {
    let (dir, mut db) = db();
    let date = Date::new(2026, 11, 1).unwrap();
    db.import_fide(
        fixture("combined.txt"),
        "good",
        RatingKind::Standard,
        Some(date),
    )
    .unwrap();
    (dir, db)
}

fn fide_import(db: &mut PlayerDb, input: impl std::io::Read) -> Result<u64, String> {
    let date = Some(Date::new(2026, 12, 1).unwrap());
    db.import_fide(input, "new", RatingKind::Standard, date)
        .map(|s| s.players)
        .map_err(|e| e.to_string())
}

fn still_good(db: &PlayerDb) {
    let info = db.fide_list().unwrap().unwrap();
    assert_eq!((info.source.as_str(), info.players), ("good", 4));
    assert!(db.fide_player(4100018).unwrap().is_some());
}

#[test]
fn a_header_only_list_is_refused_and_the_old_list_stays() {
    let (_dir, mut db) = db_with_a_list();
    let header = combined_text().lines().next().unwrap().to_string() + "\n";
    assert_eq!(
        fide_import(&mut db, header.as_bytes()),
        Err("line 1: a header, and no player after it (an empty or cut list)".into())
    );
    still_good(&db);
}

#[test]
fn a_list_cut_in_a_line_is_refused_naming_the_line() {
    let (_dir, mut db) = db_with_a_list();
    let text = combined_text();
    // The fixture has 5 lines; cut the last one after its first 30 bytes.
    let cut = &text[..text.trim_end().rfind('\n').unwrap() + 31];
    let err = fide_import(&mut db, cut.as_bytes()).unwrap_err();
    assert!(
        err.starts_with("line 5: the list ends in the middle of this line"),
        "{err}"
    );
    still_good(&db);
    // A header cut before its line break is refused as well.
    let header = text.lines().next().unwrap();
    let err = fide_import(&mut db, header.as_bytes()).unwrap_err();
    assert!(
        err.starts_with("line 1: the list ends in the middle"),
        "{err}"
    );
    still_good(&db);
}

#[test]
fn a_player_listed_twice_is_counted_once() {
    let (_dir, mut db) = db();
    let text = combined_text();
    let carlsen = text.lines().nth(1).unwrap();
    let twice = format!("{text}{carlsen}\n");
    assert_eq!(fide_import(&mut db, twice.as_bytes()), Ok(4));
    assert_eq!(db.fide_list().unwrap().unwrap().players, 4);

    let list = NationalList::new("X", "id=Nr,name=Name").unwrap();
    let csv = "Nr,Name\n1,Anna\n2,Bert\n1,Anna\n";
    assert_eq!(db.import_national(csv.as_bytes(), &list).unwrap(), 2);
}

#[test]
fn a_list_beyond_the_limits_is_refused_and_the_old_list_stays() {
    let (_dir, db) = db_with_a_list();
    // The fixture is 5 lines of at most 200 bytes.
    let mut db = db.with_limits(Limits {
        bytes: 400,
        line: 300,
    });
    let err = fide_import(&mut db, fixture("combined.txt")).unwrap_err();
    assert!(
        err.starts_with("line 3: the list is larger than 400 bytes"),
        "{err}"
    );
    still_good(&db);
    // An endless input without a line break ends after one line's limit.
    let err = fide_import(&mut db, std::io::repeat(b'x')).unwrap_err();
    assert_eq!(err, "line 1: the line is longer than 300 bytes");
    still_good(&db);
}

#[test]
fn an_endless_input_ends_at_the_default_limits() {
    let (_dir, mut db) = db_with_a_list();
    let started = std::time::Instant::now();
    let err = fide_import(&mut db, std::io::repeat(0)).unwrap_err();
    assert_eq!(err, "line 1: the line is longer than 65536 bytes");
    assert!(started.elapsed().as_secs() < 5);
    still_good(&db);
}

#[test]
fn a_national_list_that_fails_keeps_the_old_one() {
    let (_dir, mut db) = db();
    let list = NationalList::new("X", "id=Nr,name=Name").unwrap();
    db.import_national("Nr,Name\n1,Anna\n".as_bytes(), &list)
        .unwrap();
    for (bad, message) in [
        ("Nr,Name\n", "line 1: a header, and no player after it"),
        (
            "Nr,Name\n2,Bert\n3,Cl",
            "line 3: the list ends in the middle",
        ),
    ] {
        let err = db
            .import_national(bad.as_bytes(), &list)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with(message), "{bad:?}: {err}");
        assert!(db.national_player("X", "1").unwrap().is_some());
        assert!(db.national_player("X", "2").unwrap().is_none());
    }
}
