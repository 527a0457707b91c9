//! The round procedure realised with a sequence of maximum-weight matchings
//! (spec 02 §6.4): a pre-pass for completion and the PAB score (C4, C5), then
//! bracket by bracket, top-down: which MDPs are paired (Art. 4.4), their
//! opponents (4.2), the remainder's exchange (4.3) and transposition (4.2).
//! Every solve certifies completion for the whole round (directly, or through
//! the exit graph and its completion test, see `dutch::graph`); pairs, once
//! fixed, are frozen.

use std::ops::Range;

use arbiter_model::Points;

use super::alternation::{self, Alternation, Edge};
use super::graph::{
    BracketGraph, Completion, MdpBonus, PrepassGraph, RemMode, Role, Shape, State, exit_index,
};
use super::weights::{FieldWeight, Terms, Weights};
use crate::matching::{Edges, Matching};

/// Pairs of player indices (higher-ranked first) and the PAB receiver.
pub(crate) struct RoundPairs {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
}

/// Why the procedure stopped.
pub(crate) enum Failure {
    /// No complete round-pairing satisfies C1–C3 (spec 02 §12 item 7).
    NoValidPairing,
    /// A bracket's score levels do not fit the compact slot fields; pair
    /// the round again with the global layout.
    SlotsTooNarrow,
    /// An invariant of the construction did not hold (a bug, not bad input).
    Internal(&'static str),
}

/// Why a bracket stopped: a [`Failure`], or an exit graph given up (the
/// bracket is then paired again on the whole round).
enum Stop {
    Failed(Failure),
    /// An exit-graph optimum that the players below the next scoregroup
    /// cannot complete.
    Incomplete,
    /// The exit graph's solves made more row scans than [`EXIT_BUDGET`]
    /// allows.
    OverBudget,
}

/// The work an exit graph may take before its bracket is paired on the
/// whole round instead: `EXIT_BUDGET · m²` edge reads (row scans times the
/// exit graph's vertices), `m` the number of unpaired players when the
/// bracket starts. Some exit graphs (large scoregroups of equal players)
/// keep odd blossoms of tied edges that every later solve dissolves and
/// rebuilds, and cost many times the whole round; most cost a fraction of
/// it (measured on 1000-player events: up to 40·m² where the exit graph
/// pays, 100–260·m² where it loses). The limit counts work, not time, so
/// the path taken depends on the round's input alone, and both paths give
/// the same pairing (module docs of `dutch::graph`): the choice changes the
/// speed, never the result.
const EXIT_BUDGET: u64 = 40;

impl From<Failure> for Stop {
    fn from(f: Failure) -> Stop {
        Stop::Failed(f)
    }
}

/// A player's partner in the last optimum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mate {
    Unmatched,
    Player(usize),
    /// Through his exit: paired below the next scoregroup, or the PAB.
    Exit,
}

impl Mate {
    fn player(self) -> Option<usize> {
        match self {
            Mate::Player(p) => Some(p),
            _ => None,
        }
    }
}

/// The solves of one bracket: its graph's shape, terms and matching.
struct Solver<W: FieldWeight> {
    shape: Shape,
    terms: Terms<W>,
    matching: Matching<W>,
    completion: Option<Completion>,
    /// Edge reads an exit graph may take ([`EXIT_BUDGET`]).
    budget: u64,
    /// Players whose edges changed since the last solve.
    touched: Vec<usize>,
}

struct Round<'a, W: FieldWeight> {
    w: Weights<'a>,
    st: State,
    frozen: Vec<bool>,
    /// PAB candidates (after the pre-pass: with the target score cap).
    candidate: Vec<bool>,
    /// The current optimum, by player.
    mate: Vec<Mate>,
    pairs: Vec<(usize, usize)>,
    /// Whether C9 is active for the bracket being paired (spec 02 §6.5).
    c9: bool,
    /// The C9 switch of the pre-pass, under which the edges below the next
    /// scoregroup keep their weights.
    c9_at_prepass: bool,
    odd: bool,
    solver: Option<Solver<W>>,
}

