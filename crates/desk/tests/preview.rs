//! Before a round: the check-in as one command, and the next round's
//! pairing looked at before it is published.

mod common;

use arbiter_desk::{Absence, ErrorKind};
use arbiter_model::ByeKind;
use common::{boards, entries, memory, origin, player, players};

/// Six players rated 2400…2350, round 1 of the Dutch system (C.04.3: S1 =
/// TPN 1-3 against S2 = TPN 4-6 in order; the top seed has White, colours
/// alternate down the boards).
const ROUND_ONE: [(u32, u32, u32); 3] = [(1, 1, 4), (2, 5, 2), (3, 3, 6)];

#[test]
fn a_proposed_pairing_records_nothing_until_published() {
    let mut desk = memory("dutch", 5);
    players(&mut desk, 6);
    let before = entries(&mut desk);
    let proposed = desk.propose_next_round(None).unwrap();
    assert_eq!(boards(&proposed.round), ROUND_ONE);
    assert_eq!(proposed.round.heading.round, Some(1));
    assert_eq!(entries(&mut desk), before, "a proposal records nothing");
    let e = desk.pairings(None, Some(1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound, "{e}");

    let published = desk.publish_round(&origin(), None, &proposed.key).unwrap();
    assert_eq!(
        published, proposed.round,
        "what was shown is what is recorded"
    );
    assert!(entries(&mut desk) > before);
    assert_eq!(desk.summary().sections[0].rounds_paired, 1);
}

#[test]
fn a_stale_proposal_is_refused() {
    let mut desk = memory("dutch", 5);
    players(&mut desk, 6);
    let proposed = desk.propose_next_round(None).unwrap();
    // A seventh player registers: round 1 has a PAB now.
    desk.add_player(&origin(), None, &player("Late, Player", 2000))
        .unwrap();
    let before = entries(&mut desk);
    let e = desk
        .publish_round(&origin(), None, &proposed.key)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
    assert!(e.message().contains("out of date"), "{e}");
    assert_eq!(entries(&mut desk), before, "nothing recorded");
    let again = desk.propose_next_round(None).unwrap();
    assert_ne!(again.key, proposed.key);
    assert_eq!(again.round.bye.as_ref().map(|s| s.player.id), Some(7));
    desk.publish_round(&origin(), None, &again.key).unwrap();
}

#[test]
fn a_proposal_is_refused_as_pairing_is() {
    let mut desk = memory("dutch", 5);
    players(&mut desk, 4);
    let key = desk.propose_next_round(None).unwrap().key;
    desk.publish_round(&origin(), None, &key).unwrap();
    // Round 1 has no results: round 2 cannot be paired, nor proposed.
    let e = desk.propose_next_round(None).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused, "{e}");
    assert!(e.message().contains("missing"), "{e}");
}

#[test]
fn the_check_in_is_one_command() {
    let mut desk = memory("dutch", 5);
    let ids = players(&mut desk, 6);
    desk.request_bye(&origin(), ids[5], 1, "half").unwrap();
    let commands = desk.log().unwrap().len();
    let done = desk
        .check_in(&origin(), None, 1, &[ids[0], ids[1], ids[2]])
        .unwrap();
    let absent: Vec<u32> = done.absent.iter().map(|p| p.id).collect();
    assert_eq!(
        absent,
        [ids[3], ids[4]],
        "player 6 keeps his half-point bye"
    );
    let log = desk.log().unwrap();
    assert_eq!(log.len(), commands + 1, "one command");
    assert_eq!(log.last().unwrap().entries.len(), 2, "one bye each");

    let round = desk.pair_next_round(&origin(), None).unwrap();
    // Three players: the lowest (TPN 3) gets the PAB (C.04.3 C5), 1 - 2.
    assert_eq!(boards(&round), [(1, 1, 2), (2, 3, 0)]);
    let why: Vec<(u32, Absence)> = round.not_playing.iter().map(|(p, a)| (p.id, *a)).collect();
    assert_eq!(
        why,
        [
            (ids[3], Absence::Bye(ByeKind::Zero)),
            (ids[4], Absence::Bye(ByeKind::Zero)),
            (ids[5], Absence::Bye(ByeKind::Half)),
        ]
    );
}

#[test]
fn a_check_in_naming_a_stranger_records_nothing() {
    let mut desk = memory("dutch", 5);
    let ids = players(&mut desk, 4);
    let before = entries(&mut desk);
    let e = desk
        .check_in(&origin(), None, 1, &[ids[0], 99])
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound, "{e}");
    assert!(e.message().contains("player 99"), "{e}");
    assert_eq!(entries(&mut desk), before);
}
