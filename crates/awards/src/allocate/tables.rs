//! Shared cash prizes (prizes.md §3.2, §3.3) with categories.
//!
//! The cash prizes of one category (overall, or a category) form a *table*
//! by place. A table's members are its eligible players in ranking order;
//! players tied on score form a group, and a group whose first place is
//! paid shares the prizes of the places it occupies ([`share`]).
//!
//! Under `one_prize_per_player` a player is paid by one table only, his
//! *home*: the overall table at first. The category tables are taken in
//! order of their top prize (then the plan's order); each player with a
//! positive share in a table that is not his home compares it with what his
//! home pays him now: if it is worth strictly more he moves (his old home is
//! shared again without him), otherwise he declines it (the table is shared
//! again without him). Equal amounts keep the place prize (§7.2). Passes
//! over all tables repeat until nobody moves; every (player, table) pair is
//! decided at most once, which bounds the procedure. A removal never lowers
//! anyone else's share (it moves players up or shrinks a group towards its
//! better places), so every share only grows while the procedure runs.
//!
//! Cumulative cash prizes (and every prize with `one_prize_per_player =
//! false`) form independent tables shared among all eligible players.
//! Items are never shared: after the cash, exclusive items go as in the
//! greedy rule to the players holding nothing, cumulative ones by place.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use super::explain::{Decision, Passed, ShareLine};
use super::greedy::{hand_out, unseparated};
use super::share::share;
use super::{Award, Field, Holding, Outcome};
use crate::condition::Truth;
use crate::error::AwardsError;
use crate::money::Cents;
use crate::plan::Sharing;

/// The cash prizes of one category.
struct Table {
    category: Option<usize>,
    /// Place -> prize index.
    places: BTreeMap<u32, usize>,
}

impl Table {
    fn top(&self, field: &Field) -> Cents {
        self.places
            .values()
            .map(|&i| field.plan.prizes[i].value())
            .max()
            .unwrap_or_default()
    }
}

/// One tie group of a computed table.
struct Group {
    /// `(row, place, own prize, payout)` in tie-break order.
    members: Vec<(usize, u32, Cents, Cents)>,
}

/// A table shared among a list of members.
struct Computed {
    groups: Vec<Group>,
}

impl Computed {
    fn payout(&self, row: usize) -> Cents {
        self.groups
            .iter()
            .flat_map(|g| &g.members)
            .find(|m| m.0 == row)
            .map_or(Cents::ZERO, |m| m.3)
    }

    fn paid(&self) -> impl Iterator<Item = (usize, Cents)> + '_ {
        self.groups
            .iter()
            .flat_map(|g| &g.members)
            .filter(|m| m.3 > Cents::ZERO)
            .map(|m| (m.0, m.3))
    }
}

/// Shares `table` among `members` (rows in ranking order; rows whose
/// eligibility is unknown are refused when they stand in a paid group or
/// above one).
fn compute(field: &Field, table: &Table, members: &[usize]) -> Result<Computed, AwardsError> {
    let rows = &field.ranking.rows;
    let plan = field.plan;
    let paid_places = table.places.keys().next_back().copied().unwrap_or(0);
    let mut groups = Vec::new();
    let mut start = 0;
    while start < members.len() && start < paid_places as usize {
        let mut end = start + 1;
        while end < members.len() && rows[members[end]].points == rows[members[start]].points {
            end += 1;
        }
        let slice = &members[start..end];
        if let Some(&r) = slice
            .iter()
            .find(|&&r| matches!(field.eligible(table.category, r), Truth::Unknown(_)))
        {
            return Err(field.undecided(table.category, r));
        }
        let own: Vec<Cents> = (start..end)
            .map(|i| {
                table
                    .places
                    .get(&(i as u32 + 1))
                    .and_then(|&p| plan.prizes[p].cash())
                    .unwrap_or_default()
            })
            .collect();
        // Hort keeps half of each member's own place: players the
        // tie-breaks do not separate must not stand on places of different
        // value. Equal shares do not depend on the order.
        for (a, &ra) in slice.iter().enumerate() {
            for (b, &rb) in slice.iter().enumerate().skip(a + 1) {
                if plan.sharing == Sharing::Hort
                    && rows[ra].rank == rows[rb].rank
                    && own[a] != own[b]
                {
                    let p = table.places.values().next().copied().unwrap_or(0);
                    return Err(unseparated(field, &plan.prizes[p], ra));
                }
            }
        }
        let pay = share(plan.sharing, &own, plan.rounding);
        groups.push(Group {
            members: slice
                .iter()
                .enumerate()
                .map(|(i, &r)| (r, (start + i) as u32 + 1, own[i], pay[i]))
                .collect(),
        });
        start = end;
    }
    Ok(Computed { groups })
}

