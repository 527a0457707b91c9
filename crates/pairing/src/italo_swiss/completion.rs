//! The completion test of the pairing pass (spec 06 §3.4 "Completeness",
//! §3.7, §3.8): can the players still unpaired all be paired (one of them
//! resting, in an odd field) under the absolute criteria? The pass asks it
//! before it forms each pair and never enters a subtree that has no
//! complete pairing, so it never has to back out of a dead end; when the
//! whole round has no pairing the first question answers it.
//!
//! The test is a maximum-cardinality matching (Edmonds' blossom algorithm)
//! on the *compatibility graph* of the unpaired players, kept perfect as
//! the pass goes: forming a pair takes two players out and at most two of
//! their old partners need a new one, one augmenting-path search each. It
//! (The weighted solver of [`crate::matching`] would re-optimise whole rows
//! around the changed vertices for each pair; a cardinality test needs only
//! the one search.) It is a **relaxation** of the pass: every pass that completes from a node
//! pairs its players along edges of this graph, so a graph without a
//! perfect matching proves that no completion exists. The pairing found is
//! therefore the first one in candidate order, exactly as without the test.
//! The graph:
//!
//! * an edge joins two players who may meet (no forbidden pair, no second
//!   bye for a phantom's partner; a rematch only while the §3.8 rematch
//!   allowance is not spent), and, with `colour_limits_in_pairing`, whose
//!   colours break no limit with one of them as primo;
//! * in an odd field under `LeftoverPlayer` (§3.7) a *rest* vertex joins
//!   every player who may still rest. The leftover stays unpaired to the
//!   end, and a primo is always a top scorer (FID Art. 4), so nobody scoring
//!   less than the lowest-scoring player who may rest can ever be a primo:
//!   two such players are never joined. With an even field (or a
//!   pre-selected bye, or the phantom) the test is exact: the pass reaches
//!   every perfect matching (spec 06 §3.4 "Completeness").

use arbiter_model::Points;

const NONE: usize = usize::MAX;

/// A set of vertices as 64-bit words.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }

    fn set(&mut self, i: usize, on: bool) {
        if on {
            self.0[i / 64] |= 1 << (i % 64);
        } else {
            self.0[i / 64] &= !(1 << (i % 64));
        }
    }

    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
}

/// Who may meet whom, as fixed for one pass: `fresh` edges need no
/// rematch, `again` edges are rematches (§3.8); `rest` are the players who
/// may rest, `score` each player's score (vertices are lots; vertex 0 is
/// the rest vertex).
pub struct Compatibility {
    pub fresh: Vec<Vec<usize>>,
    pub again: Vec<Vec<usize>>,
    pub rest: Vec<bool>,
    pub score: Vec<Points>,
}

/// One formed pair, to take back.
struct Step {
    primo: usize,
    secondo: usize,
    rematches_allowed: bool,
    mate: Vec<usize>,
}

/// The perfect matching of the unpaired players kept along the pass.
pub struct Completion {
    vertices: usize,
    fresh: Vec<Bits>,
    again: Vec<Bits>,
    rest: Vec<bool>,
    score: Vec<Points>,
    active: Bits,
    /// The rest vertex is in play (odd field under `LeftoverPlayer`).
    resting: bool,
    rematches_allowed: bool,
    /// Players who may be joined to anyone: all but those scoring below
    /// the lowest unpaired player who may rest (only while `resting`).
    open: Bits,
    mate: Vec<usize>,
    steps: Vec<Step>,
    // Scratch of the augmenting-path search.
    base: Vec<usize>,
    parent: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: Vec<usize>,
}

impl Completion {
    /// The test for a pass over `players` (lots, the phantom included when
    /// it plays); `resting` adds the rest vertex. `None` when they cannot
    /// all be paired.
    pub fn start(
        graph: &Compatibility,
        players: &[usize],
        resting: bool,
        rematches_allowed: bool,
    ) -> Option<Completion> {
        let vertices = graph.score.len();
        let rows = |lists: &[Vec<usize>]| -> Vec<Bits> {
            lists
                .iter()
                .map(|list| {
                    let mut row = Bits::new(vertices);
                    for &w in list {
                        row.set(w, true);
                    }
                    row
                })
                .collect()
        };
        let mut active = Bits::new(vertices);
        for &p in players {
            active.set(p, true);
        }
        active.set(0, resting);
        let mut completion = Completion {
            vertices,
            fresh: rows(&graph.fresh),
            again: rows(&graph.again),
            rest: graph.rest.clone(),
            score: graph.score.clone(),
            active,
            resting,
            rematches_allowed,
            open: Bits::new(vertices),
            mate: vec![NONE; vertices],
            steps: Vec::new(),
            base: vec![0; vertices],
            parent: vec![NONE; vertices],
            used: vec![false; vertices],
            blossom: vec![false; vertices],
            queue: Vec::with_capacity(vertices),
        };
        completion.set_open();
        for v in 0..vertices {
            if completion.active.get(v) && completion.mate[v] == NONE {
                let free = (0..vertices)
                    .find(|&w| w != v && completion.mate[w] == NONE && completion.edge(v, w));
                if let Some(w) = free {
                    completion.mate[v] = w;
                    completion.mate[w] = v;
                }
            }
        }
        completion.perfect().then_some(completion)
    }

