//! The public matching graph: a dense symmetric weight matrix plus the
//! current maximum-weight matching.

use super::weight::Weight;

/// A general graph on vertices `0..n` with integer edge weights, and a
/// maximum-weight matching of it.
///
/// Weight [`Weight::ZERO`] means "no edge"; a matching never uses such a pair.
/// The matching maximises the total weight only; it is not necessarily of
/// maximum cardinality (put cardinality into the most significant weight bits,
/// spec 02-dutch §6.3 field F1, to force that).
#[derive(Clone, Debug)]
pub struct MatchingGraph<W: Weight> {
    n: usize,
    /// Row-major `n × n`, symmetric, zero diagonal.
    weights: Vec<W>,
    mate: Vec<Option<usize>>,
}

impl<W: Weight> MatchingGraph<W> {
    /// A graph of `vertices` vertices and no edges.
    pub fn new(vertices: usize) -> Self {
        MatchingGraph {
            n: vertices,
            weights: vec![W::ZERO; vertices * vertices],
            mate: vec![None; vertices],
        }
    }

    /// Number of vertices.
    pub fn vertices(&self) -> usize {
        self.n
    }

    /// Sets the weight of edge `{u, v}` (symmetric); [`Weight::ZERO`] removes it.
    ///
    /// Panics if `u == v`, a vertex is out of range, or `w` is negative or
    /// above [`Weight::MAX_EDGE`] (the solver's headroom).
    pub fn set_weight(&mut self, u: usize, v: usize, w: W) {
        assert!(u != v, "no loops in a matching graph (vertex {u})");
        assert!(u < self.n && v < self.n, "vertex out of range");
        assert!(
            W::ZERO <= w && w <= W::MAX_EDGE,
            "edge weight {w:?} outside 0..=MAX_EDGE"
        );
        self.weights[u * self.n + v] = w;
        self.weights[v * self.n + u] = w;
    }

    /// The weight of edge `{u, v}` ([`Weight::ZERO`] if there is none).
    pub fn weight(&self, u: usize, v: usize) -> W {
        self.weights[u * self.n + v]
    }

    /// A maximum-weight matching of the current weights: the mate of each
    /// vertex. Deterministic.
    pub fn solve(&mut self) -> &[Option<usize>] {
        self.mate = integer_blossom::max_weight_matching(
            &self.weights.iter().map(|&w| Ib(w)).collect::<Vec<_>>(),
            self.n,
        );
        &self.mate
    }

    /// The matching found by the last [`solve`](Self::solve).
    pub fn mates(&self) -> &[Option<usize>] {
        &self.mate
    }

    /// Total weight of the matching found by the last [`solve`](Self::solve).
    pub fn matching_weight(&self) -> W {
        let mut total = W::ZERO;
        for (u, m) in self.mate.iter().enumerate() {
            if let Some(v) = *m
                && u < v
            {
                total += self.weight(u, v);
            }
        }
        total
    }
}

/// Adapter for the interim `integer-blossom` backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Ib<W>(W);

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_of_three_edges_takes_the_outer_pair() {
        let mut g = MatchingGraph::<i64>::new(4);
        g.set_weight(0, 1, 5);
        g.set_weight(1, 2, 8);
        g.set_weight(2, 3, 5);
        assert_eq!(g.solve(), &[Some(1), Some(0), Some(3), Some(2)]);
        assert_eq!(g.matching_weight(), 10);
    }
}
