//! Tests of team sections in the journal. Expected values are worked out by
//! hand from the rules cited (teams.md §1-§4, C.04.6).

use super::*;
use crate::journal::{Event, GameResult, Journal, JournalError, SectionConfig};
use crate::player::{Player, Ratings, Sex};
use crate::points::Points;
use crate::round_entry::{ByeKind, Outcome, RoundEntry};
use crate::system::System;
use crate::team::{
    CompositionError, CompositionRule, ForfeitResult, MatchPoints, MatchRules, SexLimit,
    TeamMatches, TeamScore,
};

/// Seed 001's shape: 2 boards (`WB`), 3/1/0, teams of one family never
/// paired, 2 or 3 members, a reserve only on board 2, at most 2 teams per
/// family; 3 rounds.
fn config() -> SectionConfig {
    let mut rules = MatchRules::with_boards(2);
    rules.match_points = MatchPoints {
        win: Points::from_whole(3),
        draw: Points::ONE,
        loss: Points::ZERO,
    };
    SectionConfig {
        system: System::TeamSwiss,
        scoring: TeamConfig::board_scoring(),
        team: Some(TeamConfig {
            rules,
            families: FamilyPairings::Avoided,
        }),
        composition: Some(CompositionRule {
            min_members: Some(2),
            max_members: Some(3),
            reserve_boards: Some(vec![2]),
            max_teams_per_family: Some(2),
            ..CompositionRule::default()
        }),
        ..SectionConfig::new(3)
    }
}

fn player(name: &str, rating: u16, sex: Sex) -> Player {
    Player {
        name: name.into(),
        sex: Some(sex),
        ratings: Ratings {
            fide: Some(rating),
            ..Ratings::default()
        },
        ..Player::default()
    }
}

struct Log {
    journal: Journal,
    seq: u64,
}

impl Log {
    fn push(&mut self, e: Event) -> Result<(), JournalError> {
        self.seq += 1;
        self.journal.push(self.seq, e)
    }

    fn ok(&mut self, e: Event) {
        self.push(e).unwrap();
    }

    fn state(&self) -> &crate::journal::EventState {
        self.journal.state()
    }

    fn section(&self) -> &crate::journal::Section {
        self.state().section(Some("T")).unwrap()
    }
}

fn register(id: TeamId, name: &str, family: Option<&str>, members: &[u32]) -> Event {
    Event::Team(TeamEvent::Registered {
        id,
        section: "T".into(),
        name: name.into(),
        family: family.map(str::to_string),
        members: members.to_vec(),
        captain: None,
        tags: Vec::new(),
    })
}

/// Players 1-9; teams A (Nowak: 1 2000, 2 1900, reserve 3 1500), B (Nowak:
/// 4 1800, 5 1700), C (Kowal: 6 2100, 7 1600), D (8 1000, 9 1000).
fn event() -> Log {
    let mut log = Log {
        journal: Journal::default(),
        seq: 0,
    };
    log.ok(Event::EventCreated {
        name: "Families".into(),
    });
    log.ok(Event::SectionCreated {
        code: "T".into(),
        config: config(),
    });
    for (id, rating) in [2000, 1900, 1500, 1800, 1700, 2100, 1600, 1000, 1000]
        .into_iter()
        .enumerate()
    {
        log.ok(Event::PlayerRegistered {
            id: id as u32 + 1,
            section: "T".into(),
            player: player(&format!("P{}", id + 1), rating, Sex::Male),
        });
    }
    log.ok(register(1, "A", Some("Nowak"), &[1, 2, 3]));
    log.ok(register(2, "B", Some("Nowak"), &[4, 5]));
    log.ok(register(3, "C", Some("Kowal"), &[6, 7]));
    log.ok(register(4, "D", None, &[8, 9]));
    log
}

