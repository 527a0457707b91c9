//! Edge weights: every criterion in its own bit field, more important
//! criteria in more significant bits, so a maximum-weight matching optimises
//! them lexicographically (spec 02 §6.2–6.3, fields F1–F19).
//!
//! Fields are wide enough that no sum over a matching carries into the next
//! field: the count width is sized from the number of players to pair (spec
//! 02 §6.2, §10 item 9), which reproduces the reference wherever it does not
//! overflow.

use arbiter_model::Points;

use super::colour::{c10_violation, c11_violation, c13_violation, compatible};
use super::competitor::{Field, Float};
use crate::matching::{Weight, Wide};

/// A matching weight that can be assembled from bit fields.
pub(crate) trait FieldWeight: Weight {
    /// `v · 2^pos`.
    fn shifted(v: u64, pos: u32) -> Self;
    /// Bits an edge weight may use.
    const USABLE_BITS: u32;
}

impl<const L: usize> FieldWeight for Wide<L> {
    fn shifted(v: u64, pos: u32) -> Self {
        Wide::from_u64(v).shl(pos)
    }
    const USABLE_BITS: u32 = Wide::<L>::EDGE_BITS;
}

/// How an edge is weighted when a bracket starts (spec 02 §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EdgeKind {
    /// Lower player below the next scoregroup: completion (F1) only.
    Outside,
    /// Lower player is a resident of the current bracket.
    InBracket,
    /// Lower player belongs to the next scoregroup.
    Next,
}

/// Bit positions of the fields for one round.
pub(crate) struct Layout {
    /// Count width B.
    b: u32,
    /// Offset of each score level's sub-field inside a score-slot field,
    /// indexed by level (0 = lowest pairing score).
    slot: Vec<u32>,
    /// With per-bracket slot maps: the width of a score-slot field.
    compact: Option<u32>,
    f18: Option<u32>,
    f17: Option<u32>,
    f16: Option<u32>,
    f15: Option<u32>,
    f14: Option<u32>,
    f13: Option<u32>,
    f12: Option<u32>,
    f11: Option<u32>,
    f10: u32,
    f9: u32,
    f8: Option<u32>,
    f7: Option<u32>,
    f6: u32,
    f5: u32,
    f4: u32,
    f3: u32,
    f2: u32,
    f1: u32,
    /// Total bits used.
    pub total: u32,
    /// Pre-pass layout: score-position sum and top-group bit below F1.
    pre_f1: u32,
    pre_positions: u32,
}

/// Bits reserved in a compact score-slot field for the levels of the MDPs.
const MDP_SLOT_ROOM: u32 = 32;

fn bits(v: u64) -> u32 {
    64 - v.leading_zeros()
}

/// Per-round data every weight needs.
pub(crate) struct Weights<'a> {
    pub field: &'a Field,
    pub layout: Layout,
    /// Score level of each player (0 = lowest pairing score).
    pub level: Vec<usize>,
    /// Number of score levels.
    pub levels: usize,
    /// Target PAB score (C5), set by the pre-pass.
    pub target: Option<Points>,
    /// C9 rank of each player (spec 02 §6.3 F6).
    pub c9_rank: Vec<u64>,
}

