//! Tests of the journal: TPNs, duplicate ids, results, undo, manual pairings.

use super::*;

mod registration;
use crate::player::{Colour, Player};
use crate::points::Points;
use crate::round_entry::{ByeKind, RoundEntry};
use crate::system::System;

fn config() -> SectionConfig {
    SectionConfig {
        tiebreaks: vec!["BH".into()],
        avoid_team_pairings: true,
        ..SectionConfig::new(9)
    }
}

fn player(name: &str, rating: u16, fide_id: Option<u64>, team: Option<&str>) -> Player {
    Player {
        name: name.into(),
        ratings: crate::player::Ratings {
            fide: Some(rating),
            ..Default::default()
        },
        fide_id,
        team: team.map(str::to_string),
        ..Player::default()
    }
}

fn journal() -> Journal {
    let mut j = Journal::default();
    let mut seq = 0;
    let mut push = |j: &mut Journal, e| {
        seq += 1;
        j.push(seq, e).unwrap();
    };
    push(
        &mut j,
        Event::EventCreated {
            name: "Open".into(),
        },
    );
    push(
        &mut j,
        Event::SectionCreated {
            code: "A".into(),
            config: config(),
        },
    );
    for (id, (name, rating, team)) in [
        ("Bravo", 1800, Some("X")),
        ("Alpha", 2000, Some("X")),
        ("Delta", 1800, None),
        ("Charlie", 1500, None),
    ]
    .into_iter()
    .enumerate()
    {
        push(
            &mut j,
            Event::PlayerRegistered {
                id: id as u32 + 1,
                section: "A".into(),
                player: player(name, rating, Some(100 + id as u64), team),
            },
        );
    }
    j
}

#[test]
fn tpns_follow_the_initial_ranking() {
    let j = journal();
    let s = j.state().section(None).unwrap();
    // Alpha 2000, then Bravo/Delta 1800 by name, then Charlie 1500.
    assert_eq!(j.state().tpn_order_for(s, 1), vec![2, 1, 3, 4]);
}

#[test]
fn duplicate_fide_id_is_refused() {
    let mut j = journal();
    let e = Event::PlayerRegistered {
        id: 9,
        section: "A".into(),
        player: player("Echo", 1000, Some(101), None),
    };
    assert!(matches!(
        j.push(99, e),
        Err(JournalError::DuplicateFideId { existing: 2, .. })
    ));
}

fn pair_round_one(j: &mut Journal, seq: u64) {
    let s = j.state().section(None).unwrap();
    let order = j.state().tpn_order_for(s, 1);
    let input = j.state().pairing_input(s, 1, &order);
    j.push(
        seq,
        Event::RoundPaired {
            section: "A".into(),
            round: 1,
            system: "dutch".into(),
            engine: "test".into(),
            tpn_order: order,
            input: Box::new(input),
            boards: vec![
                BoardPair { white: 2, black: 3 },
                BoardPair { white: 4, black: 1 },
            ],
            bye: None,
            override_rules: false,
        },
    )
    .unwrap();
}

#[test]
fn results_fold_into_round_entries_and_undo_restores() {
    let mut j = journal();
    let before = j.state().clone();
    pair_round_one(&mut j, 10);
    let result = |board, result| Event::ResultRecorded {
        section: "A".into(),
        round: 1,
        board,
        result,
    };
    j.push(11, result(1, GameResult::WhiteWins)).unwrap();
    assert!(matches!(
        j.clone().push(
            12,
            Event::RoundPaired {
                section: "A".into(),
                round: 2,
                system: "dutch".into(),
                engine: "test".into(),
                tpn_order: vec![2, 1, 3, 4],
                input: Box::default(),
                boards: vec![],
                bye: None,
                override_rules: false,
            }
        ),
        Err(JournalError::ResultsMissing { missing: 1, .. })
    ));
    assert!(matches!(
        j.clone().push(12, result(3, GameResult::Draw)),
        Err(JournalError::UnknownBoard { boards: 2, .. })
    ));
    j.push(12, result(2, GameResult::BlackForfeitWin)).unwrap();
    let s = j.state().section(None).unwrap();
    let t = j.state().tournament(s, 1);
    // TPNs: 1 = Alpha (id 2), 2 = Bravo (id 1), 3 = Delta (3), 4 = Charlie (4).
    assert_eq!(t.score_after(1, 1), Points::ONE);
    assert_eq!(t.score_after(2, 1), Points::ONE);
    assert_eq!(
        t.entrant(4).unwrap().rounds[0],
        RoundEntry::Forfeit {
            opponent: Some(2),
            colour: Some(Colour::White),
            won: false
        }
    );
    // Alpha and Bravo are team-mates.
    assert!(t.is_forbidden(1, 2, 2));
    for target in [12, 11, 10] {
        assert_eq!(j.undo_target(), Ok(target));
        j.push(100 + target, Event::Undone { seq: target }).unwrap();
    }
    assert_eq!(j.state(), &before);
}

