//! What the queries of a team section return: its teams, the matches of a
//! round board by board, the crosstable of matches and every player's
//! results by board — typed and serialisable values a face renders.

use std::collections::BTreeMap;

use arbiter_model::journal::teams::{MatchRecord, TeamId, TeamRegistration};
use arbiter_model::journal::{EventState, GameResult, Section};
use arbiter_model::team::{ForfeitResult, TeamMatches, TeamScore};
use arbiter_model::{Points, Tournament, Tpn};
use arbiter_standings::teams::{MatchRow, board_results, match_crosstable};
use serde::Serialize;

use crate::desk::Desk;
use crate::error::DeskError;
use crate::views::{Heading, Numbering, PlayerRef};

/// A team as lists and matches show it: the id commands take, the team
/// pairing number the pairings, standings and TRF files use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamRef {
    pub id: TeamId,
    pub tpn: u32,
    pub name: String,
}

/// One registered team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamRow {
    pub team: TeamRef,
    pub family: Option<String>,
    pub captain: Option<PlayerRef>,
    /// Labels for fee rules and prizes, lower case.
    pub tags: Vec<String>,
    /// The roster in board order; the members after the section's boards
    /// are the reserves.
    pub members: Vec<PlayerRef>,
    pub withdrawn_from: Option<u32>,
    /// Rounds announced absent.
    pub absent: Vec<u32>,
}

/// The teams of a section in team pairing-number order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamList {
    #[serde(skip)]
    pub heading: Heading,
    pub boards: usize,
    pub rows: Vec<TeamRow>,
}

/// A team in a match, with its scores before the round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchSide {
    pub team: TeamRef,
    pub match_points: Points,
    pub game_points: Points,
}

/// One board of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchBoardView {
    pub board: u32,
    /// `None`: the seat is empty (the board is lost by forfeit).
    pub white: Option<PlayerRef>,
    pub black: Option<PlayerRef>,
    /// The first team's player has White.
    pub first_is_white: bool,
    /// The result in force (entered, or forfeited by an empty seat or the
    /// whole match).
    pub result: Option<GameResult>,
}

/// One match of a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchView {
    pub number: u32,
    /// The team whose board colours are the sequence's (TRF 352).
    pub first: MatchSide,
    pub second: MatchSide,
    pub boards: Vec<MatchBoardView>,
    /// Game points of the first and the second team so far.
    pub score: (Points, Points),
    /// Boards still waiting for a result.
    pub missing: usize,
    /// Forfeited as a whole (330), seen from the first team.
    pub forfeit: Option<ForfeitResult>,
}

impl MatchView {
    /// The team whose board-1 player has White (the engines' WHITE).
    pub fn white_team(&self) -> &MatchSide {
        match self.boards.first() {
            Some(b) if !b.first_is_white => &self.second,
            _ => &self.first,
        }
    }

    /// The team whose board-1 player has Black.
    pub fn black_team(&self) -> &MatchSide {
        match self.boards.first() {
            Some(b) if !b.first_is_white => &self.first,
            _ => &self.second,
        }
    }
}

/// Why a team of the section has no match in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TeamAbsence {
    Absent,
    Withdrawn,
}

/// The matches of one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchRoundView {
    #[serde(skip)]
    pub heading: Heading,
    pub round: u32,
    pub matches: Vec<MatchView>,
    /// The team with the pairing-allocated bye, and its line-up.
    pub bye: Option<(MatchSide, Vec<PlayerRef>)>,
    pub not_playing: Vec<(TeamRef, TeamAbsence)>,
}

/// The crosstable of matches after the complete rounds: a line per team
/// in pairing-number order (opponents by team pairing number).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchCrosstable {
    #[serde(skip)]
    pub heading: Heading,
    /// The teams by pairing number: `teams[tpn - 1]`.
    pub teams: Vec<TeamRef>,
    pub lines: Vec<MatchRow>,
}

/// One player's results on one board (board prizes, teams.md §6.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardResultRow {
    pub board: u32,
    pub team: TeamRef,
    pub player: PlayerRef,
    /// Rounds on this board (games and forfeits).
    pub rounds: u32,
    /// Games played over the board.
    pub played: u32,
    pub points: Points,
}

