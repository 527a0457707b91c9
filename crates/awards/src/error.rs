//! Why a plan, fee or series file is refused, or why awards cannot be
//! computed from the data given. Every message names the key, the player or
//! the event concerned; the application layer maps all of them to "invalid
//! input" (exit code 3).

use crate::ranking::PlayerId;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AwardsError {
    /// Malformed TOML or a key of the wrong type; the text names the line,
    /// the column and the key.
    #[error("{0}")]
    Toml(String),
    /// A key whose value breaks a rule of the schema.
    #[error("{key}: {message}")]
    Invalid { key: String, message: String },
    /// A player's data cannot decide a condition that matters (a birth year
    /// against an age limit).
    #[error("{key}: player {id}: {reason}")]
    Undecided {
        key: String,
        id: PlayerId,
        reason: String,
    },
    /// An indivisible decision falls between players the ranking does not
    /// separate.
    #[error(
        "{prize}: players {ids:?} share place {place} after every tie-break; break the tie (last resort tpn or lots) before awarding"
    )]
    Unseparated {
        prize: String,
        place: String,
        ids: Vec<PlayerId>,
    },
    /// A standings value that is not a score in tenths.
    #[error("player {id}: score {value} is not a number of points in tenths")]
    Score { id: PlayerId, value: String },
    #[error("no category '{0}' in the prize plan")]
    UnknownCategory(String),
    #[error("payment {index}: no entry with id {id}")]
    UnknownEntry { index: usize, id: PlayerId },
    /// The same player id twice in one input.
    #[error("{what}: id {id} appears twice")]
    DuplicateId { what: String, id: PlayerId },
    /// Series players that the identity keys cannot tell apart.
    #[error("{}", .0.join("; "))]
    Ambiguous(Vec<String>),
}

impl AwardsError {
    pub(crate) fn invalid(key: impl Into<String>, message: impl Into<String>) -> AwardsError {
        AwardsError::Invalid {
            key: key.into(),
            message: message.into(),
        }
    }
}

impl From<toml::de::Error> for AwardsError {
    fn from(e: toml::de::Error) -> Self {
        AwardsError::Toml(e.to_string().trim_end().to_string())
    }
}
