//! The pairing pass of one round (spec 06 §3.4, §3.7, §3.8): the primo is
//! the first top scorer along the circle, his secondo the first usable
//! candidate in rotation order; the search backtracks ("undo the last pair
//! and try the next opponent") until every present player is paired. A
//! candidate after whom the others cannot all be paired is passed over at
//! once ([`Completion`]), so the search backtracks only where that test is
//! a relaxation (an odd field's leftover, §3.8 rematches), and one matching
//! proves "no pairing" when the round has none. A node found dead is
//! remembered (`DeadEnd`) and not searched again when another order of
//! the same pairs leads back to it. Neither changes which pairing is found:
//! both only skip subtrees without a complete pairing. There is no node
//! budget (spec 06 §3.4 "Cost" suggested one): the pass always ends with
//! the pairing or the proof that none exists.

use std::collections::HashSet;

use arbiter_model::{Colour, Points, Tpn};

use super::colours::{breaks_limits, primo_has_white};
use super::completion::{Compatibility, Completion};
use super::config::{ByePolicy, ItaloSwissConfig, LowerScoreScan, OnNoPairing};
use super::state::Field;

/// A pair as formed by the pass: the primo, the secondo found for him, and
/// whether they had met before (only with `AllowFewestRematches`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formed {
    pub primo: Tpn,
    pub secondo: Tpn,
    pub rematch: bool,
}

/// A completed pass: pairs in formation order (pairs with the phantom
/// included) and the player left over to rest, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub pairs: Vec<Formed>,
    pub leftover: Option<Tpn>,
}

/// A node of the pass known to have no completion: the unpaired players
/// (by lot), the primo and the rematches still allowed. The pass from a
/// node depends on nothing else, so a node met again by another order of
/// the same pairs is passed over.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct DeadEnd {
    unpaired: Vec<u64>,
    primo: Tpn,
    rematches: u32,
}

impl DeadEnd {
    fn new(unpaired: &[bool], primo: Tpn, rematches: u32) -> DeadEnd {
        let mut words = vec![0u64; unpaired.len().div_ceil(64)];
        for (lot, _) in unpaired.iter().enumerate().filter(|(_, u)| **u) {
            words[lot / 64] |= 1 << (lot % 64);
        }
        DeadEnd {
            unpaired: words,
            primo,
            rematches,
        }
    }
}

/// The state of one pass: who is still unpaired (by lot), the pairs
/// formed so far, the completion test and the dead ends met.
struct Pass {
    completion: Completion,
    dead: HashSet<DeadEnd>,
    unpaired: Vec<bool>,
    pairs: Vec<Formed>,
}

/// The search over one round.
pub struct Search<'a> {
    field: &'a Field,
    config: &'a ItaloSwissConfig,
    /// Lots on the circle: N, or N + 1 with the phantom.
    circle: Tpn,
    /// The phantom's lot (N + 1) when `PhantomPlayer` is in force.
    phantom: Option<Tpn>,
}

