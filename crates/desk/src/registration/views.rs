//! What registration shows: the public offer (the form, its window and
//! the places left), the arbiter's list (every entry with its contact data,
//! standing and likely duplicates) and a registrant's status (his own
//! entry, without contact data).

use arbiter_model::Player;
use arbiter_model::date::DateTime;
use arbiter_model::journal::{
    Decision, EventState, FormField, Likeness, PlayerId, RegistrationEntry, Standing, Window,
    likeness,
};
use arbiter_model::money::Cents;
use jiff::Timestamp;

use super::fees::{EntryFee, FeeNotice};

use super::{config_of, local_time};
use crate::desk::Desk;
use crate::error::DeskError;
use crate::forms::registration::offset_text;

/// The registration form of an event at a moment (public).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistrationOffer {
    /// The event's name.
    pub event: String,
    pub window: Window,
    /// Local times.
    pub opens: Option<DateTime>,
    pub closes: Option<DateTime>,
    pub late_until: Option<DateTime>,
    /// `+01:00`: what the times are relative to.
    pub utc_offset: String,
    pub sections: Vec<OfferedSection>,
    /// Asked besides the name, in the form's order.
    pub fields: Vec<FormField>,
    pub required: Vec<FormField>,
    /// Tags a registrant may claim.
    pub tags: Vec<String>,
    /// The entry fees, when the event has a fee schedule.
    pub fees: Option<FeeNotice>,
}

/// A section on the form and how full it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferedSection {
    pub code: String,
    pub cap: Option<u32>,
    /// Places held (accepted, or pending within the cap).
    pub taken: u32,
    /// On the waiting list.
    pub waiting: u32,
    /// The base entry fee, when the event has fees.
    pub fee: Option<Cents>,
}

impl OfferedSection {
    /// Places still free (`None`: no limit).
    pub fn places_left(&self) -> Option<u32> {
        self.cap.map(|c| c.saturating_sub(self.taken))
    }
}

/// Why an entry looks like someone already known, and who.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Duplicate {
    pub likeness: Likeness,
    pub holder: Holder,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// Another entry still pending.
    Entry(u32),
    /// A registered player.
    Player { id: PlayerId, name: String },
}

/// One entry, as the arbiter sees it (contact data included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistrationRow {
    pub number: u32,
    /// Local time.
    pub submitted_at: DateTime,
    pub section: String,
    pub player: Player,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub late: bool,
    pub by_arbiter: bool,
    pub standing: Standing,
    /// Why it was rejected.
    pub reason: Option<String>,
    pub duplicates: Vec<Duplicate>,
    /// What the entry would owe, when the event has fees.
    pub fee: Option<EntryFee>,
}

/// Every entry, in the order submitted, with the form as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistrationList {
    pub offer: RegistrationOffer,
    pub rows: Vec<RegistrationRow>,
}

/// A registrant's own entry (his private link): no contact data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistrationStatus {
    pub event: String,
    pub number: u32,
    pub name: String,
    pub section: String,
    /// Local time.
    pub submitted_at: DateTime,
    pub late: bool,
    pub standing: Standing,
    pub reason: Option<String>,
    /// How it looks like an earlier entry or a player (not whose).
    pub duplicates: Vec<Likeness>,
    /// The registrant may still withdraw it.
    pub can_withdraw: bool,
    /// What the entry would owe, when the event has fees.
    pub fee: Option<EntryFee>,
}

impl Desk {
    /// The public form at `now`.
    pub fn registration_offer(&self, now: Timestamp) -> Result<RegistrationOffer, DeskError> {
        let state = self.state();
        let config = config_of(state)?;
        let standings = state.registration.standings();
        let schedule = self.fee_schedule()?;
        let sections = config
            .sections
            .iter()
            .map(|o| {
                let of_section = |want: fn(&Standing) -> bool| {
                    state
                        .registration
                        .entries
                        .values()
                        .filter(|e| e.section == o.section)
                        .filter(|e| standings.get(&e.submission.number).is_some_and(want))
                        .count() as u32
                };
                OfferedSection {
                    code: o.section.clone(),
                    cap: o.cap,
                    taken: of_section(|s| matches!(s, Standing::Place | Standing::Accepted(_))),
                    waiting: of_section(|s| matches!(s, Standing::WaitingList(_))),
                    fee: self.base_fee(schedule.as_ref(), &o.section),
                }
            })
            .collect();
        Ok(RegistrationOffer {
            event: event_name(state),
            window: config.window(local_time(config, now)?),
            opens: config.opens,
            closes: config.closes,
            late_until: config.late_until,
            utc_offset: offset_text(config.utc_offset_seconds),
            sections,
            fields: config.fields.clone(),
            required: config.required.clone(),
            tags: config.tags.clone(),
            fees: self.fee_notice()?,
        })
    }

