//! Calendar dates of an event: the event's days and round times, birth dates.
//!
//! Dates are civil (no time zone): a round starts "on 2012-10-05 at 17:00" in
//! the place where the event is held. The type is [`jiff::civil::Date`] (and
//! [`DateTime`] for round times); this module adds the forms arbiters and
//! TRF files write them in, and birth dates that may be only a year (FIDE's
//! rating list gives the birth year only).

use std::fmt;
use std::str::FromStr;

mod written;

pub use jiff::civil::{Date, DateTime};
use serde::{Deserialize, Serialize};
pub use written::{WRITTEN_FORMS, parse_written_date};

/// Why a text is not a date.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{text}' is not a date ({expected})")]
pub struct DateError {
    pub text: String,
    pub expected: &'static str,
}

/// Reads a full date written `YYYY-MM-DD`, `YYYY/MM/DD` or `YYYY.MM.DD`
/// (TRF 042/052 use `YYYY/MM/DD`, spec 05 §2). Impossible days
/// (`2026-02-30`) are refused.
pub fn parse_date(text: &str) -> Result<Date, DateError> {
    let err = || DateError {
        text: text.trim().to_string(),
        expected: "expected YYYY-MM-DD",
    };
    let t = text.trim();
    let parts: Vec<&str> = t.split(['-', '/', '.']).collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(err());
    };
    if y.len() != 4 || m.len() != 2 || d.len() != 2 {
        return Err(err());
    }
    let year: i16 = digits(y).ok_or_else(err)?;
    let month: i8 = digits(m).ok_or_else(err)?;
    let day: i8 = digits(d).ok_or_else(err)?;
    Date::new(year, month, day).map_err(|_| err())
}

/// A number written only with ASCII digits (no sign, no spaces).
fn digits<T: FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// The TRF form of a date: `YYYY/MM/DD` (spec 05 §2, records 042, 052, 001
/// columns 70-79).
pub fn trf_date(date: Date) -> String {
    format!("{:04}/{:02}/{:02}", date.year(), date.month(), date.day())
}

/// Reads a round date as TRF record 132 writes it, `YY/MM/DD` (spec 05 §2),
/// or a full date as [`parse_date`] reads it. A two-digit year is taken in
/// the century that puts it nearest to `near` (the event's start date), or
/// in 2000-2099 without one.
pub fn parse_round_date(text: &str, near: Option<Date>) -> Result<Date, DateError> {
    let t = text.trim();
    let err = || DateError {
        text: t.to_string(),
        expected: "expected YY/MM/DD or YYYY/MM/DD",
    };
    let parts: Vec<&str> = t.split(['-', '/', '.']).collect();
    let [y, m, d] = parts.as_slice() else {
        return Err(err());
    };
    if y.len() != 2 {
        return parse_date(t).map_err(|_| err());
    }
    if m.len() != 2 || d.len() != 2 {
        return Err(err());
    }
    let yy: i16 = digits(y).ok_or_else(err)?;
    let month: i8 = digits(m).ok_or_else(err)?;
    let day: i8 = digits(d).ok_or_else(err)?;
    let pivot = near.map_or(2050, |n| n.year());
    // The year ending in `yy` within 50 years of the pivot.
    let base = pivot - pivot.rem_euclid(100) + yy;
    let year = [base - 100, base, base + 100]
        .into_iter()
        .min_by_key(|y| (y - pivot).abs())
        .unwrap_or(base);
    Date::new(year, month, day).map_err(|_| err())
}

/// The TRF form of a round date: `YY/MM/DD` (spec 05 §2, record 132).
pub fn trf_round_date(date: Date) -> String {
    format!(
        "{:02}/{:02}/{:02}",
        date.year().rem_euclid(100),
        date.month(),
        date.day()
    )
}

/// Reading dates stored by older journals, which kept them as the text the
/// user typed: ISO `YYYY-MM-DD` (what a [`Date`] writes) and the TRF form
/// `YYYY/MM/DD` are read; a blank text is no date; anything else is an
/// error naming the text.
pub mod serde_lenient {
    use serde::{Deserialize, Deserializer};

    use super::{Date, parse_date};

    fn one<E: serde::de::Error>(text: Option<String>) -> Result<Option<Date>, E> {
        match text {
            Some(t) if !t.trim().is_empty() => parse_date(&t).map(Some).map_err(E::custom),
            _ => Ok(None),
        }
    }

    pub fn option<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Date>, D::Error> {
        one(Option::<String>::deserialize(d)?)
    }

    pub fn list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Option<Date>>, D::Error> {
        Vec::<Option<String>>::deserialize(d)?
            .into_iter()
            .map(one)
            .collect()
    }
}

/// A birth date: the full date, or only the year when that is all that is
/// known (FIDE rating list, many TRF files).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BirthDate {
    Year(i16),
    Day(Date),
}

impl BirthDate {
    /// The year of birth.
    pub fn year(self) -> i16 {
        match self {
            BirthDate::Year(y) => y,
            BirthDate::Day(d) => d.year(),
        }
    }

    /// The full date, when known.
    pub fn day(self) -> Option<Date> {
        match self {
            BirthDate::Year(_) => None,
            BirthDate::Day(d) => Some(d),
        }
    }

