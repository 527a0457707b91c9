//! An Italo-Swiss event with `--avoid-team-pairings`, through the command
//! line only: team-mates never meet (forbidden pairs are absolute in every
//! system, C.04.1), and round 1 is the hand-computed pass of spec 06 §3.4
//! with the team-mates passed over. Round robins refuse forbidden pairs.

mod event_support;

use std::path::Path;

use event_support::{ok, pairings, refused, run, scratch};

const PLAYERS: u32 = 12;
const ROUNDS: u32 = 5;

/// Ids 1-4, 5-8 and 9-12 are three teams; ratings fall with the id, so the
/// id is the lot number (TPN) and round 1 would pair 1–2 unconstrained.
fn team(id: u32) -> u32 {
    (id - 1) / 4
}

fn rating(id: u32) -> u32 {
    2200 - id * 25
}

fn result_of(round: u32, white: u32, black: u32) -> &'static str {
    match (white * 7 + black * 3 + round) % 5 {
        0 => "1/2",
        1 => "0-1",
        _ => "1-0",
    }
}

fn new_event(dir: &Path, system: &str) -> String {
    let ev = dir.join(format!("{system}.arb"));
    let e = ev.to_str().unwrap().to_string();
    ok(&[
        "new",
        &e,
        "--name",
        "School Cup",
        "--rounds",
        &ROUNDS.to_string(),
        "--system",
        system,
        "--avoid-team-pairings",
    ]);
    for id in 1..=PLAYERS {
        let out = ok(&[
            "player",
            "add",
            &e,
            "--name",
            &format!("Player{id:02}, A"),
            "--rating",
            &rating(id).to_string(),
            "--team",
            &format!("School {}", team(id)),
        ]);
        assert_eq!(event_support::registered_id(&out), id);
    }
    e
}

#[test]
fn italo_swiss_never_pairs_team_mates() {
    let dir = scratch("italo-event-teams");
    let e = new_event(&dir, "italo-swiss");
    let ev = Path::new(&e);
    let mut met = Vec::new();
    for round in 1..=ROUNDS {
        ok(&["pair", &e]);
        let boards = pairings(ev, round);
        assert_eq!(boards.len(), 6, "round {round}: {boards:?}");
        if round == 1 {
            // Primo 1 passes over 2, 3, 4 (team-mates) and takes 5; from 5
            // the primo 6 passes over 7, 8 and takes 9; from 9, 10 takes 2
            // (11, 12 team-mates); from 2, 3 takes 7 (4); from 7, 8 takes 11;
            // from 11, 12 takes 4. No history: the primo has White.
            let pairs: Vec<(u32, u32)> = boards.iter().map(|&(_, w, b)| (w, b)).collect();
            assert_eq!(pairs, [(1, 5), (6, 9), (10, 2), (3, 7), (8, 11), (12, 4)]);
        }
        for &(board, white, black) in &boards {
            assert_ne!(
                team(white),
                team(black),
                "round {round}: team-mates {white} and {black} paired"
            );
            assert!(
                !met.contains(&(white.min(black), white.max(black))),
                "round {round}: {white} and {black} meet again"
            );
            met.push((white.min(black), white.max(black)));
            ok(&[
                "result",
                &e,
                &round.to_string(),
                &board.to_string(),
                result_of(round, white, black),
            ]);
        }
    }
    let trf = event_support::export(ev).replace('\r', "\n");
    assert_eq!(trf.lines().filter(|l| l.starts_with("260 ")).count(), 3);
}

#[test]
fn round_robins_refuse_forbidden_pairs() {
    let dir = scratch("italo-event-rr-forbid");
    for system in ["round-robin", "double-round-robin"] {
        let ev = dir.join(format!("{system}.arb"));
        let e = ev.to_str().unwrap();
        let out = run(&[
            "new",
            e,
            "--name",
            "Group",
            "--rounds",
            "5",
            "--system",
            system,
            "--avoid-team-pairings",
        ]);
        assert_eq!(out.status.code(), Some(3), "{system}: {out:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--avoid-team-pairings"));
        assert!(!ev.exists(), "a refused `new` left {}", ev.display());
    }
    // A Swiss event: a second section as a round robin refuses the option,
    // and `forbid` in it is refused too.
    let ev = dir.join("festival.arb");
    let e = ev.to_str().unwrap();
    ok(&["new", e, "--name", "Festival", "--rounds", "5"]);
    let msg = refused(
        &ev,
        &[
            "section",
            "add",
            e,
            "B",
            "--rounds",
            "3",
            "--system",
            "round-robin",
            "--avoid-team-pairings",
        ],
    );
    assert!(msg.contains("round-robin"), "{msg}");
    ok(&[
        "section",
        "add",
        e,
        "B",
        "--rounds",
        "3",
        "--system",
        "round-robin",
    ]);
    for name in ["One", "Two", "Three", "Four"] {
        ok(&["player", "add", e, "--name", name, "--section", "B"]);
    }
    let msg = refused(&ev, &["forbid", e, "1", "2"]);
    assert!(msg.contains("round-robin"), "{msg}");
    // Forbidden pairs in a Swiss section stop it becoming a round robin.
    ok(&["player", "add", e, "--name", "Five"]);
    ok(&["player", "add", e, "--name", "Six"]);
    ok(&["forbid", e, "5", "6"]);
    let msg = refused(
        &ev,
        &["section", "set", e, "main", "--system", "round-robin"],
    );
    assert!(msg.contains("forbidden"), "{msg}");
}
