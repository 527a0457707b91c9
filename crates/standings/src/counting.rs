//! Keys read from the participant's own results (C.07 Art. 7 and Koya 9.2;
//! tiebreaks.md §4.2, §4.4).

use arbiter_model::{Colour, Outcome};

use crate::code::TieBreak;
use crate::field::{Field, Person, SlotKind};
use crate::options::Mode;
use crate::value::Value;

/// WIN (7.1): rounds worth a win, played or not (OTB, forfeit, PAB, FPB).
pub(crate) fn wins(f: &Field, p: &Person) -> Value {
    count(p, |s| s.pts == f.win)
}

/// WON (7.2): games won over the board.
pub(crate) fn won(p: &Person) -> Value {
    games(p, |_, o| o == Outcome::Win)
}

/// BPG (7.3): games played over the board with Black.
pub(crate) fn black_games(p: &Person) -> Value {
    games(p, |c, _| c == Colour::Black)
}

/// BWG (7.4): games won over the board with Black.
pub(crate) fn black_wins(p: &Person) -> Value {
    games(p, |c, o| c == Colour::Black && o == Outcome::Win)
}

/// REP (7.6): rounds one elected to play, n − VURs (§1).
pub(crate) fn rounds_elected(p: &Person) -> Value {
    count(p, |s| !s.vur)
}

/// STD (7.7): 1 for a round worth more than a draw, ½ for a draw's worth, 0
/// below; one decimal.
pub(crate) fn standard_points(f: &Field, p: &Person) -> Value {
    Value::tenths(
        p.slots
            .iter()
            .map(|s| match s.pts.cmp(&f.draw) {
                std::cmp::Ordering::Greater => 10,
                std::cmp::Ordering::Equal => 5,
                std::cmp::Ordering::Less => 0,
            })
            .sum(),
    )
}

/// PS (7.5): the sum of the running scores after each round; a cut drops the
/// earliest running totals (Art. 14.1).
pub(crate) fn progressive(f: &Field, p: &Person, tb: &TieBreak) -> Value {
    let skip = (tb.cut.low as usize).min(f.n);
    if skip >= p.slots.len() {
        return Value::Int(0);
    }
    let mut running = 0;
    let mut sum = 0;
    for (r, s) in p.slots.iter().enumerate() {
        running += s.pts;
        if r >= skip {
            sum += running;
        }
    }
    Value::tenths(sum)
}

/// KS (9.2): points scored in rounds with a scheduled opponent — games and
/// forfeits alike — whose real final score reaches the limit (`0` as an
/// integer when no round qualifies, §4.4).
pub(crate) fn koya(f: &Field, tb: &TieBreak) -> Vec<Value> {
    let rounds = koya_rounds(f, tb) as i64;
    // limit × 100, in tenths: W × rounds × percent + shift × 100.
    let limit = f.win * rounds * i64::from(tb.koya.percent) + tb.koya.shift_tenths * 100;
    f.people
        .iter()
        .map(|p| {
            let qualifying: Vec<i64> = p
                .slots
                .iter()
                .filter(|s| s.opp.is_some_and(|q| f.people[q].score * 100 >= limit))
                .map(|s| s.pts)
                .collect();
            if qualifying.is_empty() {
                Value::Int(0)
            } else {
                Value::tenths(qualifying.iter().sum())
            }
        })
        .collect()
}

/// The rounds of the maximum possible score: n in a Swiss; in a round robin
/// one bye per cycle of an odd field and one round per participant never
/// paired are deducted (§4.4, reference behaviour).
fn koya_rounds(f: &Field, tb: &TieBreak) -> usize {
    if tb.swiss || f.mode == Mode::Swiss {
        return f.n;
    }
    let players = f.people.len();
    let byes = if players > 0 && f.n.is_multiple_of(players) {
        f.n / players
    } else {
        0
    };
    let never_paired = f
        .people
        .iter()
        .filter(|p| p.slots.iter().all(|s| s.opp.is_none()))
        .count();
    f.n.saturating_sub(byes + never_paired)
}

fn count(p: &Person, pred: impl Fn(&crate::field::Slot) -> bool) -> Value {
    Value::Int(p.slots.iter().filter(|s| pred(s)).count() as i64)
}

/// Counts the over-the-board games matching `pred(colour, outcome)`; forfeits
/// never count, not even in a round robin (§13.10).
fn games(p: &Person, pred: impl Fn(Colour, Outcome) -> bool) -> Value {
    count(p, |s| match s.kind {
        SlotKind::Game { colour, outcome } => pred(colour, outcome),
        _ => false,
    })
}
