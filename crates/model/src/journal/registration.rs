//! Online pre-registration (issue 15; seed 000: "pre-registration online
//! until a deadline … the first 50 pre-registered are guaranteed a place";
//! seed 004: mandatory for players from other towns): the form's settings,
//! the entries registrants submit, and what the arbiter decides about them.
//!
//! An entry is not a player: it becomes one when the arbiter accepts it,
//! in one command that registers the player ([`Event::PlayerRegistered`],
//! the same entry as `player add`) and links the entry to him
//! ([`Event::RegistrationAccepted`]). E-mail and phone live only in the
//! entry, never in the [`Player`], so nothing that shows or exports players
//! can reveal them.
//!
//! # Places and the waiting list
//! Each offered section may have a cap. Its entries queue in the order they
//! joined it (submitted, or moved there by the arbiter); rejected and
//! withdrawn entries leave the queue. The first `cap` entries still in it
//! hold a place (accepted or pending); the others wait, numbered from 1.
//! A place that frees (a rejection, a withdrawal, a move elsewhere, a
//! higher cap) goes to the first on the waiting list — the standing is
//! always derived from the queue, so promotion needs no entry of its own.
//! A wait-listed entry cannot be accepted.
//!
//! [`Event::PlayerRegistered`]: super::Event::PlayerRegistered
//! [`Event::RegistrationAccepted`]: super::Event::RegistrationAccepted

use std::collections::BTreeMap;

use jiff::Timestamp;
use serde::{Deserialize, Serialize};
use unicode_normalization::UnicodeNormalization;

use super::PlayerId;
use super::error::JournalError;
use super::state::EventState;
use crate::date::{BirthDate, DateTime};
use crate::player::Player;

/// A field of the form besides the name (always asked) and the section.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormField {
    FideId,
    Born,
    Sex,
    Fed,
    Club,
    Email,
    Phone,
}

impl FormField {
    /// Every field, in the order the form shows them.
    pub const ALL: [FormField; 7] = [
        FormField::FideId,
        FormField::Born,
        FormField::Sex,
        FormField::Fed,
        FormField::Club,
        FormField::Email,
        FormField::Phone,
    ];

    /// The field's name: a form field, a command-line option, a CSV column
    /// (the names of `player add`).
    pub fn name(self) -> &'static str {
        match self {
            FormField::FideId => "fide-id",
            FormField::Born => "born",
            FormField::Sex => "sex",
            FormField::Fed => "fed",
            FormField::Club => "club",
            FormField::Email => "email",
            FormField::Phone => "phone",
        }
    }

    /// The field called `name`.
    pub fn named(name: &str) -> Option<FormField> {
        FormField::ALL.into_iter().find(|f| f.name() == name)
    }

    /// True for what only the arbiter may see (contact data).
    pub fn is_personal(self) -> bool {
        matches!(self, FormField::Email | FormField::Phone)
    }
}

/// A section offered on the form, and its number of places.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offered {
    pub section: String,
    /// Places guaranteed; `None`: no limit.
    pub cap: Option<u32>,
}

/// The form's settings (`registration set`), replacing earlier ones.
/// Times are the event's local time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegistrationConfig {
    /// The form opens (`None`: at once).
    pub opens: Option<DateTime>,
    /// The pre-registration deadline (`None`: none).
    pub closes: Option<DateTime>,
    /// After the deadline, late entries (on the day) are taken until this
    /// time, marked late (`None`: the deadline closes the form).
    pub late_until: Option<DateTime>,
    /// The event's local time minus UTC, in seconds: how a clock's instant
    /// is read against the times above.
    pub utc_offset_seconds: i32,
    /// The sections a registrant may choose, in the form's order.
    pub sections: Vec<Offered>,
    /// The fields asked besides the name, in the form's order.
    pub fields: Vec<FormField>,
    /// The asked fields that must be filled in (the name always must).
    pub required: Vec<FormField>,
    /// The tags a registrant may claim (`resident`), lower case; the
    /// arbiter checks them before accepting.
    pub tags: Vec<String>,
}

/// Where the form stands at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// Before `opens`.
    NotYetOpen,
    /// Pre-registration.
    Open,
    /// After the deadline, before `late_until`: late entries.
    Late,
    /// After the deadline (or `late_until`).
    Closed,
}

