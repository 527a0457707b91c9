//! The public matching graph: a dense symmetric weight matrix plus the
//! current maximum-weight matching.

use super::blossom::Solver;
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
    /// Row-major `n × n`, symmetric, zero diagonal; holds **twice** each
    /// weight, the form the solver's slack computation uses.
    pub(super) weights: Vec<W>,
    mate: Vec<Option<usize>>,
    /// Duals, blossoms and matching of the last solve (`None` before the first).
    pub(super) solver: Option<Solver<W>>,
    /// Edges whose weight changed since the last solve.
    changed: Vec<(usize, usize)>,
}

impl<W: Weight> MatchingGraph<W> {
    /// A graph of `vertices` vertices and no edges.
    pub fn new(vertices: usize) -> Self {
        MatchingGraph {
            n: vertices,
            weights: vec![W::ZERO; vertices * vertices],
            mate: vec![None; vertices],
            solver: None,
            changed: Vec::new(),
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
        let w2 = w.double();
        if self.weights[u * self.n + v] != w2 {
            self.weights[u * self.n + v] = w2;
            self.weights[v * self.n + u] = w2;
            self.changed.push((u, v));
        }
    }

    /// The weight of edge `{u, v}` ([`Weight::ZERO`] if there is none).
    pub fn weight(&self, u: usize, v: usize) -> W {
        self.weights[u * self.n + v].half()
    }

    /// A maximum-weight matching of the current weights: the mate of each
    /// vertex. Deterministic.
    ///
    /// The first call solves from scratch; later calls repair the previous
    /// optimum around the edges changed since (about `O(k·n²)` when those
    /// edges touch `k` vertices).
    pub fn solve(&mut self) -> &[Option<usize>] {
        // When most edges changed, a fresh start (with its greedy initial
        // matching) beats repairing around nearly every vertex.
        if self.changed.len() > self.n * self.n / 4 {
            self.solver = None;
        }
        match &mut self.solver {
            Some(solver) => solver.repair(&self.weights, &self.changed),
            None => {
                let mut solver = Solver::new(self.n, &self.weights);
                solver.optimise(&self.weights);
                self.solver = Some(solver);
            }
        }
        self.changed.clear();
        let solver = self.solver.as_ref().expect("solved above");
        for (slot, &m) in self.mate.iter_mut().zip(&solver.mate) {
            *slot = (m < self.n).then_some(m);
        }
        &self.mate
    }

    /// Forgets the previous solution: the next [`solve`](Self::solve) starts
    /// from scratch (useful after most weights changed).
    pub fn reset(&mut self) {
        self.solver = None;
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

    #[test]
    fn empty_and_edgeless_graphs() {
        assert!(MatchingGraph::<i64>::new(0).solve().is_empty());
        assert_eq!(MatchingGraph::<i64>::new(3).solve(), &[None, None, None]);
    }

    #[test]
    fn re_solve_follows_changed_weights() {
        let mut g = MatchingGraph::<i64>::new(4);
        g.set_weight(0, 1, 5);
        g.set_weight(1, 2, 8);
        g.set_weight(2, 3, 5);
        g.solve();
        g.set_weight(1, 2, 11);
        assert_eq!(g.solve(), &[None, Some(2), Some(1), None]);
        g.set_weight(1, 2, 0);
        assert_eq!(g.solve(), &[Some(1), Some(0), Some(3), Some(2)]);
        assert_eq!(g.weight(2, 1), 0);
    }
}
