//! Which edition of the tie-break regulations governs unplayed rounds
//! (tiebreaks.md §0 edition timeline, §7, §13.3).

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

/// The rules for unplayed rounds and their dummies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(into = "u16")]
pub enum Edition {
    /// C.02 annex (Kallithea 2009, mandatory 2012-2023): the *virtual
    /// opponent* (§7.2), opponents' unplayed games counted as draws, plain cuts.
    Fide2009,
    /// C.07 2023: dummy opponent with the participant's own score (§7.1).
    Fide2023,
    /// C.07 2024: same calculations as 2023 (GE renamed REP).
    Fide2024,
    /// C.07 2026: as 2024 plus the caps on the dummy (16.4.1 / 16.4.2).
    Fide2026,
}

impl Edition {
    /// The edition in force on a start date written `YYYY/MM/DD`,
    /// `YYYY-MM-DD` or `YYYY.MM.DD` (TRF 042). Files without a readable date
    /// use the current edition (2026), as the corpus requires (§13.3).
    ///
    /// Dates follow the timeline of §0: 2026 rules from 2026-03-01, 2024 rules
    /// from 2024-08-01, 2023 rules from 2024-04-01 (the date they became
    /// mandatory for FIDE-rated events), the 2009 rules before. FIDE's checker
    /// knows no 2009 rules and would use 2024 for every date before 2026-03-01.
    pub fn for_start_date(date: Option<&str>) -> Edition {
        match date.and_then(parse_date) {
            Some(d) if d >= (2026, 3, 1) => Edition::Fide2026,
            Some(d) if d >= (2024, 8, 1) => Edition::Fide2024,
            Some(d) if d >= (2024, 4, 1) => Edition::Fide2023,
            Some(_) => Edition::Fide2009,
            None => Edition::Fide2026,
        }
    }

    /// True for the editions with the Art. 16 dummy opponent (2023+).
    pub fn has_dummy_opponent(self) -> bool {
        self != Edition::Fide2009
    }

    /// True when the dummy's score is capped (16.4.1 / 16.4.2, 2026).
    pub fn caps_dummy(self) -> bool {
        self == Edition::Fide2026
    }

    /// The year used in codes and on the command line.
    pub fn year(self) -> u16 {
        match self {
            Edition::Fide2009 => 2009,
            Edition::Fide2023 => 2023,
            Edition::Fide2024 => 2024,
            Edition::Fide2026 => 2026,
        }
    }
}

impl From<Edition> for u16 {
    fn from(e: Edition) -> u16 {
        e.year()
    }
}

/// `(year, month, day)` of a TRF date; `None` when unreadable.
fn parse_date(s: &str) -> Option<(u32, u32, u32)> {
    let mut parts = s.trim().split(['/', '-', '.']);
    let y = parts.next()?.trim().parse().ok()?;
    let m = parts.next()?.trim().parse().ok()?;
    let d = parts.next()?.trim().parse().ok()?;
    Some((y, m, d))
}

/// Why a text is not an edition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a tie-break edition (2009, 2023, 2024 or 2026)")]
pub struct EditionError(pub String);

impl FromStr for Edition {
    type Err = EditionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "2009" | "2012" => Ok(Edition::Fide2009),
            "2023" => Ok(Edition::Fide2023),
            "2024" => Ok(Edition::Fide2024),
            "2026" => Ok(Edition::Fide2026),
            other => Err(EditionError(other.to_string())),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edition_by_start_date() {
        assert_eq!(Edition::for_start_date(None), Edition::Fide2026);
        assert_eq!(
            Edition::for_start_date(Some("2026/03/01")),
            Edition::Fide2026
        );
        assert_eq!(
            Edition::for_start_date(Some("2026-02-28")),
            Edition::Fide2024
        );
        assert_eq!(
            Edition::for_start_date(Some("2024/05/10")),
            Edition::Fide2023
        );
        assert_eq!(
            Edition::for_start_date(Some("2012.10.04")),
            Edition::Fide2009
        );
        assert_eq!(Edition::for_start_date(Some("soon")), Edition::Fide2026);
    }
}