impl Window {
    /// The public form takes entries (on time or late).
    pub fn takes_entries(self) -> bool {
        matches!(self, Window::Open | Window::Late)
    }
}

impl RegistrationConfig {
    /// The form's window at local time `at`. Each time is the first moment
    /// of the next phase (the deadline 15:30 takes 15:29:59, not 15:30).
    pub fn window(&self, at: DateTime) -> Window {
        if self.opens.is_some_and(|o| at < o) {
            return Window::NotYetOpen;
        }
        match (self.closes, self.late_until) {
            (Some(c), _) if at < c => Window::Open,
            (None, _) => Window::Open,
            (Some(_), Some(l)) if at < l => Window::Late,
            (Some(_), _) => Window::Closed,
        }
    }

    /// The offer of section `code`, if it is on the form.
    pub fn offered(&self, code: &str) -> Option<&Offered> {
        self.sections.iter().find(|o| o.section == code)
    }

    /// True when `field` is asked.
    pub fn asks(&self, field: FormField) -> bool {
        self.fields.contains(&field)
    }

    /// True when `field` must be filled in.
    pub fn requires(&self, field: FormField) -> bool {
        self.required.contains(&field)
    }
}

/// An entry as submitted: on the public form, or by the arbiter (a
/// pre-registration by phone).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submission {
    /// The entry's number: 1, 2, 3 … in the order submitted.
    pub number: u32,
    /// Hash of the token of the registrant's private status link (the
    /// token itself is never stored).
    pub token_hash: String,
    /// When it was submitted (the face's clock).
    pub at: Timestamp,
    /// The section chosen.
    pub section: String,
    /// What the registrant gave: name, FIDE id, birth date, sex,
    /// federation, club, the tags claimed.
    pub player: Player,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// Submitted after the deadline, as a late entry.
    pub late: bool,
    /// Entered by the arbiter rather than on the public form.
    pub by_arbiter: bool,
    /// The language of the form the registrant used (`en`, `it`, `pl`,
    /// `ru`): the language of what he is sent. Absent in journals written
    /// before it was kept, and for entries by the arbiter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

/// What became of an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    Pending,
    /// Registered as player `0`.
    Accepted(PlayerId),
    Rejected {
        reason: Option<String>,
    },
    /// Cancelled by the registrant.
    Withdrawn,
}

/// An entry in the folded state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub submission: Submission,
    /// The section it is in now (moves change it).
    pub section: String,
    pub decision: Decision,
    /// Its place in its section's queue (the order it joined the section).
    queued: u64,
}

impl Entry {
    /// True while the entry competes for a place (pending or accepted).
    pub fn in_queue(&self) -> bool {
        matches!(self.decision, Decision::Pending | Decision::Accepted(_))
    }
}

/// Where an entry stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Pending, within the cap: a place is guaranteed.
    Place,
    /// Pending, beyond the cap: `n`-th on the waiting list.
    WaitingList(u32),
    Accepted(PlayerId),
    Rejected,
    Withdrawn,
}

/// What the registration entries fold into.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RegistrationState {
    pub config: Option<RegistrationConfig>,
    /// By number.
    pub entries: BTreeMap<u32, Entry>,
    /// Joins of a section's queue so far (the next entry's place in it).
    joins: u64,
}

impl RegistrationState {
    /// The number the next entry gets.
    pub fn next_number(&self) -> u32 {
        self.entries.keys().next_back().map_or(1, |n| n + 1)
    }

    /// The entry `number`.
    pub fn entry(&self, number: u32) -> Result<&Entry, JournalError> {
        self.entries
            .get(&number)
            .ok_or(JournalError::UnknownRegistration(number))
    }

    /// The cap of section `code` (`None`: no limit, or not offered).
    fn cap(&self, code: &str) -> Option<u32> {
        self.config.as_ref()?.offered(code)?.cap
    }

