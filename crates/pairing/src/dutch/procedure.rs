//! The round procedure realised with a sequence of maximum-weight matchings
//! (spec 02 §6.4): a pre-pass for completion and the PAB score (C4, C5), then
//! bracket by bracket, top-down: which MDPs are paired (Art. 4.4), their
//! opponents (4.2), the remainder's exchange (4.3) and transposition (4.2).
//! Every solve is a whole-round matching, so completion is re-certified at
//! each step; pairs, once fixed, are frozen.

use std::ops::Range;

use arbiter_model::Points;

use super::weights::{EdgeKind, FieldWeight, Weights};
use crate::matching::MatchingGraph;

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

struct Round<'a, W: FieldWeight> {
    w: Weights<'a>,
    g: MatchingGraph<W>,
    /// The current optimum (kept across weight changes that preserve it).
    mate: Vec<Option<usize>>,
    frozen: Vec<bool>,
    pairs: Vec<(usize, usize)>,
    /// Whether C9 is active for the bracket being paired (spec 02 §6.5).
    c9: bool,
}

/// Pairs the round (spec 02 §6.4).
pub(crate) fn pair_round<W: FieldWeight>(w: Weights<'_>) -> Result<RoundPairs, Failure> {
    let n = w.field.len();
    let mut round = Round {
        g: MatchingGraph::<W>::new(n),
        w,
        mate: vec![None; n],
        frozen: vec![false; n],
        pairs: Vec::new(),
        c9: false,
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

    fn solve(&mut self) {
        self.mate = self.g.solve();
    }

    fn set(&mut self, u: usize, v: usize, weight: W) {
        self.g.set_weight(u, v, weight);
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
        let odd = n % 2 == 1;
        self.prepass(&groups, odd)?;

        let mut mdps: Vec<usize> = Vec::new();
        for gi in 0..groups.len() {
            let residents: Vec<usize> = groups[gi].clone().collect();
            let next = groups.get(gi + 1).cloned();
            let members = mdps
                .iter()
                .copied()
                .chain(groups[gi].clone())
                .chain(next.clone().unwrap_or(0..0));
            if !self.w.enter_bracket(members) {
                return Err(Failure::SlotsTooNarrow);
            }
            self.load_bracket(&mdps, &groups[gi], next.clone());
            // Large reloads: solving afresh beats repairing. Every choice
            // below depends only on the set of optimal matchings (the C9
            // test too: F4 fixes how many entrants pair among themselves),
            // never on which optimum the solver returns.
            if 10 * (groups[gi].len() + next.as_ref().map_or(0, |r| r.len())) >= n {
                self.g.reset();
            }
            self.solve();
            if !mdps.is_empty() {
                self.pair_mdps(&mdps, &groups[gi])?;
            }
            let remainder: Vec<usize> = residents
                .iter()
                .copied()
                .filter(|&r| !self.frozen[r])
                .collect();
            self.pair_remainder(&remainder)?;
            mdps.retain(|&m| !self.frozen[m]);
            mdps.extend(remainder.iter().copied().filter(|&r| !self.frozen[r]));
            if let Some(next) = next {
                let s = self.score(next.start);
                let target = self.w.target.unwrap_or(Points::ZERO);
                self.c9 = odd
                    && target >= s
                    && mdps
                        .iter()
                        .copied()
                        .chain(next)
                        .all(|x| match self.mate[x] {
                            None => true,
                            Some(m) => self.score(m) >= s,
                        });
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

    /// Spec 02 §6.4 step 1: feasibility, the target PAB score (C5), the C9
    /// ranks and initial switch; then every edge is reset to F1 (+ F6).
    fn prepass(&mut self, groups: &[Range<usize>], odd: bool) -> Result<(), Failure> {
        let n = self.n();
        for i in 0..n {
            for j in (i + 1)..n {
                if self.w.field.legal(i, j) {
                    let weight = self.w.prepass::<W>(i, j);
                    self.set(i, j, weight);
                }
            }
        }
        self.solve();
        let unmatched: Vec<usize> = (0..n).filter(|&i| self.mate[i].is_none()).collect();
        let players = &self.w.field.players;
        if unmatched.len() > usize::from(odd) || unmatched.iter().any(|&i| !players[i].pab_eligible)
        {
            return Err(Failure::NoValidPairing);
        }
        let target = match unmatched.first() {
            Some(&u) => players[u].pairing_score,
            None => Points::ZERO,
        };
        self.w.target = Some(target);
        if odd {
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
                && top.clone().all(|x| match self.mate[x] {
                    None => true,
                    Some(m) => top.contains(&m),
                });
        }
        for i in 0..n {
            for j in (i + 1)..n {
                if self.w.field.legal(i, j) {
                    let weight = self.w.edge::<W>(i, j, EdgeKind::Outside, self.c9);
                    self.set(i, j, weight);
                }
            }
        }
        // Every weight changed: solving afresh beats repairing.
        self.g.reset();
        Ok(())
    }

    /// Spec 02 §6.3 "which edges get which weight": edges whose lower end is
    /// a resident or in the next scoregroup get their full weight; edges
    /// between two MDPs are removed (MDPs are never paired together, Art. 3.3).
    fn load_bracket(
        &mut self,
        mdps: &[usize],
        residents: &Range<usize>,
        next: Option<Range<usize>>,
    ) {
        let lower_end = residents.start..next.as_ref().map_or(residents.end, |r| r.end);
        for l in lower_end {
            let kind = if residents.contains(&l) {
                EdgeKind::InBracket
            } else {
                EdgeKind::Next
            };
            for h in 0..l {
                if !self.frozen[h] && self.w.field.legal(h, l) {
                    let weight = self.w.edge::<W>(h, l, kind, self.c9);
                    self.set(h, l, weight);
                }
            }
        }
        for (i, &a) in mdps.iter().enumerate() {
            for &b in &mdps[i + 1..] {
                self.set(a, b, W::ZERO);
            }
        }
    }

    fn base(&self, h: usize, l: usize) -> W {
        self.w.edge::<W>(h, l, EdgeKind::InBracket, self.c9)
    }

    /// Sets the reserved-field bonus of every edge from MDP `m` to an
    /// unfrozen resident: `bonus(idx)` for the resident at position `idx`.
    fn bonus_to_residents(
        &mut self,
        m: usize,
        residents: &Range<usize>,
        bonus: impl Fn(usize) -> u64,
    ) {
        for (idx, r) in residents.clone().enumerate() {
            if !self.frozen[r] && self.w.field.legal(m, r) {
                let weight = self.base(m, r) + self.w.bonus::<W>(bonus(idx));
                self.set(m, r, weight);
            }
        }
    }

    /// Fixes `a` against `b`: their edge stays, every other edge of both goes.
    fn freeze(&mut self, a: usize, b: usize) {
        for x in 0..self.n() {
            if x != a && x != b {
                self.set(a, x, W::ZERO);
                self.set(b, x, W::ZERO);
            }
        }
        let weight = self.w.frozen::<W>();
        self.set(a, b, weight);
        self.frozen[a] = true;
        self.frozen[b] = true;
        self.pairs.push((a.min(b), a.max(b)));
    }

    /// Spec 02 §6.4 steps 2.2–2.3: the earliest valid set of MDPs (Art. 4.4,
    /// smallest differing BSN, one score level at a time) and their opponents
    /// (Art. 4.2, the highest-ranked resident possible, MDPs in order).
    fn pair_mdps(&mut self, mdps: &[usize], residents: &Range<usize>) -> Result<(), Failure> {
        let lock = self.n() as u64 + 1;
        let res_count = residents.len() as u64;
        let with_resident =
            |mate: &[Option<usize>], m: usize| mate[m].is_some_and(|x| residents.contains(&x));
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
                    self.bonus_to_residents(m, residents, |_| 1);
                    self.solve();
                    if !with_resident(&self.mate, m) {
                        continue;
                    }
                }
                self.bonus_to_residents(m, residents, |_| lock);
                locked.push(m);
                got += 1;
            }
        }
        for m in locked {
            // Fast path: the current optimum already gives m the
            // highest-ranked resident he has an edge to.
            let first = residents
                .clone()
                .find(|&r| !self.frozen[r] && self.g.weight(m, r) != W::ZERO);
            if first.is_none() || self.mate[m] != first {
                self.bonus_to_residents(m, residents, |idx| lock + res_count - idx as u64);
                self.solve();
            }
            match self.mate[m] {
                Some(r) if residents.contains(&r) => self.freeze(m, r),
                _ => return Err(Failure::Internal("a selected MDP lost its resident")),
            }
        }
        Ok(())
    }

    /// Spec 02 §6.4 steps 2.4–2.5: the remainder (or homogeneous bracket)
    /// as the earliest exchange (Art. 4.3) and then the earliest
    /// transposition (4.2) among the best candidates.
    fn pair_remainder(&mut self, rem: &[usize]) -> Result<(), Failure> {
        let n = self.n();
        let mut in_rem = vec![false; n];
        for &x in rem {
            in_rem[x] = true;
        }
        let is_top = |mate: &[Option<usize>], x: usize| mate[x].is_some_and(|y| in_rem[y] && y > x);
        let p = rem.iter().filter(|&&x| is_top(&self.mate, x)).count();
        if p == 0 {
            return Ok(());
        }
        // With no exchange needed (tops = S1R) the optimum is already the
        // first exchange; otherwise find it.
        if rem[p..].iter().any(|&x| is_top(&self.mate, x)) {
            // Cheap test first: is there an optimum without exchange?
            let crossing: Vec<(usize, usize)> = (0..rem.len())
                .flat_map(|a| ((a + 1)..rem.len()).map(move |b| (a, b)))
                .filter(|&(a, b)| !(a < p && b >= p))
                .map(|(a, b)| (rem[a], rem[b]))
                .filter(|&(h, l)| self.g.weight(h, l) != W::ZERO)
                .collect();
            let best = self.current_weight();
            if !self.try_forbid(&crossing, false, best) {
                self.choose_exchange(rem, p, &in_rem);
            }
        }
        self.transpose(rem, &in_rem)
    }

    /// Art. 4.3 order: fewest exchanges, smallest BSN-sum difference, then
    /// the S1R players moved out (largest BSN first) and the S2R players
    /// moved in (smallest BSN first). Leaves the optimum with those roles.
    fn choose_exchange(&mut self, rem: &[usize], p: usize, in_rem: &[bool]) {
        let n = self.n();
        let is_top = |mate: &[Option<usize>], x: usize| mate[x].is_some_and(|y| in_rem[y] && y > x);
        let size = rem.len() as u64;
        let count_shift = self.w.remainder_count_shift();
        // Exchange terms: fewest exchanges, then smallest BSN-sum difference.
        for a in 0..rem.len() {
            for b in (a + 1)..rem.len() {
                let (h, l) = (rem[a], rem[b]);
                if self.g.weight(h, l) != W::ZERO {
                    let terms = (u64::from(a < p) << count_shift) + (size - a as u64);
                    let weight = self.base(h, l) + self.w.bonus::<W>(terms);
                    self.set(h, l, weight);
                }
            }
        }
        self.solve();
        let best = self.g.matching_weight();
        let exchanges = rem[..p].iter().filter(|&&x| !is_top(&self.mate, x)).count();

        // Rule 3: the players moved S1R → S2R, largest BSN first.
        let mut placed = 0;
        for a in (0..p).rev() {
            if placed == exchanges {
                break;
            }
            let x = rem[a];
            let edges: Vec<(usize, usize)> = rem[a + 1..].iter().map(|&y| (x, y)).collect();
            if self.try_forbid(&edges, !is_top(&self.mate, x), best) {
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
            let edges: Vec<(usize, usize)> = (0..n)
                .filter(|&x| x != y && !(in_rem[x] && x > y))
                .map(|x| (y, x))
                .collect();
            if self.try_forbid(&edges, is_top(&self.mate, y), best) {
                placed += 1;
            }
        }
    }

    /// Fixes the roles (top members → later non-top members) of the current
    /// optimum, then gives each top member in order the highest-ranked
    /// opponent still possible (Art. 4.2) and freezes the pair.
    fn transpose(&mut self, rem: &[usize], in_rem: &[bool]) -> Result<(), Failure> {
        let n = self.n();
        let is_top = |mate: &[Option<usize>], x: usize| mate[x].is_some_and(|y| in_rem[y] && y > x);
        let size = rem.len() as u64;
        let tops: Vec<usize> = rem
            .iter()
            .copied()
            .filter(|&x| is_top(&self.mate, x))
            .collect();
        let top_flag: Vec<bool> = (0..n).map(|x| is_top(&self.mate, x)).collect();
        for a in 0..rem.len() {
            for b in (a + 1)..rem.len() {
                let (h, l) = (rem[a], rem[b]);
                if self.g.weight(h, l) != W::ZERO {
                    let weight = if top_flag[h] && !top_flag[l] {
                        self.base(h, l)
                    } else {
                        W::ZERO
                    };
                    self.set(h, l, weight);
                }
            }
        }
        // Final transposition: each top member, in order, gets the
        // highest-ranked opponent still possible.
        for t in tops {
            let first = rem
                .iter()
                .copied()
                .find(|&l| l > t && !self.frozen[l] && self.g.weight(t, l) != W::ZERO);
            if first.is_none() || self.mate[t] != first {
                for (b, &l) in rem.iter().enumerate() {
                    if l > t && !top_flag[l] && self.g.weight(t, l) != W::ZERO {
                        let weight = self.base(t, l) + self.w.bonus::<W>(size - b as u64);
                        self.set(t, l, weight);
                    }
                }
                self.solve();
            }
            match self.mate[t] {
                Some(l) if in_rem[l] => self.freeze(t, l),
                _ => {
                    return Err(Failure::Internal(
                        "a top member of the remainder lost his pair",
                    ));
                }
            }
        }
        Ok(())
    }

    /// Total weight of the current optimum under the current weights.
    fn current_weight(&self) -> W {
        let mut total = W::ZERO;
        for (u, m) in self.mate.iter().enumerate() {
            if let Some(v) = *m
                && u < v
            {
                total += self.g.weight(u, v);
            }
        }
        total
    }

    /// Removes `edges` if an optimum of weight `best` survives without them
    /// (`known` = the current optimum already avoids them); otherwise puts
    /// them back. Returns whether they stay removed.
    fn try_forbid(&mut self, edges: &[(usize, usize)], known: bool, best: W) -> bool {
        let saved: Vec<W> = edges.iter().map(|&(u, v)| self.g.weight(u, v)).collect();
        for &(u, v) in edges {
            self.set(u, v, W::ZERO);
        }
        if known {
            return true;
        }
        let previous = self.mate.clone();
        self.solve();
        if self.g.matching_weight() == best {
            return true;
        }
        for (&(u, v), &w) in edges.iter().zip(&saved) {
            self.set(u, v, w);
        }
        self.mate = previous;
        false
    }
}
