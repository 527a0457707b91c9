//! Timings of the maximum-weight matching solver (plain harness: prints
//! figures). Run with `cargo bench -p arbiter-pairing --bench matching`;
//! pass sizes as arguments to override the default 100 500 1000 2000.

use std::time::Instant;

use arbiter_pairing::matching::{MatchingGraph, Wide};

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A Dutch-like bit-field weight: a constant completion field on top, then
/// a few small random count fields spread over the limbs.
fn field_weight<const L: usize>(rng: &mut Rng) -> Wide<L> {
    let top = Wide::<L>::EDGE_BITS - 2;
    let mut w = Wide::<L>::from_u64(2).shl(top);
    let fields = 6u32;
    for f in 0..fields {
        let pos = (top - 16) * f / fields;
        w += Wide::from_u64(rng.next() % 8).shl(pos);
    }
    w
}

/// A uniformly random 40-bit weight.
fn random_weight<const L: usize>(rng: &mut Rng) -> Wide<L> {
    Wide::from_u64(1 + rng.next() % (1 << 40))
}

fn dense_graph<const L: usize>(
    n: usize,
    rng: &mut Rng,
    make: fn(&mut Rng) -> Wide<L>,
) -> MatchingGraph<Wide<L>> {
    let mut g = MatchingGraph::new(n);
    for u in 0..n {
        for v in u + 1..n {
            // ~90% of pairs are legal.
            if !rng.next().is_multiple_of(10) {
                g.set_weight(u, v, make(rng));
            }
        }
    }
    g
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

fn bench<const L: usize>(n: usize, name: &str, make: fn(&mut Rng) -> Wide<L>) {
    let mut rng = Rng(n as u64);
    let mut g = dense_graph::<L>(n, &mut rng, make);
    let t = Instant::now();
    g.solve();
    let full = ms(t);
    // Incremental: re-weight all edges of k vertices, re-solve.
    let mut incr = Vec::new();
    for k in [1usize, 4] {
        let reps = 5;
        let t = Instant::now();
        for _ in 0..reps {
            for _ in 0..k {
                let v = (rng.next() % n as u64) as usize;
                for x in 0..n {
                    if x != v && !rng.next().is_multiple_of(10) {
                        g.set_weight(v, x, make(&mut rng));
                    }
                }
            }
            g.solve();
        }
        incr.push(ms(t) / reps as f64);
    }
    // Incremental: a small bonus on one vertex's edges (a Dutch "trial").
    let reps = 5;
    let t = Instant::now();
    for _ in 0..reps {
        let v = (rng.next() % n as u64) as usize;
        for x in 0..n {
            let w = g.weight(v, x);
            if x != v && w != Wide::ZERO {
                g.set_weight(v, x, w + Wide::from_u64(1));
            }
        }
        g.solve();
    }
    let bonus = ms(t) / reps as f64;
    println!(
        "n={n:5} {name:>7} Wide<{L}>: full {full:9.2} ms | re-solve after re-weighting 1 vertex {:8.2} ms, 4 vertices {:8.2} ms | +1 bonus on 1 vertex {bonus:8.2} ms",
        incr[0], incr[1]
    );
}

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        vec![100, 500, 1000, 2000]
    } else {
        sizes
    };
    // A non-numeric argument keeps only the configurations whose label
    // ("fields4", "fields8", "random4") contains it.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a.parse::<usize>().is_err() && !a.starts_with('-'))
        .collect();
    let wanted =
        |label: &str| filter.is_empty() || filter.iter().any(|f| label.contains(f.as_str()));
    for &n in &sizes {
        if wanted("fields4") {
            bench::<4>(n, "fields", field_weight::<4>);
        }
        if wanted("fields8") {
            bench::<8>(n, "fields", field_weight::<8>);
        }
        if wanted("random4") {
            bench::<4>(n, "random", random_weight::<4>);
        }
    }
}
