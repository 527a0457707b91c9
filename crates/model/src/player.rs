//! Players and what identifies and ranks them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::date::{BirthDate, Date};

/// Tournament pairing number (TRF "starting rank", columns 5-8 of record 001).
pub type Tpn = u32;

/// The colour a player has in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sex {
    Male,
    Female,
}

/// FIDE titles, strongest first (the order FIDE uses to sort equal ratings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Title {
    GM,
    IM,
    WGM,
    FM,
    WIM,
    CM,
    WFM,
    WCM,
}

impl Title {
    /// The TRF spelling (`GM`, `WFM`, ...).
    pub fn code(self) -> &'static str {
        match self {
            Title::GM => "GM",
            Title::IM => "IM",
            Title::WGM => "WGM",
            Title::FM => "FM",
            Title::WIM => "WIM",
            Title::CM => "CM",
            Title::WFM => "WFM",
            Title::WCM => "WCM",
        }
    }
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Why a text is not a title.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a FIDE title (GM IM WGM FM WIM CM WFM WCM)")]
pub struct TitleError(pub String);

impl FromStr for Title {
    type Err = TitleError;

    /// Case-insensitive; accepts the old one-letter TRF forms (`g`, `wg`, `m`, ...).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.trim().to_ascii_uppercase().as_str() {
            "GM" | "G" => Title::GM,
            "IM" | "M" => Title::IM,
            "WGM" | "WG" => Title::WGM,
            "FM" | "F" => Title::FM,
            "WIM" | "WM" => Title::WIM,
            "CM" | "C" => Title::CM,
            "WFM" | "WF" => Title::WFM,
            "WCM" | "WC" => Title::WCM,
            _ => return Err(TitleError(s.trim().to_string())),
        })
    }
}

/// The ratings a player may hold; `None` = unrated on that list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ratings {
    /// FIDE standard rating (TRF record 001 columns 49-52).
    pub fide: Option<u16>,
    pub rapid: Option<u16>,
    pub blitz: Option<u16>,
    /// The national federation's rating (TRF26 national-rating records).
    pub national: Option<u16>,
}

/// One registered player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub tpn: Tpn,
    /// `Lastname, Firstname`.
    pub name: String,
    pub sex: Option<Sex>,
    pub title: Option<Title>,
    pub ratings: Ratings,
    /// Three-letter federation code.
    pub federation: Option<String>,
    pub fide_id: Option<u64>,
    pub birth_date: Option<BirthDate>,
    pub club: Option<String>,
    pub team: Option<String>,
    /// Free labels for what regulations invent (`resident`, `disabled`,
    /// host-club member, "no national category", …), lower case, in the
    /// order given; prize and fee conditions test them.
    #[serde(default)]
    pub tags: Vec<String>,
    /// The rating list the data were taken from (`player add --fide-id`),
    /// so the event records which list's ratings it uses.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating_list: Option<RatingList>,
}

/// A published rating list: whose (`FIDE`, or a national list's name) and
/// of which date (FIDE: the first day of the list's month).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingList {
    pub list: String,
    pub date: Date,
}

impl fmt::Display for RatingList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} list {}", self.list, self.date)
    }
}

impl Player {
    /// The rating used for the initial ranking (FIDE standard; 0 when unrated).
    pub fn rating(&self) -> u16 {
        self.ratings.fide.unwrap_or(0)
    }
}
