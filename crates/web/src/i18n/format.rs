//! Dates, times and numbers as each language writes them. The words
//! (weekdays, months) and the order of the parts come from the catalogue
//! (`date-medium`), so a translator can change them.

use fluent_bundle::FluentArgs;
use jiff::civil::{Date, Time};

use super::{Catalog, Lang};

/// `23.5` → `23,5` in Italian, Polish and Russian (CLDR decimal separator);
/// a leading `-` becomes the minus sign. Digit grouping is not applied:
/// the numbers on a chess page (ratings, tie-break values) never need it.
pub fn format_decimal(lang: Lang, canonical: &str) -> String {
    let sep = match lang {
        Lang::En => ".",
        Lang::It | Lang::Pl | Lang::Ru => ",",
    };
    let text = canonical.replacen('.', sep, 1);
    match text.strip_prefix('-') {
        Some(rest) => format!("\u{2212}{rest}"),
        None => text,
    }
}

/// A date in the language's medium format, from the catalogue's
/// `date-medium` pattern and its weekday and month names.
pub fn format_date(lang: Lang, date: Date) -> String {
    let catalog = Catalog::get();
    let weekday = date.weekday().to_monday_one_offset();
    let mut args = FluentArgs::new();
    args.set(
        "weekday",
        catalog.text(lang, &format!("weekday-{weekday}"), None),
    );
    args.set("day", i64::from(date.day()));
    args.set(
        "month",
        catalog.text(lang, &format!("month-{}", date.month()), None),
    );
    args.set("monthnum", format!("{:02}", date.month()));
    args.set("year", date.year().to_string());
    catalog.text(lang, "date-medium", Some(&args))
}

/// A time of day: 24-hour `15:30` in all four languages.
pub fn format_time(_lang: Lang, time: Time) -> String {
    format!("{:02}:{:02}", time.hour(), time.minute())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_dates_in_each_language() {
        assert_eq!(format_decimal(Lang::En, "23.5"), "23.5");
        assert_eq!(format_decimal(Lang::It, "23.5"), "23,5");
        assert_eq!(format_decimal(Lang::Ru, "-0.25"), "\u{2212}0,25");
        assert_eq!(format_decimal(Lang::Pl, "2100"), "2100");
        // 14 March 2026 is a Saturday.
        let d = jiff::civil::date(2026, 3, 14);
        assert_eq!(format_date(Lang::En, d), "Sat 14 Mar 2026");
        assert_eq!(format_date(Lang::It, d), "sab 14 mar 2026");
        assert_eq!(format_date(Lang::Pl, d), "sob. 14 mar 2026");
        assert_eq!(format_date(Lang::Ru, d), "сб, 14 мар. 2026");
        assert_eq!(
            format_time(Lang::Ru, jiff::civil::time(9, 5, 0, 0)),
            "09:05"
        );
    }
}
