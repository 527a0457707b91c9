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
