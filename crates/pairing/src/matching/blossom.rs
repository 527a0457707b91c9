//! Primal–dual Edmonds blossom algorithm for maximum-weight matching on a
//! general graph given by an edge oracle ([`Edges`]), with exact integer
//! duals and incremental repair.
//!
//! The formulation is the classic one (Edmonds 1965; Galil, Micali and Gabow
//! 1986, cited in spec 02-dutch §6.1), with all duals doubled so that every
//! quantity is an integer:
//!
//! * a vertex dual `u[v] ≥ 0` and a blossom dual `z[B] ≥ 0`;
//! * the slack of edge `{v, w}` is `u[v] + u[w] − 2·w(v, w) + 2·Σ z[B]` over
//!   the blossoms containing both ends; every slack is `≥ 0`;
//! * matched edges and the edges joining the sub-blossoms of a blossom have
//!   slack `0`; a blossom with `z > 0` is full (its base is its only vertex
//!   not matched inside it);
//! * **optimality**: every unmatched vertex has `u = 0`.
//!
//! Each *pass* grows an alternating forest from the unmatched vertices that
//! still have `u > 0` (the roots) along tight edges. A tight edge between two
//! trees (or from a tree to an unmatched vertex outside the forest) is an
//! augmenting path: it is flipped at once, the trees it joined leave the
//! forest, and growth goes on with the others, so one pass can augment many
//! times. When no tight edge is left: if the pass augmented, the next pass
//! starts from the remaining roots; otherwise the duals of the forest change
//! until a new edge is tight or the dual of some outer vertex reaches `0` (the
//! even alternating path from that vertex to its root is then flipped, which
//! leaves it unmatched with `u = 0`, and its tree leaves the forest). Every
//! pass lowers the number of unmatched vertices with positive dual.
//!
//! Dual changes happen only in a forest untouched by augmentations, so every
//! recorded least-slack edge is current. To keep the halved slack of an edge
//! between two outer vertices integral, all roots of one pass have duals of
//! equal parity (every vertex reached through tight edges then shares it);
//! free vertices of the other parity wait for a later pass and meanwhile count
//! as ordinary augmentation targets.
//!
//! **Order of work.** Any order of scanning outer vertices and of handling
//! tight edges is correct; this one keeps passes short on the dense,
//! tie-rich graphs of pairing rounds: outer vertices are scanned in
//! labelling order (breadth first, so trees meet early), the trees that
//! augmented are left alone for the rest of the pass (each vertex is grown at
//! most once per pass), and a tight edge closing a cycle inside one tree is
//! only turned into a blossom once no vertex is left to scan (an augmenting
//! path found first makes it unnecessary). Every per-pass structure is reset
//! through the list of entries the pass wrote, so a pass costs its scans,
//! not `O(n)` resets.
//!
//! **Incremental repair** ([`Solver::repair`]): when the weights at some
//! vertices change, each such vertex that lies in a blossom, whose matched
//! edge is no longer tight, or that has an edge of negative slack is
//! *isolated*: the blossoms around it are dissolved (a blossom dual moves onto
//! its vertices, which keeps every slack feasible; the base's outer matched
//! edge is released when that dual was positive), the vertex is unmatched and
//! its dual reset to the least feasible value. The stage loop then restores
//! optimality.
//!
//! Headroom: duals stay within `[0, 2·max w]` in this scaling and slacks are
//! computed as `u + u − 2w`, so intermediate values stay below `4·max w`
//! ([`Weight::MAX_EDGE`]).

use super::graph::Edges;
use super::weight::Weight;

const NONE: usize = usize::MAX;

/// An edge `{a, b}` read in a direction: for a label, `a` is the vertex in the
/// parent blossom and `b` the vertex in the labelled blossom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Arc {
    a: usize,
    b: usize,
}

const NO_ARC: Arc = Arc { a: NONE, b: NONE };

impl Arc {
    fn rev(self) -> Arc {
        Arc {
            a: self.b,
            b: self.a,
        }
    }
    fn is_none(self) -> bool {
        self.a == NONE
    }
}

/// Label of a top-level blossom within a stage.
const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;
/// In a tree that augmented during this pass: left alone until the next
/// pass (each vertex is grown at most once per pass).
const DEAD: u8 = 3;
/// Breadcrumb used while looking for a common ancestor.
const CRUMB: u8 = 5;

