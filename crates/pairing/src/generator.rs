//! The random tournament generator (spec 05 §7.7): random players, byes,
//! forfeits and rating-based results, every round paired by a pairing
//! system. Used to test pairing systems (a generated file re-checked with the
//! checker must show no difference) and for benchmarks.

mod config;
mod rng;

pub use config::{ConfigError, ConfigSpec, GeneratorConfig, MAX_FOUR_DIGITS, parse_config};
pub use rng::Rng;

use arbiter_model::{
    ByeKind, Colour, Entrant, Outcome, Player, Ratings, RoundEntry, Tournament, Tpn,
};

use crate::round_input::took_part;
use crate::{Board, PairingError, PairingSystem, Progress};

/// A generated tournament: every completed round, and the reason generation
/// stopped early, if it did (the byes fixed for the failed round are kept).
#[derive(Clone, Debug)]
pub struct Generated {
    pub tournament: Tournament,
    /// The planned number of rounds.
    pub planned_rounds: u32,
    pub failure: Option<PairingError>,
}

/// Generates a tournament of `config` paired by `system`; `progress` hears
/// of each round before it is paired.
pub fn generate(
    system: &dyn PairingSystem,
    config: &GeneratorConfig,
    rng: &mut Rng,
    progress: Progress<'_>,
) -> Generated {
    let n = config.players;
    let mut ratings: Vec<u32> = (0..n)
        .map(|_| rng.between(config.lowest_rating, config.highest_rating))
        .collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let entrants = ratings
        .into_iter()
        .zip(1..)
        .map(|(rating, tpn)| Entrant {
            player: test_player(tpn, rating),
            ..Entrant::default()
        })
        .collect();
    let initial_colour = if rng.coin() {
        Colour::White
    } else {
        Colour::Black
    };
    let tournament = Tournament {
        entrants,
        total_rounds: Some(config.rounds),
        initial_colour: Some(initial_colour),
        scoring: config.scoring,
        ..Tournament::default()
    };
    play(system, config, tournament, rng, progress)
}

/// Generates new rounds for the players of an existing tournament (model
/// mode): the model's players, number of rounds and scoring are kept, its
/// rounds replaced.
pub fn generate_like(
    system: &dyn PairingSystem,
    config: &GeneratorConfig,
    model: &Tournament,
    rng: &mut Rng,
    progress: Progress<'_>,
) -> Generated {
    let mut tournament = model.clone();
    for e in &mut tournament.entrants {
        e.rounds.clear();
        e.reported_points = None;
        e.reported_rank = None;
    }
    tournament.total_rounds = Some(config.rounds);
    tournament.scoring = config.scoring;
    tournament.initial_colour = Some(if rng.coin() {
        Colour::White
    } else {
        Colour::Black
    });
    play(system, config, tournament, rng, progress)
}

/// The player `TestNNNN PlayerNNNN` of spec 05 §6.4.
fn test_player(tpn: Tpn, rating: u32) -> Player {
    Player {
        tpn,
        name: format!("Test{tpn:04} Player{tpn:04}"),
        ratings: Ratings {
            fide: u16::try_from(rating).ok(),
            ..Ratings::default()
        },
        ..Player::default()
    }
}

