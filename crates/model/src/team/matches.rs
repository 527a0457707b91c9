//! The derived match view of a team section (teams.md §1-§3, §5 step 1): per
//! round, which team met which, the line-ups, the board results, the match
//! result, whole-match forfeits, the pairing-allocated bye and absent teams,
//! with the match and game points of every team in every round.
//!
//! Read from the players' round entries (TRF 001 blocks) and the team
//! records: a team's line-up in a round is its roster members with an entry
//! that takes part in the round (a game, a forfeit or the PAB) in roster
//! order, so board `b` is the `b`-th lined-up player; a member with a bye or
//! no entry rests. Both the team tie-breaks and the team Swiss read this view.
//!
//! Match result (C.04.6 Art. 1, C.07 Art. 11): the team with more game
//! points wins, equal game points are a drawn match — also 0-0 (every board
//! double-forfeited), which FIDE's reference checker scores as a loss for
//! both; the texts know no such exception. A whole-match forfeit (330) is
//! decided by its record.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::roster::Team;
use super::rules::{MatchRules, TeamScore};
use super::section::{ForfeitResult, TeamSection};
use crate::player::{Colour, Tpn};
use crate::points::Points;
use crate::round_entry::{ByeKind, Outcome, RoundEntry};
use crate::tournament::Tournament;

/// Why the match view cannot be built: the rounds of the players do not form
/// team matches.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TeamMatchError {
    #[error("the tournament is not a team section (no team match rules)")]
    NotATeamSection,
    #[error("team '{name}' has no team pairing number")]
    NoTeamNumber { name: String },
    #[error("team number {0} is used twice")]
    DuplicateTeam(u32),
    #[error("player {player} is on the rosters of teams {first} and {second}")]
    PlayerInTwoTeams {
        player: Tpn,
        first: u32,
        second: u32,
    },
    #[error("team {team}, round {round}: player {player} meets {opponent}, who is on no team")]
    OpponentWithoutTeam {
        team: u32,
        round: u32,
        player: Tpn,
        opponent: Tpn,
    },
    #[error("team {team}, round {round}: players of the team meet each other")]
    SameTeam { team: u32, round: u32 },
    #[error("team {team}, round {round}: its players meet teams {first} and {second}")]
    TwoOpponents {
        team: u32,
        round: u32,
        first: u32,
        second: u32,
    },
    #[error(
        "team {team}, round {round}: some players have the pairing-allocated bye, others a pairing"
    )]
    MixedRound { team: u32, round: u32 },
    #[error(
        "team {team}, round {round}: forfeits without an opponent and no forfeited match (330)"
    )]
    NoOpponent { team: u32, round: u32 },
    #[error(
        "team {team} meets team {opponent} in round {round}, but team {opponent} does not meet team {team}"
    )]
    OneSided {
        team: u32,
        opponent: u32,
        round: u32,
    },
    #[error("team {team}, round {round}: {lined} players lined up for {boards} boards")]
    TooManyBoards {
        team: u32,
        round: u32,
        lined: usize,
        boards: usize,
    },
}

/// One board of a match, from the side of one team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The player on this board.
    pub player: Tpn,
    /// The player's round entry (a game or a forfeit).
    pub entry: RoundEntry,
    /// Its points under the individual scoring (TRF 162): the board's game
    /// points.
    pub points: Points,
}

/// A match seen from one team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchSide {
    /// The opponent team's pairing number.
    pub opponent: u32,
    /// This team is the first team of the match (the one whose board colours
    /// are those of 352: with `W…`, White on board 1).
    pub first: bool,
    /// The line-up: `boards[b - 1]` is board `b`.
    pub boards: Vec<Board>,
    pub opponent_game_points: Points,
    pub outcome: Outcome,
    /// At least one board was played over the board.
    pub played: bool,
    /// The match was forfeited as a whole (330).
    pub forfeited: bool,
}

