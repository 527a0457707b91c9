//! Issue 9 item 6: the README's "Running an event" walkthrough works when
//! typed literally — each line run by `sh` with the `arbiter` under test
//! first on the PATH, in a fresh folder.

mod event_support;

use std::path::Path;
use std::process::Command;

use event_support::{bin, scratch};

/// The command lines of the README's "Running an event" code block.
fn walkthrough() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md"))
        .expect("README.md");
    let section = readme
        .split("### Running an event")
        .nth(1)
        .expect("a 'Running an event' section");
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

#[test]
fn the_readme_walkthrough_runs_as_typed() {
    let lines = walkthrough();
    assert!(lines.len() >= 10, "{lines:?}");
    assert!(lines.iter().all(|l| l.starts_with("arbiter ")), "{lines:?}");
    let dir = scratch("event-readme");
    let bin_dir = Path::new(bin()).parent().expect("the binary's folder");
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut outputs = Vec::new();
    for line in &lines {
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
    let output = |prefix: &str| {
        outputs
            .iter()
            .find(|(l, _)| l.starts_with(prefix))
            .map(|(_, o)| o.clone())
            .unwrap_or_default()
    };
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
