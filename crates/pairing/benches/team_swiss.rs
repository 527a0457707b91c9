//! Pairing speed of the Swiss Team Pairing System (C.04.6): events of 39
//! and 40 teams (and 100, 200 for scale), 9 rounds of 4-board matches with random
//! board results; each round is paired by the engine from the simulated
//! history, then played. Prints, per size, the time of the slowest round and
//! of all nine (best of three runs of the whole event).
//!
//! `cargo bench -p arbiter-pairing --bench team_swiss`

use std::time::{Duration, Instant};

use arbiter_model::{Colour, Points, Tpn};
use arbiter_pairing::team_swiss::{self, PlayedMatch, TeamHistory, TeamRound};

const SIZES: [u32; 4] = [39, 40, 100, 200];
const ROUNDS: u32 = 9;
const BOARDS: u32 = 4;
const RUNS: usize = 3;

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % u64::from(n)) as u32
    }
}

/// One simulated event: the pairing time of each round.
fn event(teams: u32, seed: u64) -> Vec<Duration> {
    let mut rng = Lcg(seed);
    let mut history: Vec<TeamHistory> = (1..=teams)
        .map(|tpn| TeamHistory {
            tpn,
            to_pair: true,
            primary: Points::ZERO,
            secondary: Points::ZERO,
            played: Vec::new(),
            bye_barred: false,
            floated_last_round: false,
        })
        .collect();
    let mut times = Vec::new();
    for round in 1..=ROUNDS {
        let input = TeamRound {
            round,
            total_rounds: ROUNDS,
            initial_colour: Some(Colour::White),
            system: Default::default(),
            teams: history.clone(),
            forbidden: Vec::new(),
        };
        let start = Instant::now();
        let pairing = team_swiss::pair(&input).expect("a legal pairing");
        times.push(start.elapsed());
        let score = |h: &[TeamHistory], t: Tpn| h[t as usize - 1].primary;
        let before = history.clone();
        for h in &mut history {
            h.floated_last_round = false;
        }
        for board in &pairing.boards {
            // Game points of White out of 4 boards, in half points.
            let white_halves = (0..BOARDS).map(|_| rng.below(3)).sum::<u32>() as i32;
            let white_gp = Points(5 * white_halves);
            let black_gp = Points::from_whole(BOARDS as i32) - white_gp;
            let (white_mp, black_mp) = match white_gp.cmp(&black_gp) {
                std::cmp::Ordering::Greater => (Points::from_whole(2), Points::ZERO),
                std::cmp::Ordering::Equal => (Points::ONE, Points::ONE),
                std::cmp::Ordering::Less => (Points::ZERO, Points::from_whole(2)),
            };
            let floated = score(&before, board.white) != score(&before, board.black);
            for (me, opponent, colour, mp, gp) in [
                (board.white, board.black, Colour::White, white_mp, white_gp),
                (board.black, board.white, Colour::Black, black_mp, black_gp),
            ] {
                let h = &mut history[me as usize - 1];
                h.played.push(PlayedMatch { opponent, colour });
                h.primary += mp;
                h.secondary += gp;
                h.floated_last_round = floated;
            }
        }
        if let Some(bye) = pairing.bye {
            let h = &mut history[bye as usize - 1];
            h.primary += Points::ONE;
            h.secondary += Points::from_whole(2);
            h.bye_barred = true;
        }
    }
    times
}

fn main() {
    println!("team Swiss (C.04.6), {ROUNDS} rounds, best of {RUNS} events");
    println!("teams\tslowest round\tall rounds");
    for teams in SIZES {
        let best = (0..RUNS)
            .map(|_| event(teams, 20_261_201 + u64::from(teams)))
            .min_by_key(|t| t.iter().sum::<Duration>())
            .expect("runs");
        let slowest = best.iter().max().copied().unwrap_or_default();
        let total: Duration = best.iter().sum();
        println!(
            "{teams}\t{:.2} ms\t{:.2} ms",
            slowest.as_secs_f64() * 1e3,
            total.as_secs_f64() * 1e3
        );
    }
}
