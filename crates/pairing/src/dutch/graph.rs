//! The matching graphs of a round, with weights computed on demand from the
//! players and the state of the bracket being paired (spec 02 §6.3–6.4):
//! no `n × n` matrix of wide weights is ever stored.
//!
//! # Solving a bracket without the players below it
//!
//! Every solve of the reference construction is a whole-round matching (spec
//! 02 §12 item 4). While a bracket is paired, the edges whose lower end lies
//! below the next scoregroup (the set `L` of those players) carry the
//! completion field F1 only (§6.3 "which edges get which weight"; plus F6
//! under the pre-pass C9 switch, in which case the whole round is solved).
//! Let `B` be the other unfrozen players (MDPs, residents, next scoregroup).
//!
//! Among complete round-pairings (everybody paired but at most one PAB
//! candidate, the only matchings of maximal F1) F1 is constant: each matched
//! player contributes half of the unit plus his non-candidate unit, and the
//! PAB is always a candidate. So the whole-round optimum maximises the fields
//! below F1, which only edges inside `B` carry, over the complete pairings.
//! The *exit graph* keeps `B` and gives each player `b` of `B` who may leave
//! `B` (a live edge into `L`, or a PAB candidate when the number of players
//! is odd) one private *exit* vertex, the edge to it weighing `b`'s share of
//! F1 ([`Terms::exit`](super::weights::Terms::exit)). A complete pairing `M`
//! of the round gives an exit matching of the same weight below F1 (its
//! edges inside `B`, and the exit of every player of `B` paired into `L` or
//! left as the PAB); so the exit optimum is at least the whole-round optimum.
//! Conversely an exit matching whose exit-matched set `D` can be completed
//! inside `L` — `L ∪ D`, with the edges inside `L` and from `D` into `L`,
//! has a matching leaving at most one PAB candidate out — extends to a
//! complete pairing of the same weight. Hence when the exit optimum's `D`
//! passes that test ([`Completion`], an exact matching test, after every
//! solve) it *is* a whole-round optimum, and the bracket's decisions (which
//! depend only on the set of optima, never on which optimum a solver
//! returns) are the whole-round ones. When the test fails the bracket is
//! paired again on the whole round ([`Shape::whole`]). Edges into `L` never
//! get generation-order bonuses, and the only removals touching them (rule 4
//! of the exchange search, freezing) remove all of a player's edges at once,
//! which removes his exit too.

use std::ops::Range;

use super::competitor::Field;
use super::weights::{FieldWeight, PrepassTerms, Terms};
use crate::matching::{Edges, Matching};

/// A player's part in the bracket being paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// Paired in an earlier step: no edges any more.
    Frozen,
    /// A moved-down player of the bracket.
    Mdp,
    Resident,
    /// A member of the next scoregroup.
    Next,
    /// Below the next scoregroup.
    Lower,
}

/// The generation-order bonus on an MDP's edges to the residents (spec 02
/// §6.4 steps 2.2–2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MdpBonus {
    None,
    /// One unit: the MDP trial (stays on a Limbo MDP's edges; harmless).
    Trial,
    /// A paired MDP: `lock`, so later trials cannot dislodge him.
    Lock,
    /// Choosing his opponent: `lock` plus a bonus growing with the
    /// resident's rank, counted from the rank of his current opponent at
    /// position `.0` among the residents (so that edge keeps its weight; a
    /// locked MDP is paired with a resident in every optimum, so shifting all
    /// his resident edges by one constant changes no choice).
    Order(usize),
}

/// How the edges inside the remainder are weighted (spec 02 §6.4 steps
/// 2.4–2.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RemMode {
    /// Bracket weights.
    Plain,
    /// Only S1R–S2R edges (the test for an optimum without exchange).
    Crossing,
    /// The exchange terms (fewest exchanges, smallest BSN sum difference).
    Exchange,
    /// Only "top member → later non-top member", plus the transposition
    /// bonus of the top member being paired.
    Roles,
}

const OUT: u32 = u32::MAX;