    /// Full years of age on `on`, when the birth date decides it: always for
    /// a full date; for a year only, `None` unless every day of that year
    /// gives the same age (never) — callers that accept "by birth year"
    /// rules compare [`BirthDate::year`] instead.
    pub fn age_on(self, on: Date) -> Option<i16> {
        let born = self.day()?;
        let mut age = on.year() - born.year();
        if (on.month(), on.day()) < (born.month(), born.day()) {
            age -= 1;
        }
        Some(age)
    }

    /// The TRF form: `YYYY/MM/DD`, or `YYYY`.
    pub fn trf(self) -> String {
        match self {
            BirthDate::Year(y) => format!("{y:04}"),
            BirthDate::Day(d) => trf_date(d),
        }
    }
}

impl fmt::Display for BirthDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BirthDate::Year(y) => write!(f, "{y:04}"),
            BirthDate::Day(d) => write!(f, "{d}"),
        }
    }
}

impl FromStr for BirthDate {
    type Err = DateError;

    /// `YYYY`, or a full date as [`parse_date`] reads it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        if t.len() == 4 {
            return digits(t).map(BirthDate::Year).ok_or(DateError {
                text: t.to_string(),
                expected: "expected YYYY-MM-DD or YYYY",
            });
        }
        parse_date(t).map(BirthDate::Day).map_err(|e| DateError {
            expected: "expected YYYY-MM-DD or YYYY",
            ..e
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn full_dates_in_every_written_form() {
        let d = Date::new(2012, 10, 4).unwrap();
        assert_eq!(parse_date("2012-10-04"), Ok(d));
        assert_eq!(parse_date("2012/10/04"), Ok(d));
        assert_eq!(parse_date(" 2012.10.04 "), Ok(d));
        assert_eq!(trf_date(d), "2012/10/04");
    }

    #[test]
    fn impossible_or_malformed_dates_are_refused() {
        for bad in [
            "2026-02-30",
            "2026-13-01",
            "26-02-01",
            "abc",
            "",
            "2026-2-1",
            "+2026-02-01",
        ] {
            assert!(parse_date(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_date("2026-02-30").unwrap_err().to_string(),
            "'2026-02-30' is not a date (expected YYYY-MM-DD)"
        );
    }

    #[test]
    fn round_dates_have_two_digit_years() {
        let d = Date::new(2026, 1, 2).unwrap();
        assert_eq!(trf_round_date(d), "26/01/02");
        assert_eq!(parse_round_date("26/01/02", None), Ok(d));
        assert_eq!(parse_round_date("2026/01/02", None), Ok(d));
        // Nearest to the start date: 1999/12/31 for an event of 2000.
        let start = Date::new(2000, 1, 1).unwrap();
        assert_eq!(
            parse_round_date("99/12/31", Some(start)),
            Ok(Date::new(1999, 12, 31).unwrap())
        );
        assert_eq!(
            parse_round_date("00/01/02", Some(Date::new(1999, 12, 30).unwrap())),
            Ok(Date::new(2000, 1, 2).unwrap())
        );
        assert!(parse_round_date("26/02/30", None).is_err());
        assert!(parse_round_date("26/1/2", None).is_err());
    }

    #[test]
    fn journals_kept_dates_as_text() {
        #[derive(serde::Deserialize)]
        struct Info {
            #[serde(deserialize_with = "serde_lenient::option")]
            start: Option<Date>,
            #[serde(deserialize_with = "serde_lenient::list")]
            rounds: Vec<Option<Date>>,
        }
        let i: Info =
            serde_json::from_str(r#"{"start": "2026/01/02", "rounds": ["2026-01-02", "", null]}"#)
                .unwrap();
        let d = Date::new(2026, 1, 2).unwrap();
        assert_eq!(i.start, Some(d));
        assert_eq!(i.rounds, vec![Some(d), None, None]);
        assert!(serde_json::from_str::<Info>(r#"{"start": "soon", "rounds": []}"#).is_err());
    }

    #[test]
    fn birth_dates_may_be_a_year() {
        assert_eq!("1994".parse(), Ok(BirthDate::Year(1994)));
        assert_eq!(
            "1994-03-07".parse(),
            Ok(BirthDate::Day(Date::new(1994, 3, 7).unwrap()))
        );
        assert!("94".parse::<BirthDate>().is_err());
        assert!("1994-13-07".parse::<BirthDate>().is_err());
        assert_eq!(BirthDate::Year(1994).trf(), "1994");
        assert_eq!(
            "1994/03/07".parse::<BirthDate>().unwrap().trf(),
            "1994/03/07"
        );
    }

    /// Full years: one day before the birthday the player is still younger.
    #[test]
    fn age_in_full_years() {
        let born: BirthDate = "1996-07-02".parse().unwrap();
        assert_eq!(born.age_on(Date::new(2008, 7, 1).unwrap()), Some(11));
        assert_eq!(born.age_on(Date::new(2008, 7, 2).unwrap()), Some(12));
        assert_eq!(
            BirthDate::Year(1996).age_on(Date::new(2008, 7, 2).unwrap()),
            None
        );
    }
}
