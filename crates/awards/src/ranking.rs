//! The ranking awards are computed on: the standings' order with, for each
//! line, the player's attributes, his id and how many games he played.

use std::collections::BTreeSet;

use arbiter_model::{Player, Points, Tournament, Tpn};
use arbiter_standings::{Standings, Value};

use crate::error::AwardsError;

/// A player's event-wide id (the journal's `PlayerId`; the TPN for a TRF
/// file, which has no other id).
pub type PlayerId = arbiter_model::journal::PlayerId;

/// One line of a final (or current) ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked {
    pub id: PlayerId,
    /// First place of the position; `rank_to` the last when the position is
    /// shared after every tie-break.
    pub rank: u32,
    pub rank_to: u32,
    /// The score: players equal on it are "tied on score" for sharing
    /// (prizes.md §3.2, §3.3).
    pub points: Points,
    pub player: Player,
    /// Games played over the board (forfeits and byes are not games):
    /// `min_entrants` counts players with at least one.
    pub games_played: u32,
    /// False for players the regulations exclude from every prize (a
    /// series' `require_last_event`, `min_events`).
    pub may_win: bool,
}

/// Lines in ranking order (best first).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ranking {
    pub rows: Vec<Ranked>,
}

impl Ranking {
    /// The ranking of `standings` computed on `t`; `id_of` gives each TPN's
    /// player id (identity for a TRF file).
    pub fn from_standings(
        standings: &Standings,
        t: &Tournament,
        id_of: impl Fn(Tpn) -> PlayerId,
    ) -> Result<Ranking, AwardsError> {
        let mut rows = Vec::with_capacity(standings.rows.len());
        for row in &standings.rows {
            let id = id_of(row.tpn);
            let entrant = t.entrant(row.tpn).ok_or_else(|| {
                AwardsError::invalid("standings", format!("no player with TPN {}", row.tpn))
            })?;
            rows.push(Ranked {
                id,
                rank: row.rank,
                rank_to: row.rank_to,
                points: tenths(row.points).ok_or_else(|| AwardsError::Score {
                    id,
                    value: row.points.to_string(),
                })?,
                player: entrant.player.clone(),
                games_played: entrant.rounds.iter().filter(|r| r.is_played()).count() as u32,
                may_win: true,
            });
        }
        Ranking::new(rows)
    }

    /// Checks that ids are distinct and places run in order.
    pub fn new(rows: Vec<Ranked>) -> Result<Ranking, AwardsError> {
        let mut seen = BTreeSet::new();
        for (i, r) in rows.iter().enumerate() {
            if !seen.insert(r.id) {
                return Err(AwardsError::DuplicateId {
                    what: "ranking".into(),
                    id: r.id,
                });
            }
            if r.rank_to < r.rank || (i > 0 && r.rank < rows[i - 1].rank) {
                return Err(AwardsError::invalid(
                    "ranking",
                    format!(
                        "player {}: place {}-{} out of order",
                        r.id, r.rank, r.rank_to
                    ),
                ));
            }
        }
        Ok(Ranking { rows })
    }

    /// The line of player `id`.
    pub fn row(&self, id: PlayerId) -> Option<&Ranked> {
        self.rows.iter().find(|r| r.id == id)
    }
}

/// A standings score as tenths of a point.
fn tenths(v: Value) -> Option<Points> {
    match v {
        Value::Int(i) => i32::try_from(i.checked_mul(10)?).ok().map(Points),
        Value::Decimal { units, decimals } => {
            let units = match decimals {
                0 => units.checked_mul(10)?,
                1 => units,
                d => {
                    let p = 10i64.checked_pow(u32::from(d) - 1)?;
                    if units % p != 0 {
                        return None;
                    }
                    units / p
                }
            };
            i32::try_from(units).ok().map(Points)
        }
        Value::Missing => None,
    }
}
