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
//!   two such players are never joined. Then, for each player who may
//!   rest, a matching asks whether he can be the leftover: the pass never
//!   makes him primo, which bounds the pairs of his score group with lower
//!   scorers by the players of his score between them and him on the
//!   circle (`may_be_leftover`). When every higher scorer is paired with
//!   a lower one, the end of the pass is also walked exactly
//!   (`walk_tail`). Proof that it removes only subtrees without a
//!   complete pairing: in such a completion every higher scorer is a primo
//!   (his partner scores less), primos come in non-increasing score order
//!   (the top score never rises as players leave, FID Art. 4), so the
//!   members of the score groups above the leftover's are primos group
//!   by group, highest first; those of the lowest groups, walked from the
//!   lowest up while they are few together, are the last primos before
//!   his group, each the first unpaired member of his group after the last
//!   secondo (§3.4 "from the last player paired"), the very first from the
//!   pointer (every group above the leftover's walked) or from the partner
//!   (a lower scorer, the *anchor*) of the last primo of the next group
//!   above; the last of them pairs with the entry. From the entry on,
//!   every primo is the first unpaired player of the leftover's score
//!   after the last secondo, and must come before the leftover (§3.7).
//!   The walk tries every secondo allowed by these rules, and asks a
//!   bipartite matching of the lower scorers left to the higher scorers
//!   not walked, so every completion of this kind passes it. Lower
//!   secondos of one primo after whom the same primo comes next lead to
//!   the same rest of the walk, so they are one branch: the walk keeps the
//!   primo with that *class* of lower scorers, and the final matching
//!   gives every class a lower scorer of its own (it exists if and only if
//!   some choice of single secondos passes); a walk thus costs at most one
//!   branch per walked player left, not one per lower scorer. The walk
//!   only runs when the walked groups are small (`WALKED_TAIL`,
//!   `WALKED_LEVEL`), and otherwise the relaxed test alone
//!   decides. With an even field (or a
//!   pre-selected bye, or the phantom) the test is exact: the pass reaches
//!   every perfect matching (spec 06 §3.4 "Completeness").

mod exact;

use arbiter_model::Points;

const NONE: usize = usize::MAX;

/// Up to this many players of the leftover's score, the pass after the
/// entry is walked exactly (`walk_tail`); above it only the relaxed
/// matching is asked.
const WALKED_LEVEL: usize = 4;

/// Up to this many players of the leftover's score and of the lowest score
/// groups above it together, the walk of `walk_tail` begins with the
/// latter (the lowest groups above, from the lowest up, while they fit).
const WALKED_TAIL: usize = 8;

/// The state of `walk_tail`: the score groups walked, in pass order (the
/// leftover's last, nearest the entry first), who of them is still
/// unpaired, the anchor and the score of the group it is paired with, and
/// the classes of lower scorers paired in the walk.
struct Walk {
    stages: Vec<Vec<usize>>,
    waiting: Vec<bool>,
    anchor: Option<(usize, Points)>,
    /// The lower scorers paired in the walk, as classes: a walked primo
    /// and the lower scorers he may take who lead to the same next primo.
    demands: Vec<(usize, Bits)>,
}

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
    ptr: Option<usize>,
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
    /// The last secondo: the pass looks for the next primo from him.
    ptr: Option<usize>,
    /// The player the pass starts from (§3.4 `S`), before any pair.
    start: usize,
    /// The player last found able to rest (`may_be_leftover`), asked
    /// first next time: only the order of the questions, never the answer,
    /// depends on it.
    witness: Option<usize>,
    steps: Vec<Step>,
    search: Blossom,
}

impl Completion {
    /// The test for a pass over `players` (lots, the phantom included when
    /// it plays) from the player `start`; `resting` adds the rest vertex.
    /// `None` when they cannot all be paired.
    pub fn start(
        graph: &Compatibility,
        players: &[usize],
        start: usize,
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
            ptr: None,
            start,
            witness: None,
            steps: Vec::new(),
            search: Blossom::new(vertices),
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
        completion.possible().then_some(completion)
    }

