//! Exact points. Chess scores are always multiples of a tenth in every scoring
//! system FIDE documents (TRF record 162 writes them as `11.5`), so a score is
//! stored as an integer number of tenths: no floating point anywhere.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub, SubAssign};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A number of points, in tenths of a point (`Points(15)` is 1.5).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Points(pub i32);

impl Points {
    pub const ZERO: Points = Points(0);
    pub const HALF: Points = Points(5);
    pub const ONE: Points = Points(10);

    /// Whole points (`Points::from_whole(3)` is 3.0).
    pub const fn from_whole(n: i32) -> Points {
        Points(n * 10)
    }

    /// The value in tenths.
    pub const fn tenths(self) -> i32 {
        self.0
    }
}

/// Why a text is not a number of points.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a number of points (expected e.g. 3, 2.5 or 10.0)")]
pub struct PointsError(pub String);

impl FromStr for Points {
    type Err = PointsError;

    /// Accepts `3`, `3.0`, `2.5`, `-1.5`, `.5` (at most one decimal digit).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || PointsError(s.to_string());
        let t = s.trim();
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (int, frac) = match body.split_once('.') {
            Some((i, f)) => (i, f),
            None => (body, ""),
        };
        if (int.is_empty() && frac.is_empty())
            || !int.bytes().all(|b| b.is_ascii_digit())
            || !frac.bytes().all(|b| b.is_ascii_digit())
            || frac.len() > 1
            || int.len() > 6
        {
            return Err(err());
        }
        let whole: i32 = if int.is_empty() {
            0
        } else {
            int.parse().map_err(|_| err())?
        };
        let tenth: i32 = if frac.is_empty() {
            0
        } else {
            frac.parse().map_err(|_| err())?
        };
        let v = whole * 10 + tenth;
        Ok(Points(if neg { -v } else { v }))
    }
}

impl fmt::Display for Points {
    /// One decimal, as TRF writes scores: `2.5`, `10.0`, `-1.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        let s = format!("{sign}{}.{}", a / 10, a % 10);
        f.pad(&s)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}

impl SubAssign for Points {
    fn sub_assign(&mut self, o: Points) {
        self.0 -= o.0;
    }
}

impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(-self.0)
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_trf_scores() {
        assert_eq!("2.5".parse(), Ok(Points(25)));
        assert_eq!(" 10.0".parse(), Ok(Points(100)));
        assert_eq!("4".parse(), Ok(Points(40)));
        assert_eq!("-1.5".parse(), Ok(Points(-15)));
        assert_eq!(".5".parse(), Ok(Points(5)));
        assert!("4.50".parse::<Points>().is_err());
        assert!("x".parse::<Points>().is_err());
        assert!("".parse::<Points>().is_err());
        assert!(".".parse::<Points>().is_err());
    }

    #[test]
    fn prints_one_decimal() {
        assert_eq!(Points(25).to_string(), "2.5");
        assert_eq!(Points(100).to_string(), "10.0");
        assert_eq!(Points(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>4}", Points(20)), " 2.0");
    }
}
