//! The team lists of an individual event's file (TRF16 `013`; `310` in a
//! file that is no team file) kept on import as each player's team, which
//! team classification and `--avoid-team-pairings` read. The lists alone
//! never keep team-mates apart: only the file's forbidden pairs (`260`,
//! `XXP`) or the section's setting do (docs/rules/trf.md, "Team lists of an
//! individual event").

use std::collections::BTreeMap;

use arbiter_model::journal::{Event, PlayerId};
use arbiter_model::{Team, Tournament};

use crate::error::DeskError;
use crate::forms::text::free_text;

/// Gives each player that `t`'s team lists name the name of his team in
/// `events` (the players' registrations of the import). What was assumed
/// where a list cannot be kept as written: a list without a name, a member
/// who has no `001` record, a player on two lists (kept on the first).
pub(crate) fn keep_team_lists(
    t: &Tournament,
    events: &mut [Event],
) -> Result<Vec<String>, DeskError> {
    let mut registered: BTreeMap<PlayerId, &mut Option<String>> = events
        .iter_mut()
        .filter_map(|e| match e {
            Event::PlayerRegistered { id, player, .. } => Some((*id, &mut player.team)),
            _ => None,
        })
        .collect();
    let mut assumed = Vec::new();
    for (i, team) in t.teams.iter().enumerate() {
        let name = team_name(team, i + 1, &mut assumed)?;
        for &m in &team.members {
            match registered.get_mut(&m) {
                None => assumed.push(format!(
                    "team '{name}' lists starting rank {m}, who has no player record (001): \
                     not on the team"
                )),
                Some(Some(first)) if *first == name => assumed.push(format!(
                    "team '{name}' lists player {m} twice: on the team once"
                )),
                Some(Some(first)) => assumed.push(format!(
                    "player {m} is on the lists of teams '{first}' and '{name}': kept on \
                     '{first}'"
                )),
                Some(slot) => **slot = Some(name.clone()),
            }
        }
    }
    Ok(assumed)
}

/// The name of the `n`-th team list, as registration checks a player's
/// team; `team n` for a list without a name.
fn team_name(team: &Team, n: usize, assumed: &mut Vec<String>) -> Result<String, DeskError> {
    let at = |e: DeskError| e.context(format_args!("team list {n}"));
    let name = free_text("team", &team.name).map_err(at)?;
    if !name.is_empty() {
        return Ok(name);
    }
    let name = format!("team {n}");
    assumed.push(format!("team list {n} has no name: named '{name}'"));
    Ok(name)
}