#[test]
fn tpns_freeze_after_round_four_and_late_entries_are_inserted() {
    let mut j = journal();
    let mut seq = 10;
    for round in 1..=4 {
        let s = j.state().section(None).unwrap();
        let order = j.state().tpn_order_for(s, round);
        let mut next = |j: &mut Journal, e| {
            seq += 1;
            j.push(seq, e).unwrap();
        };
        next(
            &mut j,
            Event::RoundPaired {
                section: "A".into(),
                round,
                system: "dutch".into(),
                engine: "test".into(),
                tpn_order: order,
                input: Box::default(),
                boards: vec![
                    BoardPair { white: 1, black: 3 },
                    BoardPair { white: 2, black: 4 },
                ],
                bye: None,
                // The same boards every round: this test is about numbers,
                // so the rematches are accepted by override.
                override_rules: true,
            },
        );
        for board in 1..=2 {
            next(
                &mut j,
                Event::ResultRecorded {
                    section: "A".into(),
                    round,
                    board,
                    result: GameResult::Draw,
                },
            );
        }
    }
    // Charlie's rating is corrected to the top, and Foxtrot arrives.
    let mut charlie = j.state().player(4).unwrap().player.clone();
    charlie.ratings.fide = Some(2500);
    j.push(
        100,
        Event::PlayerUpdated {
            id: 4,
            player: charlie,
        },
    )
    .unwrap();
    j.push(
        101,
        Event::PlayerRegistered {
            id: 5,
            section: "A".into(),
            player: player("Foxtrot", 1900, None, None),
        },
    )
    .unwrap();
    let s = j.state().section(None).unwrap();
    // Before round 4 the ranking is redone (Art. 2.3)...
    assert_eq!(j.state().tpn_order_for(s, 4), vec![4, 2, 5, 1, 3]);
    // ...from round 5 the order is frozen; Foxtrot (1900) goes between
    // Alpha (2000) and Bravo (1800) (Art. 2.4).
    assert_eq!(j.state().tpn_order_for(s, 5), vec![2, 5, 1, 3, 4]);
    let t = j.state().tournament(s, 4);
    assert_eq!(t.entrants[1].player.name, "Foxtrot");
    assert_eq!(
        t.entrants[1].rounds,
        vec![RoundEntry::Bye(ByeKind::Zero); 4]
    );
    assert_eq!(t.score_after(1, 4), Points(20));
}

#[test]
fn manual_pairing_of_team_mates_needs_override() {
    let mut j = journal();
    pair_round_one(&mut j, 10);
    let edit = |override_rules| Event::PairingEdited {
        section: "A".into(),
        round: 1,
        board: 1,
        white: 2,
        black: Some(1),
        override_rules,
    };
    assert!(j.clone().push(11, edit(false)).is_err());
    j.push(11, edit(true)).unwrap();
    let rec = j.state().section(None).unwrap().round(1).unwrap();
    assert_eq!(
        rec.boards,
        vec![BoardRecord {
            white: 2,
            black: 1,
            result: None
        }]
    );
    assert_eq!(rec.proposed_boards.len(), 2);
}