fn pairing(log: &Log, round: u32, matches: &[(TeamId, TeamId)], bye: Option<TeamId>) -> Event {
    let state = log.state();
    let sec = log.section();
    let order = state.team_order(sec);
    let teams = matches.iter().flat_map(|&(a, b)| [a, b]).chain(bye);
    let lineups = teams
        .map(|t| Lineup {
            team: t,
            players: state.lineup_for(sec, state.team(t).unwrap(), round),
        })
        .collect();
    Event::Team(TeamEvent::MatchesPaired(PairedRound {
        section: "T".into(),
        round,
        system: "team-swiss".into(),
        engine: "test".into(),
        input: Box::new(state.team_pairing_input(sec, round, &order).unwrap()),
        team_order: order,
        matches: matches
            .iter()
            .map(|&(first, second)| TeamPair { first, second })
            .collect(),
        bye,
        lineups,
        override_rules: false,
    }))
}

fn result(round: u32, number: u32, board: u32, result: GameResult) -> Event {
    Event::Team(TeamEvent::BoardResult {
        section: "T".into(),
        round,
        number,
        board,
        result,
    })
}

/// Average rating of the first two boards: A 1950, C 1850, B 1750, D 1000;
/// players numbered team by team in roster order.
#[test]
fn team_and_player_numbers() {
    let log = event();
    let state = log.state();
    let sec = log.section();
    assert_eq!(state.team_order(sec), [1, 3, 2, 4]);
    assert_eq!(state.current_tpn_order(sec), [1, 2, 3, 6, 7, 4, 5, 8, 9]);
}

#[test]
fn registration_follows_the_composition_rule() {
    let mut log = event();
    let refused = |log: &mut Log, e| log.push(e).unwrap_err().to_string();
    for id in [10, 11] {
        log.ok(Event::PlayerRegistered {
            id,
            section: "T".into(),
            player: player(&format!("P{id}"), 1200, Sex::Female),
        });
    }
    assert_eq!(
        refused(&mut log, register(5, "E", Some("Nowak"), &[10, 11])),
        "team 'E': family 'Nowak' already has 2 teams, the most the rules allow (team rule: \
         2 to 3 members, reserves only on board 2, at most 2 teams per family)"
    );
    let e = log.push(register(5, "E", None, &[10, 1])).unwrap_err();
    assert!(
        matches!(
            e,
            JournalError::Composition {
                reason: CompositionError::PlayerInTwoTeams { player: 1, .. },
                ..
            }
        ),
        "{e}"
    );
    let e = log.push(register(5, "E", None, &[10])).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("team 'E' has 1 members; the rules ask for 2 to 3"),
        "{e}"
    );
    assert!(
        refused(&mut log, register(5, "a", None, &[10, 11]))
            .contains("already has a team named 'a'")
    );
    assert!(refused(&mut log, register(5, "E", None, &[10, 10])).contains("listed twice"));
    assert_eq!(
        log.push(register(5, "E", None, &[10, 99])),
        Err(JournalError::UnknownPlayer(99))
    );
    log.ok(register(5, "E", None, &[10, 11]));
}

/// Line-ups are order-preserving parts of the roster with the reserve only
/// on board 2; the default skips a player with a bye.
#[test]
fn lineups() {
    let mut log = event();
    let lineup = |players: &[u32]| {
        Event::Team(TeamEvent::LineupSet {
            team: 1,
            round: 1,
            players: players.to_vec(),
        })
    };
    for (bad, expected) in [
        (&[3][..], "reserve 3 on board 1"),
        (&[2, 1], "does not follow the roster order (board 2)"),
        (&[1, 2, 3], "3 players for 2 boards"),
        (&[1, 6], "player 6 is not on the roster"),
        (&[], "lines up nobody"),
    ] {
        let e = log.push(lineup(bad)).unwrap_err().to_string();
        assert!(e.contains(expected), "{bad:?}: {e}");
    }
    let sec = log.section();
    let a = log.state().team(1).unwrap();
    assert_eq!(log.state().lineup_for(sec, a, 1), [1, 2]);
    log.ok(Event::ByeRequested {
        id: 1,
        round: 1,
        kind: ByeKind::Zero,
    });
    let a = log.state().team(1).unwrap();
    assert_eq!(log.state().lineup_for(log.section(), a, 1), [2, 3]);
    let e = log.push(lineup(&[1, 2])).unwrap_err().to_string();
    assert!(e.contains("player 1 is withdrawn or has a bye"), "{e}");
    log.ok(lineup(&[2]));
    let a = log.state().team(1).unwrap();
    assert_eq!(log.state().lineup_for(log.section(), a, 1), [2]);
    // A team section scores by matches: a player's bye is worth nothing.
    let e = log.push(Event::ByeRequested {
        id: 4,
        round: 1,
        kind: ByeKind::Half,
    });
    assert!(e.unwrap_err().to_string().contains("team section"));
}

