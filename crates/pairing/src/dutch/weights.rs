//! Edge weights: every criterion in its own bit field, more important
//! criteria in more significant bits, so a maximum-weight matching optimises
//! them lexicographically (spec 02 §6.2–6.3, fields F1–F19).
//!
//! Fields are wide enough that no sum over a matching carries into the next
//! field: the count width is sized from the number of players to pair (spec
//! 02 §6.2, §10 item 9), which reproduces the reference wherever it does not
//! overflow.

use arbiter_model::Points;

use super::colour::{ColourState, c10_violation, c11_violation, c13_violation, compatible};
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
    #[inline]
    fn shifted(v: u64, pos: u32) -> Self {
        if pos < 64 && L > 1 {
            let mut limbs = [0u64; L];
            limbs[0] = v << pos;
            if pos > 0 {
                limbs[1] = v >> (64 - pos);
            }
            Wide(limbs)
        } else {
            Wide::from_u64(v).shl(pos)
        }
    }
    const USABLE_BITS: u32 = Wide::<L>::EDGE_BITS;
}

/// The pre-pass weights are narrow ([`Layout::prepass_bits`]): in a machine
/// word its solve does the same integer steps as in the round's wide
/// weight, only cheaper.
impl FieldWeight for i64 {
    #[inline]
    fn shifted(v: u64, pos: u32) -> Self {
        (v << pos) as i64
    }
    /// Sign bit and two bits of solver headroom stay clear.
    const USABLE_BITS: u32 = 61;
}

/// How an edge is weighted when a bracket starts (spec 02 §6.3).
#[cfg(test)]
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

impl Layout {
    /// Bits the pre-pass weights use (spec 02 §6.4 step 1): F1 above the
    /// score positions and the top-group bit.
    pub fn prepass_bits(&self) -> u32 {
        self.pre_f1 + self.b + 2
    }
}

/// Bits reserved in a compact score-slot field for the levels of the MDPs.
const MDP_SLOT_ROOM: u32 = 32;

fn bits(v: u64) -> u32 {
    64 - v.leading_zeros()
}

/// Colour classes of the players and the colour bits of every pair of
/// classes (C10–C13 as bbpPairings counts them, spec 02 §2.4).
fn colour_classes(field: &Field) -> (Vec<u16>, usize, Vec<u8>) {
    let mut reps: Vec<&ColourState> = Vec::new();
    let mut class = Vec::with_capacity(field.len());
    for p in &field.players {
        let c = &p.colours;
        let same = |r: &&ColourState| {
            r.cd == c.cd
                && r.preference == c.preference
                && r.strength == c.strength
                && r.repeated == c.repeated
        };
        let id = match reps.iter().position(same) {
            Some(id) => id,
            None => {
                reps.push(c);
                reps.len() - 1
            }
        };
        class.push(id as u16);
    }
    let k = reps.len();
    let mut pair_bits = vec![0u8; k * k];
    for (a, ca) in reps.iter().enumerate() {
        for (b, cb) in reps.iter().enumerate() {
            pair_bits[a * k + b] = u8::from(!c10_violation(ca, cb))
                | u8::from(!c11_violation(ca, cb)) << 1
                | u8::from(compatible(ca, cb)) << 2
                | u8::from(!c13_violation(ca, cb)) << 3;
        }
    }
    (class, k, pair_bits)
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
    /// Colour class of each player: players of one class have the same
    /// colour difference, preference, strength and repeated colour, hence
    /// the same C10–C13 terms against anyone.
    class: Vec<u16>,
    classes: usize,
    /// `pair_bits[a · classes + b]`: bit 0 no C10 violation, 1 no C11
    /// violation, 2 compatible preferences (C12), 3 no C13 violation.
    pair_bits: Vec<u8>,
}

