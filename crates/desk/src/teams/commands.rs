//! The commands of a team section: register a team, announce or change a
//! line-up, mark a team absent or withdrawn, record a board result or a
//! whole-match forfeit.

use arbiter_model::journal::teams::{TeamEvent, TeamId};
use arbiter_model::journal::{Event, GameResult};
use arbiter_model::team::ForfeitResult;

use super::views::{TeamNumbering, TeamRef};
use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::forms::TeamForm;
use crate::forms::player::retag;
use crate::forms::team::parse_players;
use crate::origin::Origin;
use crate::views::PlayerRef;

/// A team was registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamAdded {
    pub id: TeamId,
    pub section: String,
    pub name: String,
    pub members: Vec<PlayerRef>,
}

/// A line-up set (announced for a round to come, or changed in the latest).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineupSet {
    pub team: TeamRef,
    pub round: u32,
    /// Board 1 first.
    pub players: Vec<PlayerRef>,
    /// The round is paired: its match's boards changed.
    pub paired: bool,
}

/// A team absent in a round, or withdrawn from it on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamOut {
    pub team: TeamRef,
    pub round: u32,
    /// Withdrawn (every round from `round` on), not just absent.
    pub withdrawn: bool,
}

/// A team's tags after `team update`; `changed` is false when they were
/// already so (nothing recorded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRetagged {
    pub team: TeamRef,
    pub tags: Vec<String>,
    pub changed: bool,
}

/// A board result recorded (or corrected).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardResultRecorded {
    pub round: u32,
    pub number: u32,
    pub board: u32,
    pub white: PlayerRef,
    pub black: PlayerRef,
    pub result: GameResult,
    /// The result it replaced, when it corrects one.
    pub previous: Option<GameResult>,
}

/// A whole-match forfeit recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchForfeit {
    pub round: u32,
    pub number: u32,
    pub first: TeamRef,
    pub second: TeamRef,
    pub result: ForfeitResult,
}

