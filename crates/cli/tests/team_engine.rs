//! `arbiter --team-swiss IN -p [OUT]` and `-c` on TRF-2026 team files: the
//! replay tool `shared/tools/check_team_pairings.py` agrees on every round
//! of the team-Swiss corpus (matches, colours, bye and the reference's
//! order), the checker finds no difference on any corpus file and exactly
//! the altered round of an altered copy, and the exit codes of the engine.

mod engine_support;

use std::path::Path;
use std::process::Command;

use engine_support::{arbiter, check_report, clean_report, corpus, corpus_files, lines, run};

/// The acceptance command of issue 11: every round, with the board order.
#[test]
fn the_replay_tool_agrees_on_every_round_in_the_reference_order() {
    let binary = arbiter().get_program().to_string_lossy().into_owned();
    let tool = corpus("team-swiss").join("../../tools/check_team_pairings.py");
    let out = Command::new("python3")
        .arg(&tool)
        .arg("--dir")
        .arg(corpus("team-swiss"))
        .arg("--board-order")
        .arg("--cmd")
        .arg(format!("'{binary}' --team-swiss {{in}} -p"))
        .output()
        .expect("python3 runs the replay tool");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("team pairings: 235/235 rounds, 30/30 files fully equal"),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success());
}

/// Runs `--team-swiss FILE -c`.
fn check(file: &Path) -> String {
    check_report("team-swiss", file)
}

/// Record 142 of a corpus file (every round of it is played).
fn rounds_of(text: &str) -> usize {
    lines(text)
        .iter()
        .find_map(|l| l.strip_prefix("142 ")?.trim().parse().ok())
        .expect("record 142")
}

#[test]
fn the_checker_finds_no_difference_in_the_corpus() {
    let files = corpus_files("team-swiss");
    assert_eq!(files.len(), 30);
    for f in &files {
        let text = std::fs::read_to_string(f).expect("corpus file");
        let stem = f.file_stem().and_then(|s| s.to_str()).expect("stem");
        assert_eq!(check(f), clean_report(stem, rounds_of(&text)), "{stem}");
    }
}

const FILE: &str = "mp2-1421139299";

fn corpus_text() -> String {
    std::fs::read_to_string(corpus("team-swiss").join(format!("{FILE}.trf"))).expect("corpus file")
}

/// `text` with the colour of every board of `players` in `round` reversed.
fn flip_colours(text: &str, round: usize, players: &[u32]) -> String {
    text.split('\r')
        .map(|l| {
            let id = l.get(4..8).and_then(|s| s.trim().parse::<u32>().ok());
            if !l.starts_with("001") || !id.is_some_and(|id| players.contains(&id)) {
                return l.to_string();
            }
            let mut chars: Vec<char> = l.chars().collect();
            let at = 91 + 10 * (round - 1) + 5;
            chars[at] = match chars[at] {
                'w' => 'b',
                'b' => 'w',
                c => panic!("no colour at round {round} of {l}: {c:?}"),
            };
            chars.into_iter().collect()
        })
        .collect::<Vec<_>>()
        .join("\r")
}

#[test]
fn the_checker_reports_an_altered_round() {
    // Round 7 of the file: team 4 (players 17-20) White against team 1
    // (players 1-4). With the colours of that match reversed, the file has
    // 1 - 4 and the engine, pairing from rounds 1-6, still 4 - 1.
    let altered = flip_colours(&corpus_text(), 7, &[1, 2, 3, 4, 17, 18, 19, 20]);
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join(format!("{FILE}.trf"));
    std::fs::write(&file, altered).expect("write");
    let mut expected = clean_report(FILE, 6);
    expected.pop();
    expected.push_str(&format!(
        "{FILE}: Round #7\n  Checker pairings        Tournament pairings \n      4 -   1                  1 -   4\n\n\n"
    ));
    assert_eq!(check(&file), expected);
}

/// The file before its first round: no round blocks, no points, no team
/// byes, forfeits or absences.
fn before_round_one(text: &str) -> String {
    text.split('\r')
        .filter(|l| !matches!(l.get(..3), Some("240" | "320" | "330")))
        .map(|l| match l.get(..3) {
            Some("001") => format!("{} 0.0{}", &l[..80], &l[84..89]),
            Some("310") => format!("{}   0.0    0.0{}", &l[..54], &l[67..]),
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\r")
}

#[test]
fn round_one_goes_to_the_output_file_next_to_the_input() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("r1.trf"), before_round_one(&corpus_text())).expect("write");
    let (code, stdout, stderr) = run(&["--team-swiss", "r1.trf", "-p", "out.txt"], dir.path());
    assert_eq!((code, stdout.as_str()), (Some(0), ""), "{stderr}");
    let out = std::fs::read_to_string(dir.path().join("out.txt")).expect("output written");
    // 25 teams, all present in round 1 (the 240 records are gone): the bye
    // to 25 (art. 3.4.4), then 1-13, 2-14, … 12-24 with odd first-teams
    // White (152 W, art. 4.3.1).
    let mut expected = String::from("13\n");
    for top in 1..=12 {
        let (w, b) = if top % 2 == 1 {
            (top, top + 12)
        } else {
            (top + 12, top)
        };
        expected.push_str(&format!("{w} {b}\n"));
    }
    expected.push_str("25 0\n");
    assert_eq!(out, expected);
}

#[test]
fn no_legal_pairing_exits_1() {
    // Record 260 forbids every pair among the 25 teams (C.04.6 3.3.3: the
    // chief arbiter decides; nothing is relaxed).
    let teams: Vec<String> = (1..=25).map(|t| format!("{t:>4}")).collect();
    let text = format!(
        "{}\r260 001 007 {}\r",
        before_round_one(&corpus_text()),
        teams.join(" ")
    );
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("t.trf"), text).expect("write");
    let (code, stdout, stderr) = run(&["--team-swiss", "t.trf", "-p"], dir.path());
    assert_eq!((code, stdout.as_str()), (Some(1), ""));
    assert!(
        stderr.contains("No valid pairing exists for round 1"),
        "{stderr}"
    );
}

#[test]
fn refusals_and_their_exit_codes() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A missing file: 5.
    let (code, _, stderr) = run(&["--team-swiss", "missing.trf", "-p"], dir.path());
    assert_eq!(code, Some(5), "{stderr}");
    // An individual tournament: not a team file, 3.
    let dutch = corpus_files("dutch")
        .into_iter()
        .next()
        .expect("a Dutch file");
    let (code, _, stderr) = run(
        &["--team-swiss", dutch.to_str().expect("path"), "-p"],
        dir.path(),
    );
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("team"), "{stderr}");
    // A team file checked as a team Swiss whose 192 says round robin: 3.
    let text = corpus_text().replace("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_TEAM_ROUNDROBIN");
    std::fs::write(dir.path().join("rr.trf"), text).expect("write");
    let (code, _, stderr) = run(&["--team-swiss", "rr.trf", "-c"], dir.path());
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("FIDE_TEAM_ROUNDROBIN"), "{stderr}");
    // Without record 142 the next round cannot be paired: 3.
    let text: String = before_round_one(&corpus_text()).replace("142 7\r", "");
    std::fs::write(dir.path().join("no142.trf"), text).expect("write");
    let (code, _, stderr) = run(&["--team-swiss", "no142.trf", "-p"], dir.path());
    assert_eq!(code, Some(3), "{stderr}");
    assert!(stderr.contains("142"), "{stderr}");
    // The generator makes no team tournaments: 3.
    let (code, _, _) = run(&["--team-swiss", "-g", "-o", "x.trf"], dir.path());
    assert_eq!(code, Some(3));
}