#[test]
fn lot_numbers_stay_fixed_and_late_entries_take_the_next_ones() {
    let mut j = journal();
    let mut italo = config();
    italo.system = System::ItaloSwiss;
    italo.avoid_team_pairings = false;
    j.push(
        7,
        Event::SectionConfigured {
            code: "A".into(),
            config: italo,
        },
    )
    .unwrap();
    pair_round_one(&mut j, 10);
    // Alpha (2000), Bravo, Delta (1800), Charlie (1500) drew lots 1-4 by
    // the ranking. Charlie's rating is corrected and Foxtrot arrives: the
    // lots stay and Foxtrot takes lot 5 (spec 06 §3.2, §3.9), although a
    // Dutch section would renumber before round 2.
    let mut charlie = j.state().player(4).unwrap().player.clone();
    charlie.ratings.fide = Some(2500);
    j.push(
        11,
        Event::PlayerUpdated {
            id: 4,
            player: charlie,
        },
    )
    .unwrap();
    j.push(
        12,
        Event::PlayerRegistered {
            id: 5,
            section: "A".into(),
            player: player("Foxtrot", 1900, None, None),
        },
    )
    .unwrap();
    let s = j.state().section(None).unwrap();
    assert_eq!(j.state().tpn_order_for(s, 2), vec![2, 1, 3, 4, 5]);
    assert_eq!(j.state().current_tpn_order(s), vec![2, 1, 3, 4, 5]);
}

/// A `RoundPaired` entry of `round` with these boards and bye.
fn paired(
    j: &Journal,
    round: u32,
    boards: &[(PlayerId, PlayerId)],
    bye: Option<PlayerId>,
) -> Event {
    let s = j.state().section(None).unwrap();
    Event::RoundPaired {
        section: "A".into(),
        round,
        system: "test".into(),
        engine: "test".into(),
        tpn_order: j.state().tpn_order_for(s, round),
        input: Box::default(),
        boards: boards
            .iter()
            .map(|&(white, black)| BoardPair { white, black })
            .collect(),
        bye,
        override_rules: false,
    }
}

fn with_override(mut e: Event) -> Event {
    if let Event::RoundPaired { override_rules, .. } = &mut e {
        *override_rules = true;
    }
    e
}

/// Records `results` on the boards of `round`, in board order.
fn results(j: &mut Journal, seq: &mut u64, round: u32, results: &[GameResult]) {
    for (i, result) in results.iter().enumerate() {
        *seq += 1;
        j.push(
            *seq,
            Event::ResultRecorded {
                section: "A".into(),
                round,
                board: i as u32 + 1,
                result: *result,
            },
        )
        .unwrap();
    }
}

fn set_system(j: &mut Journal, seq: &mut u64, system: System, avoid_team_pairings: bool) {
    *seq += 1;
    j.push(
        *seq,
        Event::SectionConfigured {
            code: "A".into(),
            config: SectionConfig {
                system,
                avoid_team_pairings,
                ..config()
            },
        },
    )
    .unwrap();
}

/// C.04.1 Art. 2 / C.04.3 C1, C3: an engine's round with a forbidden pair
/// or a rematch never reaches the journal; an override lets it in.
#[test]
fn a_round_with_a_forbidden_pair_or_a_rematch_is_refused() {
    let mut j = journal();
    let mut seq = 10;
    // Alpha (2) and Bravo (1) are team-mates of a section that keeps them apart.
    let forbidden = paired(&j, 1, &[(1, 2), (3, 4)], None);
    assert_eq!(
        j.clone().push(99, forbidden.clone()),
        Err(JournalError::ForbiddenPair { a: 1, b: 2 })
    );
    seq += 1;
    j.push(seq, paired(&j, 1, &[(1, 3), (2, 4)], None)).unwrap();
    results(
        &mut j,
        &mut seq,
        1,
        &[GameResult::Draw, GameResult::WhiteForfeitWin],
    );
    // 1-3 played; 2-4 was a forfeit, which is no meeting (C.04.2 Art. 3.5).
    let rematch = paired(&j, 2, &[(3, 1), (4, 2)], None);
    assert_eq!(
        j.clone().push(99, rematch.clone()),
        Err(JournalError::Rematch { a: 3, b: 1 })
    );
    assert!(j.clone().push(99, with_override(rematch)).is_ok());
    j.push(seq + 1, paired(&j, 2, &[(3, 2), (4, 1)], None))
        .unwrap();
}

