//! Round robins through the event workflow (spec 04 §6): the schedule is
//! the Berger table whatever happens, and an absent or withdrawn player
//! loses his scheduled game by forfeit — his opponent gets `+`, he gets `-`
//! (not a zero-point round for the opponent). Two absent players' board is
//! dropped. A double round robin plays every pair twice without the
//! rematch check refusing cycle 2.

mod event_support;

use std::path::Path;

use arbiter_model::{ByeKind, Colour, Points, RoundEntry, Tpn};
use event_support::{export, ok, pairings, refused, scratch};

fn new_event(dir: &Path, system: &str, players: u32, rounds: u32) -> String {
    let ev = dir.join(format!("{system}.arb"));
    let e = ev.to_str().unwrap().to_string();
    ok(&[
        "new",
        &e,
        "--name",
        "Group A",
        "--rounds",
        &rounds.to_string(),
        "--system",
        system,
    ]);
    // Ratings fall with the id: id = TPN = Berger number.
    for id in 1..=players {
        ok(&[
            "player",
            "add",
            &e,
            "--name",
            &format!("Player{id:02}, A"),
            "--rating",
            &(2300 - id * 10).to_string(),
        ]);
    }
    e
}

fn forfeit(opponent: Tpn, colour: Colour, won: bool) -> RoundEntry {
    RoundEntry::Forfeit {
        opponent: Some(opponent),
        colour: Some(colour),
        won,
    }
}

#[test]
fn absent_and_withdrawn_players_lose_their_scheduled_games_by_forfeit() {
    let dir = scratch("rr-event-forfeits");
    let e = new_event(&dir, "round-robin", 6, 5);
    let ev = Path::new(&e);
    // Berger table for 6 players (spec 04 §2.3).
    let table = [
        vec![(1, 6), (2, 5), (3, 4)],
        vec![(6, 4), (5, 3), (1, 2)],
        vec![(2, 6), (3, 1), (4, 5)],
        vec![(6, 5), (1, 4), (2, 3)],
        vec![(3, 6), (4, 2), (5, 1)],
    ];
    // A round robin has no half-point byes; player 2 is absent in rounds 4
    // and 5, player 4 withdraws after round 2.
    let msg = refused(ev, &["bye", &e, "2", "--round", "4", "--points", "half"]);
    assert!(msg.contains("forfeit"), "{msg}");
    for round in ["4", "5"] {
        ok(&["bye", &e, "2", "--round", round, "--points", "zero"]);
    }
    // (round, board, result) recorded at pairing time: round 3 4-5 (4
    // withdrawn), round 4 1-4 and 2-3 (2 absent); round 5's 4-2 has both
    // players absent and is dropped.
    let forfeits = [(3, 3, "-/+"), (4, 2, "+/-"), (4, 3, "-/+")];
    for round in 1..=5u32 {
        if round == 3 {
            ok(&["player", "withdraw", &e, "4"]);
        }
        let text = ok(&["pair", &e]);
        let mut expected = table[round as usize - 1].clone();
        expected.retain(|&pair| (round, pair) != (5, (4, 2)));
        let boards = pairings(ev, round);
        let got: Vec<(u32, u32)> = boards.iter().map(|&(_, w, b)| (w, b)).collect();
        assert_eq!(got, expected, "round {round}:\n{text}");
        for &(board, _, _) in &boards {
            match forfeits.iter().find(|f| (f.0, f.1) == (round, board)) {
                Some(&(_, _, result)) => {
                    // The heading, the column header, then one line per board.
                    let line = text.lines().nth(board as usize + 1).unwrap();
                    assert!(
                        line.trim_start().starts_with(&format!("{board} ")),
                        "{line}"
                    );
                    assert!(line.trim_end().ends_with(result), "{line}");
                }
                None => {
                    ok(&["result", &e, &round.to_string(), &board.to_string(), "1-0"]);
                }
            }
        }
    }
    let doc = arbiter_trf::parse(&export(ev)).unwrap();
    let t = &doc.tournament;
    let entry = |tpn: Tpn, round: u32| *t.entrant(tpn).unwrap().round(round).unwrap();
    assert_eq!(entry(4, 3), forfeit(5, Colour::White, false));
    assert_eq!(entry(5, 3), forfeit(4, Colour::Black, true));
    assert_eq!(entry(1, 4), forfeit(4, Colour::White, true));
    assert_eq!(entry(4, 4), forfeit(1, Colour::Black, false));
    assert_eq!(entry(2, 4), forfeit(3, Colour::White, false));
    assert_eq!(entry(3, 4), forfeit(2, Colour::Black, true));
    assert_eq!(entry(2, 5), RoundEntry::Bye(ByeKind::Zero));
    assert_eq!(entry(4, 5), RoundEntry::Bye(ByeKind::Zero));
    // White won every game played. Scores by hand:
    // 1: 1+1+0+1(+)+0 = 3; 2: 1+0+1+0(-)+0 = 2; 3: 1+0+1+1(+)+1 = 4;
    // 4: 0+0+0(-)+0(-)+0 = 0; 5: 0+1+1(+)+0+1 = 3; 6: 0+1+0+1+0 = 2.
    for (tpn, score) in [(1, 30), (2, 20), (3, 40), (4, 0), (5, 30), (6, 20)] {
        assert_eq!(t.score_after(tpn, 5), Points(score), "player {tpn}");
    }
}

#[test]
fn a_double_round_robin_plays_every_pair_twice() {
    let dir = scratch("rr-event-double");
    let e = new_event(&dir, "double-round-robin", 4, 6);
    let ev = Path::new(&e);
    let mut met = std::collections::BTreeMap::new();
    for round in 1..=6u32 {
        ok(&["pair", &e]);
        for (board, w, b) in pairings(ev, round) {
            *met.entry((w.min(b), w.max(b))).or_insert(0) += 1;
            ok(&["result", &e, &round.to_string(), &board.to_string(), "1/2"]);
        }
    }
    assert_eq!(met.len(), 6);
    assert!(met.values().all(|&n| n == 2), "{met:?}");
}