/// Solver state that survives between solves: duals, blossoms and matching.
///
/// Ids `0..n` are vertices, `n..2n` blossoms.
#[derive(Clone, Debug)]
pub(super) struct Solver<W: Weight> {
    n: usize,
    /// `u` for vertices, `z` for blossoms (doubled scale, see module docs).
    dual: Vec<W>,
    /// Mate vertex or `NONE`.
    mate: Vec<usize>,
    /// Top-level blossom (or the vertex itself) containing each vertex.
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    /// `ends[b][i]` joins `children[b][i]` (at `a`) to `children[b][i+1]` (at `b`).
    ends: Vec<Vec<Arc>>,
    base: Vec<usize>,
    unused: Vec<usize>,
    // Per-stage state; every id written is listed in `written`.
    label: Vec<u8>,
    label_end: Vec<Arc>,
    best_edge: Vec<Arc>,
    /// Current slack of `best_edge` (kept up to date by the dual changes).
    best_slack: Vec<W>,
    /// Least-slack edges from a blossom formed in this stage to other outer
    /// blossoms (valid while `best_edges_stage` is the current stage).
    best_edges_of: Vec<Vec<Arc>>,
    best_edges_stage: Vec<u32>,
    /// Outer vertices waiting to be scanned (first in, first out).
    queue: Vec<usize>,
    queue_head: usize,
    /// Tight edges between two outer vertices of one tree, not yet blossoms.
    pending: Vec<Arc>,
    /// Root vertex of the tree of a labelled id.
    tree: Vec<usize>,
    /// Ids labelled in the tree of each root (by root vertex).
    members: Vec<Vec<usize>>,
    /// Roots of the current pass.
    roots: Vec<usize>,
    /// Ids whose per-stage entries were written in this stage.
    written: Vec<usize>,
    written_stage: Vec<u32>,
    /// Vertices of labelled blossoms (their duals move with the label).
    forest: Vec<usize>,
    forest_stage: Vec<u32>,
    stage: u32,
    best_to: Vec<Arc>,
    best_to_slack: Vec<W>,
}

impl<W: Weight> Solver<W> {
    /// Fresh state: every vertex dual equal to the largest weight at that
    /// vertex, then a greedy matching on tight edges.
    pub(super) fn new<G: Edges<W>>(g: &G) -> Self {
        let n = g.vertices();
        let mut s = Solver {
            n,
            dual: vec![W::ZERO; 2 * n],
            mate: vec![NONE; n],
            in_blossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            ends: vec![Vec::new(); 2 * n],
            base: (0..n).chain(core::iter::repeat_n(NONE, n)).collect(),
            unused: (n..2 * n).rev().collect(),
            label: vec![FREE; 2 * n],
            label_end: vec![NO_ARC; 2 * n],
            best_edge: vec![NO_ARC; 2 * n],
            best_slack: vec![W::ZERO; 2 * n],
            best_edges_of: vec![Vec::new(); 2 * n],
            best_edges_stage: vec![0; 2 * n],
            queue: Vec::new(),
            queue_head: 0,
            pending: Vec::new(),
            tree: vec![NONE; 2 * n],
            members: vec![Vec::new(); n],
            roots: Vec::new(),
            written: Vec::new(),
            written_stage: vec![0; 2 * n],
            forest: Vec::new(),
            forest_stage: vec![0; n],
            stage: 0,
            best_to: vec![NO_ARC; 2 * n],
            best_to_slack: vec![W::ZERO; 2 * n],
        };
        for v in 0..n {
            let mut max = W::ZERO;
            g.scan(v, |_, w| {
                if w > max {
                    max = w;
                }
                true
            });
            // Doubled scale: u = w_max ≥ half of every doubled weight at v.
            s.dual[v] = max;
        }
        s.greedy(g);
        s
    }

    pub(super) fn vertices(&self) -> usize {
        self.n
    }

    pub(super) fn vertex_dual(&self, v: usize) -> W {
        self.dual[v]
    }

    /// The blossoms of positive dual containing vertex `v`, innermost
    /// first, with their duals.
    pub(super) fn positive_blossoms(&self, v: usize) -> Vec<(usize, W)> {
        let mut out = Vec::new();
        let mut b = self.parent[v];
        while b != NONE {
            if self.dual[b] > W::ZERO {
                out.push((b, self.dual[b]));
            }
            b = self.parent[b];
        }
        out
    }

    pub(super) fn mate_of(&self, v: usize) -> Option<usize> {
        let m = self.mate[v];
        (m != NONE).then_some(m)
    }

