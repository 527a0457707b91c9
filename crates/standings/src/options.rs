//! How standings are computed: the tie-break list and the event's choices
//! (edition, Swiss or round robin, unrated players, last resort).

use std::str::FromStr;

use arbiter_model::Tournament;
use serde::Serialize;

use crate::code::TieBreak;
use crate::edition::Edition;

/// Swiss or round robin: the regulations treat forfeits and byes differently
/// (C.07 Art. 15 and 16; tiebreaks.md §6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mode {
    Swiss,
    RoundRobin,
}

impl Mode {
    /// Round robin when the tournament's system code (TRF 192, or the free
    /// text of 092) names one (`…ROUNDROBIN`, `BERGER…`, a word `RR`);
    /// Swiss otherwise.
    pub fn detect(t: &Tournament) -> Mode {
        let texts = [t.system.as_deref(), t.info.kind.as_deref()];
        let rr = texts.into_iter().flatten().any(|s| {
            let up = s.to_ascii_uppercase();
            up.contains("ROBIN")
                || up.contains("BERGER")
                || up
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|w| w == "RR")
        });
        if rr { Mode::RoundRobin } else { Mode::Swiss }
    }
}

/// What separates participants equal on points and every tie-break
/// (C.07 Art. 4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum LastResort {
    /// They share the place (shown "5-7"); FIDE's checker does this.
    Share,
    /// Tournament pairing number, ascending (7.8, 2026).
    Tpn,
    /// A drawing of lots, reproducible from the recorded seed.
    Lots { seed: u64 },
}

/// Why a text is not a last resort.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a last resort (share, tpn, lots or lots:SEED)")]
pub struct LastResortError(pub String);

impl FromStr for LastResort {
    type Err = LastResortError;

    /// `share`, `tpn`, `lots:SEED`; plain `lots` takes its seed from the clock
    /// (the seed is printed with the standings so the draw can be repeated).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().to_ascii_lowercase();
        match t.as_str() {
            "share" | "shared" => Ok(LastResort::Share),
            "tpn" => Ok(LastResort::Tpn),
            "lots" => Ok(LastResort::Lots { seed: clock_seed() }),
            _ => t
                .strip_prefix("lots:")
                .and_then(|n| n.parse().ok())
                .map(|seed| LastResort::Lots { seed })
                .ok_or_else(|| LastResortError(s.to_string())),
        }
    }
}

/// A seed for an unseeded drawing of lots.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}

/// The rating list read by rating-based tie-breaks (C.07 10: the first rating
/// of the event unless the regulations say otherwise).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub enum RatingList {
    #[default]
    Fide,
    Rapid,
    Blitz,
    National,
}

/// Everything that decides a ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingsOptions {
    /// Tie-breaks in order. `None`: the tournament's own list (TRF 202/212;
    /// points only when it names none).
    pub tiebreaks: Option<Vec<TieBreak>>,
    /// Rules for unplayed rounds; `None`: by the start date (§13.3).
    pub edition: Option<Edition>,
    /// `None`: detected from the system code.
    pub mode: Option<Mode>,
    /// Rounds to count; `None`: the last round with a game or a PAB (§13.2).
    pub rounds: Option<u32>,
    pub last_resort: LastResort,
    /// Rating given to unrated participants by every rating-based key;
    /// without it such keys have no value when anybody is unrated (§4.5).
    pub unrated_rating: Option<u16>,
    pub rating_list: RatingList,
}

impl Default for StandingsOptions {
    fn default() -> Self {
        StandingsOptions {
            tiebreaks: None,
            edition: None,
            mode: None,
            rounds: None,
            last_resort: LastResort::Share,
            unrated_rating: None,
            rating_list: RatingList::Fide,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_round_robins_by_system_code() {
        let mut t = Tournament::default();
        assert_eq!(Mode::detect(&t), Mode::Swiss);
        t.info.kind = Some("FIDE_DUTCH_2025".into());
        assert_eq!(Mode::detect(&t), Mode::Swiss);
        t.system = Some("FIDE_DOUBLEROUNDROBIN".into());
        assert_eq!(Mode::detect(&t), Mode::RoundRobin);
        t.system = None;
        t.info.kind = Some("Individual: RR".into());
        assert_eq!(Mode::detect(&t), Mode::RoundRobin);
    }

    #[test]
    fn reads_last_resorts() {
        assert_eq!("TPN".parse(), Ok(LastResort::Tpn));
        assert_eq!("lots:42".parse(), Ok(LastResort::Lots { seed: 42 }));
        assert!(matches!("lots".parse(), Ok(LastResort::Lots { .. })));
        assert!("coin".parse::<LastResort>().is_err());
    }
}
