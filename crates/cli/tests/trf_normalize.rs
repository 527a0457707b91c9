//! `arbiter trf normalize`: output to a file or standard output, line ends,
//! conversion to TRF-2026 records, and write errors.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared");

fn corpus(file: &str) -> PathBuf {
    let p = Path::new(SHARED).join("corpus").join(file);
    assert!(p.is_file(), "corpus file missing: {}", p.display());
    p
}

fn normalize(args: &[&str], file: &Path) -> (Option<i32>, String, String) {
    let out = Command::cargo_bin("arbiter")
        .expect("the arbiter binary")
        .args(["trf", "normalize"])
        .arg(file)
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_generator_file_is_reproduced_byte_for_byte() {
    // The bbp generator's layout is already canonical, except for its empty
    // line before 092 (spec 05 §6.4).
    let file = corpus("dutch/small-102242150.trf");
    let original = std::fs::read_to_string(&file).unwrap();
    let (code, stdout, stderr) = normalize(&[], &file);
    assert_eq!((code, stderr.as_str()), (Some(0), ""));
    let expected = original.replace("\r\r", "\r");
    let order = |s: &str| {
        let mut v: Vec<String> = s.split('\r').map(str::to_string).collect();
        v.sort();
        v
    };
    assert_eq!(order(&stdout), order(&expected));
}

#[test]
fn line_endings_can_be_chosen() {
    let file = corpus("baku/baku-1.trf");
    let (_, lf, _) = normalize(&["--line-ending", "lf"], &file);
    assert!(lf.ends_with('\n') && !lf.contains('\r'));
    let (_, crlf, _) = normalize(&["--line-ending", "crlf"], &file);
    assert_eq!(crlf, lf.replace('\n', "\r\n"));
    let (_, cr, _) = normalize(&[], &file);
    assert_eq!(cr, lf.replace('\n', "\r"));
    // The baku files are LF-only and already canonical.
    let original = std::fs::read_to_string(&file).unwrap();
    assert!(lf == original, "baku-1.trf is not reproduced byte for byte");
}

#[test]
fn trf26_conversion_of_javafo_records() {
    let file = corpus("baku/baku-1.trf");
    let (code, out, _) = normalize(&["--trf26", "--line-ending", "lf"], &file);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"142 9"));
    assert!(lines.contains(&"152 W"));
    assert!(lines.iter().any(|l| l.starts_with("250 ")));
    assert!(!lines.iter().any(|l| l.starts_with("XX")));
}

#[test]
fn output_file_and_write_errors() {
    let file = corpus("dutch/small-102242150.trf");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("trf-normalize");
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("small.trf");
    let (code, stdout, _) = normalize(&["-o", out.to_str().unwrap()], &file);
    assert_eq!((code, stdout.as_str()), (Some(0), ""));
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .starts_with("012 AutoTest Tournament 102242150\r")
    );
    let bad = dir.join("no-such-dir").join("x.trf");
    let (code, _, stderr) = normalize(&["-o", bad.to_str().unwrap()], &file);
    assert_eq!(code, Some(5));
    assert!(stderr.contains("cannot write the file"), "{stderr}");
}