/// Round 1: A-C (A first: 1 White on board 1, 7 White on board 2), B-D.
/// A-C 1-0, 1-0 is 1-1, a drawn match (1 MP each); B-D ½, 0-1 is 1.5-0.5
/// (3 MP to B). Round 2: A-D forfeited by D; C-B with B fielding only 4,
/// so board 2 (C Black there: B's empty seat is White's) is won by forfeit
/// by C's 7; board 1 (6 White, 4 Black) 0-1: 1-1, a drawn match.
#[test]
fn matches_results_and_the_team_view() {
    let mut log = event();
    let e = log.push(pairing(&log, 1, &[(1, 2), (3, 4)], None));
    assert_eq!(
        e,
        Err(JournalError::FamilyPair {
            a: 1,
            b: 2,
            family: "Nowak".into()
        })
    );
    let e = log.push(pairing(&log, 1, &[(1, 3)], None)).unwrap_err();
    assert!(e.to_string().contains("neither paired nor absent"), "{e}");
    log.ok(pairing(&log, 1, &[(1, 3), (2, 4)], None));
    let rec = log.section().round(1).unwrap();
    let m = &rec.matches.as_ref().unwrap().matches[0];
    assert_eq!(
        m.boards
            .iter()
            .map(|b| (b.white, b.black))
            .collect::<Vec<_>>(),
        [(Some(1), Some(6)), (Some(7), Some(2))]
    );
    assert_eq!(rec.missing_results(), 4);
    for (n, b, r) in [
        (1, 1, GameResult::WhiteWins),
        (1, 2, GameResult::WhiteWins),
        (2, 1, GameResult::Draw),
        (2, 2, GameResult::BlackWins),
    ] {
        log.ok(result(1, n, b, r));
    }
    assert_eq!(
        log.push(result(1, 3, 1, GameResult::Draw)),
        Err(JournalError::UnknownMatch {
            round: 1,
            number: 3,
            matches: 2
        })
    );
    assert_eq!(
        log.push(pairing(&log, 2, &[(1, 3), (2, 4)], None)),
        Err(JournalError::TeamRematch { a: 1, b: 3 })
    );
    log.ok(Event::Team(TeamEvent::LineupSet {
        team: 2,
        round: 2,
        players: vec![4],
    }));
    log.ok(pairing(&log, 2, &[(1, 4), (3, 2)], None));
    log.ok(Event::Team(TeamEvent::MatchForfeited {
        section: "T".into(),
        round: 2,
        number: 1,
        result: ForfeitResult::FirstWins,
    }));
    let e = log
        .push(result(2, 2, 2, GameResult::WhiteWins))
        .unwrap_err();
    assert!(e.to_string().contains("no player of team 2"), "{e}");
    log.ok(result(2, 2, 1, GameResult::BlackWins));
    assert_eq!(log.section().rounds_complete(), 2);

    let t = log.state().tournament(log.section(), 2);
    // Teams numbered A 1, C 2, B 3, D 4; the family of A and B in 260.
    assert_eq!(t.system.as_deref(), Some("FIDE_TEAM_TYPEA_MP_GP"));
    assert_eq!(t.forbidden.len(), 1);
    assert_eq!(t.forbidden[0].players, [1, 3]);
    assert_eq!(t.forbidden[0].rounds, Some((1, 3)));
    let section = t.team_section.as_ref().unwrap();
    assert_eq!(section.forfeited_matches.len(), 1);
    assert_eq!(
        (
            section.forfeited_matches[0].first,
            section.forfeited_matches[0].second
        ),
        (1, 4)
    );
    // Player 7 (TPN 5) won board 2 of round 2 with Black, against nobody.
    assert_eq!(
        t.entrant(5).unwrap().rounds[1],
        RoundEntry::Forfeit {
            opponent: None,
            colour: Some(crate::player::Colour::Black),
            won: true
        }
    );
    let view = TeamMatches::of(&t).unwrap();
    let totals = |tpn| {
        let r = view.team(tpn).unwrap();
        (
            r.total(TeamScore::MatchPoints),
            r.total(TeamScore::GamePoints),
        )
    };
    // A: draw 1 MP 1 GP, forfeit win 3 MP 2 GP.
    assert_eq!(totals(1), (Points(40), Points(30)));
    // C: draw 1 MP 1 GP; 1-1 against B (B's 4 won board 1, C's 7 board 2
    // by forfeit): another draw.
    assert_eq!(totals(2), (Points(20), Points(20)));
    // B: 3 MP 1.5 GP, then the draw.
    assert_eq!(totals(3), (Points(40), Points(25)));
    assert_eq!(totals(4), (Points(0), Points(5)));
    let a_r2 = view
        .team(1)
        .unwrap()
        .round(2)
        .unwrap()
        .side()
        .unwrap()
        .clone();
    assert!(a_r2.forfeited && !a_r2.played && a_r2.outcome == Outcome::Win);

    // C1 counts played matches only: A-D again is legal; C2: A won a match
    // by forfeit, so no bye for A.
    let sec = log.section();
    let state = log.state();
    assert_eq!(
        state.check_matches(
            sec,
            3,
            &[TeamPair {
                first: 1,
                second: 4
            }],
            None
        ),
        Ok(())
    );
    assert!(matches!(
        state.check_matches(sec, 3, &[], Some(1)),
        Err(JournalError::TeamPabRefused { team: 1, .. })
    ));
    assert_eq!(state.check_matches(sec, 3, &[], Some(3)), Ok(()));
}