    /// The standing of every entry (see the module documentation).
    pub fn standings(&self) -> BTreeMap<u32, Standing> {
        let mut queues: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
        let mut out = BTreeMap::new();
        for (n, e) in &self.entries {
            match e.decision {
                Decision::Rejected { .. } => {
                    out.insert(*n, Standing::Rejected);
                }
                Decision::Withdrawn => {
                    out.insert(*n, Standing::Withdrawn);
                }
                Decision::Pending | Decision::Accepted(_) => {
                    queues.entry(e.section.as_str()).or_default().push(e)
                }
            }
        }
        for (section, mut queue) in queues {
            queue.sort_by_key(|e| e.queued);
            let cap = self.cap(section).map_or(usize::MAX, |c| c as usize);
            let mut waiting = 0;
            for (i, e) in queue.into_iter().enumerate() {
                let standing = match e.decision {
                    Decision::Accepted(id) => Standing::Accepted(id),
                    _ if i < cap => Standing::Place,
                    _ => {
                        waiting += 1;
                        Standing::WaitingList(waiting)
                    }
                };
                out.insert(e.submission.number, standing);
            }
        }
        out
    }

    /// The standing of entry `number`.
    pub fn standing(&self, number: u32) -> Result<Standing, JournalError> {
        self.entry(number)?;
        self.standings()
            .get(&number)
            .copied()
            .ok_or(JournalError::UnknownRegistration(number))
    }

    /// The entry accepted as player `id`.
    pub fn entry_of_player(&self, id: PlayerId) -> Option<&Entry> {
        self.entries
            .values()
            .find(|e| e.decision == Decision::Accepted(id))
    }

    fn entry_mut(&mut self, number: u32) -> Result<&mut Entry, JournalError> {
        self.entries
            .get_mut(&number)
            .ok_or(JournalError::UnknownRegistration(number))
    }

    fn join(&mut self) -> u64 {
        self.joins += 1;
        self.joins
    }
}

/// Why two records look like the same person (issue 15: "same FIDE id;
/// same name and birth date").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Likeness {
    FideId,
    NameAndBirth,
}

/// Whether `a` and `b` look like the same person. Names are compared
/// without regard to case, spacing or the comma's place (`Rossi,Mario` is
/// `rossi, mario`), nor to how Unicode writes the same text (see
/// [`name_key`]); a birth year alone matches a full date of that year.
pub fn likeness(a: &Player, b: &Player) -> Option<Likeness> {
    if a.fide_id.is_some() && a.fide_id == b.fide_id {
        return Some(Likeness::FideId);
    }
    let born = match (a.birth_date, b.birth_date) {
        (Some(BirthDate::Day(x)), Some(BirthDate::Day(y))) => x == y,
        (Some(x), Some(y)) => x.year() == y.year(),
        _ => false,
    };
    (born && name_key(&a.name) == name_key(&b.name)).then_some(Likeness::NameAndBirth)
}

/// A name as compared: its compatibility normal form (NFKC, Unicode
/// Standard Annex #15: a decomposed `ú` is the composed one, a full-width
/// `Ｒ` is `R`, a no-break or ideographic space a space), without the
/// characters that show nothing (zero-width space, joiners, word joiner,
/// soft hyphen, byte-order mark), in lower case, words only.
fn name_key(name: &str) -> Vec<String> {
    let text: String = name
        .nfkc()
        .filter(|c| !is_invisible(*c))
        .collect::<String>()
        .to_lowercase();
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| w.nfkc().collect())
        .collect()
}

/// Characters of no width that a name may carry unseen.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}' | '\u{180E}' | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}'
    )
}

pub(super) fn configure(
    state: &mut EventState,
    config: &RegistrationConfig,
) -> Result<(), JournalError> {
    let invalid = |m: String| Err(JournalError::Invalid(m));
    if let (Some(o), Some(c)) = (config.opens, config.closes)
        && o >= c
    {
        return invalid(format!(
            "registration opens {o}, not before its deadline {c}"
        ));
    }
    match (config.closes, config.late_until) {
        (None, Some(_)) => {
            return invalid("late entries need a deadline to come after".into());
        }
        (Some(c), Some(l)) if l <= c => {
            return invalid(format!(
                "late entries until {l}: not after the deadline {c}"
            ));
        }
        _ => {}
    }
    if config.sections.is_empty() {
        return invalid("registration offers no section".into());
    }
    for (i, o) in config.sections.iter().enumerate() {
        state.section(Some(&o.section))?;
        if config.sections[..i].iter().any(|p| p.section == o.section) {
            return invalid(format!("section '{}' is offered twice", o.section));
        }
        if o.cap == Some(0) {
            return invalid(format!(
                "section '{}': a cap of 0 places leaves only a waiting list",
                o.section
            ));
        }
    }
    if let Some(f) = config.required.iter().find(|f| !config.asks(**f)) {
        return invalid(format!("the field {} is required but not asked", f.name()));
    }
    if let Some(t) = config
        .tags
        .iter()
        .find(|t| t.trim().is_empty() || t.to_lowercase() != **t)
    {
        return invalid(format!("the tag '{t}' is not a lower-case label"));
    }
    state.registration.config = Some(config.clone());
    Ok(())
}