    /// Matches free vertices along tight edges, lowers the duals of the ones
    /// left free as far as feasibility allows, and matches again.
    fn greedy<G: Edges<W>>(&mut self, g: &G) {
        let n = self.n;
        for pass in 0..2 {
            for v in 0..n {
                if self.mate[v] != NONE || self.dual[v] == W::ZERO {
                    continue;
                }
                let mut found = NONE;
                let (dual, mate) = (&self.dual, &self.mate);
                let dv = dual[v];
                g.scan(v, |x, w| {
                    if x != v && mate[x] == NONE && dv + dual[x] == w.double() {
                        found = x;
                        return false;
                    }
                    true
                });
                if found != NONE {
                    self.mate[v] = found;
                    self.mate[found] = v;
                }
            }
            if pass == 0 {
                // Lower the duals of the free vertices: each edge to a
                // matched vertex needs its full slack, an edge between two
                // free vertices is split evenly, so that ties (a clique of
                // equal weights) become tight together.
                let lowered: Vec<(usize, W)> = (0..n)
                    .filter(|&v| self.mate[v] == NONE)
                    .map(|v| {
                        let mut need = W::ZERO;
                        let (dual, mate) = (&self.dual, &self.mate);
                        g.scan(v, |x, w| {
                            let d = if mate[x] == NONE {
                                w
                            } else {
                                w.double() - dual[x]
                            };
                            if d > need {
                                need = d;
                            }
                            true
                        });
                        (v, need)
                    })
                    .collect();
                for (v, need) in lowered {
                    self.dual[v] = need;
                }
            }
        }
    }

    /// The least `u[v] ≥ 0` keeping every edge at the trivial vertex `v` feasible.
    fn least_feasible_dual<G: Edges<W>>(&self, g: &G, v: usize) -> W {
        let mut need = W::ZERO;
        let dual = &self.dual;
        g.scan(v, |x, w| {
            let d = w.double() - dual[x];
            if d > need {
                need = d;
            }
            true
        });
        need
    }

    #[inline]
    fn slack<G: Edges<W>>(&self, g: &G, e: Arc) -> W {
        self.dual[e.a] + self.dual[e.b] - g.weight(e.a, e.b).double()
    }

