//! "Can these teams all be paired?" — the question behind \[C3\] (art. 2.2.1),
//! the bye of art. 3.4.1, the legal brackets of art. 3.5.5 and \[C6\]: a
//! perfect matching of the legal pairs (\[C1\], forbidden pairs), found as a
//! maximum-cardinality matching (every edge weighs 1).

use super::field::Field;
use crate::matching::MatchingGraph;

/// True when `teams` (indices into the field) can all be paired with each
/// other by legal pairs. The empty set can; an odd set cannot.
pub(crate) fn pairable(field: &Field, teams: &[usize]) -> bool {
    if teams.len() % 2 == 1 {
        return false;
    }
    if teams.is_empty() {
        return true;
    }
    let mut graph = MatchingGraph::<i64>::new(teams.len());
    for (i, &a) in teams.iter().enumerate() {
        let mut any = false;
        for (j, &b) in teams.iter().enumerate() {
            if field.legal(a, b) {
                any = true;
                if i < j {
                    graph.set_weight(i, j, 1);
                }
            }
        }
        if !any {
            return false;
        }
    }
    graph.solve().iter().all(Option::is_some)
}

/// `all` without the teams of `removed` (both sorted ascending).
pub(crate) fn without(all: &[usize], removed: &[usize]) -> Vec<usize> {
    all.iter()
        .copied()
        .filter(|t| removed.binary_search(t).is_err())
        .collect()
}
