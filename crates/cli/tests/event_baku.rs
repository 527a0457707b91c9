//! `--acceleration baku` for an event (C.04.7 Art. 1, 2026 text): 20
//! players, 9 rounds, paired through the command line only. The exported
//! TRF carries the virtual points as `250` records, equal to the rule
//! computed by hand, and `shared/tools/check_engine.py` replaying the file
//! through `arbiter --dutch` agrees on every round.

mod event_support;

use arbiter_model::Points;
use event_support::{assert_reference_agrees, check_engine_script, ok, pairings, refused, scratch};

const PLAYERS: u32 = 20;
const ROUNDS: u32 = 9;

fn rating(id: u32) -> u32 {
    2400 - id * 20
}

fn result_of(round: u32, white: u32, black: u32) -> &'static str {
    match (white * 13 + black * 7 + round * 3) % 7 {
        0 | 1 => "1/2",
        2 => {
            if rating(white) > rating(black) {
                "0-1"
            } else {
                "1-0"
            }
        }
        _ if rating(white) > rating(black) => "1-0",
        _ => "0-1",
    }
}

#[test]
fn baku_virtual_points_are_exported_and_replay_with_the_checker() {
    check_engine_script();
    let dir = scratch("event-baku");
    let ev = dir.join("open.arb");
    let e = ev.to_str().unwrap();
    ok(&[
        "new",
        e,
        "--name",
        "Accelerated Open",
        "--rounds",
        &ROUNDS.to_string(),
        "--acceleration",
        "baku",
    ]);
    // Baku needs win = 2 draws and loss 0; the Dutch system only.
    let msg = refused(&ev, &["section", "set", e, "main", "--scoring", "3,1,0"]);
    assert!(msg.contains("two draws"), "{msg}");
    let msg = refused(
        &ev,
        &["section", "set", e, "main", "--system", "round-robin"],
    );
    assert!(msg.contains("Dutch"), "{msg}");
    for id in 1..=PLAYERS {
        ok(&[
            "player",
            "add",
            e,
            "--name",
            &format!("Player{id:02}, A"),
            "--rating",
            &rating(id).to_string(),
        ]);
    }
    for round in 1..=ROUNDS {
        ok(&["pair", e]);
        for (board, white, black) in pairings(&ev, round) {
            if black == 0 {
                continue;
            }
            let r = result_of(round, white, black);
            ok(&["result", e, &round.to_string(), &board.to_string(), r]);
        }
    }
    let trf = dir.join("open.trf");
    ok(&["export", "trf", e, "-o", trf.to_str().unwrap()]);
    let text = std::fs::read_to_string(&trf).unwrap().replace('\r', "\n");
    assert!(
        text.lines()
            .any(|l| l.trim_end() == "192 FIDE_DUTCH_2025_BAKU"),
        "{text}"
    );

    // By hand: GA = 2·⌈20/4⌉ = 10 players (TPNs 1-10, the ten highest
    // ratings); ⌈9/2⌉ = 5 accelerated rounds, the first ⌈5/2⌉ = 3 worth a
    // win (1.0), rounds 4-5 a draw (0.5), rounds 6-9 nothing; GB nothing.
    let doc = arbiter_trf::parse(&text).unwrap();
    let acc = &doc.tournament.acceleration;
    for tpn in 1..=PLAYERS {
        let got: Vec<Points> = (1..=ROUNDS)
            .map(|r| doc.tournament.virtual_points(tpn, r))
            .collect();
        let expected: Vec<Points> = (1..=ROUNDS)
            .map(|r| match (tpn <= 10, r) {
                (true, 1..=3) => Points(10),
                (true, 4..=5) => Points(5),
                _ => Points::ZERO,
            })
            .collect();
        assert_eq!(got, expected, "player {tpn}: {acc:?}");
    }
    assert_eq!(
        text.lines().filter(|l| l.starts_with("250 ")).count(),
        2,
        "one 250 record per run:\n{text}"
    );

    assert_reference_agrees(&trf, ROUNDS);
}
