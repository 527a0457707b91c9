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
    let mates = g.solve();
    for (u, m) in mates.iter().enumerate() {
        if let Some(v) = *m {
            assert_eq!(mates[v], Some(u));
            assert!(g.weight(u, v) > W::ZERO);
        }
    }
    g.verify();
    g.matching_weight()
}

/// Fewer rounds in unoptimised builds, so `cargo test` stays quick.
fn rounds(release: usize) -> usize {
    if cfg!(debug_assertions) {
        release / 10
    } else {
        release
    }
}

const KINDS: [Kind; 4] = [Kind::Tiny, Kind::Large, Kind::Fields, Kind::Equal];

#[test]
fn small_graphs_match_brute_force() {
    let mut rng = Rng(1);
    for round in 0..rounds(3000) {
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
    for round in 0..rounds(600) {
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
    for round in 0..rounds(24).max(4) {
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

/// The solve sequence of a Dutch round (spec 02-dutch §6.4): lexicographic
/// weights, low-order bonuses on one player's edges, frozen pairs (one edge at
/// a large weight, every other edge of both players removed) and whole
/// brackets re-weighted, each followed by an incremental solve.
#[test]
fn dutch_like_sequences_match_integer_blossom() {
    let mut rng = Rng(4);
    for round in 0..rounds(20).max(3) {
        let n = 30 + rng.below(40) as usize;
        let field = |r: &mut Rng| {
            Wide::<4>::from_u64(3).shl(240)
                + Wide::from_u64(r.below(4)).shl(180)
                + Wide::from_u64(r.below(8)).shl(90)
                + Wide::from_u64(r.below(3)).shl(20)
        };
        let mut g = MatchingGraph::<Wide<4>>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                if rng.below(10) != 0 {
                    g.set_weight(u, v, field(&mut rng));
                }
            }
        }
        let mut frozen = vec![false; n];
        for step in 0..30 {
            let v = rng.below(n as u64) as usize;
            match rng.below(4) {
                0 => {
                    // A trial bonus on one player's edges.
                    let bonus = Wide::from_u64(1 + rng.below(5));
                    for x in 0..n {
                        let w = g.weight(v, x);
                        if x != v && !w.is_zero() {
                            g.set_weight(v, x, w + bonus);
                        }
                    }
                }
                1 => {
                    // Freeze v with its current mate.
                    if let Some(m) = g.mates()[v]
                        && !frozen[v]
                    {
                        for x in 0..n {
                            for y in [v, m] {
                                if x != y && g.weight(y, x) != Wide::ZERO {
                                    g.set_weight(y, x, Wide::ZERO);
                                }
                            }
                        }
                        g.set_weight(v, m, Wide::from_u64(1).shl(250));
                        frozen[v] = true;
                        frozen[m] = true;
                    }
                }
                2 => {
                    // Load a "bracket": re-weight the edges of a block of players.
                    let start = rng.below(n as u64) as usize;
                    for u in start..(start + 8).min(n) {
                        for x in 0..n {
                            if x != u && !frozen[u] && !frozen[x] && g.weight(u, x) != Wide::ZERO {
                                g.set_weight(u, x, field(&mut rng));
                            }
                        }
                    }
                }
                _ => {
                    // Remove a few edges.
                    for _ in 0..5 {
                        let x = rng.below(n as u64) as usize;
                        if x != v && !frozen[v] && !frozen[x] {
                            g.set_weight(v, x, Wide::ZERO);
                        }
                    }
                }
            }
            assert_eq!(
                solve_checked(&mut g),
                oracle::weight(&g),
                "round {round} step {step}"
            );
        }
    }
}

#[test]
fn weights_near_the_headroom_limit_are_exact() {
    let mut rng = Rng(5);
    for round in 0..rounds(500) {
        let n = 2 + rng.below(10) as usize;
        let mut g = MatchingGraph::<Wide<2>>::new(n);
        let mut wide = MatchingGraph::<Wide<3>>::new(n);
        let max = Wide::<2>::MAX_EDGE;
        for u in 0..n {
            for v in u + 1..n {
                if rng.below(3) != 0 {
                    let w =
                        max - Wide::from_u64(rng.below(4)).shl(100) - Wide::from_u64(rng.below(3));
                    g.set_weight(u, v, w);
                    wide.set_weight(u, v, Wide([w.0[0], w.0[1], 0]));
                }
            }
        }
        solve_checked(&mut g);
        let mut total = Wide::<3>::ZERO;
        for (u, m) in g.mates().iter().enumerate() {
            if let Some(v) = *m
                && u < v
            {
                total += wide.weight(u, v);
            }
        }
        assert_eq!(total, brute_force(&wide), "round {round}");
    }
}

#[test]
fn primitive_weights_match_brute_force() {
    let mut rng = Rng(6);
    for _ in 0..rounds(500) {
        let n = 2 + rng.below(10) as usize;
        let mut g64 = MatchingGraph::<i64>::new(n);
        let mut g128 = MatchingGraph::<i128>::new(n);
        for u in 0..n {
            for v in u + 1..n {
                if rng.below(2) == 0 {
                    let w = 1 + rng.below(20) as i64;
                    g64.set_weight(u, v, w);
                    g128.set_weight(u, v, (w as i128) << 90);
                }
            }
        }
        assert_eq!(solve_checked(&mut g64), brute_force(&g64));
        assert_eq!(solve_checked(&mut g128), brute_force(&g128));
    }
}

#[test]
fn solving_is_deterministic() {
    let build = || {
        let mut rng = Rng(7);
        let mut g = random_graph(&mut rng, 80, 100, Kind::Tiny);
        g.solve();
        for v in 0..10 {
            for x in 0..80 {
                if x != v {
                    g.set_weight(v, x, draw(&mut rng, Kind::Tiny));
                }
            }
        }
        g.solve()
    };
    assert_eq!(build(), build());
}
