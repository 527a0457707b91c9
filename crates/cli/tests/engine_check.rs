//! The checker `arbiter --dutch FILE -c` (spec 05 §7.4): no difference on
//! corpus files, exactly the altered round on an altered copy.

mod engine_support;

use std::path::Path;

use engine_support::{check_report, clean_report, corpus, corpus_files, lines, run};

/// Runs `--dutch FILE -c`.
fn check(file: &Path) -> String {
    check_report("dutch", file)
}

fn rounds_of(file: &Path) -> usize {
    let text = std::fs::read_to_string(file).expect("corpus file");
    lines(&text)
        .iter()
        .filter(|l| l.starts_with("001"))
        .map(|l| (l.chars().count() - 89) / 10)
        .max()
        .unwrap_or(0)
}

/// A fixed sample of every kind: all 80 `small`, every 10th `std`, every
/// 8th `p310`, two `med`, every 3rd `baku`.
#[test]
fn corpus_sample_shows_no_difference() {
    let mut files = corpus_files("dutch");
    let kind = |f: &Path, k: &str| {
        f.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with(k))
    };
    let small: Vec<_> = files
        .iter()
        .filter(|f| kind(f, "small-"))
        .cloned()
        .collect();
    let std: Vec<_> = files
        .iter()
        .filter(|f| kind(f, "std-"))
        .step_by(10)
        .cloned()
        .collect();
    let p310: Vec<_> = files
        .iter()
        .filter(|f| kind(f, "p310-"))
        .step_by(8)
        .cloned()
        .collect();
    let med: Vec<_> = files
        .iter()
        .filter(|f| kind(f, "med-"))
        .take(2)
        .cloned()
        .collect();
    let baku: Vec<_> = corpus_files("baku").into_iter().step_by(3).collect();
    assert_eq!(small.len(), 80);
    assert!(std.len() >= 49 && p310.len() == 10 && med.len() == 2 && baku.len() == 10);
    files = [small, std, p310, med, baku].concat();
    let mut differing = Vec::new();
    for f in &files {
        let stem = f.file_stem().and_then(|s| s.to_str()).expect("stem");
        let report = check(f);
        if report != clean_report(stem, rounds_of(f)) {
            differing.push(report);
        }
    }
    assert!(
        differing.is_empty(),
        "{} files differ:\n{}",
        differing.len(),
        differing.join("\n")
    );
}

/// Spec 05 §7.4's example: `small-102242150.trf` with the round-5 opponents
/// of players 1 and 2 swapped (1 meets 4, 2 meets 5; colours and results
/// unchanged, so the points column stays right).
#[test]
fn an_altered_round_is_reported_exactly() {
    let text =
        std::fs::read_to_string(corpus("dutch").join("small-102242150.trf")).expect("corpus file");
    let swap = |line: &str, from: u32, to: u32| -> String {
        let mut chars: Vec<char> = line.chars().collect();
        let start = 91 + 10 * 4;
        let old: String = chars[start..start + 4].iter().collect();
        assert_eq!(old.trim(), from.to_string(), "round 5 of {line}");
        chars.splice(start..start + 4, format!("{to:>4}").chars());
        chars.into_iter().collect()
    };
    let altered: Vec<String> = text
        .split('\r')
        .map(|l| match l.get(..8) {
            Some("001    1") => swap(l, 5, 4),
            Some("001    2") => swap(l, 4, 5),
            Some("001    4") => swap(l, 2, 1),
            Some("001    5") => swap(l, 1, 2),
            _ => l.to_string(),
        })
        .collect();
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("small-102242150.trf");
    std::fs::write(&file, altered.join("\r")).expect("write");
    let expected = "\
small-102242150: Round #1
small-102242150: Round #2
small-102242150: Round #3
small-102242150: Round #4
small-102242150: Round #5
  Checker pairings        Tournament pairings 
      4 -   2                  4 -   1
      5 -   1                  5 -   2


";
    assert_eq!(check(&file), expected);
}

