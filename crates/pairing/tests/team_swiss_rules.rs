//! The FIDE Swiss Team Pairing System (C.04.6, 2026) on small hand-made
//! rounds: every expected pairing is worked out by hand from the articles
//! named in each test.

use arbiter_model::team::{ColourPreferences, TeamSystem};
use arbiter_model::{Colour, Points, Tpn};
use arbiter_pairing::PairingError;
use arbiter_pairing::team_swiss::{self, PlayedMatch, TeamHistory, TeamRound};

use Colour::{Black as B, White as W};

/// A team with `mp` match points (and as many game points), no history.
fn team(tpn: Tpn, mp: i32) -> TeamHistory {
    TeamHistory {
        tpn,
        to_pair: true,
        primary: Points::from_whole(mp),
        secondary: Points::from_whole(mp),
        played: Vec::new(),
        bye_barred: false,
        floated_last_round: false,
    }
}

/// `t` with matches played against `opponents` with the board-1 colours given.
fn played(mut t: TeamHistory, matches: &[(Tpn, Colour)]) -> TeamHistory {
    t.played = matches
        .iter()
        .map(|&(opponent, colour)| PlayedMatch { opponent, colour })
        .collect();
    t
}

/// `t` that has met `opponents` (colours alternating from White).
fn met(t: TeamHistory, opponents: &[Tpn]) -> TeamHistory {
    let matches: Vec<(Tpn, Colour)> = opponents
        .iter()
        .enumerate()
        .map(|(i, &o)| (o, if i % 2 == 0 { W } else { B }))
        .collect();
    played(t, &matches)
}

fn floated(mut t: TeamHistory) -> TeamHistory {
    t.floated_last_round = true;
    t
}

/// The ETT26 code (record 192) of a competition with these preferences,
/// match points primary and game points for colours.
fn system(preferences: ColourPreferences) -> TeamSystem {
    let code = match preferences {
        ColourPreferences::TypeA => "FIDE_TEAM_TYPEA_MP_GP",
        ColourPreferences::TypeB => "FIDE_TEAM_TYPEB_MP_GP",
        ColourPreferences::None => "FIDE_TEAM_MP_GP",
    };
    let system: TeamSystem = code.parse().expect("an ETT26 team code");
    assert_eq!(system.preferences, preferences);
    system
}

fn round(
    round: u32,
    total: u32,
    preferences: ColourPreferences,
    teams: Vec<TeamHistory>,
) -> TeamRound {
    TeamRound {
        round,
        total_rounds: total,
        initial_colour: Some(W),
        system: system(preferences),
        teams,
        forbidden: Vec::new(),
    }
}

/// The matches as (white, black) in board order, and the bye.
fn pairing(input: &TeamRound) -> (Vec<(Tpn, Tpn)>, Option<Tpn>) {
    let p = team_swiss::pair(input).expect("a legal pairing");
    (p.boards.iter().map(|b| (b.white, b.black)).collect(), p.bye)
}

/// The matches as unordered pairs (smaller TPN first), sorted.
fn pairs(input: &TeamRound) -> Vec<(Tpn, Tpn)> {
    let (boards, _) = pairing(input);
    let mut out: Vec<(Tpn, Tpn)> = boards.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
    out.sort_unstable();
    out
}

#[test]
fn round_one_pairs_the_first_half_against_the_second_with_colours_by_tpn_parity() {
    // Art. 3.6: the first identifier of six teams is 1 2 3 4 5 6 (1-4, 2-5,
    // 3-6). Art. 4.3.1 with initial colour White: odd first-teams (1, 3)
    // White, even (2) Black. Boards: equal scores, so by the smaller TPN.
    let input = round(
        1,
        5,
        ColourPreferences::TypeA,
        (1..=6).map(|t| team(t, 0)).collect(),
    );
    assert_eq!(pairing(&input), (vec![(1, 4), (5, 2), (3, 6)], None));
    let mut black = input.clone();
    black.initial_colour = Some(B);
    assert_eq!(pairing(&black), (vec![(4, 1), (2, 5), (6, 3)], None));
}

