//! Rating lists: FIDE's monthly list (fixed-width TXT) and national lists
//! (CSV with a column mapping), read into a local player database from which
//! registration fills in a player's name, ratings, title, sex, birth year and
//! federation.
//!
//! [`fide_list`] reads the list (no I/O of its own: it takes a reader);
//! [`national`] reads national CSV lists; [`bounded`] holds both within
//! their size limits as they stream; [`db`] keeps them in SQLite.

pub mod bounded;
pub mod db;
pub mod fide_list;
pub mod national;

use arbiter_model::date::BirthDate;
use arbiter_model::{Player, Ratings, Sex, Title};

pub use bounded::{LIMITS, Limits, Overflow};
pub use db::{ImportSummary, ListInfo, PlayerDb, RatingsError};
pub use fide_list::{ListError, ListRating, ListedPlayer, RatingKind};
pub use national::{NationalList, NationalPlayer};

impl ListedPlayer {
    /// The player as registered from the list: name, sex, the strongest
    /// title the model knows (open title, else women's title), the three
    /// FIDE ratings, federation, FIDE id and birth year.
    pub fn to_player(&self) -> Player {
        let title = |t: &Option<String>| t.as_deref().and_then(|t| t.parse::<Title>().ok());
        let best = match (title(&self.title), title(&self.women_title)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Player {
            name: self.name.clone(),
            sex: self
                .sex
                .map(|c| if c == 'F' { Sex::Female } else { Sex::Male }),
            title: best,
            ratings: Ratings {
                fide: self.standard.map(|r| r.rating),
                rapid: self.rapid.map(|r| r.rating),
                blitz: self.blitz.map(|r| r.rating),
                national: None,
            },
            federation: self.federation.clone(),
            fide_id: Some(self.fide_id),
            birth_date: self.birth_year.map(BirthDate::Year),
            ..Player::default()
        }
    }
}
