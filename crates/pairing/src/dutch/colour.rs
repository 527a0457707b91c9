//! Colour preferences (C.04.3 Art. 1.6–1.7) and colour allocation (Art. 5),
//! in the order bbpPairings applies them (spec 02 §1.7, §5).

use arbiter_model::Colour;

/// Strength of a colour preference (spec 02 §1.7): absolute > strong > mild > none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// A player's colour situation, computed from his played games only
/// (C.04.2 3.4: unplayed rounds are removed from the colour sequence).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ColourState {
    /// Played colours, oldest first.
    pub history: Vec<Colour>,
    /// Colour difference: games with White minus games with Black (Art. 1.6).
    pub cd: i32,
    /// The preferred colour, if any (Art. 1.7).
    pub preference: Option<Colour>,
    pub strength: Strength,
    /// The colour of the last two played games when they were equal (kept
    /// even when the preference comes from the colour difference).
    pub repeated: Option<Colour>,
}

impl ColourState {
    /// Spec 02 §1.7, bbpPairings' order: |CD| > 1 wins over two equal last
    /// colours, which win over |CD| = 1; otherwise alternate.
    pub fn from_history(history: Vec<Colour>) -> ColourState {
        let whites = history.iter().filter(|&&c| c == Colour::White).count() as i32;
        let cd = 2 * whites - history.len() as i32;
        let repeated = match history.as_slice() {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        };
        let lowering = if cd > 0 { Colour::Black } else { Colour::White };
        let (preference, strength) = if cd.abs() > 1 {
            (Some(lowering), Strength::Absolute)
        } else if let Some(c) = repeated {
            (Some(c.opposite()), Strength::Absolute)
        } else if cd.abs() == 1 {
            (Some(lowering), Strength::Strong)
        } else if let Some(&last) = history.last() {
            (Some(last.opposite()), Strength::Mild)
        } else {
            (None, Strength::None)
        };
        ColourState {
            history,
            cd,
            preference,
            strength,
            repeated,
        }
    }

    pub fn is_absolute(&self) -> bool {
        self.strength == Strength::Absolute
    }
}

/// True when both preferences can be granted (Art. 5.2.1): they differ, or
/// at least one player has none.
pub(crate) fn compatible(a: &ColourState, b: &ColourState) -> bool {
    match (a.preference, b.preference) {
        (Some(x), Some(y)) => x != y,
        _ => true,
    }
}

/// C10 as bbpPairings counts it (spec 02 §2.4): both |CD| > 1 with the same
/// preference, so one of them ends beyond ±2.
pub(crate) fn c10_violation(a: &ColourState, b: &ColourState) -> bool {
    a.cd.abs() > 1 && b.cd.abs() > 1 && a.preference == b.preference
}

/// C11 as bbpPairings counts it (spec 02 §2.4): both absolute for the same
/// colour and the player Art. 5.2.2 overrules gets a third equal colour.
pub(crate) fn c11_violation(a: &ColourState, b: &ColourState) -> bool {
    if !(a.is_absolute() && b.is_absolute()) || a.preference != b.preference {
        return false;
    }
    let Some(shared) = a.preference else {
        return false;
    };
    if a.cd.abs() == b.cd.abs() {
        a.repeated.is_some() && a.repeated == b.repeated
    } else {
        let loser = if a.cd.abs() < b.cd.abs() { a } else { b };
        loser.repeated == Some(shared.opposite())
    }
}

/// C13 as bbpPairings counts it (spec 02 §2.4): both strong-or-absolute for
/// the same colour, and not both absolute.
pub(crate) fn c13_violation(a: &ColourState, b: &ColourState) -> bool {
    a.strength >= Strength::Strong
        && b.strength >= Strength::Strong
        && a.preference == b.preference
        && !(a.is_absolute() && b.is_absolute())
}

/// One side of a pair for colour allocation.
pub(crate) struct Side<'a> {
    pub colours: &'a ColourState,
    /// True for the higher-ranked player of the pair (Art. 1.2 order).
    pub higher_ranked: bool,
    /// Effective TPN (spec 01 §4.3), for the parity rule 5.2.5.
    pub rank: u32,
}

