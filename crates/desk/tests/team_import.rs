//! `import trf` of a TRF-2026 team file: an event built by desk commands
//! exports, imports and exports again to the same text, ranks the same and
//! goes on being paired the same way; every file of the team corpora
//! imports and exports again with the file's content, but for the fields
//! Arbiter regenerates (ARCHITECTURE.md, "Importing a team file").

mod common;

use std::path::{Path, PathBuf};

use arbiter_desk::{Desk, ErrorKind, StandingsRequest};
use arbiter_model::Points;
use common::{city_teams, family_cup, folder, match_boards, origin, trf_doc};

/// Exports `desk`, imports the file as a new event of `dir`; both desks.
fn export_and_import(desk: &Desk, dir: &tempfile::TempDir) -> (String, Desk) {
    let text = desk.export_trf(None).expect("an export").text;
    let doc = trf_doc(dir, "exported.trf", &text);
    let (imported, _) = Desk::import_trf(&dir.path().join("imported.arb"), &origin(), "main", &doc)
        .expect("imported");
    (text, imported)
}

/// The team standings: rank, team number, points and every tie-break.
fn ranking(desk: &Desk) -> Vec<(u32, u32, String, Vec<String>)> {
    let report = desk
        .standings(None, &StandingsRequest::default())
        .expect("standings");
    report
        .standings
        .rows
        .iter()
        .map(|r| {
            (
                r.rank,
                r.tpn,
                r.points.to_string(),
                r.values.iter().map(ToString::to_string).collect(),
            )
        })
        .collect()
}

