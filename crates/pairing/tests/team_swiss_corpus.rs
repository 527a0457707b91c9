//! Replays every round of the team-Swiss corpus (`shared/corpus/team-swiss`:
//! tournaments whose every round FIDE's reference checker paired with
//! C.04.6) through the engine: the matches, their colours, the bye and the
//! order of the matches must be the reference's printed pairing
//! (`NAME.pairings.tsv`). Each round is paired from the file's rounds before
//! it; the teams not paired in the round in the file are absent.

use std::path::{Path, PathBuf};

use arbiter_model::Tournament;
use arbiter_model::team::{RoundKind, TeamMatches};
use arbiter_pairing::team_swiss::{self, history};

fn corpus() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/team-swiss");
    assert!(dir.is_dir(), "corpus folder {} is missing", dir.display());
    dir
}

/// The reference's lines of every round: `round → [(white, black)]` in its
/// order, the bye as `(team, 0)`.
fn reference(path: &Path) -> Vec<(u32, Vec<(u32, u32)>)> {
    let text = std::fs::read_to_string(path.with_extension("pairings.tsv")).expect("pairings.tsv");
    let mut rounds: Vec<(u32, Vec<(u32, u32)>)> = Vec::new();
    for line in text.lines().skip(1) {
        let v: Vec<u32> = line
            .split('\t')
            .map(|x| x.parse().expect("a number"))
            .collect();
        let (round, white, black) = (v[0], v[2], v[3]);
        match rounds.last_mut() {
            Some((r, lines)) if *r == round => lines.push((white, black)),
            _ => rounds.push((round, vec![(white, black)])),
        }
    }
    rounds
}

fn read(path: &Path) -> Tournament {
    let bytes = std::fs::read(path).expect("corpus file");
    arbiter_trf::parse_bytes(&bytes)
        .expect("a valid TRF")
        .tournament
}

#[test]
fn every_round_is_the_reference_pairing_in_its_order() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("corpus folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 30);
    let (mut rounds, mut differing) = (0, Vec::new());
    for path in &files {
        let t = read(path);
        let view = TeamMatches::of(&t).expect("a team section");
        for (round, expected) in reference(path) {
            rounds += 1;
            let absent: Vec<u32> = view
                .teams
                .iter()
                .filter(|r| {
                    !matches!(
                        r.round(round).map(|x| &x.kind),
                        Some(RoundKind::Match(_) | RoundKind::PairingBye { .. })
                    )
                })
                .map(|r| r.tpn)
                .collect();
            let input = history::round_input(&t, &view, round, &absent).expect("round input");
            let got = team_swiss::pair(&input).map(|p| {
                let mut lines: Vec<(u32, u32)> =
                    p.boards.iter().map(|b| (b.white, b.black)).collect();
                lines.extend(p.bye.map(|b| (b, 0)));
                lines
            });
            if got.as_ref() != Ok(&expected) {
                differing.push(format!(
                    "{} round {round}: expected {expected:?}, got {got:?}",
                    path.display()
                ));
            }
        }
    }
    assert_eq!(rounds, 235);
    assert!(
        differing.is_empty(),
        "{} rounds differ:\n{}",
        differing.len(),
        differing.join("\n")
    );
}
