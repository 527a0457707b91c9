//! Indivisible prizes (prizes.md §2, §3.1): the tie-breaks decide, each
//! prize in turn to the best-ranked eligible player without a prize.

use std::cmp::Reverse;

use super::explain::{Decision, Passed, VoidReason};
use super::{Award, Field, Holding, Outcome};
use crate::condition::Truth;
use crate::error::AwardsError;
use crate::plan::{Prize, PrizeKind};

/// Indices of `prizes` in the order they are handed out: value descending,
/// cash before items, place prizes before category prizes (§2.1, §7.2), the
/// place within the category, then the plan's order.
pub(super) fn order<'p>(prizes: impl Iterator<Item = &'p Prize>) -> Vec<usize> {
    let mut list: Vec<&Prize> = prizes.collect();
    list.sort_by_key(|p| {
        (
            Reverse(p.value()),
            p.cash().is_none(),
            p.category.is_some(),
            p.place,
            p.index,
        )
    });
    list.into_iter().map(|p| p.index).collect()
}

/// The whole allocation without sharing.
pub(super) fn allocate(field: &Field, out: &mut Outcome) -> Result<(), AwardsError> {
    let mut held: Vec<Option<Holding>> = vec![None; field.ranking.rows.len()];
    hand_out(field, field.plan.prizes.iter(), &mut held, out)
}

/// Hands out `prizes` whole, in [`order`]: void when the category is,
/// else to the best-ranked eligible line without a prize (exclusive) or by
/// place. `held` is what each line already holds.
pub(super) fn hand_out<'p>(
    field: &Field,
    prizes: impl Iterator<Item = &'p Prize>,
    held: &mut [Option<Holding>],
    out: &mut Outcome,
) -> Result<(), AwardsError> {
    let plan = field.plan;
    for idx in order(prizes) {
        let prize = &plan.prizes[idx];
        if let Some(reason) = field.void_reason(prize.category)? {
            out.void(&prize.label, reason);
        } else if plan.is_exclusive(prize) {
            give_exclusive(field, prize, held, out)?;
        } else {
            give_positional(field, prize, out)?;
        }
    }
    Ok(())
}

/// Gives `prize` to the best-ranked eligible line whose `held` is empty.
/// The explanation lists the better-ranked eligible players passed over,
/// except those holding a better place of the same category (the prize did
/// not slide past them).
fn give_exclusive(
    field: &Field,
    prize: &Prize,
    held: &mut [Option<Holding>],
    out: &mut Outcome,
) -> Result<(), AwardsError> {
    let rows = &field.ranking.rows;
    let cat = prize.category;
    let mut passed = Vec::new();
    let mut chosen: Option<usize> = None;
    for r in 0..rows.len() {
        if let Some(c) = chosen {
            if rows[r].rank != rows[c].rank {
                break;
            }
            match field.eligible(cat, r) {
                Truth::No => {}
                Truth::Unknown(_) => return Err(field.undecided(cat, r)),
                Truth::Yes if held[r].is_some() => {}
                Truth::Yes => return Err(unseparated(field, prize, c)),
            }
            continue;
        }
        match field.eligible(cat, r) {
            Truth::No => continue,
            Truth::Unknown(_) => return Err(field.undecided(cat, r)),
            Truth::Yes => {}
        }
        if let Some(h) = &held[r] {
            if h.category != cat || h.place >= prize.place {
                passed.push(Passed {
                    id: rows[r].id,
                    name: rows[r].player.name.clone(),
                    rank: rows[r].rank,
                    holds: h.label.clone(),
                });
            }
        } else {
            chosen = Some(r);
        }
    }
    match chosen {
        Some(c) => {
            held[c] = Some(Holding {
                label: prize.label.clone(),
                category: cat,
                place: prize.place,
            });
            give(field, prize, c, passed, out);
        }
        None => out.void(&prize.label, field.nobody(cat)),
    }
    Ok(())
}

/// Gives `prize` to the line at its place among the category's eligible
/// lines, whatever they hold.
fn give_positional(field: &Field, prize: &Prize, out: &mut Outcome) -> Result<(), AwardsError> {
    let rows = &field.ranking.rows;
    let cat = prize.category;
    let mut eligible: Vec<usize> = Vec::new();
    for r in 0..rows.len() {
        let past = eligible.len() >= prize.place as usize;
        if past && rows[r].rank != rows[eligible[prize.place as usize - 1]].rank {
            break;
        }
        match field.eligible(cat, r) {
            Truth::No => {}
            Truth::Unknown(_) => return Err(field.undecided(cat, r)),
            Truth::Yes => eligible.push(r),
        }
    }
    let k = prize.place as usize;
    let Some(&c) = eligible.get(k - 1) else {
        let reason = if eligible.is_empty() {
            VoidReason::NoEligible {
                category: field.category_name(cat),
            }
        } else {
            VoidReason::FewerThanPlace {
                category: field.category_name(cat),
                eligible: eligible.len() as u32,
            }
        };
        out.void(&prize.label, reason);
        return Ok(());
    };
    let same = |i: usize| {
        eligible
            .get(i)
            .is_some_and(|&o| rows[o].rank == rows[c].rank)
    };
    if same(k) || (k >= 2 && same(k - 2)) {
        return Err(unseparated(field, prize, c));
    }
    give(field, prize, c, Vec::new(), out);
    Ok(())
}

/// Records a whole prize given to line `row`.
fn give(field: &Field, prize: &Prize, row: usize, passed: Vec<Passed>, out: &mut Outcome) {
    let r = &field.ranking.rows[row];
    let (amount, item) = match &prize.kind {
        PrizeKind::Cash(a) => (Some(*a), None),
        PrizeKind::Item { name, .. } => (None, Some(name.clone())),
    };
    out.awards.push(Award {
        prize: prize.label.clone(),
        prizes: vec![prize.index],
        id: r.id,
        name: r.player.name.clone(),
        rank: r.rank,
        amount,
        item,
        shared_with: Vec::new(),
    });
    out.decisions.push(Decision::Given {
        prize: prize.label.clone(),
        id: r.id,
        name: r.player.name.clone(),
        rank: r.rank,
        passed,
    });
}

/// The players sharing line `row`'s place.
pub(super) fn unseparated(field: &Field, prize: &Prize, row: usize) -> AwardsError {
    let rows = &field.ranking.rows;
    let r = &rows[row];
    AwardsError::Unseparated {
        prize: prize.label.clone(),
        place: if r.rank_to > r.rank {
            format!("{}-{}", r.rank, r.rank_to)
        } else {
            r.rank.to_string()
        },
        ids: rows
            .iter()
            .filter(|o| o.rank == r.rank)
            .map(|o| o.id)
            .collect(),
    }
}
