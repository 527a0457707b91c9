//! `arbiter import trf TEAMS.trf EVENT`: a TRF-2026 team file becomes an
//! event with a team section. Every file of corpus/teams imports and its
//! event ranks as FIDE's reference checker does (scored by
//! tools/check_team_tiebreaks.py itself); a file whose records contradict
//! each other is refused with exit code 3, the line and the field named,
//! and no event written.

mod event_support;

use std::path::Path;

use event_support::{bin, corpus_file, edited_trf, ok, run, scratch};

#[test]
fn corpus_team_files_import_and_rank_as_the_reference() {
    let dir = scratch("team-import-corpus");
    let corpus = corpus_file("teams/gp-1470447211.trf")
        .parent()
        .unwrap()
        .to_path_buf();
    let mut files = 0;
    for entry in std::fs::read_dir(&corpus).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "trf") {
            continue;
        }
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let event = dir.join(format!("{stem}.arb"));
        let out = ok(&[
            "import".as_ref(),
            "trf".as_ref(),
            path.as_os_str(),
            event.as_os_str(),
        ]);
        let text = std::fs::read_to_string(&path).unwrap();
        let count = |code: &str| text.split('\r').filter(|l| l.starts_with(code)).count();
        let expected = format!(
            "imported {} teams of {} players and ",
            count("310 "),
            count("001 ")
        );
        assert!(out.starts_with(&expected), "{stem}: {out}");
        files += 1;
    }
    assert_eq!(files, 60);
    let tool = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/tools/check_team_tiebreaks.py"
    );
    assert!(Path::new(tool).is_file(), "{tool} is missing");
    let cmd = format!(
        "{} standings {}/$(basename {{in}} .trf).arb --tiebreaks {{tb}} --format tsv",
        bin(),
        dir.display()
    );
    let out = std::process::Command::new("python3")
        .args([tool, "--dir"])
        .arg(&corpus)
        .args(["--quiet", "--ctx-values", "--cmd", &cmd])
        .output()
        .expect("python3 runs the checker");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains("team tiebreaks: 26000/26000 values, 60/60 files fully equal")
            && report.contains("team context ranks: 20800/20800 values, 60/60 files fully equal"),
        "{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `import trf` of `file` is refused with exit code 3 and exactly