fn play(
    system: &dyn PairingSystem,
    config: &GeneratorConfig,
    mut tournament: Tournament,
    rng: &mut Rng,
    progress: Progress<'_>,
) -> Generated {
    let mut byes = ByePlan::draw(config, tournament.entrants.len(), rng);
    for round in 1..=config.rounds {
        progress(round, config.rounds);
        for (index, e) in tournament.entrants.iter_mut().enumerate() {
            if let Some(kind) = byes.take(index, round, config.rounds, rng) {
                e.rounds.push(RoundEntry::Bye(kind));
            }
        }
        let pairing = match system.pair(&tournament, round) {
            Ok(p) => p,
            Err(failure) => {
                return Generated {
                    tournament,
                    planned_rounds: config.rounds,
                    failure: Some(failure),
                };
            }
        };
        let mut entries: Vec<(Tpn, RoundEntry)> = Vec::new();
        for board in &pairing.boards {
            let (white, black) = play_board(&tournament, board, config, rng);
            entries.push((board.white, white));
            entries.push((board.black, black));
        }
        entries.extend(pairing.bye.map(|tpn| (tpn, RoundEntry::PairingBye)));
        for (tpn, entry) in entries {
            if let Some(e) = tournament.entrants.iter_mut().find(|e| e.player.tpn == tpn) {
                e.rounds.push(entry);
            }
        }
    }
    for tpn in tournament
        .entrants
        .iter()
        .map(|e| e.player.tpn)
        .collect::<Vec<_>>()
    {
        let score = tournament.score_after(tpn, config.rounds);
        if let Some(e) = tournament.entrants.iter_mut().find(|e| e.player.tpn == tpn) {
            e.reported_points = Some(score);
        }
    }
    Generated {
        tournament,
        planned_rounds: config.rounds,
        failure: None,
    }
}

/// The round entries of both players of one board: each is absent with
/// probability 1 − √(1 − 1/ForfeitRate) (a game is then forfeited with
/// probability 1/ForfeitRate); otherwise the game is played and its result
/// drawn from the ratings (spec 05 §7.7).
fn play_board(
    t: &Tournament,
    board: &Board,
    config: &GeneratorConfig,
    rng: &mut Rng,
) -> (RoundEntry, RoundEntry) {
    let absence = 1.0 - (1.0 - 1.0 / config.forfeit_rate).sqrt();
    let white_absent = rng.unit() < absence;
    let black_absent = rng.unit() < absence;
    if white_absent || black_absent {
        let forfeit = |opponent, colour, won| RoundEntry::Forfeit {
            opponent: Some(opponent),
            colour: Some(colour),
            won,
        };
        return (
            forfeit(board.black, Colour::White, !white_absent),
            forfeit(board.white, Colour::Black, !black_absent),
        );
    }
    let rating = |tpn| t.entrant(tpn).map_or(0, |e| i32::from(e.player.rating()));
    let (rw, rb) = (rating(board.white), rating(board.black));
    let white_is_stronger = rw >= rb;
    let outcome = stronger_outcome(rw.abs_diff(rb), config.draw_percentage, rng.unit());
    let white = if white_is_stronger {
        outcome
    } else {
        outcome.reversed()
    };
    let game = |opponent, colour, outcome| RoundEntry::Game {
        opponent,
        colour,
        outcome,
        rated: true,
    };
    (
        game(board.black, Colour::White, white),
        game(board.white, Colour::Black, white.reversed()),
    )
}

/// The stronger player's result for the uniform draw `u`: expected score
/// E = Φ(7Δ/2000), draw probability d = min(DrawPercentage/100, 2 − 2E);
/// `u < d` draws, `u < E + d/2` wins, otherwise loses.
fn stronger_outcome(rating_gap: u32, draw_percentage: u32, u: f64) -> Outcome {
    let x = 7.0 * f64::from(rating_gap) / 2000.0;
    let expected = libm::erfc(-x / std::f64::consts::SQRT_2) / 2.0;
    let draw = (f64::from(draw_percentage) / 100.0).min(2.0 - 2.0 * expected);
    if u < draw {
        Outcome::Draw
    } else if u < expected + draw / 2.0 {
        Outcome::Win
    } else {
        Outcome::Loss
    }
}

/// How many zero-point and half-point byes each player still has to take.
struct ByePlan {
    zero: Vec<u32>,
    half: Vec<u32>,
}

