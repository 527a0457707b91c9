//! Amounts of money, exact in cents (prizes.md §3.3: "compute in cents"):
//! the model's type, which the journal's payments also use.

pub use arbiter_model::money::{Cents, Method};
