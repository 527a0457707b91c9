//! Board-based team tie-breaks (C.07 Art. 12; tiebreaks.md §8): board count,
//! top-board result and bottom-board elimination. Individual forfeits count
//! as ordinary results and a team with the PAB is treated as having won
//! every board (Art. 12 preamble).

use std::cmp::Ordering;

use arbiter_model::ByeKind;
use arbiter_model::team::RoundKind;

use super::field::TeamField;

/// Which matches a board key reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Matches {
    /// Every round of the event (PAB and team byes included).
    All,
    /// Only the matches played over the board against this team (EDE's
    /// board keys, C.07 13.3.2).
    Against(u32),
}

/// Points of team `i` on each board (tenths), board 1 first.
pub(crate) fn board_totals(tf: &TeamField, i: usize, which: Matches) -> Vec<i64> {
    let boards = tf.rules.boards();
    let s = &tf.t.scoring;
    let mut totals = vec![0i64; boards];
    let mut every_board = |value: i64| totals.iter_mut().for_each(|t| *t += value);
    let mut per_board: Vec<(usize, i64)> = Vec::new();
    for r in 0..tf.n {
        let Some(round) = tf.round(i, r) else {
            continue;
        };
        match (&round.kind, which) {
            (RoundKind::Match(m), Matches::All) => {
                per_board.extend(
                    m.boards
                        .iter()
                        .enumerate()
                        .map(|(b, x)| (b, i64::from(x.points.tenths()))),
                );
            }
            (RoundKind::Match(m), Matches::Against(o)) if m.opponent == o && m.played => {
                per_board.extend(
                    m.boards
                        .iter()
                        .enumerate()
                        .map(|(b, x)| (b, i64::from(x.points.tenths()))),
                );
            }
            (RoundKind::PairingBye { .. } | RoundKind::Bye(ByeKind::Full), Matches::All) => {
                every_board(i64::from(s.win.tenths()));
            }
            (RoundKind::Bye(ByeKind::Half), Matches::All) => {
                every_board(i64::from(s.draw.tenths()));
            }
            _ => {}
        }
    }
    for (b, p) in per_board {
        if let Some(t) = totals.get_mut(b) {
            *t += p;
        }
    }
    totals
}

/// BC (12.1): Σ board number × points on that board; lower is better.
pub(crate) fn board_count(totals: &[i64]) -> i64 {
    totals
        .iter()
        .enumerate()
        .map(|(b, p)| (b as i64 + 1) * p)
        .sum()
}

/// TBR (12.2): better on board 1, then board 2, ...
pub(crate) fn top_board_cmp(a: &[i64], b: &[i64]) -> Ordering {
    b.cmp(a)
}

/// BBE (12.3): better without the lowest board, then without the two lowest,
/// ...
pub(crate) fn bottom_board_cmp(a: &[i64], b: &[i64]) -> Ordering {
    let sums =
        |v: &[i64]| -> Vec<i64> { (1..v.len()).rev().map(|k| v[..k].iter().sum()).collect() };
    sums(b).cmp(&sums(a))
}