/// The whole allocation with sharing.
pub(super) fn allocate(field: &Field, out: &mut Outcome) -> Result<(), AwardsError> {
    let plan = field.plan;
    let rows = &field.ranking.rows;
    let n = rows.len();

    // Cash tables: (category, exclusive) -> places.
    let mut by_key: BTreeMap<(Option<usize>, bool), Table> = BTreeMap::new();
    for p in plan.prizes.iter().filter(|p| p.cash().is_some()) {
        if let Some(reason) = field.void_reason(p.category)? {
            out.void(&p.label, reason);
            continue;
        }
        by_key
            .entry((p.category, plan.is_exclusive(p)))
            .or_insert_with(|| Table {
                category: p.category,
                places: BTreeMap::new(),
            })
            .places
            .insert(p.place, p.index);
    }
    let overall = by_key.remove(&(None, true));
    let mut categories: Vec<Table> = Vec::new();
    let mut independent: Vec<Table> = Vec::new();
    for ((_, exclusive), t) in by_key {
        if exclusive {
            categories.push(t);
        } else {
            independent.push(t);
        }
    }
    categories.sort_by_key(|t| (Reverse(t.top(field)), t.places.values().min().copied()));

    let eligible_rows = |cat: Option<usize>| -> Vec<usize> {
        (0..n)
            .filter(|&r| field.eligible(cat, r) != Truth::No)
            .collect()
    };
    // Home table of each row: None = the overall table.
    let mut home: Vec<Option<usize>> = vec![None; n];
    let mut declined: BTreeSet<(usize, usize)> = BTreeSet::new();
    let members_of = |t: usize, declined: &BTreeSet<(usize, usize)>| -> Vec<usize> {
        eligible_rows(categories[t].category)
            .into_iter()
            .filter(|&r| !declined.contains(&(t, r)))
            .collect()
    };
    let overall_members = |home: &[Option<usize>]| -> Vec<usize> {
        (0..n)
            .filter(|&r| rows[r].may_win && home[r].is_none())
            .collect()
    };
    let table_name = |t: Option<usize>| -> String {
        match t {
            None => "overall prizes".to_string(),
            Some(t) => format!(
                "{} prizes",
                field.plan_category_name(categories[t].category)
            ),
        }
    };
    loop {
        let mut changed = false;
        for t in 0..categories.len() {
            loop {
                let here = compute(field, &categories[t], &members_of(t, &declined))?;
                let Some((r, offered)) = here.paid().find(|&(r, _)| home[r] != Some(t)) else {
                    break;
                };
                let held = match home[r] {
                    None => match &overall {
                        Some(o) => compute(field, o, &overall_members(&home))?.payout(r),
                        None => Cents::ZERO,
                    },
                    Some(u) => compute(field, &categories[u], &members_of(u, &declined))?.payout(r),
                };
                let moved = offered > held;
                if held > Cents::ZERO {
                    out.decisions.push(Decision::Compared {
                        id: rows[r].id,
                        name: rows[r].player.name.clone(),
                        offered: table_name(Some(t)),
                        offered_amount: offered,
                        from: table_name(home[r]),
                        held,
                        moved,
                    });
                }
                if moved {
                    if let Some(u) = home[r] {
                        declined.insert((u, r));
                    }
                    home[r] = Some(t);
                } else {
                    declined.insert((t, r));
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }

    // The final shares.
    let mut finals: Vec<(&Table, Computed, Option<usize>)> = Vec::new();
    if let Some(o) = &overall {
        finals.push((o, compute(field, o, &overall_members(&home))?, None));
    }
    for (t, table) in categories.iter().enumerate() {
        finals.push((
            table,
            compute(field, table, &members_of(t, &declined))?,
            Some(t),
        ));
    }
    let mut held: Vec<Option<Holding>> = vec![None; n];
    for (table, computed, t) in &finals {
        let keep = |r: usize| home[r] == *t;
        record(field, table, computed, keep, &home, &mut held, out);
    }
    for table in &independent {
        let computed = compute(field, table, &eligible_rows(table.category))?;
        let mut ignore = vec![None; n];
        record(field, table, &computed, |_| true, &home, &mut ignore, out);
    }

    // Items, never shared.
    let items = plan.prizes.iter().filter(|p| p.cash().is_none());
    hand_out(field, items, &mut held, out)
}

/// Turns a computed table into awards, decisions and voids. `keep` tells
/// which members the table pays (its home players); `held` receives the
/// label each paid player holds.
fn record(
    field: &Field,
    table: &Table,
    computed: &Computed,
    keep: impl Fn(usize) -> bool,
    home: &[Option<usize>],
    held: &mut [Option<Holding>],
    out: &mut Outcome,
) {
    let plan = field.plan;
    let rows = &field.ranking.rows;
    let label_at = |place: u32| table.places.get(&place).map(|&p| &plan.prizes[p]);
    let mut covered = BTreeSet::new();
    for g in &computed.groups {
        let paid: Vec<_> = g
            .members
            .iter()
            .filter(|m| m.3 > Cents::ZERO && keep(m.0))
            .collect();
        if paid.is_empty() {
            continue;
        }
        let pooled: Vec<usize> = g
            .members
            .iter()
            .filter_map(|m| label_at(m.1).map(|p| p.index))
            .collect();
        for m in &g.members {
            covered.insert(m.1);
        }
        let pooled_label = pooled
            .iter()
            .map(|&i| plan.prizes[i].label.as_str())
            .collect::<Vec<_>>()
            .join(" / ");
        for &&(r, place, _, payout) in &paid {
            let (label, prizes) = match label_at(place) {
                Some(p) => (p.label.clone(), vec![p.index]),
                None => (pooled_label.clone(), pooled.clone()),
            };
            held[r] = Some(Holding {
                label: label.clone(),
                category: table.category,
                place,
            });
            out.awards.push(Award {
                prize: label.clone(),
                prizes,
                id: rows[r].id,
                name: rows[r].player.name.clone(),
                rank: rows[r].rank,
                amount: Some(payout),
                item: None,
                shared_with: g
                    .members
                    .iter()
                    .filter(|m| m.0 != r)
                    .map(|m| rows[m.0].id)
                    .collect(),
            });
            if g.members.len() == 1 {
                let passed = (0..r)
                    .filter(|&o| field.eligible(table.category, o) == Truth::Yes)
                    .filter(|&o| !g.members.iter().any(|m| m.0 == o))
                    .filter(|&o| {
                        !computed
                            .groups
                            .iter()
                            .flat_map(|x| &x.members)
                            .any(|m| m.0 == o && keep(o))
                    })
                    .map(|o| Passed {
                        id: rows[o].id,
                        name: rows[o].player.name.clone(),
                        rank: rows[o].rank,
                        holds: match home[o] {
                            None => "an overall prize".to_string(),
                            Some(_) => "a category prize".to_string(),
                        },
                    })
                    .collect();
                out.decisions.push(Decision::Given {
                    prize: label,
                    id: rows[r].id,
                    name: rows[r].player.name.clone(),
                    rank: rows[r].rank,
                    passed,
                });
            }
        }
        if g.members.len() > 1 {
            out.decisions.push(Decision::Shared {
                table: field.plan_category_name(table.category),
                points: rows[g.members[0].0].points,
                method: plan.sharing,
                lines: g
                    .members
                    .iter()
                    .map(|&(r, place, own, payout)| ShareLine {
                        id: rows[r].id,
                        name: rows[r].player.name.clone(),
                        place,
                        own,
                        payout,
                    })
                    .collect(),
            });
        }
    }
    for (&place, &p) in &table.places {
        if !covered.contains(&place) {
            out.void(&plan.prizes[p].label, field.nobody(table.category));
        }
    }
}
