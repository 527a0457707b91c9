//! The pairing pass of one round (spec 06 §3.4, §3.7, §3.8): the primo is
//! the first top scorer along the circle, his secondo the first usable
//! candidate in rotation order; the search backtracks ("undo the last pair
//! and try the next opponent") until every present player is paired.

use arbiter_model::{Colour, Points, Tpn};

use super::colours::{breaks_limits, primo_has_white};
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

/// The pass ran out of its node budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exhausted;

/// A completed pass: pairs in formation order (pairs with the phantom
/// included) and the player left over to rest, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub pairs: Vec<Formed>,
    pub leftover: Option<Tpn>,
}

/// The search over one round.
pub struct Search<'a> {
    field: &'a Field,
    config: &'a ItaloSwissConfig,
    /// Lots on the circle: N, or N + 1 with the phantom.
    circle: Tpn,
    /// The phantom's lot (N + 1) when `PhantomPlayer` is in force.
    phantom: Option<Tpn>,
    nodes: u64,
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
            nodes: 0,
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

    fn dfs(
        &mut self,
        unpaired: &mut [bool],
        left: usize,
        ptr: Tpn,
        pairs: &mut Vec<Formed>,
        rematches: u32,
    ) -> Result<Option<Option<Tpn>>, Exhausted> {
        self.nodes += 1;
        if self.nodes > self.config.node_budget {
            return Err(Exhausted);
        }
        if left == 0 {
            return Ok(Some(None));
        }
        if left == 1 {
            let b = (1..=self.circle)
                .find(|&l| unpaired[l as usize])
                .filter(|&l| self.may_rest(l));
            return Ok(b.map(Some));
        }
        let Some(primo) = self.primo(unpaired, ptr) else {
            return Ok(None);
        };
        for (secondo, rematch) in self.candidates(primo, unpaired, rematches) {
            unpaired[primo as usize] = false;
            unpaired[secondo as usize] = false;
            pairs.push(Formed {
                primo,
                secondo,
                rematch,
            });
            let budget = rematches - u32::from(rematch);
            if let Some(bye) = self.dfs(unpaired, left - 2, secondo, pairs, budget)? {
                return Ok(Some(bye));
            }
            pairs.pop();
            unpaired[primo as usize] = true;
            unpaired[secondo as usize] = true;
        }
        Ok(None)
    }

    /// One complete pass from `start` over the players `present` with at
    /// most `rematches` rematches, with `excluded` left out (pre-selected
    /// bye).
    fn pass(
        &mut self,
        present: &[Tpn],
        excluded: Option<Tpn>,
        start: Tpn,
        rematches: u32,
    ) -> Result<Option<Solution>, Exhausted> {
        let mut unpaired = vec![false; self.circle as usize + 1];
        let mut left = 0;
        for &lot in present.iter().filter(|&&l| Some(l) != excluded) {
            unpaired[lot as usize] = true;
            left += 1;
        }
        let mut pairs = Vec::new();
        Ok(self
            .dfs(&mut unpaired, left, start, &mut pairs, rematches)?
            .map(|leftover| Solution {
                pairs,
                leftover: leftover.or(excluded),
            }))
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
    pub fn solve(&mut self, present: &[Tpn], start: Tpn) -> Result<Option<Solution>, Exhausted> {
        let mut players = present.to_vec();
        if let Some(phantom) = self.phantom
            && players.len() % 2 == 1
        {
            players.push(phantom);
        }
        let max_rematches = match self.config.on_no_pairing {
            OnNoPairing::ReportToArbiter => 0,
            OnNoPairing::AllowFewestRematches => players.len() as u32 / 2,
        };
        for rematches in 0..=max_rematches {
            if let Some(solution) = self.pass(&players, None, start, rematches)? {
                return Ok(Some(solution));
            }
            if players.len() % 2 == 1 {
                for bye in self.preselected_byes(&players, start) {
                    if let Some(solution) = self.pass(&players, Some(bye), start, rematches)? {
                        return Ok(Some(solution));
                    }
                }
            }
        }
        Ok(None)
    }
}
