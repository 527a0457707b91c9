//! Online pre-registration (issue 15; seeds 000 and 004): the arbiter sets
//! the form up, registrants submit entries (on the public form, or the
//! arbiter enters one taken by phone), the arbiter accepts, rejects or
//! moves them, a registrant follows his entry through a private link and
//! may withdraw it. The rules of places and the waiting list are the
//! journal's ([`arbiter_model::journal::RegistrationState`]).
//!
//! The pure layers read no clock: every command that depends on the time
//! takes `now`, the face's clock, and reads it in the event's local time
//! (the form's UTC offset).
//!
//! * `token`: the status link's token and the hash the journal keeps;
//! * `fees`: the entry fee on the form and on an entry (the event's fee
//!   schedule);
//! * `views`: the public offer, the arbiter's list, the registrant's
//!   status;
//! * `notice`: what a registrant who gave an e-mail address is told
//!   (received, moved up), for the face to send.

mod fees;
mod notice;
mod token;
mod views;

use std::collections::BTreeMap;

use arbiter_model::date::DateTime;
use arbiter_model::journal::{Event, EventState, RegistrationConfig, Standing, Submission, Window};
use jiff::Timestamp;

use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::forms::{Channel, PlayerForm, RegistrationForm, RegistrationSettingsForm};
use crate::origin::Origin;
use crate::players::{PlayerAdded, registered};

pub use fees::{EntryFee, FeeChange, FeeLine, FeeNotice};
pub use notice::{Notice, NoticeKind};
pub use views::{
    Duplicate, Holder, OfferedSection, RegistrationList, RegistrationOffer, RegistrationRow,
    RegistrationStatus,
};

/// The most entries an event takes (a bound on what the public can make
/// the journal hold).
pub const MAX_ENTRIES: usize = 10_000;

/// `registration set`: the settings now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistrationSet {
    pub config: RegistrationConfig,
    /// False when the settings were already these: nothing recorded.
    pub changed: bool,
    /// Entries that got a place by it (a higher cap).
    pub promoted: Vec<Promoted>,
}

/// An entry submitted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submitted {
    pub number: u32,
    /// The token of the registrant's private status link (shown once; the
    /// journal keeps only its hash).
    pub token: String,
    pub name: String,
    pub section: String,
    /// A place, or the waiting list.
    pub standing: Standing,
    /// Submitted after the deadline.
    pub late: bool,
    /// Earlier entries and players it looks like.
    pub duplicates: Vec<Duplicate>,
    /// The receipt to send, when the registrant gave an e-mail address.
    pub notice: Option<Notice>,
}

/// An entry that moved up from the waiting list to a place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promoted {
    pub number: u32,
    pub name: String,
    pub section: String,
    /// The message telling him, when he gave an e-mail address.
    pub notice: Option<Notice>,
}

/// What the arbiter (or the registrant) decided about an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistrationDecided {
    pub number: u32,
    pub name: String,
    pub section: String,
    pub standing: Standing,
    /// The player registered, when accepted.
    pub player: Option<PlayerAdded>,
    /// Entries that got the place it freed.
    pub promoted: Vec<Promoted>,
}

impl Desk {
    /// Sets up the registration form, or changes it (fields not given
    /// keep their value).
    pub fn configure_registration(
        &mut self,
        origin: &Origin,
        form: &RegistrationSettingsForm,
    ) -> Result<RegistrationSet, DeskError> {
        let (set, before) = self.commit(
            origin,
            |now| {
                let state = now.state();
                let config =
                    form.apply(state.registration.config.as_ref(), &section_codes(state))?;
                let changed = state.registration.config.as_ref() != Some(&config);
                let events = if changed {
                    vec![Event::RegistrationConfigured(config.clone())]
                } else {
                    Vec::new()
                };
                let set = RegistrationSet {
                    config,
                    changed,
                    promoted: Vec::new(),
                };
                Ok(Plan::new(events, (set, state.registration.standings())))
            },
            |e| e,
        )?;
        Ok(RegistrationSet {
            promoted: self.promoted_since(&before)?,
            ..set
        })
    }

