//! Validating one entry of a team section against the state and folding it
//! in; the checks other entries make of team sections.

use std::collections::{BTreeMap, BTreeSet};

use super::config::TeamConfig;
use super::events::{PairedRound, TeamEvent};
use super::state::{MatchRecord, MatchRound, TeamId, TeamRegistration};
use super::{FamilyPairings, MAX_ROSTER};
use crate::journal::apply::{check_future_round, check_next_round, check_round_in_range};
use crate::journal::config::SectionConfig;
use crate::journal::error::JournalError;
use crate::journal::section::{RoundRecord, Section};
use crate::journal::state::EventState;
use crate::journal::{GameResult, PlayerId};
use crate::system::System;
use crate::team::Team;

/// Applies one team entry; on error the state is unchanged.
pub(in crate::journal) fn apply(state: &mut EventState, e: &TeamEvent) -> Result<(), JournalError> {
    match e {
        TeamEvent::Registered {
            id,
            section,
            name,
            family,
            members,
            captain,
            tags,
        } => {
            let team = TeamRegistration {
                id: *id,
                section: section.clone(),
                name: name.clone(),
                family: family.clone(),
                members: members.clone(),
                captain: *captain,
                tags: tags.clone(),
                withdrawn_from: None,
                absent: BTreeSet::new(),
                lineups: BTreeMap::new(),
            };
            check_registration(state, &team)?;
            state.teams.insert(*id, team);
        }
        TeamEvent::LineupSet {
            team,
            round,
            players,
        } => set_lineup(state, *team, *round, players)?,
        TeamEvent::Retagged { team, tags } => {
            let reg = state.team(*team)?;
            if reg.tags == *tags {
                return Err(JournalError::Invalid(format!(
                    "team '{}' already has these tags",
                    reg.name
                )));
            }
            if let Some(t) = state.teams.get_mut(team) {
                t.tags.clone_from(tags);
            }
        }
        TeamEvent::Absent { team, round } => {
            let reg = state.team(*team)?;
            let sec = state.section(Some(&reg.section))?;
            check_round_in_range(sec, *round)?;
            if *round <= sec.rounds_paired() {
                return Err(JournalError::RoundAlreadyPaired {
                    round: *round,
                    detail: format!("team '{}' is already in its pairing", reg.name),
                });
            }
            if !reg.plays_in(*round) {
                return Err(JournalError::Invalid(format!(
                    "team '{}' is already not playing in round {round}",
                    reg.name
                )));
            }
            if let Some(t) = state.teams.get_mut(team) {
                t.absent.insert(*round);
                t.lineups.remove(round);
            }
        }
        TeamEvent::Withdrawn { team, from_round } => {
            let reg = state.team(*team)?;
            if reg.withdrawn_from.is_some() {
                return Err(JournalError::Invalid(format!(
                    "team '{}' is already withdrawn",
                    reg.name
                )));
            }
            check_future_round(state.section(Some(&reg.section))?, *from_round)?;
            if let Some(t) = state.teams.get_mut(team) {
                t.withdrawn_from = Some(*from_round);
                t.lineups.retain(|r, _| r < from_round);
            }
        }
        TeamEvent::MatchesPaired(paired) => pair(state, paired)?,
        TeamEvent::BoardResult {
            section,
            round,
            number,
            board,
            result,
        } => {
            let (sec, m) = the_match(state, section, *round, *number)?;
            if m.forfeit.is_some() {
                return Err(JournalError::Invalid(format!(
                    "match {number} of round {round} is forfeited as a whole; undo the forfeit to \
                     enter its board results"
                )));
            }
            let b = m.boards.get((*board as usize).wrapping_sub(1)).ok_or(
                JournalError::UnknownMatchBoard {
                    round: *round,
                    number: *number,
                    board: *board,
                    boards: m.boards.len() as u32,
                },
            )?;
            if b.white.is_none() || b.black.is_none() {
                let empty = if b.white.is_none() == b.first_is_white {
                    m.first
                } else {
                    m.second
                };
                return Err(JournalError::Invalid(format!(
                    "board {board} of match {number} has no player of team {empty}: it is lost \
                     by forfeit, there is no result to enter"
                )));
            }
            let code = sec.code.clone();
            set_board(state, &code, *round, *number, *board, *result);
        }
        TeamEvent::MatchForfeited {
            section,
            round,
            number,
            result,
        } => {
            let (sec, m) = the_match(state, section, *round, *number)?;
            if m.forfeit.is_some() {
                return Err(JournalError::Invalid(format!(
                    "match {number} of round {round} is already forfeited"
                )));
            }
            if m.boards.iter().any(|b| b.result.is_some()) {
                return Err(JournalError::Invalid(format!(
                    "match {number} of round {round} already has board results; a whole-match \
                     forfeit is for a team that did not appear (undo the results first)"
                )));
            }
            let code = sec.code.clone();
            if let Some(m) = match_mut(state, &code, *round, *number) {
                m.forfeit = Some(*result);
            }
        }
    }
    Ok(())
}