/// Everything that changes the weights during a round.
pub(crate) struct State {
    pub role: Vec<Role>,
    pub mdp_bonus: Vec<MdpBonus>,
    pub residents: Range<usize>,
    /// The locking bonus of the MDP selection (number of players + 1).
    pub lock: u64,
    /// Position in the remainder, [`OUT`] when not in it.
    rem_pos: Vec<u32>,
    /// |S1R| and |remainder|.
    pub rem_p: usize,
    pub rem_size: usize,
    pub count_shift: u32,
    pub mode: RemMode,
    /// Rule 3 of the exchange search: no edge to a later remainder member.
    pub no_later: Vec<bool>,
    /// Rule 4: no edge but to later remainder members.
    pub only_later: Vec<bool>,
    /// Top members of the remainder (roles fixed).
    pub top: Vec<bool>,
    /// The top members whose edges carry the transposition bonus
    /// ([`State::set_transposing`]), by player: the remainder position of his
    /// current opponent and the weight of one rank step, [`OUT`] for the
    /// others.
    trans_current: Vec<u32>,
    trans_step: Vec<u64>,
    /// Players with a transposition bonus.
    transposing: Vec<usize>,
}

impl State {
    pub fn new(n: usize) -> State {
        State {
            role: vec![Role::Lower; n],
            mdp_bonus: vec![MdpBonus::None; n],
            residents: 0..0,
            lock: n as u64 + 1,
            rem_pos: vec![OUT; n],
            rem_p: 0,
            rem_size: 0,
            count_shift: 0,
            mode: RemMode::Plain,
            no_later: vec![false; n],
            only_later: vec![false; n],
            top: vec![false; n],
            trans_current: vec![OUT; n],
            trans_step: vec![0; n],
            transposing: Vec::new(),
        }
    }

    /// Clears the per-bracket state (roles are set by the caller).
    pub fn clear_bracket(&mut self) {
        self.mdp_bonus.fill(MdpBonus::None);
        self.rem_pos.fill(OUT);
        self.no_later.fill(false);
        self.only_later.fill(false);
        self.top.fill(false);
        self.mode = RemMode::Plain;
        self.clear_transposing();
        self.rem_p = 0;
        self.rem_size = 0;
    }

    /// Sets the remainder (ranking order) and |S1R|.
    pub fn set_remainder(&mut self, rem: &[usize], p: usize) {
        for (i, &x) in rem.iter().enumerate() {
            self.rem_pos[x] = i as u32;
        }
        self.rem_p = p;
        self.rem_size = rem.len();
    }

    pub fn in_rem(&self, x: usize) -> bool {
        self.rem_pos[x] != OUT
    }

    /// Gives the top members `block` (in order, each with the remainder
    /// position of his current opponent) the transposition bonus of spec 02
    /// §6.4 step 2.5 at once: the bonus of top member `j` grows by `step_j`
    /// per rank his opponent lies above the current one (falls below it),
    /// `step_j = radix^(k−1−j)` for a block of `k`. With `radix` above twice
    /// the remainder size the bonuses of a matching compare as the digits
    /// of a number, the first top member's most significant, so one optimum
    /// gives each top member in order the highest-ranked opponent still
    /// possible, as `k` solves one top member at a time would. The current
    /// opponent's edge keeps its weight (a top member is paired in every
    /// optimum, so shifting all his edges by one constant changes no
    /// choice).
    pub fn set_transposing(&mut self, block: &[(usize, usize)], radix: u64) {
        self.clear_transposing();
        let mut step = 1u64;
        for &(t, current) in block.iter().rev() {
            self.trans_current[t] = current as u32;
            self.trans_step[t] = step;
            self.transposing.push(t);
            step *= radix;
        }
    }

    pub fn clear_transposing(&mut self) {
        for t in std::mem::take(&mut self.transposing) {
            self.trans_current[t] = OUT;
        }
    }

    /// Position of remainder member `x`.
    pub fn position(&self, x: usize) -> usize {
        self.rem_pos[x] as usize
    }
}

/// Which players a bracket's solves see, and their exits.
pub(crate) struct Shape {
    /// Vertex `i < members.len()` is player `members[i]` (ranking order).
    pub members: Vec<usize>,
    /// Player → vertex, [`OUT`] for players not in the graph.
    local: Vec<u32>,
    /// Exit vertex `members.len() + k` belongs to vertex `exit_owner[k]`.
    exit_owner: Vec<u32>,
    /// Vertex → its exit vertex, [`OUT`] without one.
    exit_of: Vec<u32>,
    /// The player has a legal edge into `L` (exit graphs only).
    has_lower_edge: Vec<bool>,
    /// An odd number of players: a PAB candidate may leave via his exit.
    odd: bool,
}

