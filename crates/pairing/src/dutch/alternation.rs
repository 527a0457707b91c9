//! Deciding top members of the final transposition (spec 02 §6.4 step 2.5)
//! without a solve, from the duals of the last optimum.
//!
//! Once the roles of the remainder are fixed, every optimum pairs each top
//! member with a later non-top member, so its edges inside the remainder
//! form a bipartite graph; with an odd remainder exactly one non-top member
//! (the *leftover*) is paired outside it or gets the PAB. Fix optimal duals
//! of the round's matching (`Matching::dual`, vertex duals `u` and blossom
//! duals `z`): the optima are exactly the matchings satisfying
//! complementary slackness with them — every pair *tight* (slack `u(a) +
//! u(b) − 2·w(a, b) + 2·Σ z` over the blossoms of positive dual holding
//! both, zero), every such blossom full, every vertex of positive dual
//! paired. Members lying in the same blossoms of positive dual form a
//! *class*. Another optimum `M'` differs from the current one `M`, on the
//! remainder, by alternating cycles of tight edges; with an odd remainder
//! such a component may leave the remainder through the leftover's outside
//! edge. Switching `M` along a cycle inside one class keeps every
//! condition (each blossom keeps its pairs inside), so the result is an
//! optimum.
//!
//! So for the next top member `t` (current opponent `l₀`) and a later
//! non-top member `l` ranked above `l₀`:
//! * `{t, l}` not tight: no optimum pairs them;
//! * a cycle through `{t, l}` of tight edges inside `t`'s class, possibly
//!   swapping the leftover for a member of his class who can take his
//!   outside partner (tight edge) or his PAB (dual zero): an optimum pairs
//!   them;
//! * tight without such a cycle: when the remainder is even and every
//!   tight edge inside it joins members of one class, no optimum pairs
//!   them (every component of `M △ M'` is such a cycle); otherwise the
//!   answer is unknown and the caller solves.
//!
//! The first possible `l` in ranking order is then `t`'s opponent, exactly
//! as a solve with the transposition bonus would decide. Freezing a decided
//! pair keeps the duals optimal for the smaller graph when both ends are in
//! one class (each blossom loses two members and one pair, and stays full);
//! a pair across classes ends the use of these duals.

/// No partner (frozen, or the leftover).
pub(crate) const NONE: usize = usize::MAX;

/// An edge from a top member to a later non-top member under the duals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Edge {
    /// Positive slack (or no edge): in no optimum.
    Slack,
    /// Tight, both ends in one class.
    Tight,
    /// Tight across classes: its use is not decided here.
    Across,
}

/// The tight edges of a remainder and its current optimum, by remainder
/// position (ranking order).
pub(crate) struct Alternation {
    size: usize,
    live: Vec<bool>,
    /// Class of each live member (same blossoms of positive dual).
    class: Vec<usize>,
    /// Partner of each live member in the current optimum, [`NONE`] for the
    /// leftover.
    mate: Vec<usize>,
    /// `edge[a · size + b]`: the edge from top member `a` to non-top `b`.
    edge: Vec<Edge>,
    /// The top members joined to each non-top member by an [`Edge::Tight`]
    /// edge, in ranking order (the search reads these lists only).
    tight_tops: Vec<Vec<u32>>,
    /// Some tight edge joins two classes.
    across: bool,
    /// Odd remainder: the leftover's position, and which non-top members
    /// could take his place outside the remainder.
    leftover: Option<(usize, Vec<bool>)>,
    /// Reverse search from a top member: the next node towards him (the
    /// leftover's outside partner is node `size`).
    next: Vec<usize>,
}