impl ByePlan {
    /// ⌊N / RetiredRate⌋ distinct players receive zero-point byes, by
    /// drawing (player, slot) pairs among R − 2 slots per player until that
    /// many players hold one; then ⌊N / HalfPointByeRate⌋ players receive
    /// half-point byes among the slots left plus one per player, so that no
    /// player has more than R − 1 byes (spec 05 §7.7).
    fn draw(config: &GeneratorConfig, players: usize, rng: &mut Rng) -> ByePlan {
        let rounds = config.rounds as usize;
        let mut zero = vec![0u32; players];
        let mut half = vec![0u32; players];
        let zero_slots = rounds.saturating_sub(2);
        let retired = ((players as f64 / config.retired_rate).floor() as usize).min(players);
        if zero_slots > 0 {
            let mut holders = 0;
            while holders < retired {
                let slot = rng.below((players * zero_slots) as u64) as usize;
                let p = slot.div_euclid(zero_slots);
                if zero[p] == 0 {
                    holders += 1;
                }
                zero[p] += 1;
            }
        }
        let capacity = |p: usize, zero: &[u32], half: &[u32]| {
            (rounds as u32).saturating_sub(1 + zero[p] + half[p]) as u64
        };
        let wanted = ((players as f64 / config.half_point_bye_rate).floor() as usize).min(players);
        let mut holders = 0;
        while holders < wanted {
            let total: u64 = (0..players).map(|p| capacity(p, &zero, &half)).sum();
            if total == 0 {
                break;
            }
            let mut slot = rng.below(total);
            let mut p = 0;
            while slot >= capacity(p, &zero, &half) {
                slot -= capacity(p, &zero, &half);
                p += 1;
            }
            if half[p] == 0 {
                holders += 1;
            }
            half[p] += 1;
        }
        ByePlan { zero, half }
    }

    /// The bye of player `p` in `round`, if he takes one: his remaining byes
    /// are spread uniformly over his remaining rounds (half-point byes never
    /// in the last round).
    fn take(&mut self, p: usize, round: u32, rounds: u32, rng: &mut Rng) -> Option<ByeKind> {
        let left = rounds - round + 1;
        if self.zero[p] > 0 && rng.below(u64::from(left)) < u64::from(self.zero[p]) {
            self.zero[p] -= 1;
            return Some(ByeKind::Zero);
        }
        let left_before_last = rounds - round;
        if self.half[p] > 0
            && left_before_last > 0
            && rng.below(u64::from(left_before_last)) < u64::from(self.half[p])
        {
            self.half[p] -= 1;
            return Some(ByeKind::Half);
        }
        None
    }
}