impl MatchSide {
    /// The team colour (C.04.6 1.6.1): the colour of the board-1 player (its
    /// game's, or a forfeit's scheduled colour).
    pub fn board_one_colour(&self) -> Option<Colour> {
        match self.boards.first()?.entry {
            RoundEntry::Game { colour, .. } => Some(colour),
            RoundEntry::Forfeit { colour, .. } => colour,
            _ => None,
        }
    }

    /// The players lined up, board 1 first.
    pub fn lineup(&self) -> Vec<Tpn> {
        self.boards.iter().map(|b| b.player).collect()
    }
}

/// What a team did in one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundKind {
    /// A match (played, partly or wholly forfeited).
    Match(MatchSide),
    /// The pairing-allocated bye (320); the players lined up for it.
    PairingBye { lineup: Vec<Tpn> },
    /// No match and no PAB: a team bye requested with 240 `F` or `H` (its
    /// players have that bye), or `Zero`: absent, withdrawn or not paired.
    Bye(ByeKind),
}

/// One team's round with its scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRound {
    pub kind: RoundKind,
    pub match_points: Points,
    pub game_points: Points,
}

impl TeamRound {
    /// The round's score of the given kind.
    pub fn score(&self, which: TeamScore) -> Points {
        match which {
            TeamScore::MatchPoints => self.match_points,
            TeamScore::GamePoints => self.game_points,
        }
    }

    /// The match, if the team had one.
    pub fn side(&self) -> Option<&MatchSide> {
        match &self.kind {
            RoundKind::Match(m) => Some(m),
            _ => None,
        }
    }

    /// The opponent team, if the team had a match.
    pub fn opponent(&self) -> Option<u32> {
        self.side().map(|m| m.opponent)
    }

    /// True for a match with at least one board played over the board
    /// (C.04.6: only these count as "met" and for colours).
    pub fn played(&self) -> bool {
        self.side().is_some_and(|m| m.played)
    }
}

/// A team and its rounds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRecord {
    /// Team pairing number.
    pub tpn: u32,
    /// `rounds[r - 1]` is round `r`.
    pub rounds: Vec<TeamRound>,
}

impl TeamRecord {
    /// The team's round `round` (1-based).
    pub fn round(&self, round: u32) -> Option<&TeamRound> {
        self.rounds.get(round.checked_sub(1)? as usize)
    }

    /// The total of a score over every round.
    pub fn total(&self, which: TeamScore) -> Points {
        self.score_after(which, self.rounds.len() as u32)
    }

    /// The total of a score over rounds `1..=rounds`.
    pub fn score_after(&self, which: TeamScore, rounds: u32) -> Points {
        self.rounds
            .iter()
            .take(rounds as usize)
            .map(|r| r.score(which))
            .sum()
    }
}

/// The totals a 310 record reports for a team.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamTotals {
    pub tpn: u32,
    pub match_points: Points,
    pub game_points: Points,
    /// Place by primary score, then secondary score; equal teams share it.
    pub rank: u32,
}

/// Every team's rounds in a team section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatches {
    /// Boards per match.
    pub boards: usize,
    /// Rounds in the view (the longest record of any player or 330 record).
    pub rounds: u32,
    /// Teams in pairing-number order.
    pub teams: Vec<TeamRecord>,
}

/// A team's side of a round before the opponent is looked at.
struct Half {
    kind: HalfKind,
    game_points: Points,
}

enum HalfKind {
    Match {
        opponent: u32,
        first: Option<bool>,
        boards: Vec<Board>,
        /// A 330 record, seen from this team: `FirstWins` = this team wins.
        forfeit: Option<ForfeitResult>,
    },
    Pab(Vec<Tpn>),
    Bye(ByeKind),
}

impl TeamMatches {
    /// The match view of `t`, a team section.
    pub fn of(t: &Tournament) -> Result<TeamMatches, TeamMatchError> {
        let section = t
            .team_section
            .as_ref()
            .ok_or(TeamMatchError::NotATeamSection)?;
        Builder::new(t, section)?.build()
    }