#[test]
fn a_family_cup_exports_imports_and_exports_the_same() {
    let dir = folder();
    let (cup, _) = family_cup(&dir);
    let (text, imported) = export_and_import(&cup, &dir);
    assert_eq!(imported.export_trf(None).unwrap().text, text);
    assert_eq!(ranking(&imported), ranking(&cup));
    let teams = |d: &Desk| {
        d.teams(None)
            .unwrap()
            .rows
            .iter()
            .map(|r| {
                (
                    r.team.tpn,
                    r.team.name.clone(),
                    r.members.iter().map(|m| m.id).collect::<Vec<_>>(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(teams(&imported), teams(&cup));
    // The matches of every round, board by board (match numbers aside:
    // the file does not keep the engine's order).
    for round in 1..=4 {
        let boards = |d: &Desk| {
            let mut v: Vec<_> = match_boards(&d.matches(None, Some(round)).unwrap())
                .into_iter()
                .map(|(_, board, wt, bt, w, b)| (wt, bt, board, w, b))
                .collect();
            v.sort_unstable();
            v
        };
        assert_eq!(boards(&imported), boards(&cup), "round {round}");
    }
    // Hand count of round 3: team 7 absent, six teams in three matches,
    // the second forfeited as a whole (-+: its second team wins 2-0).
    let r3 = cup.matches(None, Some(3)).unwrap();
    assert_eq!(r3.matches.len(), 3);
    assert!(r3.bye.is_none());
    assert_eq!(r3.matches[1].score, (Points(0), Points(20)));
    let text = text.replace('\r', "\n");
    assert!(text.contains("\n330 -+ 003 "), "{text}");
    // Announced: team 4 absent in round 6, team 6 withdrawn from round 5.
    assert!(text.contains("\n240 Z 005    6\n"), "{text}");
    assert!(text.contains("\n240 Z 006    4\n"), "{text}");
}

#[test]
fn a_city_championship_goes_on_after_its_import() {
    let dir = folder();
    let (mut city, _) = city_teams(&dir);
    let (text, mut imported) = export_and_import(&city, &dir);
    // Round 3 is not complete: the file holds rounds 1 and 2.
    assert_eq!(imported.export_trf(None).unwrap().rounds, 2);
    assert_eq!(imported.export_trf(None).unwrap().text, text);
    assert_eq!(ranking(&imported), ranking(&city));
    // The imported event pairs round 3 as the original did.
    let next = imported.pair_next_matches(&origin(), None).unwrap();
    let sorted = |v: Vec<(u32, u32, u32, u32, u32, u32)>| {
        let mut v: Vec<_> = v
            .into_iter()
            .map(|(_, b, wt, bt, w, k)| (wt, bt, b, w, k))
            .collect();
        v.sort_unstable();
        v
    };
    let original = city.matches(None, Some(3)).unwrap();
    assert_eq!(sorted(match_boards(&next)), sorted(match_boards(&original)));
    // And both record the same round 3.
    common::play_matches(&mut city, 3);
    common::play_matches(&mut imported, 3);
    assert_eq!(ranking(&imported), ranking(&city));
}

fn corpus(kind: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../../../shared/corpus/{kind}"));
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("corpus folder {} missing: {e}", dir.display()))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    v.sort();
    v
}

/// The records of a TRF text as the comparison sees them: every line but
/// those Arbiter does not keep (182 and other records it does not read),
/// with the fields it regenerates blanked — 310 nickname, strength and
/// rank (columns 42-53, 69-71), 001 rank (86-89) — and blanks normalised.
fn kept(text: &str) -> Vec<String> {
    let blank = |line: &str, ranges: &[(usize, usize)]| {
        let mut chars: Vec<char> = line.chars().collect();
        for &(first, last) in ranges {
            for c in chars.iter_mut().take(last).skip(first - 1) {
                *c = ' ';
            }
        }
        chars.into_iter().collect::<String>()
    };
    let mut v: Vec<String> = text
        .split(['\r', '\n'])
        .filter(|l| !l.trim().is_empty() && !l.starts_with("182"))
        .map(|l| match &l[..3] {
            "310" => blank(l, &[(42, 53), (69, 71)]),
            "001" => blank(l, &[(86, 89)]),
            _ => l.to_string(),
        })
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    v.sort();
    v
}

#[test]
fn every_corpus_team_file_imports_to_its_own_content() {
    let dir = folder();
    let mut files = 0;
    for (kind, expected) in [("teams", 60), ("team-swiss", 30)] {
        let paths = corpus(kind);
        assert_eq!(paths.len(), expected, "{kind}");
        for (i, path) in paths.iter().enumerate() {
            let doc = arbiter_desk::read_trf(path).expect("a corpus file");
            let event = dir.path().join(format!("{kind}-{i}.arb"));
            let (desk, imported) = Desk::import_trf(&event, &origin(), "main", &doc)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert_eq!(imported.teams, doc.tournament.teams.len());
            assert!(imported.overrides.is_empty() && imported.assumed.is_empty());
            let file = std::fs::read_to_string(path).unwrap();
            let export = desk.export_trf(None).unwrap();
            assert_eq!(
                kept(&export.text),
                kept(&file),
                "{} and its export differ",
                path.display()
            );
            files += 1;
        }
    }
    assert_eq!(files, 90);
}

/// A 162 that scores the boards otherwise than 1, ½, 0 has no place in a
/// team section; nothing is created.
#[test]
fn boards_scored_otherwise_are_refused() {
    let path = &corpus("teams")[0];
    let mut doc = arbiter_desk::read_trf(path).unwrap();
    doc.tournament.scoring.win = Points(20);
    let dir = folder();
    let event = dir.path().join("refused.arb");
    let Err(e) = Desk::import_trf(&event, &origin(), "main", &doc) else {
        panic!("imported");
    };
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert_eq!(
        e.to_string(),
        "record 162: the boards score 2.0/0.5/0.0 (forfeits 1.0/0.0); the boards of a team \
         section score 1, ½ and 0 (forfeits 1 and 0), match points are set apart (362)"
    );
    assert!(!event.exists());
}

/// A round of the file that breaks an absolute criterion (here C.04.6 C1:
/// round 2 repeats round 1, so teams 1 and 3 meet again) is history: it is
/// imported as an override, reported, and marked in the log.
#[test]
fn a_rematch_in_the_file_is_imported_as_an_override() {
    let dir = folder();
    let (mut desk, _) = common::team_file(&dir, 3, 2, arbiter_desk::TeamSettingsForm::default());
    common::teams(&mut desk, 4, 2);
    desk.pair_next_matches(&origin(), None).unwrap();
    common::finish_matches(&mut desk, 1, "1-0");
    let text = desk.export_trf(None).unwrap().text;
    let mut doc = trf_doc(&dir, "one-round.trf", &text);
    for e in &mut doc.tournament.entrants {
        let first = e.rounds[0];
        e.rounds.push(first);
    }
    let event = dir.path().join("rematch.arb");
    let (mut imported, report) = Desk::import_trf(&event, &origin(), "main", &doc).unwrap();
    assert_eq!(
        report.overrides,
        [(
            2,
            "teams 1 and 3 have already played a match (C.04.6 C1)".to_string()
        )]
    );
    let log = common::log_lines(&mut imported);
    assert!(
        log.iter().any(|l| l
            == "section main round 2 paired by TRF import: 2 matches [OVERRIDE of an absolute \
                criterion]"),
        "{log:?}"
    );
    let round_2 = imported.matches(None, Some(2)).unwrap();
    assert_eq!(
        match_boards(&round_2),
        match_boards(&imported.matches(None, Some(1)).unwrap())
    );
}

/// An individual event in TRF16 form: players 1-4 (Alpha: 1 and 3, Beta: 2
/// and 4, as `013` lists), round 1 played (1-2 and 3-4, White wins), two
/// rounds; `extra` are more records.
fn individual_with_teams(extra: &str) -> String {
    let player = |tpn: u32, rating: u32, points: &str, block: &str| {
        format!(
            "001 {tpn:>4}      {:<33} {rating:>4}{:28}{points:>4}{:5}  {block}\n",
            format!("Player {tpn}"),
            "",
            ""
        )
    };
    let list = |name: &str, members: &str| format!("013 {name:<32}{members}\n");
    [
        "012 Club Open\n142 2\n152 W\n".to_string(),
        player(1, 2400, "1.0", "   2 w 1"),
        player(2, 2300, "0.0", "   1 b 0"),
        player(3, 2200, "1.0", "   4 w 1"),
        player(4, 2100, "0.0", "   3 b 0"),
        list("Alpha", "   1    3"),
        list("Beta", "   2    4"),
        extra.to_string(),
    ]
    .concat()
}

/// The pairs of the round `desk` would pair next, each as `(lower id,
/// higher id)`, sorted.
fn next_pairs(desk: &Desk) -> Vec<(u32, u32)> {
    let view = desk.propose_next_round(None).expect("a pairing").round;
    let mut pairs: Vec<(u32, u32)> = common::boards(&view)
        .into_iter()
        .map(|(_, w, b)| (w.min(b), w.max(b)))
        .collect();
    pairs.sort_unstable();
    pairs
}

/// `013` lists become the players' teams (team classification and the
/// export read them); they keep no team-mates apart: round 2 pairs the
/// score group {1, 3} (Alpha) and {2, 4} (Beta) within itself, as the
/// Dutch system does without forbidden pairs.
#[test]
fn team_lists_of_an_individual_file_are_kept_as_teams() {
    let dir = folder();
    let doc = trf_doc(&dir, "club.trf", &individual_with_teams(""));
    let (desk, report) =
        Desk::import_trf(&dir.path().join("club.arb"), &origin(), "main", &doc).unwrap();
    assert_eq!(report.assumed, Vec::<String>::new());
    let teams: Vec<(u32, Option<String>)> = desk
        .players(None)
        .unwrap()
        .rows
        .into_iter()
        .map(|r| (r.id, r.player.team))
        .collect();
    let team = |name: &str| Some(name.to_string());
    assert_eq!(
        teams,
        [
            (1, team("Alpha")),
            (2, team("Beta")),
            (3, team("Alpha")),
            (4, team("Beta"))
        ]
    );
    let text = desk.export_trf(None).unwrap().text;
    let lists: Vec<&str> = text.split('\r').filter(|l| l.starts_with("013")).collect();
    assert_eq!(
        lists,
        [
            format!("013 {:<32}   1    3", "Alpha"),
            format!("013 {:<32}   2    4", "Beta")
        ]
    );
    assert_eq!(next_pairs(&desk), [(1, 3), (2, 4)]);
}

/// Team-mates are kept apart where the file says so (`XXP 1 3`: 1-2 and
/// 3-4 met, so 1-4 and 2-3 is the one pairing left) or the section is set
/// so (`--avoid-team-pairings`: 1-3 and 2-4 are team-mates).
#[test]
fn team_mates_are_kept_apart_only_where_the_file_or_section_says_so() {
    let dir = folder();
    let doc = trf_doc(&dir, "xxp.trf", &individual_with_teams("XXP 1 3\n"));
    let (desk, _) = Desk::import_trf(&dir.path().join("xxp.arb"), &origin(), "main", &doc).unwrap();
    assert_eq!(next_pairs(&desk), [(1, 4), (2, 3)]);
    let doc = trf_doc(&dir, "club.trf", &individual_with_teams(""));
    let (mut desk, _) =
        Desk::import_trf(&dir.path().join("club.arb"), &origin(), "main", &doc).unwrap();
    let form = arbiter_desk::SectionForm {
        avoid_team_pairings: Some(true),
        ..arbiter_desk::SectionForm::default()
    };
    desk.configure_section(&origin(), "main", &form).unwrap();
    assert_eq!(next_pairs(&desk), [(1, 4), (2, 3)]);
}

/// Lists that cannot be kept as written are read as the notes say: a
/// member with no `001` record is left out, a list without a name is named
/// by its place, a player on two lists stays on the first.
#[test]
fn team_lists_that_cannot_be_kept_as_written_are_noted() {
    let dir = folder();
    let extra = format!("013 {:<32}   9\n013 {:32}   4    1\n", "Gamma", "");
    let doc = trf_doc(&dir, "odd.trf", &individual_with_teams(&extra));
    let (desk, report) =
        Desk::import_trf(&dir.path().join("odd.arb"), &origin(), "main", &doc).unwrap();
    assert_eq!(
        report.assumed,
        [
            "team 'Gamma' lists starting rank 9, who has no player record (001): not on the team",
            "team list 4 has no name: named 'team 4'",
            "player 4 is on the lists of teams 'Beta' and 'team 4': kept on 'Beta'",
            "player 1 is on the lists of teams 'Alpha' and 'team 4': kept on 'Alpha'",
        ]
    );
    let teams: Vec<Option<String>> = desk
        .players(None)
        .unwrap()
        .rows
        .into_iter()
        .map(|r| r.player.team)
        .collect();
    assert_eq!(
        teams,
        ["Alpha", "Beta", "Alpha", "Beta"].map(|n| Some(n.to_string()))
    );
}

/// A team section's file lists the players on its teams only: two players
/// registered on no team are left out (and named), so every `001` player is
/// on a `310` roster and the numbers stay 1-4.
#[test]
fn a_team_sections_file_leaves_out_players_on_no_team() {
    let dir = folder();
    let (mut desk, _) = common::team_file(&dir, 3, 2, arbiter_desk::TeamSettingsForm::default());
    common::teams(&mut desk, 2, 2);
    for (name, rating) in [("Loner B, Test", 1400), ("Loner A, Test", 1500)] {
        desk.add_player(&origin(), None, &common::player(name, rating))
            .unwrap();
    }
    desk.pair_next_matches(&origin(), None).unwrap();
    common::finish_matches(&mut desk, 1, "1-0");
    let export = desk.export_trf(None).unwrap();
    assert_eq!(export.left_out, ["Loner A, Test", "Loner B, Test"]);
    let lines: Vec<&str> = export.text.split('\r').collect();
    assert!(lines.contains(&"062 4"), "{lines:?}");
    let doc = trf_doc(&dir, "teams.trf", &export.text);
    let tpns: Vec<u32> = doc
        .tournament
        .entrants
        .iter()
        .map(|e| e.player.tpn)
        .collect();
    assert_eq!(tpns, [1, 2, 3, 4]);
    let mut on_rosters: Vec<u32> = doc
        .tournament
        .teams
        .iter()
        .flat_map(|t| t.members.clone())
        .collect();
    on_rosters.sort_unstable();
    assert_eq!(on_rosters, [1, 2, 3, 4]);
    let (imported, _) =
        Desk::import_trf(&dir.path().join("again.arb"), &origin(), "main", &doc).unwrap();
    assert_eq!(imported.export_trf(None).unwrap().text, export.text);
}