impl Shape {
    /// The whole round: every unfrozen player, no exits.
    pub fn whole(state: &State) -> Shape {
        let members: Vec<usize> = (0..state.role.len())
            .filter(|&x| state.role[x] != Role::Frozen)
            .collect();
        Shape::with_members(members, state.role.len())
    }

    fn with_members(members: Vec<usize>, n: usize) -> Shape {
        let mut local = vec![OUT; n];
        for (i, &x) in members.iter().enumerate() {
            local[x] = i as u32;
        }
        let exit_of = vec![OUT; members.len()];
        Shape {
            members,
            local,
            exit_owner: Vec::new(),
            exit_of,
            has_lower_edge: Vec::new(),
            odd: false,
        }
    }

    /// The exit graph of a bracket: MDPs, residents and the next
    /// scoregroup, each with an exit when he may leave that set.
    pub fn exits(field: &Field, state: &State, candidate: &[bool], odd: bool) -> Shape {
        let n = state.role.len();
        let members: Vec<usize> = (0..n)
            .filter(|&x| matches!(state.role[x], Role::Mdp | Role::Resident | Role::Next))
            .collect();
        let lower: Vec<usize> = (0..n).filter(|&x| state.role[x] == Role::Lower).collect();
        let mut shape = Shape::with_members(members, n);
        shape.odd = odd;
        shape.has_lower_edge = vec![false; n];
        for (i, &b) in shape.members.iter().enumerate() {
            let reaches = lower.iter().any(|&x| field.legal(b, x));
            shape.has_lower_edge[b] = reaches;
            if reaches || (odd && candidate[b]) {
                shape.exit_of[i] = (shape.members.len() + shape.exit_owner.len()) as u32;
                shape.exit_owner.push(i as u32);
            }
        }
        shape
    }

    /// Number of vertices of the graph (members and exits).
    pub fn vertices(&self) -> usize {
        self.members.len() + self.exit_owner.len()
    }

    /// The vertex of player `x`, if he is in the graph.
    pub fn vertex(&self, x: usize) -> Option<usize> {
        let v = self.local[x];
        (v != OUT).then_some(v as usize)
    }

    /// The exit vertex of vertex `v`, if it has one.
    pub fn exit_vertex(&self, v: usize) -> Option<usize> {
        let e = self.exit_of[v];
        (e != OUT).then_some(e as usize)
    }

    /// Whether vertex `v` is an exit.
    pub fn is_exit(&self, v: usize) -> bool {
        v >= self.members.len()
    }

    /// Exit vertices, with their owners' players.
    pub fn exits_with_owner(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.exit_owner
            .iter()
            .enumerate()
            .map(|(k, &o)| (self.members.len() + k, self.members[o as usize]))
    }

    /// Whether player `b` of an exit graph still has an edge into `L`.
    pub fn lower_edges_live(&self, state: &State, b: usize) -> bool {
        self.has_lower_edge[b] && !state.only_later[b] && state.role[b] != Role::Frozen
    }
}

/// A bracket's graph: [`Terms`] for the weights, [`State`] for the bonuses
/// and removals, [`Shape`] for the vertices.
pub(crate) struct BracketGraph<'a, W> {
    pub field: &'a Field,
    pub terms: &'a Terms<W>,
    pub state: &'a State,
    pub shape: &'a Shape,
    pub candidate: &'a [bool],
}