#[test]
fn absent_teams_keep_their_numbers() {
    // Team 2 absent: 1 3 4 5 6 7 → 1-5, 3-6, 4-7; first-team 4 is even.
    let mut teams: Vec<_> = (1..=7).map(|t| team(t, 0)).collect();
    teams[1].to_pair = false;
    let input = round(1, 5, ColourPreferences::TypeA, teams);
    assert_eq!(pairing(&input), (vec![(1, 5), (3, 6), (7, 4)], None));
}

#[test]
fn the_bye_goes_first_to_the_lowest_score_then_most_matches_then_largest_tpn() {
    // Art. 3.4.4: round 1 of five teams, all equal: TPN 5.
    let input = round(
        1,
        5,
        ColourPreferences::None,
        (1..=5).map(|t| team(t, 0)).collect(),
    );
    assert_eq!(pairing(&input), (vec![(1, 3), (4, 2)], Some(5)));
    // Art. 3.4.2 / 3.4.3: teams 4 and 5 share the lowest score, 4 played
    // one match more (5 won one by forfeit: no match played over the board).
    let teams = vec![
        met(team(1, 4), &[4, 2]),
        met(team(2, 2), &[3, 1]),
        met(team(3, 2), &[2, 5]),
        met(team(4, 1), &[1, 5]),
        met(team(5, 1), &[3]),
    ];
    let input = round(3, 5, ColourPreferences::None, teams);
    assert_eq!(pairing(&input).1, Some(4));
}

#[test]
fn c2_bars_teams_that_had_a_bye_or_a_forfeit_win() {
    // Art. 2.1.2: team 5 had the bye, team 4 won by forfeit: 3 gets it.
    let mut teams: Vec<_> = (1..=5).map(|t| team(t, 1)).collect();
    teams[4].bye_barred = true;
    teams[3].bye_barred = true;
    let input = round(2, 5, ColourPreferences::None, teams);
    assert_eq!(pairing(&input).1, Some(3));
}

#[test]
fn the_bye_must_leave_the_others_pairable() {
    // Art. 3.4.1: 5 has the lowest score, but 1-2, 1-4 and 2-4 have met:
    // without 5, the teams 1, 2, 4 would all need 3 as partner. Team 4
    // (next lowest) leaves {1, 2, 3, 5}: legal. Then 1 and 2 (met) need two
    // upfloaters, 3 and 5: first identifier 1 2 3 5 (1-3, 2-5).
    let teams = vec![
        met(team(1, 4), &[2, 4]),
        met(team(2, 4), &[1, 4]),
        team(3, 3),
        met(team(4, 2), &[1, 2]),
        team(5, 0),
    ];
    let input = round(3, 5, ColourPreferences::None, teams);
    let (_, bye) = pairing(&input);
    assert_eq!(bye, Some(4));
    assert_eq!(pairs(&input), vec![(1, 3), (2, 5)]);
}

/// Residents 10, 11, 12 on 4 points have all met: they need three
/// upfloaters. 2, 6, 8 have 3 points; 1, 3, 5 have 2.5 (tenths: 25).
fn art_3_5_4_example(eight_met_the_residents: bool) -> TeamRound {
    let mut teams = vec![
        met(team(10, 4), &[11, 12]),
        met(team(11, 4), &[10, 12]),
        met(team(12, 4), &[10, 11]),
        team(2, 3),
        team(6, 3),
        team(8, 3),
        team(1, 0),
        team(3, 0),
        team(5, 0),
    ];
    for t in &mut teams[6..] {
        t.primary = Points(25);
        t.secondary = Points(25);
    }
    if eight_met_the_residents {
        teams[5] = met(team(8, 3), &[10, 11, 12]);
        for t in &mut teams[..3] {
            let colour = if t.played.len() % 2 == 0 { W } else { B };
            t.played.push(PlayedMatch {
                opponent: 8,
                colour,
            });
        }
    }
    round(4, 9, ColourPreferences::None, teams)
}

