//! The choice of the upfloaters for the top scoregroup (C.04.6 art. 3.5)
//! with the criteria it is judged by: \[C3\] (art. 2.2.1), \[C4\]–\[C7\]
//! (art. 2.3.1–2.3.4).
//!
//! * 3.5.1: every team with a lower score than the residents is a potential
//!   upfloater.
//! * 3.5.2, \[C4\] and \[C5\]: sets are tried by size, the fewest first (the
//!   parity of the residents, then two more at a time), and for each size by
//!   their *score profile*, best first: \[C5\] maximises the upfloaters'
//!   scores taken in ascending order, so the profile whose lowest score is
//!   highest comes first, then the second lowest decides, and so on. A size
//!   or a profile none of whose sets gives a legal pairing is passed over:
//!   \[C3\], a completion criterion, outranks the quality criteria \[C4\] and
//!   \[C5\] ("consider all sets that comply with \[C4\] and \[C5\]" among the
//!   legal ones).
//! * 3.5.3 / 3.5.4: inside a profile the sets are taken in lexicographic
//!   order of their TPNs, each set listed by descending score, then
//!   ascending TPN.
//! * 3.5.5: of the legal sets of the profile (the bracket can be paired and
//!   the teams outside it can be paired, \[C1\]/\[C3\]), the first that complies
//!   with \[C6\] and then has the fewest upfloaters that floated in the
//!   previous round (\[C7\], not in the last two rounds). "Complies with \[C7\]"
//!   is read as "reaches the smallest count a legal set can reach", the
//!   order of art. 2.3 ("comply as much as possible … in descending
//!   priority"); the reference reads it so.
//!
//! The art. 3.5.4 example (2, 6, 8 on 3 points, 1, 3, 5 on 2.5, three
//! upfloaters) lists sets of two 3-pointers and one 2.5-pointer; by the
//! words of \[C5\] the set {2, 6, 8} (profile 3, 3, 3) comes first whenever it
//! is legal, and the example's sets only when it is not (corpus README; the
//! reference agrees).

use std::collections::BTreeMap;
use std::ops::ControlFlow;

use super::field::Field;
use super::legal::{pairable, without};

