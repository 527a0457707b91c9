//! Colours of a formed pair (spec 06 §3.5; \[OURS\], the FSI colour article
//! was not readable). Colours never decide who meets whom unless
//! `colour_limits_in_pairing` is set.

use arbiter_model::Colour;

use super::config::ColourPolicy;

/// A player's colour expectation: the colour and its strength (3 strongest).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Expectation {
    colour: Colour,
    strength: u8,
}

fn counts(history: &[Colour]) -> (i32, i32) {
    let whites = history.iter().filter(|&&c| c == Colour::White).count() as i32;
    (whites, history.len() as i32 - whites)
}

/// Expected colour: the one played fewer times, else the opposite of the
/// last; strength 3 when |W − B| ≥ 2 or the last two colours are equal, 2
/// when |W − B| = 1, else 1. `None` before the first played game.
fn expectation(history: &[Colour]) -> Option<Expectation> {
    let last = *history.last()?;
    let (w, b) = counts(history);
    let colour = match w.cmp(&b) {
        std::cmp::Ordering::Less => Colour::White,
        std::cmp::Ordering::Greater => Colour::Black,
        std::cmp::Ordering::Equal => last.opposite(),
    };
    let repeated = history.len() >= 2 && history[history.len() - 2] == last;
    let strength = if (w - b).abs() >= 2 || repeated {
        3
    } else if (w - b).abs() == 1 {
        2
    } else {
        1
    };
    Some(Expectation { colour, strength })
}

/// Who of the primo and the secondo has White: `true` when the primo does.
pub fn primo_has_white(primo: &[Colour], secondo: &[Colour], policy: ColourPolicy) -> bool {
    match policy {
        ColourPolicy::PrimoAlternates => primo.last().is_none_or(|&c| c == Colour::Black),
        ColourPolicy::Balanced => balanced(primo, secondo) == Colour::White,
    }
}

/// The primo's colour under `Balanced` (rules 1–6 of spec 06 §3.5).
fn balanced(primo: &[Colour], secondo: &[Colour]) -> Colour {
    match (expectation(primo), expectation(secondo)) {
        // 1. Nobody expects anything: the primo has White.
        (None, None) => Colour::White,
        // 2. Only one expects: he gets it.
        (Some(p), None) => p.colour,
        (None, Some(s)) => s.colour.opposite(),
        // 3. Different expectations: both satisfied.
        (Some(p), Some(s)) if p.colour != s.colour => p.colour,
        // 4. Same expectation C: the stronger gets it.
        (Some(p), Some(s)) if p.strength != s.strength => {
            if p.strength > s.strength {
                p.colour
            } else {
                p.colour.opposite()
            }
        }
        (Some(p), Some(_)) => {
            let c = p.colour;
            // 5. The most recent round where the histories differ, walking
            // back from the last game: whoever had not-C there gets C.
            let last_difference = primo
                .iter()
                .rev()
                .zip(secondo.iter().rev())
                .find(|(a, b)| a != b);
            match last_difference {
                Some((&primo_had, _)) if primo_had != c => c,
                Some(_) => c.opposite(),
                // 6. Identical histories: the primo gets C.
                None => c,
            }
        }
    }
}

/// True when giving `colour` to a player with `history` would make three
/// equal colours in a row or a White/Black difference above 2 (the optional
/// `colour_limits_in_pairing` check).
pub fn breaks_limits(history: &[Colour], colour: Colour) -> bool {
    let n = history.len();
    let three_in_a_row = n >= 2 && history[n - 1] == colour && history[n - 2] == colour;
    let (w, b) = counts(history);
    let diff = match colour {
        Colour::White => w + 1 - b,
        Colour::Black => w - b - 1,
    };
    three_in_a_row || diff.abs() > 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn expectations() {
        assert_eq!(expectation(&[]), None);
        assert_eq!(
            expectation(&[B]),
            Some(Expectation {
                colour: W,
                strength: 2
            })
        );
        assert_eq!(
            expectation(&[B, W]),
            Some(Expectation {
                colour: B,
                strength: 1
            })
        );
        assert_eq!(
            expectation(&[W, W]),
            Some(Expectation {
                colour: B,
                strength: 3
            })
        );
        assert_eq!(
            expectation(&[W, B, B]),
            Some(Expectation {
                colour: W,
                strength: 3
            })
        );
    }

    #[test]
    fn balanced_rules() {
        // Spec 06 §5 Example 1, round 2: 2 and 4 both had Black → primo 2 W.
        assert!(primo_has_white(&[B], &[B], ColourPolicy::Balanced));
        // 5 and 7 both had White → primo 5 gets Black.
        assert!(!primo_has_white(&[W], &[W], ColourPolicy::Balanced));
        // Round 3: 2 (BW) and 7 (WW) both expect B, 7 stronger → 2 White.
        assert!(primo_has_white(&[B, W], &[W, W], ColourPolicy::Balanced));
        // Rule 5: both expect B (strength 1); three games back the primo
        // had White (not B), so he gets B.
        assert!(!primo_has_white(
            &[B, W, B, W],
            &[W, B, B, W],
            ColourPolicy::Balanced
        ));
        // Rule 2: only the primo expects.
        assert!(!primo_has_white(&[W], &[], ColourPolicy::Balanced));
    }

    #[test]
    fn primo_alternates() {
        assert!(primo_has_white(&[], &[B], ColourPolicy::PrimoAlternates));
        assert!(!primo_has_white(&[W], &[B], ColourPolicy::PrimoAlternates));
        assert!(primo_has_white(
            &[W, B],
            &[B],
            ColourPolicy::PrimoAlternates
        ));
    }

    #[test]
    fn limits() {
        assert!(breaks_limits(&[W, W], W));
        assert!(!breaks_limits(&[W, W], B));
        assert!(!breaks_limits(&[W, B, W, B, B, W], W));
        assert!(breaks_limits(&[W, W, B, W], W));
    }
}
