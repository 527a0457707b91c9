//! Team colours and colour preferences (C.04.6 art. 1.6, 1.7).

use arbiter_model::Colour;
use arbiter_model::team::ColourPreferences;

/// How strongly a colour is wanted (art. 1.7). Type A knows one strength
/// (simple, counted as [`Strength::Strong`] here since the texts of the
/// type A simple and type B strong preferences are the same); type B also
/// knows [`Strength::Mild`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strength {
    Mild,
    Strong,
}

/// A colour preference.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    pub colour: Colour,
    pub strength: Strength,
}

/// Art. 1.6.2: matches with White minus matches with Black.
pub(crate) fn colour_difference(colours: &[Colour]) -> i32 {
    colours
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum()
}

/// The colour preference of a team whose played matches had `colours`
/// (oldest first), when pairing the last round or not (art. 1.7).
///
/// * 1.7.1 / 1.7.2 (first two paragraphs, worded alike): White if CD < −1,
///   or CD ∈ {0, −1} and Black in the last two played matches; Black
///   symmetrically.
/// * 1.7.2 (type B only), mild: White if CD = −1, or CD = 0 with Black in
///   the last played match when this is not the last round; Black
///   symmetrically.
/// * None otherwise, and always before the first played match.
///
/// The strong clauses are tested first, so a team with CD 0 and the same
/// colour twice has a strong preference even in the last round (the "no
/// preference when its CD is zero when pairing for the last round" sentence
/// closes the mild clause; the reference reads it the same way).
pub(crate) fn preference(
    model: ColourPreferences,
    colours: &[Colour],
    last_round: bool,
) -> Option<Preference> {
    if model == ColourPreferences::None {
        return None;
    }
    let cd = colour_difference(colours);
    let last_two = match colours {
        [.., a, b] if a == b => Some(*b),
        _ => None,
    };
    let strong = |colour| {
        Some(Preference {
            colour,
            strength: Strength::Strong,
        })
    };
    let mild = |colour| {
        Some(Preference {
            colour,
            strength: Strength::Mild,
        })
    };
    if cd < -1 || ((cd == 0 || cd == -1) && last_two == Some(Colour::Black)) {
        return strong(Colour::White);
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last_two == Some(Colour::White)) {
        return strong(Colour::Black);
    }
    if model == ColourPreferences::TypeA {
        return None;
    }
    match (cd, colours.last()) {
        (-1, _) => mild(Colour::White),
        (1, _) => mild(Colour::Black),
        (0, Some(&last)) if !last_round => mild(last.opposite()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};
    use ColourPreferences::{None as NoPrefs, TypeA, TypeB};

    fn pref(colour: Colour, strength: Strength) -> Option<Preference> {
        Some(Preference { colour, strength })
    }

    #[test]
    fn type_a_wants_a_colour_only_beyond_one_or_after_twice_the_same() {
        assert_eq!(preference(TypeA, &[], false), None);
        assert_eq!(preference(TypeA, &[B], false), None);
        assert_eq!(
            preference(TypeA, &[W, B, B], false),
            pref(W, Strength::Strong)
        );
        assert_eq!(
            preference(TypeA, &[B, W, B, B], false),
            pref(W, Strength::Strong)
        );
        assert_eq!(preference(TypeA, &[B, B, W], false), None);
        assert_eq!(
            preference(TypeA, &[B, W, W, W], false),
            pref(B, Strength::Strong)
        );
        // CD = +1 after two Blacks: no type A preference (art. 1.7.1: the
        // "last two" clause needs CD 0 or −1 for White).
        assert_eq!(preference(TypeA, &[W, W, W, B, B], false), None);
    }

    #[test]
    fn type_b_adds_mild_preferences() {
        assert_eq!(preference(TypeB, &[B], false), pref(W, Strength::Mild));
        assert_eq!(preference(TypeB, &[W, B], false), pref(W, Strength::Mild));
        assert_eq!(preference(TypeB, &[B, W], false), pref(B, Strength::Mild));
        assert_eq!(
            preference(TypeB, &[W, W, W, B, B], false),
            pref(B, Strength::Mild)
        );
        assert_eq!(
            preference(TypeB, &[B, W, B, B], false),
            pref(W, Strength::Strong)
        );
        assert_eq!(preference(TypeB, &[], false), None);
    }

    #[test]
    fn type_b_in_the_last_round_drops_the_mild_preference_at_cd_zero() {
        assert_eq!(preference(TypeB, &[W, B], true), None);
        assert_eq!(preference(TypeB, &[B], true), pref(W, Strength::Mild));
        assert_eq!(preference(TypeB, &[W, B, W], true), pref(B, Strength::Mild));
        assert_eq!(
            preference(TypeB, &[B, W, B, B, W, W], true),
            pref(B, Strength::Strong)
        );
    }

    #[test]
    fn no_preferences_at_all() {
        assert_eq!(preference(NoPrefs, &[B, B, B], false), None);
    }
}
