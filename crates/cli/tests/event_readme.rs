//! Issue 9 item 6: the README's "Running an event" walkthrough works when
//! typed literally — each line run by `sh` with the `arbiter` under test
//! first on the PATH, in a fresh folder; and so does "Running a team
//! event" (issue 11).

mod event_support;

use std::path::Path;
use std::process::Command;

use event_support::{Scratch, bin, scratch};

/// The command lines of the first code block after the README's `heading`.
fn walkthrough(heading: &str) -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md");
    let section = readme
        .split(&format!("### {heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("a '{heading}' section"));
    let block = section
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("a sh code block");
    block
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// Runs each line in a fresh folder `name`; every line must succeed.
/// Returns the folder and each line with what it printed.
fn run(lines: &[String], name: &str) -> (Scratch, Vec<(String, String)>) {
    assert!(lines.len() >= 10, "{lines:?}");
    assert!(lines.iter().all(|l| l.starts_with("arbiter ")), "{lines:?}");
    let dir = scratch(name);
    let bin_dir = Path::new(bin()).parent().expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut outputs = Vec::new();
    for line in lines {
        let out = Command::new("sh")
            .arg("-c")
            .arg(line)
            .current_dir(&dir)
            .env("PATH", &path)
            .output()
            .expect("sh runs");
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{line}\n-> {:?}\n{stdout}{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        outputs.push((line.clone(), stdout));
    }
    (dir, outputs)
}

/// What the first line starting with `prefix` printed.
fn output(outputs: &[(String, String)], prefix: &str) -> String {
    outputs
        .iter()
        .find(|(l, _)| l.starts_with(prefix))
        .map(|(_, o)| o.clone())
        .unwrap_or_default()
}

#[test]
fn the_readme_walkthrough_runs_as_typed() {
    let (dir, outputs) = run(&walkthrough("Running an event"), "event-readme");
    let output = |prefix: &str| output(&outputs, prefix);
    // What each command prints names the event and section (issue 9 item 8).
    assert!(
        output("arbiter pair").starts_with("City Open — section main — round 1\n"),
        "{}",
        output("arbiter pair")
    );
    assert!(output("arbiter standings").starts_with("City Open — section main"));
    assert_eq!(
        output("arbiter new"),
        "created open.arb: City Open, section main: 9 rounds, FIDE Dutch system\n"
    );
    assert_eq!(
        output("arbiter result open.arb 1 1"),
        "round 1 board 1: Rossi, Mario (id 1) - Verdi, Anna (id 3) 1-0\n"
    );
    assert!(dir.join("open.trf").is_file());
}

/// The team walkthrough, worked out by hand. Teams 1-4 in registration
/// order (board-1 ratings 2100, 2050, 2000, 1950); families Rossi (1, 3).
/// Round 1 (C.04.6): 1-3 is forbidden, so 1-4 and 2-3; team 1 White
/// (odd first), team 3 White against 2 (even first, 4.3.1). Rossi I beats
/// Ivanov 1.5-0.5, Nowak beats Rossi II 2-0. Round 2: team 1 has met 4
/// and may not meet 3, so 2-1 and 4-3; the teams Black in round 1 have
/// White (4.3.5). Results as White and Black sit (WB: the white team has
/// Black on board 2, where Rossi I's reserve plays): Nowak 1.5-0.5 Rossi
/// I, Ivanov 1.5-0.5 Rossi II. Game points: Nowak 3.5, Rossi I 2, Ivanov
/// 2, Rossi II 0.5; match points 3/1/0: 6, 3, 3, 0; Rossi I before Ivanov
/// on board 1 (1.5 against 1: TBR).
#[test]
fn the_readme_team_walkthrough_runs_as_typed() {
    let (dir, outputs) = run(&walkthrough("Running a team event"), "event-readme-teams");
    let output = |prefix: &str| output(&outputs, prefix);
    let round2: Vec<Vec<u32>> = output("arbiter pairings cup.arb --round 2")
        .lines()
        .map(|l| l.split('\t').map(|f| f.parse().unwrap()).collect())
        .collect();
    assert_eq!(
        round2,
        [
            vec![1, 1, 2, 1, 4, 1],
            vec![1, 2, 2, 1, 3, 5],
            vec![2, 1, 4, 3, 8, 6],
            vec![2, 2, 4, 3, 7, 9]
        ]
    );
    let standings = output("arbiter standings");
    let rows: Vec<(String, String, String, String)> = standings
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|t| t.len() >= 6 && t[0].parse::<u32>().is_ok())
        .map(|t| {
            let n = t.len();
            (
                t[0].to_string(),
                t[2..n - 3].join(" "),
                t[n - 3].to_string(),
                t[n - 2].to_string(),
            )
        })
        .collect();
    let expected = [
        ("1", "Nowak", "3.5", "6.0"),
        ("2", "Rossi I", "2.0", "3.0"),
        ("3", "Ivanov", "2.0", "3.0"),
        ("4", "Rossi II", "0.5", "0.0"),
    ];
    assert_eq!(
        rows,
        expected.map(|(a, b, c, d)| (a.into(), b.into(), c.into(), d.into())),
        "{standings}"
    );
    assert!(dir.join("cup.trf").is_file());
    assert_eq!(
        output("arbiter --team-swiss cup.trf -c").trim_end(),
        "cup: Round #1\ncup: Round #2"
    );
}
