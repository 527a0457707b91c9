//! The Baku corpus read through the TRF reader: the `XXA` lines, the same
//! virtual points rewritten as TRF26 `250` records (converted here), and
//! `apply_baku` on the bare tournament all give the same virtual points for
//! every player in every round.

use std::path::PathBuf;

use arbiter_model::{Points, Tournament};
use arbiter_pairing::acceleration::apply_baku;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus/baku");

fn corpus_files() -> Vec<PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(CORPUS)
        .unwrap_or_else(|e| panic!("the Baku corpus must be at {CORPUS}: {e}"))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 30, "corpus/baku holds 30 tournaments");
    files
}

/// The file with its `XXA` lines replaced by `250` records: one record per
/// round and value for each run of consecutive players with that value
/// (TRF26 layout: points at 10-13, rounds at 15-17 and 19-21, players at
/// 23-26 and 28-31).
fn with_250_records(text: &str) -> String {
    let mut rows: Vec<(u32, Vec<String>)> = Vec::new();
    let mut out = String::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("XXA") {
            let mut fields = rest.split_whitespace();
            let id = fields.next().unwrap().parse().unwrap();
            rows.push((id, fields.map(str::to_string).collect()));
        } else {
            out += line;
            out.push('\n');
        }
    }
    rows.sort_by_key(|r| r.0);
    let rounds = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    for round in 0..rounds {
        let value = |i: usize| rows[i].1.get(round).map(String::as_str).unwrap_or("0.0");
        let mut i = 0;
        while i < rows.len() {
            let v = value(i);
            let mut j = i;
            while j + 1 < rows.len() && value(j + 1) == v && rows[j + 1].0 == rows[j].0 + 1 {
                j += 1;
            }
            if v.parse::<f64>().unwrap() != 0.0 {
                out += &format!(
                    "250      {v:>4} {r:03} {r:03} {first:>4} {last:>4}\n",
                    r = round + 1,
                    first = rows[i].0,
                    last = rows[j].0
                );
            }
            i = j + 1;
        }
    }
    out
}

fn virtual_points(t: &Tournament, rounds: u32) -> Vec<Vec<Points>> {
    t.entrants
        .iter()
        .map(|e| {
            (1..=rounds)
                .map(|r| t.virtual_points(e.player.tpn, r))
                .collect()
        })
        .collect()
}

#[test]
fn xxa_250_and_apply_baku_agree() {
    let mut checked = 0;
    for path in corpus_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let converted = with_250_records(&text);
        assert!(converted.contains("\n250 ") && !converted.contains("XXA"));
        let xxa = arbiter_trf::parse(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .tournament;
        let r250 = arbiter_trf::parse(&converted)
            .unwrap_or_else(|e| panic!("{} (250 version): {e}", path.display()))
            .tournament;
        let rounds = xxa.total_rounds.expect("XXR");
        let expected = virtual_points(&xxa, rounds);
        assert_eq!(
            virtual_points(&r250, rounds),
            expected,
            "{}",
            path.display()
        );
        let mut computed = xxa.clone();
        computed.acceleration.clear();
        apply_baku(&mut computed).unwrap();
        assert_eq!(
            virtual_points(&computed, rounds),
            expected,
            "{}",
            path.display()
        );
        checked += expected.len() * rounds as usize;
    }
    assert_eq!(checked, 28_698, "player-rounds compared");
}
