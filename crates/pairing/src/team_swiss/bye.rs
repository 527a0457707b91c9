//! The pairing-allocated bye, assigned first (C.04.6 art. 3.3.2 step 1,
//! art. 3.4).

use std::cmp::Reverse;

use super::field::Field;
use super::legal::{pairable, without};

/// The team that receives the pairing-allocated bye, when the number of
/// teams is odd (art. 1.4): among the teams \[C2\] allows, the first that
/// 3.4.1 leaves a legal pairing for all the other teams, in the order
/// 3.4.2 lowest score, 3.4.3 most matches played, 3.4.4 largest TPN.
///
/// `Ok(None)`: the number is even. `Err(())`: no team can have the bye and
/// leave the others pairable (art. 3.3.3).
pub(crate) fn choose(field: &Field, teams: &[usize]) -> Result<Option<usize>, ()> {
    if teams.len().is_multiple_of(2) {
        return Ok(None);
    }
    let mut candidates: Vec<usize> = teams
        .iter()
        .copied()
        .filter(|&t| !field.teams[t].bye_barred)
        .collect();
    candidates.sort_by_key(|&t| {
        let team = &field.teams[t];
        (team.primary, Reverse(team.colours.len()), Reverse(team.tpn))
    });
    candidates
        .into_iter()
        .find(|&t| pairable(field, &without(teams, &[t])))
        .map(Some)
        .ok_or(())
}
