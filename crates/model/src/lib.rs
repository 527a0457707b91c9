//! Arbiter's domain model: players, ratings, titles, results, scoring and the
//! state of a tournament. Pure data and rules, no I/O.

pub mod date;
pub mod journal;
pub mod money;
pub mod player;
pub mod points;
pub mod round_entry;
pub mod scoring;
pub mod system;
pub mod team;
pub mod tournament;

pub use player::{Colour, Player, Ratings, Sex, Title, Tpn};
pub use points::Points;
pub use round_entry::{ByeKind, Outcome, RoundEntry};
pub use scoring::Scoring;
pub use system::{PabRule, System};
pub use team::Team;
pub use tournament::{Entrant, EventInfo, ForbiddenGroup, Tournament};
