//! Awards at the desk (issue 12): a section's prize plan and its
//! allocation, who can still win each prize, classifications by category,
//! the event's entry fees and payment ledger, and Grand Prix series over
//! event and TRF files. The rules are the `arbiter_awards` crate's; here
//! the plans and fees are checked before they are journaled, and the
//! ranking, the players' attributes and their registration times are taken
//! from the journal.
//!
//! * `plans`: `prizes set`, `prizes`, `standings --category`;
//! * `outlook`: the most each player can still score (`--still-possible`);
//! * `fees`: `fees set`, `fees`, `pay`;
//! * `series`: `series standings`.

mod fees;
mod outlook;
mod plans;
mod series;

use arbiter_awards::AwardsError;

pub use fees::{FeesSet, Payee, PaymentRecorded};
pub use plans::{Fund, PlanSet, PrizeFund, PrizesReport, PrizesRequest, StillPossible};
pub use series::series_standings;

use crate::error::DeskError;

/// A plan, fee or series file that does not read: invalid input naming
/// the file, then the key, line and column.
fn file_error(source: &str, e: AwardsError) -> DeskError {
    DeskError::malformed(format!("{source}: {e}"))
}

/// Awards that cannot be computed from the data (players the tie-breaks do
/// not separate, a birth year that cannot decide an age limit, a series
/// player matched twice): refused, naming them.
fn undecidable(context: impl std::fmt::Display, e: AwardsError) -> DeskError {
    DeskError::refused(format!("{context}: {e}"))
}
