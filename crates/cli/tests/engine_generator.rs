//! The random tournament generator `arbiter --dutch [model] -g [config] -o
//! OUT [-s SEED]` (spec 05 §6.4, §7.7).

mod engine_support;

use std::path::Path;

use engine_support::{corpus, lines, run};

const P310: &str = "PlayersNumber=60\nRoundsNumber=9\nDrawPercentage=35\nForfeitRate=15\nRetiredRate=100\nHalfPointByeRate=50\nPointsForWin=3.0\nPointsForDraw=1.0\n";
const BUSY: &str =
    "PlayersNumber=40\nRoundsNumber=7\nRetiredRate=5\nHalfPointByeRate=4\nForfeitRate=4\n";

fn generate(dir: &Path, args: &[&str]) -> String {
    let (code, stdout, stderr) = run(args, dir);
    assert_eq!(code, Some(0), "{args:?}: {stderr}");
    assert_eq!(stdout, "");
    // Progress goes to standard error only when it is a terminal.
    assert_eq!(stderr, "", "{args:?}");
    let out = args
        .iter()
        .position(|&a| a == "-o")
        .map(|i| args[i + 1])
        .expect("-o");
    std::fs::read_to_string(dir.join(out)).expect("generated file")
}

fn check_is_clean(dir: &Path, file: &str, rounds: usize) {
    let (code, stdout, stderr) = run(&["--dutch", file, "-c"], dir);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        stderr, "",
        "no progress when standard error is not a terminal"
    );
    let stem = file.trim_end_matches(".trf");
    let mut expected: String = (1..=rounds)
        .map(|r| format!("{stem}: Round #{r}\n"))
        .collect();
    expected.push('\n');
    assert_eq!(stdout, expected, "{file}");
}

#[test]
fn same_seed_gives_the_same_file_and_the_checker_agrees() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("p310.cfg"), P310).expect("write");
    let a = generate(
        dir.path(),
        &["--dutch", "-g", "p310.cfg", "-o", "a.trf", "-s", "310"],
    );
    let b = generate(
        dir.path(),
        &["--dutch", "-g", "p310.cfg", "-o", "b.trf", "-s", "310"],
    );
    assert_eq!(a, b);
    let c = generate(
        dir.path(),
        &["--dutch", "-g", "p310.cfg", "-o", "c.trf", "-s", "311"],
    );
    assert_ne!(a, c);
    check_is_clean(dir.path(), "a.trf", 9);
}

#[test]
fn file_layout_of_spec_6_4() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("p310.cfg"), P310).expect("write");
    let text = generate(
        dir.path(),
        &["--dutch", "-g", "p310.cfg", "-o", "a.trf", "-s", "7"],
    );
    assert!(!text.contains('\n'), "CR line ends only");
    assert!(text.ends_with('\r'));
    let l = lines(text.trim_end_matches('\r'));
    assert_eq!(l[0], "012 AutoTest Tournament 7");
    let players: Vec<&String> = l.iter().filter(|x| x.starts_with("001")).collect();
    assert_eq!(players.len(), 60);
    for (i, p) in players.iter().enumerate() {
        let id = i + 1;
        assert_eq!(p.len(), 89 + 10 * 9, "{p}");
        assert_eq!(&p[4..8], format!("{id:>4}"));
        assert_eq!(&p[14..33], format!("Test{id:04} Player{id:04}"));
    }
    assert_eq!(l[61], "");
    assert_eq!(l[62], "092 FIDE_DUTCH_2025");
    assert_eq!(l[63], "162  W 3.0    D 1.0");
    assert_eq!(l.len(), 64);
}

