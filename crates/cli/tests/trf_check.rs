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
    assert_rejected(
        "bad/cut-short.trf",
        "4:99: the line ends inside the block of round 1 (its result belongs in column 99) (field round 1 result)",
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
    assert_rejected(
        "bad/points-wrong.trf",
        "2:81: player 1 has 2.0 points, but the results add up to 1.5 (field points)",
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
        "1:25: the file is not UTF-8 text (byte 0xB0)",
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