/// C.04.3 C2: no second PAB, and none after scoring a win's points without
/// playing (a forfeit win, a full-point bye); a half-point bye does not bar.
#[test]
fn the_dutch_pab_goes_to_nobody_who_scored_a_win_without_playing() {
    let mut j = journal();
    let mut seq = 10;
    set_system(&mut j, &mut seq, System::Dutch, false);
    seq += 1;
    j.push(
        seq,
        Event::ByeRequested {
            id: 4,
            round: 1,
            kind: ByeKind::Half,
        },
    )
    .unwrap();
    seq += 1;
    j.push(seq, paired(&j, 1, &[(2, 1)], Some(3))).unwrap();
    results(&mut j, &mut seq, 1, &[GameResult::WhiteForfeitWin]);
    let refusal = |id| j.clone().push(99, paired(&j, 2, &[], Some(id)));
    // Delta (3) had the PAB, Alpha (2) a forfeit win worth a win.
    assert!(matches!(
        refusal(3),
        Err(JournalError::PabRefused { id: 3, .. })
    ));
    assert!(matches!(
        refusal(2),
        Err(JournalError::PabRefused { id: 2, .. })
    ));
    let reason = refusal(2).unwrap_err().to_string();
    assert!(reason.contains("without playing in round 1"), "{reason}");
    // Charlie's half-point bye and Bravo's forfeit loss do not bar.
    assert!(
        j.clone()
            .push(99, paired(&j, 2, &[(2, 3)], Some(4)))
            .is_ok()
    );
    assert!(
        j.clone()
            .push(99, paired(&j, 2, &[(4, 3)], Some(1)))
            .is_ok()
    );
}

/// Spec 06 §3.7: one PAB per player, nothing else bars it; spec 04 §1: a
/// round robin has no PAB.
#[test]
fn italo_swiss_and_round_robin_pab_rules() {
    let mut j = journal();
    let mut seq = 10;
    set_system(&mut j, &mut seq, System::ItaloSwiss, false);
    seq += 1;
    j.push(seq, paired(&j, 1, &[(2, 1)], Some(3))).unwrap();
    results(&mut j, &mut seq, 1, &[GameResult::WhiteForfeitWin]);
    assert!(matches!(
        j.clone().push(99, paired(&j, 2, &[(1, 4)], Some(3))),
        Err(JournalError::PabRefused { id: 3, .. })
    ));
    assert!(
        j.clone()
            .push(99, paired(&j, 2, &[(1, 3)], Some(2)))
            .is_ok()
    );

    let mut rr = journal();
    let mut seq = 10;
    set_system(&mut rr, &mut seq, System::RoundRobin, false);
    let e = paired(&rr, 1, &[(2, 1)], Some(3));
    assert!(matches!(
        rr.clone().push(99, e),
        Err(JournalError::PabRefused { id: 3, .. })
    ));
}

/// Spec 04 §4: a double round robin repeats every pair once, never twice.
#[test]
fn a_double_round_robin_allows_the_scheduled_second_meeting_only() {
    let mut j = journal();
    let mut seq = 10;
    set_system(&mut j, &mut seq, System::DoubleRoundRobin, false);
    for round in 1..=2 {
        seq += 1;
        let (w, b) = if round == 1 { (1, 2) } else { (2, 1) };
        j.push(seq, paired(&j, round, &[(w, b), (3, 4)], None))
            .unwrap();
        results(
            &mut j,
            &mut seq,
            round,
            &[GameResult::Draw, GameResult::Draw],
        );
    }
    assert_eq!(
        j.clone().push(99, paired(&j, 3, &[(1, 2), (3, 4)], None)),
        Err(JournalError::Rematch { a: 1, b: 2 })
    );
}