/// The team configuration of a team section.
fn team_config(section: &Section) -> Result<&TeamConfig, JournalError> {
    section.config.team.as_ref().ok_or_else(|| {
        JournalError::Invalid(format!(
            "section '{}' is not a team section (its players play individually)",
            section.code
        ))
    })
}

/// A section of individuals does not take `what` when it is a team section.
pub(in crate::journal) fn refuse_in_team_section(
    section: &Section,
    what: &str,
) -> Result<(), JournalError> {
    if section.config.is_team_section() {
        return Err(JournalError::Invalid(format!(
            "section '{}' is a team section: {what} has no place in it (teams play matches: \
             line-ups, pairings of matches, results by match and board)",
            section.code
        )));
    }
    Ok(())
}

/// The configuration rules of team sections (and of the composition rule).
pub(in crate::journal) fn check_config(c: &SectionConfig) -> Result<(), JournalError> {
    let invalid = |m: String| Err(JournalError::Invalid(m));
    let Some(team) = &c.team else {
        if c.system == System::TeamSwiss {
            return invalid(
                "the Swiss Team Pairing System pairs teams: a team section needs its match \
                 rules (boards per match)"
                    .into(),
            );
        }
        if let Some(rule) = &c.composition
            && (rule.reserve_boards.is_some() || rule.max_teams_per_family.is_some())
        {
            return invalid(
                "reserve boards and teams per family are rules of a team section".into(),
            );
        }
        return Ok(());
    };
    if c.system != System::TeamSwiss {
        return invalid(format!(
            "a team section is paired with the Swiss Team Pairing System, not the {}",
            c.system.label()
        ));
    }
    let boards = team.boards();
    if boards == 0 || boards > MAX_ROSTER {
        return invalid(format!(
            "{boards} boards per match: a team section has 1 to {MAX_ROSTER} (a TRF 310 roster)"
        ));
    }
    if c.avoid_team_pairings {
        return invalid(
            "a team section keeps teams of one family apart (avoid family pairings), not \
             team-mates"
                .into(),
        );
    }
    if team.rules.system.baku {
        return invalid(
            "accelerated team pairings (C.04.7 with team scores) are not supported".into(),
        );
    }
    if c.scoring != TeamConfig::board_scoring() {
        return invalid(
            "the boards of a team section score 1, ½ and 0 (forfeits 1 and 0, the bye team's \
             players ½ each, C.04.6 Art. 1.4); match points are set apart"
                .into(),
        );
    }
    let mp = team.rules.match_points;
    if !(mp.win > mp.loss && mp.draw <= mp.win && mp.draw >= mp.loss) {
        return invalid(format!(
            "match points {}/{}/{}: a won match must be worth more than a lost one, a drawn one \
             between",
            mp.win, mp.draw, mp.loss
        ));
    }
    if team.families == FamilyPairings::AvoidedUpTo(0) {
        return invalid("family pairings avoided in the first 0 rounds: give 1 or more".into());
    }
    if let Some(reserves) = c
        .composition
        .as_ref()
        .and_then(|r| r.reserve_boards.as_ref())
        && let Some(b) = reserves.iter().find(|&&b| b == 0 || b > boards)
    {
        return invalid(format!(
            "reserves on board {b}: a match has boards 1 to {boards}"
        ));
    }
    Ok(())
}

/// A section's new configuration does not undo what was built on the old
/// one: a section with teams or paired rounds stays a team section (or a
/// section of individuals), and its boards stay once a round is paired.
pub(in crate::journal) fn check_reconfigured(
    state: &EventState,
    section: &Section,
    config: &SectionConfig,
) -> Result<(), JournalError> {
    let was = section.config.is_team_section();
    let has_teams = state.teams_of(&section.code).next().is_some();
    if was != config.is_team_section() && (section.rounds_paired() > 0 || has_teams) {
        return Err(JournalError::Invalid(format!(
            "section '{}' has {}: it cannot change between teams and individuals",
            section.code,
            if section.rounds_paired() > 0 {
                "paired rounds"
            } else {
                "registered teams"
            }
        )));
    }
    let boards = |c: &SectionConfig| c.team.as_ref().map(TeamConfig::boards);
    if section.rounds_paired() > 0 && boards(&section.config) != boards(config) {
        return Err(JournalError::Invalid(format!(
            "section '{}' has paired rounds: its boards per match cannot change",
            section.code
        )));
    }
    Ok(())
}

/// The model's team of a registration (player ids as members).
pub(super) fn model_team(t: &TeamRegistration) -> Team {
    Team {
        family: t.family.clone(),
        captain: t.captain,
        ..Team::new(Some(t.id), t.name.clone(), t.members.clone())
    }
}