/// `expected` on standard error, and writes no event.
fn refused_import(dir: &Path, file: &Path, expected: &str) {
    let event = dir.join("refused.arb");
    let out = run(&[
        "import".as_ref(),
        "trf".as_ref(),
        file.as_os_str(),
        event.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", file.display());
    assert_eq!(String::from_utf8_lossy(&out.stderr), expected);
    assert!(
        !event.exists(),
        "a refused import wrote {}",
        event.display()
    );
}

/// corpus/teams/gp-1470447211.trf: 8 teams of 2 boards (352 WB), 22
/// players; in round 1 team 1 (players 1, 2) meets team 2 (3, 4), team 2
/// first (player 3 White on board 1); the 310 of team 7 is line 48, that of
/// team 8 (players 20, 21, 22) line 49.
#[test]
fn contradicting_team_files_are_refused() {
    let dir = scratch("team-import-refused");
    let source = corpus_file("teams/gp-1470447211.trf");
    let file = dir.join("bad.trf");
    let f = file.display();

    // A 310 member that is no player.
    edited_trf(
        &source,
        &file,
        &[(49, "   20   21   22", "   20   21   23")],
        &[],
    );
    refused_import(
        &dir,
        &file,
        &format!(
            "error: {f}:49:84: team 8: starting rank 23 has no player record (001) (field team \
             member)\n"
        ),
    );
    // A player on two teams.
    edited_trf(
        &source,
        &file,
        &[(48, "   18   19", "   18   19   22")],
        &[],
    );
    refused_import(
        &dir,
        &file,
        &format!(
            "error: {f}:49:84: team 8: player 22 is already on the roster of team 7 (field team \
             member)\n"
        ),
    );
    // Line-ups that disagree with the games: in round 1 board 1 of team 1
    // meets board 2 of team 2 and board 2 board 1 (results kept: 1-1).
    edited_trf(
        &source,
        &file,
        &[
            (20, "     3 b 0", "     4 w 0"),
            (21, "     4 w 1", "     3 b 1"),
            (22, "3.0    4     1 w 1", "2.0    4     2 w 0"),
            (23, "2.0    9     2 b 0", "3.0    9     1 b 1"),
        ],
        &[],
    );
    let why = "(board b is the b-th player a team lines up, in roster order) (field round 1 \
               opponent)";
    refused_import(
        &dir,
        &file,
        &format!(
            "error: {f}:20:92: player 1 plays board 1 of team 1 and meets player 4, but board 1 \
             of team 2 is player 3 {why}\n\
             {f}:21:92: player 2 plays board 2 of team 1 and meets player 3, but board 2 of team \
             2 is player 4 {why}\n\
             {f}:22:92: player 3 plays board 1 of team 2 and meets player 2, but board 1 of team \
             1 is player 1 {why}\n\
             {f}:23:92: player 4 plays board 2 of team 2 and meets player 1, but board 2 of team \
             1 is player 2 {why}\n"
        ),
    );
    // Board colours against 352 WB: team 2, the first team, White on
    // board 2 too.
    edited_trf(
        &source,
        &file,
        &[
            (21, "     4 w 1", "     4 b 1"),
            (23, "     2 b 0", "     2 w 0"),
        ],
        &[],
    );
    refused_import(
        &dir,
        &file,
        &format!(
            "error: {f}:23:97: player 4 has White on board 2, but team 2 is the first team of \
             its match against team 1 and has Black there (352 WB) (field round 1 colour)\n"
        ),
    );
    // A forfeited match of an unknown team (line 54, after the 320).
    edited_trf(&source, &file, &[], &["330 +- 001 009 003"]);
    refused_import(
        &dir,
        &file,
        &format!(
            "error: {f}:54:12: there is no team 9 (no 310 record names it) (field white team)\n"
        ),
    );
}

/// What a team section cannot hold is refused the same way.
#[test]
fn what_a_team_section_cannot_hold_is_refused() {
    let dir = scratch("team-import-unsupported");
    let source = corpus_file("teams/gp-1470447211.trf");
    let file = dir.join("unsupported.trf");
    edited_trf(
        &source,
        &file,
        &[(16, "FIDE_TEAM_TYPEA_GP_MP", "FIDE_TEAM_ROUNDROBIN")],
        &[],
    );
    refused_import(
        &dir,
        &file,
        "error: the file's pairing system FIDE_TEAM_ROUNDROBIN (record 192) is not one this \
         version runs (FIDE_DUTCH_2025, FIDE_DUTCH_2025_BAKU, CUSTOM_SWISS, FIDE_ROUNDROBIN, \
         FIDE_DOUBLEROUNDROBIN, FIDE_TEAM)\n",
    );
    edited_trf(&source, &file, &[], &["240 H 006    7"]);
    refused_import(
        &dir,
        &file,
        "error: record 240 of round 6: a team bye (H) cannot be imported (a team section knows \
         absent teams only, 240 Z)\n",
    );
    // Player 7, team 3's reserve, rests in round 1 with a half-point bye.
    edited_trf(
        &source,
        &file,
        &[(26, "0.0   20  0000 - Z", "0.5   20  0000 - H")],
        &[],
    );
    refused_import(
        &dir,
        &file,
        "error: line 26, column 90: player 7 has `0000 - H` in round 1, but a player's bye \
         cannot be imported into a team section (its players play boards or rest) (field round \
         1)\n",
    );
}

/// Without 192 the section is paired with the FIDE default, and the
/// import says so; the export names it.
#[test]
fn a_team_file_without_a_system_gets_the_default() {
    let dir = scratch("team-import-default");
    let file = dir.join("no-192.trf");
    // mp2-1289113031: 192 FIDE_TEAM_TYPEA_MP_GP on line 16.
    edited_trf(
        &corpus_file("teams/mp2-1289113031.trf"),
        &file,
        &[(16, "192 FIDE_TEAM_TYPEA_MP_GP", "")],
        &[],
    );
    let event = dir.join("default.arb");
    let out = ok(&[
        "import".as_ref(),
        "trf".as_ref(),
        file.as_os_str(),
        event.as_os_str(),
    ]);
    assert_eq!(
        out,
        format!(
            "imported 18 teams of 88 players and 11 rounds into {}, section main (FIDE Swiss \
             Team Pairing System)\n\
             note: the file names no pairing system (192): the section is paired with the \
             Swiss Team Pairing System, FIDE_TEAM_TYPEA_MP_GP\n",
            event.display()
        )
    );
    let export = ok(&["export".as_ref(), "trf".as_ref(), event.as_os_str()]);
    assert!(export.split('\r').any(|l| l == "192 FIDE_TEAM_TYPEA_MP_GP"));
}

/// An individual file's `013` lists become the players' teams; a list
/// naming a starting rank with no `001` record is noted, and the import
/// goes on.
#[test]
fn team_lists_of_an_individual_file_are_imported_with_their_notes() {
    let dir = scratch("team-lists-013");
    let file = dir.join("club.trf");
    let player =
        |tpn: u32, name: &str, rating: u32| format!("001 {tpn:>4}      {name:<33} {rating:>4}\n");
    let text = [
        "012 Club Open\n142 3\n152 W\n".to_string(),
        player(1, "Rossi, Mario", 2000),
        player(2, "Bianchi, Luca", 1900),
        format!("013 {:<32}   1    2    9\n", "Scacchi Roma"),
    ]
    .concat();
    std::fs::write(&file, text).expect("write");
    let event = dir.join("club.arb");
    let out = ok(&[
        "import".as_ref(),
        "trf".as_ref(),
        file.as_os_str(),
        event.as_os_str(),
    ]);
    assert_eq!(
        out,
        format!(
            "imported 2 players and 0 rounds into {}, section main (FIDE Dutch system)\n\
             note: team 'Scacchi Roma' lists starting rank 9, who has no player record \
             (001): not on the team\n",
            event.display()
        )
    );
    let list = ok(&["player".as_ref(), "list".as_ref(), event.as_os_str()]);
    assert_eq!(list.matches("Scacchi Roma").count(), 2, "{list}");
}

/// `export trf` of a team section leaves out the players on no team and
/// says so on standard error.
#[test]
fn a_team_sections_export_names_the_players_left_out() {
    let dir = scratch("team-export-left-out");
    let event = dir.join("cup.arb");
    let e = event.as_os_str();
    // `arbiter WORDS EVENT REST`.
    let args = |words: &[&str], rest: &[&str]| -> Vec<std::ffi::OsString> {
        let mut v: Vec<std::ffi::OsString> = words.iter().map(Into::into).collect();
        v.push(e.into());
        v.extend(rest.iter().map(Into::into));
        v
    };
    let new = [
        "--name",
        "Cup",
        "--rounds",
        "3",
        "--system",
        "team-swiss",
        "--boards",
        "2",
    ];
    ok(&args(&["new"], &new));
    for (name, rating) in [
        ("A, a", "2100"),
        ("B, b", "2000"),
        ("C, c", "1900"),
        ("D, d", "1800"),
        ("E, e", "1700"),
    ] {
        ok(&args(
            &["player", "add"],
            &["--name", name, "--rating", rating],
        ));
    }
    ok(&args(
        &["team", "add"],
        &["--name", "T1", "--players", "1,2"],
    ));
    ok(&args(
        &["team", "add"],
        &["--name", "T2", "--players", "3,4"],
    ));
    let out = run(&args(&["export", "trf"], &[]));
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "note: 1 player(s) on no team left out of the team file: E, e\n"
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.split('\r').filter(|l| l.starts_with("001")).count(), 4);
}
