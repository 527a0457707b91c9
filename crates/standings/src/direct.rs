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

#[cfg(test)]
mod tests {
    use arbiter_model::{Colour, Entrant, Outcome, Player, RoundEntry, Tournament};

    use super::*;
    use crate::options::StandingsOptions;

    /// A field from rounds of games written `white-black result` with the
    /// result `1` (White won), `=` or `0`; players not listed in a round are
    /// absent.
    fn field(players: u32, rounds: &[&str]) -> Field {
        let mut entrants: Vec<Entrant> = (1..=players)
            .map(|tpn| Entrant {
                player: Player {
                    tpn,
                    ..Player::default()
                },
                rounds: vec![RoundEntry::Absent; rounds.len()],
                ..Entrant::default()
            })
            .collect();
        for (r, games) in rounds.iter().enumerate() {
            for game in games.split(',').map(str::trim).filter(|g| !g.is_empty()) {
                let (pair, result) = game.split_once(' ').expect("game");
                let (w, b) = pair.split_once('-').expect("pair");
                let (w, b): (u32, u32) = (w.parse().expect("white"), b.parse().expect("black"));
                let outcome = match result {
                    "1" => Outcome::Win,
                    "=" => Outcome::Draw,
                    _ => Outcome::Loss,
                };
                let mut put = |p: u32, opponent: u32, colour, outcome| {
                    entrants[p as usize - 1].rounds[r] = RoundEntry::Game {
                        opponent,
                        colour,
                        outcome,
                        rated: true,
                    };
                };
                put(w, b, Colour::White, outcome);
                put(b, w, Colour::Black, outcome.reversed());
            }
        }
        let t = Tournament {
            entrants,
            ..Tournament::default()
        };
        Field::new(&t, &StandingsOptions::default()).expect("field")
    }

    const SWISS: DeRules = DeRules {
        forfeits_count: false,
        round_robin: false,
    };

    /// DE on the players `tpns`; the answer in TPNs.
    fn de(f: &Field, tpns: &[u32], rules: DeRules) -> Vec<Vec<u32>> {
        let group: Vec<usize> = tpns.iter().map(|&t| t as usize - 1).collect();
        rank_group(f, &group, rules)
            .into_iter()
            .map(|part| {
                let mut v: Vec<u32> = part.iter().map(|&p| f.people[p].tpn).collect();
                v.sort_unstable();
                v
            })
            .collect()
    }

    #[test]
    fn two_players() {
        let won = field(2, &["1-2 0"]);
        assert_eq!(de(&won, &[1, 2], SWISS), [vec![2], vec![1]]);
        let drawn = field(2, &["1-2 ="]);
        assert_eq!(de(&drawn, &[1, 2], SWISS), [vec![1, 2]]);
        let not_met = field(4, &["1-3 1, 2-4 1"]);
        assert_eq!(de(&not_met, &[1, 2], SWISS), [vec![1, 2]]);
    }

    #[test]
    fn three_players_full_mini_round_robin() {
        // 1 beat 2, 1 drew 3, 2 beat 3: 1½, 1, ½.
        let f = field(3, &["1-2 1", "3-1 =", "2-3 1"]);
        assert_eq!(de(&f, &[1, 2, 3], SWISS), [vec![1], vec![2], vec![3]]);
        // A cycle: everybody 1 point, nobody separated.
        let cycle = field(3, &["1-2 1", "2-3 1", "3-1 1"]);
        assert_eq!(de(&cycle, &[1, 2, 3], SWISS), [vec![1, 2, 3]]);
    }

    /// tiebreaks.md §4.1 example: B first, A and D tied on 1½ and re-examined
    /// on their own (D beat A), C last.
    #[test]
    fn four_players_with_a_re_applied_subgroup() {
        // A=1, B=2, C=3, D=4.
        let f = field(4, &["1-2 1, 3-4 =", "1-3 =, 2-4 1", "1-4 0, 2-3 1"]);
        let rr = DeRules {
            forfeits_count: true,
            round_robin: true,
        };
        assert_eq!(
            de(&f, &[1, 2, 3, 4], rr),
            [vec![2], vec![4], vec![1], vec![3]]
        );
        assert_eq!(
            de(&f, &[1, 2, 3, 4], SWISS),
            [vec![2], vec![4], vec![1], vec![3]]
        );
    }

    #[test]
    fn group_where_not_all_met() {
        // 1 beat 2 and 3; 2 and 3 never met: 1 is alone on top (2 points
        // against at most 1 for the others), 2 and 3 stay tied.
        let f = field(3, &["1-2 1", "3-1 0"]);
        assert_eq!(de(&f, &[1, 2, 3], SWISS), [vec![1], vec![2, 3]]);
        // 1 beat 2; 3 met nobody and could still reach 2 points: no split.
        let g = field(3, &["1-2 1"]);
        assert_eq!(de(&g, &[1, 2, 3], SWISS), [vec![1, 2, 3]]);
        // In a round robin the "all met" branch is taken with the games that
        // exist: 1 first, then 2 and 3 tied on 0.
        let rr = DeRules {
            forfeits_count: true,
            round_robin: true,
        };
        assert_eq!(de(&g, &[1, 2, 3], rr), [vec![1], vec![2, 3]]);
    }

    #[test]
    fn repeated_meetings_are_averaged() {
        // 1 won and drew against 2: ¾ against ¼.
        let f = field(2, &["1-2 1", "2-1 ="]);
        assert_eq!(de(&f, &[1, 2], SWISS), [vec![1], vec![2]]);
        // A win each: ½ each.
        let g = field(2, &["1-2 1", "2-1 1"]);
        assert_eq!(de(&g, &[1, 2], SWISS), [vec![1, 2]]);
    }
}
