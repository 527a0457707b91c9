//! Languages of the pages: English, Italian, Polish and Russian.
//!
//! Every text a page or a message shows comes from the Fluent catalogue
//! (`crates/web/locales/{en,it,pl,ru}.ftl`, embedded in the binary), so
//! plurals follow each language's CLDR rules (Polish and Russian have
//! one/few/many). Tie-break names are not in the catalogue: they come from
//! [`arbiter_standings::labels`], the same names the CLI prints.
//!
//! The language of a request ([`negotiate`]): `?lang=` first, then the
//! `lang` cookie that a `?lang=` choice sets, then `Accept-Language`, then
//! English.

mod catalog;
mod format;
pub(crate) mod negotiate;

pub use arbiter_standings::labels::Lang;
pub use catalog::{Catalog, MISSING_MARK};
pub use format::{format_date, format_decimal, format_time};
pub use negotiate::{LANG_COOKIE, negotiate};

use fluent_bundle::FluentArgs;

/// A number a message counts (rounds, players), by value or reference as
/// templates hand them over.
pub trait Count {
    fn count(&self) -> i64;
}

impl Count for u32 {
    fn count(&self) -> i64 {
        i64::from(*self)
    }
}

impl Count for u64 {
    fn count(&self) -> i64 {
        i64::try_from(*self).unwrap_or(i64::MAX)
    }
}

impl Count for usize {
    fn count(&self) -> i64 {
        i64::try_from(*self).unwrap_or(i64::MAX)
    }
}

impl Count for i64 {
    fn count(&self) -> i64 {
        *self
    }
}

impl<T: Count> Count for &T {
    fn count(&self) -> i64 {
        (**self).count()
    }
}

/// The texts of one request's language, handed to every template as `tr`.
#[derive(Clone, Copy, Debug)]
pub struct Tr {
    pub lang: Lang,
}

impl Tr {
    pub fn new(lang: Lang) -> Tr {
        Tr { lang }
    }

    /// The language code for `<html lang>` and links.
    pub fn code(&self) -> &'static str {
        self.lang.code()
    }

    /// The message `key`.
    pub fn t(&self, key: &str) -> String {
        Catalog::get().text(self.lang, key, None)
    }

    /// The message `key` with one numeric argument (plural-aware).
    pub fn tn(&self, key: &str, name: &str, n: impl Count) -> String {
        let mut args = FluentArgs::new();
        args.set(name.to_string(), n.count());
        Catalog::get().text(self.lang, key, Some(&args))
    }

    /// The message `key` with one text argument.
    pub fn ts(&self, key: &str, name: &str, value: &str) -> String {
        let mut args = FluentArgs::new();
        args.set(name.to_string(), value.to_string());
        Catalog::get().text(self.lang, key, Some(&args))
    }

    /// The message `key` with any arguments.
    pub fn ta(&self, key: &str, args: &FluentArgs) -> String {
        Catalog::get().text(self.lang, key, Some(args))
    }

    /// A decimal number written `23.5` in this language (`23,5`).
    pub fn num(&self, canonical: &str) -> String {
        format_decimal(self.lang, canonical)
    }

    /// A date in this language's medium format (`Sat 14 Mar 2026`).
    pub fn date(&self, date: jiff::civil::Date) -> String {
        format_date(self.lang, date)
    }

    /// A time of day (`15:30`).
    pub fn time(&self, time: jiff::civil::Time) -> String {
        format_time(self.lang, time)
    }

    /// The standings crate's column title: 0 rank, 1 pairing number,
    /// 2 name, 3 points.
    pub fn column(&self, which: usize) -> &'static str {
        arbiter_standings::labels::column_titles(self.lang)[which.min(3)]
    }

    /// "Standings after round N", as the CLI titles them.
    pub fn standings_title(&self, rounds: impl Count) -> String {
        arbiter_standings::labels::standings_title(
            self.lang,
            u32::try_from(rounds.count()).unwrap_or(0),
        )
    }

    /// The full name of a tie-break code (`BH/C1` → "Buchholz Cut 1"), as
    /// the standings crate names it; an unknown code is shown as it is.
    pub fn tiebreak(&self, code: &str) -> String {
        match code.parse::<arbiter_standings::TieBreak>() {
            Ok(tb) => arbiter_standings::labels::tiebreak_name(&tb, self.lang),
            Err(_) => code.to_string(),
        }
    }
}
