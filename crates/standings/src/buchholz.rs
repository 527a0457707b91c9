//! Buchholz family (C.07 Art. 8-9): BH, FB, SB with cuts and medians, and AOB
//! (tiebreaks.md §4.3, §4.4, §5, §7).

use crate::code::{Cut, TieBreak};
use crate::edition::Edition;
use crate::error::StandingsError;
use crate::field::{Field, Slot, SlotKind};
use crate::options::Mode;
use crate::value::{Value, div_half_up};

/// Which sum is taken over the contributions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sum {
    /// Opponents' scores (BH, FB).
    Scores,
    /// Opponents' scores times the points scored against them (SB).
    Products,
}

/// The rules one key is computed under.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rules {
    pub edition: Edition,
    /// Swiss treatment of unplayed rounds (dummies); false in a round robin.
    pub swiss: bool,
    /// Forfeits treated as played games (`/P`, and always in a round robin).
    pub forfeits_played: bool,
}

impl Rules {
    pub fn of(field: &Field, tb: &TieBreak) -> Rules {
        let swiss = tb.swiss || field.mode == Mode::Swiss;
        Rules {
            edition: tb.edition.unwrap_or(field.edition),
            swiss,
            forfeits_played: tb.forfeits_as_played || !swiss,
        }
    }
}

/// One round's contribution (§5): the opponent's (or dummy's) score `v` in
/// tenths, the product `v × points` in hundredths, and whether the round is a
/// VUR for the unplayed-round cut exception (Art. 16.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Contribution {
    v: i64,
    prod: i64,
    vur: bool,
}

/// The scores a Buchholz reads: what opponents see of each participant and
/// each participant's own score for its dummies; `fore` for Fore Buchholz.
struct View {
    seen: Vec<i64>,
    own: Vec<i64>,
    fore: bool,
}

impl View {
    /// Final scores (BH, SB).
    fn final_scores(f: &Field, rules: Rules) -> View {
        View {
            seen: (0..f.people.len())
                .map(|q| f.seen_score(q, rules.edition, rules.swiss))
                .collect(),
            own: f.people.iter().map(|p| p.score).collect(),
            fore: false,
        }
    }

    /// Fore Buchholz (8.3, §4.3 exact procedure): every paired final-round
    /// pairing (game or forfeit) is counted as a draw.
    fn fore_scores(f: &Field, rules: Rules) -> View {
        let mut v = View::final_scores(f, rules);
        v.fore = true;
        let Some(last) = f.n.checked_sub(1) else {
            return v;
        };
        for (q, p) in f.people.iter().enumerate() {
            let s = &p.slots[last];
            let paired = s.opp.is_some() || matches!(s.kind, SlotKind::Game { .. } | SlotKind::Pab);
            if paired {
                let before: i64 = p.slots[..last].iter().map(|s| s.pts).sum();
                let final_round = if s.opp.is_some() { f.draw } else { s.pts };
                v.seen[q] = before + final_round;
                v.own[q] = before + final_round;
            }
        }
        v
    }
}

/// The per-round contributions of participant `p` (§4.3, §7).
fn contributions(f: &Field, p: usize, rules: Rules, view: &View) -> Vec<Contribution> {
    let person = &f.people[p];
    let mut out = Vec::with_capacity(f.n);
    let mut before = 0;
    for (r, slot) in person.slots.iter().enumerate() {
        let final_round = r + 1 == f.n;
        let as_game = slot.otb()
            || (slot.opp.is_some() && (rules.forfeits_played || (view.fore && final_round)));
        let value = match slot.opp {
            Some(q) if as_game => Some((view.seen[q], false)),
            _ if !rules.swiss => None,
            _ => Some((dummy(f, p, r, slot, before, rules, view), slot.vur)),
        };
        if let Some((v, vur)) = value {
            out.push(Contribution {
                v,
                prod: v * slot.weight,
                vur: vur && rules.edition.has_dummy_opponent(),
            });
        }
        before += slot.pts;
    }
    out
}

/// The score of the opponent standing in for an unplayed round (round index
/// `r`, 0-based) of participant `p`; `before` = p's points before the round.
fn dummy(
    f: &Field,
    p: usize,
    r: usize,
    slot: &Slot,
    before: i64,
    rules: Rules,
    view: &View,
) -> i64 {
    let own = view.own[p];
    match rules.edition {
        // §7.2: the virtual opponent had p's score before the round, got the
        // complementary result, and drew every later round.
        Edition::Fide2009 => {
            let complement = if slot.pts == f.win {
                f.loss
            } else if slot.pts == f.draw {
                f.draw
            } else {
                f.win
            };
            before + complement + f.draw * (f.n - r - 1) as i64
        }
        // 16.4 (2023/2024): the participant's own score.
        Edition::Fide2023 | Edition::Fide2024 => own,
        // 16.4.1 / 16.4.2 (2026): capped by the forfeited opponent's adjusted
        // score, or by draw points × rounds.
        Edition::Fide2026 => {
            let cap = match slot.opp {
                Some(q) => view.seen[q],
                None => f.draw * f.n as i64,
            };
            own.min(cap)
        }
    }
}

