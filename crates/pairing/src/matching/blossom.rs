//! Primal–dual Edmonds blossom algorithm for maximum-weight matching on a
//! dense general graph, with exact integer duals and incremental repair.
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
//! Each *stage* grows an alternating forest from the unmatched vertices that
//! still have `u > 0` (the roots) and changes duals until it augments, or until
//! the dual of some outer vertex reaches `0`; in that case the even alternating
//! path from that vertex to its root is flipped, which leaves that vertex
//! unmatched with `u = 0`. Either way the number of unmatched vertices with
//! positive dual drops, so there are at most `n` stages of `O(n²)` each.
//!
//! To keep the halved slack of an edge between two outer vertices integral,
//! all roots of one stage have duals of equal parity (every vertex reached
//! through tight edges then shares it); free vertices of the other parity wait
//! for a later stage and meanwhile count as ordinary augmentation targets.
//!
//! **Incremental repair** ([`Solver::repair`]): when weights change, only the
//! edges whose new slack is negative, that are matched, or that lie inside a
//! blossom need attention. One endpoint of each is *isolated*: the blossoms
//! around it are dissolved (a blossom dual moves onto its vertices, which keeps
//! every slack feasible; the base's outer matched edge is released when that
//! dual was positive), the vertex is unmatched and its dual reset to the least
//! feasible value. The stage loop then restores optimality in `O(k·n²)` for
//! `k` isolated vertices.
//!
//! Headroom: duals stay within `[0, 2·max w]` in this scaling and slacks are
//! computed as `u + u − 2w`, so intermediate values stay below `4·max w`
//! ([`Weight::MAX_EDGE`]).

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
    pub(super) mate: Vec<usize>,
    /// Top-level blossom (or the vertex itself) containing each vertex.
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    /// `ends[b][i]` joins `children[b][i]` (at `a`) to `children[b][i+1]` (at `b`).
    ends: Vec<Vec<Arc>>,
    base: Vec<usize>,
    unused: Vec<usize>,
    // Per-stage state.
    label: Vec<u8>,
    label_end: Vec<Arc>,
    best_edge: Vec<Arc>,
    /// Current slack of `best_edge` (kept up to date by the dual changes).
    best_slack: Vec<W>,
    best_edges_of: Vec<Option<Vec<Arc>>>,
    queue: Vec<usize>,
    /// Outer vertices before this index have been scanned (first in, first out).
    queue_head: usize,
    best_to: Vec<Arc>,
    best_to_slack: Vec<W>,
}

