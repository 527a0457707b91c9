//! Graphs as the solver sees them: the [`Edges`] trait (weights computed on
//! demand, so a caller never has to store `n²` wide weights), and
//! [`MatchingGraph`], a dense symmetric matrix with a solver attached.

use std::cell::Cell;

use super::blossom::Solver;
use super::weight::Weight;

/// The weighted edges of a general graph on vertices `0..vertices()`.
///
/// Weight [`Weight::ZERO`] means "no edge"; every weight lies in
/// `0 ..= W::MAX_EDGE` (the solver's headroom). The solver asks for single
/// weights and for whole rows; both must describe the same symmetric graph
/// for as long as a solution is kept.
pub trait Edges<W: Weight> {
    /// Number of vertices.
    fn vertices(&self) -> usize;

    /// The weight of edge `{u, v}`, `u != v` ([`Weight::ZERO`] if none).
    fn weight(&self, u: usize, v: usize) -> W;

    /// Calls `f(x, w)` for every edge `{v, x}` of positive weight `w`, in
    /// increasing order of `x`, until `f` returns `false`.
    fn scan<F: FnMut(usize, W) -> bool>(&self, v: usize, f: F);
}

/// A maximum-weight matching kept across weight changes: the solver state
/// (duals, blossoms, matching) of a graph given as [`Edges`].
///
/// [`solve`](Self::solve) starts from scratch; [`repair`](Self::repair)
/// re-optimises after the weights of the edges at some vertices changed
/// (about `O(k·n)` row scans for `k` such vertices). The matching maximises
/// the total weight only; it is not necessarily of maximum cardinality (put
/// cardinality into the most significant weight bits, spec 02-dutch §6.3
/// field F1, to force that).
#[derive(Clone, Debug)]
pub struct Matching<W: Weight> {
    solver: Option<Solver<W>>,
    /// Row scans ([`Edges::scan`]) made by every solve and repair so far.
    scans: u64,
}

impl<W: Weight> Default for Matching<W> {
    fn default() -> Self {
        Matching {
            solver: None,
            scans: 0,
        }
    }
}

/// An [`Edges`] that counts its row scans.
struct Counted<'a, G> {
    g: &'a G,
    scans: Cell<u64>,
}

impl<W: Weight, G: Edges<W>> Edges<W> for Counted<'_, G> {
    fn vertices(&self) -> usize {
        self.g.vertices()
    }

    fn weight(&self, u: usize, v: usize) -> W {
        self.g.weight(u, v)
    }

    fn scan<F: FnMut(usize, W) -> bool>(&self, v: usize, f: F) {
        self.scans.set(self.scans.get() + 1);
        self.g.scan(v, f);
    }
}

impl<W: Weight> Matching<W> {
    /// No solution yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// A maximum-weight matching of `g`, from scratch. Deterministic.
    pub fn solve<G: Edges<W>>(&mut self, g: &G) {
        let g = Counted {
            g,
            scans: Cell::new(0),
        };
        let mut solver = Solver::new(&g);
        solver.optimise(&g);
        self.solver = Some(solver);
        self.scans += g.scans.get();
    }

    /// Re-optimises after the weights of edges at the `touched` vertices
    /// changed (any edge whose weight changed must have an endpoint listed).
    /// Solves from scratch when there is no previous solution or when the
    /// vertex count changed.
    pub fn repair<G: Edges<W>>(&mut self, g: &G, touched: &[usize]) {
        match &mut self.solver {
            Some(solver) if solver.vertices() == g.vertices() => {
                let g = Counted {
                    g,
                    scans: Cell::new(0),
                };
                solver.repair(&g, touched);
                self.scans += g.scans.get();
            }
            _ => self.solve(g),
        }
    }

    /// Row scans ([`Edges::scan`]) made by every solve and repair so far:
    /// a measure of the work done that depends on the graphs only.
    pub fn scans(&self) -> u64 {
        self.scans
    }

    /// Whether a solution is kept.
    pub fn is_solved(&self) -> bool {
        self.solver.is_some()
    }

    /// Forgets the solution: the next [`repair`](Self::repair) solves from scratch.
    pub fn reset(&mut self) {
        self.solver = None;
    }

    /// The mate of `v` in the last solution (`None` before any solve).
    pub fn mate(&self, v: usize) -> Option<usize> {
        self.solver.as_ref().and_then(|s| s.mate_of(v))
    }

    /// The dual of vertex `v` in the last solution, in the doubled scale of
    /// the solver (`blossom.rs`): edge `{a, b}` has slack `dual(a) + dual(b)
    /// − 2·w(a, b) + 2·Σ z(B) ≥ 0`, the sum over the blossoms of positive
    /// dual containing both ([`Self::blossoms`]). With these duals the
    /// optimal matchings are exactly those satisfying complementary
    /// slackness (matched edges of slack zero, blossoms of positive dual
    /// full, every vertex of positive dual matched), whichever optimum was
    /// returned.
    pub fn dual(&self, v: usize) -> Option<W> {
        self.solver.as_ref().map(|s| s.vertex_dual(v))
    }

    /// The blossoms of positive dual containing `v` in the last solution,
    /// innermost first, as (identifier, dual `z`).
    pub fn blossoms(&self, v: usize) -> Vec<(usize, W)> {
        self.solver
            .as_ref()
            .map_or_else(Vec::new, |s| s.positive_blossoms(v))
    }

    /// Total weight of the last solution under the weights of `g`.
    pub fn total<G: Edges<W>>(&self, g: &G) -> W {
        let mut total = W::ZERO;
        for u in 0..g.vertices() {
            if let Some(v) = self.mate(u)
                && u < v
            {
                total += g.weight(u, v);
            }
        }
        total
    }

