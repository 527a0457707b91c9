//! The arithmetic of a tie group sharing prizes (prizes.md §3.2, §3.3).

use crate::money::Cents;
use crate::plan::{Rounding, Sharing};

/// Payouts of a tie group whose members, in tie-break order, occupy places
/// worth `own` (0 beyond the paid places).
///
/// * Hort (§3.3): member i receives `own_i / 2 + Σ own / (2g)`.
/// * Equal (§3.2): every member receives `Σ own / g`.
/// * None: every member keeps his own.
///
/// Exact amounts are rounded down to the rounding step (a whole unit, or a
/// cent); the remainder is handed out in tie-break order, at most one step
/// per member and pass, never raising anyone above the largest prize of the
/// group (§3.3 recommendation). The payouts add up to `Σ own` exactly.
pub fn share(method: Sharing, own: &[Cents], rounding: Rounding) -> Vec<Cents> {
    let g = own.len() as i64;
    if g == 0 {
        return Vec::new();
    }
    let total: i64 = own.iter().map(|c| c.0).sum();
    // Each exact payout as a fraction num / den of cents.
    let (nums, den): (Vec<i64>, i64) = match method {
        Sharing::None => (own.iter().map(|c| c.0).collect(), 1),
        Sharing::Equal => (vec![total; own.len()], g),
        Sharing::Hort => (own.iter().map(|c| g * c.0 + total).collect(), 2 * g),
    };
    let step = rounding.step();
    let mut pay: Vec<i64> = nums
        .iter()
        .map(|&n| n.div_euclid(den).div_euclid(step) * step)
        .collect();
    let cap = own.iter().map(|c| c.0).max().unwrap_or(0);
    let mut left = total - pay.iter().sum::<i64>();
    while left > 0 {
        let before = left;
        for p in pay.iter_mut() {
            let give = step.min(left).min(cap - *p);
            if give > 0 {
                *p += give;
                left -= give;
            }
        }
        if left == before {
            break; // cannot happen: Σ (cap - pay) ≥ left
        }
    }
    pay.into_iter().map(Cents).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(v: &[i64]) -> Vec<Cents> {
        v.iter().map(|&u| Cents::units(u)).collect()
    }

    /// prizes.md §3.3 table, A and B tied for 1st-2nd (100, 80): Hort 95 / 85,
    /// equal 90 / 90.
    #[test]
    fn two_tied_for_first() {
        let own = units(&[100, 80]);
        assert_eq!(share(Sharing::Hort, &own, Rounding::Unit), units(&[95, 85]));
        assert_eq!(
            share(Sharing::Equal, &own, Rounding::Unit),
            units(&[90, 90])
        );
        assert_eq!(share(Sharing::None, &own, Rounding::Unit), own);
    }

    /// §3.3 table, D E F tied for 4th-6th (40, 20, 10): Hort exact 31.67,
    /// 21.67, 16.67; rounded down to the unit 31 + 21 + 16 = 68, the
    /// remaining 2 to D and E in tie-break order -> 32, 22, 16 (= 70).
    #[test]
    fn three_tied_hort_rounded_to_units() {
        let own = units(&[40, 20, 10]);
        assert_eq!(
            share(Sharing::Hort, &own, Rounding::Unit),
            units(&[32, 22, 16])
        );
        // To the cent: 3166.67 + 2166.67 + 1666.67 -> 3166 + 2166 + 1666 =
        // 6998, remainder 2 cents to D and E.
        assert_eq!(
            share(Sharing::Hort, &own, Rounding::Cent),
            vec![Cents(3167), Cents(2167), Cents(1666)]
        );
        // Equal: 70 / 3 = 23.33 -> 23 each, the remaining 1 to D.
        assert_eq!(
            share(Sharing::Equal, &own, Rounding::Unit),
            units(&[24, 23, 23])
        );
        assert_eq!(
            share(Sharing::Equal, &own, Rounding::Cent),
            vec![Cents(2334), Cents(2333), Cents(2333)]
        );
    }

    /// §3.3: prizes 100/80/60, C D E tied for 3rd-5th: C keeps 30, the pot
    /// 30 is split by 3 -> C 40, D 10, E 10; equal sharing gives 20 each.
    #[test]
    fn group_beyond_the_paid_places() {
        let own = units(&[60, 0, 0]);
        assert_eq!(
            share(Sharing::Hort, &own, Rounding::Unit),
            units(&[40, 10, 10])
        );
        assert_eq!(
            share(Sharing::Equal, &own, Rounding::Unit),
            units(&[20, 20, 20])
        );
    }

    /// The remainder never lifts a member above the largest prize.
    #[test]
    fn remainder_respects_the_largest_prize() {
        let own = vec![Cents(1050), Cents(1050)];
        assert_eq!(share(Sharing::Equal, &own, Rounding::Unit), own);
        assert_eq!(share(Sharing::Hort, &own, Rounding::Unit), own);
    }
}