impl Desk {
    /// Registers a team of a team section (default: the first section): its
    /// roster in board order, checked against the section's team rule.
    pub fn add_team(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        form: &TeamForm,
    ) -> Result<TeamAdded, DeskError> {
        let fields = form.fields()?;
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let sec = state.section(section)?;
                let id = state.next_team_id();
                let n = TeamNumbering::current(state, sec);
                let event = Event::Team(TeamEvent::Registered {
                    id,
                    section: sec.code.clone(),
                    name: fields.name.clone(),
                    family: fields.family.clone(),
                    members: fields.members.clone(),
                    captain: fields.captain,
                    tags: fields.tags.clone(),
                });
                Ok(Plan::new(
                    vec![event],
                    TeamAdded {
                        id,
                        section: sec.code.clone(),
                        name: fields.name.clone(),
                        members: fields.members.iter().map(|m| n.player(*m)).collect(),
                    },
                ))
            },
            |e| e,
        )
    }

    /// The players of `team` on boards 1, 2, … of `round` (ids in board
    /// order): announced for a round not paired yet, or changed in the
    /// latest round while its match has no result.
    pub fn set_lineup(
        &mut self,
        origin: &Origin,
        round: u32,
        team: TeamId,
        players: &str,
    ) -> Result<LineupSet, DeskError> {
        let players = parse_players(players)?;
        let paired = self.commit(
            origin,
            |now| {
                let state = now.state();
                let reg = state.team(team)?;
                let sec = state.section(Some(&reg.section))?;
                let event = Event::Team(TeamEvent::LineupSet {
                    team,
                    round,
                    players: players.clone(),
                });
                let already = sec
                    .round(round)
                    .and_then(|r| r.matches.as_ref())
                    .and_then(|m| m.lineups.get(&team))
                    == Some(&players);
                let events = if already { Vec::new() } else { vec![event] };
                Ok(Plan::new(events, round <= sec.rounds_paired()))
            },
            |e| e,
        )?;
        let state = self.state();
        let sec = state.section(Some(&state.team(team)?.section))?;
        let n = TeamNumbering::current(state, sec);
        Ok(LineupSet {
            team: n.team(team),
            round,
            players: players.iter().map(|p| n.player(*p)).collect(),
            paired,
        })
    }

    /// Adds the tags of `tag` to team `team` and removes those of `untag`
    /// (labels for fee rules and prizes). Giving neither is refused; tags
    /// already so record nothing.
    pub fn retag_team(
        &mut self,
        origin: &Origin,
        team: TeamId,
        tag: &[String],
        untag: &[String],
    ) -> Result<TeamRetagged, DeskError> {
        if tag.is_empty() && untag.is_empty() {
            return Err(DeskError::malformed(format!(
                "nothing to change for team {team}: give --tag or --untag"
            )));
        }
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let reg = state.team(team)?;
                let mut tags = reg.tags.clone();
                retag(&reg.name, &mut tags, tag, untag)?;
                let changed = tags != reg.tags;
                let n = TeamNumbering::current(state, state.section(Some(&reg.section))?);
                let events = if changed {
                    vec![Event::Team(TeamEvent::Retagged {
                        team,
                        tags: tags.clone(),
                    })]
                } else {
                    Vec::new()
                };
                Ok(Plan::new(
                    events,
                    TeamRetagged {
                        team: n.team(team),
                        tags,
                        changed,
                    },
                ))
            },
            |e| e,
        )
    }

    /// Team `team` does not play in `round` (not paired; TRF 240 `Z`).
    pub fn team_absent(
        &mut self,
        origin: &Origin,
        team: TeamId,
        round: u32,
    ) -> Result<TeamOut, DeskError> {
        self.team_out(origin, team, Some(round), false)
    }

    /// Team `team` is not paired from `from_round` on (default: the next
    /// round to be paired).
    pub fn withdraw_team(
        &mut self,
        origin: &Origin,
        team: TeamId,
        from_round: Option<u32>,
    ) -> Result<TeamOut, DeskError> {
        self.team_out(origin, team, from_round, true)
    }

    fn team_out(
        &mut self,
        origin: &Origin,
        team: TeamId,
        round: Option<u32>,
        withdrawn: bool,
    ) -> Result<TeamOut, DeskError> {
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let reg = state.team(team)?;
                let sec = state.section(Some(&reg.section))?;
                let round = round.unwrap_or(sec.rounds_paired() + 1);
                let event = Event::Team(if withdrawn {
                    TeamEvent::Withdrawn {
                        team,
                        from_round: round,
                    }
                } else {
                    TeamEvent::Absent { team, round }
                });
                let n = TeamNumbering::current(state, sec);
                Ok(Plan::new(
                    vec![event],
                    TeamOut {
                        team: n.team(team),
                        round,
                        withdrawn,
                    },
                ))
            },
            |e| e,
        )
    }

    /// Records or corrects the result of board `board` of match `number`:
    /// `1-0 0-1 1/2 +/- -/+ -/-`, as White and Black sit on that board.
    pub fn record_board_result(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        round: u32,
        number: u32,
        board: u32,
        result: &str,
    ) -> Result<BoardResultRecorded, DeskError> {
        let result = crate::rounds::parse_result(result)?;
        self.team_section(section)?;
        let outcome = self.commit(
            origin,
            |now| {
                let state = now.state();
                let sec = state.section(section)?;
                let event = Event::Team(TeamEvent::BoardResult {
                    section: sec.code.clone(),
                    round,
                    number,
                    board,
                    result,
                });
                let seat = sec
                    .round(round)
                    .and_then(|r| r.matches.as_ref())
                    .and_then(|m| m.matches.get((number as usize).wrapping_sub(1)))
                    .filter(|m| m.forfeit.is_none())
                    .and_then(|m| m.boards.get((board as usize).wrapping_sub(1)));
                let (Some(b), Some(white), Some(black)) =
                    (seat, seat.and_then(|b| b.white), seat.and_then(|b| b.black))
                else {
                    // The journal names what is wrong.
                    return Ok(Plan::new(vec![event], None));
                };
                let n = TeamNumbering::current(state, sec);
                let outcome = BoardResultRecorded {
                    round,
                    number,
                    board,
                    white: n.player(white),
                    black: n.player(black),
                    result,
                    previous: b.result,
                };
                let events = if b.result == Some(result) {
                    Vec::new()
                } else {
                    vec![event]
                };
                Ok(Plan::new(events, Some(outcome)))
            },
            |e| e,
        )?;
        outcome.ok_or_else(|| DeskError::internal("a board result was recorded on no board"))
    }

    /// Match `number` of `round` is forfeited as a whole: `+-` the team
    /// listed first wins, `-+` the second, `--` both lose (TRF 330).
    pub fn forfeit_match(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        round: u32,
        number: u32,
        result: &str,
    ) -> Result<MatchForfeit, DeskError> {
        let result = ForfeitResult::from_code(result.trim()).ok_or_else(|| {
            DeskError::invalid(
                "result",
                format!(
                    "'{}' is not a forfeit (+- the first team wins, -+ the second, -- both lose)",
                    result.trim()
                ),
            )
        })?;
        self.team_section(section)?;
        let (first, second) = self.commit(
            origin,
            |now| {
                let state = now.state();
                let sec = state.section(section)?;
                let teams = sec
                    .round(round)
                    .and_then(|r| r.matches.as_ref())
                    .and_then(|m| m.matches.get((number as usize).wrapping_sub(1)))
                    .map(|m| (m.first, m.second))
                    .unwrap_or_default();
                let event = Event::Team(TeamEvent::MatchForfeited {
                    section: sec.code.clone(),
                    round,
                    number,
                    result,
                });
                Ok(Plan::new(vec![event], teams))
            },
            |e| e,
        )?;
        let state = self.state();
        let n = TeamNumbering::current(state, self.section(section)?);
        Ok(MatchForfeit {
            round,
            number,
            first: n.team(first),
            second: n.team(second),
            result,
        })
    }
}