impl Alternation {
    /// `top`, `live` (not yet frozen), `class` and `mate` by position
    /// (`mate` [`NONE`] for frozen members and the leftover of an odd
    /// remainder, given with who can replace him), `edge(a, b)` for live
    /// top `a` and later live non-top `b`.
    pub fn new(
        top: Vec<bool>,
        live: Vec<bool>,
        class: Vec<usize>,
        mate: Vec<usize>,
        edge: impl Fn(usize, usize) -> Edge,
        leftover: Option<(usize, Vec<bool>)>,
    ) -> Alternation {
        let size = top.len();
        let mut e = vec![Edge::Slack; size * size];
        let mut tight_tops = vec![Vec::new(); size];
        let mut across = false;
        for a in (0..size).filter(|&a| top[a] && live[a]) {
            for b in (a + 1..size).filter(|&b| !top[b] && live[b]) {
                let kind = edge(a, b);
                across |= kind == Edge::Across;
                if kind == Edge::Tight {
                    tight_tops[b].push(a as u32);
                }
                e[a * size + b] = kind;
            }
        }
        Alternation {
            size,
            live,
            class,
            mate,
            edge: e,
            tight_tops,
            across,
            leftover,
            next: vec![NONE; size + 1],
        }
    }

    fn edge(&self, a: usize, b: usize) -> Edge {
        self.edge[a * self.size + b]
    }

    /// Removes the pair of top `a` and his current partner; false when
    /// they lie in different classes (the duals are then of no more use).
    pub fn freeze(&mut self, a: usize) -> bool {
        let b = self.mate[a];
        self.live[a] = false;
        if b == NONE {
            return false;
        }
        self.live[b] = false;
        self.class[a] == self.class[b]
    }

    /// The current partner of member `a` ([`NONE`] for the leftover).
    pub fn mate(&self, a: usize) -> usize {
        self.mate[a]
    }

    /// The current leftover.
    pub fn leftover(&self) -> Option<usize> {
        self.leftover.as_ref().map(|(x, _)| *x)
    }

    /// The highest-ranked opponent of top member `t` among `candidates`
    /// (positions of the later non-top members he has an edge to, in
    /// ranking order, down to his current partner): `Some` when certain,
    /// after switching the current optimum to one that pairs them (read the
    /// pairs with [`Self::mate`]); `None` when a solve must decide.
    pub fn decide(&mut self, t: usize, candidates: &[usize]) -> Option<usize> {
        let current = self.mate[t];
        let mut searched = false;
        for &l in candidates {
            if l == current {
                return Some(l);
            }
            match self.edge(t, l) {
                Edge::Slack => continue,
                Edge::Across => return None,
                Edge::Tight => {}
            }
            if !searched {
                self.search(t, l);
                searched = true;
            }
            if self.next[l] == NONE {
                if self.leftover.is_some() || self.across {
                    return None;
                }
                continue;
            }
            self.switch(t, l);
            return Some(l);
        }
        None
    }

    /// Marks the live nodes of `t`'s class from which an alternating path of
    /// tight edges leads to top member `t` through his matched edge, until
    /// `target` is marked (all of them when he cannot be).
    fn search(&mut self, t: usize, target: usize) {
        let size = self.size;
        self.next.fill(NONE);
        let start = self.mate[t];
        if self.class[start] != self.class[t] {
            return;
        }
        self.next[start] = t;
        let mut queue = vec![start];
        while let Some(a) = queue.pop() {
            // Tops who could take non-top `a`, then give up their partner.
            for k in 0..self.tight_tops[a].len() {
                let b = self.tight_tops[a][k] as usize;
                if !self.live[b] || b == t || self.next[b] != NONE || self.mate[b] == a {
                    continue;
                }
                let m = self.mate[b];
                if self.class[m] != self.class[b] {
                    continue;
                }
                self.next[b] = a;
                if self.next[m] == NONE {
                    self.next[m] = b;
                    if m == target {
                        return;
                    }
                    queue.push(m);
                }
            }
            if let Some((x, replaceable)) = &self.leftover
                && replaceable[a]
                && *x != a
                && self.next[size] == NONE
                && self.next[*x] == NONE
            {
                self.next[size] = a;
                self.next[*x] = size;
                if *x == target {
                    return;
                }
                queue.push(*x);
            }
        }
    }