/// Removes the cut contributions (§5 exact procedure): low cuts first, each
/// preferring a VUR (Art. 16.5), then the high cuts of a median.
fn apply_cut(mut c: Vec<Contribution>, cut: Cut, n: usize) -> Vec<Contribution> {
    let low = (cut.low as usize).min(n);
    let high = (cut.high as usize).min(n - low);
    for _ in 0..low {
        let Some(lsv) = (0..c.len()).min_by_key(|&i| (c[i].v, c[i].prod)) else {
            break;
        };
        // C.07 16.5.1: the candidate is the *lowest contribution* of a VUR
        // (smallest product, then smallest value, then the earliest round),
        // cut unless it is lower than the least significant value.
        let cand = (0..c.len())
            .filter(|&i| c[i].vur)
            .min_by_key(|&i| (c[i].prod, c[i].v));
        let remove = match cand {
            Some(cand) if c[lsv].prod <= c[cand].prod => cand,
            _ => lsv,
        };
        c.remove(remove);
    }
    for _ in 0..high {
        let Some(i) = (0..c.len()).max_by_key(|&i| (c[i].v, c[i].prod)) else {
            break;
        };
        c.remove(i);
    }
    c
}

/// The value of a sum after cuts: `0` (integer) when nothing is left (§13.1).
fn total(c: &[Contribution], sum: Sum) -> Value {
    if c.is_empty() {
        return Value::Int(0);
    }
    match sum {
        Sum::Scores => Value::tenths(c.iter().map(|x| x.v).sum()),
        Sum::Products => Value::hundredths(c.iter().map(|x| x.prod).sum()),
    }
}

/// BH, SB or FB (with `fore`) of every participant, after the key's cuts.
pub(crate) fn buchholz(
    f: &Field,
    tb: &TieBreak,
    sum: Sum,
    fore: bool,
) -> Result<Vec<Value>, StandingsError> {
    let rules = Rules::of(f, tb);
    let view = view(f, rules, fore)?;
    Ok((0..f.people.len())
        .map(|p| {
            let mut c = contributions(f, p, rules, &view);
            if sum == Sum::Scores {
                // For BH and FB the "product" the cuts compare is the value.
                for x in &mut c {
                    x.prod = x.v;
                }
            }
            total(&apply_cut(c, tb.cut, f.n), sum)
        })
        .collect())
}

fn view(f: &Field, rules: Rules, fore: bool) -> Result<View, StandingsError> {
    if !fore {
        Ok(View::final_scores(f, rules))
    } else if rules.edition.has_dummy_opponent() {
        Ok(View::fore_scores(f, rules))
    } else {
        Err(StandingsError::ForeBuchholz2009)
    }
}

/// Uncut Buchholz (or Fore Buchholz) of every participant, in tenths.
fn full_buchholz(f: &Field, rules: Rules, fore: bool) -> Result<Vec<i64>, StandingsError> {
    let view = view(f, rules, fore)?;
    Ok((0..f.people.len())
        .map(|p| contributions(f, p, rules, &view).iter().map(|x| x.v).sum())
        .collect())
}

/// AOB (8.2): the mean of the full BH (FB with `/F`) of the opponents met over
/// the board, one term per game, rounded half up to `decimals` (2 for
/// individuals; the reference prints teams' with 3 from 9 rounds on).
pub(crate) fn average_of_opponents_buchholz(
    f: &Field,
    tb: &TieBreak,
    decimals: u8,
) -> Result<Vec<Value>, StandingsError> {
    let rules = Rules::of(f, tb);
    let bh = full_buchholz(f, rules, tb.fore)?;
    Ok(f.people
        .iter()
        .map(|p| {
            let opps: Vec<i64> = p
                .slots
                .iter()
                .filter(|s| s.otb())
                .filter_map(|s| s.opp.map(|q| bh[q]))
                .collect();
            if opps.is_empty() {
                Value::Missing
            } else {
                let sum: i64 = opps.iter().sum();
                // BH is in tenths: scale to the wanted decimals.
                let scale = 10i64.pow(u32::from(decimals.saturating_sub(1)));
                Value::Decimal {
                    units: div_half_up(sum * scale, opps.len() as i64),
                    decimals,
                }
            }
        })
        .collect())
}
