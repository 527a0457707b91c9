//! Timing probe: simulates a large event round by round with the Dutch
//! engine and deterministic pseudo-random results, printing the time each
//! round takes. Run with `DUTCH_PLAYERS=1000 cargo test --release -p
//! arbiter-pairing --test dutch_speed -- --ignored --nocapture`.

use std::time::Instant;

use arbiter_model::{Colour, Entrant, Outcome, Player, RoundEntry, Tournament};
use arbiter_pairing::PairingSystem;
use arbiter_pairing::dutch::Dutch;

/// A small linear congruential generator (deterministic, no dependency).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

#[test]
#[ignore]
fn time_rounds_of_a_simulated_event() {
    let n: u32 = std::env::var("DUTCH_PLAYERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let rounds: u32 = std::env::var("DUTCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(9);
    let mut t = Tournament {
        entrants: (1..=n)
            .map(|tpn| Entrant {
                player: Player {
                    tpn,
                    ..Player::default()
                },
                ..Entrant::default()
            })
            .collect(),
        total_rounds: Some(rounds),
        initial_colour: Some(Colour::White),
        ..Tournament::default()
    };
    let mut rng = Lcg(12345);
    for r in 1..=rounds {
        let start = Instant::now();
        let p = Dutch.pair(&t, r).expect("pairable");
        println!(
            "{n} players, round {r}: {:.3} s",
            start.elapsed().as_secs_f64()
        );
        for b in &p.boards {
            let roll = rng.next() % 10;
            let white = if roll < 4 {
                Outcome::Win
            } else if roll < 7 {
                Outcome::Draw
            } else {
                Outcome::Loss
            };
            let (w, bl) = ((b.white - 1) as usize, (b.black - 1) as usize);
            t.entrants[w].rounds.push(RoundEntry::Game {
                opponent: b.black,
                colour: Colour::White,
                outcome: white,
                rated: true,
            });
            t.entrants[bl].rounds.push(RoundEntry::Game {
                opponent: b.white,
                colour: Colour::Black,
                outcome: white.reversed(),
                rated: true,
            });
        }
        if let Some(bye) = p.bye {
            t.entrants[(bye - 1) as usize]
                .rounds
                .push(RoundEntry::PairingBye);
        }
    }
}
