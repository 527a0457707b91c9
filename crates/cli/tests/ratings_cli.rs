//! `arbiter ratings import|import-national|show` and `player add --fide-id`
//! (issue 15 part 2), on the small lists of the ratings crate's fixtures
//! (written in FIDE's combined layout; the values below are read off them).

mod event_support;

use std::path::{Path, PathBuf};

use event_support::{ok, refused, run, scratch};

fn fixture(name: &str) -> PathBuf {
    Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../ratings/tests/fixtures"
    ))
    .join(name)
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// A database holding the combined fixture, list of 2026-12-01.
fn imported(dir: &Path) -> PathBuf {
    let db = dir.join("ratings.sqlite");
    let combined = fixture("combined.txt");
    let out = ok(&[
        "ratings",
        "import",
        s(&combined),
        "--date",
        "2026-12-01",
        "--db",
        s(&db),
    ]);
    assert_eq!(
        out,
        format!(
            "imported 4 players of the FIDE list of 2026-12-01 into {}\n",
            db.display()
        )
    );
    db
}

#[test]
fn import_show_and_errors() {
    let dir = scratch("ratings-import");
    let db = dir.join("ratings.sqlite");
    let combined = fixture("combined.txt");
    // The combined list names no month: the date must be given.
    let out = run(&["ratings", "import", s(&combined), "--db", s(&db)]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--date"),
        "{out:?}"
    );
    imported(&dir);
    let shown = ok(&["ratings", "show", "4100018", "--db", s(&db)]);
    for line in [
        "name        Lupi, Luca",
        "federation  ITA",
        "titles      FM IA,FT",
        "born        1972",
        "standard    2301 (2 games, K 20)",
        "rapid       unrated",
        "blitz       2250 (0 games, K 20)",
        "flag        inactive",
        "list        FIDE list of 2026-12-01 (combined.txt)",
    ] {
        assert!(shown.contains(line), "{line:?} missing in\n{shown}");
    }
    let out = run(&["ratings", "show", "42", "--db", s(&db)]);
    assert_eq!(out.status.code(), Some(3));
    let out = run(&["ratings", "show", "x1", "--db", s(&db)]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--fide-id"));
    // A file that is not a list names itself and its line; the list held stays.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "ID Number Name SRtng\n12 Somebody 99999\n").unwrap();
    let out = run(&[
        "ratings",
        "import",
        s(&bad),
        "--date",
        "2026-01-01",
        "--db",
        s(&db),
    ]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.txt: line 2:"), "{err}");
    ok(&["ratings", "show", "1503014", "--db", s(&db)]);
    let out = run(&[
        "ratings",
        "import",
        s(&dir.join("missing.txt")),
        "--db",
        s(&db),
    ]);
    assert_eq!(out.status.code(), Some(5));
}

/// An endless input, an oversized list, a header-only or cut list: a clear
/// error (4 for a limit, 3 for the list naming its line), quickly, and the
/// list held stays.
#[test]
fn hostile_lists_are_refused_and_the_list_held_stays() {
    let dir = scratch("ratings-hostile");
    let db = imported(&dir);
    let import = |file: &Path| {
        let started = std::time::Instant::now();
        let out = run(&[
            "ratings",
            "import",
            s(file),
            "--date",
            "2026-12-01",
            "--db",
            s(&db),
        ]);
        assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = import(Path::new("/dev/zero"));
    assert_eq!(code, Some(4), "{err}");
    assert_eq!(
        err,
        "error: /dev/zero: line 1: the line is longer than 65536 bytes\n"
    );
    // 1 GiB and a byte, sparse: refused by its size, nothing read.
    let big = dir.join("big.txt");
    std::fs::File::create(&big)
        .unwrap()
        .set_len((1 << 30) + 1)
        .unwrap();
    let (code, err) = import(&big);
    assert_eq!(code, Some(4), "{err}");
    assert!(err.contains("larger than 1073741824 bytes"), "{err}");
    let text = std::fs::read_to_string(fixture("combined.txt")).unwrap();
    let header_only = dir.join("header.txt");
    std::fs::write(&header_only, format!("{}\n", text.lines().next().unwrap())).unwrap();
    let (code, err) = import(&header_only);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("header.txt: line 1: a header, and no player"),
        "{err}"
    );
    let cut = dir.join("cut.txt");
    std::fs::write(&cut, &text[..text.len() - 40]).unwrap();
    let (code, err) = import(&cut);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains("cut.txt: line 5: the list ends in the middle"),
        "{err}"
    );
    let shown = ok(&["ratings", "show", "4100018", "--db", s(&db)]);
    assert!(
        shown.contains("FIDE list of 2026-12-01 (combined.txt)"),
        "{shown}"
    );
}

/// The single-type list names its month in the rating column (SEP26).
#[test]
fn a_single_list_dates_itself() {
    let dir = scratch("ratings-single");
    let db = dir.join("r.sqlite");
    let list = fixture("standard-sep26-latin1.txt");
    let out = ok(&[
        "ratings",
        "import",
        s(&list),
        "--single",
        "standard",
        "--db",
        s(&db),
    ]);
    assert!(out.contains("of the FIDE list of 2026-09-01"), "{out}");
}

#[test]
fn national_lists_are_mapped() {
    let dir = scratch("ratings-national");
    let db = dir.join("ratings.sqlite");
    let csv = dir.join("pzszach.csv");
    std::fs::write(
        &csv,
        "Nr;Nazwisko;Ranking\n17;Kowalska, Anna;1850\n18;Nowak, Jan;\n",
    )
    .unwrap();
    let out = ok(&[
        "ratings",
        "import-national",
        s(&csv),
        "--list",
        "PZSzach",
        "--map",
        "id=Nr,name=Nazwisko,rating=Ranking",
        "--db",
        s(&db),
    ]);
    assert!(
        out.starts_with("imported 2 players of the national list PZSzach"),
        "{out}"
    );
    let out = run(&[
        "ratings",
        "import-national",
        s(&csv),
        "--list",
        "PZSzach",
        "--map",
        "id=Nr,name=Name",
        "--db",
        s(&db),
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no column 'Name'"));
}

#[test]
fn player_add_fills_from_the_list_and_the_event_records_its_date() {
    let dir = scratch("ratings-player-add");
    let db = imported(&dir);
    let event = dir.join("open.arb");
    ok(&["new", s(&event), "--name", "Open", "--rounds", "5"]);
    let out = ok(&[
        "player",
        "add",
        s(&event),
        "--fide-id",
        "1503014",
        "--db",
        s(&db),
    ]);
    assert_eq!(
        out,
        "registered player 1: Carlsen, Magnus (section main), from the FIDE list 2026-12-01\n"
    );
    // Options typed win over the list.
    let out = ok(&[
        "player",
        "add",
        s(&event),
        "--fide-id",
        "24116068",
        "--fed",
        "ITA",
        "--db",
        s(&db),
    ]);
    assert!(out.contains("Núñez, María José"), "{out}");
    // TRF record 001 (columns 10 sex, 11-13 title, 49-52 rating, 54-56
    // federation, 58-68 FIDE id, 70-79 birth date): what the list holds.
    let trf = ok(&["export", "trf", s(&event)]);
    let record = |name: &str| -> Vec<String> {
        let line = trf
            .split(['\r', '\n'])
            .find(|l| l.starts_with("001") && l.contains(name))
            .unwrap_or_else(|| panic!("{name} not in\n{trf}"));
        let chars: Vec<char> = line.chars().collect();
        let cut = |a: usize, b: usize| {
            chars[a - 1..b]
                .iter()
                .collect::<String>()
                .trim()
                .to_string()
        };
        vec![
            cut(10, 10),
            cut(11, 13),
            cut(49, 52),
            cut(54, 56),
            cut(58, 68),
            cut(70, 79),
        ]
    };
    assert_eq!(
        record("Carlsen"),
        ["m", "GM", "2833", "NOR", "1503014", "1990"]
    );
    assert_eq!(
        record("Núñez"),
        ["w", "WIM", "2190", "ITA", "24116068", "2004"]
    );
    let list = ok(&["player", "list", s(&event)]);
    assert!(
        list.lines().any(|l| l.contains("Carlsen, Magnus")
            && l.contains("2833")
            && l.contains("GM")
            && l.contains("NOR")
            && l.contains("[FIDE list 2026-12-01]")),
        "{list}"
    );
    assert!(
        list.lines().any(|l| l.contains("Núñez")
            && l.contains("2190")
            && l.contains("WIM")
            && l.contains("ITA")),
        "{list}"
    );
    let log = ok(&["log", s(&event)]);
    assert!(
        log.contains("registered Carlsen, Magnus (1) in section main, rating 2833, from the FIDE list 2026-12-01"),
        "{log}"
    );
    // An id the list does not hold: refused without a name, registered as
    // typed (with a warning) with one.
    let err = refused(
        &event,
        &[
            "player",
            "add",
            s(&event),
            "--fide-id",
            "999",
            "--db",
            s(&db),
        ],
    );
    assert!(
        err.contains("FIDE id 999 is not in the FIDE list of 2026-12-01"),
        "{err}"
    );
    let out = run(&[
        "player",
        "add",
        s(&event),
        "--fide-id",
        "999",
        "--name",
        "Nobody, Nemo",
        "--db",
        s(&db),
    ]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("not in the FIDE list 2026-12-01"));
    // A database given that does not exist is a file error; nothing recorded.
    let out = run(&[
        "player",
        "add",
        s(&event),
        "--fide-id",
        "4100018",
        "--db",
        s(&dir.join("none.sqlite")),
    ]);
    assert_eq!(out.status.code(), Some(5));
}