/// Every player's results board by board: board 1 first, then the best
/// score, fewer rounds, pairing number. Minimum-game rules of board prizes
/// are the prize regulations'.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardResults {
    #[serde(skip)]
    pub heading: Heading,
    pub rows: Vec<BoardResultRow>,
}

/// Teams and players of a team section in one numbering.
pub(crate) struct TeamNumbering<'a> {
    state: &'a EventState,
    order: Vec<TeamId>,
    players: Numbering<'a>,
}

impl<'a> TeamNumbering<'a> {
    /// The numbering in force (the next round's).
    pub fn current(state: &'a EventState, section: &Section) -> TeamNumbering<'a> {
        TeamNumbering {
            state,
            order: state.team_order(section),
            players: Numbering::current(state, section),
        }
    }

    pub fn order(&self) -> &[TeamId] {
        &self.order
    }

    /// The id of team pairing number `tpn`.
    pub fn id(&self, tpn: u32) -> Result<TeamId, DeskError> {
        self.order
            .get((tpn as usize).wrapping_sub(1))
            .copied()
            .ok_or_else(|| DeskError::internal(format!("no team has the pairing number {tpn}")))
    }

    pub fn team(&self, id: TeamId) -> TeamRef {
        TeamRef {
            id,
            tpn: self
                .order
                .iter()
                .position(|x| *x == id)
                .map_or(0, |i| i as u32 + 1),
            name: self
                .state
                .teams
                .get(&id)
                .map(|t| t.name.clone())
                .unwrap_or_default(),
        }
    }

    pub fn player(&self, id: arbiter_model::journal::PlayerId) -> PlayerRef {
        self.players.player(id)
    }

    /// The player of pairing number `tpn`.
    pub fn player_by_tpn(&self, tpn: Tpn) -> Result<PlayerRef, DeskError> {
        Ok(self.players.player(self.players.id(tpn)?))
    }
}

impl Desk {
    /// The team configuration of `section`, or a refusal naming it.
    pub(crate) fn team_section(&self, section: Option<&str>) -> Result<&Section, DeskError> {
        let sec = self.section(section)?;
        if !sec.config.is_team_section() {
            return Err(DeskError::refused(format!(
                "section '{}' is not a team section (its players play individually)",
                sec.code
            )));
        }
        Ok(sec)
    }

    /// True when `section` (default: the first) is a team section.
    pub fn is_team_section(&self, section: Option<&str>) -> Result<bool, DeskError> {
        Ok(self.section(section)?.config.is_team_section())
    }

    /// The teams of a team section in pairing-number order.
    pub fn teams(&self, section: Option<&str>) -> Result<TeamList, DeskError> {
        let sec = self.team_section(section)?;
        let state = self.state();
        let n = TeamNumbering::current(state, sec);
        let rows = n
            .order()
            .iter()
            .filter_map(|id| state.teams.get(id))
            .map(|t| team_row(&n, t))
            .collect();
        Ok(TeamList {
            heading: self.heading(sec, None),
            boards: sec.config.team.as_ref().map_or(0, |t| t.boards()),
            rows,
        })
    }

    /// The matches of `round` (default: the latest paired).
    pub fn matches(
        &self,
        section: Option<&str>,
        round: Option<u32>,
    ) -> Result<MatchRoundView, DeskError> {
        let sec = self.team_section(section)?;
        let round = round.unwrap_or(sec.rounds_paired());
        self.match_round_view(sec, round)
    }

