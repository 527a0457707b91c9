//! Randomised checks of the matching solver against exhaustive search (small
//! graphs), the `integer-blossom` crate (larger graphs) and its own dual
//! certificate.

use super::MatchingGraph;
use super::weight::{Weight, Wide};

/// SplitMix64: a tiny deterministic generator for test graphs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, k: u64) -> u64 {
        self.next() % k
    }
}

/// Weight generators: how edge weights of a test graph are drawn.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// 1..=3: ties everywhere.
    Tiny,
    /// 1..=2^30.
    Large,
    /// Three lexicographic fields at bits 150, 70 and 0, each 0..=3.
    Fields,
    /// Complete graph, all weights equal.
    Equal,
}

fn draw(rng: &mut Rng, kind: Kind) -> Wide<3> {
    match kind {
        Kind::Tiny => Wide::from_u64(1 + rng.below(3)),
        Kind::Large => Wide::from_u64(1 + rng.below(1 << 30)),
        Kind::Fields => {
            let f = |r: &mut Rng, pos| Wide::<3>::from_u64(r.below(4)).shl(pos);
            let w = f(rng, 150) + f(rng, 70) + f(rng, 0);
            if w.is_zero() { Wide::ONE } else { w }
        }
        Kind::Equal => Wide::from_u64(7),
    }
}

fn random_graph(rng: &mut Rng, n: usize, density: u64, kind: Kind) -> MatchingGraph<Wide<3>> {
    let mut g = MatchingGraph::new(n);
    for u in 0..n {
        for v in u + 1..n {
            if matches!(kind, Kind::Equal) || rng.below(100) < density {
                g.set_weight(u, v, draw(rng, kind));
            }
        }
    }
    g
}

/// Maximum matching weight by dynamic programming over vertex subsets.
fn brute_force<W: Weight>(g: &MatchingGraph<W>) -> W {
    let n = g.vertices();
    let mut best = vec![W::ZERO; 1 << n];
    for mask in 1usize..1 << n {
        let i = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << i);
        let mut b = best[rest];
        let mut others = rest;
        while others != 0 {
            let j = others.trailing_zeros() as usize;
            others &= others - 1;
            let wt = g.weight(i, j);
            if wt > W::ZERO {
                let c = wt + best[rest & !(1 << j)];
                if c > b {
                    b = c;
                }
            }
        }
        best[mask] = b;
    }
    best[(1 << n) - 1]
}

/// Solves, checks the result is a matching of real edges with a valid dual
/// certificate, and returns its weight.
fn solve_checked<W: Weight>(g: &mut MatchingGraph<W>) -> W {
    let mates = g.solve().to_vec();
    for (u, m) in mates.iter().enumerate() {
        if let Some(v) = *m {
            assert_eq!(mates[v], Some(u));
            assert!(g.weight(u, v) > W::ZERO);
        }
    }
    g.solver.as_ref().expect("solved").verify(&g.weights);
    g.matching_weight()
}

const KINDS: [Kind; 4] = [Kind::Tiny, Kind::Large, Kind::Fields, Kind::Equal];

#[test]
fn small_graphs_match_brute_force() {
    let mut rng = Rng(1);
    for round in 0..3000 {
        let n = 1 + rng.below(12) as usize;
        let kind = KINDS[round % 4];
        let density = [10, 30, 60, 100][rng.below(4) as usize];
        let mut g = random_graph(&mut rng, n, density, kind);
        assert_eq!(
            solve_checked(&mut g),
            brute_force(&g),
            "round {round} {kind:?} n={n}"
        );
    }
}

