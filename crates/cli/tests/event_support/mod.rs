//! Helpers shared by the `event_*` tests: run the `arbiter` binary, check
//! exit codes, make scratch folders.

#![allow(dead_code)] // each test file uses a different part

use std::path::{Path, PathBuf};
use std::process::Output;

pub use arbiter_store::testing::Scratch;

pub mod fields;

/// The binary under test.
pub fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_arbiter")
}

/// A fresh scratch folder for one test under the target's temporary
/// folder, removed when dropped.
pub fn scratch(name: &str) -> Scratch {
    arbiter_store::testing::scratch_in(Path::new(env!("CARGO_TARGET_TMPDIR")), name)
}

/// Runs `arbiter ARGS` and returns its output.
pub fn run<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Output {
    assert_cmd::Command::new(bin())
        .args(args)
        .output()
        .expect("run arbiter")
}

fn show<S: AsRef<std::ffi::OsStr>>(args: &[S], out: &Output) -> String {
    format!(
        "arbiter {} -> {:?}\nstdout:\n{}\nstderr:\n{}",
        args.iter()
            .map(|a| a.as_ref().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join(" "),
        out.status.code(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Runs a command that must succeed; its standard output.
pub fn ok<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> String {
    let out = run(args);
    assert!(out.status.success(), "{}", show(args, &out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs a command that must be refused with exit code 3 and leave the event
/// unchanged (same log); its error message.
pub fn refused<S: AsRef<std::ffi::OsStr>>(event: &Path, args: &[S]) -> String {
    let before = ok(&["log".as_ref(), event.as_os_str()]);
    let out = run(args);
    assert_eq!(out.status.code(), Some(3), "{}", show(args, &out));
    let after = ok(&["log".as_ref(), event.as_os_str()]);
    assert_eq!(before, after, "a refused command changed the event");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The id in the confirmation of `player add` (`registered player 5: …`).
pub fn registered_id(out: &str) -> u32 {
    out.strip_prefix("registered player ")
        .and_then(|rest| rest.split(':').next())
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("not a registration: {out:?}"))
}

/// `(board, white id, black id)` of `pairings --format tsv`.
pub fn pairings(event: &Path, round: u32) -> Vec<(u32, u32, u32)> {
    let r = round.to_string();
    let text = ok(&[
        "pairings".as_ref(),
        event.as_os_str(),
        "--round".as_ref(),
        r.as_ref(),
        "--format".as_ref(),
        "tsv".as_ref(),
    ]);
    text.lines()
        .map(|l| {
            let v: Vec<u32> = l
                .split('\t')
                .map(|x| x.parse().expect("tsv number"))
                .collect();
            assert_eq!(v.len(), 3, "tsv line {l:?}");
            (v[0], v[1], v[2])
        })
        .collect()
}

/// One row of a team section's `pairings --format tsv`: `(match, board,
/// white team, black team, white id, black id)`.
pub type BoardRow = (u32, u32, u32, u32, u32, u32);

/// The rows of a team section's `pairings --format tsv`.
pub fn match_pairings(event: &Path, round: u32) -> Vec<BoardRow> {
    let r = round.to_string();
    let text = ok(&[
        "pairings".as_ref(),
        event.as_os_str(),
        "--round".as_ref(),
        r.as_ref(),
        "--format".as_ref(),
        "tsv".as_ref(),
    ]);
    text.lines()
        .map(|l| {
            let v: Vec<u32> = l
                .split('\t')
                .map(|x| x.parse().expect("tsv number"))
                .collect();
            assert_eq!(v.len(), 6, "tsv line {l:?}");
            (v[0], v[1], v[2], v[3], v[4], v[5])
        })
        .collect()
}

/// The exported TRF of an event, as text.
pub fn export(event: &Path) -> String {
    ok(&["export".as_ref(), "trf".as_ref(), event.as_os_str()])
}

/// `shared/tools/check_engine.py`; fails the test when the shared reference
/// tools are missing.
pub fn check_engine_script() -> &'static str {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/tools/check_engine.py"
    );
    assert!(
        Path::new(p).is_file(),
        "{p} is missing: the shared reference tools are needed for this test"
    );
    p
}

/// Replays every round of `trf` with `check_engine.py` through
/// `arbiter --dutch` and asserts that all `rounds` rounds agree.
pub fn assert_reference_agrees(trf: &Path, rounds: u32) {
    let out = std::process::Command::new("python3")
        .arg(check_engine_script())
        .arg("--cmd")
        .arg(format!("{} --dutch {{in}} -p {{out}}", bin()))
        .arg(trf)
        .output()
        .expect("python3 runs the checker");
    let report = String::from_utf8_lossy(&out.stdout);
    eprintln!("{report}");
    assert!(
        report.contains(&format!("agreement: {rounds}/{rounds} rounds")),
        "the checker disagrees:\n{report}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A file of `../shared/corpus` (`teams/NAME.trf`); fails the test when the
/// shared corpus is missing.
pub fn corpus_file(relative: &str) -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus")
        .join(relative);
    assert!(
        p.is_file(),
        "{} is missing: the shared corpus is needed",
        p.display()
    );
    p
}

/// Writes a copy of the TRF `source` (lines ending with CR) to `target`
/// with `edits` made: `(line, old, new)` replaces the first `old` of that
/// 1-based line, which must hold it; `extra` lines are added at the end.
pub fn edited_trf(source: &Path, target: &Path, edits: &[(usize, &str, &str)], extra: &[&str]) {
    let text = std::fs::read_to_string(source).expect("a readable TRF");
    let mut lines: Vec<String> = text.split('\r').map(str::to_string).collect();
    for &(n, old, new) in edits {
        let line = &mut lines[n - 1];
        assert!(line.contains(old), "line {n} has no {old:?}: {line:?}");
        *line = line.replacen(old, new, 1);
    }
    if lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines.extend(extra.iter().map(|l| l.to_string()));
    std::fs::write(target, lines.join("\r") + "\r").expect("a TRF written");
}