impl<'a> Weights<'a> {
    /// The layout of one round. With `compact`, the score-slot fields hold
    /// only the score levels of one bracket and its next scoregroup at a
    /// time (every live edge is re-weighted when a bracket starts, spec 02
    /// §6.3, so no other level is ever needed); see [`Self::enter_bracket`].
    pub fn new(field: &'a Field, compact: bool) -> Weights<'a> {
        let n = field.len();
        let mut level = vec![0usize; n];
        let mut counts: Vec<u64> = Vec::new();
        // Players are in ranking order: scores descending.
        let mut distinct: Vec<Points> = Vec::new();
        for p in &field.players {
            if distinct.last() != Some(&p.pairing_score) {
                distinct.push(p.pairing_score);
                counts.push(0);
            }
            *counts.last_mut().expect("pushed") += 1;
        }
        let levels = distinct.len();
        for (i, p) in field.players.iter().enumerate() {
            let idx = distinct
                .iter()
                .position(|&s| s == p.pairing_score)
                .expect("score listed");
            level[i] = levels - 1 - idx;
        }
        // Score-slot sub-fields, lowest score first; each can count twice
        // its players (F15 credits both ends of a pair).
        let mut slot = vec![0u32; levels];
        let mut t = 0;
        for lv in 0..levels {
            slot[lv] = t;
            t += bits(2 * counts[levels - 1 - lv] + 1);
        }
        // Compact: a bracket's residents and next group, plus room for the
        // levels of its MDPs.
        let pairs_of_groups = counts
            .windows(2)
            .map(|w| bits(2 * w[0] + 1) + bits(2 * w[1] + 1))
            .chain(counts.iter().map(|&c| bits(2 * c + 1)))
            .max()
            .unwrap_or(0);
        let compact_width = pairs_of_groups + MDP_SLOT_ROOM;
        let compact = (compact && compact_width < t).then_some(compact_width);
        if let Some(width) = compact {
            t = width;
        }
        let b = bits(n as u64) + 1;
        let reserved = 4 * b + 4;
        // Fields that are constant over every in-bracket pair this round are
        // left out (they would only repeat F2/F3): the float fields of rounds
        // that do not exist, and C10/C11 when nobody is a topscorer (C3 then
        // removes every pair they could count).
        let r1 = field.rounds_before >= 1;
        let r2 = field.rounds_before >= 2;
        let top = field.players.iter().any(|p| p.topscorer);
        let mut pos = 0;
        let mut next = |w: u32, present: bool| {
            present.then(|| {
                let p = pos + reserved;
                pos += w;
                p
            })
        };
        let f18 = next(t, r2);
        let f17 = next(t, r2);
        let f16 = next(t, r1);
        let f15 = next(t, r1);
        let f14 = next(b, r2);
        let f13 = next(b, r2);
        let f12 = next(b, r1);
        let f11 = next(b, r1);
        let f10 = next(b, true).expect("present");
        let f9 = next(b, true).expect("present");
        let f8 = next(b, top);
        let f7 = next(b, top);
        let f6 = next(2 * b, true).expect("present");
        let f5 = next(t, true).expect("present");
        let f4 = next(b, true).expect("present");
        let f3 = next(t, true).expect("present");
        let f2 = next(b, true).expect("present");
        // F1: up to 3 per edge, summed over at most n/2 edges.
        let f1 = next(b + 2, true).expect("present");
        let total = pos + reserved;
        let pre_positions = 1;
        let pre_f1 = pre_positions + bits((2 * n * levels) as u64) + 1;
        let layout = Layout {
            b,
            slot,
            compact,
            f18,
            f17,
            f16,
            f15,
            f14,
            f13,
            f12,
            f11,
            f10,
            f9,
            f8,
            f7,
            f6,
            f5,
            f4,
            f3,
            f2,
            f1,
            total: total.max(pre_f1 + b + 2),
            pre_f1,
            pre_positions,
        };
        Weights {
            field,
            layout,
            level,
            levels,
            target: None,
            c9_rank: vec![0; n],
        }
    }

    /// Maps the score-slot sub-fields to the levels of `members` (a
    /// bracket's MDPs and residents and the next scoregroup) when slots are
    /// compact. False when they do not fit: the round must then be paired
    /// with the global layout.
    pub fn enter_bracket(&mut self, members: impl Iterator<Item = usize>) -> bool {
        let Some(width) = self.layout.compact else {
            return true;
        };
        let mut counts = vec![0u64; self.levels];
        for m in members {
            counts[self.level[m]] += 1;
        }
        let mut t = 0;
        for (lv, &c) in counts.iter().enumerate() {
            if c > 0 {
                self.layout.slot[lv] = t;
                t += bits(2 * c + 1);
            }
        }
        t <= width
    }

    fn candidate(&self, i: usize) -> bool {
        let p = &self.field.players[i];
        p.pab_eligible && self.target.is_none_or(|t| p.pairing_score <= t)
    }

    /// F1 (spec 02 §6.3): 1 + one per endpoint that may not take the PAB.
    fn completion(&self, h: usize, l: usize) -> u64 {
        1 + u64::from(!self.candidate(h)) + u64::from(!self.candidate(l))
    }

    /// Pre-pass weight (spec 02 §6.4 step 1): F1 without score cap, then the
    /// score positions (odd number of players), then the top-group bit.
    pub fn prepass<W: FieldWeight>(&self, h: usize, l: usize) -> W {
        let lay = &self.layout;
        let mut w = W::shifted(self.completion(h, l), lay.pre_f1);
        if self.field.len() % 2 == 1 {
            let top = self.levels - 1;
            let pos = (self.level[h] + self.level[l]) as u64;
            w += W::shifted(pos, lay.pre_positions);
            if self.level[h] == top && self.level[l] == top {
                w += W::ONE;
            }
        }
        w
    }

    fn slot<W: FieldWeight>(&self, field: u32, player: usize) -> W {
        W::shifted(1, field + self.layout.slot[self.level[player]])
    }

    /// The weight of edge {h, l}, `h` ranked higher, as set when a bracket
    /// starts (spec 02 §6.3); `c9` = whether C9 is active (§6.5).
    pub fn edge<W: FieldWeight>(&self, h: usize, l: usize, kind: EdgeKind, c9: bool) -> W {
        let lay = &self.layout;
        let players = &self.field.players;
        let mut w = W::shifted(self.completion(h, l), lay.f1);
        if c9 && let Some(target) = self.target {
            let mut r = 0;
            for x in [h, l] {
                if players[x].pairing_score == target {
                    r += self.c9_rank[x];
                }
            }
            if r > 0 {
                w += W::shifted(r, lay.f6);
            }
        }
        match kind {
            EdgeKind::Outside => {}
            EdgeKind::Next => {
                w += W::shifted(1, lay.f4);
                w += self.slot(lay.f5, h);
            }
            EdgeKind::InBracket => {
                let (ph, pl) = (&players[h], &players[l]);
                let (ch, cl) = (&ph.colours, &pl.colours);
                let mdp = ph.pairing_score > pl.pairing_score;
                w += W::shifted(1, lay.f2);
                w += self.slot(lay.f3, h);
                if let Some(f7) = lay.f7 {
                    w += W::shifted(u64::from(!c10_violation(ch, cl)), f7);
                }
                if let Some(f8) = lay.f8 {
                    w += W::shifted(u64::from(!c11_violation(ch, cl)), f8);
                }
                w += W::shifted(u64::from(compatible(ch, cl)), lay.f9);
                w += W::shifted(u64::from(!c13_violation(ch, cl)), lay.f10);
                let fields = [
                    (0, lay.f11, lay.f12, lay.f15, lay.f16),
                    (1, lay.f13, lay.f14, lay.f17, lay.f18),
                ];
                for (back, resident_down, opp_up, mdp_sd, opp_sd) in fields {
                    let (Some(resident_down), Some(opp_up), Some(mdp_sd), Some(opp_sd)) =
                        (resident_down, opp_up, mdp_sd, opp_sd)
                    else {
                        continue;
                    };
                    let hd = ph.floats[back] == Float::Down;
                    let ld = pl.floats[back] == Float::Down;
                    let lu = pl.floats[back] == Float::Up;
                    // C14/C16: residents who downfloated are paired.
                    let c = u64::from(ld) + u64::from(hd && !mdp);
                    if c > 0 {
                        w += W::shifted(c, resident_down);
                    }
                    // C15/C17: MDP opponents who upfloated.
                    let no_up = !(mdp && lu);
                    w += W::shifted(u64::from(no_up), opp_up);
                    // C18/C20: score slots of floaters who are paired.
                    if ld {
                        w += self.slot(mdp_sd, l);
                    }
                    if hd {
                        w += self.slot(mdp_sd, h);
                    }
                    // C19/C21
                    if no_up {
                        w += self.slot(opp_sd, h);
                    }
                }
            }
        }
        w
    }

    /// A bonus in the reserved field (generation-order tie-breaks).
    pub fn bonus<W: FieldWeight>(&self, v: u64) -> W {
        W::shifted(v, 0)
    }

    /// Weight of a frozen pair: positive and isolated, hence always matched.
    pub fn frozen<W: FieldWeight>(&self) -> W {
        W::shifted(1, self.layout.f1)
    }

    /// Bit offset that splits the reserved field for the remainder terms:
    /// the "top member lies in S1R" count sits above the position sum.
    pub fn remainder_count_shift(&self) -> u32 {
        2 * self.layout.b + 2
    }
}