/// The per-player parts of a bracket's edge weights (spec 02 §6.3), built
/// by [`Weights::terms`]: a weight is the sum of its higher end's part, its
/// lower end's part and, in the bracket, a colour term of the pair.
pub(crate) struct Terms<W> {
    /// As the higher end of an in-bracket pair, by the lower end's
    /// [`up_mask`](Self::up_mask) (C15/C17 and C19/C21 depend on it).
    hi_in: Vec<[W; 4]>,
    lo_in: Vec<W>,
    hi_next: Vec<W>,
    lo_next: Vec<W>,
    hi_out: Vec<W>,
    lo_out: Vec<W>,
    /// Bit 0: upfloat in round r−1, bit 1: in round r−2.
    up_mask: Vec<u8>,
    exit: Vec<W>,
    /// C10–C13 terms by the pair's colour bits.
    colour: [W; 16],
    class: Vec<u16>,
    classes: usize,
    pair_bits: Vec<u8>,
}

impl<W: Weight> Terms<W> {
    /// Edge {h, l}, `h` ranked higher, `l` a resident of the bracket.
    #[inline(always)]
    pub fn in_bracket(&self, h: usize, l: usize) -> W {
        let bits = self.pair_bits[self.class[h] as usize * self.classes + self.class[l] as usize];
        self.hi_in[h][self.up_mask[l] as usize] + self.lo_in[l] + self.colour[bits as usize]
    }

    /// Edge {h, l}, `l` in the next scoregroup.
    #[inline(always)]
    pub fn next(&self, h: usize, l: usize) -> W {
        self.hi_next[h] + self.lo_next[l]
    }

    /// Edge {h, l}, `l` below the next scoregroup (completion only).
    #[inline(always)]
    pub fn outside(&self, h: usize, l: usize) -> W {
        self.hi_out[h] + self.lo_out[l]
    }

    /// `b`'s share of the completion field F1 of an edge to a player below
    /// the next scoregroup: half of the constant unit plus its own
    /// non-candidate unit (see `dutch::graph`).
    #[inline]
    pub fn exit(&self, b: usize) -> W {
        self.exit[b]
    }
}

/// The per-player parts of the pre-pass weights (spec 02 §6.4 step 1).
pub(crate) struct PrepassTerms<W> {
    hi: Vec<W>,
    lo: Vec<W>,
    /// In the top scoregroup, with an odd number of players.
    top: Vec<bool>,
}