    /// Every entry for the arbiter, with the form at `now`.
    pub fn registrations(&self, now: Timestamp) -> Result<RegistrationList, DeskError> {
        let state = self.state();
        let config = config_of(state)?;
        let standings = state.registration.standings();
        let schedule = self.fee_schedule()?;
        let mut rows = Vec::with_capacity(state.registration.entries.len());
        for (n, e) in &state.registration.entries {
            let s = &e.submission;
            rows.push(RegistrationRow {
                number: *n,
                submitted_at: local_time(config, s.at)?,
                section: e.section.clone(),
                player: s.player.clone(),
                email: s.email.clone(),
                phone: s.phone.clone(),
                late: s.late,
                by_arbiter: s.by_arbiter,
                standing: standing(&standings, *n)?,
                reason: reason(e),
                duplicates: duplicates_of(state, *n),
                fee: self.entry_fee(schedule.as_ref(), e),
            });
        }
        Ok(RegistrationList {
            offer: self.registration_offer(now)?,
            rows,
        })
    }

    /// The entry of the private link `token`.
    pub fn registration_status(&self, token: &str) -> Result<RegistrationStatus, DeskError> {
        let number = self.number_of(token)?;
        let state = self.state();
        let config = config_of(state)?;
        let e = state.registration.entry(number)?;
        let standing = state.registration.standing(number)?;
        Ok(RegistrationStatus {
            event: event_name(state),
            number,
            name: e.submission.player.name.clone(),
            section: e.section.clone(),
            submitted_at: local_time(config, e.submission.at)?,
            late: e.submission.late,
            standing,
            reason: reason(e),
            duplicates: duplicates_of(state, number)
                .into_iter()
                .map(|d| d.likeness)
                .collect(),
            can_withdraw: e.decision == Decision::Pending,
            fee: self.entry_fee(self.fee_schedule()?.as_ref(), e),
        })
    }
}

pub(super) fn event_name(state: &EventState) -> String {
    state
        .info
        .as_ref()
        .map(|i| i.name.clone())
        .unwrap_or_default()
}

fn standing(
    standings: &std::collections::BTreeMap<u32, Standing>,
    number: u32,
) -> Result<Standing, DeskError> {
    standings
        .get(&number)
        .copied()
        .ok_or_else(|| DeskError::internal(format!("registration {number} has no standing")))
}

fn reason(e: &RegistrationEntry) -> Option<String> {
    match &e.decision {
        Decision::Rejected { reason } => reason.clone(),
        _ => None,
    }
}

/// The players and the other pending entries that entry `number` looks
/// like. An entry accepted as a player is compared as that player.
pub(super) fn duplicates_of(state: &EventState, number: u32) -> Vec<Duplicate> {
    let Some(entry) = state.registration.entries.get(&number) else {
        return Vec::new();
    };
    if !entry.in_queue() {
        return Vec::new();
    }
    let me = &entry.submission.player;
    let own = match entry.decision {
        Decision::Accepted(id) => Some(id),
        _ => None,
    };
    let players = state
        .players
        .values()
        .filter(|r| Some(r.id) != own)
        .filter_map(|r| {
            Some(Duplicate {
                likeness: likeness(me, &r.player)?,
                holder: Holder::Player {
                    id: r.id,
                    name: r.player.name.clone(),
                },
            })
        });
    let entries = state
        .registration
        .entries
        .values()
        .filter(|e| e.submission.number != number && e.decision == Decision::Pending)
        .filter_map(|e| {
            Some(Duplicate {
                likeness: likeness(me, &e.submission.player)?,
                holder: Holder::Entry(e.submission.number),
            })
        });
    players.chain(entries).collect()
}

#[cfg(test)]
mod tests {
    use super::offset_text;

    #[test]
    fn offsets_are_written_with_hours_and_minutes() {
        assert_eq!(offset_text(3600), "+01:00");
        assert_eq!(offset_text(-5 * 3600 - 1800), "-05:30");
        assert_eq!(offset_text(0), "+00:00");
    }
}
