//! Pairing, manual changes, results, undo and the drawing of lots. Boards
//! are computed by hand from the rules cited.

mod common;

use arbiter_desk::{ErrorKind, SetPairing};
use arbiter_model::journal::GameResult;
use common::{boards, entries, finish_round, memory, origin, players};

/// C.04.3, four players rated in id order, initial colour White: S1 = {1,
/// 2}, S2 = {3, 4}; 1-3 and 2-4, TPN 1 White, TPN 2 Black.
#[test]
fn the_dutch_round_one_and_the_rule_of_complete_rounds() {
    let mut desk = memory("dutch", 3);
    players(&mut desk, 4);
    let view = desk.pair_next_round(&origin(), None).unwrap();
    assert_eq!(boards(&view), [(1, 1, 3), (2, 4, 2)]);
    assert_eq!(view.heading.to_string(), "Open — section main — round 1");
    let e = desk.pair_next_round(&origin(), None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert!(
        e.to_string()
            .contains("2 result(s) of round 1 are missing (boards 1, 2)"),
        "{e}"
    );

    let first = desk.record_result(&origin(), None, 1, 1, "-/-").unwrap();
    assert_eq!(
        (first.white.id, first.black.id, first.previous),
        (1, 3, None)
    );
    let corrected = desk.record_result(&origin(), None, 1, 1, "1-0").unwrap();
    assert_eq!(corrected.previous, Some(GameResult::DoubleForfeit));
    let before = entries(&mut desk);
    let same = desk.record_result(&origin(), None, 1, 1, "1-0").unwrap();
    assert_eq!(same.previous, Some(GameResult::WhiteWins));
    assert_eq!(
        entries(&mut desk),
        before,
        "the same result again records nothing"
    );
    for (board, result, kind) in [
        (3, "1-0", ErrorKind::NotFound),
        (2, "2-0", ErrorKind::InvalidInput),
    ] {
        let e = desk
            .record_result(&origin(), None, 1, board, result)
            .unwrap_err();
        assert_eq!(e.kind(), kind, "{e}");
    }
    assert_eq!(
        desk.record_result(&origin(), None, 2, 1, "1-0")
            .unwrap_err()
            .kind(),
        ErrorKind::NotFound
    );
}

/// C.04.1 Art. 2: with 1-3 forbidden, the next transposition of S2 pairs
/// 1-4 and 2-3 (TPN 2 Black).
#[test]
fn a_forbidden_pair_is_never_paired() {
    let mut desk = memory("dutch", 3);
    players(&mut desk, 4);
    desk.forbid(&origin(), 1, 3).unwrap();
    let view = desk.pair_next_round(&origin(), None).unwrap();
    assert_eq!(boards(&view), [(1, 1, 4), (2, 3, 2)]);
}

/// Five players: the lowest-ranked gets the PAB (C.04.3 C5), shown as the
/// board after the last.
#[test]
fn the_pab_and_no_valid_pairing() {
    let mut desk = memory("dutch", 3);
    players(&mut desk, 5);
    let view = desk.pair_next_round(&origin(), None).unwrap();
    assert_eq!(view.bye.as_ref().map(|s| s.player.id), Some(5));
    assert_eq!(boards(&view).last(), Some(&(3, 5, 0)));
    let e = desk
        .record_result(&origin(), None, 1, 3, "1-0")
        .unwrap_err();
    assert!(e.to_string().contains("pairing-allocated bye"), "{e}");

    // Two players met in round 1: round 2 has no valid pairing.
    let mut two = memory("dutch", 3);
    players(&mut two, 2);
    two.pair_next_round(&origin(), None).unwrap();
    finish_round(&mut two, 1, "1/2");
    let before = entries(&mut two);
    let e = two.pair_next_round(&origin(), None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NoValidPairing, "{e}");
    assert_eq!(entries(&mut two), before);
}

/// Issue 10 item 15: a manual board lists the boards it dissolved; a
/// rematch needs the override, which the log shows.
#[test]
fn a_manual_board_lists_what_it_dissolved() {
    let mut desk = memory("dutch", 3);
    players(&mut desk, 4);
    desk.pair_next_round(&origin(), None).unwrap();
    let set = |white, black, board, override_rules| SetPairing {
        section: None,
        round: 1,
        board,
        white,
        black,
        override_rules,
    };
    // Round 1 is 1-3, 4-2. Board 1 becomes 1-2: board 1 (1-3) is replaced,
    // board 2 (4-2) loses player 2; 3 and 4 are left without opponents.
    let done = desk
        .set_pairing(&origin(), &set(1, Some(2), 1, false))
        .unwrap();
    let dissolved: Vec<(u32, u32, u32)> = done
        .dissolved
        .iter()
        .map(|d| (d.board, d.white.id, d.black.id))
        .collect();
    assert_eq!(dissolved, [(1, 1, 3), (2, 4, 2)]);
    let left: Vec<u32> = done.left_unpaired.iter().map(|p| p.id).collect();
    assert_eq!(left, [3, 4]);
    assert_eq!(boards(&done.round), [(1, 1, 2)]);
    assert!(done.round.edited);
    let done = desk
        .set_pairing(&origin(), &set(3, Some(4), 2, false))
        .unwrap();
    assert!(done.dissolved.is_empty() && done.left_unpaired.is_empty());
    assert_eq!(boards(&done.round), [(1, 1, 2), (2, 3, 4)]);
    finish_round(&mut desk, 1, "1/2");

    desk.pair_next_round(&origin(), None).unwrap();
    let mut round2 = set(2, Some(1), 1, false);
    round2.round = 2;
    let e = desk.set_pairing(&origin(), &round2).unwrap_err();
    assert!(e.is_overridable(), "{e}");
    assert!(
        e.to_string().contains("have already played each other"),
        "{e}"
    );
    round2.override_rules = true;
    assert!(desk.set_pairing(&origin(), &round2).unwrap().override_rules);
    let log = desk.log().unwrap();
    let last = &log.last().unwrap().entries[0].summary;
    assert!(
        last.contains("OVERRIDE") && last.contains("engine proposed"),
        "{last}"
    );
}

/// Spec 04 §2 (n = 4): round 1 is 1-4, 2-3. An absent player keeps his
/// board and loses it by forfeit (spec 04 §6); a round robin has no PAB.
#[test]
fn a_round_robin_keeps_the_schedule() {
    let mut desk = memory("round-robin", 3);
    players(&mut desk, 4);
    desk.request_bye(&origin(), 2, 1, "zero").unwrap();
    let view = desk.pair_next_round(&origin(), None).unwrap();
    assert_eq!(boards(&view), [(1, 1, 4), (2, 2, 3)]);
    assert_eq!(view.boards[1].result, Some(GameResult::BlackForfeitWin));
    assert_eq!(view.boards[0].result, None);
    assert!(view.bye.is_none());
}

/// Undo cancels whole commands: the export is the one before them.
#[test]
fn undo_restores_the_export() {
    let mut desk = memory("dutch", 3);
    players(&mut desk, 4);
    let saved = desk.export_trf(None).unwrap().text;
    desk.pair_next_round(&origin(), None).unwrap();
    finish_round(&mut desk, 1, "1-0");
    for _ in 0..3 {
        desk.undo(&origin()).unwrap();
    }
    assert_eq!(desk.export_trf(None).unwrap().text, saved);
    let log = desk.log().unwrap();
    assert_eq!(
        log.iter()
            .flat_map(|c| &c.entries)
            .filter(|e| e.undone_by.is_some())
            .count(),
        3
    );
    for _ in 0..4 {
        desk.undo(&origin()).unwrap();
    }
    let e = desk.undo(&origin()).unwrap_err();
    assert!(e.to_string().contains("nothing to undo"), "{e}");
}

/// Issue 9 item 7: lots drawn with a seed are journaled and reproducible;
/// the Italo-Swiss round 1 pairs lot 1-2, 3-4, … (spec 06 §3.4) and keeps
/// the lots; drawing is refused once round 1 is paired, and for the Dutch
/// system.
#[test]
fn the_drawing_of_lots() {
    let draw = |seed| {
        let mut desk = memory("italo-swiss", 5);
        players(&mut desk, 6);
        let drawn = desk.draw_lots(&origin(), None, Some(seed)).unwrap();
        (desk, drawn)
    };
    let (mut desk, drawn) = draw("1530");
    let (_, again) = draw("1530");
    let lots: Vec<u32> = drawn.numbers.iter().map(|p| p.id).collect();
    assert_eq!(lots, again.numbers.iter().map(|p| p.id).collect::<Vec<_>>());
    let mut sorted = lots.clone();
    sorted.sort();
    assert_eq!(sorted, [1, 2, 3, 4, 5, 6]);
    assert_eq!(drawn.seed, 1530);
    assert_eq!(desk.summary().sections[0].lots_seed, Some(1530));
    let tpns: Vec<u32> = desk
        .players(None)
        .unwrap()
        .rows
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(tpns, lots, "TPN n is the player who drew n");
    let view = desk.pair_next_round(&origin(), None).unwrap();
    let pairs: Vec<(u32, u32)> = view
        .boards
        .iter()
        .map(|b| (b.white.player.id, b.black.player.id))
        .collect();
    assert_eq!(
        pairs,
        [(lots[0], lots[1]), (lots[2], lots[3]), (lots[4], lots[5])]
    );
    let e = desk.draw_lots(&origin(), None, Some("7")).unwrap_err();
    assert!(e.to_string().contains("round 1 is already paired"), "{e}");
    let e = desk.draw_lots(&origin(), None, Some("x")).unwrap_err();
    assert_eq!(e.field(), Some("seed"));

    let mut dutch = memory("dutch", 5);
    players(&mut dutch, 4);
    let e = dutch.draw_lots(&origin(), None, Some("1")).unwrap_err();
    assert!(e.to_string().contains("initial ranking"), "{e}");
}
