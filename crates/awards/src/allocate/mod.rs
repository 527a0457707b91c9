//! Prize allocation (prizes.md §2–3).
//!
//! * `sharing = "none"` (module `greedy`): the prizes in order of value, then
//!   place prizes before category prizes of the same value (§7.2,
//!   USCF 32B4), cash before items of the same value, then the place within
//!   the category, then the plan's order; each goes to the best-ranked
//!   eligible player who has no prize yet (§2). A cumulative prize (and
//!   every prize when `one_prize_per_player = false`) goes to the player at
//!   its place among the category's eligible players, whatever he holds.
//! * `sharing = "hort" | "equal"` (module `tables`): the cash prizes of each
//!   category form a table by place; players tied on score share the prizes
//!   of the places they occupy ([`share`]). The overall table is computed
//!   first; then, table by table in order of their top prize, a tied or
//!   untied player whose share of a category table is worth more than what
//!   he holds leaves his table, which is recomputed without him (§3.3, last
//!   rule). Items are never shared: after the cash, they go as in the
//!   greedy rule to the players holding nothing.
//!
//! A category below `min_entrants` (players of it with at least one game) is
//! void. Every decision is recorded ([`Decision`]) for the text output.

mod contenders;
mod explain;
mod greedy;
pub mod share;
mod tables;

use arbiter_model::date::Date;
use serde::Serialize;

pub use contenders::{Contenders, Outlook, still_possible};
pub use explain::{Decision, Passed, ShareLine, VoidReason};

use crate::condition::{Subject, Truth, Who};
use crate::error::AwardsError;
use crate::money::Cents;
use crate::plan::{PrizePlan, Sharing};
use crate::ranking::{PlayerId, Ranking};

/// One prize (or share of pooled prizes) given to one player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Award {
    /// The prize's label; for a player of a tie group beyond the paid
    /// places, the labels of the pooled prizes joined by " / ".
    pub prize: String,
    /// Indices of the plan's prizes this award draws on.
    #[serde(skip)]
    pub prizes: Vec<usize>,
    pub id: PlayerId,
    pub name: String,
    pub rank: u32,
    /// `None` for an item.
    pub amount: Option<Cents>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub item: Option<String>,
    /// The other members of the tie group that pooled this prize.
    pub shared_with: Vec<PlayerId>,
}

/// A prize nobody receives, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Void {
    pub prize: String,
    /// Serialised as its English sentence.
    pub reason: VoidReason,
}

/// The allocation of a section's prize plan.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Allocation {
    pub section: Option<String>,
    pub currency: String,
    /// By rank, then by the plan's order.
    pub awards: Vec<Award>,
    pub void: Vec<Void>,
    /// How each prize was decided, in the order of the decisions.
    #[serde(skip)]
    pub decisions: Vec<Decision>,
}

impl Allocation {
    /// The total paid in cash.
    pub fn total_paid(&self) -> Cents {
        self.awards.iter().filter_map(|a| a.amount).sum()
    }

    /// The text form: one line per award, then the decisions.
    pub fn render_text(&self) -> String {
        let mut out = String::new();
        if let Some(s) = &self.section {
            out.push_str(&format!("Section {s}\n"));
        }
        for a in &self.awards {
            let what = match (&a.amount, &a.item) {
                (Some(c), _) => format!("{c} {}", self.currency),
                (None, Some(item)) => item.clone(),
                (None, None) => String::new(),
            };
            out.push_str(&format!(
                "{:>4}  {}  {}  {}\n",
                a.rank, a.prize, a.name, what
            ));
        }
        for v in &self.void {
            out.push_str(&format!("void  {}: {}\n", v.prize, v.reason));
        }
        if !self.decisions.is_empty() {
            out.push_str("\nDecisions:\n");
            for d in &self.decisions {
                out.push_str(&format!("- {d}\n"));
            }
        }
        out
    }
}

/// What the allocation is computed for.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    pub section: Option<&'a str>,
    /// Ages are computed on the plan's `reference_date`, else on this day.
    pub event_start: Option<Date>,
}

/// Allocates `plan` over `ranking` (prizes.md §2–3).
pub fn allocate(
    plan: &PrizePlan,
    ranking: &Ranking,
    opts: &Options,
) -> Result<Allocation, AwardsError> {
    let field = Field::new(plan, ranking, opts)?;
    let mut out = Outcome::default();
    match plan.sharing {
        Sharing::None => greedy::allocate(&field, &mut out)?,
        Sharing::Hort | Sharing::Equal => tables::allocate(&field, &mut out)?,
    }
    out.awards
        .sort_by_key(|a| (a.rank, a.prizes.first().copied(), a.id));
    Ok(Allocation {
        section: opts.section.map(str::to_string),
        currency: plan.currency.clone(),
        awards: out.awards,
        void: out.void,
        decisions: out.decisions,
    })
}

/// What the allocation builds up.
#[derive(Default)]
pub(crate) struct Outcome {
    pub awards: Vec<Award>,
    pub void: Vec<Void>,
    pub decisions: Vec<Decision>,
}