/// The colour player `p` receives against `q` (C.04.3 Art. 5.2).
pub(crate) fn colour_of(p: &Side, q: &Side, initial: Colour) -> Colour {
    let (pc, qc) = (p.colours, q.colours);
    if compatible(pc, qc) {
        // 5.2.1
        if let Some(c) = pc.preference {
            return c;
        }
        if let Some(c) = qc.preference {
            return c.opposite();
        }
    } else if let Some(pref) = pc.preference {
        // Same preference for both.
        let p_abs = pc.is_absolute();
        let q_abs = qc.is_absolute();
        // 5.2.2: the stronger preference; two absolutes: the larger |CD|.
        if p_abs && (pc.cd.abs() > qc.cd.abs() || !q_abs) {
            return pref;
        }
        if q_abs && (qc.cd.abs() > pc.cd.abs() || !p_abs) {
            return pref.opposite();
        }
        if pc.strength == Strength::Strong && qc.strength != Strength::Strong {
            return pref;
        }
        if qc.strength == Strength::Strong && pc.strength != Strength::Strong {
            return pref.opposite();
        }
        // 5.2.3: alternate to the most recent round where they differed.
        for (a, b) in pc.history.iter().rev().zip(qc.history.iter().rev()) {
            if a != b {
                return *b;
            }
        }
        // 5.2.4: the higher-ranked player's preference.
        return if p.higher_ranked {
            pref
        } else {
            pref.opposite()
        };
    }
    // 5.2.5: neither has a preference.
    let higher = if p.higher_ranked { p } else { q };
    let c = if higher.rank % 2 == 1 {
        initial
    } else {
        initial.opposite()
    };
    if p.higher_ranked { c } else { c.opposite() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn preferences_follow_bbp_order() {
        let s = ColourState::from_history(vec![W, W, W, W, B, B]);
        assert_eq!((s.preference, s.strength), (Some(B), Strength::Absolute));
        assert_eq!(s.repeated, Some(B));
        let s = ColourState::from_history(vec![B, W, W]);
        assert_eq!((s.preference, s.strength), (Some(B), Strength::Absolute));
        let s = ColourState::from_history(vec![W, B, W]);
        assert_eq!((s.preference, s.strength), (Some(B), Strength::Strong));
        let s = ColourState::from_history(vec![W, B]);
        assert_eq!((s.preference, s.strength), (Some(W), Strength::Mild));
        let s = ColourState::from_history(vec![]);
        assert_eq!((s.preference, s.strength), (None, Strength::None));
    }

    #[test]
    fn allocation_rules() {
        let side = |c: &'static ColourState, higher, rank| Side {
            colours: c,
            higher_ranked: higher,
            rank,
        };
        let wb: &'static ColourState = Box::leak(Box::new(ColourState::from_history(vec![W, B])));
        let bw: &'static ColourState = Box::leak(Box::new(ColourState::from_history(vec![B, W])));
        let none: &'static ColourState = Box::leak(Box::new(ColourState::from_history(vec![])));
        // spec 02 §7.1: 1 (w b) vs 5 (w b): 5.2.4, higher ranked #1 gets White.
        assert_eq!(colour_of(&side(wb, true, 1), &side(wb, false, 5), W), W);
        assert_eq!(colour_of(&side(wb, false, 5), &side(wb, true, 1), W), B);
        // compatible
        assert_eq!(colour_of(&side(wb, false, 3), &side(bw, true, 2), W), W);
        // 5.2.5: odd higher TPN gets the initial colour.
        assert_eq!(colour_of(&side(none, true, 1), &side(none, false, 4), B), B);
        assert_eq!(colour_of(&side(none, true, 2), &side(none, false, 4), W), B);
        // 5.2.3: WB vs BB-less history: B W  and  W W? use W,B vs B,B,W? keep simple
        let wbw: &'static ColourState =
            Box::leak(Box::new(ColourState::from_history(vec![B, W, B, W])));
        let bbw: &'static ColourState =
            Box::leak(Box::new(ColourState::from_history(vec![W, B, B, W])));
        // both mild Black; last differ at step 2 (B vs B)? step1 W/W, step2 B/B, step3 W/B -> differ
        assert_eq!(colour_of(&side(wbw, true, 1), &side(bbw, false, 2), W), B);
    }
}