/// The generator rates observed in a finished tournament (model mode, spec
/// 05 §7.7): retired rate = N / players with a not-paired zero-valued entry,
/// HPB rate = N / players with a not-paired draw-valued entry, forfeit rate
/// = scheduled games / forfeited games, draw percentage = drawn / played
/// games. A rate with nothing observed is infinite (nothing is generated).
pub fn config_like(model: &Tournament, rounds: u32) -> Result<GeneratorConfig, ConfigError> {
    let n = model.entrants.len() as f64;
    let s = &model.scoring;
    let (mut retired, mut half) = (0usize, 0usize);
    let (mut scheduled, mut forfeited, mut played, mut drawn) = (0usize, 0usize, 0usize, 0usize);
    for e in &model.entrants {
        if e.player.rating() == 0 {
            return Err(ConfigError::Inconsistent(format!(
                "player {} has no rating: every player of a model needs one",
                e.player.tpn
            )));
        }
        let not_paired: Vec<_> = e.rounds.iter().filter(|r| !took_part(r)).collect();
        if not_paired.iter().any(|r| s.points(r) == s.loss) {
            retired += 1;
        }
        if not_paired.iter().any(|r| s.points(r) == s.draw) {
            half += 1;
        }
        for r in &e.rounds {
            match *r {
                RoundEntry::Game { outcome, .. } => {
                    scheduled += 1;
                    played += 1;
                    drawn += usize::from(outcome == Outcome::Draw);
                }
                RoundEntry::Forfeit {
                    opponent: Some(_), ..
                } => {
                    scheduled += 1;
                    forfeited += 1;
                }
                _ => {}
            }
        }
    }
    let ratio = |a: f64, b: usize| if b == 0 { f64::INFINITY } else { a / b as f64 };
    let ratings = model.entrants.iter().map(|e| u32::from(e.player.rating()));
    let config = GeneratorConfig {
        players: model.entrants.len() as u32,
        rounds,
        draw_percentage: (drawn * 100).checked_div(played).unwrap_or(0) as u32,
        forfeit_rate: ratio(scheduled as f64, forfeited).max(1.0),
        retired_rate: ratio(n, retired).max(2.0),
        half_point_bye_rate: ratio(n, half).max(1.0),
        highest_rating: ratings.clone().max().unwrap_or(0),
        lowest_rating: ratings.min().unwrap_or(0),
        scoring: model.scoring,
    };
    config.validate()?;
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_ratings_give_even_chances() {
        // Δ = 0: E = ½, d = min(0.3, 1) = 0.3; wins for u in [0.3, 0.65).
        assert_eq!(stronger_outcome(0, 30, 0.29), Outcome::Draw);
        assert_eq!(stronger_outcome(0, 30, 0.3), Outcome::Win);
        assert_eq!(stronger_outcome(0, 30, 0.649), Outcome::Win);
        assert_eq!(stronger_outcome(0, 30, 0.651), Outcome::Loss);
    }

    #[test]
    fn a_large_gap_caps_the_draw_rate() {
        // Δ = 800: E = Φ(2.8) ≈ 0.99744, 2 − 2E ≈ 0.0051 < 0.5.
        assert_eq!(stronger_outcome(800, 50, 0.004), Outcome::Draw);
        assert_eq!(stronger_outcome(800, 50, 0.006), Outcome::Win);
        // With d = 2 − 2E the weaker player cannot win: E + d/2 = 1.
        assert_eq!(stronger_outcome(800, 50, 0.9999), Outcome::Win);
        // Δ = 100: E = Φ(0.35) ≈ 0.63683, d = 0.5, wins below ≈ 0.88683.
        assert_eq!(stronger_outcome(100, 50, 0.88), Outcome::Win);
        assert_eq!(stronger_outcome(100, 50, 0.89), Outcome::Loss);
    }

    fn config(players: u32, rounds: u32, retired: f64, half: f64) -> GeneratorConfig {
        GeneratorConfig {
            players,
            rounds,
            draw_percentage: 30,
            forfeit_rate: 10.0,
            retired_rate: retired,
            half_point_bye_rate: half,
            highest_rating: 2500,
            lowest_rating: 1500,
            scoring: Default::default(),
        }
    }

    #[test]
    fn bye_plan_gives_the_wanted_number_of_players() {
        let mut rng = Rng::new(3);
        let c = config(100, 9, 10.0, 20.0);
        let plan = ByePlan::draw(&c, 100, &mut rng);
        assert_eq!(plan.zero.iter().filter(|&&z| z > 0).count(), 10);
        assert_eq!(plan.half.iter().filter(|&&h| h > 0).count(), 5);
        for p in 0..100 {
            assert!(plan.zero[p] + plan.half[p] <= 8);
        }
    }

    #[test]
    fn half_point_byes_never_in_the_last_round() {
        let mut rng = Rng::new(5);
        let c = config(50, 3, 1000.0, 1.0);
        let mut plan = ByePlan::draw(&c, 50, &mut rng);
        for p in 0..50 {
            for round in 1..=3 {
                let bye = plan.take(p, round, 3, &mut rng);
                if round == 3 {
                    assert_ne!(bye, Some(ByeKind::Half));
                }
            }
            assert_eq!(plan.half[p], 0, "every planned bye is taken");
        }
    }
}