/// A manual board breaking a criterion needs the override; the refusal
/// says which criterion.
#[test]
fn a_manual_pab_follows_the_same_rule() {
    let mut j = journal();
    let mut seq = 10;
    set_system(&mut j, &mut seq, System::Dutch, false);
    seq += 1;
    j.push(seq, paired(&j, 1, &[(2, 1)], Some(3))).unwrap();
    results(&mut j, &mut seq, 1, &[GameResult::Draw]);
    seq += 1;
    j.push(seq, paired(&j, 2, &[(3, 2)], Some(1))).unwrap();
    let edit = |override_rules| Event::PairingEdited {
        section: "A".into(),
        round: 2,
        board: 1,
        white: 3,
        black: None,
        override_rules,
    };
    let refused = j.clone().push(99, edit(false)).unwrap_err();
    assert!(refused.is_overridable(), "{refused}");
    assert!(j.clone().push(99, edit(true)).is_ok());
}

/// Issue 12: the awards entries fold (a plan for a known section, a payment
/// from a known player, not zero), undo restores the earlier plan, and the
/// stored JSON keeps the amount as a decimal string.
#[test]
fn prize_plans_fees_and_payments_fold_and_undo() {
    let mut j = journal();
    let mut seq = j.in_force().last().map_or(0, |(s, _)| *s);
    let mut push = |j: &mut Journal, e: Event| {
        seq += 1;
        j.push(seq, e)
    };
    let plan = |text: &str| {
        Event::PrizePlanSet(PrizePlanSet {
            section: "A".into(),
            plan: text.into(),
        })
    };
    push(&mut j, plan("currency = \"EUR\"")).unwrap();
    push(&mut j, plan("currency = \"PLN\"")).unwrap();
    assert_eq!(j.state().awards.plans["A"], "currency = \"PLN\"");
    let e = push(
        &mut j,
        Event::PrizePlanSet(PrizePlanSet {
            section: "Z".into(),
            plan: "currency = \"EUR\"".into(),
        }),
    )
    .unwrap_err();
    assert_eq!(e, JournalError::UnknownSection("Z".into()));
    let payment = |id, cents| {
        Event::PaymentRecorded(Payment {
            id,
            amount: crate::money::Cents(cents),
            method: crate::money::Method::Card,
            note: Some("receipt 7".into()),
            team: false,
        })
    };
    assert_eq!(
        push(&mut j, payment(9, 500)).unwrap_err(),
        JournalError::UnknownPlayer(9)
    );
    // A team's payment names a team: player 1 is not team 1.
    let by_team = Event::PaymentRecorded(Payment {
        id: 1,
        amount: crate::money::Cents(3000),
        method: crate::money::Method::Cash,
        note: None,
        team: true,
    });
    assert_eq!(
        push(&mut j, by_team).unwrap_err(),
        JournalError::UnknownTeam(1)
    );
    assert!(push(&mut j, payment(1, 0)).is_err());
    push(&mut j, payment(1, -250)).unwrap();
    push(
        &mut j,
        Event::FeesSet(FeesSet {
            schedule: "currency = \"EUR\"\nbase = 5".into(),
        }),
    )
    .unwrap();
    assert_eq!(j.state().awards.payments.len(), 1);
    assert!(j.state().awards.fees.is_some());

    let json = serde_json::to_value(payment(1, -250)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({"type": "payment_recorded", "id": 1, "amount": "-2.50",
                           "method": "card", "note": "receipt 7"})
    );
    let back: Event = serde_json::from_value(json).unwrap();
    assert_eq!(back, payment(1, -250));

    // Undo the fees, the payment and the second plan: the first is back.
    for _ in 0..3 {
        let target = j.undo_target().unwrap();
        push(&mut j, Event::Undone { seq: target }).unwrap();
    }
    assert_eq!(j.state().awards.plans["A"], "currency = \"EUR\"");
    assert!(j.state().awards.payments.is_empty() && j.state().awards.fees.is_none());
}