#[test]
fn c5_prefers_the_highest_scored_upfloaters_then_the_lexicographic_set() {
    // Nine teams: the bye first (art. 3.4: 2.5 points, largest TPN: 5).
    // [C4]: three upfloaters. [C5]: {2, 6, 8}, all on 3 points, is the best
    // profile and legal. Bracket {2, 6, 8, 10, 11, 12}: each resident needs
    // an upfloater; first identifier 2 6 8 10 11 12. Then 1-3.
    let input = art_3_5_4_example(false);
    assert_eq!(pairing(&input).1, Some(5));
    assert_eq!(pairs(&input), vec![(1, 3), (2, 10), (6, 11), (8, 12)]);
}

#[test]
fn art_3_5_4_order_when_the_best_profile_is_illegal() {
    // 8 has met every resident: no set with 8 is legal, so profile
    // {3, 3, 3} fails and {3, 3, 2.5} sets come in the example's order
    // {2,6,1} < {2,6,3} < … (5 has the bye): {2, 6, 1} is legal, leaves
    // {3, 8} pairable and the following scoregroup {8} pairable with one
    // upfloater (3) — [C6]. Bracket 1 2 6 10 11 12: 1-10, 2-11, 6-12.
    let input = art_3_5_4_example(true);
    assert_eq!(pairing(&input).1, Some(5));
    assert_eq!(pairs(&input), vec![(1, 10), (2, 11), (3, 8), (6, 12)]);
}

/// Team 10 alone on 4 points; 2, 6, 8 on 3; 1, 3 on 2; 6-8 have met.
fn c6_field() -> Vec<TeamHistory> {
    vec![
        team(10, 4),
        team(2, 3),
        met(team(6, 3), &[8]),
        met(team(8, 3), &[6]),
        team(1, 2),
        team(3, 2),
    ]
}

#[test]
fn c6_keeps_the_following_scoregroup_pairable() {
    // One upfloater for 10 from the 3-pointers; {2} comes first but leaves
    // {6, 8}, who have met, unpairable without upfloaters: [C6] fails.
    // {6} leaves {2, 8}: chosen. Then 2-8 and 1-3.
    let input = round(3, 9, ColourPreferences::None, c6_field());
    assert_eq!(pairs(&input), vec![(1, 3), (2, 8), (6, 10)]);
}

#[test]
fn c7_prefers_upfloaters_that_did_not_float_last_round() {
    // As above but 6-8 have not met: {2} would be first; 2 floated in the
    // previous round, 6 did not: [C7] takes 6. In the last two rounds [C7]
    // does not apply: 2.
    let mut teams = c6_field();
    teams[1] = floated(team(2, 3));
    teams[2] = team(6, 3);
    teams[3] = team(8, 3);
    let input = round(3, 9, ColourPreferences::None, teams.clone());
    assert_eq!(pairs(&input), vec![(1, 3), (2, 8), (6, 10)]);
    let late = round(8, 9, ColourPreferences::None, teams);
    assert_eq!(pairs(&late), vec![(1, 3), (2, 10), (6, 8)]);
}

#[test]
fn c8_comes_before_the_identifier() {
    // Four teams on 2 points. 1 and 3 had Black twice (prefer White), 2 and
    // 4 White twice (prefer Black). Identifier order: 1-3 2-4 (C8 = 2),
    // 1-4 2-3 (C8 = 0), 1-2 3-4 (C8 = 0): 1-4, 2-3. Colours by 4.3.3.
    let teams = vec![
        played(team(1, 2), &[(5, B), (6, B)]),
        played(team(2, 2), &[(7, W), (8, W)]),
        played(team(3, 2), &[(6, B), (5, B)]),
        played(team(4, 2), &[(8, W), (7, W)]),
    ];
    let input = round(3, 9, ColourPreferences::TypeA, teams.clone());
    assert_eq!(pairing(&input), (vec![(1, 4), (3, 2)], None));
    // Without colour preferences the first identifier stands; equal
    // histories, so 4.3.8: the first-team (smaller TPN) alternates its last
    // colour (1 had Black: White; 2 had White: Black).
    let input = round(3, 9, ColourPreferences::None, teams);
    assert_eq!(pairing(&input), (vec![(1, 3), (4, 2)], None));
}

