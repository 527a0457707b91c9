//! The size limits of the format (spec 05 §3, §7.6; issue 10 items 5 and 6).
//! Every count and number read from a file is checked against them before
//! anything is allocated for it, and the writer refuses what would not fit;
//! beyond a limit the error is of kind [`crate::ErrorKind::SizeLimit`]
//! (exit code 4).

use arbiter_model::{Points, Tpn};

use crate::text::points_field;

/// The highest starting rank: record 001 columns 5-8 (spec 05 §3), so also
/// the most players a file holds.
pub const MAX_TPN: Tpn = 9999;

/// The most rounds a file may hold: round blocks of record 001, total
/// rounds (142/XXR) and every round number of 132, 240, 250, 260 and `XXA`.
/// TRF itself fixes no bound; 99 keeps a 001 line within 1,079 columns and
/// is more than any Swiss or round robin plays.
pub const MAX_ROUNDS: u32 = 99;

/// The largest file read: 9,999 players of 99 rounds take about 11 MB, and
/// team, acceleration and other records a few more; anything beyond is
/// refused before it is read (README "Size limits of input files").
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// The largest number a 4-column field holds (rating, rank, opponent).
pub const MAX_FOUR_DIGITS: u32 = 9999;

/// The largest FIDE id the 11 columns 58-68 of record 001 hold.
pub const MAX_FIDE_ID: u64 = 99_999_999_999;

/// Width of a points field (001 columns 81-84, 162 values, `XXA`, `250`).
pub const POINTS_WIDTH: usize = 4;

/// True when `p` fits a points field (`99.5` with a decimal, `9999` whole,
/// `-9.5`): the values of scoring and acceleration records, which the
/// writer puts in such fields.
pub(crate) fn fits_points_field(p: Points) -> bool {
    points_field(p).chars().count() <= POINTS_WIDTH
}

/// A token of digits read as a number no greater than `max`: `Ok(None)` when
/// it is not made of digits only, `Err(())` when it is larger than `max`
/// (however many digits it has: nothing is parsed beyond `max`).
pub(crate) fn bounded_number(token: &str, max: u64) -> Result<Option<u64>, ()> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    let significant = token.trim_start_matches('0');
    if significant.len() > 19 {
        return Err(());
    }
    let value: u64 = significant.parse().unwrap_or(0);
    if value > max {
        Err(())
    } else {
        Ok(Some(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_beyond_the_limit_are_refused_however_long() {
        assert_eq!(bounded_number("0099", 99), Ok(Some(99)));
        assert_eq!(bounded_number("100", 99), Err(()));
        assert_eq!(bounded_number("4000000000", 99), Err(()));
        assert_eq!(bounded_number(&"9".repeat(400), 99), Err(()));
        assert_eq!(bounded_number(&"0".repeat(400), 99), Ok(Some(0)));
        assert_eq!(bounded_number("1a", 99), Ok(None));
        assert_eq!(bounded_number("-1", 99), Ok(None));
        assert_eq!(bounded_number("", 99), Ok(None));
    }
}
