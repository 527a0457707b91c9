//! Dates as other programs write them in a report file's header (TRF 042,
//! 052) and birth-date columns: `docs/rules/trf.md` "Dates other writers
//! use". The TRF form is `YYYY/MM/DD`; real files also carry day-first
//! forms, two-digit years and English month names.

use super::{Date, DateError, digits};

/// What [`parse_written_date`] accepts, named in its errors.
pub const WRITTEN_FORMS: &str = "expected YYYY/MM/DD, YYYY-MM-DD, YYYY.MM.DD, DD.MM.YYYY, \
                                 DD/MM/YYYY, DD-MM-YYYY, YY.MM.DD, YY/MM/DD or a month name \
                                 (May 10, 2020 / 10 May 2020)";

/// Reads a date in any form of [`WRITTEN_FORMS`]: blanks after separators
/// are allowed (`28. 07. 2005`), day and month may have one digit. A
/// four-digit number is the year: first means year-month-day, last
/// day-month-year; three numbers of at most two digits are `YY.MM.DD` (the
/// TRF round-date order), the year in 1950-2049. Impossible days are
/// refused.
pub fn parse_written_date(text: &str) -> Result<Date, DateError> {
    let t = text.trim();
    let err = || DateError {
        text: t.to_string(),
        expected: WRITTEN_FORMS,
    };
    let tokens: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || matches!(c, '-' | '/' | '.' | ','))
        .filter(|s| !s.is_empty())
        .collect();
    let [a, b, c] = tokens.as_slice() else {
        return Err(err());
    };
    let (year, month, day) = match (month_number(a), month_number(b)) {
        (Some(m), _) => (*c, Ok(m), *b),
        (_, Some(m)) => (*c, Ok(m), *a),
        _ if a.len() == 4 => (*a, number(b), *c),
        _ if c.len() == 4 => (*c, number(b), *a),
        _ if a.len() <= 2 && b.len() <= 2 && c.len() <= 2 => (*a, number(b), *c),
        _ => return Err(err()),
    };
    let year: i16 = match year.len() {
        4 => digits(year).ok_or_else(err)?,
        2 => {
            let yy: i16 = digits(year).ok_or_else(err)?;
            if yy < 50 { 2000 + yy } else { 1900 + yy }
        }
        _ => return Err(err()),
    };
    let month = month.map_err(|()| err())?;
    let day: i8 = (day.len() <= 2)
        .then(|| digits(day))
        .flatten()
        .ok_or_else(err)?;
    Date::new(year, month, day).map_err(|_| err())
}

/// A month or day of at most two digits.
fn number(text: &str) -> Result<i8, ()> {
    if text.len() > 2 {
        return Err(());
    }
    digits(text).ok_or(())
}

/// An English month name or its three-letter abbreviation, any case.
fn month_number(text: &str) -> Option<i8> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let lower = text.to_ascii_lowercase();
    if lower.len() < 3 {
        return None;
    }
    let m = MONTHS
        .iter()
        .position(|name| name.starts_with(&lower) || (lower == "sept" && *name == "september"))?;
    Some(m as i8 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i16, m: i8, day: i8) -> Date {
        Date::new(y, m, day).unwrap()
    }

    #[test]
    fn every_form_real_writers_use() {
        // The forms of the FIDE sample file, lichess, Swiss Perfect and
        // Swiss-Manager exports, each written by hand.
        let cases = [
            ("2020/05/10", d(2020, 5, 10)),
            ("2020-05-10", d(2020, 5, 10)),
            ("2020.05.10", d(2020, 5, 10)),
            ("10.05.2020", d(2020, 5, 10)),
            ("28. 07. 2005", d(2005, 7, 28)),
            ("24/09/2010", d(2010, 9, 24)),
            ("24-09-2010", d(2010, 9, 24)),
            ("11.09.26", d(2011, 9, 26)),
            ("98/05/01", d(1998, 5, 1)),
            ("May 10, 2020", d(2020, 5, 10)),
            ("Jun 26, 2020", d(2020, 6, 26)),
            ("September 3, 2019", d(2019, 9, 3)),
            ("3 Sept 2019", d(2019, 9, 3)),
            ("1.7.2011", d(2011, 7, 1)),
        ];
        for (text, date) in cases {
            assert_eq!(parse_written_date(text), Ok(date), "{text}");
        }
    }

    #[test]
    fn impossible_or_unknown_dates_name_the_forms() {
        for text in [
            "2021/02/29",
            "31.04.2020",
            "Mai 10, 2020",
            "2020",
            "10.2020",
            "x",
        ] {
            let e = parse_written_date(text).unwrap_err();
            assert_eq!(e.expected, WRITTEN_FORMS, "{text}");
        }
    }
}