/// A new team: a unique id and name, a roster of the section's players,
/// each once, that fits a 310 record, a captain of the section, and the
/// section's composition rule (which also keeps a player on one team and
/// the families within their number of teams).
fn check_registration(state: &EventState, team: &TeamRegistration) -> Result<(), JournalError> {
    let sec = state.section(Some(&team.section))?;
    team_config(sec)?;
    let invalid = |m: String| Err(JournalError::Invalid(m));
    if state.teams.contains_key(&team.id) {
        return invalid(format!("team id {} is already taken", team.id));
    }
    let name = team.name.trim();
    if name.is_empty() {
        return invalid("a team needs a name".into());
    }
    if state
        .teams_of(&sec.code)
        .any(|t| t.name.trim().eq_ignore_ascii_case(name))
    {
        return invalid(format!(
            "section '{}' already has a team named '{name}'",
            sec.code
        ));
    }
    if team.members.is_empty() {
        return invalid(format!("team '{name}' has no players"));
    }
    if team.members.len() > MAX_ROSTER {
        return invalid(format!(
            "team '{name}' has {} players; a roster holds at most {MAX_ROSTER} (TRF 310)",
            team.members.len()
        ));
    }
    let mut seen = BTreeSet::new();
    for &m in team.members.iter().chain(team.captain.iter()) {
        let reg = state.player(m)?;
        if reg.section != sec.code {
            return invalid(format!(
                "team '{name}': player {m} is not in section '{}'",
                sec.code
            ));
        }
    }
    for &m in &team.members {
        if !seen.insert(m) {
            return invalid(format!("team '{name}': player {m} is listed twice"));
        }
    }
    let rule = sec.config.composition.clone().unwrap_or_default();
    let registered: Vec<Team> = state.teams_of(&sec.code).map(model_team).collect();
    rule.check(&model_team(team), &registered, |m| {
        state.players.get(&m).map(|r| &r.player)
    })
    .map_err(|reason| JournalError::Composition {
        reason,
        rule: rule.to_string(),
    })
}

/// `LineupSet`: for a round not paired yet it is announced; in the latest
/// round it replaces the team's line-up while its match has no result.
fn set_lineup(
    state: &mut EventState,
    team: TeamId,
    round: u32,
    players: &[PlayerId],
) -> Result<(), JournalError> {
    let reg = state.team(team)?;
    let sec = state.section(Some(&reg.section))?;
    let config = team_config(sec)?;
    check_round_in_range(sec, round)?;
    state.check_lineup(sec, reg, round, players)?;
    let paired = sec.rounds_paired();
    let code = sec.code.clone();
    if round > paired {
        if !reg.plays_in(round) {
            return Err(JournalError::Invalid(format!(
                "team '{}' does not play in round {round} (absent or withdrawn)",
                reg.name
            )));
        }
        if let Some(t) = state.teams.get_mut(&team) {
            t.lineups.insert(round, players.to_vec());
        }
        return Ok(());
    }
    if round != paired {
        return Err(JournalError::RoundAlreadyPaired {
            round,
            detail: format!("only the line-ups of the latest round ({paired}) can change"),
        });
    }
    let colours = config.rules.colours.clone();
    let Some(mr) = sec.round(round).and_then(|r| r.matches.as_ref()) else {
        return Err(JournalError::RoundNotPaired { round });
    };
    let rebuilt = if mr.bye == Some(team) {
        None
    } else {
        let Some((number, m)) = mr.match_of(team) else {
            return Err(JournalError::Invalid(format!(
                "team '{}' is not paired in round {round}",
                reg.name
            )));
        };
        if m.forfeit.is_some() || m.boards.iter().any(|b| b.result.is_some()) {
            return Err(JournalError::Invalid(format!(
                "match {number} of round {round} already has results; its line-ups can no \
                 longer change"
            )));
        }
        let other = if m.first == team { m.second } else { m.first };
        let theirs = mr.lineups.get(&other).cloned().unwrap_or_default();
        let boards = if m.first == team {
            MatchRecord::boards_of(players, &theirs, &colours)
        } else {
            MatchRecord::boards_of(&theirs, players, &colours)
        };
        Some((number, boards))
    };
    let sec = state.section_mut(&code)?;
    if let Some(mr) = sec.rounds[round as usize - 1].matches.as_mut() {
        mr.lineups.insert(team, players.to_vec());
        if let Some((number, boards)) = rebuilt
            && let Some(m) = mr.matches.get_mut(number as usize - 1)
        {
            m.boards = boards;
        }
    }
    Ok(())
}