#[test]
fn a_different_system_in_record_192_exits_3() {
    let text =
        std::fs::read_to_string(corpus("dutch").join("small-102242150.trf")).expect("corpus file");
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("t.trf"),
        format!("{text}192 FIDE_BURSTEIN\r"),
    )
    .expect("write");
    let (code, stdout, stderr) = run(&["--dutch", "t.trf", "-c"], dir.path());
    assert_eq!(code, Some(3));
    assert_eq!(stdout, "");
    assert!(stderr.contains("FIDE_BURSTEIN"), "{stderr}");
}

/// A team competition in TRF16 form: players 1-8, two rounds, every game
/// board by board, and the team lists `lists` (`013`). Round 1: 1-3, 4-2,
/// 5-7, 8-6; round 2: 5-1, 2-6, 3-7, 8-4 (White first).
fn team_competition(lists: &[(&str, [u32; 2])]) -> String {
    let rounds = [
        [(3, "w 1"), (4, "b ="), (1, "b 0"), (2, "w =")],
        [(7, "w 1"), (8, "b 0"), (5, "b 0"), (6, "w 1")],
    ];
    let second = [
        [(5, "b ="), (6, "w 1"), (7, "w 0"), (8, "b 1")],
        [(1, "w ="), (2, "b 0"), (3, "b 1"), (4, "w 0")],
    ];
    let points = ["1.5", "1.5", "0.0", "1.5", "1.5", "0.0", "1.0", "1.0"];
    let mut text = String::from("012 Team Cup\n142 2\n152 W\n");
    for p in 0..8 {
        let (o1, r1) = rounds[p / 4][p % 4];
        let (o2, r2) = second[p / 4][p % 4];
        text += &format!(
            "001 {:>4}      {:<33} {:>4}{:28}{:>4}{:5}  {o1:>4} {r1}  {o2:>4} {r2}\n",
            p + 1,
            format!("Player {}", p + 1),
            2350 - 50 * p,
            "",
            points[p],
            ""
        );
    }
    for (name, [a, b]) in lists {
        text += &format!("013 {name:<32}{a:>4} {b:>4}\n");
    }
    text
}

/// Each team meets one other team in both rounds (Alpha-Beta and
/// Gamma-Delta, then Alpha-Gamma and Beta-Delta): a team event, refused
/// with exit 3 and nothing on standard output.
#[test]
fn a_team_competition_in_trf16_form_is_named_a_team_event() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lists = [
        ("Alpha", [1, 2]),
        ("Beta", [3, 4]),
        ("Gamma", [5, 6]),
        ("Delta", [7, 8]),
    ];
    std::fs::write(dir.path().join("cup.trf"), team_competition(&lists)).expect("write");
    let (code, stdout, stderr) = run(&["--dutch", "cup.trf", "-c"], dir.path());
    assert_eq!(code, Some(3));
    assert_eq!(stdout, "");
    assert_eq!(
        stderr.trim_end(),
        "cup.trf: a team event: in 2 of its 2 rounds every game is between the players of two \
         teams of its team lists, each team meeting one other team; its pairings are of teams, \
         which --dutch -c cannot check as an individual Swiss (a TRF-2026 team file is checked \
         with --team-swiss -c)"
    );
}

/// The same games with club lists under which a team meets two others in
/// a round (1-3 and 2-4 for {1, 2}): an individual event, checked.
#[test]
fn team_lists_that_are_not_matches_leave_the_file_to_check() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lists = [
        ("Alpha", [1, 2]),
        ("Beta", [3, 5]),
        ("Gamma", [4, 6]),
        ("Delta", [7, 8]),
    ];
    std::fs::write(dir.path().join("open.trf"), team_competition(&lists)).expect("write");
    let (code, _, stderr) = run(&["--dutch", "open.trf", "-c"], dir.path());
    assert_eq!(code, Some(0), "{stderr}");
}
