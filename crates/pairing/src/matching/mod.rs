//! Maximum-weight matching on a general graph with wide integer weights.
//!
//! The Dutch engine realises the pairing criteria as a sequence of
//! maximum-weight matchings whose edge weights are long bit strings (spec
//! 02-dutch §6, §12): every solve is a whole-round matching, and between
//! solves only the weights around a few vertices change.
//!
//! * [`MatchingGraph`] keeps the weights in a dense `n × n` matrix;
//!   [`MatchingGraph::solve`] returns a maximum-weight matching (exact,
//!   deterministic, not necessarily of maximum cardinality). The first solve
//!   starts from scratch (`O(n³)`); later solves repair the previous optimum
//!   around the edges changed since (about `O(k·n²)` for changes touching
//!   `k` vertices; the algorithm is described in `blossom.rs`).
//! * Weights: the [`Weight`] trait, implemented for `i64`, `i128` and
//!   [`Wide<LIMBS>`](Wide), a `Copy` two's-complement integer of `LIMBS`
//!   64-bit limbs (no heap) with bit-field helpers.
//! * **Headroom**: edge weights must lie in `0 ..= W::MAX_EDGE`, which keeps
//!   the sign bit and two more top bits free (duals and slacks reach four
//!   times the largest weight). For `Wide<L>` an edge weight may use bits
//!   `0 .. 64·L − 3` ([`Wide::EDGE_BITS`]).

mod blossom;
mod graph;
pub mod weight;

#[cfg(test)]
mod tests;

pub use graph::MatchingGraph;
pub use weight::{Weight, Wide};