/// Pairs the round (spec 02 §6.4).
pub(crate) fn pair_round<W: FieldWeight>(w: Weights<'_>) -> Result<RoundPairs, Failure> {
    let n = w.field.len();
    let mut round = Round::<W> {
        st: State::new(n),
        frozen: vec![false; n],
        candidate: vec![false; n],
        mate: vec![Mate::Unmatched; n],
        pairs: Vec::new(),
        c9: false,
        c9_at_prepass: false,
        odd: n % 2 == 1,
        solver: None,
        w,
    };
    round.run()
}

impl<W: FieldWeight> Round<'_, W> {
    fn n(&self) -> usize {
        self.w.field.len()
    }

    fn score(&self, i: usize) -> Points {
        self.w.field.players[i].pairing_score
    }

    /// Scoregroups top-down, as index ranges of the ranking order.
    fn scoregroups(&self) -> Vec<Range<usize>> {
        let mut groups: Vec<Range<usize>> = Vec::new();
        for i in 0..self.n() {
            match groups.last_mut() {
                Some(g) if self.score(g.start) == self.score(i) => g.end = i + 1,
                _ => groups.push(i..i + 1),
            }
        }
        groups
    }

    fn run(&mut self) -> Result<RoundPairs, Failure> {
        let n = self.n();
        if n == 0 {
            return Ok(RoundPairs {
                pairs: Vec::new(),
                bye: None,
            });
        }
        let groups = self.scoregroups();
        self.prepass(&groups)?;

        let mut mdps: Vec<usize> = Vec::new();
        for gi in 0..groups.len() {
            let next = groups.get(gi + 1).cloned();
            let members = mdps
                .iter()
                .copied()
                .chain(groups[gi].clone())
                .chain(next.clone().unwrap_or(0..0));
            if !self.w.enter_bracket(members) {
                return Err(Failure::SlotsTooNarrow);
            }
            let below = next.as_ref().map_or(n, |r| r.end);
            // The exit graph needs players below the next scoregroup, and
            // edges into them that carry F1 alone (no pre-pass C9 ranks).
            let exits = below < n && !self.c9_at_prepass;
            let paired_before = self.pairs.len();
            match self.pair_bracket(&mdps, &groups[gi], next.clone(), exits) {
                Ok(()) => {}
                Err(Stop::Failed(f)) => return Err(f),
                Err(Stop::Incomplete | Stop::OverBudget) => {
                    for (a, b) in self.pairs.split_off(paired_before) {
                        self.frozen[a] = false;
                        self.frozen[b] = false;
                    }
                    match self.pair_bracket(&mdps, &groups[gi], next.clone(), false) {
                        Ok(()) => {}
                        Err(Stop::Failed(f)) => return Err(f),
                        Err(Stop::Incomplete | Stop::OverBudget) => {
                            return Err(Failure::Internal("the whole round was not complete"));
                        }
                    }
                }
            }
            let remainder: Vec<usize> = groups[gi].clone().filter(|&r| !self.frozen[r]).collect();
            mdps.retain(|&m| !self.frozen[m]);
            mdps.extend(remainder);
            if let Some(next) = next {
                self.c9 = self.c9_next(&mdps, next);
            }
        }
        match mdps.as_slice() {
            [] => Ok(RoundPairs {
                pairs: std::mem::take(&mut self.pairs),
                bye: None,
            }),
            [one] => Ok(RoundPairs {
                pairs: std::mem::take(&mut self.pairs),
                bye: Some(*one),
            }),
            _ => Err(Failure::Internal("more than one player left unpaired")),
        }
    }

    /// Spec 02 §6.5, later brackets: whether C9 is active for the bracket
    /// entered by `mdps` and the scoregroup `next`, read on the optimum found
    /// at the end of the previous bracket: no entrant is paired below the
    /// bracket. With an odd number of players and a target PAB score of at
    /// least the bracket's, the PAB is one of the entrants in every optimum
    /// (every player below scores less than the target), so in an exit graph
    /// the test is that at most one entrant left through his exit.
    fn c9_next(&self, mdps: &[usize], next: Range<usize>) -> bool {
        let s = self.score(next.start);
        let target = self.w.target.unwrap_or(Points::ZERO);
        if !(self.odd && target >= s) {
            return false;
        }
        let mut left = 0;
        for x in mdps.iter().copied().chain(next) {
            match self.mate[x] {
                Mate::Player(m) if self.score(m) < s => return false,
                Mate::Player(_) => {}
                Mate::Unmatched | Mate::Exit => left += 1,
            }
        }
        let exit_graph = self.solver.as_ref().is_some_and(|s| s.completion.is_some());
        !exit_graph || left <= 1
    }

    /// Spec 02 §6.4 step 1: feasibility, the target PAB score (C5), the C9
    /// ranks and initial switch.
    fn prepass(&mut self, groups: &[Range<usize>]) -> Result<(), Failure> {
        let n = self.n();
        let mate = if self.w.layout.prepass_bits() <= <i64 as FieldWeight>::USABLE_BITS {
            self.prepass_optimum::<i64>()
        } else {
            self.prepass_optimum::<W>()
        };
        let unmatched: Vec<usize> = (0..n).filter(|&i| mate[i].is_none()).collect();
        let players = &self.w.field.players;
        if unmatched.len() > usize::from(self.odd)
            || unmatched.iter().any(|&i| !players[i].pab_eligible)
        {
            return Err(Failure::NoValidPairing);
        }
        let target = match unmatched.first() {
            Some(&u) => players[u].pairing_score,
            None => Points::ZERO,
        };
        self.w.target = Some(target);
        if self.odd {
            let at_target: Vec<u32> = players
                .iter()
                .filter(|p| p.pairing_score == target)
                .map(|p| p.played_games)
                .collect();
            for (i, p) in players.iter().enumerate() {
                if p.pairing_score == target {
                    let ge = at_target.iter().filter(|&&g| g >= p.played_games).count();
                    self.w.c9_rank[i] = ge as u64 - 1;
                }
            }
            let top = groups[0].clone();
            self.c9 = target >= self.score(0)
                && top
                    .clone()
                    .all(|x| mate[x].is_none_or(|m| top.contains(&m)));
        }
        self.c9_at_prepass = self.c9;
        self.candidate = (0..n).map(|i| self.w.candidate(i)).collect();
        Ok(())
    }

    /// The pre-pass optimum (spec 02 §6.4 step 1), by player, in weights of
    /// type `P` (the pre-pass fields need far fewer bits than the round's).
    fn prepass_optimum<P: FieldWeight>(&self) -> Vec<Option<usize>> {
        let terms = self.w.prepass_terms::<P>();
        let g = PrepassGraph {
            field: self.w.field,
            terms: &terms,
        };
        let mut matching = Matching::new();
        matching.solve(&g);
        (0..self.n()).map(|i| matching.mate(i)).collect()
    }

    /// Pairs one bracket: the MDPs `mdps`, the residents, the next
    /// scoregroup `next`; with `exits`, on the exit graph (`dutch::graph`).
    fn pair_bracket(
        &mut self,
        mdps: &[usize],
        residents: &Range<usize>,
        next: Option<Range<usize>>,
        exits: bool,
    ) -> Result<(), Stop> {
        for x in 0..self.n() {
            self.st.role[x] = if self.frozen[x] {
                Role::Frozen
            } else if residents.contains(&x) {
                Role::Resident
            } else if next.as_ref().is_some_and(|r| r.contains(&x)) {
                Role::Next
            } else if x < residents.start {
                Role::Mdp
            } else {
                Role::Lower
            };
        }
        let is_mdp: Vec<bool> = self.st.role.iter().map(|&r| r == Role::Mdp).collect();
        self.st.clear_bracket();
        self.st.residents = residents.clone();
        self.st.count_shift = self.w.remainder_count_shift();
        let terms = self.w.terms::<W>(&is_mdp, self.c9, self.c9_at_prepass);
        let shape = if exits {
            Shape::exits(self.w.field, &self.st, &self.candidate, self.odd)
        } else {
            Shape::whole(&self.st)
        };
        let completion = exits.then(|| Completion::new(&self.st, &shape));
        let unpaired = self.frozen.iter().filter(|&&f| !f).count() as u64;
        self.solver = Some(Solver {
            shape,
            terms,
            matching: Matching::new(),
            completion,
            budget: EXIT_BUDGET * unpaired * unpaired,
            touched: Vec::new(),
        });
        self.solve()?;
        if !mdps.is_empty() {
            self.pair_mdps(mdps, residents)?;
        }
        let remainder: Vec<usize> = residents.clone().filter(|&r| !self.frozen[r]).collect();
        self.pair_remainder(&remainder)
    }

    fn solver(&self) -> &Solver<W> {
        self.solver.as_ref().expect("a bracket is being paired")
    }

    fn graph(&self) -> BracketGraph<'_, W> {
        let s = self.solver();
        BracketGraph {
            field: self.w.field,
            terms: &s.terms,
            state: &self.st,
            shape: &s.shape,
            candidate: &self.candidate,
        }
    }

    /// The weights at `x` changed.
    fn touch(&mut self, x: usize) {
        if let Some(s) = self.solver.as_mut() {
            s.touched.push(x);
        }
    }

    /// Re-optimises after the changes since the last solve, reads the new
    /// optimum and, on an exit graph, checks that it completes.
    fn solve(&mut self) -> Result<(), Stop> {
        let mut s = self.solver.take().expect("a bracket is being paired");
        let touched: Vec<usize> = std::mem::take(&mut s.touched)
            .into_iter()
            .filter_map(|x| s.shape.vertex(x))
            .collect();
        {
            let g = BracketGraph {
                field: self.w.field,
                terms: &s.terms,
                state: &self.st,
                shape: &s.shape,
                candidate: &self.candidate,
            };
            if s.matching.is_solved() {
                s.matching.repair(&g, &touched);
            } else {
                s.matching.solve(&g);
            }
        }
        for (v, &x) in s.shape.members.iter().enumerate() {
            self.mate[x] = match s.matching.mate(v) {
                None => Mate::Unmatched,
                Some(u) if s.shape.is_exit(u) => Mate::Exit,
                Some(u) => Mate::Player(s.shape.members[u]),
            };
        }
        if s.completion.is_some() && s.matching.scans() * s.shape.vertices() as u64 > s.budget {
            self.solver = Some(s);
            return Err(Stop::OverBudget);
        }
        let complete = match s.completion.as_mut() {
            None => true,
            Some(c) => {
                let mut in_d = vec![false; s.shape.vertices() - s.shape.members.len()];
                for (e, _) in s.shape.exits_with_owner() {
                    if let Some(owner) = s.matching.mate(e) {
                        debug_assert!(!s.shape.is_exit(owner));
                        in_d[exit_index(&s.shape, e)] = true;
                    }
                }
                c.check(self.w.field, &self.st, &s.shape, &self.candidate, &in_d)
            }
        };
        self.solver = Some(s);
        if complete {
            Ok(())
        } else {
            Err(Stop::Incomplete)
        }
    }

    /// The weight of edge {a, b} under the current weights.
    fn weight(&self, a: usize, b: usize) -> W {
        let g = self.graph();
        let (h, l) = (a.min(b), a.max(b));
        g.pair(h, l)
    }

    /// Total weight of the current optimum under the current weights.
    fn current_weight(&self) -> W {
        let g = self.graph();
        let mut total = W::ZERO;
        for (v, &x) in g.shape.members.iter().enumerate() {
            match self.mate[x] {
                Mate::Player(y) if x < y => total += g.pair(x, y),
                Mate::Exit => {
                    if let Some(e) = g.shape.exit_vertex(v) {
                        total += g.weight(v, e);
                    }
                }
                _ => {}
            }
        }
        total
    }

    fn set_mdp_bonus(&mut self, m: usize, bonus: MdpBonus) {
        self.st.mdp_bonus[m] = bonus;
        self.touch(m);
    }

    /// Fixes `a` against `b`: both leave the graph.
    fn freeze(&mut self, a: usize, b: usize) {
        self.frozen[a] = true;
        self.frozen[b] = true;
        self.st.role[a] = Role::Frozen;
        self.st.role[b] = Role::Frozen;
        self.touch(a);
        self.touch(b);
        self.pairs.push((a.min(b), a.max(b)));
    }

    /// Spec 02 §6.4 steps 2.2–2.3: the earliest valid set of MDPs (Art. 4.4,
    /// smallest differing BSN, one score level at a time) and their opponents
    /// (Art. 4.2, the highest-ranked resident possible, MDPs in order).
    fn pair_mdps(&mut self, mdps: &[usize], residents: &Range<usize>) -> Result<(), Stop> {
        let with_resident =
            |mate: &[Mate], m: usize| mate[m].player().is_some_and(|x| residents.contains(&x));
        let mut locked = Vec::new();
        let mut start = 0;
        while start < mdps.len() {
            let s = self.score(mdps[start]);
            let end = start
                + mdps[start..]
                    .iter()
                    .take_while(|&&m| self.score(m) == s)
                    .count();
            let level = &mdps[start..end];
            start = end;
            let wanted = level
                .iter()
                .filter(|&&m| with_resident(&self.mate, m))
                .count();
            let mut got = 0;
            for &m in level {
                if got == wanted {
                    break;
                }
                if !with_resident(&self.mate, m) {
                    self.set_mdp_bonus(m, MdpBonus::Trial);
                    self.solve()?;
                    if !with_resident(&self.mate, m) {
                        continue;
                    }
                }
                self.set_mdp_bonus(m, MdpBonus::Lock);
                locked.push(m);
                got += 1;
            }
        }
        for m in locked {
            // Fast path: the current optimum already gives m the
            // highest-ranked resident he has an edge to.
            let first = residents
                .clone()
                .find(|&r| !self.frozen[r] && self.weight(m, r) != W::ZERO);
            let current = self.mate[m].player();
            if first.is_none() || current != first {
                let Some(r) = current.filter(|r| residents.contains(r)) else {
                    return Err(Failure::Internal("a selected MDP lost its resident").into());
                };
                self.set_mdp_bonus(m, MdpBonus::Order(r - residents.start));
                self.solve()?;
            }
            match self.mate[m] {
                Mate::Player(r) if residents.contains(&r) => self.freeze(m, r),
                _ => return Err(Failure::Internal("a selected MDP lost its resident").into()),
            }
        }
        Ok(())
    }

    /// Spec 02 §6.4 steps 2.4–2.5: the remainder (or homogeneous bracket)
    /// as the earliest exchange (Art. 4.3) and then the earliest
    /// transposition (4.2) among the best candidates.
    fn pair_remainder(&mut self, rem: &[usize]) -> Result<(), Stop> {
        let n = self.n();
        let mut in_rem = vec![false; n];
        for &x in rem {
            in_rem[x] = true;
        }
        let is_top = |mate: &[Mate], x: usize| mate[x].player().is_some_and(|y| in_rem[y] && y > x);
        let p = rem.iter().filter(|&&x| is_top(&self.mate, x)).count();
        if p == 0 {
            return Ok(());
        }
        self.st.set_remainder(rem, p);
        // With no exchange needed (tops = S1R) the optimum is already the
        // first exchange; otherwise find it.
        if rem[p..].iter().any(|&x| is_top(&self.mate, x)) {
            // Cheap test first: is there an optimum without exchange?
            let best = self.current_weight();
            if !self.try_change(rem, false, best, |st, on| {
                st.mode = if on {
                    RemMode::Crossing
                } else {
                    RemMode::Plain
                };
            })? {
                self.choose_exchange(rem, p, &in_rem)?;
            }
        }
        self.transpose(rem, &in_rem)
    }

    /// Art. 4.3 order: fewest exchanges, smallest BSN-sum difference, then
    /// the S1R players moved out (largest BSN first) and the S2R players
    /// moved in (smallest BSN first). Leaves the optimum with those roles.
    fn choose_exchange(&mut self, rem: &[usize], p: usize, in_rem: &[bool]) -> Result<(), Stop> {
        let is_top = |mate: &[Mate], x: usize| mate[x].player().is_some_and(|y| in_rem[y] && y > x);
        // Exchange terms: fewest exchanges, then smallest BSN-sum difference.
        self.st.mode = RemMode::Exchange;
        for &x in rem {
            self.touch(x);
        }
        self.solve()?;
        let best = self.current_weight();
        let exchanges = rem[..p].iter().filter(|&&x| !is_top(&self.mate, x)).count();

        // Rule 3: the players moved S1R → S2R, largest BSN first.
        let mut placed = 0;
        for a in (0..p).rev() {
            if placed == exchanges {
                break;
            }
            let x = rem[a];
            let known = !is_top(&self.mate, x);
            if self.try_change(&[x], known, best, |st, on| st.no_later[x] = on)? {
                placed += 1;
            }
        }
        // Rule 4: the players moved S2R → S1R, smallest BSN first; the last
        // one follows from the BSN sum.
        let mut placed = 0;
        for &y in &rem[p..] {
            if placed + 1 >= exchanges {
                break;
            }
            let known = is_top(&self.mate, y);
            if self.try_change(&[y], known, best, |st, on| st.only_later[y] = on)? {
                placed += 1;
            }
        }
        Ok(())
    }

    /// Fixes the roles (top members → later non-top members) of the current
    /// optimum, then gives each top member in order the highest-ranked
    /// opponent still possible (Art. 4.2) and freezes the pair: a top member
    /// whose current opponent is his first possible one keeps him; otherwise
    /// a solve decides him, and after a solve that scanned at least as many
    /// rows as the graph has vertices (one that rebuilt most of the
    /// optimum), him and the next top members too, as many as the free low
    /// bits allow ([`Weights::transposition_block`],
    /// [`State::set_transposing`]). Any block size gives the same pairs; the
    /// rule counts work, never time. Between solves, a top member whose
    /// opponent the duals of the last optimum already decide
    /// ([`Alternation`]) is paired without a solve.
    fn transpose(&mut self, rem: &[usize], in_rem: &[bool]) -> Result<(), Stop> {
        let is_top = |mate: &[Mate], x: usize| mate[x].player().is_some_and(|y| in_rem[y] && y > x);
        let tops: Vec<usize> = rem
            .iter()
            .copied()
            .filter(|&x| is_top(&self.mate, x))
            .collect();
        // The roles only remove edges from the bracket weights (or from the
        // crossing test's): the duals of a solve of the current graph in
        // those weights stay optimal.
        let fresh = matches!(self.st.mode, RemMode::Plain | RemMode::Crossing)
            && self.solver().touched.is_empty();
        for &x in rem {
            self.st.top[x] = is_top(&self.mate, x);
            self.touch(x);
        }
        self.st.mode = RemMode::Roles;
        let (most, radix) = self.w.transposition_block(rem.len());
        let mut block = 1;
        let lost = || {
            Stop::from(Failure::Internal(
                "a top member of the remainder lost his pair",
            ))
        };
        let mut alt = if fresh {
            self.alternation(rem, in_rem)
        } else {
            None
        };
        let mut i = 0;
        while i < tops.len() {
            let t = tops[i];
            let first = rem
                .iter()
                .copied()
                .find(|&l| l > t && !self.frozen[l] && self.weight(t, l) != W::ZERO);
            let current = self.mate[t].player().filter(|&m| in_rem[m]);
            if first.is_some() && current == first {
                if let Some(a) = alt.as_mut()
                    && !a.freeze(self.st.position(t))
                {
                    alt = None;
                }
                self.freeze(t, first.ok_or_else(lost)?);
                i += 1;
                continue;
            }
            if let Some(a) = alt.as_mut()
                && let Some(l) = self.decide(a, rem, t)
            {
                if !a.freeze(self.st.position(t)) {
                    alt = None;
                }
                self.freeze(t, l);
                i += 1;
                continue;
            }
            let end = (i + block).min(tops.len());
            let mut entries = Vec::with_capacity(end - i);
            for &x in &tops[i..end] {
                let m = self.mate[x]
                    .player()
                    .filter(|&m| in_rem[m])
                    .ok_or_else(lost)?;
                entries.push((x, self.st.position(m)));
                self.touch(x);
            }
            self.st.set_transposing(&entries, radix);
            let before = self.solver().matching.scans();
            self.solve()?;
            self.st.clear_transposing();
            let s = self.solver();
            let expensive = s.matching.scans() - before >= s.shape.vertices() as u64;
            block = if expensive { most } else { 1 };
            alt = self.alternation(rem, in_rem);
            for &x in &tops[i..end] {
                match self.mate[x] {
                    Mate::Player(l) if in_rem[l] => {
                        if let Some(a) = alt.as_mut()
                            && !a.freeze(self.st.position(x))
                        {
                            alt = None;
                        }
                        self.freeze(x, l)
                    }
                    _ => return Err(lost()),
                }
            }
            i = end;
        }
        Ok(())
    }

    /// The tight edges of the remainder `rem` under the duals of the last
    /// optimum ([`Alternation`]); `None` when the optimum has not the shape
    /// of the fixed roles.
    fn alternation(&self, rem: &[usize], in_rem: &[bool]) -> Option<Alternation> {
        let s = self.solver();
        let g = self.graph();
        let size = rem.len();
        let live: Vec<bool> = rem.iter().map(|&x| !self.frozen[x]).collect();
        let mut vertex = vec![0; size];
        let mut dual = vec![W::ZERO; size];
        let mut blossoms: Vec<Vec<(usize, W)>> = vec![Vec::new(); size];
        let mut class = vec![0; size];
        let mut classes: Vec<Vec<(usize, W)>> = Vec::new();
        for (a, &x) in rem.iter().enumerate() {
            if live[a] {
                let v = s.shape.vertex(x)?;
                vertex[a] = v;
                dual[a] = s.matching.dual(v)?;
                blossoms[a] = s.matching.blossoms(v);
                class[a] = match classes.iter().position(|c| *c == blossoms[a]) {
                    Some(c) => c,
                    None => {
                        classes.push(blossoms[a].clone());
                        classes.len() - 1
                    }
                };
            }
        }
        // Twice the duals of the blossoms holding both ends.
        let shared = |p: &[(usize, W)], q: &[(usize, W)]| {
            let mut z = W::ZERO;
            for &(b, d) in p {
                if q.iter().any(|&(c, _)| c == b) {
                    z += d.double();
                }
            }
            z
        };
        let top: Vec<bool> = rem.iter().map(|&x| self.st.top[x]).collect();
        let mut mate = vec![alternation::NONE; size];
        let mut leftover = None;
        for (a, &x) in rem.iter().enumerate() {
            if !live[a] {
                continue;
            }
            match self.mate[x] {
                Mate::Player(y) if in_rem[y] => mate[a] = self.st.position(y),
                _ if top[a] || leftover.is_some() => return None,
                _ => leftover = Some(a),
            }
        }
        let leftover = match leftover {
            None => None,
            Some(x0) => {
                let outside = s.matching.mate(vertex[x0]);
                if outside.is_none() && s.completion.is_some() {
                    return None;
                }
                let outside_blossoms = outside.map(|y| s.matching.blossoms(y));
                let replaceable = (0..size)
                    .map(|b| {
                        if b == x0 || !live[b] || top[b] || class[b] != class[x0] {
                            return false;
                        }
                        match (outside, &outside_blossoms) {
                            (Some(y), Some(yb)) => {
                                let w = g.weight(vertex[b], y);
                                let z = shared(&blossoms[b], yb);
                                w != W::ZERO && s.matching.dual(y) == Some(w.double() - dual[b] - z)
                            }
                            _ => dual[b] == W::ZERO,
                        }
                    })
                    .collect();
                Some((x0, replaceable))
            }
        };
        let edge = |a: usize, b: usize| {
            let w = g.pair(rem[a], rem[b]);
            if w == W::ZERO {
                return Edge::Slack;
            }
            let same = class[a] == class[b];
            let z = if same {
                shared(&blossoms[a], &blossoms[a])
            } else {
                shared(&blossoms[a], &blossoms[b])
            };
            match (dual[a] + dual[b] + z == w.double(), same) {
                (false, _) => Edge::Slack,
                (true, true) => Edge::Tight,
                (true, false) => Edge::Across,
            }
        };
        let edges = Alternation::new(top, live, class.clone(), mate, edge, leftover);
        Some(edges)
    }

    /// Decides top member `t` with the alternating cycles of `a` and, when
    /// certain, moves the current optimum to the one `a` found: his
    /// opponent.
    fn decide(&mut self, a: &mut Alternation, rem: &[usize], t: usize) -> Option<usize> {
        let pt = self.st.position(t);
        let current = a.mate(pt);
        if current == alternation::NONE {
            return None;
        }
        let candidates: Vec<usize> = (pt + 1..=current)
            .filter(|&b| !self.frozen[rem[b]] && self.weight(t, rem[b]) != W::ZERO)
            .collect();
        let before = a.leftover();
        let l = a.decide(pt, &candidates)?;
        if l != current {
            if let (Some(x0), Some(x1)) = (before, a.leftover())
                && x0 != x1
            {
                let outside = self.mate[rem[x0]];
                self.mate[rem[x1]] = outside;
                if let Mate::Player(y) = outside {
                    self.mate[y] = Mate::Player(rem[x1]);
                }
            }
            for (b, &x) in rem.iter().enumerate() {
                let m = a.mate(b);
                if !self.frozen[x] && m != alternation::NONE {
                    self.mate[x] = Mate::Player(rem[m]);
                }
            }
        }
        Some(rem[l])
    }

    /// Applies a removal of edges at `players` (`change(state, true)`) if an
    /// optimum of weight `best` survives it (`known` = the current optimum
    /// already avoids the removed edges); otherwise undoes it. Returns
    /// whether it stays.
    fn try_change(
        &mut self,
        players: &[usize],
        known: bool,
        best: W,
        change: impl Fn(&mut State, bool),
    ) -> Result<bool, Stop> {
        change(&mut self.st, true);
        for &x in players {
            self.touch(x);
        }
        if known {
            return Ok(true);
        }
        let previous = self.mate.clone();
        self.solve()?;
        if self.current_weight() == best {
            return Ok(true);
        }
        change(&mut self.st, false);
        for &x in players {
            self.touch(x);
        }
        self.mate = previous;
        Ok(false)
    }
}
