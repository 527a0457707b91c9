//! The exact leftover walk (spec 06 §3.7): can a given player be the
//! leftover of the pass from here? The relaxed tests of the parent module
//! bound the pass by matchings that forget the order of the primos; this
//! walk follows it. Proof that it decides exactly:
//!
//! * With the leftover `L` (score `s`) unpaired to the end, nobody scoring
//!   less than `s` (a *drop*) is ever a primo (a primo is a top scorer,
//!   FID Art. 4), so every drop is the secondo of a player scoring `s` or
//!   more (a *riser*), and every riser is paired with a riser or a drop.
//! * The primo of each step is the first unpaired riser of the top score
//!   from the last secondo (§3.4 "from the last player paired"; from the
//!   round's start player, inclusive, before the first pair). Drops are
//!   never reached by that scan, so the primo depends only on the risers
//!   unpaired and on where the last secondo sits. When the top score is
//!   `s` the scan must meet a riser before it meets `L`, or `L` would be
//!   primo (§3.7).
//! * So the walk branches on each riser the primo may take, and on each
//!   *class* of drops he may take: the drops after whom the same next
//!   primo comes (or none, at the last pair). Which drop of a class he
//!   takes changes nothing later but which drops are left; the walk keeps
//!   the class as a *demand*, and at the end every demand must get a drop
//!   of its own and every drop a demand (a bipartite matching). A
//!   completion with `L` left over follows one branch, whose demands its
//!   own drops satisfy; a branch that ends with such a matching is a
//!   completion. The walk is exact.
//! * Before each primo it asks whether the drops can still all be placed:
//!   a matching of every drop to a distinct demand or unpaired riser that
//!   meets him, every demand served. Every completion below the node has
//!   one (its drops' partners), so the check removes only dead branches.
//!
//! The walk is exponential in the worst case (many risers pairing with each
//! other); it gives up after [`WALK_BUDGET`] nodes and the relaxed answer
//! stands, which keeps the pass exact and only leaves it slower there. It
//! is asked only with no rematch allowance (§3.8 counts rematches, which it
//! does not), and with `colour_limits_in_pairing` it reads the graph of
//! pairs allowed one way or the other, a relaxation again.

use arbiter_model::Points;

use super::{Bits, Completion, NONE, classes};

/// Nodes one walk may visit before it gives up (the relaxed answer then
/// stands).
const WALK_BUDGET: usize = 4_000;

/// Where the scan for the next primo ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Next {
    /// This riser is the primo.
    Primo(usize),
    /// Every riser is paired: the pass ends (if no drop is left).
    End,
    /// The scan meets the leftover first: he would be primo.
    Leftover,
}

/// The walk gave up after [`WALK_BUDGET`] nodes.
struct OverBudget;

/// The state of one walk.
struct Walk<'a> {
    completion: &'a Completion,
    leftover: usize,
    score: Points,
    /// The risers still unpaired.
    risers: Bits,
    drops: Vec<usize>,
    /// The classes of drops taken so far, one drop each.
    demands: Vec<Bits>,
    nodes: usize,
}

impl Completion {
    /// Whether `leftover` can rest at the end of the pass from here, walked
    /// exactly (see the module docs); `None` when the walk does not apply
    /// (a rematch allowance) or gives up.
    pub(super) fn exact_leftover(&self, leftover: usize) -> Option<bool> {
        if self.rematches_allowed {
            return None;
        }
        let score = self.score[leftover];
        let mut risers = Bits::new(self.vertices);
        let mut drops = Vec::new();
        for v in (1..self.vertices).filter(|&v| v != leftover && self.active.get(v)) {
            if self.score[v] < score {
                drops.push(v);
            } else {
                risers.set(v, true);
            }
        }
        let mut walk = Walk {
            completion: self,
            leftover,
            score,
            risers,
            drops,
            demands: Vec::new(),
            nodes: 0,
        };
        walk.step(self.ptr.unwrap_or(self.start)).ok()
    }
}

