//! The reader on the whole corpus (spec 05 §9): every file parses and
//! validates, the entry counts match those the spec reports, the initial
//! colour and round count match the rules of §6.5, and writing then reading
//! again gives the same tournament.

use std::path::{Path, PathBuf};

use arbiter_model::{ByeKind, RoundEntry, Tournament};
mod common;

use arbiter_trf::{parse, read_file};
use common::{codes, text};

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus");

fn files(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(CORPUS).join(kind);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("corpus folder {} missing: {e}", dir.display()))
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    v.sort();
    v
}

#[derive(Default, Debug, PartialEq)]
struct Counts {
    games: usize,
    single_forfeits: usize,
    double_forfeits: usize,
    pab: usize,
    half_byes: usize,
    zero_byes: usize,
}

/// Counts entries; games and forfeits once per pair (from the smaller TPN).
fn count(t: &Tournament, c: &mut Counts) {
    for e in &t.entrants {
        for (i, r) in e.rounds.iter().enumerate() {
            match *r {
                RoundEntry::Game { opponent, .. } if opponent > e.player.tpn => c.games += 1,
                RoundEntry::Forfeit {
                    opponent: Some(o),
                    won,
                    ..
                } if o > e.player.tpn => {
                    let theirs = t.entrant(o).and_then(|x| x.round(i as u32 + 1));
                    let both_lost =
                        !won && matches!(theirs, Some(RoundEntry::Forfeit { won: false, .. }));
                    if both_lost {
                        c.double_forfeits += 1;
                    } else {
                        c.single_forfeits += 1;
                    }
                }
                RoundEntry::PairingBye => c.pab += 1,
                RoundEntry::Bye(ByeKind::Half) => c.half_byes += 1,
                RoundEntry::Bye(ByeKind::Zero) => c.zero_byes += 1,
                _ => {}
            }
        }
    }
}

#[test]
fn dutch_corpus_reads_validates_and_round_trips() {
    let files = files("dutch");
    assert_eq!(files.len(), 684);
    let mut counts = Counts::default();
    for f in &files {
        let doc = read_file(f, &codes).unwrap_or_else(|e| panic!("{e}"));
        let t = &doc.tournament;
        let name = f.file_name().unwrap().to_string_lossy();
        // §9.1: system in 092, no 142/152; p310 files score 3-1-0.
        assert_eq!(t.system.as_deref(), Some("FIDE_DUTCH_2025"), "{name}");
        assert_eq!(t.total_rounds, None, "{name}");
        assert_eq!(t.initial_colour, None, "{name}");
        let p310 = name.starts_with("p310");
        assert_eq!(t.scoring.win.tenths(), if p310 { 30 } else { 10 }, "{name}");
        assert_eq!(t.scoring.draw.tenths(), if p310 { 10 } else { 5 }, "{name}");
        count(t, &mut counts);
        let again = parse(&text(&doc)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.tournament, doc.tournament, "{name}");
        assert_eq!(text(&again), text(&doc), "{name}");
    }
    // Spec 05 §9.1: 468 double forfeits, 3 042 PABs, 167 H, 63 Z, "about
    // 304 000" games and "about 21 500" single forfeits (exact figures
    // counted with tools/trf.py: 304 177 and 21 491).
    assert_eq!(
        counts,
        Counts {
            games: 304_177,
            single_forfeits: 21_491,
            double_forfeits: 468,
            pab: 3042,
            half_byes: 167,
            zero_byes: 63,
        }
    );
}

#[test]
fn baku_corpus_reads_acceleration_and_javafo_records() {
    let files = files("baku");
    assert_eq!(files.len(), 30);
    let mut counts = Counts::default();
    for f in &files {
        let doc = read_file(f, &codes).unwrap_or_else(|e| panic!("{e}"));
        let t = &doc.tournament;
        let name = f.file_name().unwrap().to_string_lossy();
        let rounds = t.total_rounds.expect("XXR");
        assert!([7, 9, 11].contains(&rounds), "{name}");
        assert_eq!(t.initial_colour, Some(arbiter_model::Colour::White));
        // One XXA line per player with exactly R values; 2·⌈N/4⌉ accelerated.
        let n = t.entrants.len();
        assert_eq!(t.acceleration.len(), n, "{name}");
        assert!(t.acceleration.values().all(|v| v.len() == rounds as usize));
        let accelerated = t
            .acceleration
            .values()
            .filter(|v| v.iter().any(|p| p.tenths() != 0))
            .count();
        assert_eq!(accelerated, 2 * n.div_ceil(4), "{name}");
        count(t, &mut counts);
        let again = parse(&text(&doc)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.tournament, doc.tournament, "{name}");
    }
    // Spec 05 §9.2: 415 single forfeits, 144 PABs, no H/Z/double forfeits.
    assert_eq!(
        counts,
        Counts {
            games: counts.games,
            single_forfeits: 415,
            pab: 144,
            ..Counts::default()
        }
    );
}

#[test]
fn reading_the_whole_corpus_is_fast() {
    let texts: Vec<String> = files("dutch")
        .iter()
        .chain(&files("baku"))
        .map(|f| std::fs::read_to_string(f).expect("readable"))
        .collect();
    let start = std::time::Instant::now();
    for t in &texts {
        parse(t).expect("parses");
    }
    let elapsed = start.elapsed();
    eprintln!("parsed {} files in {elapsed:?}", texts.len());
    // Generous bound so a debug build on a loaded machine passes too.
    assert!(elapsed.as_secs() < 20, "{elapsed:?}");
}
