//! Every input file a face hands the desk is bounded before it is read:
//! an oversized file (a sparse file, so the test writes nothing big) is
//! refused at once as a size limit, an endless device after a bounded
//! read; a cut one is an error naming its line, and changes nothing.

mod common;

use std::fs::File;
use std::path::{Path, PathBuf};

use arbiter_desk::{
    ErrorKind, MAX_CSV_BYTES, MAX_INPUT_BYTES, import_fide_list, import_national_list,
    listed_player, read_bytes, read_text, series_standings,
};
use arbiter_ratings::LIMITS;
use common::{entries, folder, memory, origin};

/// A sparse file of `len` bytes: its size is there, its bytes are not.
fn sparse(dir: &Path, name: &str, len: u64) -> PathBuf {
    let path = dir.join(name);
    File::create(&path).unwrap().set_len(len).unwrap();
    path
}

fn fixture(name: &str) -> PathBuf {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ratings/tests/fixtures"
    ))
    .join(name)
}

#[test]
fn text_files_beyond_a_mebibyte_are_refused_before_they_are_read() {
    let dir = folder();
    let big = sparse(dir.path(), "plan.toml", MAX_INPUT_BYTES + 1);
    let e = read_text(&big).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    assert!(e.to_string().contains("larger than 1048576 bytes"), "{e}");
    let e = series_standings(&big).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    // Exactly the limit is read (a sparse file reads as NUL bytes: UTF-8).
    let edge = sparse(dir.path(), "edge.toml", MAX_INPUT_BYTES);
    assert_eq!(read_text(&edge).unwrap().len() as u64, MAX_INPUT_BYTES);
    // A device has no size: it is refused once a byte more than the limit came.
    let e = read_text(Path::new("/dev/zero")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    let e = read_text(dir.path()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Storage, "{e}");
}

#[test]
fn a_cut_fee_schedule_or_prize_plan_is_refused_naming_the_line() {
    let mut desk = memory("dutch", 5);
    let before = entries(&mut desk);
    let fees = "currency = \"EUR\"\nbase = 20\n\n[[rule]]\nname = \"jun";
    let e = desk.set_fees(&origin(), "fees.toml", fees).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    assert!(e.to_string().contains("line 5"), "{e}");
    let plan = "currency = \"EUR\"\n[[prize]]\nplace = 1\nvalue =";
    let e = desk
        .set_prize_plan(&origin(), None, "plan.toml", plan)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    assert!(e.to_string().contains("line 4"), "{e}");
    // Handed over as text (the web's form), beyond the file's limit.
    let big = format!(
        "currency = \"EUR\"\n#{}\n",
        "x".repeat(MAX_INPUT_BYTES as usize)
    );
    let e = desk.set_fees(&origin(), "form", &big).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    let e = desk
        .set_prize_plan(&origin(), None, "form", &big)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    assert_eq!(entries(&mut desk), before);
}

#[test]
fn a_players_csv_beyond_its_limit_is_refused() {
    let dir = folder();
    let big = sparse(dir.path(), "players.csv", MAX_CSV_BYTES + 1);
    let e = read_bytes(&big, MAX_CSV_BYTES).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    // Handed over as bytes (the web's form), the desk bounds it too.
    let mut desk = memory("dutch", 5);
    let before = entries(&mut desk);
    let mut bytes = b"name\n".to_vec();
    bytes.resize(MAX_CSV_BYTES as usize + 1, b'a');
    let e = desk
        .import_players_csv(&origin(), None, "players.csv", &bytes)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    // A list cut inside a quoted name: the quote is never closed.
    let cut = b"name,rating\n\"Rossi, Mario\",2100\n\"Bianchi, Lu";
    let e = desk
        .import_players_csv(&origin(), None, "players.csv", cut)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    assert!(
        e.to_string()
            .contains("players.csv: line 3: a quoted field is not closed"),
        "{e}"
    );
    assert_eq!(entries(&mut desk), before);
}

/// A database holding the combined fixture (4 players, 2026-12-01).
fn with_a_list(dir: &Path) -> PathBuf {
    let db = dir.join("ratings.sqlite");
    let got = import_fide_list(&db, &fixture("combined.txt"), None, Some("2026-12-01")).unwrap();
    assert_eq!(got.players, 4);
    db
}

fn still_listed(db: &Path) {
    let view = listed_player(db, "4100018").unwrap();
    assert_eq!(
        (view.list.players, view.list.source.as_str()),
        (4, "combined.txt")
    );
}

#[test]
fn rating_lists_beyond_the_limit_are_refused_before_they_are_read() {
    let dir = folder();
    let db = with_a_list(dir.path());
    let big = sparse(dir.path(), "players_list_foa.txt", LIMITS.bytes + 1);
    let e = import_fide_list(&db, &big, None, Some("2026-12-01")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    let e = import_national_list(&db, &big, "FSI", "id=Nr,name=Name").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    // An endless device: refused after one line's limit, quickly.
    let e = import_fide_list(&db, Path::new("/dev/zero"), None, Some("2026-12-01")).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::SizeLimit, "{e}");
    assert_eq!(
        e.to_string(),
        "/dev/zero: line 1: the line is longer than 65536 bytes"
    );
    still_listed(&db);
}

#[test]
fn a_cut_or_empty_rating_list_is_refused_and_the_old_one_stays() {
    let dir = folder();
    let db = with_a_list(dir.path());
    let text = std::fs::read_to_string(fixture("combined.txt")).unwrap();
    let header = text.lines().next().unwrap();
    let cases = [
        (
            "header.txt",
            format!("{header}\n"),
            "line 1: a header, and no player",
        ),
        (
            "cut.txt",
            text[..text.len() - 40].to_string(),
            "line 5: the list ends",
        ),
    ];
    for (name, content, message) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, content).unwrap();
        let e = import_fide_list(&db, &path, None, Some("2026-12-01")).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
        assert!(
            e.to_string()
                .starts_with(&format!("{}: {message}", path.display())),
            "{e}"
        );
        still_listed(&db);
    }
    let national = dir.path().join("national.csv");
    std::fs::write(&national, "Nr,Name\n1,Anna\n2,Be").unwrap();
    let e = import_national_list(&db, &national, "FSI", "id=Nr,name=Name").unwrap_err();
    assert!(e.to_string().contains("line 3: the list ends"), "{e}");
}

#[test]
fn a_copy_must_have_a_name_the_web_serves() {
    let dir = folder();
    let (_, from) = common::file(&dir, "dutch", 5);
    let from = from.to_str().unwrap();
    for to in [
        "postgres://nobody@127.0.0.1:1/db#open 2026",
        "postgres://nobody@127.0.0.1:1/db#-open",
        &format!("{}/open.2026.arb", dir.path().display()),
    ] {
        let e = arbiter_desk::copy_event(from, to).unwrap_err();
        assert_eq!(
            (e.kind(), e.field()),
            (ErrorKind::InvalidInput, Some("to")),
            "{e}"
        );
        assert!(
            e.to_string().contains("is not a name the web serves"),
            "{e}"
        );
    }
    let copied = dir.path().join("open_2026.arb");
    assert_eq!(
        arbiter_desk::copy_event(from, copied.to_str().unwrap()).unwrap(),
        2
    );
}