    /// Switches the optimum along the path found from `l` to `t`, then
    /// pairs `t` with `l`.
    fn switch(&mut self, t: usize, l: usize) {
        let size = self.size;
        let mut a = l;
        loop {
            let b = self.next[a];
            if b == t {
                break;
            }
            let c = self.next[b];
            if b == size {
                if let Some((x, _)) = self.leftover.as_mut() {
                    *x = c;
                }
                self.mate[c] = NONE;
            } else {
                self.mate[b] = c;
                self.mate[c] = b;
            }
            a = c;
        }
        self.mate[t] = l;
        self.mate[l] = t;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Tops 0 and 1, non-tops 2 and 3; the current optimum pairs 0–3 and
    /// 1–2.
    fn square(tight: &[(usize, usize)]) -> Alternation {
        let top = vec![true, true, false, false];
        let mate = vec![3, 2, 1, 0];
        let edge = |a, b| {
            if tight.contains(&(a, b)) {
                Edge::Tight
            } else {
                Edge::Slack
            }
        };
        Alternation::new(top, vec![true; 4], vec![0; 4], mate, edge, None)
    }

    /// All four edges tight: the cycle 0–2, 1–3 is another optimum, so top 0
    /// gets the higher-ranked 2, and top 1 is left with 3.
    #[test]
    fn a_tight_cycle_gives_the_higher_ranked_opponent() {
        let mut a = square(&[(0, 2), (0, 3), (1, 2), (1, 3)]);
        assert_eq!(a.decide(0, &[2, 3]), Some(2));
        assert_eq!((a.mate(0), a.mate(1), a.mate(2), a.mate(3)), (2, 3, 0, 1));
    }

    /// 0–2 tight but 1–3 not: no optimum pairs 0 with 2 in an even
    /// remainder, so 0 keeps 3.
    #[test]
    fn a_tight_edge_without_cycle_is_impossible_in_an_even_remainder() {
        let mut a = square(&[(0, 2), (0, 3), (1, 2)]);
        assert_eq!(a.decide(0, &[2, 3]), Some(3));
        assert_eq!(a.mate(0), 3);
    }

    /// 0–2 not tight: impossible whatever the cycles.
    #[test]
    fn a_slack_edge_is_never_used() {
        let mut a = square(&[(0, 3), (1, 2), (1, 3)]);
        assert_eq!(a.decide(0, &[2, 3]), Some(3));
    }

    /// Odd remainder: tops 0, 1; non-tops 2, 3, 4 with 4 the leftover
    /// (paired outside). Current 0–3, 1–2.
    fn odd(tight: &[(usize, usize)], replaceable: Vec<bool>) -> Alternation {
        let top = vec![true, true, false, false, false];
        let mate = vec![3, 2, 1, 0, NONE];
        let edge = |a, b| {
            if tight.contains(&(a, b)) {
                Edge::Tight
            } else {
                Edge::Slack
            }
        };
        Alternation::new(
            top,
            vec![true; 5],
            vec![0; 5],
            mate,
            edge,
            Some((4, replaceable)),
        )
    }

    /// 0–2 tight, 1–4 tight, and 3 can take the leftover's outside partner:
    /// 0–2, 1–4 with 3 outside is an optimum.
    #[test]
    fn the_leftover_can_be_swapped() {
        let mut a = odd(
            &[(0, 2), (0, 3), (1, 2), (1, 4)],
            vec![false, false, false, true, false],
        );
        assert_eq!(a.decide(0, &[2, 3]), Some(2));
        assert_eq!((a.mate(0), a.mate(1), a.leftover()), (2, 4, Some(3)));
        assert_eq!(a.mate(3), NONE);
    }

    /// A tight edge across classes is not decided here.
    #[test]
    fn a_tight_edge_across_classes_is_unknown() {
        let edge = |a, b| match (a, b) {
            (0, 2) => Edge::Across,
            _ => Edge::Tight,
        };
        let (top, mate) = (vec![true, true, false, false], vec![3, 2, 1, 0]);
        let mut a = Alternation::new(top, vec![true; 4], vec![0, 0, 1, 0], mate, edge, None);
        assert_eq!(a.decide(0, &[2, 3]), None);
    }

    /// Without a replacement for the leftover the cycle may still run
    /// through the players outside the remainder: a solve must decide.
    #[test]
    fn an_odd_remainder_without_cycle_is_unknown() {
        let mut a = odd(&[(0, 2), (0, 3), (1, 2), (1, 4)], vec![false; 5]);
        assert_eq!(a.decide(0, &[2, 3]), None);
    }
}