impl<W: FieldWeight> BracketGraph<'_, W> {
    /// The weight of the edge between players `h` and `l`, `h` ranked higher.
    #[inline(always)]
    pub fn pair(&self, h: usize, l: usize) -> W {
        let st = self.state;
        if st.role[h] == Role::Frozen || st.role[l] == Role::Frozen || !self.field.legal(h, l) {
            return W::ZERO;
        }
        // Rule 4 of the exchange search keeps only edges to later members.
        if st.only_later[l] || (st.only_later[h] && !st.in_rem(l)) {
            return W::ZERO;
        }
        match st.role[l] {
            Role::Resident => {
                let mut w = self.terms.in_bracket(h, l);
                if st.role[h] == Role::Mdp {
                    let bonus = match st.mdp_bonus[h] {
                        MdpBonus::None => 0,
                        MdpBonus::Trial => 1,
                        MdpBonus::Lock => st.lock,
                        MdpBonus::Order(current) => {
                            st.lock + current as u64 - (l - st.residents.start) as u64
                        }
                    };
                    if bonus > 0 {
                        w += W::from_u64(bonus);
                    }
                } else if st.in_rem(h) && st.in_rem(l) {
                    let (a, b) = (st.rem_pos[h] as usize, st.rem_pos[l] as usize);
                    let p = st.rem_p;
                    match st.mode {
                        RemMode::Plain => {}
                        RemMode::Crossing => {
                            if !(a < p && b >= p) {
                                return W::ZERO;
                            }
                        }
                        RemMode::Exchange => {
                            if st.no_later[h] {
                                return W::ZERO;
                            }
                            let terms =
                                (u64::from(a < p) << st.count_shift) + (st.rem_size - a) as u64;
                            w += W::from_u64(terms);
                        }
                        RemMode::Roles => {
                            if !st.top[h] || st.top[l] {
                                return W::ZERO;
                            }
                            let current = st.trans_current[h];
                            if current != OUT {
                                let (current, step) = (current as usize, st.trans_step[h]);
                                if b < current {
                                    w += W::from_u64((current - b) as u64 * step);
                                } else {
                                    w -= W::from_u64((b - current) as u64 * step);
                                }
                            }
                        }
                    }
                }
                w
            }
            Role::Next => self.terms.next(h, l),
            Role::Lower => self.terms.outside(h, l),
            // Two MDPs are never paired together (Art. 3.3).
            Role::Mdp | Role::Frozen => W::ZERO,
        }
    }

    /// The weight of the exit edge of player `b`.
    #[inline]
    fn exit(&self, b: usize) -> W {
        let live = self.shape.lower_edges_live(self.state, b)
            || (self.shape.odd && self.candidate[b] && self.state.role[b] != Role::Frozen);
        if live { self.terms.exit(b) } else { W::ZERO }
    }
}

impl<W: FieldWeight> Edges<W> for BracketGraph<'_, W> {
    fn vertices(&self) -> usize {
        self.shape.vertices()
    }

    fn weight(&self, u: usize, v: usize) -> W {
        let sh = self.shape;
        let m = sh.members.len();
        match (u >= m, v >= m) {
            (false, false) => {
                let (a, b) = (sh.members[u], sh.members[v]);
                if a < b {
                    self.pair(a, b)
                } else {
                    self.pair(b, a)
                }
            }
            (true, false) if sh.exit_owner[u - m] as usize == v => self.exit(sh.members[v]),
            (false, true) if sh.exit_owner[v - m] as usize == u => self.exit(sh.members[u]),
            _ => W::ZERO,
        }
    }

    fn scan<F: FnMut(usize, W) -> bool>(&self, v: usize, mut f: F) {
        let sh = self.shape;
        let m = sh.members.len();
        if v >= m {
            let owner = sh.exit_owner[v - m] as usize;
            let w = self.exit(sh.members[owner]);
            if w != W::ZERO {
                f(owner, w);
            }
            return;
        }
        let x = sh.members[v];
        if self.state.role[x] == Role::Frozen {
            return;
        }
        // Members are in ranking order: those before `v` rank higher.
        for (u, &y) in sh.members[..v].iter().enumerate() {
            let w = self.pair(y, x);
            if w != W::ZERO && !f(u, w) {
                return;
            }
        }
        for (u, &y) in sh.members.iter().enumerate().skip(v + 1) {
            let w = self.pair(x, y);
            if w != W::ZERO && !f(u, w) {
                return;
            }
        }
        let e = sh.exit_of[v];
        if e != OUT {
            let w = self.exit(x);
            if w != W::ZERO {
                f(e as usize, w);
            }
        }
    }
}

/// The pre-pass graph (spec 02 §6.4 step 1): every player, pre-pass weights.
pub(crate) struct PrepassGraph<'a, W> {
    pub field: &'a Field,
    pub terms: &'a PrepassTerms<W>,
}

impl<W: FieldWeight> Edges<W> for PrepassGraph<'_, W> {
    fn vertices(&self) -> usize {
        self.field.len()
    }

    fn weight(&self, u: usize, v: usize) -> W {
        let (h, l) = (u.min(v), u.max(v));
        if self.field.legal(h, l) {
            self.terms.weight(h, l)
        } else {
            W::ZERO
        }
    }

    fn scan<F: FnMut(usize, W) -> bool>(&self, v: usize, mut f: F) {
        for x in 0..self.field.len() {
            if x != v && self.field.legal(v, x) {
                let w = if v < x {
                    self.terms.weight(v, x)
                } else {
                    self.terms.weight(x, v)
                };
                if !f(x, w) {
                    return;
                }
            }
        }
    }
}

