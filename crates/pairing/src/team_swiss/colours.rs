//! Colour allocation (C.04.6 art. 4), done after the whole round is paired
//! (art. 3.3.2 step 4). The colour is the board-1 colour (art. 1.6.1); the
//! competition's board sequence gives the other boards.

use arbiter_model::Colour;

use super::field::{Field, Team};
use super::preference::{Strength, colour_difference};
use crate::PairingError;

/// Art. 4.2: `a` is the first-team of the pair — higher primary score, then
/// higher secondary score (unless the rules say not to use it), then the
/// smaller TPN.
fn first_team(field: &Field, a: &Team, b: &Team) -> bool {
    if a.primary != b.primary {
        return a.primary > b.primary;
    }
    if field.secondary_for_colours && a.secondary != b.secondary {
        return a.secondary > b.secondary;
    }
    a.tpn < b.tpn
}

/// The colour of the first-team of the pair {a, b}, by the first rule of
/// art. 4.3 that applies; returns (white, black).
pub(crate) fn allocate(field: &Field, a: usize, b: usize) -> Result<(usize, usize), PairingError> {
    let (first, second) = if first_team(field, &field.teams[a], &field.teams[b]) {
        (a, b)
    } else {
        (b, a)
    };
    let colour = first_team_colour(field, &field.teams[first], &field.teams[second])?;
    Ok(if colour == Colour::White {
        (first, second)
    } else {
        (second, first)
    })
}

fn first_team_colour(field: &Field, first: &Team, second: &Team) -> Result<Colour, PairingError> {
    if first.colours.is_empty() && second.colours.is_empty() {
        return initial_colour_rule(field, first);
    }
    match (first.preference, second.preference) {
        // 4.3.2 only one team has a colour preference: grant it.
        (Some(p), None) => return Ok(p.colour),
        (None, Some(q)) => return Ok(q.colour.opposite()),
        // 4.3.3 opposite preferences: grant both.
        (Some(p), Some(q)) if p.colour != q.colour => return Ok(p.colour),
        // 4.3.4 (type B) only one strong preference: grant it.
        (Some(p), Some(q)) if field.type_b() && p.strength != q.strength => {
            return Ok(if p.strength == Strength::Strong {
                p.colour
            } else {
                q.colour.opposite()
            });
        }
        _ => {}
    }
    // 4.3.5 White to the team with the lower colour difference.
    let (cd_first, cd_second) = (
        colour_difference(&first.colours),
        colour_difference(&second.colours),
    );
    if cd_first != cd_second {
        return Ok(if cd_first < cd_second {
            Colour::White
        } else {
            Colour::Black
        });
    }
    // 4.3.6 alternate from the most recent time one team had White and the
    // other Black, the played matches compared from the last one backwards
    // (GHR 3.4: unplayed rounds are left out of the colour sequence).
    if let Some((mine, _)) = first
        .colours
        .iter()
        .rev()
        .zip(second.colours.iter().rev())
        .find(|(x, y)| x != y)
    {
        return Ok(mine.opposite());
    }
    // 4.3.7 the first-team's preference.
    if let Some(p) = first.preference {
        return Ok(p.colour);
    }
    // 4.3.8 alternate the first-team's colour from its last played match;
    // 4.3.9 else the other team's.
    match (first.colours.last(), second.colours.last()) {
        (Some(&last), _) => Ok(last.opposite()),
        (None, Some(&last)) => Ok(last),
        (None, None) => initial_colour_rule(field, first),
    }
}

/// 4.3.1 both teams have yet to play a match: the first-team gets the
/// initial-colour if its TPN is odd, the opposite colour otherwise.
fn initial_colour_rule(field: &Field, first: &Team) -> Result<Colour, PairingError> {
    let initial = field.initial_colour.ok_or_else(|| {
        PairingError::InvalidInput(
            "the initial colour (record 152, C.04.6 art. 4.1) is needed: two teams that have yet to play a match meet".into(),
        )
    })?;
    Ok(if first.tpn % 2 == 1 {
        initial
    } else {
        initial.opposite()
    })
}
