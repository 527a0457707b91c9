//! The Baku corpus read through the TRF reader: the `XXA` lines, the same
//! virtual points rewritten as TRF26 `250` records (converted here), and
//! `apply_baku` on the bare tournament all give the same virtual points for
//! every player in every round; and every round paired by `Dutch` from
//! either version equals the pairing the reference engine recorded.

use std::collections::BTreeSet;
use std::path::PathBuf;

use arbiter_model::{Colour, Points, RoundEntry, Tournament, Tpn};
use arbiter_pairing::PairingSystem;
use arbiter_pairing::acceleration::apply_baku;
use arbiter_pairing::dutch::Dutch;
use arbiter_pairing::round_input::{past_round, rounds_in_file};

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

/// Pairs as (white, black) and the PAB recipients.
type RoundPairing = (BTreeSet<(Tpn, Tpn)>, BTreeSet<Tpn>);

/// The pairing the file records for `round` (what `check_engine.py`
/// compares: pairs with colours, forfeits included, and the PAB).
fn recorded(t: &Tournament, round: u32) -> RoundPairing {
    let mut pairs = BTreeSet::new();
    let mut byes = BTreeSet::new();
    for e in &t.entrants {
        let me = e.player.tpn;
        match e.round(round) {
            Some(RoundEntry::Game {
                opponent,
                colour: Colour::White,
                ..
            })
            | Some(RoundEntry::Forfeit {
                opponent: Some(opponent),
                colour: Some(Colour::White),
                ..
            }) => {
                pairs.insert((me, *opponent));
            }
            Some(RoundEntry::PairingBye) => {
                byes.insert(me);
            }
            _ => {}
        }
    }
    (pairs, byes)
}

fn dutch(t: &Tournament, round: u32) -> RoundPairing {
    let problem = past_round(t, round).unwrap();
    let pairing = Dutch.pair(&problem.tournament, problem.round).unwrap();
    (
        pairing.boards.iter().map(|b| (b.white, b.black)).collect(),
        pairing.bye.into_iter().collect(),
    )
}

#[test]
fn every_round_agrees_with_xxa_and_with_250_records() {
    let (mut rounds, mut agree_xxa, mut agree_250) = (0, 0, 0);
    let mut differences = Vec::new();
    for path in corpus_files() {
        let text = std::fs::read_to_string(&path).unwrap();
        let xxa = arbiter_trf::parse(&text).unwrap().tournament;
        // Debug builds pair the smaller half of the corpus (CI runs the
        // whole corpus in release mode).
        if cfg!(debug_assertions) && xxa.entrants.len() > 90 {
            continue;
        }
        let r250 = arbiter_trf::parse(&with_250_records(&text))
            .unwrap()
            .tournament;
        for round in 1..=rounds_in_file(&xxa) {
            rounds += 1;
            let expected = recorded(&xxa, round);
            let from_xxa = dutch(&xxa, round);
            let from_250 = dutch(&r250, round);
            agree_xxa += usize::from(from_xxa == expected);
            agree_250 += usize::from(from_250 == expected);
            if from_xxa != expected || from_250 != expected {
                differences.push(format!("{} round {round}", path.display()));
            }
        }
    }
    eprintln!("XXA: {agree_xxa}/{rounds} rounds, 250: {agree_250}/{rounds} rounds");
    assert!(rounds >= 100, "{rounds} rounds paired");
    assert!(
        differences.is_empty(),
        "rounds that differ: {differences:#?}"
    );
}
