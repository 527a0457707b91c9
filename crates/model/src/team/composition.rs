//! Composition rules of a team section (teams.md §1; seed 004: teams of
//! exactly 3 men and 1 woman; seed 001: a reserve only on board 2, at most
//! 2 teams per family), checked at registration and on every line-up.

use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use super::roster::Team;
use crate::player::{Player, Sex, Tpn};

/// Limits on the members of one sex (inclusive).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SexLimit {
    pub min: Option<usize>,
    pub max: Option<usize>,
}

impl SexLimit {
    /// Exactly `n`.
    pub fn exactly(n: usize) -> SexLimit {
        SexLimit {
            min: Some(n),
            max: Some(n),
        }
    }

    fn allows(&self, n: usize) -> bool {
        self.min.is_none_or(|m| n >= m) && self.max.is_none_or(|m| n <= m)
    }
}

/// What a team must look like.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompositionRule {
    /// Roster size, inclusive (e.g. boards .. boards + reserves).
    pub min_members: Option<usize>,
    pub max_members: Option<usize>,
    pub men: SexLimit,
    pub women: SexLimit,
    /// The boards a reserve (a member after the first `boards`) may play;
    /// `None`: any board the roster order allows.
    pub reserve_boards: Option<Vec<usize>>,
    /// At most this many teams of one family.
    pub max_teams_per_family: Option<usize>,
}

/// Which rule a team breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompositionError {
    #[error("team '{team}' has {count} members; the rules ask for {limit}")]
    MembersCount {
        team: String,
        count: usize,
        limit: String,
    },
    #[error("team '{team}' has {count} {sex}; the rules ask for {limit}")]
    SexCount {
        team: String,
        sex: &'static str,
        count: usize,
        limit: String,
    },
    #[error(
        "team '{team}': the sex of player {player} is not known, so the team's make-up cannot be checked"
    )]
    UnknownSex { team: String, player: Tpn },
    #[error("team '{team}': player {player} is not registered")]
    UnknownPlayer { team: String, player: Tpn },
    #[error("team '{team}': player {player} is already on team '{other}'")]
    PlayerInTwoTeams {
        team: String,
        player: Tpn,
        other: String,
    },
    #[error("team '{team}': family '{family}' already has {limit} teams, the most the rules allow")]
    FamilyFull {
        team: String,
        family: String,
        limit: usize,
    },
    #[error("team '{team}': player {player} is not on the roster")]
    NotOnRoster { team: String, player: Tpn },
    #[error("team '{team}': the line-up does not follow the roster order (board {board})")]
    BoardOrder { team: String, board: usize },
    #[error("team '{team}': {lined} players for {boards} boards")]
    TooManyPlayers {
        team: String,
        lined: usize,
        boards: usize,
    },
    #[error("team '{team}': reserve {player} on board {board}; reserves may play boards {allowed}")]
    ReserveBoard {
        team: String,
        player: Tpn,
        board: usize,
        allowed: String,
    },
}

fn limit_text(min: Option<usize>, max: Option<usize>) -> String {
    match (min, max) {
        (Some(a), Some(b)) if a == b => format!("exactly {a}"),
        (Some(a), Some(b)) => format!("{a} to {b}"),
        (Some(a), None) => format!("at least {a}"),
        (None, Some(b)) => format!("at most {b}"),
        (None, None) => "any number".into(),
    }
}

impl CompositionRule {
    /// The sex limits ask for the players' sex.
    fn checks_sex(&self) -> bool {
        self.men != SexLimit::default() || self.women != SexLimit::default()
    }

