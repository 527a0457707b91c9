//! `arbiter trf check` on malformed files: the exact message and exit code 3
//! for each fixture of crates/trf/tests/fixtures/bad, exit 5 for an
//! unreadable file, and the summary line for valid files.

use std::path::PathBuf;

use assert_cmd::Command;

fn fixtures() -> PathBuf {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../trf/tests/fixtures"
    ));
    assert!(dir.is_dir(), "fixtures folder missing: {}", dir.display());
    dir
}

fn arbiter() -> Command {
    let mut cmd = Command::cargo_bin("arbiter").expect("the arbiter binary");
    cmd.current_dir(fixtures());
    cmd
}

/// Runs `arbiter trf check FILE` and returns (exit code, stdout, stderr).
fn check(file: &str) -> (Option<i32>, String, String) {
    let out = arbiter()
        .args(["trf", "check", file])
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn assert_rejected(file: &str, message: &str) {
    let (code, stdout, stderr) = check(file);
    assert_eq!(stderr, format!("{file}:{message}\n"), "stderr for {file}");
    assert_eq!(stdout, "", "stdout for {file}");
    assert_eq!(code, Some(3), "exit code for {file}");
}

#[test]
fn letters_in_a_rating() {
    assert_rejected(
        "bad/rating-letters.trf",
        "3:49: '23A0' is not a rating (0-9999) (field rating)",
    );
}

#[test]
fn line_cut_short_inside_a_round() {
    // Line 4 ends after an opponent and a colour: a game of a round in
    // progress, which the rest of the file contradicts (round 1 has
    // results, round 2 follows).
    let (code, stdout, stderr) = check("bad/cut-short.trf");
    assert_eq!((code, stdout.as_str()), (Some(3), ""));
    assert!(
        stderr.contains(
            "bad/cut-short.trf:4:90: player 3 meets 1 in round 1, but player 1's round 1 entry \
             is not a game against 3 with the other colour and no result (field round 1)\n"
        ),
        "{stderr}"
    );
}

#[test]
fn unknown_result_code() {
    assert_rejected(
        "bad/unknown-result.trf",
        "3:109: unknown result code 'X' (expected 1 = 0 W D L + - U H F Z or blank) (field round 2 result)",
    );
}

#[test]
fn duplicate_starting_rank() {
    assert_rejected(
        "bad/duplicate-tpn.trf",
        "6:5: starting rank 4 is used twice (first on line 5) (field starting rank)",
    );
}

#[test]
fn opponent_that_does_not_exist() {
    assert_rejected(
        "bad/missing-opponent.trf",
        "5:102: opponent 9 in round 2 is not a player of the file (field round 2 opponent)",
    );
}

#[test]
fn colours_that_disagree() {
    assert_rejected(
        "bad/colours-disagree.trf",
        "2:97: players 1 and 3 both have white in round 1 (field round 1 colour)",
    );
}

#[test]
fn results_that_disagree() {
    assert_rejected(
        "bad/results-disagree.trf",
        "3:99: the results of players 2 and 4 in round 1 do not match (win against win) (field round 1 result)",
    );
}

#[test]
fn points_that_do_not_add_up() {
    // Programs count unplayed rounds their own way: the results decide,
    // and a warning names the player (docs/rules/trf.md).
    let (code, stdout, stderr) = check("bad/points-wrong.trf");
    assert_eq!(code, Some(0));
    assert!(stdout.starts_with("Fixture Open: 4 players"), "{stdout}");
    assert_eq!(
        stderr,
        "bad/points-wrong.trf:2:81: warning: player 1 has 2.0 points, but the results add up to \
         1.5: the results are used (field points)\n"
    );
}

#[test]
fn empty_file() {
    assert_rejected("bad/empty.trf", "1:1: the file is empty");
}

#[test]
fn binary_garbage() {
    assert_rejected(
        "bad/binary-garbage.trf",
        "1:1: not a TRF record: a line starts with a three-character record code (001, 012, XXR, ...)",
    );
    assert_rejected(
        "bad/control-characters.trf",
        "2:1: not a TRF record: a line starts with a three-character record code (001, 012, XXR, ...)",
    );
}

#[test]
fn unreadable_file_exits_5() {
    let (code, stdout, stderr) = check("bad/no-such-file.trf");
    assert_eq!(code, Some(5));
    assert_eq!(stdout, "");
    assert!(
        stderr.starts_with("bad/no-such-file.trf: cannot read the file: "),
        "{stderr}"
    );
}

#[test]
fn valid_file_prints_a_summary() {
    let (code, stdout, stderr) = check("good/four-players.trf");
    assert_eq!(stderr, "");
    assert_eq!(
        stdout,
        "Fixture Open: 4 players, 2 of 3 rounds played, scoring 1.0-0.5-0.0\n"
    );
    assert_eq!(code, Some(0));
}

#[test]
fn a_count_beyond_the_format_exits_4() {
    // Issue 10 item 5: this record made the reader allocate 16 GB.
    let (code, stdout, stderr) = check("bad/size-limit.trf");
    assert_eq!(
        stderr,
        "bad/size-limit.trf:4:16: round 4000000000 is beyond the limit of 99 rounds (field last round)\n"
    );
    assert_eq!(stdout, "");
    assert_eq!(code, Some(4));
}

/// The real files other programs wrote (`../shared/realtrf`, read, never
/// committed): each is read as it is, and `standings FILE` gives every
/// player the points its writer put in the points column — the other
/// program's own figure — except for the players a warning names (the
/// results then decide, docs/rules/trf.md). An imported file ranks its
/// players on the same points.
#[test]
fn real_files_of_other_programs_are_read() {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/realtrf"
    ));
    assert!(dir.is_dir(), "real files missing: {}", dir.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("listing")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    assert!(files.len() >= 17, "{} files", files.len());
    let scratch = tempfile::tempdir().expect("temp dir");
    let mut imported = 0;
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let run = |args: &[&str]| {
            let out = Command::cargo_bin("arbiter")
                .expect("binary")
                .current_dir(scratch.path())
                .args(args)
                .output()
                .expect("runs");
            let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
            (out.status.code(), text(&out.stdout), text(&out.stderr))
        };
        let path = file.to_str().unwrap();
        let (code, _, stderr) = run(&["trf", "check", path]);
        if let Some(why) = STILL_REFUSED.iter().find(|(f, _)| *f == name) {
            assert!(stderr.contains(why.1), "{name}: {stderr}");
            continue;
        }
        assert_eq!(code, Some(0), "{name}: {stderr}");
        let (code, table, stderr) = run(&["standings", path, "-f", "tsv"]);
        assert_eq!(code, Some(0), "{name}: {stderr}");
        let points = points_by_tpn(&table);
        for (tpn, written, pre_entered) in points_column(file) {
            let warned = stderr.contains(&format!(": warning: player {tpn} has "));
            let ours: f64 = points[&tpn].parse().expect("points");
            // The column may count a bye already entered for the round to
            // be paired (spec of the reference engines, kept in validate).
            if !warned && ours != written {
                assert_eq!(ours + pre_entered, written, "{name}: player {tpn}");
            }
        }
        let event = format!("event-{imported}");
        let (code, _, stderr) = run(&["import", "trf", path, &event]);
        if let Some(why) = NOT_IMPORTED.iter().find(|(f, _)| *f == name) {
            assert!(stderr.contains(why.1), "{name}: {stderr}");
            continue;
        }
        assert_eq!(code, Some(0), "{name}: {stderr}");
        let (code, ranked, stderr) = run(&["standings", &event, "-f", "tsv"]);
        assert_eq!(code, Some(0), "{name}: {stderr}");
        let by_name = |t: &str| {
            let mut rows: Vec<(String, String)> = t
                .lines()
                .skip(1)
                .map(|l| {
                    let cells: Vec<&str> = l.split('\t').collect();
                    (cells[2].to_string(), cells[3].to_string())
                })
                .collect();
            rows.sort();
            rows
        };
        assert_eq!(by_name(&ranked), by_name(&table), "{name}");
        imported += 1;
    }
    assert!(imported >= 16, "{imported} imported");
}

