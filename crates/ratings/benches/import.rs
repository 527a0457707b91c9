//! Import speed of a full-size FIDE combined list: 1.2 million generated
//! lines in the combined layout (the real list has about 1.1 million),
//! written to a temporary file, imported into a fresh player database.
//! Prints lines, seconds and the process's peak memory.
//!
//! `cargo bench -p arbiter-ratings` (`ARBITER_BENCH_LINES=N` for another size).

use std::io::{BufReader, BufWriter, Write};
use std::time::Instant;

use arbiter_model::date::Date;
use arbiter_ratings::{PlayerDb, RatingKind};

const HEADER: &str = "ID Number      Name                                                         Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag";

/// One line with the fields at the header's columns.
fn line(i: u64) -> String {
    let mut out = vec![b' '; 162];
    let mut put =
        |col: usize, text: &str| out[col..col + text.len()].copy_from_slice(text.as_bytes());
    put(0, &format!("{}", 100_000 + i));
    put(15, &format!("Player{i:07}, Firstname"));
    put(76, ["ITA", "POL", "BLR", "GER"][i as usize % 4]);
    put(80, if i.is_multiple_of(3) { "F" } else { "M" });
    if i.is_multiple_of(97) {
        put(84, "FM");
    }
    let r = 1000 + (i * 7919 % 1800);
    put(113, &r.to_string());
    put(119, &(i % 12).to_string());
    put(123, "20");
    if i.is_multiple_of(2) {
        put(126, &(r - 20).to_string());
        put(132, "3");
        put(136, "20");
    }
    if i.is_multiple_of(5) {
        put(139, &(r + 15).to_string());
        put(145, "0");
        put(149, "20");
    }
    put(152, &(1940 + i % 80).to_string());
    if i.is_multiple_of(4) {
        put(158, "i");
    }
    String::from_utf8(out)
        .expect("ascii")
        .trim_end()
        .to_string()
}

fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

fn main() {
    let lines: u64 = std::env::var("ARBITER_BENCH_LINES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_200_000);
    let dir = tempfile::tempdir().expect("temp dir");
    let list = dir.path().join("players_list_foa.txt");
    {
        let mut w = BufWriter::new(std::fs::File::create(&list).expect("create"));
        writeln!(w, "{HEADER}").expect("write");
        for i in 0..lines {
            writeln!(w, "{}", line(i)).expect("write");
        }
    }
    let size = std::fs::metadata(&list).map(|m| m.len()).unwrap_or(0);
    let mut db = PlayerDb::open(&dir.path().join("players.sqlite")).expect("open");
    let start = Instant::now();
    let input = BufReader::new(std::fs::File::open(&list).expect("open list"));
    let summary = db
        .import_fide(
            input,
            "players_list_foa.txt",
            RatingKind::Standard,
            Date::new(2026, 12, 1).ok(),
        )
        .expect("import");
    let secs = start.elapsed().as_secs_f64();
    assert_eq!(summary.players, lines);
    let lookup = Instant::now();
    for i in (0..lines).step_by(1000) {
        assert!(db.fide_player(100_000 + i).expect("lookup").is_some());
    }
    let per_lookup = lookup.elapsed().as_secs_f64() / (lines / 1000).max(1) as f64;
    println!(
        "rating list import: {lines} lines ({:.0} MB) in {secs:.2} s ({:.0} lines/s); lookup {:.1} µs; peak memory {} MB",
        size as f64 / 1e6,
        lines as f64 / secs,
        per_lookup * 1e6,
        peak_rss_mb().map_or("?".into(), |m| format!("{m:.0}"))
    );
}