    /// Vertices of blossom (or vertex) `b`.
    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.children[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_vec(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    /// Restores feasibility and the matching invariants after the weights of
    /// edges at the `touched` vertices changed, then re-optimises.
    pub(super) fn repair<G: Edges<W>>(&mut self, g: &G, touched: &[usize]) {
        let mut isolated = Vec::new();
        for &v in touched {
            if self.needs_isolation(g, v) {
                self.isolate(g, v);
                isolated.push(v);
            }
        }
        for &v in &isolated {
            self.dual[v] = self.least_feasible_dual(g, v);
        }
        self.prepare_roots(g);
        self.optimise(g);
    }

    /// Whether changed edges at `v` may break an invariant: `v` lies in a
    /// blossom (its edges inside are assumed changed), its matched edge lost
    /// its tightness, or an edge at `v` has negative slack.
    fn needs_isolation<G: Edges<W>>(&self, g: &G, v: usize) -> bool {
        if self.in_blossom[v] != v {
            return true;
        }
        let m = self.mate[v];
        if m != NONE {
            let w = g.weight(v, m);
            if w == W::ZERO || self.dual[v] + self.dual[m] != w.double() {
                return true;
            }
        }
        let mut negative = false;
        let (dual, dv) = (&self.dual, self.dual[v]);
        g.scan(v, |x, w| {
            if dv + dual[x] < w.double() {
                negative = true;
                return false;
            }
            true
        });
        negative
    }

    /// Lowers the dual of every free single vertex as far as feasibility
    /// allows (a zero dual needs no stage at all).
    fn prepare_roots<G: Edges<W>>(&mut self, g: &G) {
        for x in 0..self.n {
            if self.mate[x] == NONE && self.in_blossom[x] == x && self.dual[x] > W::ZERO {
                self.dual[x] = self.least_feasible_dual(g, x);
            }
        }
    }

    /// Dissolves every blossom containing `v` and unmatches `v`.
    fn isolate<G: Edges<W>>(&mut self, g: &G, v: usize) {
        while self.in_blossom[v] != v {
            let b = self.in_blossom[v];
            self.dissolve(g, b);
        }
        let m = self.mate[v];
        if m != NONE {
            self.mate[v] = NONE;
            self.mate[m] = NONE;
        }
    }

    /// Dissolves top-level blossom `b` outside a stage: its dual moves onto
    /// its vertices (slacks inside unchanged, across its border raised). The
    /// base's outer matched edge then has slack `z`: it stays tight when its
    /// outer end can give up `z` of its dual (every other edge there has that
    /// much slack), and is released otherwise.
    fn dissolve<G: Edges<W>>(&mut self, g: &G, b: usize) {
        let z = self.dual[b];
        if z > W::ZERO {
            let leaves = self.leaves_vec(b);
            for &x in &leaves {
                self.dual[x] += z;
            }
            self.dual[b] = W::ZERO;
            let base = self.base[b];
            let m = self.mate[base];
            if m != NONE {
                let mut room = self.dual[m] >= z;
                if room {
                    let (dual, dm) = (&self.dual, self.dual[m]);
                    g.scan(m, |x, w| {
                        if x != base && dm + dual[x] - w.double() < z {
                            room = false;
                            return false;
                        }
                        true
                    });
                }
                if room {
                    self.dual[m] -= z;
                } else {
                    self.mate[base] = NONE;
                    self.mate[m] = NONE;
                }
            }
        }
        for c in core::mem::take(&mut self.children[b]) {
            self.parent[c] = NONE;
            if c < self.n {
                self.in_blossom[c] = c;
            } else {
                for x in self.leaves_vec(c) {
                    self.in_blossom[x] = c;
                }
            }
        }
        self.recycle(b);
    }

    fn recycle(&mut self, b: usize) {
        self.children[b].clear();
        self.ends[b].clear();
        self.base[b] = NONE;
        self.label[b] = FREE;
        self.label_end[b] = NO_ARC;
        self.best_edge[b] = NO_ARC;
        self.tree[b] = NONE;
        self.best_edges_stage[b] = 0;
        self.unused.push(b);
    }

    /// Runs passes until every free vertex has dual zero.
    pub(super) fn optimise<G: Edges<W>>(&mut self, g: &G) {
        while self.pass(g) {}
    }

    /// Records that per-stage entries of `id` are written in this stage.
    #[inline]
    fn write(&mut self, id: usize) {
        if self.written_stage[id] != self.stage {
            self.written_stage[id] = self.stage;
            self.written.push(id);
        }
    }

    fn set_label(&mut self, id: usize, t: u8) {
        self.write(id);
        self.label[id] = t;
    }

    /// Labels `id` as part of the tree of `root`.
    fn label_in(&mut self, id: usize, t: u8, root: usize) {
        self.set_label(id, t);
        self.tree[id] = root;
        self.members[root].push(id);
    }

    fn set_best(&mut self, id: usize, e: Arc, slack: W) {
        self.write(id);
        self.best_edge[id] = e;
        self.best_slack[id] = slack;
    }

    /// Lists the vertices of blossom `b` as part of the forest.
    fn join_forest(&mut self, b: usize) {
        let mut leaves = Vec::new();
        self.leaves(b, &mut leaves);
        for v in leaves {
            if self.forest_stage[v] != self.stage {
                self.forest_stage[v] = self.stage;
                self.forest.push(v);
            }
        }
    }

    /// Clears the entries written by the previous pass and opens a new one.
    fn open_stage(&mut self) {
        for id in core::mem::take(&mut self.written) {
            self.label[id] = FREE;
            self.label_end[id] = NO_ARC;
            self.best_edge[id] = NO_ARC;
            self.tree[id] = NONE;
        }
        for r in core::mem::take(&mut self.roots) {
            self.members[r].clear();
        }
        self.forest.clear();
        self.queue.clear();
        self.queue_head = 0;
        self.pending.clear();
        self.stage = self.stage.wrapping_add(1);
        if self.stage == 0 {
            // The stamps wrapped: forget them all.
            self.written_stage.fill(0);
            self.forest_stage.fill(0);
            self.best_edges_stage.fill(0);
            self.stage = 1;
        }
    }

    /// One pass; returns false when the matching is already optimal.
    fn pass<G: Edges<W>>(&mut self, g: &G) -> bool {
        self.open_stage();
        let mut parity = None;
        for v in 0..self.n {
            if self.mate[v] == NONE && self.dual[v] > W::ZERO {
                let odd = self.dual[v].is_odd();
                if *parity.get_or_insert(odd) == odd && self.label[self.in_blossom[v]] == FREE {
                    self.roots.push(v);
                    self.assign_label(v, OUTER, NO_ARC);
                }
            }
        }
        if self.roots.is_empty() {
            return false;
        }
        // Whether an augmentation changed the forest in this pass.
        let mut changed = false;
        loop {
            // Grow the forest along tight edges, augmenting where possible.
            while let Some(v) = self.next_queued() {
                if let Some((a, b)) = self.scan_vertex(g, v) {
                    let ta = self.tree[self.in_blossom[a]];
                    let bb = self.in_blossom[b];
                    let tb = if self.label[bb] == OUTER {
                        self.tree[bb]
                    } else {
                        NONE
                    };
                    self.flip_to_root(a, b);
                    self.flip_to_root(b, a);
                    self.remove_tree(ta);
                    if tb != NONE {
                        self.remove_tree(tb);
                    }
                    changed = true;
                }
            }
            // Nothing left to scan: close one pending cycle into a blossom
            // (its former inner vertices become outer and are scanned).
            if let Some(e) = self.pending.pop() {
                let (ba, bb) = (self.in_blossom[e.a], self.in_blossom[e.b]);
                if ba != bb
                    && self.label[ba] == OUTER
                    && self.label[bb] == OUTER
                    && self.tree[ba] == self.tree[bb]
                {
                    let base = self
                        .scan_blossom(e.a, e.b)
                        .expect("a pending edge lies inside one tree");
                    self.add_blossom(g, base, e.a, e.b);
                }
                continue;
            }
            if changed {
                self.end_pass();
                return true;
            }

            // No tight edge left in an intact forest: change the duals.
            match self.dual_step() {
                Step::VertexDual(v) => {
                    let t = self.tree[self.in_blossom[v]];
                    self.flip_to_root(v, NONE);
                    self.remove_tree(t);
                    changed = true;
                }
                Step::ToFree(e) => {
                    let i = if self.label[self.in_blossom[e.a]] == OUTER {
                        e.a
                    } else {
                        e.b
                    };
                    self.queue.push(i);
                }
                Step::OuterOuter(e) => self.queue.push(e.a),
                Step::Expand(b) => self.expand(b, false),
            }
        }
    }

    /// Takes the tree of `root` out of the forest after its path was
    /// flipped: its outer blossoms of dual zero are expanded (as at the end
    /// of a classic stage) and its members marked dead for the pass.
    fn remove_tree(&mut self, root: usize) {
        let members = core::mem::take(&mut self.members[root]);
        let mut expand = Vec::new();
        for &id in &members {
            if self.tree[id] != root {
                continue;
            }
            if id >= self.n
                && self.parent[id] == NONE
                && self.base[id] != NONE
                && self.label[id] == OUTER
                && self.dual[id] == W::ZERO
            {
                expand.push(id);
            }
            self.label[id] = DEAD;
            self.label_end[id] = NO_ARC;
            self.best_edge[id] = NO_ARC;
            self.tree[id] = NONE;
        }
        for b in expand {
            self.expand(b, true);
        }
    }

    /// The largest dual change keeping every slack feasible, applied; and
    /// what it made tight.
    fn dual_step(&mut self) -> Step {
        // Every candidate is at most the largest outer dual (≤ 2·MAX_EDGE).
        let mut delta = W::MAX_EDGE.double().double();
        let mut step = None;
        for &v in &self.forest {
            let top = self.in_blossom[v];
            if self.label[top] == OUTER && self.dual[v] < delta {
                delta = self.dual[v];
                step = Some(Step::VertexDual(v));
            }
        }
        for &id in &self.written {
            if id < self.n {
                let top = self.in_blossom[id];
                let e = self.best_edge[id];
                if e.is_none() {
                    continue;
                }
                match self.label[top] {
                    OUTER if top == id && self.best_slack[id].half() < delta => {
                        delta = self.best_slack[id].half();
                        step = Some(Step::OuterOuter(e));
                    }
                    FREE if self.best_slack[id] < delta => {
                        delta = self.best_slack[id];
                        step = Some(Step::ToFree(e));
                    }
                    _ => {}
                }
            } else if self.base[id] != NONE && self.parent[id] == NONE {
                match self.label[id] {
                    OUTER => {
                        let e = self.best_edge[id];
                        if !e.is_none() && self.best_slack[id].half() < delta {
                            delta = self.best_slack[id].half();
                            step = Some(Step::OuterOuter(e));
                        }
                    }
                    INNER if self.dual[id] < delta => {
                        delta = self.dual[id];
                        step = Some(Step::Expand(id));
                    }
                    _ => {}
                }
            }
        }
        let Some(step) = step else {
            unreachable!("a stage always has an outer vertex")
        };

        for &v in &self.forest {
            match self.label[self.in_blossom[v]] {
                OUTER => self.dual[v] -= delta,
                INNER => self.dual[v] += delta,
                _ => {}
            }
        }
        for &id in &self.written {
            if id < self.n {
                if self.best_edge[id].is_none() {
                    continue;
                }
                match self.label[self.in_blossom[id]] {
                    OUTER if self.parent[id] == NONE => self.best_slack[id] -= delta.double(),
                    FREE => self.best_slack[id] -= delta,
                    _ => {}
                }
            } else if self.base[id] != NONE && self.parent[id] == NONE {
                match self.label[id] {
                    OUTER => {
                        self.dual[id] += delta;
                        if !self.best_edge[id].is_none() {
                            self.best_slack[id] -= delta.double();
                        }
                    }
                    INNER => self.dual[id] -= delta,
                    _ => {}
                }
            }
        }
        step
    }

    /// Scans the edges of outer vertex `v` (the hot loop): labels the free
    /// blossoms reached by tight edges, records tight edges closing a cycle
    /// for later, records least-slack edges towards other outer blossoms and
    /// towards free vertices, and returns the first tight edge that completes
    /// an augmenting path.
    fn scan_vertex<G: Edges<W>>(&mut self, g: &G, v: usize) -> Option<(usize, usize)> {
        let bv = self.in_blossom[v];
        if self.label[bv] != OUTER {
            return None;
        }
        let dv = self.dual[v];
        let tree_v = self.tree[bv];
        let mut own = (self.best_edge[bv], self.best_slack[bv]);
        let mut found = None;
        g.scan(v, |x, w| {
            let bx = self.in_blossom[x];
            if bx == bv {
                return true;
            }
            let slack = dv + self.dual[x] - w.double();
            if !slack.is_positive() {
                match self.label[bx] {
                    FREE => {
                        if self.mate[self.base[bx]] == NONE {
                            found = Some((v, x));
                            return false;
                        }
                        self.assign_label(x, INNER, Arc { a: v, b: x });
                    }
                    OUTER => {
                        if self.tree[bx] != tree_v {
                            found = Some((v, x));
                            return false;
                        }
                        self.pending.push(Arc { a: v, b: x });
                    }
                    DEAD => {}
                    _ => {
                        if self.label[x] == FREE {
                            // x sits unreached inside an inner blossom:
                            // remember how it can be reached for a later
                            // expansion.
                            let root = self.tree[bx];
                            self.label_in(x, INNER, root);
                            self.label_end[x] = Arc { a: v, b: x };
                        }
                    }
                }
            } else if self.label[bx] == OUTER {
                if own.0.is_none() || slack < own.1 {
                    own = (Arc { a: v, b: x }, slack);
                }
            } else if self.label[x] == FREE
                && (self.best_edge[x].is_none() || slack < self.best_slack[x])
            {
                self.set_best(x, Arc { a: v, b: x }, slack);
            }
            true
        });
        if !own.0.is_none() {
            self.set_best(bv, own.0, own.1);
        }
        found
    }

    /// The next outer vertex waiting to be scanned, in labelling order.
    fn next_queued(&mut self) -> Option<usize> {
        let v = self.queue.get(self.queue_head).copied();
        if v.is_some() {
            self.queue_head += 1;
        }
        v
    }

    /// Expands outer blossoms whose dual reached zero (end of a pass).
    fn end_pass(&mut self) {
        let written = core::mem::take(&mut self.written);
        for &b in &written {
            if b >= self.n
                && self.parent[b] == NONE
                && self.base[b] != NONE
                && self.label[b] == OUTER
                && self.dual[b] == W::ZERO
            {
                self.expand(b, true);
            }
        }
        // Entries written during the expansions are reset with the others.
        let mut all = written;
        all.append(&mut self.written);
        self.written = all;
    }

    fn assign_label(&mut self, x: usize, t: u8, end: Arc) {
        let b = self.in_blossom[x];
        let root = if end.is_none() {
            x
        } else {
            self.tree[self.in_blossom[end.a]]
        };
        self.label_in(x, t, root);
        self.label_in(b, t, root);
        self.label_end[x] = end;
        self.label_end[b] = end;
        self.best_edge[x] = NO_ARC;
        self.best_edge[b] = NO_ARC;
        self.join_forest(b);
        if t == OUTER {
            let mut q = core::mem::take(&mut self.queue);
            self.leaves(b, &mut q);
            self.queue = q;
        } else {
            let base = self.base[b];
            let m = self.mate[base];
            self.assign_label(m, OUTER, Arc { a: base, b: m });
        }
    }

    /// Traces back from the outer vertices `v` and `x`: the base of the new
    /// blossom if they share a tree, `None` if they are in different trees.
    fn scan_blossom(&mut self, v: usize, x: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut found = None;
        let (mut v, mut x) = (v, x);
        while v != NONE || x != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] & 4 != 0 {
                found = Some(self.base[b]);
                break;
            }
            path.push(b);
            self.label[b] = CRUMB;
            if self.label_end[b].is_none() {
                v = NONE;
            } else {
                v = self.label_end[b].a;
                b = self.in_blossom[v];
                v = self.label_end[b].a;
            }
            if x != NONE {
                core::mem::swap(&mut v, &mut x);
            }
        }
        for b in path {
            self.label[b] = OUTER;
        }
        found
    }