/// The exact completion test of an exit graph (module docs): a matching of
/// `L` and the exit-matched players `D` (edges inside `L` and from `D` into
/// `L`, weighted by F1 alone) kept across the bracket's solves.
pub(crate) struct Completion {
    /// Vertex `i < lower.len()` is player `lower[i]`; vertex
    /// `lower.len() + k` is the owner of the shape's `k`-th exit.
    lower: Vec<usize>,
    owners: Vec<usize>,
    /// Which owners are in `D` with their edges into `L`, which in `D`
    /// without (they can only be the PAB).
    in_d: Vec<bool>,
    live: Vec<bool>,
    matching: Matching<i64>,
}

struct CompletionGraph<'a> {
    c: &'a Completion,
    field: &'a Field,
    candidate: &'a [bool],
}

impl CompletionGraph<'_> {
    fn player(&self, v: usize) -> usize {
        let c = self.c;
        if v < c.lower.len() {
            c.lower[v]
        } else {
            c.owners[v - c.lower.len()]
        }
    }

    fn f1(&self, a: usize, b: usize) -> i64 {
        1 + i64::from(!self.candidate[a]) + i64::from(!self.candidate[b])
    }
}

impl Edges<i64> for CompletionGraph<'_> {
    fn vertices(&self) -> usize {
        self.c.lower.len() + self.c.owners.len()
    }

    fn weight(&self, u: usize, v: usize) -> i64 {
        let l = self.c.lower.len();
        let usable = |x: usize| x < l || self.c.live[x - l];
        if (u >= l && v >= l) || !usable(u) || !usable(v) {
            return 0;
        }
        let (a, b) = (self.player(u), self.player(v));
        if self.field.legal(a, b) {
            self.f1(a, b)
        } else {
            0
        }
    }

    fn scan<F: FnMut(usize, i64) -> bool>(&self, v: usize, mut f: F) {
        let l = self.c.lower.len();
        if v >= l && !self.c.live[v - l] {
            return;
        }
        let a = self.player(v);
        for (u, &b) in self.c.lower.iter().enumerate() {
            if u != v && self.field.legal(a, b) && !f(u, self.f1(a, b)) {
                return;
            }
        }
        if v < l {
            for (k, &b) in self.c.owners.iter().enumerate() {
                if self.c.live[k] && self.field.legal(a, b) && !f(l + k, self.f1(a, b)) {
                    return;
                }
            }
        }
    }
}

impl Completion {
    pub fn new(state: &State, shape: &Shape) -> Completion {
        let lower: Vec<usize> = (0..state.role.len())
            .filter(|&x| state.role[x] == Role::Lower)
            .collect();
        let owners: Vec<usize> = shape.exits_with_owner().map(|(_, b)| b).collect();
        let k = owners.len();
        Completion {
            lower,
            owners,
            in_d: vec![false; k],
            live: vec![false; k],
            matching: Matching::new(),
        }
    }

    /// Whether the exit-matched players `in_d` (by exit, in the shape's
    /// order) can be completed inside `L`, with at most one PAB candidate
    /// left over.
    pub fn check(
        &mut self,
        field: &Field,
        state: &State,
        shape: &Shape,
        candidate: &[bool],
        in_d: &[bool],
    ) -> bool {
        let l = self.lower.len();
        let mut touched = Vec::new();
        for (k, &b) in self.owners.iter().enumerate() {
            let live = in_d[k] && shape.lower_edges_live(state, b);
            if in_d[k] != self.in_d[k] || live != self.live[k] {
                touched.push(l + k);
            }
            self.in_d[k] = in_d[k];
            self.live[k] = live;
        }
        let mut matching = std::mem::take(&mut self.matching);
        let g = CompletionGraph {
            c: self,
            field,
            candidate,
        };
        if matching.is_solved() {
            if !touched.is_empty() {
                matching.repair(&g, &touched);
            }
        } else {
            matching.solve(&g);
        }
        let mut left = 0;
        let mut ok = true;
        for v in 0..l + self.owners.len() {
            let counted = v < l || self.in_d[v - l];
            if counted && matching.mate(v).is_none() {
                left += 1;
                ok &= candidate[g.player(v)];
            }
        }
        self.matching = matching;
        ok && left <= 1
    }
}

/// The vertex of an exit-matched player in [`Completion`] order: the
/// position of his exit among the shape's exits.
pub(crate) fn exit_index(shape: &Shape, exit_vertex: usize) -> usize {
    exit_vertex - shape.members.len()
}
