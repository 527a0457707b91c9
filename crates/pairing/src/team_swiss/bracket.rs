//! The pairing of a bracket (C.04.6 art. 3.6) with the criteria it is
//! judged by: \[C1\] (art. 2.1.1), \[C8\]–\[C10\] (art. 2.3.5–2.3.7).
//!
//! * 3.6.1: in each pair the team with the smaller TPN is the *top* member.
//! * 3.6.2: a pairing is identified by its top members' TPNs in ascending
//!   order followed by their bottom partners' TPNs in the same order.
//! * 3.6.3 / 3.6.4: in lexicographic order of identifiers, the first
//!   pairing that complies with \[C1\], \[C8\], \[C9\] and \[C10\]. \[C8\]–\[C10\] are
//!   minimisations, so "complies" is read as "reaches the least values
//!   possible, \[C8\] first" (art. 2.3: "as much as possible … in descending
//!   priority"): the pairing minimises (\[C8\], \[C9\], \[C10\], identifier)
//!   lexicographically. The reference reads it so.
//!
//! All of it is one maximum-weight perfect matching. Each legal pair gets a
//! *cost*, an integer made of bit fields, most significant first:
//!
//! | field | per pair | summed over a pairing |
//! |---|---|---|
//! | \[C8\] | 1 if both teams prefer the same colour (art. 4 then grants one of them, 4.3.2–4.3.3) | teams whose preference is not met |
//! | \[C9\] | 1 if both have a strong (type B) preference for the same colour (otherwise 4.3.4 grants the strong one) | strong preferences not met |
//! | \[C10\] | for each member that is an upfloater, 1 if its opponent floated in the previous round | upfloaters' opponents that floated |
//! | top members | bit `B − 1 − p` for the bottom member at bracket position `p` (TPN order) | the set of bottom members: fewer low-TPN bottoms first |
//! | bottom members | the bottom's position `p` in the slot of its top member, the slot of a smaller top more significant | bottoms in the order of their tops |
//!
//! Sums never carry out of a field: the counters are wide enough for the
//! bracket, each team is a bottom member at most once (one bit each) and a
//! top member at most once (one slot each). So comparing the summed costs
//! of two pairings compares their (\[C8\], \[C9\], \[C10\], identifier): whether
//! the top-member sets differ is decided by the lowest team in their
//! symmetric difference, which is a top member in the smaller identifier.
//! The matching maximises `2^T − cost` per pair, which prefers every
//! perfect matching to any smaller one (the total cost of a pairing is
//! below `2^T`).

use super::field::Field;
use super::preference::Strength;
use crate::PairingError;
use crate::matching::{MatchingGraph, Wide};

/// The pairs of the bracket `members` (sorted by index, i.e. TPN) of the
/// scoregroup `top`, each as (top member, bottom member); `Ok(None)` when it
/// has no legal pairing.
pub(crate) fn pair(
    field: &Field,
    members: &[usize],
    top: usize,
) -> Result<Option<Vec<(usize, usize)>>, PairingError> {
    // The first identifier of all is the first half against the second in
    // TPN order; legal and with [C8]-[C10] all zero, nothing comes before it
    // (round 1, and many an ordinary bracket).
    let half = members.len() / 2;
    let natural: Vec<(usize, usize)> = (0..half).map(|i| (members[i], members[i + half])).collect();
    if natural
        .iter()
        .all(|&(a, b)| field.legal(a, b) && criteria(field, a, b, top) == (0, 0, 0))
    {
        return Ok(Some(natural));
    }
    let layout = Layout::new(members.len());
    macro_rules! try_limbs {
        ($($l:literal),*) => {$(
            if layout.total < Wide::<$l>::EDGE_BITS {
                return Ok(solve::<$l>(field, members, top, &layout));
            }
        )*};
    }
    try_limbs!(1, 2, 4, 8, 16, 32, 64, 128, 256);
    Err(PairingError::InvalidInput(format!(
        "a bracket of {} teams is more than the team Swiss can weigh",
        members.len()
    )))
}

/// Bit positions of the cost fields for a bracket of `size` teams.
struct Layout {
    size: usize,
    /// Width of a bottom member's slot (holds a position `0..size`).
    slot: u32,
    bottoms: u32,
    tops: u32,
    c10: u32,
    c9: u32,
    c8: u32,
    /// Total width: every cost and every pairing's total cost is below 2^total.
    total: u32,
}

impl Layout {
    fn new(size: usize) -> Layout {
        let bits = |v: usize| usize::BITS - v.leading_zeros();
        let slot = bits(size.max(1));
        // The [C8]/[C9]/[C10] counters hold up to `size`.
        let counter = bits(size) + 1;
        let bottoms = 0;
        let tops = bottoms + slot * size as u32;
        let c10 = tops + size as u32;
        let c9 = c10 + counter;
        let c8 = c9 + counter;
        Layout {
            size,
            slot,
            bottoms,
            tops,
            c10,
            c9,
            c8,
            total: c8 + counter,
        }
    }
}

/// The criteria one pair carries: (\[C8\], \[C9\], \[C10\]).
fn criteria(field: &Field, a: usize, b: usize, top: usize) -> (u64, u64, u64) {
    let (ta, tb) = (&field.teams[a], &field.teams[b]);
    let (mut c8, mut c9) = (0, 0);
    if let (Some(pa), Some(pb)) = (ta.preference, tb.preference)
        && pa.colour == pb.colour
    {
        c8 = 1;
        if field.type_b() && pa.strength == Strength::Strong && pb.strength == Strength::Strong {
            c9 = 1;
        }
    }
    let mut c10 = 0;
    if !field.last_two_rounds {
        // An upfloater is a team below the top scoregroup (art. 1.3.2); in a
        // pair of two upfloaters each is the other's opponent.
        for (me, opponent) in [(ta, tb), (tb, ta)] {
            if me.group > top && opponent.floated {
                c10 += 1;
            }
        }
    }
    (c8, c9, c10)
}

fn solve<const L: usize>(
    field: &Field,
    members: &[usize],
    top: usize,
    layout: &Layout,
) -> Option<Vec<(usize, usize)>> {
    let b = layout.size;
    let shifted = |v: u64, pos: u32| Wide::<L>::from_u64(v).shl(pos);
    let full = Wide::<L>::from_bit(layout.total);
    let mut graph = MatchingGraph::<Wide<L>>::new(b);
    for i in 0..b {
        for j in i + 1..b {
            if !field.legal(members[i], members[j]) {
                continue;
            }
            let (c8, c9, c10) = criteria(field, members[i], members[j], top);
            let cost = shifted(c8, layout.c8)
                + shifted(c9, layout.c9)
                + shifted(c10, layout.c10)
                + shifted(1, layout.tops + (b - 1 - j) as u32)
                + shifted(j as u64, layout.bottoms + layout.slot * (b - 1 - i) as u32);
            graph.set_weight(i, j, full - cost);
        }
    }
    let mates = graph.solve();
    let mut pairs = Vec::with_capacity(b / 2);
    for (i, mate) in mates.iter().enumerate() {
        match *mate {
            Some(j) if i < j => pairs.push((members[i], members[j])),
            Some(_) => {}
            None => return None,
        }
    }
    Some(pairs)
}
