//! Pairing speed and memory of the Dutch system (issue 13), printed as a
//! table: for 100, 500, 1000, 2000 and 4000 players (9,998 too with
//! `ARBITER_BENCH_HUGE=1`):
//!
//! * `synthetic r2`: round 2 of the synthetic events of `corpus/large`
//!   (round 1 the top half against the bottom half, board k player k against
//!   k + N/2, White on the odd boards' higher player; results 40% White wins,
//!   30% draws, 30% Black wins from a fixed seed);
//! * `generated r2` / `r9`: rounds 2 and 9 of a 9-round event made by the
//!   random tournament generator, and the time the generation took (up to
//!   1000 players; 2000 and 4000 too with `ARBITER_BENCH_HUGE=1`, several
//!   minutes);
//! * the peak resident memory of the process that measured that size (each
//!   size runs in a child process of its own; Linux `VmHWM`);
//! * the growth exponent of the synthetic round between successive sizes,
//!   log(t₂/t₁) / log(n₂/n₁).
//!
//! Times are CPU time of the process (user + system, Linux `/proc/self/stat`,
//! wall-clock where that is not available), so that a shared machine's load
//! does not inflate them: best of three runs up to 500 players, one above;
//! a run under 0.2 s is repeated and averaged (the clock counts 1/100 s).
//!
//! `cargo bench -p arbiter-pairing --bench pairing`

use std::process::Command;
use std::time::{Duration, Instant};

use arbiter_model::{Colour, Entrant, Outcome, Player, RoundEntry, Scoring, Tournament};
use arbiter_pairing::generator::{self, GeneratorConfig, Rng};
use arbiter_pairing::{PairingSystem, registry, round_input};

const SIZES: [u32; 5] = [100, 500, 1000, 2000, 4000];
const HUGE: u32 = 9998;
/// Generated events above this size only with `ARBITER_BENCH_HUGE`.
const GENERATED_UP_TO: u32 = 1000;
const RUNS: usize = 3;
const MANY_RUNS_UP_TO: u32 = 500;
const SEED: u64 = 20_261_130;
/// The argument that makes the bench measure one size (in a child process).
const CHILD: &str = "--one-size";

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

/// The synthetic event after round 1 (module docs), to be paired for round 2.
fn synthetic(n: u32) -> Tournament {
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
        total_rounds: Some(9),
        initial_colour: Some(Colour::White),
        ..Tournament::default()
    };
    let half = n / 2;
    let mut rng = Lcg(u64::from(n));
    for k in 1..=half {
        let (top, bottom) = (k, k + half);
        let top_colour = if k % 2 == 1 {
            Colour::White
        } else {
            Colour::Black
        };
        let roll = rng.next() % 10;
        let white = match roll {
            0..=3 => Outcome::Win,
            4..=6 => Outcome::Draw,
            _ => Outcome::Loss,
        };
        let top_outcome = if top_colour == Colour::White {
            white
        } else {
            white.reversed()
        };
        t.entrants[(top - 1) as usize]
            .rounds
            .push(RoundEntry::Game {
                opponent: bottom,
                colour: top_colour,
                outcome: top_outcome,
                rated: true,
            });
        t.entrants[(bottom - 1) as usize]
            .rounds
            .push(RoundEntry::Game {
                opponent: top,
                colour: top_colour.opposite(),
                outcome: top_outcome.reversed(),
                rated: true,
            });
    }
    if n % 2 == 1 {
        t.entrants[(n - 1) as usize]
            .rounds
            .push(RoundEntry::PairingBye);
    }
    t
}

fn config(players: u32) -> GeneratorConfig {
    GeneratorConfig {
        players,
        rounds: 9,
        draw_percentage: 30,
        forfeit_rate: 20.0,
        retired_rate: 150.0,
        half_point_bye_rate: 150.0,
        highest_rating: 2800,
        lowest_rating: 1400,
        scoring: Scoring::default(),
    }
}

/// CPU time (user + system) of this process so far, if known (Linux).
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which ends with the last ')'): state
    // is field 3, utime 14 and stime 15, in clock ticks of 1/100 s.
    let rest = stat.get(stat.rfind(')')? + 2..)?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Runs `f` and returns its result with the CPU time it took (wall-clock
/// when the CPU time cannot be read).
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let (cpu, wall) = (cpu_time(), Instant::now());
    let result = f();
    let spent = match (cpu, cpu_time()) {
        (Some(a), Some(b)) => b.saturating_sub(a),
        _ => wall.elapsed(),
    };
    (result, spent)
}

/// Repeats a measurement shorter than this (the CPU clock counts 1/100 s)
/// and reports the mean.
const SHORT: Duration = Duration::from_millis(200);

/// CPU time of one pairing of `round`: the best of `runs`, each a mean over
/// enough repetitions to reach [`SHORT`]; `None` without a pairing.
fn pairing_time(
    system: &dyn PairingSystem,
    t: &Tournament,
    round: u32,
    runs: usize,
) -> Option<Duration> {
    let mut best: Option<Duration> = None;
    for _ in 0..runs {
        let (mut total, mut reps) = (Duration::ZERO, 0u32);
        while total < SHORT && reps < 1000 {
            let (result, spent) = timed(|| system.pair(t, round));
            result.ok()?;
            total += spent;
            reps += 1;
        }
        let mean = total / reps;
        best = Some(best.map_or(mean, |b| b.min(mean)));
    }
    best
}