    /// The team with pairing number `tpn`.
    pub fn team(&self, tpn: u32) -> Option<&TeamRecord> {
        self.teams.iter().find(|t| t.tpn == tpn)
    }

    /// The matches of round `round` as (first team, second team), by the
    /// first team's number.
    pub fn matches_in_round(&self, round: u32) -> Vec<(u32, u32)> {
        self.teams
            .iter()
            .filter_map(|t| {
                let m = t.round(round)?.side()?;
                m.first.then_some((t.tpn, m.opponent))
            })
            .collect()
    }

    /// The team that had the pairing-allocated bye in `round`.
    pub fn pab_in_round(&self, round: u32) -> Option<u32> {
        self.teams.iter().find_map(|t| {
            matches!(t.round(round)?.kind, RoundKind::PairingBye { .. }).then_some(t.tpn)
        })
    }

    /// Match and game points of every team and its place by `primary` then
    /// the other score (equal teams share the place), as 310 reports them.
    pub fn totals(&self, primary: TeamScore) -> Vec<TeamTotals> {
        let key = |t: &TeamRecord| (t.total(primary), t.total(primary.other()));
        self.teams
            .iter()
            .map(|t| TeamTotals {
                tpn: t.tpn,
                match_points: t.total(TeamScore::MatchPoints),
                game_points: t.total(TeamScore::GamePoints),
                rank: 1 + self.teams.iter().filter(|o| key(o) > key(t)).count() as u32,
            })
            .collect()
    }
}

/// Builds the view.
struct Builder<'a> {
    t: &'a Tournament,
    section: &'a TeamSection,
    teams: Vec<&'a Team>,
    team_of: HashMap<Tpn, u32>,
    entries: HashMap<Tpn, &'a [RoundEntry]>,
    rounds: u32,
}

