//! `arbiter standings` and `arbiter crosstable` end to end: the acceptance
//! comparison of check_tiebreaks.py (every corpus table through the command
//! line, TSV output), presets, labels, crosstables and errors.

use std::path::PathBuf;
use std::process::{Command, Output};

fn corpus() -> PathBuf {
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ));
    assert!(p.is_dir(), "reference corpus missing at {}", p.display());
    p
}

fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .expect("run arbiter")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// check_tiebreaks.py's rule: equal to half a unit of the expected value's
/// last printed digit.
fn close(got: &str, exp: &str) -> bool {
    match (got.trim().parse::<f64>(), exp.trim().parse::<f64>()) {
        (Ok(g), Ok(e)) => {
            let d = exp.split_once('.').map_or(0, |(_, f)| f.len()) as i32;
            (g - e).abs() <= 0.5 * 10f64.powi(-d) + 1e-9
        }
        _ => got.trim() == exp.trim(),
    }
}

#[test]
fn every_corpus_table_through_the_command_line() {
    let c = corpus();
    let mut tables: Vec<PathBuf> = std::fs::read_dir(c.join("tiebreaks"))
        .expect("tiebreaks")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "tsv"))
        .collect();
    tables.sort();
    assert_eq!(tables.len(), 150);
    let (mut total, mut wrong) = (0usize, Vec::new());
    for tsv in &tables {
        let expected = std::fs::read_to_string(tsv).expect("read");
        let mut lines = expected.lines().filter(|l| !l.trim().is_empty());
        let hdr: Vec<&str> = lines.next().expect("header").split('\t').collect();
        let codes: Vec<&str> = hdr[2..].iter().copied().filter(|c| *c != "PTS").collect();
        let stem = tsv.file_stem().and_then(|s| s.to_str()).expect("stem");
        let trf = c.join("dutch").join(format!("{stem}.trf"));
        let out = arbiter(&[
            "standings",
            trf.to_str().expect("path"),
            "--tiebreaks",
            &codes.join(","),
            "--format",
            "tsv",
        ]);
        assert!(
            out.status.success(),
            "{stem}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = stdout(&out);
        let mut got_lines = got.lines();
        let ghdr: Vec<&str> = got_lines.next().expect("header").split('\t').collect();
        let rows: Vec<Vec<&str>> = got_lines.map(|l| l.split('\t').collect()).collect();
        let tpn_col = ghdr.iter().position(|h| *h == "TPN").expect("TPN column");
        for line in lines {
            let cells: Vec<&str> = line.split('\t').collect();
            let row = rows
                .iter()
                .find(|r| r[tpn_col] == cells[0])
                .expect("player row");
            for (i, code) in hdr.iter().enumerate().skip(1) {
                let g = ghdr.iter().position(|h| h == code).expect("column");
                total += 1;
                if !close(row[g], cells[i]) {
                    wrong.push(format!(
                        "{stem} {} {code}: {} vs {}",
                        cells[0], row[g], cells[i]
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {total} differ: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(10)]
    );
    assert!(total > 300_000);
}

#[test]
fn tsv_header_is_rank_tpn_name_pts_and_codes() {
    let trf = corpus().join("dutch/small-102242150.trf");
    let out = arbiter(&[
        "standings",
        trf.to_str().expect("path"),
        "-t",
        "BH/C1,BH,PS",
        "-f",
        "tsv",
    ]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert_eq!(
        text.lines().next(),
        Some("Rank\tTPN\tName\tPTS\tBH/C1\tBH\tPS")
    );
    assert_eq!(text.lines().count(), 12);
}

#[test]
fn presets_print_their_national_labels() {
    let trf = corpus().join("dutch/small-102242150.trf");
    let path = trf.to_str().expect("path");
    let ru = stdout(&arbiter(&[
        "standings",
        path,
        "--preset",
        "by-004",
        "--lang",
        "ru",
    ]));
    assert!(ru.contains("Усечённый коэффициент Бухгольца"), "{ru}");
    assert!(ru.contains("Место"), "{ru}");
    let pl = stdout(&arbiter(&[
        "standings",
        path,
        "--preset",
        "pl-002",
        "--lang",
        "pl",
    ]));
    assert!(pl.contains("Wartościowanie wszystkich rezultatów"), "{pl}");
    let it = stdout(&arbiter(&[
        "standings",
        path,
        "--preset",
        "it-buchholz",
        "--lang",
        "it",
    ]));
    assert!(it.contains("Buchholz variante italiana"), "{it}");
    let csv = stdout(&arbiter(&[
        "standings",
        path,
        "--preset",
        "it-sonneborn",
        "-f",
        "csv",
    ]));
    assert_eq!(csv.lines().next(), Some("Rank,TPN,Name,PTS,SB"));
}

#[test]
fn crosstables() {
    let trf = corpus().join("dutch/small-102242150.trf");
    let path = trf.to_str().expect("path");
    let out = arbiter(&["crosstable", path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = stdout(&out);
    // Issue 9 item 8: the event's name (record 012) heads the table, and a
    // legend of the codes ends it.
    assert_eq!(
        text.lines().next(),
        Some("AutoTest Tournament 102242150"),
        "{text}"
    );
    assert!(
        text.lines().nth(1).is_some_and(|h| h.contains("R5")),
        "{text}"
    );
    let legend = text.lines().last().unwrap_or_default();
    for code in [
        "U pairing-allocated bye",
        "+ won by forfeit",
        "- lost by forfeit",
        "H half-point bye",
        "Z zero-point bye",
    ] {
        assert!(legend.contains(code), "{legend}");
    }
    // Player 1: R1 drew 6 with Black; R2 beat 4 with White (running 1.5).
    let p1 = text
        .lines()
        .find(|l| l.contains("Player0001"))
        .expect("player 1");
    assert!(p1.contains("6b½ 0.5") && p1.contains("4w1 1.5"), "{p1}");
    // Player 7 had the pairing-allocated bye in round 4.
    let p7 = text
        .lines()
        .find(|l| l.contains("Player0007"))
        .expect("player 7");
    assert!(p7.contains(" U "), "{p7}");
    let grid = stdout(&arbiter(&[
        "crosstable",
        path,
        "--layout",
        "grid",
        "-f",
        "tsv",
    ]));
    assert_eq!(grid.matches('×').count(), 11);
}

#[test]
fn errors_have_exit_codes_and_messages() {
    let trf = corpus().join("dutch/small-102242150.trf");
    let path = trf.to_str().expect("path");
    let bad = arbiter(&["standings", path, "-t", "BH/X9"]);
    assert_eq!(bad.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("BH/X9"));
    let missing = arbiter(&["standings", "/nonexistent/file.trf"]);
    assert_eq!(missing.status.code(), Some(5));
    let event = arbiter(&["standings", "/nonexistent/event"]);
    assert_eq!(event.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&event.stderr).contains("/nonexistent/event"));
}

#[test]
fn team_classification_from_team_records() {
    let dir = arbiter_store::testing::scratch("standings-teams");
    let mut src =
        std::fs::read_to_string(corpus().join("dutch/small-1039296010.trf")).expect("read");
    for (name, first) in [("Alpha", 1), ("Beta", 5)] {
        let members: Vec<String> = (first..first + 4).map(|m| format!("{m:>4}")).collect();
        src.push_str(&format!("013 {name:<32}{}\r", members.join(" ")));
    }
    let trf = dir.join("teams.trf");
    std::fs::write(&trf, src).expect("write");
    let out = arbiter(&[
        "standings",
        trf.to_str().expect("path"),
        "--teams",
        "-t",
        "BH",
        "-f",
        "tsv",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Points and BH of the members from corpus/tiebreaks/small-1039296010.tsv:
    // Alpha 4+3+2+2 = 11, BH 15+13.5+13.5+15 = 57; Beta 4+3.5+2.5+2.5 = 12.5,
    // BH 12.5+14+12.5+12 = 51. Members in individual standings order (BH
    // separates 7 from 8 and 4 from 3), by name.
    let names = |tpns: [u32; 4]| -> String {
        let v: Vec<String> = tpns
            .iter()
            .map(|t| format!("Test{t:04} Player{t:04}"))
            .collect();
        v.join("; ")
    };
    assert_eq!(
        stdout(&out),
        format!(
            "Rank\tTeam\tPts\tBH\tMembers\n1\tBeta\t12.5\t51.0\t{}\n2\tAlpha\t11.0\t57.0\t{}\n",
            names([5, 6, 7, 8]),
            names([1, 2, 4, 3])
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `arbiter standings EVENT` reads the event's folded journal: after one round
/// (board 1 won by White, board 2 drawn) the winner leads with 1.0, the drawn
/// pair shares place 2 on 0.5 and the loser is fourth.
#[test]
fn standings_of_an_event() {
    let dir = arbiter_store::testing::scratch("standings-event");
    let event = dir.join("club.arb");
    let _ = std::fs::remove_file(&event);
    let ev = event.to_str().expect("path");
    assert!(
        arbiter(&["new", ev, "--name", "Club", "--rounds", "3"])
            .status
            .success()
    );
    for (name, rating) in [
        ("A, A", "2400"),
        ("B, B", "2300"),
        ("C, C", "2200"),
        ("D, D", "2100"),
    ] {
        let out = arbiter(&["player", "add", ev, "--name", name, "--rating", rating]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert!(arbiter(&["pair", ev]).status.success());
    let boards = stdout(&arbiter(&["pairings", ev, "--format", "tsv"]));
    let rows: Vec<Vec<String>> = boards
        .lines()
        .map(|l| l.split('\t').map(str::to_string).collect())
        .filter(|r: &Vec<String>| r.len() == 3 && r[0].trim().parse::<u32>().is_ok())
        .collect();
    assert_eq!(rows.len(), 2, "two boards expected in:\n{boards}");
    assert!(arbiter(&["result", ev, "1", "1", "1-0"]).status.success());
    assert!(arbiter(&["result", ev, "1", "2", "1/2"]).status.success());
    let out = arbiter(&["standings", ev, "--format", "tsv"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table: Vec<Vec<String>> = stdout(&out)
        .lines()
        .skip(1)
        .map(|l| l.split('\t').map(|c| c.trim().to_string()).collect())
        .collect();
    let (winner, loser) = (&rows[0][1], &rows[0][2]);
    let drawn = [&rows[1][1], &rows[1][2]];
    assert_eq!(
        (&table[0][0], &table[0][1], &table[0][3]),
        (&"1".to_string(), winner, &"1.0".to_string())
    );
    for row in &table[1..3] {
        assert_eq!(row[0], "2", "TSV gives a shared place its first rank");
        assert!(drawn.contains(&&row[1]));
        assert_eq!(row[3], "0.5");
    }
    assert_eq!(
        (&table[3][0], &table[3][1], &table[3][3]),
        (&"4".to_string(), loser, &"0.0".to_string())
    );
    std::fs::remove_dir_all(&dir).ok();
}