/// Files `trf check` still refuses, and why (what remains to read).
const STILL_REFUSED: &[(&str, &str)] = &[(
    "sharly_trf-team-import-test.trf",
    "player 5 plays board 3 of team 4 and meets player 16",
)];

/// Files read but not yet imported, and why.
const NOT_IMPORTED: &[(&str, &str)] = &[];

/// TPN → points of a `standings -f tsv` table (`Rank TPN Name PTS …`).
fn points_by_tpn(table: &str) -> std::collections::HashMap<u32, String> {
    table
        .lines()
        .skip(1)
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (cells[1].parse().expect("tpn"), cells[3].to_string())
        })
        .collect()
}

/// TPN → the points column (81-84) of every 001 line, and the points of a
/// bye written in its last block (`H` ½, `F`/`U` 1). Columns count
/// characters; a byte that is not UTF-8 is one character (the files' code
/// pages are single-byte).
fn points_column(file: &std::path::Path) -> Vec<(u32, f64, f64)> {
    let bytes = std::fs::read(file).expect("reads");
    let text = String::from_utf8_lossy(&bytes).replace('\u{feff}', "");
    text.split(['\r', '\n'])
        .filter(|l| l.starts_with("001"))
        .filter_map(|l| {
            let chars: Vec<char> = l.chars().collect();
            let field = |a: usize, b: usize| -> String {
                let slice = chars.get(a - 1..b.min(chars.len())).unwrap_or(&[]);
                slice.iter().collect::<String>().trim().to_string()
            };
            let points = field(81, 84).parse::<f64>().ok()?;
            let last_bye = match l.trim_end().chars().last() {
                Some('H') => 0.5,
                Some('F' | 'U') => 1.0,
                _ => 0.0,
            };
            Some((field(5, 8).parse().ok()?, points, last_bye))
        })
        .collect()
}