fn best_time(system: &dyn PairingSystem, t: &Tournament, round: u32, runs: usize) -> String {
    pairing_time(system, t, round, runs).map_or_else(|| "no pairing".to_string(), seconds)
}

fn seconds(t: Duration) -> String {
    format!("{:.4} s", t.as_secs_f64())
}

/// Peak resident memory of this process in MB (Linux), if known.
fn peak_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Measures one size and prints one tab-separated line: the synthetic
/// round-2 seconds, the generated cells and the peak memory.
fn one_size(system: &dyn PairingSystem, players: u32, generated: bool) {
    let runs = if players <= MANY_RUNS_UP_TO { RUNS } else { 1 };
    let event = synthetic(players);
    let synthetic_cell = pairing_time(system, &event, 2, runs).map_or_else(
        || "no pairing".to_string(),
        |t| format!("{:.6}", t.as_secs_f64()),
    );
    let mut cells = vec!["-".to_string(); 3];
    if generated {
        let (g, generation) = timed(|| {
            generator::generate(
                system,
                &config(players),
                &mut Rng::new(SEED),
                &mut |_, _| {},
            )
        });
        match &g.failure {
            Some(e) => cells[2] = format!("stopped: {e}"),
            None => {
                for (cell, round) in cells.iter_mut().zip([2, 9]) {
                    *cell = match round_input::past_round(&g.tournament, round) {
                        Ok(p) => best_time(system, &p.tournament, p.round, runs),
                        Err(e) => format!("error: {e}"),
                    };
                }
                cells[2] = seconds(generation);
            }
        }
    }
    let peak = peak_mb().map_or_else(|| "n/a".to_string(), |mb| format!("{mb:.0} MB"));
    println!("{synthetic_cell}\t{}\t{peak}", cells.join("\t"));
}

fn main() {
    let Some(system) = registry::by_flag("dutch") else {
        println!("the Dutch system is not built into this version: nothing to measure");
        return;
    };
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == CHILD) {
        let players = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(100);
        let generated = args.get(i + 2).is_some_and(|s| s == "generated");
        one_size(system.as_ref(), players, generated);
        return;
    }
    let huge = std::env::var_os("ARBITER_BENCH_HUGE").is_some();
    let mut sizes = SIZES.to_vec();
    if huge {
        sizes.push(HUGE);
    }
    println!(
        "Dutch system, CPU time per round (best of {RUNS} up to {MANY_RUNS_UP_TO} players), \
         peak memory per size (child process); generated events seed {SEED}"
    );
    println!(
        "{:>7} | {:>12} | {:>8} | {:>12} | {:>12} | {:>12} | {:>8}",
        "players", "synthetic r2", "growth", "generated r2", "generated r9", "generation", "peak"
    );
    println!("{:-<93}", "");
    let Ok(me) = std::env::current_exe() else {
        println!("cannot find the bench executable: nothing to measure");
        return;
    };
    let mut previous: Option<(u32, f64)> = None;
    let mut times: Vec<(u32, f64)> = Vec::new();
    for players in sizes {
        let generated = players <= GENERATED_UP_TO || (huge && players < HUGE);
        let mut cmd = Command::new(&me);
        cmd.arg(CHILD).arg(players.to_string());
        if generated {
            cmd.arg("generated");
        }
        let line = match cmd.output() {
            Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).into_owned(),
            Ok(out) => format!("child failed: {}", out.status),
            Err(e) => format!("child failed: {e}"),
        };
        let cells: Vec<&str> = line.trim_end().split('\t').collect();
        let [synthetic, r2, r9, generation, peak] = cells[..] else {
            println!("{players:>7} | {}", line.trim_end());
            continue;
        };
        let seconds: Option<f64> = synthetic.parse().ok();
        let growth = match (previous, seconds) {
            (Some((n1, t1)), Some(t2)) if t1 > 0.0 => {
                format!(
                    "{:.2}",
                    (t2 / t1).ln() / (f64::from(players) / f64::from(n1)).ln()
                )
            }
            _ => "-".to_string(),
        };
        let synthetic = seconds.map_or_else(|| synthetic.to_string(), |s| format!("{s:.4} s"));
        println!(
            "{players:>7} | {synthetic:>12} | {growth:>8} | {r2:>12} | {r9:>12} | {generation:>12} | {peak:>8}"
        );
        if let Some(s) = seconds {
            previous = Some((players, s));
            times.push((players, s));
        }
    }
    let at = |n: u32| times.iter().find(|&&(p, _)| p == n).map(|&(_, t)| t);
    if let (Some(t1), Some(t4)) = (at(1000), at(4000)) {
        println!(
            "growth exponent of the synthetic round 2, 1000 -> 4000 players: {:.2}",
            (t4 / t1).ln() / 4f64.ln()
        );
    }
}
