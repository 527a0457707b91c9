//! What users type, parsed and checked once for every face: the command
//! line's options and the web's form fields are the same strings, and a
//! refusal names the field. `text` holds the rules every free text obeys.

pub mod csv;
pub mod details;
pub mod payment;
pub mod player;
pub mod registration;
pub mod section;
pub mod team;
pub mod text;

pub use details::EventDetailsForm;
pub use payment::PaymentForm;
pub use player::PlayerForm;
pub use registration::{Channel, RegistrationForm, RegistrationSettingsForm};
pub use section::SectionForm;
pub use team::{TeamForm, TeamSettingsForm};

/// Something accepted that the arbiter should know about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// The name does not fit the 33 characters of the TRF player record
    /// (001, columns 15-47): the export shortens it.
    LongName { name: String, chars: usize },
    /// `player add --fide-id` of an id the rating list does not hold: the
    /// player is registered as typed.
    NotInRatingList {
        fide_id: u64,
        list: arbiter_model::RatingList,
    },
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Warning::LongName { name, chars } => write!(
                f,
                "the name '{name}' has {chars} characters; a TRF player record holds {} (the export shortens it)",
                text::TRF_NAME_WIDTH
            ),
            Warning::NotInRatingList { fide_id, list } => write!(
                f,
                "FIDE id {fide_id} is not in the {list}; registered as typed"
            ),
        }
    }
}