    /// Checks a team that is still growing (an individual-team event, whose
    /// teams form as players register with a team name): only what more
    /// members cannot mend — too many members, too many of one sex, a sex
    /// not known when the rule counts sexes. The messages state the full
    /// limits.
    pub fn check_growing<'p>(
        &self,
        team: &Team,
        player: impl Fn(Tpn) -> Option<&'p Player>,
    ) -> Result<(), CompositionError> {
        let name = || team.name.clone();
        let count = team.members.len();
        if self.max_members.is_some_and(|m| count > m) {
            return Err(CompositionError::MembersCount {
                team: name(),
                count,
                limit: limit_text(self.min_members, self.max_members),
            });
        }
        let mut sexes: HashMap<Sex, usize> = HashMap::new();
        for &m in &team.members {
            match player(m).and_then(|p| p.sex) {
                Some(s) => *sexes.entry(s).or_default() += 1,
                None if self.checks_sex() => {
                    return Err(CompositionError::UnknownSex {
                        team: name(),
                        player: m,
                    });
                }
                None => {}
            }
        }
        for (limit, sex, label) in [
            (self.men, Sex::Male, "men"),
            (self.women, Sex::Female, "women"),
        ] {
            let n = sexes.get(&sex).copied().unwrap_or(0);
            if limit.max.is_some_and(|m| n > m) {
                return Err(CompositionError::SexCount {
                    team: name(),
                    sex: label,
                    count: n,
                    limit: limit_text(limit.min, limit.max),
                });
            }
        }
        Ok(())
    }

    /// Checks a team about to be registered beside the `registered` ones;
    /// `player` finds a registered player by TPN.
    pub fn check<'p>(
        &self,
        team: &Team,
        registered: &[Team],
        player: impl Fn(Tpn) -> Option<&'p Player>,
    ) -> Result<(), CompositionError> {
        let name = || team.name.clone();
        let count = team.members.len();
        let in_range = self.min_members.is_none_or(|m| count >= m)
            && self.max_members.is_none_or(|m| count <= m);
        if !in_range {
            return Err(CompositionError::MembersCount {
                team: name(),
                count,
                limit: limit_text(self.min_members, self.max_members),
            });
        }
        let mut sexes: HashMap<Sex, usize> = HashMap::new();
        let sex_checked = self.checks_sex();
        for &m in &team.members {
            let Some(p) = player(m) else {
                return Err(CompositionError::UnknownPlayer {
                    team: name(),
                    player: m,
                });
            };
            if let Some(other) = registered.iter().find(|t| t.members.contains(&m)) {
                return Err(CompositionError::PlayerInTwoTeams {
                    team: name(),
                    player: m,
                    other: other.name.clone(),
                });
            }
            match p.sex {
                Some(s) => *sexes.entry(s).or_default() += 1,
                None if sex_checked => {
                    return Err(CompositionError::UnknownSex {
                        team: name(),
                        player: m,
                    });
                }
                None => {}
            }
        }
        for (limit, sex, label) in [
            (self.men, Sex::Male, "men"),
            (self.women, Sex::Female, "women"),
        ] {
            let n = sexes.get(&sex).copied().unwrap_or(0);
            if !limit.allows(n) {
                return Err(CompositionError::SexCount {
                    team: name(),
                    sex: label,
                    count: n,
                    limit: limit_text(limit.min, limit.max),
                });
            }
        }
        if let (Some(limit), Some(family)) = (self.max_teams_per_family, &team.family) {
            let same = registered
                .iter()
                .filter(|t| t.family.as_ref() == Some(family))
                .count();
            if same >= limit {
                return Err(CompositionError::FamilyFull {
                    team: name(),
                    family: family.clone(),
                    limit,
                });
            }
        }
        Ok(())
    }

    /// Checks a line-up (board 1 first) of `team` for a match of `boards`
    /// boards: roster members in roster order (teams.md §1), reserves only on
    /// the boards the rules allow.
    pub fn check_lineup(
        &self,
        team: &Team,
        lineup: &[Tpn],
        boards: usize,
    ) -> Result<(), CompositionError> {
        let name = || team.name.clone();
        if lineup.len() > boards {
            return Err(CompositionError::TooManyPlayers {
                team: name(),
                lined: lineup.len(),
                boards,
            });
        }
        let mut last = 0;
        for (i, &p) in lineup.iter().enumerate() {
            let board = i + 1;
            let Some(pos) = team.position(p) else {
                return Err(CompositionError::NotOnRoster {
                    team: name(),
                    player: p,
                });
            };
            if pos <= last {
                return Err(CompositionError::BoardOrder {
                    team: name(),
                    board,
                });
            }
            last = pos;
            if let Some(allowed) = &self.reserve_boards
                && pos > boards
                && !allowed.contains(&board)
            {
                let list: Vec<String> = allowed.iter().map(ToString::to_string).collect();
                return Err(CompositionError::ReserveBoard {
                    team: name(),
                    player: p,
                    board,
                    allowed: list.join(", "),
                });
            }
        }
        Ok(())
    }
}

