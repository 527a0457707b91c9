//! Every table of corpus/tiebreaks (computed by FIDE's reference checker for
//! the tournaments of corpus/dutch) is reproduced: every value to the printed
//! precision, Rank and DE included.

mod common;

use std::path::PathBuf;

use arbiter_standings::{StandingsOptions, compute_standings, parse_list};

fn shared() -> PathBuf {
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ));
    assert!(p.is_dir(), "reference corpus missing at {}", p.display());
    p
}

#[test]
fn corpus_tiebreak_tables_are_reproduced() {
    let corpus = shared();
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join("tiebreaks"))
        .expect("tiebreaks folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "tsv"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 150, "expected 150 reference tables");
    let (mut compared, mut wrong) = (0usize, Vec::new());
    for tsv in &files {
        let text = std::fs::read_to_string(tsv).expect("read tsv");
        let mut lines = text.lines().filter(|l| !l.trim().is_empty());
        let header: Vec<&str> = lines.next().expect("header").split('\t').collect();
        let codes: Vec<&str> = header[3..].to_vec();
        assert_eq!(&header[..3], ["StartNo", "Rank", "PTS"]);
        let stem = tsv.file_stem().and_then(|s| s.to_str()).expect("name");
        let trf = corpus.join("dutch").join(format!("{stem}.trf"));
        let doc = arbiter_trf::read_file(&trf, &parse_list).expect("corpus TRF reads");
        let opts = StandingsOptions {
            tiebreaks: Some(parse_list(&codes.join(",")).expect("codes")),
            ..StandingsOptions::default()
        };
        let s = compute_standings(&doc.tournament, &opts).expect("standings");
        for line in lines {
            let cells: Vec<&str> = line.split('\t').collect();
            let tpn: u32 = cells[0].parse().expect("StartNo");
            let row = s.rows.iter().find(|r| r.tpn == tpn).expect("row");
            let mut check = |what: &str, got: arbiter_standings::Value, exp: &str| {
                compared += 1;
                if !common::close(got, exp) {
                    wrong.push(format!("{stem} TPN {tpn} {what}: expected {exp} got {got}"));
                }
            };
            check(
                "Rank",
                arbiter_standings::Value::Int(i64::from(row.rank)),
                cells[1],
            );
            check("PTS", row.points, cells[2]);
            for (k, code) in codes.iter().enumerate() {
                check(code, row.values[k], cells[3 + k]);
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {compared} values differ, first: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(10)]
    );
    assert!(compared > 300_000, "only {compared} values compared");
}

/// C.07 16.5.1 (spec tiebreaks §5): the SB cut weighs the *lowest contribution*
/// of a voluntarily unplayed round against the least significant value. In
/// p310-3137341890, TPN 39 has SB 102; its VURs are R4 (half-point bye, dummy
/// 9, product 9) and R7 (forfeit loss, product 0); the LSV is R3 (opponent
/// score 7, product 7). The VUR contribution 0 is lower than the LSV, so the
/// LSV is cut: SB/C1 = 95 (not 93, which cutting the R4 half-point bye gives).
#[test]
fn sb_cut_weighs_the_lowest_vur_contribution() {
    let trf = shared().join("dutch/p310-3137341890.trf");
    let doc = arbiter_trf::read_file(&trf, &parse_list).expect("corpus TRF reads");
    let opts = StandingsOptions {
        tiebreaks: Some(parse_list("SB,SB/C1").expect("codes")),
        ..StandingsOptions::default()
    };
    let s = compute_standings(&doc.tournament, &opts).expect("standings");
    let row = s.rows.iter().find(|r| r.tpn == 39).expect("TPN 39");
    assert!(common::close(row.values[0], "102"), "SB {}", row.values[0]);
    assert!(
        common::close(row.values[1], "95"),
        "SB/C1 {}",
        row.values[1]
    );
}
