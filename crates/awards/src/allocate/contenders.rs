//! Who can still win each prize before the last round
//! (`arbiter prizes EV --still-possible`).
//!
//! # What is computed
//! A player is listed for a prize unless one of these *proves* that no
//! results of the remaining rounds can give it to him (any part of it,
//! when prizes are shared):
//!
//! 1. he is not eligible for the prize's category (or is excluded from
//!    prizes); eligibility that his data cannot decide keeps him listed;
//! 2. the category can no longer reach `min_entrants`: fewer of its
//!    players have played a game or can still play one;
//! 3. too many players eligible for the category finish surely above him:
//!    S = the number of them whose current score is above the most he can
//!    reach. He is excluded when S exceeds the number that the prize's rule
//!    allows above its winner:
//!    * a prize by place (cumulative, or `one_prize_per_player = false`):
//!      `place - 1`;
//!    * an indivisible exclusive prize (`sharing = "none"`): the number of
//!      exclusive prizes handed out before it (each player above the winner
//!      must hold one of them, prizes.md §2);
//!    * a shared exclusive cash prize: `place - 1` plus those of the S who
//!      are eligible for another exclusive table (only they can leave the
//!      prize's table); an exclusive item: those of the S eligible for any
//!      other exclusive prize.
//!
//! # Limits
//! The test is necessary, not sufficient: the list never omits a player who
//! can still win the prize, but it may name players who cannot, because it
//! ignores that results are linked (two leaders who still meet cannot both
//! win), the tie-breaks, and which other prizes the players above could
//! really take. Scores are compared as final scores; the application layer
//! gives the most each player can reach ([`Outlook`]).

use serde::Serialize;

use super::greedy::order;
use super::{Field, Options};
use crate::condition::Truth;
use crate::error::AwardsError;
use crate::plan::{PrizePlan, Sharing};
use crate::ranking::{PlayerId, Ranking};
use arbiter_model::Points;

/// What a player can still reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outlook {
    pub id: PlayerId,
    /// The most points he can finish with (his score now plus every game
    /// he can still play won, plus byes already granted).
    pub max_points: Points,
    /// He can still play at least one game (not withdrawn, rounds left).
    pub may_play: bool,
}

impl Outlook {
    /// Everyone may win each of `rounds_left` rounds for `win` points.
    pub fn uniform(ranking: &Ranking, rounds_left: u32, win: Points) -> Vec<Outlook> {
        ranking
            .rows
            .iter()
            .map(|r| Outlook {
                id: r.id,
                max_points: r.points + Points(win.0 * rounds_left as i32),
                may_play: rounds_left > 0,
            })
            .collect()
    }
}

/// The players who can still win one prize.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Contenders {
    pub prize: String,
    /// In ranking order.
    pub ids: Vec<PlayerId>,
    /// Why nobody can win it any more, when the category cannot reach its
    /// `min_entrants`.
    pub void: Option<String>,
}

/// For every prize of `plan` (in plan order), who can still win it on the
/// current `ranking` (module documentation). `outlook` gives each player's
/// best final score; a player missing from it is taken as unable to score
/// more or to play again.
pub fn still_possible(
    plan: &PrizePlan,
    ranking: &Ranking,
    outlook: &[Outlook],
    opts: &Options,
) -> Result<Vec<Contenders>, AwardsError> {
    let field = Field::new(plan, ranking, opts)?;
    let rows = &ranking.rows;
    let n = rows.len();
    let best = |r: usize| {
        outlook
            .iter()
            .find(|o| o.id == rows[r].id)
            .copied()
            .unwrap_or(Outlook {
                id: rows[r].id,
                max_points: rows[r].points,
                may_play: false,
            })
    };
    let greedy_order = order(plan.prizes.iter().filter(|p| plan.is_exclusive(p)));
    let mut out = Vec::with_capacity(plan.prizes.len());
    for prize in &plan.prizes {
        let cat = prize.category;
        if let Some(c) = cat
            && let Some(min) = plan.categories[c].min_entrants
        {
            let (sure, _, maybe) =
                field.entrants(c, |r| rows[r].games_played > 0 || best(r).may_play);
            if sure + maybe < min {
                out.push(Contenders {
                    prize: prize.label.clone(),
                    ids: Vec::new(),
                    void: Some(format!(
                        "{}: at most {} player(s) of the category can have played, at least {min} required",
                        plan.categories[c].name,
                        sure + maybe
                    )),
                });
                continue;
            }
        }
        // Could line `q` hold an exclusive prize other than this one (of
        // another table, when `other_table`)?
        let elsewhere = |q: usize, other_table: bool| {
            plan.prizes.iter().any(|o| {
                o.index != prize.index
                    && plan.is_exclusive(o)
                    && (!other_table || (o.category != cat && o.cash().is_some()))
                    && field.eligible(o.category, q) != Truth::No
            })
        };
        let mut ids = Vec::new();
        for p in 0..n {
            if field.eligible(cat, p) == Truth::No {
                continue;
            }
            let reach = best(p).max_points;
            let above: Vec<usize> = (0..n)
                .filter(|&q| {
                    q != p && field.eligible(cat, q) == Truth::Yes && rows[q].points > reach
                })
                .collect();
            let allowed = if !plan.is_exclusive(prize) {
                prize.place as usize - 1
            } else if plan.sharing == Sharing::None {
                greedy_order
                    .iter()
                    .position(|&i| i == prize.index)
                    .unwrap_or(greedy_order.len())
            } else if prize.cash().is_some() {
                prize.place as usize - 1 + above.iter().filter(|&&q| elsewhere(q, true)).count()
            } else {
                above.iter().filter(|&&q| elsewhere(q, false)).count()
            };
            if above.len() <= allowed {
                ids.push(rows[p].id);
            }
        }
        out.push(Contenders {
            prize: prize.label.clone(),
            ids,
            void: None,
        });
    }
    Ok(out)
}