    /// Forms a new outer blossom from the cycle closed by tight edge `{v, x}`.
    fn add_blossom<G: Edges<W>>(&mut self, g: &G, base: usize, v: usize, x: usize) {
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bx = self.in_blossom[x];
        let b = self.unused.pop().expect("at most n blossoms exist");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut ends = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            ends.push(self.label_end[bv]);
            let pv = self.label_end[bv].a;
            bv = self.in_blossom[pv];
        }
        path.push(bb);
        path.reverse();
        ends.reverse();
        ends.push(Arc { a: v, b: x });
        while bx != bb {
            self.parent[bx] = b;
            path.push(bx);
            ends.push(self.label_end[bx].rev());
            let px = self.label_end[bx].a;
            bx = self.in_blossom[px];
        }
        let root = self.tree[bb];
        self.label_in(b, OUTER, root);
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = W::ZERO;
        for leaf in self.leaves_vec_of(&path) {
            if self.label[self.in_blossom[leaf]] == INNER {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }

        // Least-slack edges from the new blossom to every other outer blossom.
        let mut best_to = core::mem::take(&mut self.best_to);
        let mut best_to_slack = core::mem::take(&mut self.best_to_slack);
        let mut targets = Vec::new();
        for &c in &path {
            let mut consider = |s: &Self, mut e: Arc, slack: W| {
                if s.in_blossom[e.b] == b {
                    e = e.rev();
                }
                let bj = s.in_blossom[e.b];
                if bj != b && s.label[bj] == OUTER {
                    if best_to[bj].is_none() {
                        targets.push(bj);
                    }
                    if best_to[bj].is_none() || slack < best_to_slack[bj] {
                        best_to[bj] = e;
                        best_to_slack[bj] = slack;
                    }
                }
            };
            if c >= self.n && self.best_edges_stage[c] == self.stage {
                for e in core::mem::take(&mut self.best_edges_of[c]) {
                    let slack = self.slack(g, e);
                    consider(self, e, slack);
                }
            } else {
                for leaf in self.leaves_vec(c) {
                    let dl = self.dual[leaf];
                    g.scan(leaf, |y, w| {
                        consider(self, Arc { a: leaf, b: y }, dl + self.dual[y] - w.double());
                        true
                    });
                }
            }
            self.best_edge[c] = NO_ARC;
        }
        let mut list = Vec::with_capacity(targets.len());
        let mut best = NO_ARC;
        let mut best_slack = W::ZERO;
        for bj in targets {
            let (e, slack) = (best_to[bj], best_to_slack[bj]);
            if best.is_none() || slack < best_slack {
                best = e;
                best_slack = slack;
            }
            list.push(e);
            best_to[bj] = NO_ARC;
        }
        self.best_to = best_to;
        self.best_to_slack = best_to_slack;
        self.best_edges_of[b] = list;
        self.best_edges_stage[b] = self.stage;
        if best.is_none() {
            self.best_edge[b] = NO_ARC;
        } else {
            self.set_best(b, best, best_slack);
        }
        self.children[b] = path;
        self.ends[b] = ends;
    }