    /// Pairs `primo` with `secondo` if the others can still all be paired
    /// (`rematches_allowed`: the rematch allowance left afterwards);
    /// otherwise changes nothing and returns `false`.
    pub fn pair(&mut self, primo: usize, secondo: usize, rematches_allowed: bool) -> bool {
        let step = Step {
            primo,
            secondo,
            rematches_allowed: self.rematches_allowed,
            mate: self.mate.clone(),
        };
        self.active.set(primo, false);
        self.active.set(secondo, false);
        self.rematches_allowed = rematches_allowed;
        self.set_open();
        for v in [primo, secondo] {
            let w = self.mate[v];
            self.mate[v] = NONE;
            if w != NONE {
                self.mate[w] = NONE;
            }
        }
        // Edges the pair closed (a spent rematch allowance, a higher
        // floor for resting) leave their ends to be matched again.
        for v in 0..self.vertices {
            let w = self.mate[v];
            if w != NONE && !self.edge(v, w) {
                self.mate[v] = NONE;
                self.mate[w] = NONE;
            }
        }
        if self.perfect() {
            self.steps.push(step);
            true
        } else {
            self.restore(step);
            false
        }
    }

    /// Takes back the last pair formed by [`pair`](Self::pair).
    pub fn unpair(&mut self) {
        if let Some(step) = self.steps.pop() {
            self.restore(step);
        }
    }

    fn restore(&mut self, step: Step) {
        self.active.set(step.primo, true);
        self.active.set(step.secondo, true);
        self.rematches_allowed = step.rematches_allowed;
        self.mate = step.mate;
        self.set_open();
    }

    /// Recomputes `open` from the players still unpaired.
    fn set_open(&mut self) {
        let floor = (1..self.vertices)
            .filter(|&v| self.resting && self.active.get(v) && self.rest[v])
            .map(|v| self.score[v])
            .min();
        for v in 0..self.vertices {
            let open = v == 0 || floor.is_none_or(|f| self.score[v] >= f);
            self.open.set(v, open);
        }
    }

    fn edge(&self, v: usize, w: usize) -> bool {
        self.active.get(v)
            && self.active.get(w)
            && (self.open.get(v) || self.open.get(w))
            && (self.fresh[v].get(w) || self.rematches_allowed && self.again[v].get(w))
    }

    /// The neighbours of `v` in the current graph, by word.
    fn neighbour_word(&self, v: usize, k: usize) -> u64 {
        let mut word = self.fresh[v].0[k];
        if self.rematches_allowed {
            word |= self.again[v].0[k];
        }
        word &= self.active.0[k];
        if !self.open.get(v) {
            word &= self.open.0[k];
        }
        word
    }

    /// Augments from every unmatched vertex in play; true when the
    /// matching ends perfect. A vertex without an augmenting path stays
    /// unmatched in every maximum matching (Edmonds), so the first failure
    /// decides.
    fn perfect(&mut self) -> bool {
        for v in 0..self.vertices {
            if self.active.get(v) && self.mate[v] == NONE && !self.augment(v) {
                return false;
            }
        }
        true
    }

    /// One search for an augmenting path from `root` (Edmonds' blossom
    /// algorithm, breadth first); applies it when found.
    fn augment(&mut self, root: usize) -> bool {
        for v in 0..self.vertices {
            self.base[v] = v;
            self.parent[v] = NONE;
            self.used[v] = false;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push(root);
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            for k in 0..self.active.0.len() {
                let mut word = self.neighbour_word(v, k);
                while word != 0 {
                    let to = k * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    if self.base[v] == self.base[to] || self.mate[v] == to {
                        continue;
                    }
                    if to == root || self.mate[to] != NONE && self.parent[self.mate[to]] != NONE {
                        self.contract(root, v, to);
                    } else if self.parent[to] == NONE {
                        self.parent[to] = v;
                        if self.mate[to] == NONE {
                            self.flip(to);
                            return true;
                        }
                        let next = self.mate[to];
                        self.used[next] = true;
                        self.queue.push(next);
                    }
                }
            }
        }
        false
    }

    /// Shrinks the blossom closed by the edge `v`–`to`.
    fn contract(&mut self, root: usize, v: usize, to: usize) {
        let top = self.common_base(root, v, to);
        self.blossom.fill(false);
        self.mark_path(v, top, to);
        self.mark_path(to, top, v);
        for i in 0..self.vertices {
            if self.blossom[self.base[i]] {
                self.base[i] = top;
                if !self.used[i] {
                    self.used[i] = true;
                    self.queue.push(i);
                }
            }
        }
    }

    /// The base of the blossom: the lowest common ancestor of `a` and `b`
    /// in the alternating tree.
    fn common_base(&self, root: usize, a: usize, b: usize) -> usize {
        let mut seen = vec![false; self.vertices];
        let mut a = a;
        loop {
            a = self.base[a];
            seen[a] = true;
            if a == root {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, top: usize, mut child: usize) {
        while self.base[v] != top {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Applies the augmenting path ending at the unmatched vertex `end`.
    fn flip(&mut self, end: usize) {
        let mut v = end;
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }
}
