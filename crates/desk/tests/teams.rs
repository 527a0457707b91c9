//! Team sections at the desk: every use case in memory, and on a real
//! SQLite file. Pairings and scores are worked out by hand from C.04.6
//! (round 1: the first identifier 1-3, 2-4; Art. 4.3 colours) and the
//! match rules (teams.md §2-§3).

mod common;

use arbiter_desk::teams::TeamAbsence;
use arbiter_desk::{Desk, ErrorKind, PlayerForm, SectionForm, StandingsRequest, TeamSettingsForm};
use arbiter_model::journal::GameResult;
use arbiter_model::team::ForfeitResult;
use arbiter_model::{Colour, Points};
use arbiter_standings::teams::MatchCell;
use common::{
    entries, finish_matches, folder, match_boards, origin, player, team, team_file, team_memory,
    teams,
};

/// Round 1 of four teams (team = pairing number): the first identifier
/// pairs 1-3 and 2-4; neither team has played, so the first team of each
/// pair (the smaller number) has the initial colour (White) if its number
/// is odd, else the other (C.04.6 4.3.1): team 1 White, team 4 White.
/// `WB`: the White team has White on board 1, Black on board 2.
/// Results: 1-3 1-0 and 0-1 (team 1 wins both boards, 2-0); 4-2 ½ and 1-0
/// (team 2's board-2 player wins: 1.5-0.5 for team 2).
/// Round 2: teams 1 and 2 (2 MP) meet, 3 and 4 (0 MP); no team has a
/// colour preference yet (type A needs two matches), so the team with the
/// lower colour difference has White (4.3.5): team 2 and team 3.
#[test]
fn four_teams_two_rounds() {
    let mut desk = team_memory(3, 2, TeamSettingsForm::default());
    desk.configure_section(
        &origin(),
        "main",
        &SectionForm {
            tiebreaks: Some("MPvGP".into()),
            ..SectionForm::default()
        },
    )
    .unwrap();
    assert_eq!(teams(&mut desk, 4, 2), [1, 2, 3, 4]);
    assert!(desk.is_team_section(None).unwrap());
    let list = desk.teams(None).unwrap();
    assert_eq!(list.boards, 2);
    assert_eq!(
        list.rows
            .iter()
            .map(|r| (
                r.team.tpn,
                r.members.iter().map(|m| m.id).collect::<Vec<_>>()
            ))
            .collect::<Vec<_>>(),
        [
            (1, vec![1, 2]),
            (2, vec![3, 4]),
            (3, vec![5, 6]),
            (4, vec![7, 8])
        ]
    );

    let round = desk.pair_next_matches(&origin(), None).unwrap();
    assert_eq!(
        match_boards(&round),
        [
            (1, 1, 1, 3, 1, 5),
            (1, 2, 1, 3, 6, 2),
            (2, 1, 4, 2, 7, 3),
            (2, 2, 4, 2, 4, 8)
        ]
    );
    assert_eq!(round.heading.to_string(), "Teams — section main — round 1");
    let e = desk.pair_next_matches(&origin(), None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert!(
        e.to_string().contains(
            "4 result(s) of round 1 are missing (match 1 board 1, match 1 board 2, match 2 \
             board 1, match 2 board 2)"
        ),
        "{e}"
    );
    for (m, b, r) in [(1, 1, "1-0"), (1, 2, "0-1"), (2, 1, "1/2"), (2, 2, "1-0")] {
        desk.record_board_result(&origin(), None, 1, m, b, r)
            .unwrap();
    }
    let corrected = desk
        .record_board_result(&origin(), None, 1, 2, 1, "1/2")
        .unwrap();
    assert_eq!(corrected.previous, Some(GameResult::Draw));
    let view = desk.matches(None, Some(1)).unwrap();
    assert_eq!(view.matches[0].score, (Points(20), Points(0)));
    assert_eq!(view.matches[1].score, (Points(5), Points(15)));

    let standings = desk.standings(None, &StandingsRequest::default()).unwrap();
    let rows: Vec<(u32, u32, String)> = standings
        .standings
        .rows
        .iter()
        .map(|r| (r.rank, r.tpn, r.points.to_string()))
        .collect();
    // MP: teams 1 and 2 have 2, then GP (MPvGP) 2 against 1.5; 4 has 0.5 GP.
    assert_eq!(
        rows,
        [
            (1, 1, "2.0".into()),
            (2, 2, "2.0".into()),
            (3, 4, "0.0".into()),
            (4, 3, "0.0".into())
        ]
    );
    let e = desk
        .standings(
            None,
            &StandingsRequest {
                teams: Some(arbiter_desk::TeamRequest::default()),
                ..StandingsRequest::default()
            },
        )
        .unwrap_err();
    assert_eq!(e.field(), Some("teams"));
    let table = desk.match_crosstable(None).unwrap();
    assert_eq!(table.teams[2].name, "Team 3");
    assert_eq!(
        table.lines[0].cells,
        [MatchCell::Match {
            opponent: 3,
            colour: Some(Colour::White),
            game_points: Points(20),
            opponent_game_points: Points(0),
            forfeit: false
        }]
    );
    let boards = desk.board_results(None).unwrap();
    let by_board: Vec<(u32, u32, Points)> = boards
        .rows
        .iter()
        .map(|r| (r.board, r.player.id, r.points))
        .collect();
    assert_eq!(
        by_board,
        [
            (1, 1, Points(10)),
            (1, 3, Points(5)),
            (1, 7, Points(5)),
            (1, 5, Points(0)),
            (2, 2, Points(10)),
            (2, 4, Points(10)),
            (2, 6, Points(0)),
            (2, 8, Points(0))
        ]
    );

    let round = desk.pair_next_matches(&origin(), None).unwrap();
    assert_eq!(
        match_boards(&round),
        [
            (1, 1, 2, 1, 3, 1),
            (1, 2, 2, 1, 2, 4),
            (2, 1, 3, 4, 5, 7),
            (2, 2, 3, 4, 8, 6)
        ]
    );
    let white = &round.matches[0].white_team();
    assert_eq!(
        (white.team.id, white.match_points, white.game_points),
        (2, Points(20), Points(15))
    );

    // The export is a TRF-2026 team file that reads back to the same
    // standings.
    let export = desk.export_trf(None).unwrap();
    let text = export.text.replace('\r', "\n");
    for record in [
        "192 FIDE_TEAM_TYPEA_MP_GP",
        "352 WB",
        "362 TW 2.0   TD 1.0   TL 0.0",
        "202 MPvGP",
    ] {
        assert!(text.contains(record), "{record}:\n{text}");
    }
    assert_eq!(text.lines().filter(|l| l.starts_with("310 ")).count(), 4);
    assert_eq!(export.rounds, 1);
    let dir = folder();
    let path = dir.path().join("teams.trf");
    std::fs::write(&path, &export.text).unwrap();
    let doc = arbiter_desk::read_trf(&path).unwrap();
    let from_file = arbiter_desk::trf_standings(&doc, &StandingsRequest::default()).unwrap();
    assert_eq!(from_file.standings.rows, standings.standings.rows);
}

/// The individual forms refuse a team section, and the team forms a
/// section of individuals.
#[test]
fn forms_of_the_other_kind_are_refused() {
    let mut desk = team_memory(3, 2, TeamSettingsForm::default());
    teams(&mut desk, 2, 2);
    let e = desk.pair_next_round(&origin(), None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert!(e.to_string().contains("is a team section"), "{e}");
    let e = desk.propose_next_round(None).unwrap_err();
    assert!(e.to_string().contains("is a team section"), "{e}");
    let e = desk.publish_round(&origin(), None, "").unwrap_err();
    assert!(e.to_string().contains("is a team section"), "{e}");
    desk.pair_next_matches(&origin(), None).unwrap();
    let e = desk
        .record_result(&origin(), None, 1, 1, "1-0")
        .unwrap_err();
    assert!(e.to_string().contains("by match and board"), "{e}");
    let e = desk.pairings(None, Some(1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    let e = desk
        .record_board_result(&origin(), None, 1, 2, 1, "1-0")
        .unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string()),
        (
            ErrorKind::NotFound,
            "round 1 has no match 2 (matches 1-1)".into()
        )
    );
    let e = desk
        .record_board_result(&origin(), None, 1, 1, 1, "2-0")
        .unwrap_err();
    assert_eq!(e.field(), Some("result"));

    let mut individual = common::memory("dutch", 5);
    common::players(&mut individual, 2);
    let e = individual
        .add_team(&origin(), None, &team("A", None, &[1, 2]))
        .unwrap_err();
    assert!(e.to_string().contains("not a team section"), "{e}");
    let e = individual.pair_next_matches(&origin(), None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
}

/// Seed 001: at most 2 teams per family, a reserve only on board 2, the
/// roster 2 or 3 players; a player on one team only. Refusals name the
/// team and the rule.
#[test]
fn registration_and_line_ups_follow_the_team_rule() {
    let mut desk = team_memory(
        7,
        2,
        TeamSettingsForm {
            max_teams_per_family: Some("2".into()),
            reserve_boards: Some("2".into()),
            team_size: Some("2-3".into()),
            avoid_family_pairings: Some("all".into()),
            ..TeamSettingsForm::default()
        },
    );
    for i in 1..=9 {
        desk.add_player(
            &origin(),
            None,
            &player(&format!("Nowak {i}, Test"), 2000 - i as u16),
        )
        .unwrap();
    }
    desk.add_team(&origin(), None, &team("Nowak A", Some("Nowak"), &[1, 2, 3]))
        .unwrap();
    desk.add_team(&origin(), None, &team("Nowak B", Some("Nowak"), &[4, 5]))
        .unwrap();
    let before = entries(&mut desk);
    let e = desk
        .add_team(&origin(), None, &team("Nowak C", Some("Nowak"), &[6, 7]))
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert_eq!(
        e.to_string(),
        "team 'Nowak C': family 'Nowak' already has 2 teams, the most the rules allow (team \
         rule: 2 to 3 members, reserves only on board 2, at most 2 teams per family)"
    );
    let e = desk
        .add_team(&origin(), None, &team("Kowal", None, &[6, 1]))
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("player 1 is already on team 'Nowak A'"),
        "{e}"
    );
    let e = desk
        .add_team(&origin(), None, &team("Solo", None, &[6]))
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("has 1 members; the rules ask for 2 to 3"),
        "{e}"
    );
    assert_eq!(entries(&mut desk), before, "refusals record nothing");
    let e = desk
        .add_team(
            &origin(),
            None,
            &arbiter_desk::TeamForm {
                name: Some("X".into()),
                ..Default::default()
            },
        )
        .unwrap_err();
    assert_eq!(e.field(), Some("players"));

    let e = desk.set_lineup(&origin(), 1, 1, "2,1").unwrap_err();
    assert!(
        e.to_string().contains("does not follow the roster order"),
        "{e}"
    );
    let e = desk.set_lineup(&origin(), 1, 1, "3").unwrap_err();
    assert!(
        e.to_string()
            .contains("reserve 3 on board 1; reserves may play boards 2"),
        "{e}"
    );
    let set = desk.set_lineup(&origin(), 1, 1, "1,3").unwrap();
    assert_eq!(
        (
            set.paired,
            set.players.iter().map(|p| p.id).collect::<Vec<_>>()
        ),
        (false, vec![1, 3])
    );
}

/// An absent team is not paired, an odd number of teams gives the bye
/// (C.04.6 3.4: lowest score, most matches, largest number: team 5), a
/// short line-up loses its empty board by forfeit, a whole-match forfeit
/// decides every board, a withdrawn team is not paired any more.
#[test]
fn absences_byes_line_ups_and_forfeits() {
    let mut desk = team_memory(3, 2, TeamSettingsForm::default());
    teams(&mut desk, 6, 2);
    let out = desk.team_absent(&origin(), 6, 1).unwrap();
    assert_eq!((out.team.id, out.round, out.withdrawn), (6, 1, false));
    desk.set_lineup(&origin(), 1, 1, "2").unwrap();
    let round = desk.pair_next_matches(&origin(), None).unwrap();
    // Teams 1-5 play: bye 5; 1-3 (team 1 White), 2-4 (team 4 White).
    assert_eq!(
        match_boards(&round),
        [
            (1, 1, 1, 3, 2, 5),
            (1, 2, 1, 3, 6, 0),
            (2, 1, 4, 2, 7, 3),
            (2, 2, 4, 2, 4, 8),
            (3, 0, 5, 0, 0, 0)
        ]
    );
    assert_eq!(round.not_playing.len(), 1);
    assert_eq!(round.not_playing[0].1, TeamAbsence::Absent);
    let bye = round.bye.as_ref().unwrap();
    assert_eq!(bye.1.iter().map(|p| p.id).collect::<Vec<_>>(), [9, 10]);
    // Board 2 of match 1: team 1's seat is empty, team 3's player 6 wins.
    assert_eq!(
        round.matches[0].boards[1].result,
        Some(GameResult::WhiteForfeitWin)
    );
    assert_eq!(round.matches[0].missing, 1);
    let e = desk
        .record_board_result(&origin(), None, 1, 1, 2, "1-0")
        .unwrap_err();
    assert!(e.to_string().contains("no player of team 1"), "{e}");

    // Line-ups of the paired round change while the match has no result.
    let changed = desk.set_lineup(&origin(), 1, 1, "1,2").unwrap();
    assert!(changed.paired);
    let view = desk.matches(None, Some(1)).unwrap();
    assert_eq!(
        match_boards(&view)[..2],
        [(1, 1, 1, 3, 1, 5), (1, 2, 1, 3, 6, 2)]
    );

    let forfeit = desk.forfeit_match(&origin(), None, 1, 2, "-+").unwrap();
    assert_eq!(
        (forfeit.first.id, forfeit.second.id, forfeit.result),
        (4, 2, ForfeitResult::SecondWins)
    );
    let e = desk.forfeit_match(&origin(), None, 1, 2, "x").unwrap_err();
    assert_eq!(e.field(), Some("result"));
    let view = desk.matches(None, Some(1)).unwrap();
    // Team 2 (Black on board 1, White on board 2) wins both boards by forfeit.
    assert_eq!(
        view.matches[1]
            .boards
            .iter()
            .map(|b| b.result)
            .collect::<Vec<_>>(),
        [
            Some(GameResult::BlackForfeitWin),
            Some(GameResult::WhiteForfeitWin)
        ]
    );
    assert_eq!(view.matches[1].score, (Points(0), Points(20)));
    finish_matches(&mut desk, 1, "1/2");

    let out = desk.withdraw_team(&origin(), 3, None).unwrap();
    assert_eq!((out.round, out.withdrawn), (2, true));
    let round = desk.pair_next_matches(&origin(), None).unwrap();
    let paired: Vec<u32> = round
        .matches
        .iter()
        .flat_map(|m| [m.first.team.id, m.second.team.id])
        .chain(round.bye.iter().map(|b| b.0.team.id))
        .collect();
    assert!(!paired.contains(&3) && paired.contains(&6), "{paired:?}");
    assert_eq!(round.not_playing[0].1, TeamAbsence::Withdrawn);
    // Team 2 won a match by forfeit, team 5 had the bye: neither gets it.
    let bye = round.bye.as_ref().unwrap().0.team.id;
    assert!(bye != 2 && bye != 5, "bye to {bye}");
}

/// `section set` changes a team section's rules until its boards are in
/// use; the log states them.
#[test]
fn team_section_settings() {
    let mut desk = team_memory(5, 4, TeamSettingsForm::default());
    let set = |desk: &mut Desk, team: TeamSettingsForm| {
        desk.configure_section(
            &origin(),
            "main",
            &SectionForm {
                team,
                ..SectionForm::default()
            },
        )
    };
    let s = set(
        &mut desk,
        TeamSettingsForm {
            avoid_family_pairings: Some("3".into()),
            match_points: Some("3,1,0".into()),
            colour_preferences: Some("b".into()),
            team_pab: Some("1,2".into()),
            ..TeamSettingsForm::default()
        },
    )
    .unwrap();
    let team = s.config.team.as_ref().unwrap();
    assert_eq!(team.rules.system.code, "FIDE_TEAM_TYPEB_MP_GP");
    assert_eq!(team.rules.colours.to_string(), "WBWB");
    assert_eq!(team.rules.pab.unwrap().game_points, Points(20));
    let summary: Vec<String> = desk
        .log()
        .unwrap()
        .iter()
        .flat_map(|c| c.entries.iter().map(|e| e.summary.clone()))
        .collect();
    assert!(
        summary[2].ends_with(
            ", 4 boards (WBWB), match points 3.0/1.0/0.0, FIDE_TEAM_TYPEB_MP_GP, teams of one family not paired in rounds 1-3"
        ),
        "{summary:?}"
    );
    teams(&mut desk, 2, 4);
    let e = set(
        &mut desk,
        TeamSettingsForm {
            boards: Some("2".into()),
            ..TeamSettingsForm::default()
        },
    );
    assert!(e.is_ok(), "boards may change before round 1");
    desk.pair_next_matches(&origin(), None).unwrap();
    let e = set(
        &mut desk,
        TeamSettingsForm {
            boards: Some("4".into()),
            ..TeamSettingsForm::default()
        },
    )
    .unwrap_err();
    assert!(
        e.to_string().contains("its boards per match cannot change"),
        "{e}"
    );
    let e = desk
        .configure_section(
            &origin(),
            "main",
            &SectionForm {
                system: Some("dutch".into()),
                ..SectionForm::default()
            },
        )
        .unwrap_err();
    assert!(
        e.to_string()
            .contains("cannot change between teams and individuals"),
        "{e}"
    );
}

/// On a real file: the teams, the pairing and the results survive closing
/// and reopening, and the log tells what each command did.
#[test]
fn a_team_section_on_disk() {
    let dir = folder();
    let (mut desk, path) = team_file(&dir, 3, 2, TeamSettingsForm::default());
    teams(&mut desk, 4, 2);
    let round = desk.pair_next_matches(&origin(), None).unwrap();
    finish_matches(&mut desk, 1, "1-0");
    drop(desk);
    let mut again = Desk::open(&path).unwrap();
    let view = again.matches(None, Some(1)).unwrap();
    assert_eq!(match_boards(&view), match_boards(&round));
    assert!(view.matches.iter().all(|m| m.missing == 0));
    // White wins every board: 1-1 in both matches.
    assert!(
        view.matches
            .iter()
            .all(|m| m.score == (Points(10), Points(10)))
    );
    let log: Vec<String> = again
        .log()
        .unwrap()
        .iter()
        .flat_map(|c| c.entries.iter().map(|e| e.summary.clone()))
        .collect();
    assert!(
        log.iter()
            .any(|l| l == "registered team Team 1 (1) in section main, players 1,2"),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|l| l.starts_with("section main round 1 paired by arbiter")),
        "{log:?}"
    );
    assert!(
        log.iter()
            .any(|l| l == "section main round 1 match 2 board 2: 1-0"),
        "{log:?}"
    );
    let undone = again.undo(&origin()).unwrap();
    assert_eq!(undone.entries.len(), 1);
    let read_only = Desk::open_read_only(&path).unwrap();
    assert_eq!(
        read_only.matches(None, Some(1)).unwrap().matches[1].missing,
        1
    );
}