impl<'a> Builder<'a> {
    fn new(t: &'a Tournament, section: &'a TeamSection) -> Result<Builder<'a>, TeamMatchError> {
        let mut teams: Vec<&Team> = t.teams.iter().collect();
        for team in &teams {
            if team.number.is_none() {
                return Err(TeamMatchError::NoTeamNumber {
                    name: team.name.clone(),
                });
            }
        }
        teams.sort_by_key(|team| team.number);
        let mut team_of = HashMap::new();
        for (i, team) in teams.iter().enumerate() {
            let n = team.number.unwrap_or_default();
            if i > 0 && teams[i - 1].number == team.number {
                return Err(TeamMatchError::DuplicateTeam(n));
            }
            for &m in &team.members {
                if let Some(first) = team_of.insert(m, n)
                    && first != n
                {
                    return Err(TeamMatchError::PlayerInTwoTeams {
                        player: m,
                        first,
                        second: n,
                    });
                }
            }
        }
        let entries: HashMap<Tpn, &[RoundEntry]> = t
            .entrants
            .iter()
            .map(|e| (e.player.tpn, e.rounds.as_slice()))
            .collect();
        let rounds = team_of
            .keys()
            .filter_map(|m| entries.get(m).map(|r| r.len() as u32))
            .chain(section.forfeited_matches.iter().map(|f| f.round))
            .max()
            .unwrap_or(0);
        Ok(Builder {
            t,
            section,
            teams,
            team_of,
            entries,
            rounds,
        })
    }

    fn rules(&self) -> &MatchRules {
        &self.section.rules
    }

    fn build(&self) -> Result<TeamMatches, TeamMatchError> {
        let mut halves: Vec<Vec<Half>> = Vec::with_capacity(self.teams.len());
        for team in &self.teams {
            let mut v = Vec::with_capacity(self.rounds as usize);
            for r in 1..=self.rounds {
                v.push(self.half(team, r)?);
            }
            halves.push(v);
        }
        let index: HashMap<u32, usize> = self
            .teams
            .iter()
            .enumerate()
            .map(|(i, team)| (team.number.unwrap_or_default(), i))
            .collect();
        let mut out = Vec::with_capacity(self.teams.len());
        for (i, team) in self.teams.iter().enumerate() {
            let tpn = team.number.unwrap_or_default();
            let mut rounds = Vec::with_capacity(self.rounds as usize);
            for (r, half) in halves[i].iter().enumerate() {
                rounds.push(self.round(tpn, r as u32 + 1, half, |o| {
                    index.get(&o).map(|&j| &halves[j][r])
                })?);
            }
            out.push(TeamRecord { tpn, rounds });
        }
        Ok(TeamMatches {
            boards: self.rules().boards(),
            rounds: self.rounds,
            teams: out,
        })
    }

    /// A team's own side of round `r`.
    fn half(&self, team: &Team, r: u32) -> Result<Half, TeamMatchError> {
        let tpn = team.number.unwrap_or_default();
        let scoring = &self.t.scoring;
        let entry_of = |m: Tpn| {
            self.entries
                .get(&m)
                .and_then(|rounds| rounds.get(r as usize - 1))
                .copied()
        };
        let lined: Vec<Board> = team
            .members
            .iter()
            .filter_map(|&m| {
                let entry = entry_of(m)?;
                matches!(
                    entry,
                    RoundEntry::Game { .. } | RoundEntry::Forfeit { .. } | RoundEntry::PairingBye
                )
                .then(|| Board {
                    player: m,
                    entry,
                    points: scoring.points(&entry),
                })
            })
            .collect();
        let boards = self.rules().boards();
        if lined.len() > boards {
            return Err(TeamMatchError::TooManyBoards {
                team: tpn,
                round: r,
                lined: lined.len(),
                boards,
            });
        }
        let game_points: Points = lined.iter().map(|b| b.points).sum();
        let forfeit = self.section.forfeit_of(tpn, r);
        let pab = lined
            .iter()
            .filter(|b| b.entry == RoundEntry::PairingBye)
            .count();
        if pab > 0 {
            if pab < lined.len() || forfeit.is_some() {
                return Err(TeamMatchError::MixedRound {
                    team: tpn,
                    round: r,
                });
            }
            return Ok(Half {
                kind: HalfKind::Pab(lined.iter().map(|b| b.player).collect()),
                game_points,
            });
        }
        if lined.is_empty() && forfeit.is_none() {
            let has = |kind| {
                team.members
                    .iter()
                    .any(|&m| entry_of(m) == Some(RoundEntry::Bye(kind)))
            };
            let kind = [ByeKind::Full, ByeKind::Half]
                .into_iter()
                .find(|&k| has(k))
                .unwrap_or(ByeKind::Zero);
            return Ok(Half {
                kind: HalfKind::Bye(kind),
                game_points: Points::ZERO,
            });
        }
        let mut opponent = None;
        for b in &lined {
            let Some(o) = b.entry.opponent() else {
                continue;
            };
            let Some(&ot) = self.team_of.get(&o) else {
                return Err(TeamMatchError::OpponentWithoutTeam {
                    team: tpn,
                    round: r,
                    player: b.player,
                    opponent: o,
                });
            };
            if ot == tpn {
                return Err(TeamMatchError::SameTeam {
                    team: tpn,
                    round: r,
                });
            }
            match opponent {
                Some(first) if first != ot => {
                    return Err(TeamMatchError::TwoOpponents {
                        team: tpn,
                        round: r,
                        first,
                        second: ot,
                    });
                }
                _ => opponent = Some(ot),
            }
        }
        let from_record = forfeit.map(|f| if f.first == tpn { f.second } else { f.first });
        let opponent = match (opponent, from_record) {
            (Some(a), Some(b)) if a != b => {
                return Err(TeamMatchError::TwoOpponents {
                    team: tpn,
                    round: r,
                    first: a,
                    second: b,
                });
            }
            (Some(a), _) | (None, Some(a)) => a,
            (None, None) => {
                return Err(TeamMatchError::NoOpponent {
                    team: tpn,
                    round: r,
                });
            }
        };
        let first = match forfeit {
            Some(f) => Some(f.first == tpn),
            None => lined.iter().enumerate().find_map(|(i, b)| {
                let colour = match b.entry {
                    RoundEntry::Game { colour, .. } => Some(colour),
                    RoundEntry::Forfeit { colour, .. } => colour,
                    _ => None,
                }?;
                Some(Some(colour) == self.rules().colours.first_team(i + 1))
            }),
        };
        // A forfeited match without board entries: the winner takes every board.
        let game_points = match forfeit {
            Some(f) if lined.is_empty() && winner(f.result, f.first == tpn) => {
                Points(scoring.forfeit_win.tenths() * boards as i32)
            }
            _ => game_points,
        };
        Ok(Half {
            kind: HalfKind::Match {
                opponent,
                first,
                boards: lined,
                forfeit: forfeit.map(|f| {
                    if f.first == tpn {
                        f.result
                    } else {
                        flip(f.result)
                    }
                }),
            },
            game_points,
        })
    }

    /// The round with its scores, once both sides are known.
    fn round<'h>(
        &self,
        tpn: u32,
        r: u32,
        half: &Half,
        other: impl Fn(u32) -> Option<&'h Half>,
    ) -> Result<TeamRound, TeamMatchError> {
        let rules = self.rules();
        let scoring = &self.t.scoring;
        let boards = rules.boards() as i32;
        Ok(match &half.kind {
            HalfKind::Pab(lineup) => {
                let v = rules.pab_value(scoring.draw);
                TeamRound {
                    kind: RoundKind::PairingBye {
                        lineup: lineup.clone(),
                    },
                    match_points: v.match_points,
                    game_points: v.game_points,
                }
            }
            HalfKind::Bye(kind) => {
                let (mp, gp) = match kind {
                    ByeKind::Full => (rules.match_points.win, scoring.full_bye),
                    ByeKind::Half => (rules.match_points.draw, scoring.half_bye),
                    ByeKind::Zero => (rules.match_points.loss, Points::ZERO),
                };
                TeamRound {
                    kind: RoundKind::Bye(*kind),
                    match_points: mp,
                    game_points: Points(gp.tenths() * boards),
                }
            }
            HalfKind::Match {
                opponent,
                first,
                boards: lineup,
                forfeit,
            } => {
                let theirs = other(*opponent).and_then(|h| match &h.kind {
                    HalfKind::Match {
                        opponent: o, first, ..
                    } if *o == tpn => Some((h.game_points, *first)),
                    _ => None,
                });
                let Some((opponent_game_points, their_first)) = theirs else {
                    return Err(TeamMatchError::OneSided {
                        team: tpn,
                        opponent: *opponent,
                        round: r,
                    });
                };
                // Without any colour on our boards the other side decides;
                // without any at all, the smaller team number is first.
                let first = first.or(their_first.map(|f| !f)).unwrap_or(tpn < *opponent);
                let outcome = match forfeit {
                    Some(ForfeitResult::FirstWins) => Outcome::Win,
                    Some(ForfeitResult::SecondWins | ForfeitResult::Double) => Outcome::Loss,
                    None => match half.game_points.cmp(&opponent_game_points) {
                        std::cmp::Ordering::Greater => Outcome::Win,
                        std::cmp::Ordering::Equal => Outcome::Draw,
                        std::cmp::Ordering::Less => Outcome::Loss,
                    },
                };
                let match_points = match outcome {
                    Outcome::Win => rules.match_points.win,
                    Outcome::Draw => rules.match_points.draw,
                    Outcome::Loss => rules.match_points.loss,
                };
                TeamRound {
                    kind: RoundKind::Match(MatchSide {
                        opponent: *opponent,
                        first,
                        played: lineup.iter().any(|b| b.entry.is_played()),
                        boards: lineup.clone(),
                        opponent_game_points,
                        outcome,
                        forfeited: forfeit.is_some(),
                    }),
                    match_points,
                    game_points: half.game_points,
                }
            }
        })
    }
}

