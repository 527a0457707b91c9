//! Maximum-weight matching on a general graph with wide integer weights.
//!
//! The Dutch engine realises the pairing criteria as a sequence of
//! maximum-weight matchings whose edge weights are long bit strings (spec
//! 02-dutch §6, §12): between solves only the weights around a few vertices
//! change.
//!
//! * [`Edges`]: a graph whose weights are computed on demand (the Dutch
//!   engine derives them from the players; no `n × n` matrix of wide weights
//!   is stored). [`Matching`] keeps a maximum-weight matching of such a graph
//!   with its duals: [`Matching::solve`] from scratch, [`Matching::repair`]
//!   after the weights at some vertices changed (the algorithm is described
//!   in `blossom.rs`). The result is exact and deterministic, not necessarily
//!   of maximum cardinality.
//! * [`MatchingGraph`]: a dense matrix with a matching, for small graphs,
//!   tests and benchmarks.
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

pub use graph::{Edges, Matching, MatchingGraph};
pub use weight::{Weight, Wide};