impl<'a> Search<'a> {
    pub fn new(field: &'a Field, config: &'a ItaloSwissConfig) -> Search<'a> {
        let n = field.lots();
        let phantom = (config.bye_policy == ByePolicy::PhantomPlayer).then_some(n + 1);
        Search {
            field,
            config,
            circle: phantom.unwrap_or(n),
            phantom,
        }
    }

    /// The phantom's lot, when the bye policy uses one.
    pub fn phantom(&self) -> Option<Tpn> {
        self.phantom
    }

    /// Lots on the circle (the phantom included).
    pub fn circle(&self) -> Tpn {
        self.circle
    }

    /// `next(L) = L mod N + 1` (spec 06 §1).
    fn next(&self, lot: Tpn) -> Tpn {
        lot % self.circle + 1
    }

    fn score(&self, lot: Tpn) -> Points {
        if Some(lot) == self.phantom {
            Points::ZERO
        } else {
            self.field.get(lot).score
        }
    }

    fn colours(&self, lot: Tpn) -> &[Colour] {
        &self.field.get(lot).colours
    }

    fn may_rest(&self, lot: Tpn) -> bool {
        Some(lot) != self.phantom && self.field.get(lot).byes < self.config.max_byes_per_player
    }

    /// `Some(true)` if `a` and `b` may meet only as a rematch, `Some(false)`
    /// if they may meet, `None` if never: a forbidden pair, and the phantom
    /// with a player who may not rest again.
    ///
    /// A forbidden pair (C.04.1: absolute, like a repeat pairing) is passed
    /// over in the candidate scan exactly as an opponent already met: it
    /// still counts as *considered* for the drop-down cursor of Art. 5
    /// (spec 06 §3.4), and the search backtracks through it like through a
    /// rematch. Unlike a rematch it is never allowed, not even by the
    /// `AllowFewestRematches` fallback of §3.8 \[OURS\].
    fn meeting(&self, a: Tpn, b: Tpn) -> Option<bool> {
        if Some(a) == self.phantom {
            return self.may_rest(b).then_some(false);
        }
        if Some(b) == self.phantom {
            return self.may_rest(a).then_some(false);
        }
        let player = self.field.get(a);
        if player.forbidden.contains(&b) || self.field.get(b).forbidden.contains(&a) {
            return None;
        }
        Some(player.met.contains(&b))
    }

    /// True when the colours of the pair would break the optional limits.
    fn colours_forbidden(&self, primo: Tpn, secondo: Tpn) -> bool {
        if !self.config.colour_limits_in_pairing
            || Some(primo) == self.phantom
            || Some(secondo) == self.phantom
        {
            return false;
        }
        let (p, s) = (self.colours(primo), self.colours(secondo));
        let primo_white = primo_has_white(p, s, self.config.colour_policy);
        let (pc, sc) = if primo_white {
            (Colour::White, Colour::Black)
        } else {
            (Colour::Black, Colour::White)
        };
        breaks_limits(p, pc) || breaks_limits(s, sc)
    }

    /// The primo: the first unpaired top scorer scanning from `ptr`
    /// inclusive (`unpaired` is indexed by lot, `circle() + 1` long).
    pub fn primo(&self, unpaired: &[bool], ptr: Tpn) -> Option<Tpn> {
        let top = (1..=self.circle)
            .filter(|&l| unpaired[l as usize])
            .map(|l| self.score(l))
            .max()?;
        let mut lot = ptr;
        for _ in 0..self.circle {
            if unpaired[lot as usize] && self.score(lot) == top {
                return Some(lot);
            }
            lot = self.next(lot);
        }
        None
    }

    /// The primo's candidates in order (spec 06 §3.4 `candidates`), each
    /// with whether it is a rematch; rematches only when `rematches` allow.
    fn candidates(&self, primo: Tpn, unpaired: &[bool], rematches: u32) -> Vec<(Tpn, bool)> {
        let mut groups: Vec<Points> = (1..=self.circle)
            .filter(|&l| l != primo && unpaired[l as usize])
            .map(|l| self.score(l))
            .collect();
        groups.sort_unstable_by(|a, b| b.cmp(a));
        groups.dedup();
        let mut fresh = Vec::new();
        let mut again = Vec::new();
        let mut cursor = primo;
        for g in groups {
            let mut last_of_group = None;
            let mut q = match self.config.lower_score_scan {
                LowerScoreScan::AfterLastOfHigherScore => self.next(cursor),
                LowerScoreScan::FromPrimo => self.next(primo),
            };
            for _ in 0..self.circle {
                if q != primo && unpaired[q as usize] && self.score(q) == g {
                    last_of_group = Some(q);
                    if !self.colours_forbidden(primo, q) {
                        match self.meeting(primo, q) {
                            Some(false) => fresh.push((q, false)),
                            Some(true) if rematches > 0 => again.push((q, true)),
                            _ => {}
                        }
                    }
                }
                q = self.next(q);
            }
            if let Some(last) = last_of_group {
                cursor = last;
            }
        }
        fresh.extend(again);
        fresh
    }

    fn dfs(&self, pass: &mut Pass, left: usize, ptr: Tpn, rematches: u32) -> Option<Option<Tpn>> {
        if left == 0 {
            return Some(None);
        }
        if left == 1 {
            return (1..=self.circle)
                .find(|&l| pass.unpaired[l as usize])
                .filter(|&l| self.may_rest(l))
                .map(Some);
        }
        let primo = self.primo(&pass.unpaired, ptr)?;
        let here = DeadEnd::new(&pass.unpaired, primo, rematches);
        if pass.dead.contains(&here) {
            return None;
        }
        for (secondo, rematch) in self.candidates(primo, &pass.unpaired, rematches) {
            let budget = rematches - u32::from(rematch);
            if !pass
                .completion
                .pair(primo as usize, secondo as usize, budget > 0)
            {
                continue;
            }
            pass.unpaired[primo as usize] = false;
            pass.unpaired[secondo as usize] = false;
            pass.pairs.push(Formed {
                primo,
                secondo,
                rematch,
            });
            let rest = self.dfs(pass, left - 2, secondo, budget);
            if rest.is_some() {
                return rest;
            }
            pass.pairs.pop();
            pass.unpaired[primo as usize] = true;
            pass.unpaired[secondo as usize] = true;
            pass.completion.unpair();
        }
        pass.dead.insert(here);
        None
    }

    /// The compatibility graph of `players` for [`Completion`]: who may
    /// meet whom without and with a rematch, and who may rest (vertex 0
    /// is the rest vertex, every other vertex a lot).
    fn compatibility(&self, players: &[Tpn]) -> Compatibility {
        let vertices = self.circle as usize + 1;
        let mut graph = Compatibility {
            fresh: vec![Vec::new(); vertices],
            again: vec![Vec::new(); vertices],
            rest: vec![false; vertices],
            score: vec![Points::ZERO; vertices],
        };
        for (i, &a) in players.iter().enumerate() {
            graph.score[a as usize] = self.score(a);
            if self.may_rest(a) {
                graph.rest[a as usize] = true;
                graph.fresh[0].push(a as usize);
                graph.fresh[a as usize].push(0);
            }
            for &b in &players[i + 1..] {
                if self.colours_forbidden(a, b) && self.colours_forbidden(b, a) {
                    continue;
                }
                let lists = match self.meeting(a, b) {
                    Some(false) => &mut graph.fresh,
                    Some(true) => &mut graph.again,
                    None => continue,
                };
                lists[a as usize].push(b as usize);
                lists[b as usize].push(a as usize);
            }
        }
        graph
    }

    /// One complete pass from `start` over the players `present` with at
    /// most `rematches` rematches, with `excluded` left out (pre-selected
    /// bye).
    fn pass(
        &self,
        graph: &Compatibility,
        present: &[Tpn],
        excluded: Option<Tpn>,
        start: Tpn,
        rematches: u32,
    ) -> Option<Solution> {
        let mut unpaired = vec![false; self.circle as usize + 1];
        let mut players = Vec::with_capacity(present.len());
        for &lot in present.iter().filter(|&&l| Some(l) != excluded) {
            unpaired[lot as usize] = true;
            players.push(lot as usize);
        }
        let resting = players.len() % 2 == 1;
        let mut pass = Pass {
            completion: Completion::start(graph, &players, start as usize, resting, rematches > 0)?,
            dead: HashSet::new(),
            unpaired,
            pairs: Vec::new(),
        };
        self.dfs(&mut pass, players.len(), start, rematches)
            .map(|leftover| Solution {
                pairs: pass.pairs,
                leftover: leftover.or(excluded),
            })
    }

    /// §3.7 pre-selection: bye-eligible players by lowest score, and within
    /// a score the last reached scanning from `start` first.
    fn preselected_byes(&self, present: &[Tpn], start: Tpn) -> Vec<Tpn> {
        let mut eligible: Vec<Tpn> = present
            .iter()
            .copied()
            .filter(|&l| self.may_rest(l))
            .collect();
        let distance = |l: Tpn| (l + self.circle - start) % self.circle;
        eligible.sort_by_key(|&l| (self.score(l), std::cmp::Reverse(distance(l))));
        eligible
    }

    /// The pairing of the round (spec 06 §3.4, §3.7, §3.8): `None` when no
    /// pairing exists under the configured rules.
    pub fn solve(&self, present: &[Tpn], start: Tpn) -> Option<Solution> {
        let mut players = present.to_vec();
        if let Some(phantom) = self.phantom
            && players.len() % 2 == 1
        {
            players.push(phantom);
        }
        let graph = self.compatibility(&players);
        let max_rematches = match self.config.on_no_pairing {
            OnNoPairing::ReportToArbiter => 0,
            OnNoPairing::AllowFewestRematches => players.len() as u32 / 2,
        };
        for rematches in 0..=max_rematches {
            if let Some(solution) = self.pass(&graph, &players, None, start, rematches) {
                return Some(solution);
            }
            if players.len() % 2 == 1 {
                for bye in self.preselected_byes(&players, start) {
                    if let Some(solution) = self.pass(&graph, &players, Some(bye), start, rematches)
                    {
                        return Some(solution);
                    }
                }
            }
        }
        None
    }
}