#[test]
fn c9_counts_unmet_strong_preferences_in_type_b() {
    // Type B: 1 and 3 strong White (BB), 4 mild White (B), 2 none (no match).
    // 1-3 2-4: C8 1, C9 1. 1-4 2-3: C8 1, C9 0. 1-2 3-4: C8 1, C9 0, later
    // identifier. So 1-4 (4.3.4: 1 strong gets White) and 2-3 (4.3.2).
    let teams = vec![
        played(team(1, 2), &[(5, B), (6, B)]),
        team(2, 2),
        played(team(3, 2), &[(6, B), (5, B)]),
        played(team(4, 2), &[(8, B)]),
    ];
    let input = round(3, 9, ColourPreferences::TypeB, teams);
    assert_eq!(pairing(&input), (vec![(1, 4), (3, 2)], None));
}

#[test]
fn c10_avoids_giving_an_upfloater_an_opponent_that_floated() {
    // 10, 11, 12 on 3 points, 2, 3, 4 on 1: one upfloater, 2. Bracket
    // 2 10 11 12: identifiers 2 10 11 12 (2-11, 10-12), 2 10 12 11 (2-12,
    // 10-11), 2 11 10 12 (2-10, 11-12). 11 floated last round: [C10] rules
    // out 2-11, so 2-12, 10-11. In the last two rounds: 2-11, 10-12.
    let teams = vec![
        team(10, 3),
        floated(team(11, 3)),
        team(12, 3),
        team(2, 1),
        team(3, 1),
        team(4, 1),
    ];
    let input = round(4, 9, ColourPreferences::None, teams.clone());
    assert_eq!(pairs(&input), vec![(2, 12), (3, 4), (10, 11)]);
    let late = round(9, 9, ColourPreferences::None, teams);
    assert_eq!(pairs(&late), vec![(2, 11), (3, 4), (10, 12)]);
}

/// Two teams meeting; `first` is the history of team 1, `second` of team 2.
fn duel(first: &[(Tpn, Colour)], second: &[(Tpn, Colour)]) -> TeamRound {
    round(
        5,
        9,
        ColourPreferences::TypeA,
        vec![played(team(1, 3), first), played(team(2, 3), second)],
    )
}

#[test]
fn colour_rules_of_art_4_3() {
    let white_of = |input: &TeamRound| pairing(input).0[0].0;
    // 4.3.2 only team 2 has a preference (White: BB).
    assert_eq!(white_of(&duel(&[(3, W)], &[(4, B), (5, B)])), 2);
    // 4.3.3 opposite preferences.
    assert_eq!(white_of(&duel(&[(3, W), (4, W)], &[(5, B), (6, B)])), 2);
    // Same preference (both White, BB): 4.3.5 lower CD: team 2 (−3 < −2).
    assert_eq!(
        white_of(&duel(&[(3, B), (4, B)], &[(5, B), (6, B), (7, B)])),
        2
    );
    // No preferences, equal CD: 4.3.6 alternate from the most recent played
    // match in which they differed, counted back from the last: the third
    // last (1 Black, 2 White) → 1 White.
    assert_eq!(
        white_of(&duel(
            &[(3, W), (4, B), (5, W), (6, B)],
            &[(7, B), (8, W), (9, W), (10, B)]
        )),
        1
    );
    assert_eq!(white_of(&duel(&[(3, W), (4, B)], &[(5, B), (6, W)])), 1);
    // Identical histories: 4.3.7 (none), 4.3.8 first-team (1, smaller TPN)
    // alternates its last colour: last White → Black.
    assert_eq!(white_of(&duel(&[(3, B), (4, W)], &[(5, B), (6, W)])), 2);
    // 4.3.9: the first-team has no played match, the other had White last:
    // it gets Black.
    assert_eq!(white_of(&duel(&[], &[(5, W)])), 1);
}