/// True when the side (`first` or not) wins a forfeited match.
fn winner(result: ForfeitResult, first: bool) -> bool {
    match result {
        ForfeitResult::FirstWins => first,
        ForfeitResult::SecondWins => !first,
        ForfeitResult::Double => false,
    }
}

/// The result as the second team sees it (its "first team wins" is a win).
fn flip(result: ForfeitResult) -> ForfeitResult {
    match result {
        ForfeitResult::FirstWins => ForfeitResult::SecondWins,
        ForfeitResult::SecondWins => ForfeitResult::FirstWins,
        ForfeitResult::Double => ForfeitResult::Double,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::Player;
    use crate::team::rules::MatchRules;
    use crate::team::section::ForfeitedMatch;
    use crate::tournament::Entrant;

    fn game(opponent: Tpn, colour: Colour, outcome: Outcome) -> RoundEntry {
        RoundEntry::Game {
            opponent,
            colour,
            outcome,
            rated: true,
        }
    }

    fn forfeit(opponent: Tpn, colour: Colour, won: bool) -> RoundEntry {
        RoundEntry::Forfeit {
            opponent: Some(opponent),
            colour: Some(colour),
            won,
        }
    }

    /// Three teams of 2 boards: A = {1, 2, 3 (reserve)}, B = {4, 5}, C = {6, 7}.
    /// Round 1: B - A (B first: 4 White on board 1); 4-1 ½, 5-3 0-1 (A's
    /// board-2 player 2 rests, the reserve 3 plays board 2); C has the PAB.
    /// Round 2: A - C forfeited as a whole (330 +-); B absent.
    fn event() -> Tournament {
        use Colour::{Black, White};
        use Outcome::{Draw, Loss, Win};
        let z = RoundEntry::Bye(ByeKind::Zero);
        let rounds: [(Tpn, [RoundEntry; 2]); 7] = [
            (1, [game(4, Black, Draw), forfeit(6, White, true)]),
            (2, [z, forfeit(7, Black, true)]),
            (3, [game(5, White, Win), z]),
            (4, [game(1, White, Draw), z]),
            (5, [game(3, Black, Loss), z]),
            (6, [RoundEntry::PairingBye, forfeit(1, Black, false)]),
            (7, [RoundEntry::PairingBye, forfeit(2, White, false)]),
        ];
        let entrants = rounds
            .into_iter()
            .map(|(tpn, r)| Entrant {
                player: Player {
                    tpn,
                    ..Player::default()
                },
                rounds: r.to_vec(),
                ..Entrant::default()
            })
            .collect();
        let mut section = TeamSection::new(MatchRules::with_boards(2));
        section.forfeited_matches.push(ForfeitedMatch {
            round: 2,
            first: 1,
            second: 3,
            result: ForfeitResult::FirstWins,
        });
        Tournament {
            entrants,
            teams: vec![
                Team::new(Some(1), "A", vec![1, 2, 3]),
                Team::new(Some(2), "B", vec![4, 5]),
                Team::new(Some(3), "C", vec![6, 7]),
            ],
            team_section: Some(section),
            ..Tournament::default()
        }
    }

    #[test]
    fn matches_byes_forfeits_and_absences() {
        let v = TeamMatches::of(&event()).unwrap();
        assert_eq!((v.boards, v.rounds), (2, 2));
        assert_eq!(v.matches_in_round(1), [(2, 1)]);
        assert_eq!(v.pab_in_round(1), Some(3));
        assert_eq!(v.matches_in_round(2), [(1, 3)]);
        let a = v.team(1).unwrap();
        let r1 = a.round(1).unwrap();
        let m = r1.side().unwrap();
        assert_eq!(
            (m.opponent, m.first, m.played, m.forfeited),
            (2, false, true, false)
        );
        assert_eq!(m.lineup(), [1, 3]);
        assert_eq!(m.board_one_colour(), Some(Colour::Black));
        // ½ + 1 = 1.5 against 0.5: a won match, 2 MP.
        assert_eq!(
            (r1.game_points, m.opponent_game_points),
            (Points(15), Points(5))
        );
        assert_eq!((m.outcome, r1.match_points), (Outcome::Win, Points(20)));
        let r2 = a.round(2).unwrap();
        let m2 = r2.side().unwrap();
        assert_eq!((m2.first, m2.played, m2.forfeited), (true, false, true));
        assert_eq!((r2.game_points, r2.match_points), (Points(20), Points(20)));
        assert_eq!(a.total(TeamScore::MatchPoints), Points(40));
        assert_eq!(a.total(TeamScore::GamePoints), Points(35));
        // C: the PAB is worth a drawn match (1 MP) and 1 GP (C.04.6 1.4),
        // then a lost forfeited match.
        let c = v.team(3).unwrap();
        assert!(matches!(
            c.round(1).unwrap().kind,
            RoundKind::PairingBye { .. }
        ));
        assert_eq!(c.total(TeamScore::MatchPoints), Points(10));
        assert_eq!(c.total(TeamScore::GamePoints), Points(10));
        let b = v.team(2).unwrap();
        assert_eq!(b.round(2).unwrap().kind, RoundKind::Bye(ByeKind::Zero));
        assert_eq!(b.total(TeamScore::GamePoints), Points(5));
        let ranks: Vec<(u32, u32)> = v
            .totals(TeamScore::MatchPoints)
            .iter()
            .map(|t| (t.tpn, t.rank))
            .collect();
        assert_eq!(ranks, [(1, 1), (2, 3), (3, 2)]);
    }

    #[test]
    fn inconsistent_rounds_are_refused() {
        let mut t = event();
        // Player 5 (team B) now meets player 6 (team C) in round 1.
        t.entrants[4].rounds[0] = game(6, Colour::Black, Outcome::Loss);
        assert_eq!(
            TeamMatches::of(&t),
            Err(TeamMatchError::TwoOpponents {
                team: 2,
                round: 1,
                first: 1,
                second: 3
            })
        );
        let mut t = event();
        t.teams[2].members.push(1);
        assert!(matches!(
            TeamMatches::of(&t),
            Err(TeamMatchError::PlayerInTwoTeams { player: 1, .. })
        ));
        t.team_section = None;
        assert_eq!(TeamMatches::of(&t), Err(TeamMatchError::NotATeamSection));
    }

    /// Every board double-forfeited, no 330 record: 0-0 is equal game points,
    /// a drawn match by the text of C.04.6 / C.07 Art. 11 (FIDE's reference
    /// checker scores it as lost by both: corpus/teams/README.md). A `330 --`
    /// record makes it a loss for both.
    #[test]
    fn all_boards_double_forfeited() {
        let mut t = event();
        for (p, opp, c) in [(1, 4, Colour::Black), (3, 5, Colour::White)] {
            t.entrants[p - 1].rounds[0] = forfeit(opp, c, false);
        }
        for (p, opp, c) in [(4, 1, Colour::White), (5, 3, Colour::Black)] {
            t.entrants[p - 1].rounds[0] = forfeit(opp, c, false);
        }
        let v = TeamMatches::of(&t).unwrap();
        let r = v.team(1).unwrap().round(1).unwrap();
        let m = r.side().unwrap();
        assert_eq!(
            (r.game_points, m.opponent_game_points),
            (Points(0), Points(0))
        );
        assert_eq!(
            (m.outcome, r.match_points, m.played),
            (Outcome::Draw, Points(10), false)
        );
        let mut section = t.team_section.take().unwrap();
        section.forfeited_matches.push(ForfeitedMatch {
            round: 1,
            first: 2,
            second: 1,
            result: ForfeitResult::Double,
        });
        t.team_section = Some(section);
        let v = TeamMatches::of(&t).unwrap();
        for team in [1, 2] {
            let r = v.team(team).unwrap().round(1).unwrap();
            assert_eq!(
                (r.side().unwrap().outcome, r.match_points),
                (Outcome::Loss, Points(0))
            );
        }
    }
}