    fn leaves_vec_of(&self, blossoms: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &c in blossoms {
            self.leaves(c, &mut out);
        }
        out
    }

    /// Replaces top-level blossom `b` by its children. Inside a stage an
    /// inner blossom's children are relabelled so the forest stays valid.
    fn expand(&mut self, b: usize, end_stage: bool) {
        let children = self.children[b].clone();
        for &c in &children {
            self.parent[c] = NONE;
            if c < self.n {
                self.in_blossom[c] = c;
            } else if end_stage && self.dual[c] == W::ZERO {
                self.expand(c, end_stage);
            } else {
                for x in self.leaves_vec(c) {
                    self.in_blossom[x] = c;
                }
            }
        }
        if !end_stage && self.label[b] == INNER {
            let len = children.len() as isize;
            let at = |j: isize| ((j % len + len) % len) as usize;
            let entry = self.in_blossom[self.label_end[b].b];
            let mut j = children
                .iter()
                .position(|&c| c == entry)
                .expect("entry child") as isize;
            let (jstep, rev) = if j & 1 == 1 {
                j -= len;
                (1, false)
            } else {
                (-1, true)
            };
            let end_at = |s: &Self, j: isize| {
                let e = s.ends[b][at(j - rev as isize)];
                if rev { e.rev() } else { e }
            };
            let mut p = self.label_end[b];
            while j != 0 {
                // Relabel the inner sub-blossom, then step over the outer one.
                self.set_label(p.b, FREE);
                let q = end_at(self, j);
                self.set_label(q.b, FREE);
                self.assign_label(p.b, INNER, p);
                j += jstep;
                p = end_at(self, j);
                j += jstep;
            }
            let bv = children[at(j)];
            let root = self.tree[b];
            self.label_in(p.b, INNER, root);
            self.label_in(bv, INNER, root);
            self.label_end[p.b] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NO_ARC;
            j += jstep;
            while children[at(j)] != entry {
                let bv = children[at(j)];
                if self.label[bv] == OUTER {
                    j += jstep;
                    continue;
                }
                let reached = self
                    .leaves_vec(bv)
                    .into_iter()
                    .find(|&x| self.label[x] != FREE);
                if let Some(x) = reached {
                    self.set_label(x, FREE);
                    let m = self.mate[self.base[bv]];
                    self.set_label(m, FREE);
                    let end = self.label_end[x];
                    self.assign_label(x, INNER, end);
                }
                j += jstep;
            }
        }
        self.recycle(b);
    }