    /// Submits an entry at `now`. On the public form ([`Channel::Online`])
    /// the window decides: refused before it opens and after it closes, a
    /// late entry after the deadline. The arbiter may enter one at any
    /// time. A full section puts the entry on its waiting list; an entry
    /// that looks like an earlier one or a player is recorded and
    /// reported ([`Submitted::duplicates`]).
    pub fn submit_registration(
        &mut self,
        origin: &Origin,
        form: &RegistrationForm,
        channel: Channel,
        now: Timestamp,
    ) -> Result<Submitted, DeskError> {
        let token = token::fresh()?;
        let token_hash = token::hash(&token);
        let number = self.commit(
            origin,
            |desk_now| {
                let state = desk_now.state();
                let config = config_of(state)?;
                let local = local_time(config, now)?;
                let window = config.window(local);
                if channel == Channel::Online {
                    refuse_outside(config, window)?;
                }
                if state.registration.entries.len() >= MAX_ENTRIES {
                    return Err(DeskError::size_limit(format!(
                        "the event holds {MAX_ENTRIES} registrations, the most it takes"
                    )));
                }
                let r = form
                    .check(config, &section_codes(state), channel, local.date())
                    .map_err(first_error)?;
                let number = state.registration.next_number();
                let submission = Submission {
                    number,
                    token_hash: token_hash.clone(),
                    at: now,
                    section: r.section,
                    player: r.player,
                    email: r.email,
                    phone: r.phone,
                    late: matches!(window, Window::Late | Window::Closed),
                    by_arbiter: channel == Channel::Arbiter,
                    language: r.language.map(|l| l.code().to_string()),
                };
                Ok(Plan::new(
                    vec![Event::RegistrationSubmitted(submission)],
                    number,
                ))
            },
            |e| e,
        )?;
        let state = self.state();
        let entry = state.registration.entry(number)?;
        Ok(Submitted {
            number,
            token,
            name: entry.submission.player.name.clone(),
            section: entry.section.clone(),
            standing: state.registration.standing(number)?,
            late: entry.submission.late,
            duplicates: views::duplicates_of(state, number),
            notice: self.notice(number, NoticeKind::Received)?,
        })
    }

    /// Every field of `form` at fault (the public form shows them all at
    /// once), as [`Desk::submit_registration`] would check them at `now`.
    /// Empty when the fields are right (the window and the cap are not
    /// checked here).
    pub fn registration_errors(
        &self,
        form: &RegistrationForm,
        channel: Channel,
        now: Timestamp,
    ) -> Result<Vec<DeskError>, DeskError> {
        let state = self.state();
        let config = config_of(state)?;
        let local = local_time(config, now)?;
        Ok(form
            .check(config, &section_codes(state), channel, local.date())
            .err()
            .unwrap_or_default())
    }

    /// Accepts entry `number`: the player is registered in its section
    /// (the same entry as `player add`) and the entry linked to him, in
    /// one command. A wait-listed entry is refused.
    pub fn accept_registration(
        &mut self,
        origin: &Origin,
        number: u32,
    ) -> Result<RegistrationDecided, DeskError> {
        self.decide(origin, number, |state, entry| {
            let (player, warnings) = PlayerForm::default()
                .apply(entry.submission.player.clone(), today_of(state, entry)?)?;
            let (event, added) = registered(state, Some(&entry.section), &player, &warnings)?;
            let accepted = Event::RegistrationAccepted {
                number,
                player: added.id,
            };
            Ok((vec![event, accepted], Some(added)))
        })
    }

    /// Rejects entry `number` (a reason for the registrant, optional).
    pub fn reject_registration(
        &mut self,
        origin: &Origin,
        number: u32,
        reason: Option<&str>,
    ) -> Result<RegistrationDecided, DeskError> {
        let reason = match reason {
            Some(r) => crate::forms::text::optional_text("reason", r)?,
            None => None,
        };
        self.decide(origin, number, |_, _| {
            Ok((
                vec![Event::RegistrationRejected {
                    number,
                    reason: reason.clone(),
                }],
                None,
            ))
        })
    }

    /// Moves entry `number` to `section` (any section of the event): it
    /// joins the end of that section's queue.
    pub fn move_registration(
        &mut self,
        origin: &Origin,
        number: u32,
        section: &str,
    ) -> Result<RegistrationDecided, DeskError> {
        let code = crate::forms::text::required_text("section", section)?;
        self.decide(origin, number, |state, _| {
            state.section(Some(&code))?;
            Ok((
                vec![Event::RegistrationMoved {
                    number,
                    section: code.clone(),
                }],
                None,
            ))
        })
    }

    /// The registrant withdraws his pending entry (`token`: of his status
    /// link).
    pub fn withdraw_registration(
        &mut self,
        origin: &Origin,
        token: &str,
    ) -> Result<RegistrationDecided, DeskError> {
        let number = self.number_of(token)?;
        self.decide(origin, number, |_, _| {
            Ok((
                vec![Event::RegistrationWithdrawn {
                    number,
                    by_arbiter: false,
                }],
                None,
            ))
        })
    }

    /// The arbiter withdraws pending entry `number` on the registrant's
    /// word (a phone call): its place goes to the waiting list; unlike the
    /// registrant's own withdrawal, `undo` may take it back.
    pub fn withdraw_registration_entry(
        &mut self,
        origin: &Origin,
        number: u32,
    ) -> Result<RegistrationDecided, DeskError> {
        self.decide(origin, number, |_, _| {
            Ok((
                vec![Event::RegistrationWithdrawn {
                    number,
                    by_arbiter: true,
                }],
                None,
            ))
        })
    }