#[test]
fn the_first_team_is_decided_by_the_secondary_score_when_used() {
    // Equal primary, equal histories ending in White: 4.3.8 gives the
    // first-team Black. Team 2 has more game points: it is the first-team
    // (art. 4.2.2) unless the rules do not use the secondary score.
    let mut input = duel(&[(3, B), (4, W)], &[(5, B), (6, W)]);
    input.teams[1].secondary = Points::from_whole(9);
    assert_eq!(pairing(&input).0, vec![(1, 2)]);
    input.system.secondary_for_colours = None;
    assert_eq!(pairing(&input).0, vec![(2, 1)]);
}

#[test]
fn boards_go_by_the_higher_score_then_the_sum_then_the_tpn() {
    // 1 (4) - 2 (2) upfloat pair, 3 (4) - 4 (4): 3-4 first (max 4, sum 8),
    // then 1-2 (max 4, sum 6), then 5-6 (2, 2).
    let teams = vec![
        met(team(1, 4), &[3, 4]),
        team(2, 2),
        met(team(3, 4), &[1]),
        met(team(4, 4), &[1]),
        team(5, 2),
        team(6, 2),
    ];
    let input = round(3, 9, ColourPreferences::None, teams);
    let (boards, _) = pairing(&input);
    let unordered: Vec<(Tpn, Tpn)> = boards.iter().map(|&(w, b)| (w.min(b), w.max(b))).collect();
    assert_eq!(unordered, vec![(3, 4), (1, 2), (5, 6)]);
}

#[test]
fn forbidden_pairs_are_never_paired() {
    let mut input = round(
        1,
        5,
        ColourPreferences::None,
        (1..=4).map(|t| team(t, 0)).collect(),
    );
    input.forbidden = vec![(1, 3)];
    assert_eq!(pairs(&input), vec![(1, 4), (2, 3)]);
    input.forbidden = vec![(1, 3), (1, 4), (1, 2)];
    assert_eq!(
        team_swiss::pair(&input),
        Err(PairingError::NoValidPairing { round: 1 })
    );
}

#[test]
fn no_legal_pairing_is_reported_not_relaxed() {
    // Art. 3.3.3: two teams that have met.
    let input = round(
        2,
        5,
        ColourPreferences::None,
        vec![met(team(1, 2), &[2]), met(team(2, 0), &[1])],
    );
    assert_eq!(
        team_swiss::pair(&input),
        Err(PairingError::NoValidPairing { round: 2 })
    );
    // Three teams, every one barred from the bye.
    let mut teams: Vec<_> = (1..=3).map(|t| team(t, 1)).collect();
    for t in &mut teams {
        t.bye_barred = true;
    }
    let input = round(2, 5, ColourPreferences::None, teams);
    assert_eq!(
        team_swiss::pair(&input),
        Err(PairingError::NoValidPairing { round: 2 })
    );
}

#[test]
fn the_initial_colour_is_required_only_when_art_4_3_1_applies() {
    let mut input = round(
        1,
        5,
        ColourPreferences::TypeA,
        (1..=2).map(|t| team(t, 0)).collect(),
    );
    input.initial_colour = None;
    assert!(matches!(
        team_swiss::pair(&input),
        Err(PairingError::InvalidInput(_))
    ));
    let mut later = duel(&[(3, W)], &[(4, B)]);
    later.initial_colour = None;
    assert!(team_swiss::pair(&later).is_ok());
}
