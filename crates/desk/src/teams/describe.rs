//! The log's line for each entry of a team section.

use arbiter_model::journal::EventState;
use arbiter_model::journal::teams::{TeamEvent, TeamId};

fn team(state: &EventState, id: TeamId) -> String {
    match state.teams.get(&id) {
        Some(t) => format!("{} ({id})", t.name),
        None => format!("team {id}"),
    }
}

fn ids(players: &[u32]) -> String {
    players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// One line about a team entry.
pub(crate) fn describe(state: &EventState, e: &TeamEvent) -> String {
    let t = |id| team(state, id);
    match e {
        TeamEvent::Registered {
            id,
            section,
            name,
            family,
            members,
            ..
        } => format!(
            "registered team {name} ({id}) in section {section}{}, players {}",
            family
                .as_deref()
                .map(|f| format!(", family {f}"))
                .unwrap_or_default(),
            ids(members)
        ),
        TeamEvent::LineupSet {
            team,
            round,
            players,
        } => format!("line-up of {} in round {round}: {}", t(*team), ids(players)),
        TeamEvent::Absent { team, round } => format!("{} absent in round {round}", t(*team)),
        TeamEvent::Withdrawn { team, from_round } => {
            format!("withdrew {} from round {from_round}", t(*team))
        }
        TeamEvent::MatchesPaired(p) => format!(
            "section {} round {} paired by {}: {} matches{}",
            p.section,
            p.round,
            p.engine,
            p.matches.len(),
            p.bye.map(|b| format!(", bye {}", t(b))).unwrap_or_default()
        ),
        TeamEvent::BoardResult {
            section,
            round,
            number,
            board,
            result,
        } => format!(
            "section {section} round {round} match {number} board {board}: {}",
            result.code()
        ),
        TeamEvent::MatchForfeited {
            section,
            round,
            number,
            result,
        } => format!(
            "section {section} round {round} match {number} forfeited as a whole: {}",
            result.code()
        ),
    }
}