impl Outcome {
    pub fn void(&mut self, prize: &str, reason: VoidReason) {
        self.void.push(Void {
            prize: prize.to_string(),
            reason: reason.clone(),
        });
        self.decisions.push(Decision::Void {
            prize: prize.to_string(),
            reason,
        });
    }
}

/// The exclusive prize a player holds.
#[derive(Clone, Debug)]
pub(crate) struct Holding {
    pub label: String,
    pub category: Option<usize>,
    pub place: u32,
}

/// The plan's categories evaluated on every line of the ranking.
pub(crate) struct Field<'a> {
    pub plan: &'a PrizePlan,
    pub ranking: &'a Ranking,
    /// `truth[c][r]`: does line `r` belong to category `c`.
    truth: Vec<Vec<Truth>>,
}

impl<'a> Field<'a> {
    pub fn new(
        plan: &'a PrizePlan,
        ranking: &'a Ranking,
        opts: &Options,
    ) -> Result<Field<'a>, AwardsError> {
        let ctx = plan.context(opts.event_start);
        let mut truth = Vec::with_capacity(plan.categories.len());
        for c in &plan.categories {
            let column = ranking
                .rows
                .iter()
                .map(|r| {
                    let s = Subject {
                        who: Who::Player(&r.player),
                        section: opts.section,
                        registered_at: None,
                    };
                    c.condition.eval(&s, &ctx).map_err(|e| {
                        AwardsError::invalid(format!("categories.{}", c.name), e.to_string())
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            truth.push(column);
        }
        Ok(Field {
            plan,
            ranking,
            truth,
        })
    }

    /// Players of category `c` that `counts` accepts: how many surely are,
    /// and the first line whose membership is unknown with how many such.
    pub fn entrants(&self, c: usize, counts: impl Fn(usize) -> bool) -> (u32, Option<usize>, u32) {
        let mut sure = 0;
        let mut first_unknown = None;
        let mut maybe = 0;
        for (r, t) in self.truth[c].iter().enumerate() {
            if !counts(r) {
                continue;
            }
            match t {
                Truth::Yes => sure += 1,
                Truth::No => {}
                Truth::Unknown(_) => {
                    first_unknown.get_or_insert(r);
                    maybe += 1;
                }
            }
        }
        (sure, first_unknown, maybe)
    }

    /// Why category `cat` is void (`min_entrants` not reached by players
    /// with at least one game), if it is; an error when unknown memberships
    /// could decide it.
    pub fn void_reason(&self, cat: Option<usize>) -> Result<Option<VoidReason>, AwardsError> {
        let Some(c) = cat else { return Ok(None) };
        let category = &self.plan.categories[c];
        let Some(min) = category.min_entrants else {
            return Ok(None);
        };
        let (sure, unknown, maybe) = self.entrants(c, |r| self.ranking.rows[r].games_played > 0);
        if sure >= min {
            Ok(None)
        } else if sure + maybe < min {
            Ok(Some(VoidReason::TooFewEntrants {
                category: Some(category.name.clone()),
                played: sure,
                min,
            }))
        } else {
            let r = unknown.unwrap_or_default();
            Err(undecided(
                &format!("categories.{}", category.name),
                self.ranking.rows[r].id,
                &self.truth[c][r],
            ))
        }
    }

    /// May line `row` win a prize of category `cat` (`None` = overall)?
    pub fn eligible(&self, cat: Option<usize>, row: usize) -> Truth {
        if !self.ranking.rows[row].may_win {
            return Truth::No;
        }
        match cat {
            None => Truth::Yes,
            Some(c) => self.truth[c][row].clone(),
        }
    }

    /// The error for a line whose eligibility is unknown where it matters.
    pub fn undecided(&self, cat: Option<usize>, row: usize) -> AwardsError {
        let key = format!(
            "categories.{}",
            cat.map_or("overall", |c| &self.plan.categories[c].name)
        );
        undecided(&key, self.ranking.rows[row].id, &self.eligible(cat, row))
    }

    /// Why nobody could take a prize of `cat`: nobody eligible at all, or
    /// every eligible player already holds a prize.
    pub fn nobody(&self, cat: Option<usize>) -> VoidReason {
        let category = self.category_name(cat);
        let any = (0..self.ranking.rows.len()).any(|r| self.eligible(cat, r) == Truth::Yes);
        if any {
            VoidReason::AllEligibleHold { category }
        } else {
            VoidReason::NoEligible { category }
        }
    }

    /// The name of category `cat`; `None` for the overall ranking.
    pub fn category_name(&self, cat: Option<usize>) -> Option<String> {
        cat.map(|c| self.plan.categories[c].name.clone())
    }

    /// The name of category `cat`, `overall` for the overall ranking.
    pub fn plan_category_name(&self, cat: Option<usize>) -> String {
        self.category_name(cat)
            .unwrap_or_else(|| "overall".to_string())
    }
}

fn undecided(key: &str, id: PlayerId, t: &Truth) -> AwardsError {
    let reason = match t {
        Truth::Unknown(why) => why.clone(),
        _ => "eligibility unknown".to_string(),
    };
    AwardsError::Undecided {
        key: key.to_string(),
        id,
        reason,
    }
}
