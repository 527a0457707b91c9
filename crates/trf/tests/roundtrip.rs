//! Property test of issue 10 item 10: every tournament the writer accepts
//! reads back, passes the validator, and is the same tournament — over
//! generated tournaments with every field TRF carries, scoring systems
//! (1-½-0, 3-1-0, 10-5-0, 2-1-0, own PAB and absence values), byes of each
//! kind, forfeits (single, double, without opponent), unrated games,
//! acceleration, forbidden pairs, teams and header data.
//!
//! The generator is the crate's own seeded one (tests/common): no new
//! dependency, and a failure names its seed and prints the file, which is
//! what a shrinking framework would mostly buy here.

mod common;

use std::collections::BTreeMap;

use arbiter_model::{ByeKind, RoundEntry, Tournament};
use arbiter_trf::{LineEnding, TrfDocument, read, write, write_with};
use common::{Rng, codes, generate};

/// The features of `t` the property is meant to cover.
fn features(t: &Tournament) -> Vec<&'static str> {
    let mut f = Vec::new();
    let entries = || t.entrants.iter().flat_map(|e| e.rounds.iter());
    for (name, present) in [
        ("10-5-0", t.scoring.win.tenths() == 100),
        ("3-1-0", t.scoring.win.tenths() == 30),
        ("own PAB value", t.scoring.pab != t.scoring.win),
        ("absence value", t.scoring.zero_bye.tenths() != 0),
        ("acceleration", !t.acceleration.is_empty()),
        (
            "forbidden pairs for some rounds",
            t.forbidden.iter().any(|g| g.rounds.is_some()),
        ),
        (
            "forbidden pairs for every round",
            t.forbidden.iter().any(|g| g.rounds.is_none()),
        ),
        ("teams", !t.teams.is_empty()),
        ("round dates", !t.info.round_dates.is_empty()),
        ("a round without a date", t.info.round_dates.contains(&None)),
        ("deputy arbiters", !t.info.deputy_arbiters.is_empty()),
        ("tie-breaks", !t.tiebreaks.is_empty()),
        ("PAB", entries().any(|r| *r == RoundEntry::PairingBye)),
        (
            "half-point bye",
            entries().any(|r| *r == RoundEntry::Bye(ByeKind::Half)),
        ),
        (
            "full-point bye",
            entries().any(|r| *r == RoundEntry::Bye(ByeKind::Full)),
        ),
        (
            "zero-point bye",
            entries().any(|r| *r == RoundEntry::Bye(ByeKind::Zero)),
        ),
        ("absence", entries().any(|r| *r == RoundEntry::Absent)),
        (
            "unrated game",
            entries().any(|r| matches!(r, RoundEntry::Game { rated: false, .. })),
        ),
        (
            "double forfeit",
            t.entrants.iter().any(|e| {
                e.rounds.iter().enumerate().any(|(i, r)| match r {
                    RoundEntry::Forfeit {
                        opponent: Some(o),
                        won: false,
                        ..
                    } => matches!(
                        t.entrant(*o).and_then(|x| x.round(i as u32 + 1)),
                        Some(RoundEntry::Forfeit { won: false, .. })
                    ),
                    _ => false,
                })
            }),
        ),
        (
            "forfeit without opponent",
            entries().any(|r| matches!(r, RoundEntry::Forfeit { opponent: None, .. })),
        ),
    ] {
        if present {
            f.push(name);
        }
    }
    f
}

/// How many tournaments one run checks.
const CASES: u64 = 1500;

#[test]
fn generated_tournaments_write_validate_and_read_back_the_same() {
    let mut covered: BTreeMap<&str, u64> = BTreeMap::new();
    for seed in 1..=CASES {
        let t = generate::tournament(&mut Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        for f in features(&t) {
            *covered.entry(f).or_default() += 1;
        }
        let doc = TrfDocument::new(t.clone());
        let written = write(&doc).unwrap_or_else(|e| panic!("seed {seed}: refused: {e}"));
        let fail = |what: String| -> ! {
            panic!("seed {seed}: {what}\n{}", written.text.replace('\r', "\n"))
        };
        let again = read(written.text.as_bytes(), &codes).unwrap_or_else(|errors| {
            let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
            fail(format!(
                "the validator refused the export:\n{}",
                shown.join("\n")
            ))
        });
        if again.tournament != t {
            fail(format!(
                "read back differently:\nwrote {:#?}\nread {:#?}",
                t, again.tournament
            ));
        }
        let twice = write(&again).unwrap_or_else(|e| fail(e.to_string()));
        if twice.text != written.text {
            fail("writing what was read gives another text".to_string());
        }
        for ending in [LineEnding::Lf, LineEnding::CrLf] {
            let other = write_with(&doc, ending).unwrap_or_else(|e| fail(e.to_string()));
            let parsed = read(other.text.as_bytes(), &codes)
                .unwrap_or_else(|_| fail(format!("{ending:?} line ends refused")));
            if parsed.tournament != t {
                fail(format!("{ending:?} line ends read differently"));
            }
        }
    }
    // Every feature occurs in many tournaments (the generator's odds make
    // each one appear in at least a tenth of them).
    let features_listed = 20;
    assert_eq!(covered.len(), features_listed, "{covered:?}");
    assert!(covered.values().all(|&n| n >= CASES / 10), "{covered:?}");
}