/// The upfloaters (sorted by index) that art. 3.5 adds to the `residents`
/// of the top scoregroup, among the teams `remaining` to be paired (both
/// sorted, residents included in `remaining`); `None` when no set gives a
/// legal pairing (art. 3.3.3).
pub(crate) fn choose(
    field: &Field,
    residents: &[usize],
    remaining: &[usize],
) -> Option<Vec<usize>> {
    let top = field.teams[residents[0]].group;
    let mut groups: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
    for &t in remaining {
        let group = field.teams[t].group;
        if group > top {
            groups.entry(group).or_default().push(t);
        }
    }
    // Scoregroups below the top one, highest score first; TPN order inside.
    let groups: Vec<Vec<usize>> = groups.into_values().collect();
    let lower: usize = groups.iter().map(Vec::len).sum();
    let search = Search {
        field,
        top,
        residents,
        remaining,
        groups: &groups,
    };
    let mut size = residents.len() % 2;
    while size <= lower {
        let mut chosen = None;
        let _ = profiles(&groups, size, &mut |counts| {
            chosen = search.best_of_profile(counts);
            if chosen.is_some() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        if chosen.is_some() {
            return chosen;
        }
        size += 2;
    }
    None
}

/// Calls `visit` with every score profile of `size` upfloaters — how many
/// come from each of `groups` (highest score first) — best first by \[C5\]:
/// the ascending list of their scores, compared lexicographically, the
/// larger first.
fn profiles(
    groups: &[Vec<usize>],
    size: usize,
    visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let mut counts = vec![0; groups.len()];
    // Position by position from the lowest score up: the lowest upfloater's
    // group is chosen first, highest score first; every later one comes
    // from the same or a higher-scored group.
    fn fill(
        groups: &[Vec<usize>],
        counts: &mut [usize],
        left: usize,
        floor: usize,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if left == 0 {
            return visit(counts);
        }
        for g in 0..=floor.min(groups.len().saturating_sub(1)) {
            let free: usize = (0..=g).map(|h| groups[h].len() - counts[h]).sum();
            if counts[g] == groups[g].len() || free < left {
                continue;
            }
            counts[g] += 1;
            let flow = fill(groups, counts, left - 1, g, visit);
            counts[g] -= 1;
            flow?;
        }
        ControlFlow::Continue(())
    }
    fill(groups, &mut counts, size, groups.len(), visit)
}

/// The state art. 3.5.5 judges a set of upfloaters in.
struct Search<'a> {
    field: &'a Field,
    /// The top scoregroup's index.
    top: usize,
    residents: &'a [usize],
    remaining: &'a [usize],
    groups: &'a [Vec<usize>],
}

/// How a legal set fares on \[C6\] and \[C7\]: smaller is better.
type Verdict = (bool, usize);

impl Search<'_> {
    /// Art. 3.5.3–3.5.5 for one profile: the chosen set, if any is legal.
    fn best_of_profile(&self, counts: &[usize]) -> Option<Vec<usize>> {
        let mut best: Option<(Verdict, Vec<usize>)> = None;
        let mut set = Vec::new();
        let _ = self.sets(counts, 0, &mut set, &mut |set| {
            let c7 = if self.field.last_two_rounds {
                0
            } else {
                set.iter().filter(|&&t| self.field.teams[t].floated).count()
            };
            // A later set only wins with a strictly better verdict.
            if let Some(((false, best_c7), _)) = &best
                && c7 >= *best_c7
            {
                return ControlFlow::Continue(());
            }
            let Some(c6_fails) = self.judge(set) else {
                return ControlFlow::Continue(());
            };
            let verdict = (c6_fails, c7);
            if best.as_ref().is_none_or(|(b, _)| verdict < *b) {
                best = Some((verdict, set.to_vec()));
            }
            if verdict == (false, 0) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        best.map(|(_, mut set)| {
            set.sort_unstable();
            set
        })
    }

    /// Every set of the profile `counts` in art. 3.5.4 order: the groups
    /// from the highest score, combinations in TPN order inside each.
    fn sets(
        &self,
        counts: &[usize],
        group: usize,
        set: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if group == counts.len() {
            return visit(set);
        }
        combinations(&self.groups[group], counts[group], set, &mut |set| {
            self.sets(counts, group + 1, set, visit)
        })
    }

    /// For a set of upfloaters: `None` when the bracket or the teams left
    /// outside it cannot be paired (\[C1\], \[C3\]); otherwise whether \[C6\]
    /// fails.
    fn judge(&self, set: &[usize]) -> Option<bool> {
        let mut bracket: Vec<usize> = self.residents.iter().chain(set).copied().collect();
        bracket.sort_unstable();
        if !pairable(self.field, &bracket) {
            return None;
        }
        let rest = without(self.remaining, &bracket);
        if !pairable(self.field, &rest) {
            return None;
        }
        Some(!self.following_group_pairable(&rest))
    }

    /// \[C6\] art. 2.3.3: unless the following scoregroup is now empty, its
    /// bracket must still comply with \[C1\], \[C3\] and \[C4\] — read, as the
    /// reference does, as "what is left of it can be paired with the fewest
    /// upfloaters its parity allows (none or one), leaving the others
    /// pairable". The following scoregroup is the next lower score among the
    /// teams of the round (a group that only held the bye team is empty).
    fn following_group_pairable(&self, rest: &[usize]) -> bool {
        let next = self.top + 1;
        let group_of = |t: usize| self.field.teams[t].group;
        let following: Vec<usize> = rest
            .iter()
            .copied()
            .filter(|&t| group_of(t) == next)
            .collect();
        if following.is_empty() {
            return true;
        }
        let fits = |bracket: &[usize]| {
            pairable(self.field, bracket) && pairable(self.field, &without(rest, bracket))
        };
        if following.len().is_multiple_of(2) {
            return fits(&following);
        }
        rest.iter()
            .copied()
            .filter(|&t| group_of(t) > next)
            .any(|up| {
                let mut bracket = following.clone();
                bracket.push(up);
                bracket.sort_unstable();
                fits(&bracket)
            })
    }
}

/// Calls `visit` with `set` extended by every `k`-combination of `pool`, in
/// lexicographic order.
fn combinations(
    pool: &[usize],
    k: usize,
    set: &mut Vec<usize>,
    visit: &mut dyn FnMut(&mut Vec<usize>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if k == 0 {
        return visit(set);
    }
    for i in 0..pool.len() {
        if pool.len() - i < k {
            break;
        }
        set.push(pool[i]);
        let flow = combinations(&pool[i + 1..], k - 1, set, visit);
        set.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_profiles(groups: &[Vec<usize>], size: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let _ = profiles(groups, size, &mut |c| {
            out.push(c.to_vec());
            ControlFlow::Continue(())
        });
        out
    }

    #[test]
    fn profiles_maximise_the_lowest_score_first() {
        // Groups: 2 teams on the higher score, 3 on the next, 1 on the lowest.
        let groups = vec![vec![0, 1], vec![2, 3, 4], vec![5]];
        // Two upfloaters: {h,h} > {h,m} > {m,m} > {h,l} > {m,l}.
        assert_eq!(
            all_profiles(&groups, 2),
            vec![
                vec![2, 0, 0],
                vec![1, 1, 0],
                vec![0, 2, 0],
                vec![1, 0, 1],
                vec![0, 1, 1]
            ]
        );
        // Three: {h,h,m} > {h,m,m} > {m,m,m} > {h,h,l} > {h,m,l} > {m,m,l}.
        assert_eq!(
            all_profiles(&groups, 3),
            vec![
                vec![2, 1, 0],
                vec![1, 2, 0],
                vec![0, 3, 0],
                vec![2, 0, 1],
                vec![1, 1, 1],
                vec![0, 2, 1]
            ]
        );
        assert_eq!(all_profiles(&groups, 0), vec![vec![0, 0, 0]]);
        assert!(all_profiles(&groups, 7).is_empty());
    }

    #[test]
    fn combinations_in_lexicographic_order() {
        let mut out = Vec::new();
        let _ = combinations(&[2, 6, 8], 2, &mut Vec::new(), &mut |s| {
            out.push(s.clone());
            ControlFlow::Continue(())
        });
        assert_eq!(out, vec![vec![2, 6], vec![2, 8], vec![6, 8]]);
    }
}
