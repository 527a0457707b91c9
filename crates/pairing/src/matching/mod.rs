//! Maximum-weight matching on a general graph with wide integer weights.
//!
//! The Dutch engine realises the pairing criteria as a sequence of
//! maximum-weight matchings whose edge weights are long bit strings (spec
//! 02-dutch §6, §12): every solve is a whole-round matching, and between
//! solves only the weights around a few vertices change. [`MatchingGraph`]
//! keeps the weights in a dense matrix and (later) repairs the previous
//! optimum incrementally.
//!
//! Weights: [`Weight`] (implemented for `i64`, `i128` and [`Wide`]). Edge
//! weights must lie in `0 ..= W::MAX_EDGE`; see [`weight`] for the headroom.

mod blossom;
mod graph;
pub mod weight;

#[cfg(test)]
mod tests;

pub use graph::MatchingGraph;
pub use weight::{Weight, Wide};