impl<W: Weight> PrepassTerms<W> {
    /// Edge {h, l}, `h` ranked higher.
    #[inline]
    pub fn weight(&self, h: usize, l: usize) -> W {
        let w = self.hi[h] + self.lo[l];
        if self.top[h] && self.top[l] {
            w + W::ONE
        } else {
            w
        }
    }
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
        let (class, classes, pair_bits) = colour_classes(field);
        Weights {
            field,
            layout,
            level,
            levels,
            target: None,
            c9_rank: vec![0; n],
            class,
            classes,
            pair_bits,
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

    /// A PAB candidate (spec 02 §6.3 F1): C2-eligible and, once the
    /// pre-pass set the target, scoring at most the target PAB score.
    pub fn candidate(&self, i: usize) -> bool {
        let p = &self.field.players[i];
        p.pab_eligible && self.target.is_none_or(|t| p.pairing_score <= t)
    }

    /// F1 (spec 02 §6.3): 1 + one per endpoint that may not take the PAB.
    #[cfg(test)]
    fn completion(&self, h: usize, l: usize) -> u64 {
        1 + u64::from(!self.candidate(h)) + u64::from(!self.candidate(l))
    }

    /// Pre-pass weight (spec 02 §6.4 step 1): F1 without score cap, then the
    /// score positions (odd number of players), then the top-group bit (the
    /// reference formula of [`PrepassTerms`]).
    #[cfg(test)]
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

    /// The per-player parts of every edge weight of a bracket (spec 02
    /// §6.3), so that an edge weight is two or three additions: `roles`
    /// tells which players are MDPs of the bracket; `c9` whether C9 is active
    /// (§6.5); `c9_at_prepass` the switch the edges below the next
    /// scoregroup were weighted with.
    pub fn terms<W: FieldWeight>(&self, mdp: &[bool], c9: bool, c9_at_prepass: bool) -> Terms<W> {
        let lay = &self.layout;
        let players = &self.field.players;
        let n = players.len();
        let rank = |x: usize, on: bool| -> W {
            match self.target {
                Some(t) if on && players[x].pairing_score == t && self.c9_rank[x] > 0 => {
                    W::shifted(self.c9_rank[x], lay.f6)
                }
                _ => W::ZERO,
            }
        };
        let nc = |x: usize| u64::from(!self.candidate(x));
        let backs = [
            (0, lay.f11, lay.f12, lay.f15, lay.f16),
            (1, lay.f13, lay.f14, lay.f17, lay.f18),
        ];
        let mut t = Terms {
            hi_in: Vec::with_capacity(n),
            lo_in: Vec::with_capacity(n),
            hi_next: Vec::with_capacity(n),
            lo_next: Vec::with_capacity(n),
            hi_out: Vec::with_capacity(n),
            lo_out: Vec::with_capacity(n),
            exit: Vec::with_capacity(n),
            up_mask: Vec::with_capacity(n),
            colour: [W::ZERO; 16],
            class: self.class.clone(),
            classes: self.classes,
            pair_bits: self.pair_bits.clone(),
        };
        for x in 0..n {
            let p = &players[x];
            let f1_hi = W::shifted(nc(x), lay.f1);
            let f1_lo = W::shifted(1 + nc(x), lay.f1);
            // As the higher end of an in-bracket pair.
            let mut common = f1_hi + rank(x, c9) + self.slot(lay.f3, x);
            let mut no_up = [W::ZERO; 2];
            // As the lower end.
            let mut lo = f1_lo + rank(x, c9) + W::shifted(1, lay.f2);
            let mut up_mask = 0u8;
            for (back, resident_down, opp_up, mdp_sd, opp_sd) in backs {
                let (Some(resident_down), Some(opp_up), Some(mdp_sd), Some(opp_sd)) =
                    (resident_down, opp_up, mdp_sd, opp_sd)
                else {
                    continue;
                };
                let down = p.floats[back] == Float::Down;
                if p.floats[back] == Float::Up {
                    up_mask |= 1 << back;
                }
                // C14/C16 and C18/C20: downfloaters paired (an MDP's own
                // downfloat counts for C18/C20 only).
                if down {
                    lo += W::shifted(1, resident_down) + self.slot(mdp_sd, x);
                    common += self.slot(mdp_sd, x);
                    if !mdp[x] {
                        common += W::shifted(1, resident_down);
                    }
                }
                // C15/C17 and C19/C21: lost only by an MDP against an
                // opponent who upfloated.
                no_up[back] = W::shifted(1, opp_up) + self.slot(opp_sd, x);
            }
            let mut hi = [common; 4];
            for (mask, w) in hi.iter_mut().enumerate() {
                for (back, term) in no_up.iter().enumerate() {
                    if !(mdp[x] && mask >> back & 1 == 1) {
                        *w += *term;
                    }
                }
            }
            t.hi_in.push(hi);
            t.lo_in.push(lo);
            t.up_mask.push(up_mask);
            t.hi_next.push(f1_hi + rank(x, c9) + self.slot(lay.f5, x));
            t.lo_next.push(f1_lo + rank(x, c9) + W::shifted(1, lay.f4));
            t.hi_out.push(f1_hi + rank(x, c9_at_prepass));
            t.lo_out.push(f1_lo + rank(x, c9_at_prepass));
            // Half of F1's constant unit: bit f1 − 1 is the top bit of F2,
            // which no sum of F2 reaches (F2 ≤ n/2 < 2^(B−2)).
            t.exit.push(W::shifted(1, lay.f1 - 1) + f1_hi);
        }
        for (bits, w) in t.colour.iter_mut().enumerate() {
            let set = |b: usize| u64::from(bits >> b & 1 == 1);
            if let Some(f7) = lay.f7 {
                *w += W::shifted(set(0), f7);
            }
            if let Some(f8) = lay.f8 {
                *w += W::shifted(set(1), f8);
            }
            *w += W::shifted(set(2), lay.f9);
            *w += W::shifted(set(3), lay.f10);
        }
        t
    }

    /// Per-player parts of the pre-pass weights (spec 02 §6.4 step 1).
    pub fn prepass_terms<W: FieldWeight>(&self) -> PrepassTerms<W> {
        let lay = &self.layout;
        let odd = self.field.len() % 2 == 1;
        let top = self.levels - 1;
        let part = |x: usize, unit: u64| {
            let nc = u64::from(!self.candidate(x));
            let mut w = W::shifted(unit + nc, lay.pre_f1);
            if odd {
                w += W::shifted(self.level[x] as u64, lay.pre_positions);
            }
            w
        };
        PrepassTerms {
            hi: (0..self.field.len()).map(|x| part(x, 0)).collect(),
            lo: (0..self.field.len()).map(|x| part(x, 1)).collect(),
            top: (0..self.field.len())
                .map(|x| odd && self.level[x] == top)
                .collect(),
        }
    }

    /// The weight of edge {h, l}, `h` ranked higher, as set when a bracket
    /// starts (spec 02 §6.3); `c9` = whether C9 is active (§6.5). The
    /// reference formula, field by field, that [`Terms`] splits into
    /// per-player parts.
    #[cfg(test)]
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

    /// How many top members of a remainder of `size` players one solve of
    /// the final transposition decides, and the radix of their bonuses
    /// ([`State::set_transposing`](super::graph::State::set_transposing)):
    /// the bonuses of a matching lie strictly between `−radix^k` and
    /// `radix^k`, which must stay below the reserved low field (a bit is
    /// kept for the MDP trial bonuses) and within 62 bits.
    pub fn transposition_block(&self, size: usize) -> (usize, u64) {
        let radix = 2 * size as u64 + 1;
        let room = (4 * self.layout.b + 3).min(62);
        ((room / bits(radix)).max(1) as usize, radix)
    }

    /// Bit offset that splits the reserved field for the remainder terms:
    /// the "top member lies in S1R" count sits above the position sum.
    pub fn remainder_count_shift(&self) -> u32 {
        2 * self.layout.b + 2
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::matching::Wide;
    use crate::round_input::past_round;

    type W = Wide<4>;

    /// Every round of a few corpus events: the per-player split of
    /// [`Weights::terms`] and [`Weights::prepass_terms`] gives, pair by pair,
    /// the weight of the field-by-field formulas (spec 02 §6.3, §6.4 step 1).
    #[test]
    fn split_weights_equal_the_field_formulas() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/dutch");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("the corpus folder")
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "trf"))
            .collect();
        files.sort();
        let mut compared = 0u64;
        // The corpus files carry no tie-break record (spec 05 §9.1).
        let no_tiebreaks = |code: &str| Err::<(), _>(format!("unexpected tie-break '{code}'"));
        for path in files.iter().step_by(60) {
            let mut t = arbiter_trf::read_file(path, &no_tiebreaks)
                .expect("a corpus file")
                .tournament;
            let rounds = crate::round_input::rounds_in_file(&t);
            t.total_rounds = t.total_rounds.or(Some(rounds));
            for round in 2..=rounds {
                let problem = past_round(&t, round).expect("a corpus round");
                let field = Field::prepare(&problem.tournament, round).expect("a field");
                let mut w = Weights::new(&field, false);
                if w.layout.total > <W as FieldWeight>::USABLE_BITS {
                    continue;
                }
                let n = field.len();
                let pre = w.prepass_terms::<W>();
                for h in 0..n {
                    for l in h + 1..n {
                        assert_eq!(pre.weight(h, l), w.prepass::<W>(h, l), "pre-pass {h} {l}");
                    }
                }
                // A target score and C9 ranks, as the pre-pass sets them.
                w.target = Some(field.players[n / 2].pairing_score);
                w.c9_rank = (0..n as u64).map(|x| x % 5).collect();
                for c9 in [false, true] {
                    for s in 0..n {
                        let score = field.players[s].pairing_score;
                        let mdp: Vec<bool> = field
                            .players
                            .iter()
                            .map(|p| p.pairing_score > score)
                            .collect();
                        let terms = w.terms::<W>(&mdp, c9, c9);
                        for h in 0..s {
                            let (kind_in, kind_next, kind_out) =
                                (EdgeKind::InBracket, EdgeKind::Next, EdgeKind::Outside);
                            assert_eq!(terms.in_bracket(h, s), w.edge::<W>(h, s, kind_in, c9));
                            assert_eq!(terms.next(h, s), w.edge::<W>(h, s, kind_next, c9));
                            assert_eq!(terms.outside(h, s), w.edge::<W>(h, s, kind_out, c9));
                            compared += 3;
                        }
                    }
                }
            }
        }
        assert!(compared > 10_000, "only {compared} weights compared");
    }
}