impl Walk<'_> {
    fn lots(&self) -> usize {
        self.completion.vertices - 1
    }

    /// The next primo from each lot (inclusive: the round's start player
    /// may be unpaired), indexed by lot, for the risers unpaired now.
    fn nexts(&self) -> Vec<Next> {
        let c = self.completion;
        let lots = self.lots();
        let top = (1..c.vertices)
            .filter(|&v| self.risers.get(v))
            .map(|v| c.score[v])
            .max();
        let mut table = vec![Next::End; c.vertices];
        let Some(top) = top else {
            return table;
        };
        // Backwards over two laps: each lot sees the first stop at or
        // after him along the circle.
        let mut stop = Next::End;
        for k in (0..2 * lots).rev() {
            let v = k % lots + 1;
            if v == self.leftover && top == self.score {
                stop = Next::Leftover;
            } else if self.risers.get(v) && c.score[v] == top {
                stop = Next::Primo(v);
            }
            if k < lots {
                table[v] = stop;
            }
        }
        table
    }

    /// One node: the primo found from `from` and every way on from him.
    fn step(&mut self, from: usize) -> Result<bool, OverBudget> {
        self.nodes += 1;
        if self.nodes > WALK_BUDGET {
            return Err(OverBudget);
        }
        let primo = match self.nexts()[from] {
            Next::Leftover => return Ok(false),
            Next::End => return Ok(self.demands.len() == self.drops.len() && self.placeable()),
            Next::Primo(primo) => primo,
        };
        if !self.placeable() {
            return Ok(false);
        }
        self.risers.set(primo, false);
        let found = self.branch(primo);
        self.risers.set(primo, true);
        found
    }

    /// The primo's secondos: each riser, then each class of drops.
    fn branch(&mut self, primo: usize) -> Result<bool, OverBudget> {
        let c = self.completion;
        let open = self.drops.len() - self.demands.len();
        let risers_left = (1..c.vertices).filter(|&v| self.risers.get(v)).count();
        // Another riser as secondo leaves enough risers for the drops.
        if risers_left > open {
            for secondo in 1..c.vertices {
                if !self.risers.get(secondo) || !c.meets(primo, secondo) {
                    continue;
                }
                self.risers.set(secondo, false);
                let found = self.step(secondo);
                self.risers.set(secondo, true);
                if found? {
                    return Ok(true);
                }
            }
        }
        if open == 0 {
            return Ok(false);
        }
        let nexts = self.nexts();
        let drops = self.drops.iter().filter(|&&drop| c.meets(primo, drop));
        let classes = classes(
            c.vertices,
            drops
                .map(|&drop| (drop, nexts[drop]))
                .filter(|&(_, next)| next != Next::Leftover),
        );
        for (from, class) in classes {
            self.demands.push(class);
            let found = self.step(from);
            self.demands.pop();
            if found? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Every drop can still be placed: a matching of the drops to distinct
    /// demands (each served) and unpaired risers who meet them.
    fn placeable(&self) -> bool {
        let c = self.completion;
        let risers: Vec<usize> = (1..c.vertices).filter(|&v| self.risers.get(v)).collect();
        let takers = self.demands.len() + risers.len();
        if self.drops.len() > takers || self.demands.len() > self.drops.len() {
            return false;
        }
        // Taker `t`: demand `t`, or riser `t - demands`; row `d` of drop `d`.
        let takes = |t: usize, d: usize| -> bool {
            let drop = self.drops[d];
            match self.demands.get(t) {
                Some(class) => class.get(drop),
                None => c.meets(risers[t - self.demands.len()], drop),
            }
        };
        let mut taker_of = vec![NONE; self.drops.len()];
        let mut drop_of = vec![NONE; takers];
        // Demands first: augmenting from the drops afterwards keeps them
        // served.
        let mut seen = vec![false; self.drops.len()];
        for t in 0..self.demands.len() {
            seen.fill(false);
            if !augment(t, &takes, &mut taker_of, &mut drop_of, &mut seen) {
                return false;
            }
        }
        let placed = |d: usize, t: usize| takes(t, d);
        let mut used = vec![false; takers];
        for d in 0..self.drops.len() {
            if taker_of[d] != NONE {
                continue;
            }
            used.fill(false);
            if !augment(d, &placed, &mut drop_of, &mut taker_of, &mut used) {
                return false;
            }
        }
        true
    }
}

/// An augmenting path from the unmatched vertex `u` of one side of a
/// bipartite graph (Kuhn's algorithm): `adjacent(u, v)` joins `u` to `v`
/// of the other side, `mate_there[v]` is `v`'s mate on this side,
/// `mate_here[u]` is `u`'s on the other; `seen` marks the other side.
fn augment(
    u: usize,
    adjacent: &impl Fn(usize, usize) -> bool,
    mate_there: &mut [usize],
    mate_here: &mut [usize],
    seen: &mut [bool],
) -> bool {
    for v in 0..mate_there.len() {
        if seen[v] || !adjacent(u, v) {
            continue;
        }
        seen[v] = true;
        if mate_there[v] == NONE || augment(mate_there[v], adjacent, mate_there, mate_here, seen) {
            mate_there[v] = u;
            mate_here[u] = v;
            return true;
        }
    }
    false
}
