//! Events whose final standings are known by construction, for the awards'
//! tests: a round robin (every player meets every other once) in which the
//! stronger player always wins and equals draw, so a player's score is the
//! number of weaker players plus half the number of equals. The TRF is
//! written by the project's writer, then imported through the command line
//! (`import trf`); attributes are then set with `player update`.

use std::path::{Path, PathBuf};

use arbiter_model::date::Date;
use arbiter_model::{ByeKind, Colour, Entrant, Outcome, Player, Points, RoundEntry, Tournament};
use arbiter_trf::TrfDocument;

use super::ok;

/// A player of a generated event: his name and FIDE rating, his strength
/// (`None`: absent from every round, no game played).
#[derive(Clone, Debug)]
pub struct Seat {
    pub player: Player,
    pub strength: Option<u32>,
}

/// A present player.
pub fn seat(name: &str, strength: u32) -> Seat {
    Seat {
        player: Player {
            name: name.to_string(),
            ..Player::default()
        },
        strength: Some(strength),
    }
}

/// A registered player who plays no game.
pub fn absent(name: &str) -> Seat {
    Seat {
        strength: None,
        ..seat(name, 0)
    }
}

impl Seat {
    pub fn fide_id(mut self, id: u64) -> Seat {
        self.player.fide_id = Some(id);
        self
    }
}

/// The TRF of a round robin of the present seats (an even number; TPN =
/// the order given), `start` its start date (`YYYY-MM-DD`).
pub fn round_robin_trf(event: &str, start: &str, seats: &[Seat]) -> String {
    let present: Vec<usize> = (0..seats.len())
        .filter(|&i| seats[i].strength.is_some())
        .collect();
    let k = present.len();
    assert!(
        k >= 2 && k.is_multiple_of(2),
        "an even number of present players"
    );
    let rounds = k - 1;
    let mut entries: Vec<Vec<RoundEntry>> = vec![Vec::new(); seats.len()];
    for r in 0..rounds {
        // The circle method: the last player stays, the others turn.
        let mut pairs = vec![(k - 1, r)];
        for i in 1..k / 2 {
            pairs.push(((r + i) % (k - 1), (r + k - 1 - i) % (k - 1)));
        }
        for (n, (a, b)) in pairs.into_iter().enumerate() {
            let (white, black) = if (r + n).is_multiple_of(2) {
                (a, b)
            } else {
                (b, a)
            };
            let (w, b) = (present[white], present[black]);
            let (sw, sb) = (seats[w].strength, seats[b].strength);
            let (ow, ob) = match sw.cmp(&sb) {
                std::cmp::Ordering::Greater => (Outcome::Win, Outcome::Loss),
                std::cmp::Ordering::Less => (Outcome::Loss, Outcome::Win),
                std::cmp::Ordering::Equal => (Outcome::Draw, Outcome::Draw),
            };
            let game = |opponent: usize, colour, outcome| RoundEntry::Game {
                opponent: opponent as u32 + 1,
                colour,
                outcome,
                rated: true,
            };
            entries[w].push(game(b, Colour::White, ow));
            entries[b].push(game(w, Colour::Black, ob));
        }
    }
    for (i, s) in seats.iter().enumerate() {
        if s.strength.is_none() {
            entries[i] = vec![RoundEntry::Bye(ByeKind::Zero); rounds];
        }
    }
    let scoring = arbiter_model::Scoring::default();
    let entrants = seats
        .iter()
        .zip(entries)
        .enumerate()
        .map(|(i, (s, rounds))| Entrant {
            player: Player {
                tpn: i as u32 + 1,
                ..s.player.clone()
            },
            reported_points: Some(rounds.iter().map(|e| scoring.points(e)).sum::<Points>()),
            rounds,
            reported_rank: None,
        })
        .collect();
    let mut t = Tournament {
        entrants,
        total_rounds: Some(rounds as u32),
        ..Tournament::default()
    };
    t.info.name = event.to_string();
    t.info.start_date = Some(start.parse::<Date>().expect("a start date"));
    arbiter_trf::write(&TrfDocument::new(t))
        .expect("a writable TRF")
        .text
}

/// Writes `NAME.trf` into `dir` and imports it as the event `NAME.arb`
/// (player ids = the order of `seats`); returns the event.
pub fn import(dir: &Path, name: &str, start: &str, seats: &[Seat]) -> PathBuf {
    let trf = dir.join(format!("{name}.trf"));
    std::fs::write(&trf, round_robin_trf(name, start, seats)).expect("write the TRF");
    let event = dir.join(format!("{name}.arb"));
    ok(&[
        "import".as_ref(),
        "trf".as_ref(),
        trf.as_os_str(),
        event.as_os_str(),
    ]);
    event
}

/// Writes `text` as the file `name` in `dir`; returns its path.
pub fn file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write the file");
    path
}

/// The repository's `examples/NAME`.
pub fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name)
}

/// `arbiter prizes EVENT ARGS --format json` as JSON.
pub fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("JSON output")
}

/// `(prize, id, amount)` of every award of a prizes JSON, sorted; items
/// have the amount `-`.
pub fn awards(doc: &serde_json::Value) -> Vec<(String, u64, String)> {
    let mut v: Vec<(String, u64, String)> = doc["awards"]
        .as_array()
        .expect("awards")
        .iter()
        .map(|a| {
            (
                a["prize"].as_str().expect("prize").to_string(),
                a["id"].as_u64().expect("id"),
                a["amount"].as_str().unwrap_or("-").to_string(),
            )
        })
        .collect();
    v.sort();
    v
}

/// The same from `(prize, id, amount)` written in the test.
pub fn expect(list: &[(&str, u64, &str)]) -> Vec<(String, u64, String)> {
    let mut v: Vec<(String, u64, String)> = list
        .iter()
        .map(|(p, id, a)| (p.to_string(), *id, a.to_string()))
        .collect();
    v.sort();
    v
}

/// The labels of the void prizes of a prizes JSON, sorted.
pub fn voids(doc: &serde_json::Value) -> Vec<String> {
    let mut v: Vec<String> = doc["void"]
        .as_array()
        .expect("void")
        .iter()
        .map(|x| x["prize"].as_str().expect("prize").to_string())
        .collect();
    v.sort();
    v
}

/// Plays every round of the round-robin section `section` of `event`
/// through the command line (`pair`, `pairings --format tsv`, `result`):
/// on each board the stronger player by `strength` (of the player id) wins,
/// equals draw.
pub fn play_round_robin(event: &Path, section: &str, rounds: u32, strength: impl Fn(u32) -> u32) {
    let e = event.to_str().expect("path");
    for round in 1..=rounds {
        let r = round.to_string();
        ok(&["pair", e, "--section", section]);
        let boards = ok(&[
            "pairings",
            e,
            "--round",
            &r,
            "--format",
            "tsv",
            "--section",
            section,
        ]);
        for line in boards.lines() {
            let v: Vec<u32> = line
                .split('\t')
                .map(|x| x.parse().expect("a number"))
                .collect();
            let (board, white, black) = (v[0], v[1], v[2]);
            assert_ne!(black, 0, "a round robin of an even number has no bye");
            let result = match strength(white).cmp(&strength(black)) {
                std::cmp::Ordering::Greater => "1-0",
                std::cmp::Ordering::Less => "0-1",
                std::cmp::Ordering::Equal => "1/2",
            };
            ok(&[
                "result",
                e,
                &r,
                &board.to_string(),
                result,
                "--section",
                section,
            ]);
        }
    }
}
