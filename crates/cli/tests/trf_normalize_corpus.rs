//! Acceptance (issue 2): `arbiter trf normalize` rewrites every file of the
//! corpus (`../shared/corpus/dutch` and `baku`) into a file that the
//! reference comparer `../shared/tools/compare_trf.py` calls equivalent.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};

use assert_cmd::Command;

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared");

fn corpus_files(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(SHARED).join("corpus").join(kind);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("corpus folder {} missing: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    files
}

#[test]
fn normalize_is_equivalent_for_every_corpus_file() {
    let dutch = corpus_files("dutch");
    let baku = corpus_files("baku");
    assert_eq!(dutch.len(), 684, "spec 05 §9.1: 684 dutch files");
    assert_eq!(baku.len(), 30, "spec 05 §9.2: 30 baku files");
    let out_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("trf-normalize-corpus");
    std::fs::create_dir_all(&out_dir).expect("output folder");

    let mut pairs = String::new();
    for file in dutch.iter().chain(&baku) {
        let name = file.file_name().expect("file name");
        let out = out_dir.join(name);
        let _ = std::fs::remove_file(&out);
        Command::cargo_bin("arbiter")
            .expect("the arbiter binary")
            .args(["trf", "normalize"])
            .arg(file)
            .arg("-o")
            .arg(&out)
            .assert()
            .success();
        pairs.push_str(&format!("{}\t{}\n", file.display(), out.display()));
    }

    // One Python process runs the reference comparer on every pair.
    let tools = Path::new(SHARED).join("tools");
    assert!(
        tools.join("compare_trf.py").is_file(),
        "compare_trf.py missing"
    );
    let script = r"
import sys
sys.path.insert(0, sys.argv[1])
import compare_trf
n = 0
for line in sys.stdin:
    a, b = line.rstrip('\n').split('\t')
    d = compare_trf.compare(a, b)
    n += 1
    if d:
        print(a, '; '.join(d[:3]))
print('compared', n)
";
    let mut child = Process::new("python3")
        .arg("-c")
        .arg(script)
        .arg(&tools)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 is needed to run compare_trf.py");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(pairs.as_bytes())
        .expect("write pairs");
    let output = child.wait_with_output().expect("compare_trf.py ran");
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "compare_trf.py failed: {report}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        report.trim_end(),
        format!("compared {}", dutch.len() + baku.len()),
        "files not equivalent after normalize"
    );
}
