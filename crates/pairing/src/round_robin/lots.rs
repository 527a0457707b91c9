//! Reproducible drawing of lots: a seeded generator, so that a draw can be
//! recorded as its seed and replayed (spec 04 §1, spec 06 §3.2).
//!
//! The generator is SplitMix64 (a public-domain 64-bit mixing function);
//! integers below a bound are taken by rejection, so every outcome of a draw
//! is equally likely.

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

#[cfg(test)]
mod tests {
    use super::*;

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
