//! Reproducible drawing of lots: a seeded generator, so that a draw can be
//! recorded as its seed and replayed (spec 04 §1, spec 06 §3.2).
//!
//! The generator is SplitMix64 (a public-domain 64-bit mixing function);
//! integers below a bound are taken by rejection, so every outcome of a draw
//! is equally likely.
//!
//! In a round robin the drawn number is the Berger number and in the
//! Italo-Swiss system the lot number; both are stored as the pairing number
//! (TPN), which [`renumber`] rewrites before round 1.

use std::collections::BTreeMap;

use arbiter_model::{Tournament, Tpn};

/// A seeded source of lots.
#[derive(Clone, Debug)]
pub struct Lots {
    state: u64,
}

impl Lots {
    pub fn new(seed: u64) -> Lots {
        Lots { state: seed }
    }

    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (`bound > 0`), uniformly.
    pub fn below(&mut self, bound: usize) -> usize {
        let bound = bound.max(1) as u64;
        // The largest multiple of `bound` that fits: values above it would
        // favour the small remainders.
        let zone = u64::MAX - u64::MAX % bound;
        loop {
            let x = self.next_u64();
            if x < zone {
                return (x % bound) as usize;
            }
        }
    }

    /// Takes one element out of `pool` at random.
    pub fn take<T>(&mut self, pool: &mut Vec<T>) -> Option<T> {
        if pool.is_empty() {
            return None;
        }
        let i = self.below(pool.len());
        Some(pool.swap_remove(i))
    }

    /// The numbers 1 … `n` in drawn order: `result[i]` is the number drawn
    /// by the `i`-th participant.
    pub fn draw_numbers(&mut self, n: u32) -> Vec<u32> {
        let mut pool: Vec<u32> = (1..=n).collect();
        let mut drawn = Vec::with_capacity(n as usize);
        while let Some(x) = self.take(&mut pool) {
            drawn.push(x);
        }
        drawn
    }
}

/// Why pairing numbers cannot be reassigned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RenumberError {
    #[error(
        "pairing numbers can only be drawn before round 1 (a result is recorded for player {0})"
    )]
    AlreadyStarted(Tpn),
    #[error("the new pairing numbers must give each of the {0} players one of 1 to {0}")]
    NotAPermutation(usize),
}

/// Gives every player the number drawn for him (`numbers` maps current TPN
/// → new TPN, e.g. from [`Lots::draw_numbers`] or
/// [`varma_draw`](super::varma::varma_draw)), rewriting every reference to
/// pairing numbers (forbidden pairs, teams, virtual points) and putting the
/// entrants in the new order. Only before any round entry is recorded.
pub fn renumber(tournament: &mut Tournament, numbers: &[(Tpn, Tpn)]) -> Result<(), RenumberError> {
    let n = tournament.entrants.len();
    if let Some(e) = tournament.entrants.iter().find(|e| !e.rounds.is_empty()) {
        return Err(RenumberError::AlreadyStarted(e.player.tpn));
    }
    let map: BTreeMap<Tpn, Tpn> = numbers.iter().copied().collect();
    let mut new: Vec<Tpn> = map.values().copied().collect();
    new.sort_unstable();
    let complete = map.len() == n
        && numbers.len() == n
        && new.iter().enumerate().all(|(i, &t)| t == i as Tpn + 1)
        && tournament
            .entrants
            .iter()
            .all(|e| map.contains_key(&e.player.tpn));
    if !complete {
        return Err(RenumberError::NotAPermutation(n));
    }
    let to = |tpn: Tpn| map.get(&tpn).copied().unwrap_or(tpn);
    for e in &mut tournament.entrants {
        e.player.tpn = to(e.player.tpn);
    }
    tournament.entrants.sort_by_key(|e| e.player.tpn);
    for g in &mut tournament.forbidden {
        g.players.iter_mut().for_each(|p| *p = to(*p));
    }
    for team in &mut tournament.teams {
        team.members.iter_mut().for_each(|p| *p = to(*p));
    }
    tournament.acceleration = std::mem::take(&mut tournament.acceleration)
        .into_iter()
        .map(|(tpn, v)| (to(tpn), v))
        .collect();
    Ok(())
}

/// Draws the numbers 1 … N for the players of `tournament` in TPN order
/// with `seed` and applies them with [`renumber`]; returns the draw as
/// (old TPN, new TPN).
pub fn draw_and_renumber(
    tournament: &mut Tournament,
    seed: u64,
) -> Result<Vec<(Tpn, Tpn)>, RenumberError> {
    let drawn = Lots::new(seed).draw_numbers(tournament.entrants.len() as u32);
    let numbers: Vec<(Tpn, Tpn)> = tournament
        .entrants
        .iter()
        .map(|e| e.player.tpn)
        .zip(drawn)
        .collect();
    renumber(tournament, &numbers)?;
    Ok(numbers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_model::{Entrant, ForbiddenGroup, Player, RoundEntry};

    fn named(n: u32) -> Tournament {
        Tournament {
            entrants: (1..=n)
                .map(|tpn| Entrant {
                    player: Player {
                        tpn,
                        name: format!("P{tpn}"),
                        ..Player::default()
                    },
                    ..Entrant::default()
                })
                .collect(),
            forbidden: vec![ForbiddenGroup {
                players: vec![1, 2],
                rounds: None,
            }],
            ..Tournament::default()
        }
    }

    #[test]
    fn renumbering_follows_the_draw() {
        let mut t = named(4);
        renumber(&mut t, &[(1, 3), (2, 1), (3, 4), (4, 2)]).unwrap();
        let order: Vec<(Tpn, &str)> = t
            .entrants
            .iter()
            .map(|e| (e.player.tpn, e.player.name.as_str()))
            .collect();
        assert_eq!(order, vec![(1, "P2"), (2, "P4"), (3, "P1"), (4, "P3")]);
        assert_eq!(t.forbidden[0].players, vec![3, 1]);

        let drawn = draw_and_renumber(&mut named(6), 9).unwrap();
        assert_eq!(drawn.len(), 6);
    }

    #[test]
    fn renumbering_is_refused_after_round_one_or_if_incomplete() {
        let mut t = named(3);
        assert_eq!(
            renumber(&mut t, &[(1, 1), (2, 2)]),
            Err(RenumberError::NotAPermutation(3))
        );
        assert_eq!(
            renumber(&mut t, &[(1, 1), (2, 1), (3, 3)]),
            Err(RenumberError::NotAPermutation(3))
        );
        t.entrants[1].rounds.push(RoundEntry::Absent);
        assert_eq!(
            renumber(&mut t, &[(1, 2), (2, 1), (3, 3)]),
            Err(RenumberError::AlreadyStarted(2))
        );
    }

    #[test]
    fn a_draw_is_a_permutation_and_reproducible() {
        let a = Lots::new(42).draw_numbers(20);
        let b = Lots::new(42).draw_numbers(20);
        assert_eq!(a, b);
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (1..=20).collect::<Vec<_>>());
        assert_ne!(Lots::new(43).draw_numbers(20), a);
    }

    #[test]
    fn below_stays_in_range() {
        let mut lots = Lots::new(7);
        let mut seen = [false; 5];
        for _ in 0..200 {
            seen[lots.below(5)] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