#[test]
fn incremental_solves_match_brute_force() {
    let mut rng = Rng(2);
    for round in 0..600 {
        let n = 2 + rng.below(11) as usize;
        let kind = KINDS[round % 3];
        let mut g = random_graph(&mut rng, n, 50, kind);
        solve_checked(&mut g);
        for step in 0..6 {
            // Change the edges around one or two vertices, or a few random edges.
            match rng.below(3) {
                0 | 1 => {
                    for _ in 0..=rng.below(2) {
                        let v = rng.below(n as u64) as usize;
                        for x in 0..n {
                            if x != v && rng.below(2) == 0 {
                                let w = if rng.below(4) == 0 {
                                    Wide::ZERO
                                } else {
                                    draw(&mut rng, kind)
                                };
                                g.set_weight(v, x, w);
                            }
                        }
                    }
                }
                _ => {
                    for _ in 0..3 {
                        let u = rng.below(n as u64) as usize;
                        let v = rng.below(n as u64) as usize;
                        if u != v {
                            let w = if rng.below(3) == 0 {
                                Wide::ZERO
                            } else {
                                draw(&mut rng, kind)
                            };
                            g.set_weight(u, v, w);
                        }
                    }
                }
            }
            assert_eq!(
                solve_checked(&mut g),
                brute_force(&g),
                "round {round} step {step}"
            );
        }
    }
}

/// `integer-blossom` as an independent oracle on larger graphs.
mod oracle {
    use super::Weight;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
    pub struct Ib<W>(pub W);

    impl<W: Weight> core::ops::Add for Ib<W> {
        type Output = Self;
        fn add(self, r: Self) -> Self {
            Ib(self.0 + r.0)
        }
    }
    impl<W: Weight> core::ops::Sub for Ib<W> {
        type Output = Self;
        fn sub(self, r: Self) -> Self {
            Ib(self.0 - r.0)
        }
    }
    impl<W: Weight> core::ops::AddAssign for Ib<W> {
        fn add_assign(&mut self, r: Self) {
            self.0 += r.0
        }
    }
    impl<W: Weight> core::ops::SubAssign for Ib<W> {
        fn sub_assign(&mut self, r: Self) {
            self.0 -= r.0
        }
    }
    impl<W: Weight> integer_blossom::Weight for Ib<W> {
        const ZERO: Self = Ib(W::ZERO);
        const ONE: Self = Ib(W::ONE);
        fn inf() -> Self {
            Ib(W::MAX_EDGE)
        }
        fn double(self) -> Self {
            Ib(self.0.double())
        }
        fn half(self) -> Self {
            Ib(self.0.half())
        }
    }

    /// Total weight of the matching `integer-blossom` finds.
    pub fn weight<W: Weight>(g: &super::MatchingGraph<W>) -> W {
        let n = g.vertices();
        let mut matrix = Vec::with_capacity(n * n);
        for u in 0..n {
            for v in 0..n {
                matrix.push(Ib(if u == v { W::ZERO } else { g.weight(u, v) }));
            }
        }
        let mates = integer_blossom::max_weight_matching(&matrix, n);
        let mut total = W::ZERO;
        for (u, m) in mates.iter().enumerate() {
            if let Some(v) = *m
                && u < v
            {
                total += g.weight(u, v);
            }
        }
        total
    }
}

#[test]
fn larger_graphs_match_integer_blossom() {
    let mut rng = Rng(3);
    for round in 0..24 {
        let n = [40, 100, 150, 250][round % 4] + rng.below(7) as usize;
        let kind = KINDS[round % 3];
        let density = [5, 30, 100][round % 3];
        let mut g = random_graph(&mut rng, n, density, kind);
        assert_eq!(
            solve_checked(&mut g),
            oracle::weight(&g),
            "round {round} n={n}"
        );
        // A few incremental rounds too.
        for _ in 0..3 {
            let v = rng.below(n as u64) as usize;
            for x in 0..n {
                if x != v && rng.below(3) == 0 {
                    g.set_weight(v, x, draw(&mut rng, kind));
                }
            }
            assert_eq!(
                solve_checked(&mut g),
                oracle::weight(&g),
                "round {round} n={n}"
            );
        }
    }
}