/// Line-ups of the latest round change while its match has no result.
#[test]
fn lineup_changes_after_the_pairing() {
    let mut log = event();
    log.ok(pairing(&log, 1, &[(1, 3), (2, 4)], None));
    let change = |team, players: &[u32]| {
        Event::Team(TeamEvent::LineupSet {
            team,
            round: 1,
            players: players.to_vec(),
        })
    };
    log.ok(change(1, &[1, 3]));
    let m = &log
        .section()
        .round(1)
        .unwrap()
        .matches
        .as_ref()
        .unwrap()
        .matches[0];
    assert_eq!((m.boards[1].white, m.boards[1].black), (Some(7), Some(3)));
    log.ok(result(1, 1, 1, GameResult::Draw));
    let e = log.push(change(1, &[1, 2])).unwrap_err();
    assert!(e.to_string().contains("already has results"), "{e}");
    log.ok(change(2, &[5]));
    let m = &log
        .section()
        .round(1)
        .unwrap()
        .matches
        .as_ref()
        .unwrap()
        .matches[1];
    assert_eq!(m.boards.len(), 2);
    assert_eq!((m.boards[0].white, m.boards[0].black), (Some(5), Some(8)));
}

/// Absent teams are not paired; an odd number of teams gives a bye.
#[test]
fn absences_and_the_bye() {
    let mut log = event();
    log.ok(Event::Team(TeamEvent::Absent { team: 4, round: 1 }));
    let e = log
        .push(pairing(&log, 1, &[(1, 3), (2, 4)], None))
        .unwrap_err();
    assert!(e.to_string().contains("not to be paired in round 1"), "{e}");
    log.ok(pairing(&log, 1, &[(1, 3)], Some(2)));
    let t = log
        .state()
        .team_pairing_input(log.section(), 2, &[1, 3, 2, 4])
        .unwrap();
    // D's players: a zero-point round; B's players (TPNs 6, 7) the PAB.
    assert_eq!(
        t.entrant(8).unwrap().rounds,
        [RoundEntry::Bye(ByeKind::Zero)]
    );
    assert_eq!(t.entrant(6).unwrap().rounds, [RoundEntry::PairingBye]);
    // Round 1 still lacks its results; once in, B's bye is worth a drawn
    // match: 1 MP and 1 GP (½ on each of 2 boards, C.04.6 Art. 1.4).
    log.ok(result(1, 1, 1, GameResult::Draw));
    log.ok(result(1, 1, 2, GameResult::Draw));
    let view = TeamMatches::of(&log.state().tournament(log.section(), 1)).unwrap();
    let b = view.team(3).unwrap().round(1).unwrap();
    assert_eq!((b.match_points, b.game_points), (Points(10), Points(10)));
    assert_eq!(
        view.team(4).unwrap().round(1).unwrap().kind,
        crate::team::RoundKind::Bye(ByeKind::Zero)
    );
    let e = log.push(Event::Team(TeamEvent::Absent { team: 4, round: 1 }));
    assert!(matches!(e, Err(JournalError::RoundAlreadyPaired { .. })));
}

