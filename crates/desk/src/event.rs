//! Creating an event, its descriptive data and its sections.

use std::path::Path;

use arbiter_model::EventInfo;
use arbiter_model::journal::{Event, SectionConfig};

use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::forms::text::required_text;
use crate::forms::{EventDetailsForm, SectionForm};
use crate::origin::Origin;

/// The longest section code.
const MAX_SECTION_CODE: usize = 30;

/// `new`: an event and its first section.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewEvent {
    pub name: String,
    /// Code of the first section (`main`, `A`, `U12`).
    pub section: String,
    /// Its settings (`rounds` required).
    pub config: SectionForm,
}

/// The event was created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventCreated {
    pub name: String,
    pub section: String,
    pub config: SectionConfig,
}

/// `event set`: what the details are now, and whether they changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DetailsSet {
    pub info: EventInfo,
    pub changed: bool,
}

/// `section add` / `section set`: the section's settings now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionSet {
    pub code: String,
    pub config: SectionConfig,
    /// False when the settings were already these (nothing recorded).
    pub changed: bool,
}

impl NewEvent {
    pub(crate) fn events(&self) -> Result<(Vec<Event>, EventCreated), DeskError> {
        let name = required_text("name", &self.name)?;
        let section = section_code(&self.section)?;
        let config = self.config.new_config()?;
        let created = EventCreated {
            name: name.clone(),
            section: section.clone(),
            config: config.clone(),
        };
        Ok((
            vec![
                Event::EventCreated { name },
                Event::SectionCreated {
                    code: section,
                    config,
                },
            ],
            created,
        ))
    }
}

/// A section code: printable, not empty, at most 30 characters.
fn section_code(code: &str) -> Result<String, DeskError> {
    let code = required_text("section", code)?;
    if code.chars().count() > MAX_SECTION_CODE {
        return Err(DeskError::invalid(
            "section",
            format!("'{code}' is longer than {MAX_SECTION_CODE} characters"),
        ));
    }
    Ok(code)
}

impl Desk {
    /// Creates the event at `path` (an event file or `postgres://…#EVENT`,
    /// which must not exist) with the event and its first section; nothing
    /// is left behind when refused.
    pub fn create(
        path: &Path,
        origin: &Origin,
        request: &NewEvent,
    ) -> Result<(Desk, EventCreated), DeskError> {
        let (events, created) = request.events()?;
        Ok((Desk::create_file(path, origin, events)?, created))
    }

    /// The same event, kept in memory.
    pub fn create_in_memory(
        origin: &Origin,
        request: &NewEvent,
    ) -> Result<(Desk, EventCreated), DeskError> {
        let (events, created) = request.events()?;
        Ok((Desk::create_memory(origin, events)?, created))
    }

    /// `event set`: changes the given details (TRF 012-132).
    pub fn set_details(
        &mut self,
        origin: &Origin,
        form: &EventDetailsForm,
    ) -> Result<DetailsSet, DeskError> {
        if form.is_empty() {
            return Err(DeskError::malformed(
                "nothing to set: give at least one detail (name, city, fed, start, end, …)",
            ));
        }
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let current = state.info.clone().unwrap_or_default();
                let info = form.apply(current.clone())?;
                let changed = info != current;
                let events = if changed {
                    vec![Event::EventConfigured { info: info.clone() }]
                } else {
                    Vec::new()
                };
                Ok(Plan::new(events, DetailsSet { info, changed }))
            },
            |e| e,
        )
    }

    /// `section add`: a new section (group) of the event.
    pub fn add_section(
        &mut self,
        origin: &Origin,
        code: &str,
        form: &SectionForm,
    ) -> Result<SectionSet, DeskError> {
        let code = section_code(code)?;
        let config = form.new_config()?;
        self.commit(
            origin,
            |_| {
                Ok(Plan::new(
                    vec![Event::SectionCreated {
                        code: code.clone(),
                        config: config.clone(),
                    }],
                    SectionSet {
                        code: code.clone(),
                        config: config.clone(),
                        changed: true,
                    },
                ))
            },
            |e| e,
        )
    }

    /// `section set`: changes the given settings of a section.
    pub fn configure_section(
        &mut self,
        origin: &Origin,
        code: &str,
        form: &SectionForm,
    ) -> Result<SectionSet, DeskError> {
        if form.is_empty() {
            return Err(DeskError::malformed(
                "nothing to set: give at least one setting (rounds, system, tiebreaks, scoring, …)",
            ));
        }
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let section = state.section(Some(code))?;
                let config = form.apply(section.config.clone())?;
                if config.is_round_robin() && !section.forbidden.is_empty() {
                    return Err(DeskError::refused(format!(
                        "section '{code}' has {} forbidden pair(s): a {} cannot avoid them \
                         (its Berger schedule is fixed, spec 04 §6)",
                        section.forbidden.len(),
                        config.system.name()
                    )));
                }
                let changed = config != section.config;
                let outcome = SectionSet {
                    code: section.code.clone(),
                    config: config.clone(),
                    changed,
                };
                let events = if changed {
                    vec![Event::SectionConfigured {
                        code: section.code.clone(),
                        config,
                    }]
                } else {
                    Vec::new()
                };
                Ok(Plan::new(events, outcome))
            },
            |e| e,
        )
    }
}