/// Seed 004: an individual-team event whose teams are 3 men + 1 woman; a
/// fourth man is refused naming the team and the rule.
#[test]
fn seed_004_team_rule_at_registration() {
    let mut desk = Desk::create_in_memory(
        &origin(),
        &arbiter_desk::NewEvent {
            name: "Grodno Open".into(),
            section: "main".into(),
            config: SectionForm {
                rounds: Some("9".into()),
                avoid_team_pairings: Some(true),
                team: TeamSettingsForm {
                    team_size: Some("4".into()),
                    team_men: Some("3".into()),
                    team_women: Some("1".into()),
                    ..TeamSettingsForm::default()
                },
                ..SectionForm::default()
            },
        },
    )
    .unwrap()
    .0;
    let member = |i: u32, sex: &str| PlayerForm {
        sex: Some(sex.into()),
        team: Some("Lida".into()),
        ..player(&format!("Lida {i}, Test"), 2000)
    };
    for i in 1..=3 {
        desk.add_player(&origin(), None, &member(i, "m")).unwrap();
    }
    let e = desk
        .add_player(&origin(), None, &member(4, "m"))
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert_eq!(
        e.to_string(),
        "team 'Lida' has 4 men; the rules ask for exactly 3 (team rule: 3 men + 1 woman)"
    );
    let e = desk
        .add_player(
            &origin(),
            None,
            &PlayerForm {
                sex: None,
                ..member(4, "w")
            },
        )
        .unwrap_err();
    assert!(
        e.to_string().contains("the sex of player 4 is not known"),
        "{e}"
    );
    desk.add_player(&origin(), None, &member(4, "w")).unwrap();
}