pub(super) fn submit(state: &mut EventState, s: &Submission) -> Result<(), JournalError> {
    if state.registration.config.is_none() {
        return Err(JournalError::Invalid(
            "registration is not set up for this event".into(),
        ));
    }
    let expected = state.registration.next_number();
    if s.number != expected {
        return Err(JournalError::Invalid(format!(
            "the next registration is number {expected}, not {}",
            s.number
        )));
    }
    state.section(Some(&s.section))?;
    if s.player.name.trim().is_empty() {
        return Err(JournalError::Invalid("a registration needs a name".into()));
    }
    let queued = state.registration.join();
    state.registration.entries.insert(
        s.number,
        Entry {
            submission: s.clone(),
            section: s.section.clone(),
            decision: Decision::Pending,
            queued,
        },
    );
    Ok(())
}

/// The entry `number`, if it is still pending.
fn pending(state: &EventState, number: u32) -> Result<&Entry, JournalError> {
    let e = state.registration.entry(number)?;
    if e.decision != Decision::Pending {
        return Err(JournalError::Invalid(format!(
            "registration {number} is no longer pending ({})",
            match e.decision {
                Decision::Accepted(id) => format!("accepted as player {id}"),
                Decision::Rejected { .. } => "rejected".into(),
                Decision::Withdrawn => "withdrawn".into(),
                Decision::Pending => "pending".into(),
            }
        )));
    }
    Ok(e)
}

pub(super) fn accept(
    state: &mut EventState,
    number: u32,
    player: PlayerId,
) -> Result<(), JournalError> {
    let e = pending(state, number)?;
    if let Standing::WaitingList(n) = state.registration.standing(number)? {
        return Err(JournalError::Invalid(format!(
            "registration {number} is number {n} on the waiting list of section '{}': \
             raise the cap or wait for a place to free",
            e.section
        )));
    }
    let reg = state.player(player)?;
    if reg.section != e.section {
        return Err(JournalError::Invalid(format!(
            "player {player} is in section '{}', registration {number} in '{}'",
            reg.section, e.section
        )));
    }
    if let Some(other) = state.registration.entry_of_player(player) {
        return Err(JournalError::Invalid(format!(
            "player {player} is already registration {}",
            other.submission.number
        )));
    }
    state.registration.entry_mut(number)?.decision = Decision::Accepted(player);
    Ok(())
}

pub(super) fn reject(
    state: &mut EventState,
    number: u32,
    reason: &Option<String>,
) -> Result<(), JournalError> {
    pending(state, number)?;
    state.registration.entry_mut(number)?.decision = Decision::Rejected {
        reason: reason.clone(),
    };
    Ok(())
}

pub(super) fn withdraw(state: &mut EventState, number: u32) -> Result<(), JournalError> {
    pending(state, number)?;
    state.registration.entry_mut(number)?.decision = Decision::Withdrawn;
    Ok(())
}

pub(super) fn move_to(
    state: &mut EventState,
    number: u32,
    section: &str,
) -> Result<(), JournalError> {
    let e = pending(state, number)?;
    if e.section == section {
        return Err(JournalError::Invalid(format!(
            "registration {number} is already in section '{section}'"
        )));
    }
    state.section(Some(section))?;
    let queued = state.registration.join();
    let e = state.registration.entry_mut(number)?;
    e.section = section.to_string();
    e.queued = queued;
    Ok(())
}