/// `MatchesPaired`: the next round; every team of the section in the team
/// order once; every team to be paired in a match or the bye, none that is
/// absent; a valid line-up for each; the absolute criteria (C.04.6 C1, C2,
/// teams of one family) unless the entry overrides them.
fn pair(state: &mut EventState, p: &PairedRound) -> Result<(), JournalError> {
    let PairedRound {
        section,
        round,
        system,
        engine,
        team_order,
        input: _,
        matches,
        bye,
        lineups,
        override_rules,
    } = p;
    let (section, round, bye) = (section.as_str(), *round, *bye);
    let sec = state.section(Some(section))?;
    let config = team_config(sec)?;
    check_next_round(sec, round)?;
    let invalid = |m: String| Err(JournalError::Invalid(m));
    let teams: BTreeSet<TeamId> = state.teams_of(section).map(|t| t.id).collect();
    let ordered: BTreeSet<TeamId> = team_order.iter().copied().collect();
    if teams != ordered || ordered.len() != team_order.len() {
        return invalid("the team order does not list every team of the section once".into());
    }
    let mut paired = BTreeSet::new();
    for t in matches.iter().flat_map(|m| [m.first, m.second]).chain(bye) {
        let reg = state.team(t)?;
        if reg.section != section {
            return invalid(format!("team {t} is not in section '{section}'"));
        }
        if !reg.plays_in(round) {
            return invalid(format!(
                "team '{}' is not to be paired in round {round} (absent or withdrawn)",
                reg.name
            ));
        }
        if !paired.insert(t) {
            return invalid(format!(
                "team {t} appears twice in the pairing of round {round}"
            ));
        }
    }
    if let Some(t) = state
        .teams_of(section)
        .find(|t| t.plays_in(round) && !paired.contains(&t.id))
    {
        return invalid(format!(
            "team '{}' is neither paired nor absent in round {round}",
            t.name
        ));
    }
    let mut lined: BTreeMap<TeamId, Vec<PlayerId>> = BTreeMap::new();
    for l in lineups {
        if !paired.contains(&l.team) || lined.insert(l.team, l.players.clone()).is_some() {
            return invalid(format!(
                "the line-ups of round {round} do not name each paired team once (team {})",
                l.team
            ));
        }
        state.check_lineup(sec, state.team(l.team)?, round, &l.players)?;
    }
    if let Some(t) = paired.iter().find(|t| !lined.contains_key(t)) {
        return invalid(format!("team {t} has no line-up for round {round}"));
    }
    if !override_rules {
        state.check_matches(sec, round, matches, bye)?;
    }
    let colours = &config.rules.colours;
    let record = MatchRound {
        matches: matches
            .iter()
            .map(|p| MatchRecord {
                first: p.first,
                second: p.second,
                boards: MatchRecord::boards_of(&lined[&p.first], &lined[&p.second], colours),
                forfeit: None,
            })
            .collect(),
        bye,
        lineups: lined,
    };
    let sec = state.section_mut(section)?;
    sec.team_order = team_order.to_vec();
    sec.rounds.push(RoundRecord {
        system: system.clone(),
        engine: engine.clone(),
        proposed_boards: Vec::new(),
        proposed_bye: None,
        boards: Vec::new(),
        bye: None,
        edited: false,
        acceleration: BTreeMap::new(),
        matches: Some(record),
    });
    for t in &paired {
        if let Some(reg) = state.teams.get_mut(t) {
            reg.lineups.remove(&round);
        }
    }
    Ok(())
}

/// The section and match `number` of `round`.
fn the_match<'a>(
    state: &'a EventState,
    section: &str,
    round: u32,
    number: u32,
) -> Result<(&'a Section, &'a MatchRecord), JournalError> {
    let sec = state.section(Some(section))?;
    team_config(sec)?;
    let mr = sec
        .round(round)
        .and_then(|r| r.matches.as_ref())
        .ok_or(JournalError::RoundNotPaired { round })?;
    let m =
        mr.matches
            .get((number as usize).wrapping_sub(1))
            .ok_or(JournalError::UnknownMatch {
                round,
                number,
                matches: mr.matches.len() as u32,
            })?;
    Ok((sec, m))
}

fn match_mut<'a>(
    state: &'a mut EventState,
    section: &str,
    round: u32,
    number: u32,
) -> Option<&'a mut MatchRecord> {
    state
        .section_mut(section)
        .ok()?
        .rounds
        .get_mut((round as usize).checked_sub(1)?)?
        .matches
        .as_mut()?
        .matches
        .get_mut((number as usize).checked_sub(1)?)
}

fn set_board(
    state: &mut EventState,
    section: &str,
    round: u32,
    number: u32,
    board: u32,
    result: GameResult,
) {
    if let Some(b) = match_mut(state, section, round, number)
        .and_then(|m| m.boards.get_mut((board as usize).checked_sub(1)?))
    {
        b.result = Some(result);
    }
}
