//! Standings: points and every FIDE tie-break of C.07 (editions 2009, 2023,
//! 2024 and 2026) computed exactly as FIDE's reference checker does
//! (`/work/shared/spec/tiebreaks.md`), with the national presets of the
//! seed events, localised labels, crosstables and team standings.
//!
//! Entry point: [`compute_standings`] with [`StandingsOptions`]; render the
//! result with [`render::render`]. Team classification: [`team`];
//! crosstables: [`crosstable`]; national lists: [`presets`].
//!
//! ```
//! use arbiter_model::Tournament;
//! use arbiter_standings::render::{Format, RenderOptions, render};
//! use arbiter_standings::{StandingsOptions, compute_standings, parse_list};
//!
//! let t = Tournament::default();
//! let opts = StandingsOptions {
//!     tiebreaks: Some(parse_list("BH/C1,BH,PS").unwrap()),
//!     ..StandingsOptions::default()
//! };
//! let s = compute_standings(&t, &opts).unwrap();
//! let tsv = render(&s, &RenderOptions { format: Format::Tsv, ..RenderOptions::default() });
//! assert_eq!(tsv, "Rank\tTPN\tName\tPTS\tBH/C1\tBH\tPS\n");
//! ```

mod buchholz;
pub mod code;
mod counting;
pub mod crosstable;
pub mod delimited;
mod direct;
pub mod edition;
mod error;
mod field;
pub mod labels;
pub mod options;
pub mod presets;
mod ranking;
mod rating;
pub mod render;
pub mod team;
pub mod teams;
pub mod value;

pub use code::{Kind, TieBreak, parse_list};
pub use edition::Edition;
pub use error::StandingsError;
pub use options::{LastResort, Mode, RatingList, StandingsOptions};
pub use ranking::{Basis, Row, Standings, compute_standings, tiebreak_list};
pub use value::Value;
