//! Awards: prize plans and their allocation (categories, minimum entrants,
//! indivisible, Hort or equal sharing), classifications by category, entry
//! fees with a payment ledger, and Grand Prix series standings.
//!
//! Pure: no I/O, no clock. The application layer reads the TOML files,
//! the standings and the journal, and hands them over; every function here
//! returns typed results that serialise to the JSON the CLI prints.
//! Specifications: `shared/spec/prizes.md`, `shared/spec/fees-and-series.md`.

pub mod allocate;
pub mod classification;
pub mod condition;
pub mod error;
pub mod fees;
pub mod money;
pub mod plan;
pub mod ranking;
pub mod series;
mod toml_time;

pub use allocate::{
    Allocation, Award, Contenders, Decision, Options, Outlook, Void, VoidReason, allocate,
    still_possible,
};
pub use classification::{classification, restrict};
pub use condition::{Condition, Context, Subject, Truth, Who};
pub use error::AwardsError;
pub use fees::{Due, Entry, FeeSchedule, Ledger, Method, Payer, Payment, Per, ledger};
pub use money::Cents;
pub use plan::{Category, Prize, PrizeKind, PrizePlan, Rounding, Sharing};
pub use ranking::{PlayerId, Ranked, Ranking};
pub use series::{Series, SeriesEvent, SeriesStandings, series_standings};
pub use toml_time::{CivilDate, CivilDateTime};