    /// One decision about entry `number`: `events` builds the entries.
    fn decide(
        &mut self,
        origin: &Origin,
        number: u32,
        events: impl Fn(
            &EventState,
            &arbiter_model::journal::RegistrationEntry,
        ) -> Result<(Vec<Event>, Option<PlayerAdded>), DeskError>,
    ) -> Result<RegistrationDecided, DeskError> {
        let (player, before) = self.commit(
            origin,
            |now| {
                let state = now.state();
                let entry = state.registration.entry(number)?;
                let (events, player) = events(state, entry)?;
                Ok(Plan::new(events, (player, state.registration.standings())))
            },
            |e| e,
        )?;
        let state = self.state();
        let entry = state.registration.entry(number)?;
        Ok(RegistrationDecided {
            number,
            name: entry.submission.player.name.clone(),
            section: entry.section.clone(),
            standing: state.registration.standing(number)?,
            player,
            promoted: self.promoted_since(&before)?,
        })
    }

    /// The entries pending before, wait-listed then, that hold a place now,
    /// each with the notice telling him.
    fn promoted_since(&self, before: &BTreeMap<u32, Standing>) -> Result<Vec<Promoted>, DeskError> {
        let reg = &self.state().registration;
        let mut promoted = Vec::new();
        for (n, s) in reg.standings() {
            if s != Standing::Place || !matches!(before.get(&n), Some(Standing::WaitingList(_))) {
                continue;
            }
            let Some(e) = reg.entries.get(&n) else {
                continue;
            };
            promoted.push(Promoted {
                number: n,
                name: e.submission.player.name.clone(),
                section: e.section.clone(),
                notice: self.notice(n, NoticeKind::MovedUp)?,
            });
        }
        Ok(promoted)
    }

    /// The entry whose status link carries `token`.
    fn number_of(&self, token: &str) -> Result<u32, DeskError> {
        let unknown = || DeskError::not_found("no registration has this link");
        if !token::well_formed(token) {
            return Err(unknown());
        }
        let hash = token::hash(token);
        self.state()
            .registration
            .entries
            .values()
            .find(|e| e.submission.token_hash == hash)
            .map(|e| e.submission.number)
            .ok_or_else(unknown)
    }
}

/// The entry number of a registrant's own entry (submitted online, or
/// withdrawn through his link): what `undo` does not erase.
pub(crate) fn by_registrant(event: &Event) -> Option<u32> {
    match event {
        Event::RegistrationSubmitted(s) if !s.by_arbiter => Some(s.number),
        Event::RegistrationWithdrawn {
            number,
            by_arbiter: false,
        } => Some(*number),
        _ => None,
    }
}

/// The form's settings, or why there is no form.
fn config_of(state: &EventState) -> Result<&RegistrationConfig, DeskError> {
    state.registration.config.as_ref().ok_or_else(|| {
        DeskError::not_found("this event takes no registrations (arbiter registration set)")
    })
}

/// The section codes of the event, in order.
fn section_codes(state: &EventState) -> Vec<String> {
    state.sections.iter().map(|s| s.code.clone()).collect()
}

/// `now` in the event's local time.
pub(crate) fn local_time(
    config: &RegistrationConfig,
    now: Timestamp,
) -> Result<DateTime, DeskError> {
    jiff::tz::Offset::from_seconds(config.utc_offset_seconds)
        .map(|o| o.to_datetime(now))
        .map_err(|e| DeskError::internal(format!("the form's UTC offset: {e}")))
}

/// The public form takes entries only while it is open.
fn refuse_outside(config: &RegistrationConfig, window: Window) -> Result<(), DeskError> {
    match window {
        Window::Open | Window::Late => Ok(()),
        Window::NotYetOpen => Err(DeskError::refused(format!(
            "registration opens {}",
            config.opens.map_or_else(String::new, |o| o.to_string())
        ))),
        Window::Closed => Err(DeskError::refused(format!(
            "registration closed {}",
            config
                .late_until
                .or(config.closes)
                .map_or_else(String::new, |c| c.to_string())
        ))),
    }
}

/// The first of a form's errors (a command reports one).
fn first_error(mut errors: Vec<DeskError>) -> DeskError {
    if errors.is_empty() {
        DeskError::internal("a form refused without an error")
    } else {
        errors.swap_remove(0)
    }
}

/// The day an entry was submitted, in local time: what bounded its birth
/// date then.
fn today_of(
    state: &EventState,
    entry: &arbiter_model::journal::RegistrationEntry,
) -> Result<arbiter_model::date::Date, DeskError> {
    Ok(local_time(config_of(state)?, entry.submission.at)?.date())
}
