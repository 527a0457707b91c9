//! Pairing speed of the systems besides the Dutch one (issue 13):
//!
//! * Italo-Swiss (spec 06) with 500 players: a 9-round event made by the
//!   random tournament generator (also 501 players, an odd field with a
//!   bye every round);
//! * round robin (C.05 Annex 1 Berger tables, spec 04) with 500 players:
//!   every one of the 499 rounds, generated the same way;
//! * Italo-Swiss over histories it did not make: every round of the
//!   300-player files of `corpus/dutch` (`med-*`, 25 events of 9 rounds,
//!   many with an odd field), paired from the Dutch rounds recorded before
//!   it (one run).
//!
//! Each round is paired by the engine from the generated history; the
//! bench prints, per system and size, the mean and the slowest round's
//! wall-clock time (best of three events; the team Swiss engine's figures
//! for 40 teams are printed by `benches/team_swiss.rs`).
//!
//! `cargo bench -p arbiter-pairing --bench other_systems`

use std::cell::RefCell;
use std::time::{Duration, Instant};

use arbiter_model::{Scoring, Tournament};
use arbiter_pairing::generator::{self, GeneratorConfig, Rng};
use arbiter_pairing::italo_swiss::ItaloSwiss;
use arbiter_pairing::round_robin::RoundRobin;
use arbiter_pairing::{Pairing, PairingError, PairingSystem, round_input};

const RUNS: u64 = 3;

/// An engine whose every round is timed.
struct Timed<'a> {
    engine: &'a dyn PairingSystem,
    rounds: RefCell<Vec<Duration>>,
}

impl PairingSystem for Timed<'_> {
    fn name(&self) -> &'static str {
        self.engine.name()
    }

    fn pair(&self, tournament: &Tournament, round: u32) -> Result<Pairing, PairingError> {
        let start = Instant::now();
        let pairing = self.engine.pair(tournament, round);
        self.rounds.borrow_mut().push(start.elapsed());
        pairing
    }
}

fn config(players: u32, rounds: u32) -> GeneratorConfig {
    GeneratorConfig {
        players,
        rounds,
        draw_percentage: 30,
        forfeit_rate: 20.0,
        retired_rate: 1000.0,
        half_point_bye_rate: 1000.0,
        highest_rating: 2600,
        lowest_rating: 1400,
        scoring: Scoring::default(),
    }
}

/// The round times of the best of `RUNS` generated events (by total).
fn best_event(engine: &dyn PairingSystem, config: &GeneratorConfig) -> Vec<Duration> {
    let mut best: Option<Vec<Duration>> = None;
    for seed in 1..=RUNS {
        let timed = Timed {
            engine,
            rounds: RefCell::new(Vec::new()),
        };
        let generated = generator::generate(&timed, config, &mut Rng::new(seed), &mut |_, _| {});
        assert!(
            generated.failure.is_none(),
            "{} {} players: {:?}",
            engine.name(),
            config.players,
            generated.failure
        );
        let rounds = timed.rounds.into_inner();
        let total = |r: &[Duration]| r.iter().sum::<Duration>();
        if best.as_ref().is_none_or(|b| total(&rounds) < total(b)) {
            best = Some(rounds);
        }
    }
    best.unwrap_or_default()
}

/// The 300-player events of the Dutch corpus (module docs).
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus/dutch");

/// The time of every round of the `med-*` files of [`CORPUS`] paired by
/// `engine` from the history recorded before it.
fn corpus_rounds(engine: &dyn PairingSystem) -> Vec<Duration> {
    let mut files: Vec<_> = std::fs::read_dir(CORPUS)
        .unwrap_or_else(|e| panic!("{CORPUS}: {e}"))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.file_name()
                .and_then(|name| name.to_str())
                .is_some_and(|name| name.starts_with("med-") && name.ends_with(".trf"))
        })
        .collect();
    files.sort();
    let mut times = Vec::new();
    for path in files {
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let document =
            arbiter_trf::parse_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let t = &document.tournament;
        for round in 1..=round_input::rounds_in_file(t) {
            let problem = round_input::past_round(t, round)
                .unwrap_or_else(|e| panic!("{} round {round}: {e}", path.display()));
            let start = Instant::now();
            let pairing = engine.pair(&problem.tournament, round);
            times.push(start.elapsed());
            if let Err(e) = pairing {
                panic!("{} round {round}: {e}", path.display());
            }
        }
    }
    times
}

fn main() {
    println!(
        "{:<13} {:>7} {:>6} {:>12} {:>12}",
        "system", "players", "rounds", "mean/round", "slowest"
    );
    let italo = ItaloSwiss::default();
    let round_robin = RoundRobin::single();
    let cases: [(&dyn PairingSystem, u32, u32); 3] =
        [(&italo, 500, 9), (&italo, 501, 9), (&round_robin, 500, 499)];
    for (engine, players, rounds) in cases {
        let times = best_event(engine, &config(players, rounds));
        print_row(engine.name(), players, &times);
    }
    print_row("italo (dutch)", 300, &corpus_rounds(&italo));
}

/// One row of the table: the mean and the slowest of `times`.
fn print_row(system: &str, players: u32, times: &[Duration]) {
    let total: Duration = times.iter().sum();
    let slowest = times.iter().max().copied().unwrap_or_default();
    println!(
        "{:<13} {:>7} {:>6} {:>9.3} ms {:>9.3} ms",
        system,
        players,
        times.len(),
        total.as_secs_f64() * 1e3 / times.len().max(1) as f64,
        slowest.as_secs_f64() * 1e3
    );
}
