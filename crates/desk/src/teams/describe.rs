//! The log's line for each entry of a team section.

use arbiter_model::journal::teams::{FamilyPairings, TeamEvent, TeamId};
use arbiter_model::journal::{EventState, SectionConfig};

/// A team by name and id (`team 7` when unknown).
pub(crate) fn team(state: &EventState, id: TeamId) -> String {
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

/// What a section's log line adds for its teams: the match rules of a team
/// section, the rule teams follow.
pub(crate) fn section_rules(config: &SectionConfig) -> String {
    let mut out = String::new();
    if let Some(team) = &config.team {
        let r = &team.rules;
        let mp = r.match_points;
        out.push_str(&format!(
            ", {} boards ({}), match points {}/{}/{}, {}",
            r.boards(),
            r.colours,
            mp.win,
            mp.draw,
            mp.loss,
            r.system.code
        ));
        out.push_str(&match team.families {
            FamilyPairings::Allowed => String::new(),
            FamilyPairings::Avoided => ", teams of one family never paired".into(),
            FamilyPairings::AvoidedUpTo(n) => {
                format!(", teams of one family not paired in rounds 1-{n}")
            }
        });
    }
    if let Some(rule) = &config.composition {
        out.push_str(&format!(", teams: {rule}"));
    }
    out
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
        TeamEvent::Retagged { team, tags } => {
            if tags.is_empty() {
                format!("removed the tags of {}", t(*team))
            } else {
                format!("tags of {}: {}", t(*team), tags.join(", "))
            }
        }
        TeamEvent::Absent { team, round } => format!("{} absent in round {round}", t(*team)),
        TeamEvent::Withdrawn { team, from_round } => {
            format!("withdrew {} from round {from_round}", t(*team))
        }
        TeamEvent::MatchesPaired(p) => format!(
            "section {} round {} paired by {}: {} matches{}{}",
            p.section,
            p.round,
            p.engine,
            p.matches.len(),
            p.bye.map(|b| format!(", bye {}", t(b))).unwrap_or_default(),
            if p.override_rules {
                " [OVERRIDE of an absolute criterion]"
            } else {
                ""
            }
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