    pub(crate) fn match_round_view(
        &self,
        sec: &Section,
        round: u32,
    ) -> Result<MatchRoundView, DeskError> {
        let state = self.state();
        let Some(mr) = sec.round(round).and_then(|r| r.matches.as_ref()) else {
            return Err(DeskError::not_found(format!(
                "round {round} of section '{}' is not paired ({} paired)",
                sec.code,
                sec.rounds_paired()
            )));
        };
        let n = TeamNumbering::current(state, sec);
        let before = state.tournament(sec, round - 1);
        let scores = scores_before(&before, &n)?;
        let side = |id: TeamId| {
            let (match_points, game_points) = scores.get(&id).copied().unwrap_or_default();
            MatchSide {
                team: n.team(id),
                match_points,
                game_points,
            }
        };
        let matches = mr
            .matches
            .iter()
            .enumerate()
            .map(|(i, m)| match_view(&n, sec, i as u32 + 1, m, &side))
            .collect();
        let bye = mr.bye.map(|t| {
            let lineup = mr.lineups.get(&t).into_iter().flatten();
            (side(t), lineup.map(|p| n.player(*p)).collect())
        });
        let not_playing = n
            .order()
            .iter()
            .filter_map(|id| state.teams.get(id))
            .filter(|t| !mr.is_paired(t.id))
            .map(|t| {
                let why = if t.withdrawn_from.is_some_and(|r| r <= round) {
                    TeamAbsence::Withdrawn
                } else {
                    TeamAbsence::Absent
                };
                (n.team(t.id), why)
            })
            .collect();
        Ok(MatchRoundView {
            heading: self.heading(sec, Some(round)),
            round,
            matches,
            bye,
            not_playing,
        })
    }

    /// The crosstable of matches after the complete rounds.
    pub fn match_crosstable(&self, section: Option<&str>) -> Result<MatchCrosstable, DeskError> {
        let sec = self.team_section(section)?;
        let n = TeamNumbering::current(self.state(), sec);
        let t = self.state().tournament(sec, sec.rounds_complete());
        let lines = match_crosstable(&t).map_err(|e| DeskError::internal(e.to_string()))?;
        Ok(MatchCrosstable {
            heading: self.heading(sec, None),
            teams: n.order().iter().map(|id| n.team(*id)).collect(),
            lines,
        })
    }

    /// Every player's results board by board, after the complete rounds.
    pub fn board_results(&self, section: Option<&str>) -> Result<BoardResults, DeskError> {
        let sec = self.team_section(section)?;
        let n = TeamNumbering::current(self.state(), sec);
        let t = self.state().tournament(sec, sec.rounds_complete());
        let rows = board_results(&t)
            .map_err(|e| DeskError::internal(e.to_string()))?
            .into_iter()
            .map(|s| {
                Ok(BoardResultRow {
                    board: s.board,
                    team: n.team(n.id(s.team)?),
                    player: n.player_by_tpn(s.player)?,
                    rounds: s.rounds,
                    played: s.played,
                    points: s.points,
                })
            })
            .collect::<Result<Vec<_>, DeskError>>()?;
        Ok(BoardResults {
            heading: self.heading(sec, None),
            rows,
        })
    }
}

fn team_row(n: &TeamNumbering, t: &TeamRegistration) -> TeamRow {
    TeamRow {
        team: n.team(t.id),
        family: t.family.clone(),
        captain: t.captain.map(|c| n.player(c)),
        tags: t.tags.clone(),
        members: t.members.iter().map(|m| n.player(*m)).collect(),
        withdrawn_from: t.withdrawn_from,
        absent: t.absent.iter().copied().collect(),
    }
}

/// Match and game points of every team after the rounds of `before`.
fn scores_before(
    before: &Tournament,
    n: &TeamNumbering,
) -> Result<BTreeMap<TeamId, (Points, Points)>, DeskError> {
    let view = TeamMatches::of(before).map_err(|e| DeskError::internal(e.to_string()))?;
    view.teams
        .iter()
        .map(|r| {
            Ok((
                n.id(r.tpn)?,
                (
                    r.total(TeamScore::MatchPoints),
                    r.total(TeamScore::GamePoints),
                ),
            ))
        })
        .collect()
}

fn match_view(
    n: &TeamNumbering,
    sec: &Section,
    number: u32,
    m: &MatchRecord,
    side: &dyn Fn(TeamId) -> MatchSide,
) -> MatchView {
    MatchView {
        number,
        first: side(m.first),
        second: side(m.second),
        boards: m
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| MatchBoardView {
                board: i as u32 + 1,
                white: b.white.map(|p| n.player(p)),
                black: b.black.map(|p| n.player(p)),
                first_is_white: b.first_is_white,
                result: b.result_in_force(m.forfeit),
            })
            .collect(),
        score: m.game_points(&sec.config.scoring),
        missing: m.missing_results(),
        forfeit: m.forfeit,
    }
}
