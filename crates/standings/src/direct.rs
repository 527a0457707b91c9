//! Direct encounter (C.07 Art. 6; tiebreaks.md §4.1): ranks a tied group by
//! the games among its members, re-applied to every subgroup a split leaves.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use crate::field::Field;

/// A non-negative rational number (DE scores are averages over repeated
/// meetings, Art. 4.4).
#[derive(Clone, Copy, Debug)]
struct Ratio {
    num: i64,
    den: i64,
}

impl Ratio {
    const ZERO: Ratio = Ratio { num: 0, den: 1 };

    fn add(self, o: Ratio) -> Ratio {
        Ratio {
            num: self.num * o.den + o.num * self.den,
            den: self.den * o.den,
        }
        .reduced()
    }

    fn reduced(self) -> Ratio {
        let g = gcd(self.num.abs(), self.den).max(1);
        Ratio {
            num: self.num / g,
            den: self.den / g,
        }
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl PartialEq for Ratio {
    fn eq(&self, o: &Ratio) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Ratio {}
impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Ratio) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Ratio {
    fn cmp(&self, o: &Ratio) -> Ordering {
        (i128::from(self.num) * i128::from(o.den)).cmp(&(i128::from(o.num) * i128::from(self.den)))
    }
}

/// DE data of one member: points against the group and members met.
struct Encounter {
    member: usize,
    score: Ratio,
    met: usize,
    /// Score if every unmet member had been beaten.
    max: Ratio,
}

/// How DE reads the games.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DeRules {
    /// Forfeits count as games (round robin, `/P`).
    pub forfeits_count: bool,
    /// Round robin: the "all have met" branch is always taken (§4.1 step 2).
    pub round_robin: bool,
}

/// Ranks the tied `group` (participant indices, at least two) by direct
/// encounter: ordered subgroups, members of one subgroup still tied.
pub(crate) fn rank_group(f: &Field, group: &[usize], rules: DeRules) -> Vec<Vec<usize>> {
    let parts = split(f, group, rules);
    if parts.len() == 1 {
        return parts;
    }
    // 6.2: every subgroup produced by a split is examined again on its own.
    parts
        .into_iter()
        .flat_map(|part| {
            if part.len() > 1 {
                rank_group(f, &part, rules)
            } else {
                vec![part]
            }
        })
        .collect()
}

/// One application of DE to `group` (§4.1 steps 1-3).
fn split(f: &Field, group: &[usize], rules: DeRules) -> Vec<Vec<usize>> {
    let size = group.len();
    let mut enc: Vec<Encounter> = group
        .iter()
        .map(|&p| encounter(f, p, group, rules))
        .collect();
    let all_met = rules.round_robin || enc.iter().all(|e| e.met == size - 1);
    if all_met {
        enc.sort_by(|a, b| {
            b.score
                .cmp(&a.score)
                .then(f.people[a.member].tpn.cmp(&f.people[b.member].tpn))
        });
        let mut parts: Vec<Vec<usize>> = Vec::new();
        for (i, e) in enc.iter().enumerate() {
            if i > 0 && enc[i - 1].score == e.score {
                if let Some(last) = parts.last_mut() {
                    last.push(e.member);
                }
            } else {
                parts.push(vec![e.member]);
            }
        }
        return parts;
    }
    // 6.3: not all have met; a member is alone on top only if no missing
    // result could bring anybody below it level.
    enc.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.max.cmp(&a.max))
            .then(f.people[a.member].tpn.cmp(&f.people[b.member].tpn))
    });
    let mut parts = Vec::new();
    let mut i = 0;
    while i + 1 < size {
        let best_below = enc[i + 1..]
            .iter()
            .map(|e| e.max)
            .max()
            .unwrap_or(Ratio::ZERO);
        if enc[i].score > best_below {
            parts.push(vec![enc[i].member]);
            i += 1;
        } else {
            break;
        }
    }
    parts.push(enc[i..].iter().map(|e| e.member).collect());
    parts
}

/// Points of `p` against the other members of `group`, repeated meetings
/// averaged (4.4), and the number of members met.
fn encounter(f: &Field, p: usize, group: &[usize], rules: DeRules) -> Encounter {
    let mut per_opponent: BTreeMap<usize, (i64, i64)> = BTreeMap::new();
    for s in &f.people[p].slots {
        let Some(q) = s.opp else { continue };
        if q == p || !group.contains(&q) || !(s.otb() || rules.forfeits_count) {
            continue;
        }
        let e = per_opponent.entry(q).or_insert((0, 0));
        e.0 += s.pts;
        e.1 += 1;
    }
    let score = per_opponent
        .values()
        .fold(Ratio::ZERO, |acc, &(pts, games)| {
            acc.add(
                Ratio {
                    num: pts,
                    den: games,
                }
                .reduced(),
            )
        });
    let met = per_opponent.len();
    let missing = (group.len() - 1 - met) as i64;
    Encounter {
        member: p,
        score,
        met,
        max: score.add(Ratio {
            num: missing * f.win,
            den: 1,
        }),
    }
}
