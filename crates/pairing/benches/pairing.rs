//! Pairing speed of the Dutch system on generated tournaments: for 100,
//! 500, 1000 and 2000 players, the time to pair round 2 and round 7 (each
//! round paired from the generated history; best of three runs up to 500
//! players, one run above).
//!
//! `cargo bench -p arbiter-pairing --bench pairing`

use std::time::{Duration, Instant};

use arbiter_model::Scoring;
use arbiter_pairing::generator::{self, GeneratorConfig, Rng};
use arbiter_pairing::{PairingSystem, registry, round_input};

const SIZES: [u32; 4] = [100, 500, 1000, 2000];
const ROUNDS: [u32; 2] = [2, 7];
/// Runs per measurement up to `MANY_RUNS_UP_TO` players, then one.
const RUNS: usize = 3;
const MANY_RUNS_UP_TO: u32 = 500;
const SEED: u64 = 20_261_130;

fn config(players: u32) -> GeneratorConfig {
    GeneratorConfig {
        players,
        rounds: 7,
        draw_percentage: 30,
        forfeit_rate: 20.0,
        retired_rate: 150.0,
        half_point_bye_rate: 150.0,
        highest_rating: 2800,
        lowest_rating: 1400,
        scoring: Scoring::default(),
    }
}

fn best_time(
    system: &dyn PairingSystem,
    problem: &round_input::RoundProblem,
    runs: usize,
) -> Option<Duration> {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            let result = system.pair(&problem.tournament, problem.round);
            (start.elapsed(), result.is_ok())
        })
        .filter(|&(_, ok)| ok)
        .map(|(t, _)| t)
        .min()
}

fn main() {
    let Some(system) = registry::by_flag("dutch") else {
        println!("the Dutch system is not built into this version: nothing to measure");
        return;
    };
    println!(
        "Dutch system, generated tournaments (seed {SEED}), best of {RUNS} runs up to {MANY_RUNS_UP_TO} players"
    );
    println!(
        "{:>8} | {:>12} | {:>12} | {:>14}",
        "players", "round 2", "round 7", "generation"
    );
    println!("{:->8}-+-{:->12}-+-{:->12}-+-{:->14}", "", "", "", "");
    for players in SIZES {
        let start = Instant::now();
        let generated = generator::generate(system.as_ref(), &config(players), &mut Rng::new(SEED));
        let generation = start.elapsed();
        if let Some(e) = &generated.failure {
            println!("{players:>8} | generation stopped: {e}");
            continue;
        }
        let runs = if players <= MANY_RUNS_UP_TO { RUNS } else { 1 };
        let cells: Vec<String> = ROUNDS
            .iter()
            .map(
                |&round| match round_input::past_round(&generated.tournament, round) {
                    Ok(problem) => best_time(system.as_ref(), &problem, runs).map_or_else(
                        || "no pairing".to_string(),
                        |t| format!("{:.3} s", t.as_secs_f64()),
                    ),
                    Err(e) => format!("error: {e}"),
                },
            )
            .collect();
        println!(
            "{players:>8} | {:>12} | {:>12} | {:>12.3} s",
            cells[0],
            cells[1],
            generation.as_secs_f64()
        );
    }
}