impl<W: Weight> Solver<W> {
    /// Fresh state: empty matching, every vertex dual equal to the largest
    /// weight at that vertex, then a greedy matching on tight edges.
    pub(super) fn new(n: usize, w: &[W]) -> Self {
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
            best_edges_of: vec![None; 2 * n],
            queue: Vec::new(),
            queue_head: 0,
            best_to: vec![NO_ARC; 2 * n],
            best_to_slack: vec![W::ZERO; 2 * n],
        };
        for v in 0..n {
            s.dual[v] = w[v * n..(v + 1) * n]
                .iter()
                .copied()
                .max()
                .unwrap_or(W::ZERO)
                .half();
        }
        s.greedy(w);
        s
    }

    /// Matches free vertices along tight edges, lowers the duals of the ones
    /// left free as far as feasibility allows, and matches again.
    fn greedy(&mut self, w: &[W]) {
        let n = self.n;
        for pass in 0..2 {
            for v in 0..n {
                if self.mate[v] != NONE || self.dual[v] == W::ZERO {
                    continue;
                }
                let row = &w[v * n..(v + 1) * n];
                if let Some(x) = (0..n).find(|&x| {
                    x != v
                        && self.mate[x] == NONE
                        && row[x] != W::ZERO
                        && self.dual[v] + self.dual[x] == row[x]
                }) {
                    self.mate[v] = x;
                    self.mate[x] = v;
                }
            }
            if pass == 0 {
                for v in 0..n {
                    if self.mate[v] == NONE {
                        self.dual[v] = self.least_feasible_dual(v, w);
                    }
                }
            }
        }
    }

    /// The least `u[v] ≥ 0` keeping every edge at the trivial vertex `v` feasible.
    fn least_feasible_dual(&self, v: usize, w: &[W]) -> W {
        let n = self.n;
        let mut need = W::ZERO;
        for (x, &wt) in w[v * n..(v + 1) * n].iter().enumerate() {
            if wt != W::ZERO && x != v {
                let d = wt - self.dual[x];
                if d > need {
                    need = d;
                }
            }
        }
        need
    }

    #[inline(always)]
    fn slack(&self, w: &[W], e: Arc) -> W {
        self.dual[e.a] + self.dual[e.b] - w[e.a * self.n + e.b]
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
    /// the given edges changed (`changed` lists `(u, v)` pairs, the matrix
    /// already holds the new weights), then re-optimises.
    pub(super) fn repair(&mut self, w: &[W], changed: &[(usize, usize)]) {
        let n = self.n;
        // Edges needing attention: negative slack, matched, or inside a blossom.
        let mut needy: Vec<(usize, usize)> = Vec::new();
        for &(a, b) in changed {
            let internal = self.in_blossom[a] == self.in_blossom[b];
            if internal || self.mate[a] == b || self.slack(w, Arc { a, b }) < W::ZERO {
                needy.push((a, b));
            }
        }
        if !needy.is_empty() {
            let mut count = vec![0u32; n];
            for &(a, b) in &needy {
                count[a] += 1;
                count[b] += 1;
            }
            let mut chosen = vec![false; n];
            let mut cover = Vec::new();
            for &(a, b) in &needy {
                if chosen[a] || chosen[b] {
                    continue;
                }
                let v = if count[b] > count[a] { b } else { a };
                chosen[v] = true;
                cover.push(v);
            }
            for &v in &cover {
                self.isolate(v);
            }
            for &v in &cover {
                self.dual[v] = self.least_feasible_dual(v, w);
            }
        }
        self.prepare_roots(w);
        self.optimise(w);
    }

    /// Lowers the dual of every free single vertex as far as feasibility
    /// allows (a zero dual needs no stage at all) and gives the remaining roots
    /// one parity, raising some by one, so that a single stage can grow all
    /// of them together.
    fn prepare_roots(&mut self, w: &[W]) {
        let n = self.n;
        let mut parity = None;
        for x in 0..n {
            if self.mate[x] == NONE && self.in_blossom[x] != x && self.dual[x] > W::ZERO {
                parity.get_or_insert(self.dual[x].is_odd());
            }
        }
        for x in 0..n {
            if self.mate[x] == NONE && self.in_blossom[x] == x && self.dual[x] > W::ZERO {
                let mut d = self.least_feasible_dual(x, w);
                if d > W::ZERO && *parity.get_or_insert(d.is_odd()) != d.is_odd() {
                    d += W::ONE;
                }
                self.dual[x] = d;
            }
        }
    }

    /// Dissolves every blossom containing `v` and unmatches `v`.
    fn isolate(&mut self, v: usize) {
        while self.in_blossom[v] != v {
            let b = self.in_blossom[v];
            self.dissolve(b);
        }
        let m = self.mate[v];
        if m != NONE {
            self.mate[v] = NONE;
            self.mate[m] = NONE;
        }
    }

    /// Dissolves top-level blossom `b` outside a stage: its dual moves onto
    /// its vertices (slacks inside unchanged, across its border raised), so its
    /// base's outer matched edge is released when that dual was positive.
    fn dissolve(&mut self, b: usize) {
        let z = self.dual[b];
        if z > W::ZERO {
            for x in self.leaves_vec(b) {
                self.dual[x] += z;
            }
            self.dual[b] = W::ZERO;
            let base = self.base[b];
            let m = self.mate[base];
            if m != NONE {
                self.mate[base] = NONE;
                self.mate[m] = NONE;
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
        self.best_edges_of[b] = None;
        self.unused.push(b);
    }

    /// Runs stages until every free vertex has dual zero.
    pub(super) fn optimise(&mut self, w: &[W]) {
        while self.stage(w) {}
    }

    /// One stage; returns false when the matching is already optimal.
    fn stage(&mut self, w: &[W]) -> bool {
        let n = self.n;
        self.label.fill(FREE);
        self.label_end.fill(NO_ARC);
        self.best_edge.fill(NO_ARC);
        for b in n..2 * n {
            self.best_edges_of[b] = None;
        }
        self.queue.clear();
        self.queue_head = 0;

        let mut parity = None;
        for v in 0..n {
            if self.mate[v] == NONE && self.dual[v] > W::ZERO {
                let odd = self.dual[v].is_odd();
                if *parity.get_or_insert(odd) == odd && self.label[self.in_blossom[v]] == FREE {
                    self.assign_label(v, OUTER, NO_ARC);
                }
            }
        }
        if parity.is_none() {
            return false;
        }

        loop {
            // Grow the forest along tight edges.
            while let Some(v) = self.next_queued() {
                let mut from = 0;
                while let Some(x) = self.next_tight(w, v, from) {
                    from = x + 1;
                    let bx = self.in_blossom[x];
                    if self.label[bx] == FREE {
                        if self.mate[self.base[bx]] == NONE {
                            self.augment(v, x);
                            return true;
                        }
                        self.assign_label(x, INNER, Arc { a: v, b: x });
                    } else if self.label[bx] == OUTER {
                        match self.scan_blossom(v, x) {
                            Some(base) => self.add_blossom(w, base, v, x),
                            None => {
                                self.augment(v, x);
                                return true;
                            }
                        }
                    } else if self.label[x] == FREE {
                        // x sits unreached inside an inner blossom: remember
                        // how it can be reached for a later expansion.
                        self.label[x] = INNER;
                        self.label_end[x] = Arc { a: v, b: x };
                    }
                }
            }

            // No tight edge left: change the duals.
            enum Step {
                VertexDual(usize),
                ToFree(Arc),
                OuterOuter(Arc),
                Expand(usize),
            }
            // Every candidate is at most the largest outer dual (≤ 2·MAX_EDGE).
            let mut delta = W::MAX_EDGE.double().double();
            let mut step = None;
            for v in 0..n {
                let top = self.in_blossom[v];
                match self.label[top] {
                    OUTER => {
                        if self.dual[v] < delta {
                            delta = self.dual[v];
                            step = Some(Step::VertexDual(v));
                        }
                        let e = self.best_edge[v];
                        if top == v && !e.is_none() && self.best_slack[v].half() < delta {
                            delta = self.best_slack[v].half();
                            step = Some(Step::OuterOuter(e));
                        }
                    }
                    FREE => {
                        let e = self.best_edge[v];
                        if !e.is_none() && self.best_slack[v] < delta {
                            delta = self.best_slack[v];
                            step = Some(Step::ToFree(e));
                        }
                    }
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.base[b] == NONE || self.parent[b] != NONE {
                    continue;
                }
                match self.label[b] {
                    OUTER => {
                        let e = self.best_edge[b];
                        if !e.is_none() && self.best_slack[b].half() < delta {
                            delta = self.best_slack[b].half();
                            step = Some(Step::OuterOuter(e));
                        }
                    }
                    INNER if self.dual[b] < delta => {
                        delta = self.dual[b];
                        step = Some(Step::Expand(b));
                    }
                    _ => {}
                }
            }
            let Some(step) = step else {
                unreachable!("a stage always has an outer vertex")
            };

            for v in 0..n {
                match self.label[self.in_blossom[v]] {
                    OUTER => {
                        self.dual[v] -= delta;
                        if self.parent[v] == NONE && !self.best_edge[v].is_none() {
                            self.best_slack[v] -= delta.double();
                        }
                    }
                    INNER => self.dual[v] += delta,
                    _ => {
                        if !self.best_edge[v].is_none() {
                            self.best_slack[v] -= delta;
                        }
                    }
                }
            }
            for b in n..2 * n {
                if self.base[b] != NONE && self.parent[b] == NONE {
                    match self.label[b] {
                        OUTER => {
                            self.dual[b] += delta;
                            if !self.best_edge[b].is_none() {
                                self.best_slack[b] -= delta.double();
                            }
                        }
                        INNER => self.dual[b] -= delta,
                        _ => {}
                    }
                }
            }

            match step {
                Step::VertexDual(v) => {
                    self.flip_to_root(v, NONE);
                    self.end_stage();
                    return true;
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

    /// The next outer vertex waiting to be scanned, in labelling order.
    fn next_queued(&mut self) -> Option<usize> {
        let v = self.queue.get(self.queue_head).copied();
        if v.is_some() {
            self.queue_head += 1;
        }
        v
    }

    /// Scans the edges `{v, x}`, `x ≥ from`, of outer vertex `v` (the hot
    /// loop): records least-slack edges towards other outer blossoms and
    /// towards free vertices, and stops at the first tight edge leaving `v`'s
    /// blossom, returning `x`.
    #[inline]
    fn next_tight(&mut self, w: &[W], v: usize, from: usize) -> Option<usize> {
        let n = self.n;
        let Solver {
            dual,
            in_blossom,
            label,
            best_edge,
            best_slack,
            ..
        } = self;
        let bv = in_blossom[v];
        let dv = dual[v];
        let (mut own_edge, mut own_slack) = (best_edge[bv], best_slack[bv]);
        let row = &w[v * n + from..(v + 1) * n];
        let mut found = None;
        for (i, ((&wt, &dx), &bx)) in row
            .iter()
            .zip(&dual[from..n])
            .zip(&in_blossom[from..n])
            .enumerate()
        {
            if bx == bv || wt == W::ZERO {
                continue;
            }
            let x = from + i;
            let slack = dv + dx - wt;
            if !slack.is_positive() {
                found = Some(x);
                break;
            }
            if label[bx] == OUTER {
                if own_edge.is_none() || slack < own_slack {
                    own_edge = Arc { a: v, b: x };
                    own_slack = slack;
                }
            } else if label[x] == FREE && (best_edge[x].is_none() || slack < best_slack[x]) {
                best_edge[x] = Arc { a: v, b: x };
                best_slack[x] = slack;
            }
        }
        best_edge[bv] = own_edge;
        best_slack[bv] = own_slack;
        found
    }

    /// Expands outer blossoms whose dual reached zero (end of a stage).
    fn end_stage(&mut self) {
        for b in self.n..2 * self.n {
            if self.parent[b] == NONE
                && self.base[b] != NONE
                && self.label[b] == OUTER
                && self.dual[b] == W::ZERO
            {
                self.expand(b, true);
            }
        }
    }

    fn assign_label(&mut self, x: usize, t: u8, end: Arc) {
        let b = self.in_blossom[x];
        self.label[x] = t;
        self.label[b] = t;
        self.label_end[x] = end;
        self.label_end[b] = end;
        self.best_edge[x] = NO_ARC;
        self.best_edge[b] = NO_ARC;
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
    fn add_blossom(&mut self, w: &[W], base: usize, v: usize, x: usize) {
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
        self.label[b] = OUTER;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = W::ZERO;
        for leaf in self.leaves_vec_of(&path) {
            if self.label[self.in_blossom[leaf]] == INNER {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }

        // Least-slack edges from the new blossom to every other outer blossom.
        let n = self.n;
        let mut best_to = core::mem::take(&mut self.best_to);
        let mut best_to_slack = core::mem::take(&mut self.best_to_slack);
        for &c in &path {
            let mut consider = |s: &Self, mut e: Arc| {
                if s.in_blossom[e.b] == b {
                    e = e.rev();
                }
                let bj = s.in_blossom[e.b];
                if bj != b && s.label[bj] == OUTER {
                    let slack = s.slack(w, e);
                    if best_to[bj].is_none() || slack < best_to_slack[bj] {
                        best_to[bj] = e;
                        best_to_slack[bj] = slack;
                    }
                }
            };
            match self.best_edges_of[c].take() {
                Some(list) => list.into_iter().for_each(|e| consider(self, e)),
                None => {
                    for leaf in self.leaves_vec(c) {
                        for y in 0..n {
                            if y != leaf && w[leaf * n + y] != W::ZERO {
                                consider(self, Arc { a: leaf, b: y });
                            }
                        }
                    }
                }
            }
            self.best_edge[c] = NO_ARC;
        }
        let mut list = Vec::new();
        let mut best = NO_ARC;
        let mut best_slack = W::ZERO;
        for (slot, &slack) in best_to.iter_mut().zip(&best_to_slack) {
            let e = *slot;
            if !e.is_none() {
                if best.is_none() || slack < best_slack {
                    best = e;
                    best_slack = slack;
                }
                list.push(e);
                *slot = NO_ARC;
            }
        }
        self.best_to = best_to;
        self.best_to_slack = best_to_slack;
        self.best_slack[b] = best_slack;
        self.best_edges_of[b] = Some(list);
        self.best_edge[b] = best;
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
                self.label[p.b] = FREE;
                let q = end_at(self, j);
                self.label[q.b] = FREE;
                self.assign_label(p.b, INNER, p);
                j += jstep;
                p = end_at(self, j);
                j += jstep;
            }
            let bv = children[at(j)];
            self.label[p.b] = INNER;
            self.label[bv] = INNER;
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
                    self.label[x] = FREE;
                    let m = self.mate[self.base[bv]];
                    self.label[m] = FREE;
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

    /// Augments along the path root(v) … v — x … root(x) (or up to the free
    /// blossom containing `x`).
    fn augment(&mut self, v: usize, x: usize) {
        self.flip_to_root(v, x);
        self.flip_to_root(x, v);
        self.end_stage();
    }

    /// Flips the alternating path from vertex `s` to the root of its tree;
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

#[cfg(test)]
impl<W: Weight> Solver<W> {
    /// Checks the optimality certificate: feasible duals, tight matched and
    /// blossom edges, full blossoms with positive dual, zero dual on every
    /// free vertex. Panics with a description on the first violation.
    pub(super) fn verify(&self, w: &[W]) {
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
                assert!(w[v * n + m] > W::ZERO, "matched non-edge {v}-{m}");
            }
        }
        for v in 0..n {
            let cv = chain(v);
            for x in v + 1..n {
                let wt = w[v * n + x];
                if wt == W::ZERO {
                    continue;
                }
                let mut s = self.dual[v] + self.dual[x] - wt;
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