    #[cfg(test)]
    pub(super) fn verify<G: Edges<W>>(&self, g: &G) {
        self.solver.as_ref().expect("solved").verify(g);
    }
}

/// A general graph on vertices `0..n` with integer edge weights held in a
/// dense symmetric matrix, and a maximum-weight matching of it (tests,
/// benchmarks and small graphs).
#[derive(Clone, Debug)]
pub struct MatchingGraph<W: Weight> {
    matrix: Dense<W>,
    matching: Matching<W>,
    /// Edges whose weight changed since the last solve.
    changed: Vec<(usize, usize)>,
}

/// The weight matrix of a [`MatchingGraph`].
#[derive(Clone, Debug)]
struct Dense<W> {
    n: usize,
    weights: Vec<W>,
}

impl<W: Weight> Edges<W> for Dense<W> {
    fn vertices(&self) -> usize {
        self.n
    }

    fn weight(&self, u: usize, v: usize) -> W {
        self.weights[u * self.n + v]
    }

    fn scan<F: FnMut(usize, W) -> bool>(&self, v: usize, mut f: F) {
        for (x, &w) in self.weights[v * self.n..(v + 1) * self.n]
            .iter()
            .enumerate()
        {
            if w != W::ZERO && !f(x, w) {
                return;
            }
        }
    }
}

impl<W: Weight> MatchingGraph<W> {
    /// A graph of `vertices` vertices and no edges.
    pub fn new(vertices: usize) -> Self {
        MatchingGraph {
            matrix: Dense {
                n: vertices,
                weights: vec![W::ZERO; vertices * vertices],
            },
            matching: Matching::new(),
            changed: Vec::new(),
        }
    }

    /// Number of vertices.
    pub fn vertices(&self) -> usize {
        self.matrix.n
    }

    /// Sets the weight of edge `{u, v}` (symmetric); [`Weight::ZERO`] removes it.
    ///
    /// Panics if `u == v`, a vertex is out of range, or `w` is negative or
    /// above [`Weight::MAX_EDGE`] (the solver's headroom).
    pub fn set_weight(&mut self, u: usize, v: usize, w: W) {
        let n = self.matrix.n;
        assert!(u != v, "no loops in a matching graph (vertex {u})");
        assert!(u < n && v < n, "vertex out of range");
        assert!(
            W::ZERO <= w && w <= W::MAX_EDGE,
            "edge weight {w:?} outside 0..=MAX_EDGE"
        );
        if self.matrix.weights[u * n + v] != w {
            self.matrix.weights[u * n + v] = w;
            self.matrix.weights[v * n + u] = w;
            self.changed.push((u, v));
        }
    }

    /// The weight of edge `{u, v}` ([`Weight::ZERO`] if there is none).
    pub fn weight(&self, u: usize, v: usize) -> W {
        self.matrix.weights[u * self.matrix.n + v]
    }

    /// A maximum-weight matching of the current weights: the mate of each
    /// vertex. Deterministic. The first call solves from scratch; later
    /// calls repair the previous optimum around the vertices whose edges
    /// changed.
    pub fn solve(&mut self) -> Vec<Option<usize>> {
        let changed = std::mem::take(&mut self.changed);
        let touched = cover(self.matrix.n, &changed);
        self.matching.repair(&self.matrix, &touched);
        self.mates()
    }

    /// Forgets the previous solution: the next [`solve`](Self::solve) starts
    /// from scratch.
    pub fn reset(&mut self) {
        self.matching.reset();
    }

    /// The matching found by the last [`solve`](Self::solve).
    pub fn mates(&self) -> Vec<Option<usize>> {
        (0..self.matrix.n).map(|v| self.matching.mate(v)).collect()
    }

    /// Total weight of the matching found by the last [`solve`](Self::solve).
    pub fn matching_weight(&self) -> W {
        self.matching.total(&self.matrix)
    }

    #[cfg(test)]
    pub(super) fn verify(&self) {
        self.matching.verify(&self.matrix);
    }
}

/// A small vertex cover of `edges`: of each edge not yet covered, the end
/// with more listed edges.
fn cover(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
    let mut count = vec![0u32; n];
    for &(a, b) in edges {
        count[a] += 1;
        count[b] += 1;
    }
    let mut chosen = vec![false; n];
    let mut out = Vec::new();
    for &(a, b) in edges {
        if chosen[a] || chosen[b] {
            continue;
        }
        let v = if count[b] > count[a] { b } else { a };
        chosen[v] = true;
        out.push(v);
    }
    out
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
        assert_eq!(g.solve(), vec![Some(1), Some(0), Some(3), Some(2)]);
        assert_eq!(g.matching_weight(), 10);
    }

    #[test]
    fn empty_and_edgeless_graphs() {
        assert!(MatchingGraph::<i64>::new(0).solve().is_empty());
        assert_eq!(MatchingGraph::<i64>::new(3).solve(), vec![None, None, None]);
    }

    #[test]
    fn re_solve_follows_changed_weights() {
        let mut g = MatchingGraph::<i64>::new(4);
        g.set_weight(0, 1, 5);
        g.set_weight(1, 2, 8);
        g.set_weight(2, 3, 5);
        g.solve();
        g.set_weight(1, 2, 11);
        assert_eq!(g.solve(), vec![None, Some(2), Some(1), None]);
        g.set_weight(1, 2, 0);
        assert_eq!(g.solve(), vec![Some(1), Some(0), Some(3), Some(2)]);
        assert_eq!(g.weight(2, 1), 0);
    }
}
