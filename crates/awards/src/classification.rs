//! Extra classifications (`arbiter standings EV --category NAME`): the
//! standings of the players of one category of the prize plan, ranked among
//! themselves (seed 002: women in every group, U18 in A-C, U14 in D, U8 and
//! U10 in E).

use std::collections::BTreeSet;

use arbiter_model::{Tournament, Tpn};
use arbiter_standings::Standings;

use crate::allocate::Options;
use crate::condition::{Subject, Truth, Who};
use crate::error::AwardsError;
use crate::plan::PrizePlan;
use crate::ranking::PlayerId;

/// The standings of `t` restricted to category `name` of `plan`. A player
/// whose data cannot decide the category (a birth year on an age limit) is
/// an error naming him (by `id_of` his TPN): a classification is
/// published, not guessed.
pub fn classification(
    standings: &Standings,
    t: &Tournament,
    plan: &PrizePlan,
    name: &str,
    opts: &Options,
    id_of: impl Fn(Tpn) -> PlayerId,
) -> Result<Standings, AwardsError> {
    let category = &plan.categories[plan.category(name)?];
    let ctx = plan.context(opts.event_start);
    let key = format!("categories.{name}");
    let mut members = BTreeSet::new();
    for e in &t.entrants {
        let s = Subject {
            who: Who::Player(&e.player),
            section: opts.section,
            registered_at: None,
        };
        match category
            .condition
            .eval(&s, &ctx)
            .map_err(|err| AwardsError::invalid(&key, err.to_string()))?
        {
            Truth::Yes => {
                members.insert(e.player.tpn);
            }
            Truth::No => {}
            Truth::Unknown(reason) => {
                return Err(AwardsError::Undecided {
                    key,
                    id: id_of(e.player.tpn),
                    reason,
                });
            }
        }
    }
    Ok(restrict(standings, |tpn| members.contains(&tpn)))
}

/// The standings restricted to the players `keep` accepts, ranked among
/// themselves (`arbiter standings --category NAME`): places are renumbered
/// 1, 2, … in the same order, and players who shared a place still share it.
pub fn restrict(standings: &Standings, keep: impl Fn(Tpn) -> bool) -> Standings {
    let kept: Vec<_> = standings.rows.iter().filter(|r| keep(r.tpn)).collect();
    let mut rows = Vec::with_capacity(kept.len());
    let mut i = 0;
    while i < kept.len() {
        let mut j = i + 1;
        while j < kept.len() && kept[j].rank == kept[i].rank {
            j += 1;
        }
        for r in &kept[i..j] {
            let mut row = (*r).clone();
            row.rank = i as u32 + 1;
            row.rank_to = j as u32;
            rows.push(row);
        }
        i = j;
    }
    Standings {
        rows,
        ..standings.clone()
    }
}
