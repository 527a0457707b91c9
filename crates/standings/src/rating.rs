//! Rating-based tie-breaks (C.07 Art. 10; tiebreaks.md §4.5): ARO, TPR, PTP,
//! APRO, APPO, RTNG, with FIDE's B.02 conversion tables.

use arbiter_model::Outcome;

use crate::code::{Kind, TieBreak};
use crate::field::{Field, SlotKind};
use crate::value::{Value, div_half_up};

/// B.02 table: rating difference for a percentage score of 50..=100 %.
const DP: [i64; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// B.02 table: the largest rating difference giving an expected score of
/// .50, .51, … .99 to the higher-rated side; 736 and more give 1.00.
const PD_UPPER: [i64; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// Rating difference for a percentage 0..=100 (`dp`; below 50 % the negative
/// of the value for 100 − p).
fn dp(percent: i64) -> i64 {
    if percent >= 50 {
        DP[(percent - 50) as usize]
    } else {
        -DP[(50 - percent) as usize]
    }
}

/// Expected score in hundredths for a rating difference `d` (own − opponent).
fn pd(d: i64) -> i64 {
    let a = d.abs();
    let high = 50 + PD_UPPER.iter().take_while(|&&u| u < a).count() as i64;
    if d >= 0 { high } else { 100 - high }
}

/// The over-the-board record of one participant: opponents' ratings (one per
/// game) and the score in half points on the 1-½-0 scale.
struct OtbRecord {
    opponents: Vec<usize>,
    halves: i64,
}

fn otb_record(f: &Field, p: usize) -> OtbRecord {
    let mut rec = OtbRecord {
        opponents: Vec::new(),
        halves: 0,
    };
    for s in &f.people[p].slots {
        if let (SlotKind::Game { outcome, .. }, Some(q)) = (s.kind, s.opp) {
            rec.opponents.push(q);
            rec.halves += match outcome {
                Outcome::Win => 2,
                Outcome::Draw => 1,
                Outcome::Loss => 0,
            };
        }
    }
    rec
}

/// Every participant's rating for this key: `None` for everybody when someone
/// is unrated and no default rating is configured (§4.5).
fn ratings(f: &Field, tb: &TieBreak) -> Option<Vec<i64>> {
    let default = tb.unrated_rating.or(f.unrated_rating);
    f.people
        .iter()
        .map(|p| p.rating.or(default).map(i64::from))
        .collect()
}

/// Mean rounded half up; `None` for an empty list.
fn mean(values: &[i64]) -> Option<i64> {
    (!values.is_empty()).then(|| div_half_up(values.iter().sum(), values.len() as i64))
}

/// TPR (10.2) from the opponents' ratings and a 1-½-0 score in half points.
fn performance(opp: &[i64], halves: i64) -> Option<i64> {
    let aro = mean(opp)?;
    let games = opp.len() as i64;
    Some(aro + dp(div_half_up(100 * halves, 2 * games)))
}

/// PTP (10.3): the lowest rating whose expected score against the opponents
/// reaches the score; a zero score gives the lowest opponent − 800.
fn perfect_performance(opp: &[i64], halves: i64) -> Option<i64> {
    let (&lo, &hi) = (opp.iter().min()?, opp.iter().max()?);
    if halves == 0 {
        return Some(lo - 800);
    }
    let target = halves * 50;
    let reaches = |r: i64| opp.iter().map(|&o| pd(r - o)).sum::<i64>() >= target;
    // reaches(lo - 800) is false (every expectation is 0); reaches(hi + 800) is true.
    let (mut bad, mut good) = (lo - 800, hi + 800);
    while good - bad > 1 {
        let mid = bad + (good - bad) / 2;
        if reaches(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    Some(good)
}

/// Values of a rating-based key for every participant.
pub(crate) fn rating_key(f: &Field, tb: &TieBreak) -> Vec<Value> {
    let n = f.people.len();
    let Some(rating) = ratings(f, tb) else {
        return vec![Value::Missing; n];
    };
    let records: Vec<OtbRecord> = (0..n).map(|p| otb_record(f, p)).collect();
    let opp_ratings =
        |p: usize| -> Vec<i64> { records[p].opponents.iter().map(|&q| rating[q]).collect() };
    let per_player =
        |g: &dyn Fn(usize) -> Option<i64>| -> Vec<Option<i64>> { (0..n).map(g).collect() };
    let values: Vec<Option<i64>> = match tb.kind {
        Kind::Aro => per_player(&|p| {
            let mut r = opp_ratings(p);
            r.sort_unstable();
            let low = (tb.cut.low as usize).min(f.n);
            let high = (tb.cut.high as usize).min(f.n - low);
            let kept = r.get(low..r.len().saturating_sub(high)).unwrap_or(&[]);
            mean(kept)
        }),
        Kind::Tpr => per_player(&|p| performance(&opp_ratings(p), records[p].halves)),
        Kind::Ptp => per_player(&|p| perfect_performance(&opp_ratings(p), records[p].halves)),
        Kind::Apro | Kind::Appo => {
            let own: Vec<Option<i64>> = per_player(&|p| {
                if tb.kind == Kind::Apro {
                    performance(&opp_ratings(p), records[p].halves)
                } else {
                    perfect_performance(&opp_ratings(p), records[p].halves)
                }
            });
            per_player(&|p| {
                let v: Vec<i64> = records[p]
                    .opponents
                    .iter()
                    .filter_map(|&q| own[q])
                    .collect();
                mean(&v)
            })
        }
        _ => rating.iter().map(|&r| Some(r)).collect(),
    };
    values
        .into_iter()
        .map(|v| v.map_or(Value::Missing, Value::Int))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_b02() {
        assert_eq!(dp(75), 193);
        assert_eq!(dp(25), -193);
        assert_eq!(dp(0), -800);
        assert_eq!(dp(100), 800);
        assert_eq!(pd(0), 50);
        assert_eq!(pd(3), 50);
        assert_eq!(pd(4), 51);
        assert_eq!(pd(-4), 49);
        assert_eq!(pd(735), 99);
        assert_eq!(pd(736), 100);
        assert_eq!(pd(2000), 100);
        assert_eq!(pd(-2000), 0);
    }

    /// tiebreaks.md §4.5 worked rating example (OTTO `rating.py`).
    #[test]
    fn worked_rating_examples() {
        let four = [1800, 1600, 1700, 1900];
        assert_eq!(mean(&four), Some(1750));
        assert_eq!(performance(&four, 6), Some(1943));
        assert_eq!(perfect_performance(&four, 6), Some(1957));
        let three = [2000, 1900, 1800];
        assert_eq!(performance(&three, 4), Some(2025));
        assert_eq!(perfect_performance(&three, 4), Some(2026));
        assert_eq!(performance(&three, 6), Some(2700));
        assert_eq!(perfect_performance(&three, 6), Some(2736));
        assert_eq!(perfect_performance(&three, 0), Some(1000));
        assert_eq!(performance(&[2000], 2), Some(2800));
        assert_eq!(perfect_performance(&[2000], 2), Some(2736));
        assert_eq!(perfect_performance(&[2000], 1), Some(1997));
        assert_eq!(perfect_performance(&[], 1), None);
    }
}