/// `3 men`, `1 woman`, `1 to 3 men`, `at least 1 woman`.
fn sex_text(limit: SexLimit, singular: &str, plural: &str) -> Option<String> {
    let word = |n: usize| if n == 1 { singular } else { plural };
    Some(match (limit.min, limit.max) {
        (Some(a), Some(b)) if a == b => format!("{a} {}", word(a)),
        (Some(a), Some(b)) => format!("{a} to {b} {plural}"),
        (Some(a), None) => format!("at least {a} {}", word(a)),
        (None, Some(b)) => format!("at most {b} {}", word(b)),
        (None, None) => return None,
    })
}

impl fmt::Display for CompositionRule {
    /// The rule as regulations state it: `3 men + 1 woman` (seed 004),
    /// `2 to 3 members, reserves only on board 2, at most 2 teams per
    /// family` (seed 001); `any team` when nothing is asked.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sexes: Vec<String> = [
            sex_text(self.men, "man", "men"),
            sex_text(self.women, "woman", "women"),
        ]
        .into_iter()
        .flatten()
        .collect();
        let exact = |l: SexLimit| l.min.filter(|_| l.min == l.max);
        let implied = match (exact(self.men), exact(self.women)) {
            (Some(m), Some(w)) => Some(m + w),
            _ => None,
        };
        let mut parts = Vec::new();
        let members = (self.min_members, self.max_members);
        if members != (None, None) && !(members.0 == members.1 && members.0 == implied) {
            parts.push(format!("{} members", limit_text(members.0, members.1)));
        }
        if !sexes.is_empty() {
            parts.push(sexes.join(" + "));
        }
        if let Some(boards) = &self.reserve_boards {
            let list: Vec<String> = boards.iter().map(ToString::to_string).collect();
            parts.push(format!(
                "reserves only on board{} {}",
                if boards.len() == 1 { "" } else { "s" },
                list.join(", ")
            ));
        }
        if let Some(n) = self.max_teams_per_family {
            parts.push(format!(
                "at most {n} team{} per family",
                if n == 1 { "" } else { "s" }
            ));
        }
        if parts.is_empty() {
            return f.write_str("any team");
        }
        f.write_str(&parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(tpn: Tpn, sex: Sex) -> Player {
        Player {
            tpn,
            sex: Some(sex),
            ..Player::default()
        }
    }

    /// Seed 004: exactly 3 men and 1 woman.
    fn seed004() -> CompositionRule {
        CompositionRule {
            min_members: Some(4),
            max_members: Some(4),
            men: SexLimit::exactly(3),
            women: SexLimit::exactly(1),
            ..CompositionRule::default()
        }
    }

    #[test]
    fn three_men_and_a_woman() {
        let players: Vec<Player> = (1..=8)
            .map(|t| player(t, if t == 4 { Sex::Female } else { Sex::Male }))
            .collect();
        let find = |t: Tpn| players.iter().find(|p| p.tpn == t);
        let ok = Team::new(None, "Minsk A", vec![1, 2, 3, 4]);
        assert_eq!(seed004().check(&ok, &[], find), Ok(()));
        let six_men = Team::new(None, "Minsk B", vec![5, 6, 7, 8]);
        let err = seed004().check(&six_men, &[], find).unwrap_err();
        assert_eq!(
            err.to_string(),
            "team 'Minsk B' has 4 men; the rules ask for exactly 3"
        );
        let short = Team::new(None, "Minsk C", vec![5, 6, 7]);
        assert!(matches!(
            seed004().check(&short, &[], find),
            Err(CompositionError::MembersCount { count: 3, .. })
        ));
        let twice = Team::new(None, "Minsk D", vec![1, 5, 6, 4]);
        assert!(matches!(
            seed004().check(&twice, std::slice::from_ref(&ok), find),
            Err(CompositionError::PlayerInTwoTeams { player: 1, .. })
        ));
    }

    /// A team of seed 004 forms as its players register: the fourth man is
    /// refused at once, a team still short of its woman is not.
    #[test]
    fn growing_teams_and_the_rule_as_written() {
        let players: Vec<Player> = (1..=5)
            .map(|t| player(t, if t == 5 { Sex::Female } else { Sex::Male }))
            .collect();
        let find = |t: Tpn| players.iter().find(|p| p.tpn == t);
        let rule = seed004();
        assert_eq!(rule.to_string(), "3 men + 1 woman");
        let three = Team::new(None, "Grodno", vec![1, 2, 3]);
        assert_eq!(rule.check_growing(&three, find), Ok(()));
        assert!(rule.check(&three, &[], find).is_err());
        let four_men = Team::new(None, "Grodno", vec![1, 2, 3, 4]);
        assert_eq!(
            rule.check_growing(&four_men, find).unwrap_err().to_string(),
            "team 'Grodno' has 4 men; the rules ask for exactly 3"
        );
        let unknown = Team::new(None, "Lida", vec![9]);
        let none = |_: Tpn| None;
        assert!(matches!(
            rule.check_growing(&unknown, none),
            Err(CompositionError::UnknownSex { player: 9, .. })
        ));
        let seed001 = CompositionRule {
            min_members: Some(2),
            max_members: Some(3),
            reserve_boards: Some(vec![2]),
            max_teams_per_family: Some(2),
            ..CompositionRule::default()
        };
        assert_eq!(
            seed001.to_string(),
            "2 to 3 members, reserves only on board 2, at most 2 teams per family"
        );
        assert_eq!(CompositionRule::default().to_string(), "any team");
        let women = CompositionRule {
            women: SexLimit {
                min: Some(1),
                max: None,
            },
            ..CompositionRule::default()
        };
        assert_eq!(women.to_string(), "at least 1 woman");
    }

    #[test]
    fn teams_per_family_and_reserve_boards() {
        // Seed 001: 2 boards + a reserve who may only play board 2, at most
        // 2 teams per family.
        let rule = CompositionRule {
            reserve_boards: Some(vec![2]),
            max_teams_per_family: Some(2),
            ..CompositionRule::default()
        };
        let players: Vec<Player> = (1..=9).map(|t| player(t, Sex::Male)).collect();
        let find = |t: Tpn| players.iter().find(|p| p.tpn == t);
        let family = |name: &str, members| Team {
            family: Some("Rossi".into()),
            ..Team::new(None, name, members)
        };
        let a = family("Rossi A", vec![1, 2, 3]);
        let b = family("Rossi B", vec![4, 5]);
        let c = family("Rossi C", vec![6, 7]);
        assert_eq!(rule.check(&c, std::slice::from_ref(&a), find), Ok(()));
        assert_eq!(
            rule.check(&c, &[a.clone(), b], find),
            Err(CompositionError::FamilyFull {
                team: "Rossi C".into(),
                family: "Rossi".into(),
                limit: 2
            })
        );
        assert_eq!(rule.check_lineup(&a, &[1, 2], 2), Ok(()));
        assert_eq!(rule.check_lineup(&a, &[1, 3], 2), Ok(()));
        assert!(matches!(
            rule.check_lineup(&a, &[3], 2),
            Err(CompositionError::ReserveBoard { board: 1, .. })
        ));
        assert!(matches!(
            rule.check_lineup(&a, &[2, 1], 2),
            Err(CompositionError::BoardOrder { board: 2, .. })
        ));
        assert!(matches!(
            rule.check_lineup(&a, &[1, 9], 2),
            Err(CompositionError::NotOnRoster { player: 9, .. })
        ));
    }
}