#[test]
fn byes_and_forfeits_are_generated_and_rechecked() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("busy.cfg"), BUSY).expect("write");
    for seed in ["1", "2", "3"] {
        let out = format!("busy{seed}.trf");
        let text = generate(
            dir.path(),
            &["--dutch", "-g", "busy.cfg", "-o", &out, "-s", seed],
        );
        // ⌊40/5⌋ = 8 players with zero-point byes, ⌊40/4⌋ = 10 with half-point byes.
        let with = |code: &str| {
            lines(&text)
                .iter()
                .filter(|l| l.starts_with("001") && l.contains(code))
                .count()
        };
        assert!(with("0000 - Z") >= 1 && with("0000 - H") >= 1);
        assert!(text.contains(" +") && text.contains("0000 - U"));
        check_is_clean(dir.path(), &out, 7);
    }
}

#[test]
fn model_mode_reuses_the_players() {
    let dir = tempfile::tempdir().expect("temp dir");
    let model =
        std::fs::read_to_string(corpus("dutch").join("small-102242150.trf")).expect("corpus file");
    std::fs::write(dir.path().join("model.trf"), &model).expect("write");
    let text = generate(
        dir.path(),
        &["--dutch", "model.trf", "-g", "-o", "m.trf", "-s", "5"],
    );
    let l = lines(text.trim_end_matches('\r'));
    assert_eq!(l[0], "012 AutoTest Tournament 5");
    assert_eq!(l[1], "### 012 AutoTest Tournament 102242150");
    let old = lines(&model);
    for id in 1..=11 {
        let prefix = format!("001 {id:>4}");
        let new_line = l.iter().find(|x| x.starts_with(&prefix)).expect("player");
        let old_line = old.iter().find(|x| x.starts_with(&prefix)).expect("player");
        assert_eq!(new_line[..80], old_line[..80]);
    }
    assert_eq!(l.last().map(String::as_str), Some("142 5"));
    check_is_clean(dir.path(), "m.trf", 5);
}

#[test]
fn configuration_and_seed_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("bad.cfg"), "PlayersNumber = 9\n").expect("write");
    let (code, _, stderr) = run(&["--dutch", "-g", "bad.cfg", "-o", "x.trf"], dir.path());
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("line 1"), "{stderr}");
    std::fs::write(
        dir.path().join("rating.cfg"),
        "HighestRating=1500\nLowestRating=1600\n",
    )
    .expect("write");
    let (code, _, _) = run(&["--dutch", "-g", "rating.cfg", "-o", "x.trf"], dir.path());
    assert_eq!(code, Some(3));
    let (code, _, _) = run(&["--dutch", "-g", "missing.cfg", "-o", "x.trf"], dir.path());
    assert_eq!(code, Some(5));
    let (code, _, _) = run(&["--dutch", "-g", "-o", "x.trf", "-s", "abc"], dir.path());
    assert_eq!(code, Some(2));
    let (code, _, _) = run(
        &["--dutch", "-g", "-o", "x.trf", "-s", "18446744073709551616"],
        dir.path(),
    );
    assert_eq!(code, Some(4));
    assert!(!dir.path().join("x.trf").exists());
}

#[test]
fn a_failed_round_leaves_the_rounds_so_far_and_142() {
    // Two players meet in round 1; round 2 has no valid pairing (C1).
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("two.cfg"),
        "PlayersNumber=2\nRoundsNumber=3\nForfeitRate=1000000000\nRetiredRate=1000000\nHalfPointByeRate=1000000\n",
    )
    .expect("write");
    let (code, _, stderr) = run(
        &["--dutch", "-g", "two.cfg", "-o", "two.trf", "-s", "9"],
        dir.path(),
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(stderr, "No valid pairing exists for round 2.\n");
    let text = std::fs::read_to_string(dir.path().join("two.trf")).expect("partial file");
    let l = lines(text.trim_end_matches('\r'));
    assert_eq!(l[0], "012 AutoTest Tournament 9");
    assert_eq!(l[1], "142 3");
    assert_eq!(l[2].len(), 99, "{}", l[2]);
    assert_eq!(l[3].len(), 99, "{}", l[3]);
    assert_eq!(&l[4..], ["", "092 FIDE_DUTCH_2025"]);
}