    /// Pairs `primo` with `secondo` if the others can still all be paired
    /// (`rematches_allowed`: the rematch allowance left afterwards);
    /// otherwise changes nothing and returns `false`.
    pub fn pair(&mut self, primo: usize, secondo: usize, rematches_allowed: bool) -> bool {
        let step = Step {
            primo,
            secondo,
            ptr: self.ptr,
            rematches_allowed: self.rematches_allowed,
            mate: self.mate.clone(),
        };
        self.ptr = Some(secondo);
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
        if self.possible() {
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
        self.ptr = step.ptr;
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

    /// `v` and `w` may meet: a fresh pairing, or a rematch while the
    /// §3.8 allowance is not spent.
    fn meets(&self, v: usize, w: usize) -> bool {
        self.fresh[v].get(w) || self.rematches_allowed && self.again[v].get(w)
    }

    /// How many places `v` stands before `leftover` along the circle (the
    /// leftover himself: 0).
    fn ahead(&self, leftover: usize, v: usize) -> usize {
        let lots = self.vertices - 1;
        (leftover + lots - v) % lots
    }

    fn edge(&self, v: usize, w: usize) -> bool {
        self.active.get(v)
            && self.active.get(w)
            && (self.open.get(v) || self.open.get(w))
            && self.meets(v, w)
    }

    /// The players unpaired can still all be paired: the matching is
    /// perfect and, in an odd field, some player may be the leftover.
    ///
    /// The players who may rest are asked in an order that finds one who
    /// can soon (the last one found, then the lowest scores first, where
    /// the leftover usually is); any order gives the same answer.
    fn possible(&mut self) -> bool {
        if !self.perfect() {
            return false;
        }
        if !self.resting {
            return true;
        }
        let mut candidates: Vec<usize> = (1..self.vertices)
            .filter(|&v| self.active.get(v) && self.rest[v])
            .collect();
        candidates.sort_by_key(|&v| (Some(v) != self.witness, self.score[v], v));
        self.witness = candidates.into_iter().find(|&v| self.may_be_leftover(v));
        self.witness.is_some()
    }

    /// Whether `leftover` (score `s`) may rest at the end of the pass
    /// (§3.7): a matching of the others in which every pair holds a player
    /// scoring at least `s` (a primo is a top scorer, FID Art. 4, and the
    /// leftover never is one) and few pairs join a player scoring `s` to a
    /// lower one.
    ///
    /// Such a pair is formed once nobody scoring more than `s` is left, by
    /// a primo scoring `s`. When the pair before it in the pass has a
    /// secondo `b` scoring less than `s`, that primo is the first player
    /// scoring `s` reached from `b` ("from the last player paired", FID
    /// Art. 4), who must come before the leftover: one of the players
    /// scoring `s` between `b` and the leftover along the circle (`b`'s
    /// *zone*). So the lower scorers of these pairs but the last, and the
    /// secondo before the first of them when it scores less than `s` (the
    /// *entry*: the last higher scorer's partner when every higher scorer
    /// is paired with a lower one), have distinct primos in their zones.
    /// The zones are nested, so this holds if and only if for every `k` at
    /// most `k + 1` of those lower scorers have zones of at most `k`
    /// players. The test is a relaxation: these pairs are matched to
    /// stand-in vertices instead of to each other, stand-in `j` taking only
    /// a lower scorer whose zone has at least `j` players.
    fn may_be_leftover(&self, leftover: usize) -> bool {
        let s = self.score[leftover];
        let ahead = |v: usize| self.ahead(leftover, v);
        let players: Vec<usize> = (1..self.vertices)
            .filter(|&v| v != leftover && self.active.get(v))
            .collect();
        let count = |f: &dyn Fn(usize) -> bool| players.iter().filter(|&&v| f(v)).count();
        let lows = count(&|v| self.score[v] < s);
        let level = count(&|v| self.score[v] == s);
        let highs = players.len() - lows - level;
        let zone = |v: usize| count(&|w| self.score[w] == s && ahead(w) < ahead(v));
        let mut entries: Vec<(usize, usize)> = players
            .iter()
            .filter(|&&v| self.score[v] < s)
            .map(|&v| (zone(v), v))
            .collect();
        let widest = entries.iter().map(|&(z, _)| z).max().unwrap_or(0);
        entries.sort_unstable_by(|a, b| b.cmp(a));
        let zones = |v: usize| zone(v);
        if level == 0 {
            return lows <= highs && self.leftover_matching(&players, s, 0, None, &zones);
        }
        let all_highs_drop = highs > 0
            && lows <= highs + widest.min(level)
            && entries.iter().any(|&(z, entry)| {
                z > 0 && self.leftover_matching(&players, s, widest + 1, Some(entry), &zones)
            })
            && self.walk_tail(&players, leftover);
        let relaxed = all_highs_drop
            || lows + usize::from(highs > 0) <= highs + (widest + 1).min(level)
                && self.leftover_matching(&players, s, widest + 1, None, &zones);
        relaxed && self.exact_leftover(leftover).unwrap_or(true)
    }

    /// The end of the pass when every higher scorer is paired with a lower
    /// one (`leftover` scoring `s`; see the module docs), walked exactly:
    /// the players scoring `s`, and before them the lowest score groups
    /// above `s`, from the lowest up, while they are few together. Each
    /// primo is the first
    /// of his group after the last secondo (for score `s`: before the
    /// leftover), each secondo of a higher scorer a lower scorer, each
    /// secondo scoring `s` or less but the last one with a player scoring
    /// `s` still after him. The walk starts from the pointer when no group
    /// is above the walked ones, otherwise from an *anchor*: a lower scorer
    /// paired with the next group above. The lower scorers left are then
    /// matched to the higher scorers not walked, the anchor to that group,
    /// the last primo scoring `s` (if his pair is not between two of them)
    /// to one more.
    fn walk_tail(&self, players: &[usize], leftover: usize) -> bool {
        let s = self.score[leftover];
        let ahead = |v: usize| self.ahead(leftover, v);
        let mut highs: Vec<Points> = players
            .iter()
            .map(|&v| self.score[v])
            .filter(|&score| score > s)
            .collect();
        highs.sort_unstable_by(|a, b| b.cmp(a));
        highs.dedup();
        if highs.is_empty() {
            return true;
        }
        let members = |score: Points| -> Vec<usize> {
            players
                .iter()
                .copied()
                .filter(|&v| self.score[v] == score)
                .collect()
        };
        let mut level = members(s);
        // Nearest the entry first: the walk meets them in this order.
        level.sort_unstable_by_key(|&v| std::cmp::Reverse(ahead(v)));
        let mut size = level.len();
        let mut stages = vec![level];
        // The groups above, from the lowest up, while they are few together
        // (`highs[..above]` are not walked); from the pointer only when it
        // is known.
        let mut above = highs.len();
        while above > 0 && (above > 1 || self.ptr.is_some()) {
            let group = members(highs[above - 1]);
            if size + group.len() > WALKED_TAIL {
                break;
            }
            size += group.len();
            stages.insert(0, group);
            above -= 1;
        }
        if stages.len() == 1 && size > WALKED_LEVEL {
            return true;
        }
        let anchor_score = above.checked_sub(1).map(|i| highs[i]);
        let mut walk = Walk {
            stages,
            waiting: vec![true; self.vertices],
            anchor: None,
            demands: Vec::new(),
        };
        let Some(anchor_score) = anchor_score else {
            let ptr = self.ptr.unwrap_or(leftover);
            return self.walk(players, leftover, 0, ptr, &mut walk);
        };
        for &x in players {
            if self.score[x] >= s {
                continue;
            }
            walk.anchor = Some((x, anchor_score));
            if self.walk(players, leftover, 0, x, &mut walk) {
                return true;
            }
        }
        false
    }

    /// One primo of [`walk_tail`](Self::walk_tail), of stage `stage`, found
    /// from the secondo `from`, and the rest of the walk after him.
    fn walk(
        &self,
        players: &[usize],
        leftover: usize,
        stage: usize,
        from: usize,
        walk: &mut Walk,
    ) -> bool {
        let s = self.score[leftover];
        let ahead = |v: usize| self.ahead(leftover, v);
        let at_level = stage + 1 == walk.stages.len();
        let waiting = |walk: &Walk, v: usize| walk.waiting[v];
        let Some(primo) = self.next_primo(leftover, stage, from, walk) else {
            return false;
        };
        walk.waiting[primo] = false;
        let stage_done = !walk.stages[stage].iter().any(|&v| waiting(walk, v));
        let level_after = |walk: &Walk, v: usize| {
            walk.stages[walk.stages.len() - 1]
                .iter()
                .any(|&w| walk.waiting[w] && ahead(w) < ahead(v))
        };
        let mut found =
            at_level && stage_done && self.drops_match(players, leftover, Some(primo), walk);
        if at_level && !stage_done {
            for j in 0..walk.stages[stage].len() {
                let secondo = walk.stages[stage][j];
                if found {
                    break;
                }
                if !walk.waiting[secondo] || !self.meets(primo, secondo) {
                    continue;
                }
                walk.waiting[secondo] = false;
                found = if walk.stages[stage].iter().any(|&v| walk.waiting[v]) {
                    level_after(walk, secondo) && self.walk(players, leftover, stage, secondo, walk)
                } else {
                    self.drops_match(players, leftover, None, walk)
                };
                walk.waiting[secondo] = true;
            }
        }
        if !(at_level && stage_done) {
            // The walk after a lower secondo depends only on the primo
            // found from him: one branch per such class, the lower scorer
            // of each chosen in `drops_match`.
            let next_stage = if stage_done { stage + 1 } else { stage };
            let anchor = walk.anchor.map(|(x, _)| x);
            let lows = players.iter().copied().filter(|&secondo| {
                self.score[secondo] < s && anchor != Some(secondo) && self.meets(primo, secondo)
            });
            let classes = classes(
                self.vertices,
                lows.filter_map(|secondo| {
                    let next = self.next_primo(leftover, next_stage, secondo, walk)?;
                    Some((secondo, next))
                }),
            );
            for (from, lows) in classes {
                if found {
                    break;
                }
                walk.demands.push((primo, lows));
                found = self.walk(players, leftover, next_stage, from, walk);
                walk.demands.pop();
            }
        }
        walk.waiting[primo] = true;
        found
    }

    /// The primo of stage `stage` of a walk found from the secondo `from`:
    /// the first of the group still unpaired after him along the circle;
    /// for the leftover's score, only if he comes before the leftover.
    fn next_primo(&self, leftover: usize, stage: usize, from: usize, walk: &Walk) -> Option<usize> {
        let lots = self.vertices - 1;
        let ahead = |v: usize| self.ahead(leftover, v);
        let mut group = walk.stages[stage].iter().copied();
        if stage + 1 == walk.stages.len() {
            group.find(|&v| walk.waiting[v] && ahead(v) < ahead(from))
        } else {
            group
                .filter(|&v| walk.waiting[v])
                .min_by_key(|&v| (v + lots - from) % lots)
        }
    }

    /// The end of [`walk_tail`](Self::walk_tail): the lower scorers matched
    /// one to one to the higher scorers not walked, the `last` primo
    /// scoring `s` and the classes of the walk (each to one of its own),
    /// the anchor to one of the group above the walked ones.
    fn drops_match(
        &self,
        players: &[usize],
        leftover: usize,
        last: Option<usize>,
        walk: &Walk,
    ) -> bool {
        let s = self.score[leftover];
        let walked = |v: usize| {
            walk.stages[..walk.stages.len() - 1]
                .iter()
                .any(|g| g.contains(&v))
        };
        let primos: Vec<usize> = players
            .iter()
            .copied()
            .filter(|&v| self.score[v] > s && !walked(v))
            .chain(last)
            .collect();
        let drops: Vec<usize> = players
            .iter()
            .copied()
            .filter(|&v| self.score[v] < s)
            .collect();
        let takers = primos.len() + walk.demands.len();
        if takers != drops.len() {
            return false;
        }
        let size = 2 * takers;
        let mut rows = vec![Bits::new(size); size];
        for (j, &d) in drops.iter().enumerate() {
            for (i, &p) in primos.iter().enumerate() {
                let allowed = match walk.anchor {
                    Some((x, score)) if x == d => Some(p) != last && self.score[p] == score,
                    _ => true,
                };
                if allowed && self.meets(p, d) {
                    rows[i].set(takers + j, true);
                    rows[takers + j].set(i, true);
                }
            }
            for (k, (_, lows)) in walk.demands.iter().enumerate() {
                if lows.get(d) {
                    rows[primos.len() + k].set(takers + j, true);
                    rows[takers + j].set(primos.len() + k, true);
                }
            }
        }
        perfect_matching(&rows)
    }

    /// The relaxed matching of [`may_be_leftover`](Self::may_be_leftover):
    /// `players` without two who both score less than `s`, with `slots`
    /// stand-in pairs for the pairs of a player scoring `s` with a lower
    /// one (stand-in `j` takes a lower scorer whose zone holds at least `j`
    /// players; a stand-in pair may stay unused). With an `entry`, every
    /// higher scorer is paired with a lower one, the entry among them, and
    /// the entry takes a stand-in too.
    fn leftover_matching(
        &self,
        players: &[usize],
        s: Points,
        slots: usize,
        entry: Option<usize>,
        zone: &dyn Fn(usize) -> usize,
    ) -> bool {
        let m = players.len();
        let token = m + slots;
        let partners = slots - usize::from(entry.is_some());
        let first_partner = token + usize::from(entry.is_some());
        let size = first_partner + partners;
        let mut rows = vec![Bits::new(size); size];
        let lowest_high = players
            .iter()
            .map(|&v| self.score[v])
            .filter(|&score| score > s)
            .min();
        let join = |rows: &mut Vec<Bits>, i: usize, j: usize| {
            rows[i].set(j, true);
            rows[j].set(i, true);
        };
        for (i, &v) in players.iter().enumerate() {
            for (j, &w) in players.iter().enumerate().skip(i + 1) {
                let (low, high) = if self.score[v] <= self.score[w] {
                    (self.score[v], self.score[w])
                } else {
                    (self.score[w], self.score[v])
                };
                let allowed = if high > s {
                    entry.is_none()
                        || low < s
                            && (Some(v) != entry && Some(w) != entry || Some(high) == lowest_high)
                } else {
                    low == s && Some(v) != entry && Some(w) != entry
                };
                if allowed && self.meets(v, w) {
                    join(&mut rows, i, j);
                }
            }
            if Some(v) == entry {
                for slot in m..m + slots.min(zone(v) + 1) {
                    join(&mut rows, token, slot);
                }
                continue;
            }
            let other_side = |w: &usize| {
                self.meets(v, *w)
                    && (self.score[*w] < s) != (self.score[v] < s)
                    && self.score[*w] <= s
            };
            if !players.iter().any(other_side) {
                continue;
            }
            match self.score[v].cmp(&s) {
                std::cmp::Ordering::Less => {
                    for slot in m..m + slots.min(zone(v) + 1) {
                        join(&mut rows, i, slot);
                    }
                }
                std::cmp::Ordering::Equal => {
                    for slot in first_partner..size {
                        join(&mut rows, i, slot);
                    }
                }
                std::cmp::Ordering::Greater => {}
            }
        }
        for a in m..m + slots {
            for b in first_partner..size {
                join(&mut rows, a, b);
            }
        }
        perfect_matching(&rows)
    }

    /// Augments from every unmatched vertex in play; true when the
    /// matching ends perfect. A vertex without an augmenting path stays
    /// unmatched in every maximum matching (Edmonds), so the first failure
    /// decides.
    fn perfect(&mut self) -> bool {
        let Completion {
            fresh,
            again,
            active,
            open,
            rematches_allowed,
            mate,
            search,
            ..
        } = self;
        let neighbours = |v: usize, k: usize| {
            let mut word = fresh[v].0[k];
            if *rematches_allowed {
                word |= again[v].0[k];
            }
            word &= active.0[k];
            if !open.get(v) {
                word &= open.0[k];
            }
            word
        };
        (0..mate.len())
            .all(|v| !active.get(v) || mate[v] != NONE || search.augment(mate, v, &neighbours))
    }
}

/// Lower secondos grouped into classes by the primo each leads to next
/// (`next` of `(secondo, next)`): per class, its first member and its
/// members as a set of the `vertices`.
fn classes<K: PartialEq>(
    vertices: usize,
    secondos: impl Iterator<Item = (usize, K)>,
) -> Vec<(usize, Bits)> {
    let mut classes: Vec<(K, usize, Bits)> = Vec::new();
    for (secondo, next) in secondos {
        match classes.iter_mut().find(|(n, _, _)| *n == next) {
            Some((_, _, members)) => members.set(secondo, true),
            None => {
                let mut members = Bits::new(vertices);
                members.set(secondo, true);
                classes.push((next, secondo, members));
            }
        }
    }
    classes
        .into_iter()
        .map(|(_, first, members)| (first, members))
        .collect()
}

/// Whether the graph of `rows` (row `v`: the neighbours of `v`) has a
/// perfect matching.
fn perfect_matching(rows: &[Bits]) -> bool {
    let mut mate = vec![NONE; rows.len()];
    for v in 0..rows.len() {
        if mate[v] == NONE
            && let Some(w) = (v + 1..rows.len()).find(|&w| mate[w] == NONE && rows[v].get(w))
        {
            mate[v] = w;
            mate[w] = v;
        }
    }
    let mut search = Blossom::new(rows.len());
    let neighbours = |v: usize, k: usize| rows[v].0[k];
    (0..rows.len()).all(|v| mate[v] != NONE || search.augment(&mut mate, v, &neighbours))
}

/// The scratch of Edmonds' blossom algorithm over a fixed vertex set, for
/// one augmenting-path search at a time on a graph read word by word.
struct Blossom {
    base: Vec<usize>,
    parent: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: Vec<usize>,
}

impl Blossom {
    fn new(vertices: usize) -> Blossom {
        Blossom {
            base: vec![0; vertices],
            parent: vec![NONE; vertices],
            used: vec![false; vertices],
            blossom: vec![false; vertices],
            queue: Vec::with_capacity(vertices),
        }
    }

    /// One search for an augmenting path from `root` (breadth first) in the
    /// graph whose word `k` of the neighbours of `v` is `neighbours(v, k)`;
    /// applies it to `mate` when found.
    fn augment(
        &mut self,
        mate: &mut [usize],
        root: usize,
        neighbours: &impl Fn(usize, usize) -> u64,
    ) -> bool {
        let vertices = mate.len();
        for v in 0..vertices {
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
            for k in 0..vertices.div_ceil(64) {
                let mut word = neighbours(v, k);
                while word != 0 {
                    let to = k * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    if self.base[v] == self.base[to] || mate[v] == to {
                        continue;
                    }
                    if to == root || mate[to] != NONE && self.parent[mate[to]] != NONE {
                        self.contract(mate, root, v, to);
                    } else if self.parent[to] == NONE {
                        self.parent[to] = v;
                        if mate[to] == NONE {
                            self.flip(mate, to);
                            return true;
                        }
                        let next = mate[to];
                        self.used[next] = true;
                        self.queue.push(next);
                    }
                }
            }
        }
        false
    }

    /// Shrinks the blossom closed by the edge `v`–`to`.
    fn contract(&mut self, mate: &[usize], root: usize, v: usize, to: usize) {
        let top = self.common_base(mate, root, v, to);
        self.blossom.fill(false);
        self.mark_path(mate, v, top, to);
        self.mark_path(mate, to, top, v);
        for i in 0..mate.len() {
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
    fn common_base(&self, mate: &[usize], root: usize, a: usize, b: usize) -> usize {
        let mut seen = vec![false; mate.len()];
        let mut a = a;
        loop {
            a = self.base[a];
            seen[a] = true;
            if a == root {
                break;
            }
            a = self.parent[mate[a]];
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[mate[b]];
        }
    }

    fn mark_path(&mut self, mate: &[usize], mut v: usize, top: usize, mut child: usize) {
        while self.base[v] != top {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[mate[v]]] = true;
            self.parent[v] = child;
            child = mate[v];
            v = self.parent[mate[v]];
        }
    }

    /// Applies the augmenting path ending at the unmatched vertex `end`.
    fn flip(&mut self, mate: &mut [usize], end: usize) {
        let mut v = end;
        while v != NONE {
            let pv = self.parent[v];
            let next = mate[pv];
            mate[v] = pv;
            mate[pv] = v;
            v = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The graph of a field of lots `1..scores.len()` (`scores[0]`
    /// stands for the rest vertex): only `rests` may rest, and the pairs
    /// of `meet` may meet, fresh.
    fn compatibility(scores: &[i32], rests: usize, meet: &[(usize, usize)]) -> Compatibility {
        let vertices = scores.len();
        let mut graph = Compatibility {
            fresh: vec![Vec::new(); vertices],
            again: vec![Vec::new(); vertices],
            rest: vec![false; vertices],
            score: scores.iter().map(|&s| Points::from_whole(s)).collect(),
        };
        graph.rest[rests] = true;
        for &(a, b) in [(0, rests)].iter().chain(meet) {
            graph.fresh[a].push(b);
            graph.fresh[b].push(a);
        }
        graph
    }

    /// Lots 1–7 on the circle; only 4 may rest. Scores: 1: 3, 2: 2, 4 and
    /// 6: 1, 3, 5, 7: 0. Who may meet: 1–3, 1–5, 1–7, 2–3, 2–7, 6–3, 6–5,
    /// 6–7, plus `extra`.
    fn field(extra: &[(usize, usize)]) -> Compatibility {
        let meet = [
            (1, 3),
            (1, 5),
            (1, 7),
            (2, 3),
            (2, 7),
            (6, 3),
            (6, 5),
            (6, 7),
        ];
        compatibility(&[0, 3, 2, 0, 1, 0, 1, 0], 4, &[&meet[..], extra].concat())
    }

    /// By hand: 1 (top score) is primo first and takes 3, 5 or 7; then 2,
    /// the only one left above the leftover's score, takes 3 or 7 (the
    /// entry). Going on from 3 or from 7, the first unpaired player of
    /// score 1 is 4 (7, 1, 2, 3, 4, …), who would have to be primo: no
    /// pairing leaves 4 over. Only 5 has 6 after him before 4, and 5 may
    /// meet only 1, a higher scorer than the lowest above 4's score. With
    /// 2–5 allowed the pass 1–7, 2–5, 6–3 leaves 4 to rest.
    #[test]
    fn the_entry_is_paired_with_the_lowest_score_above_the_leftovers() {
        let players = [1, 2, 3, 4, 5, 6, 7];
        assert!(Completion::start(&field(&[]), &players, 1, true, false).is_none());
        assert!(Completion::start(&field(&[(2, 5)]), &players, 1, true, false).is_some());
    }

    /// Lots 1–13 on the circle; only 7 may rest. Scores: 1: 4; 3 and 12:
    /// 3; 5 and 10: 2; 7 and 9: 1; the others 0. Who may meet: 1–2,
    /// 3–4, 3–6, 12–6, 5–11, 5–13, 10–8, 10–11, 9–11, 9–13, plus `extra`.
    fn two_groups_above(extra: &[(usize, usize)]) -> Compatibility {
        let meet = [
            (1, 2),
            (3, 4),
            (3, 6),
            (12, 6),
            (5, 11),
            (5, 13),
            (10, 8),
            (10, 11),
            (9, 11),
            (9, 13),
        ];
        let scores = [0, 4, 0, 3, 0, 2, 0, 1, 0, 1, 2, 0, 3, 0];
        compatibility(&scores, 7, &[&meet[..], extra].concat())
    }

    /// By hand: six players score 0 and six more, so each of 1, 3, 12, 5,
    /// 10 and 9 pairs with one of them and 7 rests. 1 takes 2 first; from
    /// 2 the first of 3 and 12 is 3, so 12 pairs last in his group, with 6
    /// (his only partner), and 3 takes 4. From 6 the first of 5 and 10 is
    /// 10, so 5 pairs last, with 11 or 13; from either the first of 7 and
    /// 9 is 7, who may not be primo: no pairing leaves 7 over (only 10
    /// meets 8, the one player between 7 and 9). The walk of the lowest
    /// group above alone takes 4, 3's partner, as if it were 12's, and
    /// passes. With 12–4 allowed, 1–2, 3–6, 12–4, 5–11, 10–8, 9–13 leaves
    /// 7 to rest.
    #[test]
    fn the_groups_above_are_walked_in_turn() {
        let players: Vec<usize> = (1..=13).collect();
        assert!(Completion::start(&two_groups_above(&[]), &players, 1, true, false).is_none());
        assert!(
            Completion::start(&two_groups_above(&[(12, 4)]), &players, 1, true, false).is_some()
        );
    }

    /// The primo of FID Art. 4: the first unpaired top scorer from `ptr`
    /// (inclusive) along the circle of lots `1..unpaired.len()`.
    fn first_top_scorer(graph: &Compatibility, unpaired: &[bool], ptr: usize) -> usize {
        let lots = unpaired.len() - 1;
        let top = (1..=lots)
            .filter(|&v| unpaired[v])
            .map(|v| graph.score[v])
            .max();
        (0..lots)
            .map(|k| (ptr - 1 + k) % lots + 1)
            .find(|&v| unpaired[v] && Some(graph.score[v]) == top)
            .unwrap()
    }

    /// The pass of FID Art. 4–5 and §3.7 tried in full, as the rules read
    /// and independently of the tests above: from `ptr` (inclusive) the
    /// primo is the first unpaired top scorer, his secondo any unpaired
    /// player he may meet, and the one player left at the end must be
    /// allowed to rest.
    fn brute_force(graph: &Compatibility, unpaired: &mut [bool], ptr: usize) -> bool {
        let lots = unpaired.len() - 1;
        let left: Vec<usize> = (1..=lots).filter(|&v| unpaired[v]).collect();
        match left.as_slice() {
            [] => return true,
            [only] => return graph.rest[*only],
            _ => {}
        }
        let primo = first_top_scorer(graph, unpaired, ptr);
        unpaired[primo] = false;
        let mut found = false;
        for &secondo in &graph.fresh[primo] {
            if found || secondo == 0 || !unpaired[secondo] {
                continue;
            }
            unpaired[secondo] = false;
            found = brute_force(graph, unpaired, secondo);
            unpaired[secondo] = true;
        }
        unpaired[primo] = true;
        found
    }

    /// A random odd field of `lots` players: scores 0–4, each player may
    /// rest with probability 1/3, each pair may meet with probability
    /// `density` percent.
    fn random_field(rng: &mut crate::generator::Rng, lots: usize, density: u64) -> Compatibility {
        let scores: Vec<i32> = std::iter::once(0)
            .chain((1..=lots).map(|_| rng.below(5) as i32))
            .collect();
        let mut graph = compatibility(&scores, 1, &[]);
        graph.fresh = vec![Vec::new(); lots + 1];
        for v in 1..=lots {
            graph.rest[v] = rng.below(3) == 0;
            if graph.rest[v] {
                graph.fresh[0].push(v);
                graph.fresh[v].push(0);
            }
            for w in v + 1..=lots {
                if rng.below(100) < density {
                    graph.fresh[v].push(w);
                    graph.fresh[w].push(v);
                }
            }
        }
        graph
    }

    /// The test decides exactly, against the brute force, on random odd
    /// fields: at the start of the pass from every player, and after each
    /// first pair the pass may form.
    #[test]
    fn the_test_is_exact_on_random_odd_fields() {
        let mut rng = crate::generator::Rng::new(2026);
        let (mut with, mut without) = (0, 0);
        for trial in 0..600 {
            let lots = [7, 9, 11, 13][trial % 4];
            let graph = random_field(&mut rng, lots, [35, 50, 70][trial % 3]);
            let players: Vec<usize> = (1..=lots).collect();
            let start = 1 + rng.below(lots as u64) as usize;
            let mut unpaired = vec![true; lots + 1];
            unpaired[0] = false;
            let expected = brute_force(&graph, &mut unpaired, start);
            let completion = Completion::start(&graph, &players, start, true, false);
            assert_eq!(completion.is_some(), expected, "trial {trial}");
            if expected {
                with += 1;
            } else {
                without += 1;
            }
            let Some(mut completion) = completion else {
                continue;
            };
            let primo = first_top_scorer(&graph, &unpaired, start);
            for &secondo in graph.fresh[primo].iter().filter(|&&w| w != 0) {
                unpaired[primo] = false;
                unpaired[secondo] = false;
                let expected = brute_force(&graph, &mut unpaired, secondo);
                unpaired[primo] = true;
                unpaired[secondo] = true;
                let paired = completion.pair(primo, secondo, false);
                assert_eq!(paired, expected, "trial {trial}, {primo}-{secondo}");
                if paired {
                    completion.unpair();
                }
            }
        }
        // Both answers occur often enough for the comparison to mean something.
        assert!(
            with > 100 && without > 100,
            "{with} with, {without} without"
        );
    }
}