    /// Makes `v` the base of blossom `b` by rotating the matching inside it.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[b].len() as isize;
        let at = |j: isize| ((j % len + len) % len) as usize;
        let i = self.children[b]
            .iter()
            .position(|&c| c == t)
            .expect("child") as isize;
        let mut j = i;
        let (jstep, rev) = if i & 1 == 1 {
            j -= len;
            (1, false)
        } else {
            (-1, true)
        };
        while j != 0 {
            j += jstep;
            let t1 = self.children[b][at(j)];
            let e = self.ends[b][at(j - rev as isize)];
            let p = if rev { e.rev() } else { e };
            if t1 >= self.n {
                self.augment_blossom(t1, p.a);
            }
            j += jstep;
            let t2 = self.children[b][at(j)];
            if t2 >= self.n {
                self.augment_blossom(t2, p.b);
            }
            self.mate[p.a] = p.b;
            self.mate[p.b] = p.a;
        }
        let i = i as usize;
        self.children[b].rotate_left(i);
        self.ends[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
        debug_assert_eq!(self.base[b], v);
    }

    /// Flips the alternating path from vertex `s` to the root of its tree
    /// (or within the unlabelled free blossom containing `s`);
    /// `s` becomes matched to `new_mate` (or unmatched if `NONE`).
    fn flip_to_root(&mut self, s: usize, new_mate: usize) {
        let (mut s, mut p) = (s, new_mate);
        loop {
            let bs = self.in_blossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            let end = self.label_end[bs];
            if end.is_none() {
                break;
            }
            let t = end.a;
            let bt = self.in_blossom[t];
            let tend = self.label_end[bt];
            s = tend.a;
            let j = tend.b;
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = s;
            p = j;
        }
    }
}

