//! Replays rounds of the reference corpus (tournaments paired by bbpPairings
//! v6) through the Dutch engine and compares pairs, colours and the PAB with
//! the recorded round — what `tools/check_engine.py` does (spec 05 §9.3).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Instant;

use arbiter_model::{Colour, RoundEntry, Tournament, Tpn};
use arbiter_pairing::PairingSystem;
use arbiter_pairing::dutch::Dutch;

fn corpus(kind: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus")
        .join(kind);
    assert!(dir.is_dir(), "corpus folder {} is missing", dir.display());
    dir
}

fn took_part(e: &RoundEntry) -> bool {
    match *e {
        RoundEntry::Game { .. } | RoundEntry::PairingBye => true,
        RoundEntry::Forfeit { opponent, won, .. } => opponent.is_some() || won,
        _ => false,
    }
}

/// The colour of the first player (by TPN) with a colour in the first round
/// that has one (spec 05 §6.5).
fn initial_colour(t: &Tournament) -> Colour {
    let mut entrants: Vec<_> = t.entrants.iter().collect();
    entrants.sort_by_key(|e| e.player.tpn);
    let rounds = t.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0);
    for r in 0..rounds {
        for e in &entrants {
            let c = match e.rounds.get(r) {
                Some(RoundEntry::Game { colour, .. }) => Some(*colour),
                Some(RoundEntry::Forfeit { colour, .. }) => *colour,
                _ => None,
            };
            if let Some(c) = c {
                return c;
            }
        }
    }
    Colour::White
}

type Expected = (BTreeSet<(Tpn, Tpn)>, Option<Tpn>);

fn recorded(t: &Tournament, r: usize) -> Expected {
    let mut pairs = BTreeSet::new();
    let mut bye = None;
    for e in &t.entrants {
        let me = e.player.tpn;
        match e.rounds.get(r - 1) {
            Some(RoundEntry::Game {
                opponent, colour, ..
            })
            | Some(RoundEntry::Forfeit {
                opponent: Some(opponent),
                colour: Some(colour),
                ..
            }) => {
                if *colour == Colour::White {
                    pairs.insert((me, *opponent));
                } else {
                    pairs.insert((*opponent, me));
                }
            }
            Some(RoundEntry::PairingBye) => bye = Some(me),
            _ => {}
        }
    }
    (pairs, bye)
}

/// The pairing problem of round `r`: rounds before it, plus the round-`r`
/// entries that did not come from the pairing.
fn problem(full: &Tournament, r: usize, rounds: usize, initial: Colour) -> Tournament {
    let mut t = full.clone();
    for e in &mut t.entrants {
        let tail = e.rounds.get(r - 1).copied().filter(|x| !took_part(x));
        e.rounds.truncate(r - 1);
        e.rounds.extend(tail);
    }
    t.total_rounds = Some(rounds as u32);
    t.initial_colour = Some(initial);
    t
}

/// Replays every round of one file; returns (agreeing rounds, rounds, notes).
fn replay(path: &Path) -> (usize, usize, Vec<String>) {
    // The corpus files carry no tie-break record (spec 05 §9.1).
    let no_tiebreaks = |code: &str| Err::<(), _>(format!("unexpected tie-break '{code}'"));
    let doc = arbiter_trf::read_file(path, &no_tiebreaks)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let full = doc.tournament;
    let rounds = full
        .entrants
        .iter()
        .map(|e| e.rounds.len())
        .max()
        .unwrap_or(0);
    let initial = initial_colour(&full);
    let mut ok = 0;
    let mut notes = Vec::new();
    for r in 1..=rounds {
        let t = problem(&full, r, rounds, initial);
        let expected = recorded(&full, r);
        match Dutch.pair(&t, r as u32) {
            Ok(p) => {
                let got: Expected = (p.boards.iter().map(|b| (b.white, b.black)).collect(), p.bye);
                if got == expected {
                    ok += 1;
                } else {
                    let diff: Vec<_> = got.0.symmetric_difference(&expected.0).take(6).collect();
                    notes.push(format!(
                        "{} round {r}: differs {diff:?} bye {:?} vs {:?}",
                        path.display(),
                        got.1,
                        expected.1
                    ));
                }
            }
            Err(e) => notes.push(format!("{} round {r}: {e}", path.display())),
        }
    }
    (ok, rounds, notes)
}

fn files(kind: &str, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(corpus(kind))
        .expect("corpus readable")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "trf")
                && p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(prefix))
        })
        .collect();
    v.sort();
    v
}

fn replay_all(paths: &[PathBuf]) -> (usize, usize, Vec<String>) {
    let mut ok = 0;
    let mut total = 0;
    let mut notes = Vec::new();
    for p in paths {
        let (o, t, n) = replay(p);
        ok += o;
        total += t;
        notes.extend(n);
    }
    (ok, total, notes)
}

/// Ad-hoc measurement: `DUTCH_KIND=dutch DUTCH_PREFIX=std- cargo test
/// --release -p arbiter-pairing --test dutch_corpus -- --ignored --nocapture`.
#[test]
#[ignore]
fn replay_selected_corpus_files() {
    let kind = std::env::var("DUTCH_KIND").unwrap_or_else(|_| "dutch".into());
    let prefix = std::env::var("DUTCH_PREFIX").unwrap_or_default();
    let limit: usize = std::env::var("DUTCH_LIMIT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let paths: Vec<PathBuf> = files(&kind, &prefix).into_iter().take(limit).collect();
    let start = Instant::now();
    let (ok, total, notes) = replay_all(&paths);
    for n in &notes {
        println!("{n}");
    }
    println!(
        "agreement: {ok}/{total} rounds of {} files, {:.1} s",
        paths.len(),
        start.elapsed().as_secs_f64()
    );
}

/// Every `step`-th file (sorted by name) of one kind of the corpus.
fn every(kind: &str, prefix: &str, step: usize) -> Vec<PathBuf> {
    files(kind, prefix).into_iter().step_by(step).collect()
}

/// A fixed sample of about 1,800 corpus rounds covering every kind: all
/// `small` and `p310` files, every 10th `std` file, every other Baku file
/// and 2 of the 300-player `med` files. Every round must agree.
#[test]
fn corpus_sample_agrees_with_the_reference() {
    let mut paths = files("dutch", "small-");
    paths.extend(files("dutch", "p310-"));
    paths.extend(every("dutch", "std-", 10));
    paths.extend(every("baku", "baku-", 2));
    paths.extend(every("dutch", "med-", 12).into_iter().take(2));
    let (ok, total, notes) = replay_all(&paths);
    assert!(total >= 1500, "only {total} rounds in the sample");
    assert!(
        notes.is_empty(),
        "{ok}/{total} rounds agree; first differences:\n{}",
        notes[..notes.len().min(20)].join("\n")
    );
}
