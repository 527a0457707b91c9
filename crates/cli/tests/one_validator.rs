//! Issue 10 item 9: one validator decides for every command that reads a
//! TRF. Each malformed file gets the same message and exit code from `trf
//! check`, `standings`, `crosstable`, the pairing engine and `import trf`;
//! none of them "repairs" a file another refuses.

use std::path::Path;

use assert_cmd::Command;

/// A 001 line: starting rank, points, then 10-column round blocks.
fn player(tpn: u32, points: &str, blocks: &[&str]) -> String {
    let head = format!("001 {tpn:>4}      Player {tpn}");
    let rounds: String = blocks.iter().map(|b| format!("{b:>10}")).collect();
    format!("{head:<80}{points:>4}{:5}{rounds}", "")
}

/// Runs every command that reads the TRF file `f` (`import trf` into
/// `event`): each command line with what it did.
fn every_reader(f: &str, event: &Path) -> Vec<(Vec<String>, std::process::Output)> {
    let event = event.to_str().expect("utf-8 path");
    let commands: [&[&str]; 5] = [
        &["trf", "check", f],
        &["standings", f],
        &["crosstable", f],
        &["--dutch", f, "-p"],
        &["import", "trf", f, event],
    ];
    commands
        .iter()
        .map(|args| {
            let out = Command::cargo_bin("arbiter")
                .expect("the arbiter binary")
                .args(*args)
                .output()
                .expect("runs");
            (args.iter().map(|a| a.to_string()).collect(), out)
        })
        .collect()
}

/// Every command that reads `text` as a TRF must refuse it with `message`
/// (after the file name) and exit code `code`.
fn every_command_refuses(text: &str, message: &str, code: i32) {
    let dir = tempfile::tempdir().expect("scratch folder");
    let file = dir.path().join("in.trf");
    std::fs::write(&file, text).expect("written");
    let event = dir.path().join("ev.arb");
    let f = file.to_str().expect("utf-8 path");
    for (args, out) in every_reader(f, &event) {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!("{f}:{message}")),
            "{args:?}: {stderr}"
        );
        assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!Path::new(&event).exists(), "{args:?} created the event");
    }
}

#[test]
fn a_one_sided_game_is_refused_everywhere() {
    let text = [
        player(1, "1.0", &["2 w 1"]),
        player(2, "0.0", &["0000 - Z"]),
        "XXR 5".to_string(),
    ]
    .join("\n");
    every_command_refuses(
        &text,
        "1:92: player 1 meets 2 in round 1, but player 2's round 1 entry does not name 1 (field round 1 opponent)",
        3,
    );
}

#[test]
fn an_unknown_opponent_is_refused_everywhere() {
    let text = [
        player(1, "1.0", &["7 w 1"]),
        player(2, "0.0", &["0000 - Z"]),
        "XXR 5".to_string(),
    ]
    .join("\n");
    every_command_refuses(
        &text,
        "1:92: opponent 7 in round 1 is not a player of the file (field round 1 opponent)",
        3,
    );
}

#[test]
fn a_wrong_point_total_is_the_same_warning_everywhere() {
    // Read leniently (docs/rules/trf.md): the results decide, and every
    // command names the player in the same warning.
    let dir = tempfile::tempdir().expect("scratch folder");
    let file = dir.path().join("in.trf");
    let text = [
        player(1, "3.0", &["2 w 1"]),
        player(2, "0.0", &["1 b 0"]),
        player(3, "1.0", &["4 w 1"]),
        player(4, "0.0", &["3 b 0"]),
        "XXR 5".to_string(),
        "XXC white1".to_string(),
    ];
    std::fs::write(&file, text.join("\n")).expect("written");
    let event = dir.path().join("ev.arb");
    let f = file.to_str().expect("utf-8 path");
    let warning = format!(
        "{f}:1:81: warning: player 1 has 3.0 points, but the results add up to 1.0: the results \
         are used (field points)"
    );
    for (args, out) in every_reader(f, &event) {
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(&warning), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
}

#[test]
fn an_unknown_tiebreak_is_refused_everywhere() {
    // `trf check` accepted it; `standings` refused it, naming no line.
    let text = [
        "202 BH/C1, FOO".to_string(),
        player(1, "1.0", &["2 w 1"]),
        player(2, "0.0", &["1 b 0"]),
        "XXR 5".to_string(),
    ]
    .join("\n");
    every_command_refuses(&text, "1:12: tie-break 'FOO': unknown tie-break", 3);
}

#[test]
fn a_rating_modifier_too_large_is_refused_with_its_line() {
    // Issue 10 item 14: "rating too large", with no line or field.
    let text = [
        player(1, "1.0", &["2 w 1"]),
        player(2, "0.0", &["1 b 0"]),
        "XXR 5".to_string(),
        "202 ARO/U99999".to_string(),
    ]
    .join("\n");
    every_command_refuses(
        &text,
        "4:5: tie-break 'ARO/U99999': rating too large (field tie-breaks)",
        3,
    );
}

#[test]
fn a_size_limit_exits_4_everywhere() {
    let text = [
        player(1, "1.0", &["2 w 1"]),
        player(2, "0.0", &["1 b 0"]),
        "XXR 4000000000".to_string(),
    ]
    .join("\n");
    every_command_refuses(
        &text,
        "3:5: round 4000000000 is beyond the limit of 99 rounds (field total rounds)",
        4,
    );
}