/// What a dual change made tight.
enum Step {
    /// An outer vertex's dual reached zero.
    VertexDual(usize),
    /// An edge from an outer to a free vertex.
    ToFree(Arc),
    /// An edge between two outer blossoms.
    OuterOuter(Arc),
    /// An inner blossom's dual reached zero.
    Expand(usize),
}

#[cfg(test)]
impl<W: Weight> Solver<W> {
    /// Checks the optimality certificate: feasible duals, tight matched and
    /// blossom edges, full blossoms with positive dual, zero dual on every
    /// free vertex. Panics with a description on the first violation.
    pub(super) fn verify<G: Edges<W>>(&self, g: &G) {
        let n = self.n;
        let chain = |v: usize| {
            let mut out = Vec::new();
            let mut b = self.parent[v];
            while b != NONE {
                out.push(b);
                b = self.parent[b];
            }
            out
        };
        for v in 0..n {
            assert!(self.dual[v] >= W::ZERO, "negative dual at {v}");
            let m = self.mate[v];
            if m == NONE {
                assert_eq!(self.dual[v], W::ZERO, "free vertex {v} with positive dual");
            } else {
                assert_eq!(self.mate[m], v, "asymmetric mate at {v}");
                assert!(g.weight(v, m) > W::ZERO, "matched non-edge {v}-{m}");
            }
        }
        for v in 0..n {
            let cv = chain(v);
            for x in v + 1..n {
                let wt = g.weight(v, x);
                if wt == W::ZERO {
                    continue;
                }
                let mut s = self.dual[v] + self.dual[x] - wt.double();
                for b in chain(x) {
                    if cv.contains(&b) {
                        s += self.dual[b].double();
                    }
                }
                assert!(s >= W::ZERO, "negative slack {s:?} on {v}-{x}");
                if self.mate[v] == x {
                    assert_eq!(s, W::ZERO, "matched edge {v}-{x} not tight");
                }
            }
        }
        for b in n..2 * n {
            if self.base[b] == NONE {
                continue;
            }
            assert!(self.dual[b] >= W::ZERO, "negative blossom dual");
            let leaves = self.leaves_vec(b);
            let inside = leaves
                .iter()
                .filter(|&&v| self.mate[v] != NONE && leaves.contains(&self.mate[v]))
                .count();
            if self.dual[b] > W::ZERO {
                assert_eq!(
                    inside,
                    leaves.len() - 1,
                    "blossom {b} with positive dual not full"
                );
            }
        }
    }
}
