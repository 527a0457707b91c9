//! The team corpora (corpus/teams, corpus/team-swiss; spec 05 §5 and their
//! READMEs): every file reads as a team section, validates (its 310 totals
//! agree with the results), gives the match view the READMEs describe, and
//! writes back to the same records (compared like tools/compare_trf.py:
//! every non-001 record by code, blanks normalised) and the same tournament.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use arbiter_model::ByeKind;
use arbiter_model::team::{ColourPreferences, RoundKind, TeamMatches, TeamScore};
mod common;

use arbiter_trf::{parse, read_file, validate};
use common::{codes, text as write};

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

/// Non-001 records by code, blanks normalised (tools/compare_trf.py).
fn headers(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut h: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for l in text.split(['\r', '\n']) {
        if l.len() >= 3 && !l.starts_with("001") && !l.starts_with("###") && !l.trim().is_empty() {
            let rest: Vec<&str> = l[3..].split_whitespace().collect();
            h.entry(l[..3].to_string())
                .or_default()
                .push(rest.join(" "));
        }
    }
    h
}

#[derive(Debug, Default, PartialEq)]
struct Counts {
    files: usize,
    pab: usize,
    forfeited_matches: usize,
    absent: usize,
}

fn check(kind: &str) -> Counts {
    let mut c = Counts::default();
    for f in files(kind) {
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&f).expect("readable");
        let doc = read_file(&f, &codes).unwrap_or_else(|e| panic!("{e}"));
        let errors = validate(&doc, &codes);
        assert!(errors.is_empty(), "{name}: {}", errors[0]);
        let t = &doc.tournament;
        let section = t.team_section.as_ref().expect("a team section");
        let rules = &section.rules;
        assert!([2, 4, 6].contains(&rules.boards()), "{name}");
        let primary = if name.starts_with("gp") {
            TeamScore::GamePoints
        } else {
            TeamScore::MatchPoints
        };
        assert_eq!(rules.system.primary, primary, "{name}");
        let win = if name.starts_with("mp3") { 30 } else { 20 };
        assert_eq!(rules.match_points.win.tenths(), win, "{name}");
        let prefs = match &name[..3] {
            "tb2" => ColourPreferences::TypeB,
            "nc2" => ColourPreferences::None,
            _ => ColourPreferences::TypeA,
        };
        assert_eq!(rules.system.preferences, prefs, "{name}");
        let view = TeamMatches::of(t).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(view.teams.len(), t.teams.len());
        for team in &view.teams {
            for r in &team.rounds {
                match &r.kind {
                    RoundKind::PairingBye { .. } => c.pab += 1,
                    RoundKind::Bye(ByeKind::Zero) => c.absent += 1,
                    RoundKind::Match(m) if m.forfeited && m.first => c.forfeited_matches += 1,
                    _ => {}
                }
            }
        }
        let written = write(&doc);
        assert_eq!(headers(&written), headers(&text), "{name}");
        let again = parse(&written).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(again.tournament, doc.tournament, "{name}");
        c.files += 1;
    }
    c
}

/// corpus/teams/README.md: 60 files, 273 pairing-allocated byes, 65
/// whole-match forfeits, 265 team-rounds absent.
#[test]
fn team_tiebreak_corpus_reads_and_round_trips() {
    assert_eq!(
        check("teams"),
        Counts {
            files: 60,
            pab: 273,
            forfeited_matches: 65,
            absent: 265
        }
    );
}

/// corpus/team-swiss/README.md: 30 files, 118 byes, 51 whole-match
/// forfeits, 131 absent team-rounds.
#[test]
fn team_swiss_corpus_reads_and_round_trips() {
    assert_eq!(
        check("team-swiss"),
        Counts {
            files: 30,
            pab: 118,
            forfeited_matches: 51,
            absent: 131
        }
    );
}

/// A 310 total that disagrees with the results is an error naming the line
/// and the field (team 1 of mp2-1289113031 has 17.0 MP and 32.5 GP).
#[test]
fn wrong_310_totals_are_reported_with_line_and_field() {
    let f = Path::new(CORPUS).join("teams/mp2-1289113031.trf");
    let text = std::fs::read_to_string(f).expect("readable");
    let line = text
        .split('\r')
        .position(|l| l.starts_with("310   1 "))
        .expect("team 1")
        + 1;
    let bad = text.replacen("   17.0   32.5 ", "   16.0   32.0 ", 1);
    let errors = validate(&parse(&bad).expect("parses"), &codes);
    let found: Vec<(usize, usize, Option<&str>)> = errors
        .iter()
        .map(|e| (e.line, e.column, e.field.as_deref()))
        .collect();
    assert_eq!(
        found,
        [
            (line, 55, Some("team match points")),
            (line, 62, Some("team game points"))
        ]
    );
    assert_eq!(
        errors[0].message,
        "team 1 has 16.0 match points, but its matches add up to 17.0"
    );
}

/// In a team file the participants of 260 (and 240) are teams: a family's
/// two teams kept apart for the whole event travel as team numbers.
#[test]
fn forbidden_team_pairs_name_team_numbers() {
    let f = Path::new(CORPUS).join("teams/mp2-1289113031.trf");
    let mut text = std::fs::read_to_string(f).expect("readable");
    text.push_str("260 001 011    1    2\r");
    let doc = parse(&text).expect("parses");
    assert!(validate(&doc, &codes).is_empty());
    let t = &doc.tournament;
    assert!(t.is_forbidden(1, 2, 5));
    assert!(!t.is_forbidden(1, 3, 5));
    // 240 Z 001 2: team 2 was absent in round 1.
    assert_eq!(doc.announced_absent(1, 12), [2]);
    let written = write(&doc);
    assert_eq!(headers(&written), headers(&text));
}
