//! Every table of corpus/teams (FIDE's reference checker, Gacrux 1.11.65, on
//! 60 team Swiss tournaments) is reproduced: every value of the main tables
//! and, for the keys that only order still-tied teams (DE, EDE, EDET, EDEB,
//! EDEBT, EDEBB, TBR, BBE), the value and the rank in the list `PTS, X`.

mod common;

use std::path::{Path, PathBuf};

use arbiter_standings::{Standings, StandingsOptions, Value, compute_standings, parse_list};

fn corpus() -> PathBuf {
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/teams"
    ));
    assert!(p.is_dir(), "team corpus missing at {}", p.display());
    p
}

fn table(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(path).expect("read tsv");
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let header = lines
        .next()
        .expect("header")
        .split('\t')
        .map(String::from)
        .collect();
    let rows = lines
        .map(|l| l.split('\t').map(String::from).collect())
        .collect();
    (header, rows)
}

fn standings(t: &arbiter_model::Tournament, codes: &[&str]) -> Standings {
    let opts = StandingsOptions {
        tiebreaks: Some(parse_list(&codes.join(",")).expect("codes")),
        ..StandingsOptions::default()
    };
    compute_standings(t, &opts).expect("standings")
}

#[test]
fn team_tiebreak_tables_are_reproduced() {
    let dir = corpus();
    let mut stems: Vec<String> = std::fs::read_dir(&dir)
        .expect("teams folder")
        .filter_map(|e| {
            let name = e.expect("entry").file_name().into_string().ok()?;
            name.strip_suffix(".trf").map(String::from)
        })
        .collect();
    stems.sort();
    assert_eq!(stems.len(), 60, "expected 60 team tournaments");
    let (mut main, mut ctx, mut wrong) = (0usize, 0usize, Vec::new());
    for stem in &stems {
        let doc = arbiter_trf::read_file(
            dir.join(format!("{stem}.trf")),
            &arbiter_standings::parse_list,
        )
        .expect("reads");
        let t = &doc.tournament;
        let (header, rows) = table(&dir.join(format!("{stem}.tsv")));
        let codes: Vec<&str> = header[3..].iter().map(String::as_str).collect();
        let s = standings(t, &codes);
        for r in &rows {
            let tpn: u32 = r[0].parse().expect("StartNo");
            let row = s.rows.iter().find(|x| x.tpn == tpn).expect("row");
            let got = std::iter::once(row.points).chain(row.values.iter().copied());
            for ((code, exp), got) in header[2..].iter().zip(&r[2..]).zip(got) {
                main += 1;
                if !common::close(got, exp) {
                    wrong.push(format!("{stem} TPN {tpn} {code}: expected {exp} got {got}"));
                }
            }
        }
        let (header, rows) = table(&dir.join(format!("{stem}.ctx.tsv")));
        for (k, key) in header.iter().enumerate().skip(1).step_by(2) {
            let s = standings(t, &[key]);
            for r in &rows {
                let tpn: u32 = r[0].parse().expect("StartNo");
                let row = s.rows.iter().find(|x| x.tpn == tpn).expect("row");
                let rank = Value::Int(i64::from(row.rank));
                for (what, got, exp) in [
                    (key.as_str(), row.values[0], &r[k]),
                    ("Rank", rank, &r[k + 1]),
                ] {
                    ctx += 1;
                    if !common::close(got, exp) {
                        wrong.push(format!(
                            "{stem} ctx {key} TPN {tpn} {what}: expected {exp} got {got}"
                        ));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} values differ, first: {:?}",
        wrong.len(),
        main + ctx,
        &wrong[..wrong.len().min(10)]
    );
    // The reference's own scores (corpus/teams/README.md).
    assert_eq!((main, ctx), (26_000, 20_800));
}
