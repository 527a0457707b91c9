//! UTC timestamps for journal entries, without a date library.

use std::time::{SystemTime, UNIX_EPOCH};

/// Now, as RFC 3339 UTC with second precision.
pub fn now_rfc3339() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    format_epoch(secs)
}

/// `secs` since 1970-01-01T00:00:00Z as RFC 3339.
fn format_epoch(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Proleptic Gregorian date of a day count since 1970-01-01 (the classic
/// era-based conversion: eras of 146 097 days).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates() {
        assert_eq!(format_epoch(0), "1970-01-01T00:00:00Z");
        // 2000-02-29 12:34:56 UTC = 951827696.
        assert_eq!(format_epoch(951_827_696), "2000-02-29T12:34:56Z");
        // 2026-11-30 00:00:00 UTC = 1795996800.
        assert_eq!(format_epoch(1_795_996_800), "2026-11-30T00:00:00Z");
    }
}
