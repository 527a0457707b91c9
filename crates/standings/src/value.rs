//! Tie-break values as FIDE's reference checker prints them (tiebreaks.md §13.1):
//! exact decimals with the precision their arithmetic produces, integers for
//! counts and ratings, and `-0` for "no value".

use std::cmp::Ordering;
use std::fmt;

/// One participant's value for one key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// No value (unrated field, no OTB opponent...): printed `-0` and sorted
    /// after every participant that has a value (§2 item 6).
    Missing,
    /// An integer: counts, ratings, ranks, or a sum from which every
    /// contribution was cut (printed `0`, §13.1).
    Int(i64),
    /// The exact decimal `units / 10^decimals`.
    Decimal { units: i64, decimals: u8 },
}

/// Common scale used to compare values of different precision (4 decimals is
/// more than any key produces).
const COMPARE_DECIMALS: u32 = 4;

impl Value {
    /// A number of points held in tenths, printed with one decimal.
    pub fn tenths(units: i64) -> Value {
        Value::Decimal { units, decimals: 1 }
    }

    /// A product of two point values held in hundredths (SB), two decimals.
    pub fn hundredths(units: i64) -> Value {
        Value::Decimal { units, decimals: 2 }
    }

    /// The value scaled to `10^COMPARE_DECIMALS`, `None` when missing.
    fn scaled(self) -> Option<i128> {
        match self {
            Value::Missing => None,
            Value::Int(i) => Some(i128::from(i) * 10i128.pow(COMPARE_DECIMALS)),
            Value::Decimal { units, decimals } => {
                let d = u32::from(decimals);
                if d <= COMPARE_DECIMALS {
                    Some(i128::from(units) * 10i128.pow(COMPARE_DECIMALS - d))
                } else {
                    Some(i128::from(units) / 10i128.pow(d - COMPARE_DECIMALS))
                }
            }
        }
    }

    /// True when the participant has no value for the key.
    pub fn is_missing(self) -> bool {
        matches!(self, Value::Missing)
    }

    /// Ranking order of two values: better first. `ascending` keys (TPN, DE
    /// positions) prefer the smaller number; missing values always come last.
    pub fn rank_cmp(self, other: Value, ascending: bool) -> Ordering {
        match (self.scaled(), other.scaled()) {
            (None, None) => Ordering::Equal,
            (None, Some(_)) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (Some(a), Some(b)) if ascending => a.cmp(&b),
            (Some(a), Some(b)) => b.cmp(&a),
        }
    }

    /// Numeric equality (so `0` equals `0.0`).
    pub fn same(self, other: Value) -> bool {
        self.scaled() == other.scaled()
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Missing => f.pad("-0"),
            Value::Int(i) => f.pad(&i.to_string()),
            Value::Decimal { units, decimals } => {
                let sign = if units < 0 { "-" } else { "" };
                let a = units.unsigned_abs();
                let p = 10u64.pow(u32::from(decimals));
                let s = if decimals == 0 {
                    format!("{sign}{a}")
                } else {
                    format!(
                        "{sign}{}.{:0width$}",
                        a / p,
                        a % p,
                        width = usize::from(decimals)
                    )
                };
                f.pad(&s)
            }
        }
    }
}

impl Value {
    /// The exact sum of `values` with the finest precision among them;
    /// missing when any is missing (team sums of tie-breaks, teams.md §6.1).
    pub fn sum(values: &[Value]) -> Value {
        let mut decimals = 0u8;
        let mut total: i128 = 0;
        for v in values {
            match *v {
                Value::Missing => return Value::Missing,
                Value::Int(_) => {}
                Value::Decimal { decimals: d, .. } => decimals = decimals.max(d),
            }
        }
        for v in values {
            total += v.scaled().unwrap_or(0);
        }
        let units = total / 10i128.pow(COMPARE_DECIMALS - u32::from(decimals.min(4)));
        let units = i64::try_from(units).unwrap_or(i64::MAX);
        if decimals == 0 {
            Value::Int(units)
        } else {
            Value::Decimal { units, decimals }
        }
    }
}

/// `num / den` rounded to the nearest integer, halves up (tiebreaks.md §13.4).
/// `den` must be positive.
pub fn div_half_up(num: i64, den: i64) -> i64 {
    (2 * num + den).div_euclid(2 * den)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_like_the_reference() {
        assert_eq!(Value::tenths(85).to_string(), "8.5");
        assert_eq!(Value::tenths(1350).to_string(), "135.0");
        assert_eq!(Value::hundredths(4850).to_string(), "48.50");
        assert_eq!(Value::hundredths(-25).to_string(), "-0.25");
        assert_eq!(Value::Int(2442).to_string(), "2442");
        assert_eq!(Value::Missing.to_string(), "-0");
    }

    #[test]
    fn compares_across_precisions_with_missing_last() {
        assert!(Value::Int(0).same(Value::tenths(0)));
        assert_eq!(
            Value::tenths(75).rank_cmp(Value::hundredths(749), false),
            Ordering::Less
        );
        assert_eq!(
            Value::Missing.rank_cmp(Value::Int(1), true),
            Ordering::Greater
        );
        assert_eq!(
            Value::Missing.rank_cmp(Value::Int(1), false),
            Ordering::Greater
        );
        assert_eq!(Value::Int(1).rank_cmp(Value::Int(2), true), Ordering::Less);
    }

    #[test]
    fn sums_exactly() {
        let v = [Value::tenths(15), Value::hundredths(225), Value::Int(2)];
        assert_eq!(Value::sum(&v).to_string(), "5.75");
        assert_eq!(Value::sum(&[Value::Int(2), Value::Int(3)]), Value::Int(5));
        assert_eq!(Value::sum(&[Value::Int(2), Value::Missing]), Value::Missing);
    }

    #[test]
    fn rounds_halves_up() {
        assert_eq!(div_half_up(5, 2), 3);
        assert_eq!(div_half_up(7, 3), 2);
        assert_eq!(div_half_up(8, 3), 3);
        assert_eq!(div_half_up(0, 4), 0);
    }
}
