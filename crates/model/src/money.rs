//! Amounts of money, exact in cents (prizes.md §3.3: "compute in cents"),
//! and how a payment was made: prize plans, fee schedules and the journal's
//! payments share them.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub};

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An amount in cents (hundredths of the currency unit); negative for
/// refunds. Printed and serialised as a decimal with two places (`1950.00`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cents(pub i64);

impl Cents {
    pub const ZERO: Cents = Cents(0);

    /// Whole currency units (`Cents::units(20)` is 20.00).
    pub const fn units(n: i64) -> Cents {
        Cents(n * 100)
    }

    /// `percent` % of the amount, rounded to the nearest cent (halves up).
    pub fn percent(self, percent: u32) -> Cents {
        let num = i128::from(self.0) * i128::from(percent);
        Cents(((2 * num + 100).div_euclid(200)) as i64)
    }

    /// Reads `1950`, `1950.5`, `1950.50`, `-5` (at most two decimals).
    pub fn parse(text: &str) -> Option<Cents> {
        let t = text.trim();
        let (neg, body) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t),
        };
        let (int, frac) = body.split_once('.').unwrap_or((body, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if int.is_empty() || !digits(int) || !digits(frac) || frac.len() > 2 || int.len() > 13 {
            return None;
        }
        let whole: i64 = int.parse().ok()?;
        let cents: i64 = match frac.len() {
            0 => 0,
            1 => frac.parse::<i64>().ok()? * 10,
            _ => frac.parse().ok()?,
        };
        let v = whole * 100 + cents;
        Some(Cents(if neg { -v } else { v }))
    }
}

impl fmt::Display for Cents {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        f.pad(&format!("{sign}{}.{:02}", a / 100, a % 100))
    }
}

impl Add for Cents {
    type Output = Cents;
    fn add(self, o: Cents) -> Cents {
        Cents(self.0 + o.0)
    }
}

impl AddAssign for Cents {
    fn add_assign(&mut self, o: Cents) {
        self.0 += o.0;
    }
}

impl Sub for Cents {
    type Output = Cents;
    fn sub(self, o: Cents) -> Cents {
        Cents(self.0 - o.0)
    }
}

impl Neg for Cents {
    type Output = Cents;
    fn neg(self) -> Cents {
        Cents(-self.0)
    }
}

impl Sum for Cents {
    fn sum<I: Iterator<Item = Cents>>(iter: I) -> Cents {
        iter.fold(Cents::ZERO, Add::add)
    }
}

impl Serialize for Cents {
    /// The decimal string with two places, as the JSON outputs require.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Cents {
    /// A TOML integer (`2000`), a float with at most two decimals (`12.5`)
    /// or a string (`"12.50"`).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cents, D::Error> {
        struct Amount;
        impl Visitor<'_> for Amount {
            type Value = Cents;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an amount such as 2000, 12.5 or \"12.50\"")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Cents, E> {
                v.checked_mul(100)
                    .filter(|c| c.abs() < 10i64.pow(15))
                    .map(Cents)
                    .ok_or_else(|| E::custom(format!("amount {v} is too large")))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Cents, E> {
                let v = i64::try_from(v).map_err(|_| E::custom("amount too large"))?;
                self.visit_i64(v)
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Cents, E> {
                let cents = (v * 100.0).round();
                if !v.is_finite() || cents.abs() >= 1e15 || (v * 100.0 - cents).abs() > 1e-6 {
                    return Err(E::custom(format!(
                        "amount {v} is not a number of cents (at most two decimals)"
                    )));
                }
                Ok(Cents(cents as i64))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Cents, E> {
                Cents::parse(v).ok_or_else(|| {
                    E::custom(format!("'{v}' is not an amount (at most two decimals)"))
                })
            }
        }
        d.deserialize_any(Amount)
    }
}

/// How a payment was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    Cash,
    Card,
    Transfer,
}

impl Method {
    /// The spelling forms and files use (`cash`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Cash => "cash",
            Method::Card => "card",
            Method::Transfer => "transfer",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a payment method.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a payment method (cash, card, transfer)")]
pub struct MethodError(pub String);

impl std::str::FromStr for Method {
    type Err = MethodError;
    fn from_str(s: &str) -> Result<Method, MethodError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "cash" => Ok(Method::Cash),
            "card" => Ok(Method::Card),
            "transfer" => Ok(Method::Transfer),
            _ => Err(MethodError(s.trim().to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_two_places() {
        assert_eq!(Cents(195000).to_string(), "1950.00");
        assert_eq!(Cents(3167).to_string(), "31.67");
        assert_eq!(Cents(-550).to_string(), "-5.50");
        assert_eq!(Cents(5).to_string(), "0.05");
    }

    #[test]
    fn parses_decimal_text() {
        assert_eq!(Cents::parse("20"), Some(Cents(2000)));
        assert_eq!(Cents::parse("12.5"), Some(Cents(1250)));
        assert_eq!(Cents::parse("-12.05"), Some(Cents(-1205)));
        assert_eq!(Cents::parse("1.234"), None);
        assert_eq!(Cents::parse("1,5"), None);
        assert_eq!(Cents::parse(""), None);
        assert_eq!(Cents::parse(".5"), None);
    }

    #[test]
    fn methods_read_and_print() {
        assert_eq!(" Card ".parse::<Method>(), Ok(Method::Card));
        assert_eq!(Method::Transfer.to_string(), "transfer");
        assert!("cheque".parse::<Method>().is_err());
    }

    #[test]
    fn percentages_round_to_the_cent() {
        assert_eq!(Cents::units(20).percent(75), Cents(1500));
        assert_eq!(Cents(1001).percent(50), Cents(501));
        assert_eq!(Cents(6000).percent(0), Cents(0));
    }
}
