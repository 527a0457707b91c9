//! The state of one tournament section: who plays, what happened each round,
//! and the configuration pairing and standings need.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::date::{self, Date};
use crate::player::{Colour, Player, Tpn};
use crate::points::Points;
use crate::round_entry::RoundEntry;
use crate::scoring::Scoring;
use crate::team::{Team, TeamSection};

/// A player and his round-by-round record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub player: Player,
    /// `rounds[r - 1]` is round `r`. Shorter than the rounds played when
    /// nothing was recorded for the last rounds.
    pub rounds: Vec<RoundEntry>,
    /// The score written in the file (TRF 001 columns 81-84), if any.
    pub reported_points: Option<Points>,
    /// The rank written in the file (TRF 001 columns 86-89), if any.
    pub reported_rank: Option<u32>,
}

impl Entrant {
    /// The entry for round `round` (1-based), if one is recorded.
    pub fn round(&self, round: u32) -> Option<&RoundEntry> {
        self.rounds.get(round.checked_sub(1)? as usize)
    }
}

/// Players who may not be paired with each other (TRF 260 / XXP; teams of one
/// family; team-mates).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenGroup {
    pub players: Vec<Tpn>,
    /// Inclusive round range; `None` = every round.
    pub rounds: Option<(u32, u32)>,
}

impl ForbiddenGroup {
    /// True when the group forbids `a` against `b` in `round`.
    pub fn forbids(&self, a: Tpn, b: Tpn, round: u32) -> bool {
        let in_range = self
            .rounds
            .is_none_or(|(first, last)| first <= round && round <= last);
        in_range && a != b && self.players.contains(&a) && self.players.contains(&b)
    }
}

/// Descriptive data of the event (TRF header records 012-132).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventInfo {
    pub name: String,
    pub city: Option<String>,
    pub federation: Option<String>,
    /// 042 (written `YYYY/MM/DD`).
    #[serde(default, deserialize_with = "date::serde_lenient::option")]
    pub start_date: Option<Date>,
    /// 052 (written `YYYY/MM/DD`).
    #[serde(default, deserialize_with = "date::serde_lenient::option")]
    pub end_date: Option<Date>,
    pub chief_arbiter: Option<String>,
    pub deputy_arbiters: Vec<String>,
    pub time_control: Option<String>,
    /// Free-text type of tournament (092).
    pub kind: Option<String>,
    /// Round dates (132, written `YY/MM/DD`), round 1 first; `None` for a
    /// round whose date is not known.
    #[serde(default, deserialize_with = "date::serde_lenient::list")]
    pub round_dates: Vec<Option<Date>>,
}

/// One tournament section.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    pub info: EventInfo,
    /// Entrants in TPN order.
    pub entrants: Vec<Entrant>,
    /// Total number of rounds (142 / XXR), when known.
    pub total_rounds: Option<u32>,
    /// Colour of the top-ranked player in round 1 (152 / XXC).
    pub initial_colour: Option<Colour>,
    pub scoring: Scoring,
    /// ETT26 pairing-system code (192), e.g. `FIDE_DUTCH_2025`.
    pub system: Option<String>,
    /// Virtual points per player per round (250 / XXA): `acceleration[tpn][r-1]`.
    #[serde(deserialize_with = "tpn_keyed")]
    pub acceleration: BTreeMap<Tpn, Vec<Points>>,
    /// Pairs that may not meet; in a team section they name team numbers.
    pub forbidden: Vec<ForbiddenGroup>,
    pub teams: Vec<Team>,
    /// The match rules and forfeited matches of a team section; `None` for
    /// an individual event (whose `teams` only group players).
    #[serde(default)]
    pub team_section: Option<TeamSection>,
    /// Tie-break codes (202 / 212), in order.
    pub tiebreaks: Vec<String>,
}

/// Reads a map keyed by TPN from JSON, whose object keys are text. A plain
/// `BTreeMap<Tpn, _>` reads them only at top level: inside an internally
/// tagged enum (a journal entry holding a tournament) serde buffers the keys
/// as strings and refuses them as numbers.
fn tpn_keyed<'de, D>(deserializer: D) -> Result<BTreeMap<Tpn, Vec<Points>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    let raw = BTreeMap::<String, Vec<Points>>::deserialize(deserializer)?;
    raw.into_iter()
        .map(|(key, values)| {
            key.parse::<Tpn>().map(|tpn| (tpn, values)).map_err(|_| {
                serde::de::Error::custom(format!("acceleration: '{key}' is not a pairing number"))
            })
        })
        .collect()
}

impl Tournament {
    /// The entrant with this TPN.
    pub fn entrant(&self, tpn: Tpn) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.player.tpn == tpn)
    }

    /// The highest round in which any player took part in the pairing
    /// (spec 05 §6.5): the number of completed (paired) rounds.
    pub fn rounds_paired(&self) -> u32 {
        self.entrants
            .iter()
            .filter_map(|e| {
                e.rounds
                    .iter()
                    .rposition(RoundEntry::was_paired)
                    .map(|i| i as u32 + 1)
            })
            .max()
            .unwrap_or(0)
    }

    /// Score of `tpn` after `rounds` rounds under the tournament's scoring
    /// (missing entries count as absences).
    pub fn score_after(&self, tpn: Tpn, rounds: u32) -> Points {
        self.entrant(tpn)
            .map(|e| {
                e.rounds
                    .iter()
                    .take(rounds as usize)
                    .map(|r| self.scoring.points(r))
                    .sum()
            })
            .unwrap_or_default()
    }

    /// Virtual points (acceleration) of `tpn` in round `round`.
    pub fn virtual_points(&self, tpn: Tpn, round: u32) -> Points {
        self.acceleration
            .get(&tpn)
            .and_then(|v| v.get(round.checked_sub(1)? as usize).copied())
            .unwrap_or_default()
    }

    /// True when `a` and `b` may not meet in `round` (forbidden pairs).
    pub fn is_forbidden(&self, a: Tpn, b: Tpn, round: u32) -> bool {
        self.forbidden.iter().any(|g| g.forbids(a, b, round))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::round_entry::{ByeKind, Outcome};

    fn entrant(tpn: Tpn, rounds: Vec<RoundEntry>) -> Entrant {
        Entrant {
            player: Player {
                tpn,
                ..Player::default()
            },
            rounds,
            ..Entrant::default()
        }
    }

    #[test]
    fn rounds_paired_ignores_requested_byes_of_the_next_round() {
        let game = |opponent, outcome| RoundEntry::Game {
            opponent,
            colour: Colour::White,
            outcome,
            rated: true,
        };
        let t = Tournament {
            entrants: vec![
                entrant(
                    1,
                    vec![game(2, Outcome::Win), RoundEntry::Bye(ByeKind::Half)],
                ),
                entrant(2, vec![game(1, Outcome::Loss)]),
            ],
            ..Tournament::default()
        };
        assert_eq!(t.rounds_paired(), 1);
        assert_eq!(t.score_after(1, 2), Points(15));
        assert_eq!(t.score_after(2, 2), Points(0));
    }

    #[test]
    fn forbidden_groups_respect_round_ranges() {
        let g = ForbiddenGroup {
            players: vec![3, 5, 9],
            rounds: Some((2, 4)),
        };
        assert!(g.forbids(3, 9, 2));
        assert!(!g.forbids(3, 9, 5));
        assert!(!g.forbids(3, 4, 3));
        assert!(!g.forbids(3, 3, 3));
    }
}