/// A team entry is stored as `{"type":"team","entry":…}` and read back.
#[test]
fn entries_round_trip_through_json() {
    let log = event();
    for (_, e) in log.journal.in_force() {
        let text = serde_json::to_string(e).unwrap();
        let back: Event = serde_json::from_str(&text).unwrap();
        assert_eq!(&back, e, "{text}");
    }
    let e = pairing(&log, 1, &[(1, 3), (2, 4)], None);
    let text = serde_json::to_string(&e).unwrap();
    assert!(
        text.starts_with(r#"{"type":"team","entry":"matches_paired""#),
        "{text}"
    );
    assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), e);
    assert_eq!(e.kind(), "team_matches_paired");
}

/// Seed 004: a team of an individual-team event is 3 men + 1 woman. The
/// fourth man is refused at registration; an incomplete team stops the
/// pairing.
#[test]
fn individual_team_events() {
    let mut log = Log {
        journal: Journal::default(),
        seq: 0,
    };
    log.ok(Event::EventCreated {
        name: "Grodno".into(),
    });
    let rule = CompositionRule {
        min_members: Some(4),
        max_members: Some(4),
        men: SexLimit::exactly(3),
        women: SexLimit::exactly(1),
        ..CompositionRule::default()
    };
    log.ok(Event::SectionCreated {
        code: "T".into(),
        config: SectionConfig {
            avoid_team_pairings: true,
            composition: Some(rule),
            ..SectionConfig::new(9)
        },
    });
    let add = |id: u32, sex| Event::PlayerRegistered {
        id,
        section: "T".into(),
        player: Player {
            team: Some("Lida".into()),
            ..player(&format!("P{id}"), 2000, sex)
        },
    };
    for id in 1..=3 {
        log.ok(add(id, Sex::Male));
    }
    assert_eq!(
        log.push(add(4, Sex::Male)).unwrap_err().to_string(),
        "team 'Lida' has 4 men; the rules ask for exactly 3 (team rule: 3 men + 1 woman)"
    );
    log.ok(Event::PlayerRegistered {
        id: 4,
        section: "T".into(),
        player: player("Other", 1500, Sex::Male),
    });
    let e = log
        .push(Event::RoundPaired {
            section: "T".into(),
            round: 1,
            system: "dutch".into(),
            engine: "test".into(),
            tpn_order: vec![1, 2, 3, 4],
            input: Box::default(),
            boards: vec![],
            bye: None,
            override_rules: false,
        })
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "team 'Lida' has 3 members; the rules ask for exactly 4 (team rule: 3 men + 1 woman)"
    );
    log.ok(add(5, Sex::Female));
}
