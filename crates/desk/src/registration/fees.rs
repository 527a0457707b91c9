//! The entry fee on the form and on an entry, from the event's fee
//! schedule (`fees set`, issue 12) when it has one: the form shows each
//! section's base fee and the reductions and surcharges by their labels;
//! an entry shows what it would owe, computed by the same schedule as the
//! ledger with the registrant's data, claimed tags and submission time.

use arbiter_awards::fees::{Entry, Payer, Price, Raise};
use arbiter_awards::{Cents, FeeSchedule};
use arbiter_model::journal::RegistrationEntry;

use crate::desk::Desk;
use crate::error::DeskError;

/// The fee schedule as the form shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeeNotice {
    pub currency: String,
    /// Reductions and exemptions, in the schedule's order.
    pub rules: Vec<FeeLine>,
    pub surcharges: Vec<FeeLine>,
}

/// One rule of the schedule: its label and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeeLine {
    pub label: String,
    pub change: FeeChange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeeChange {
    /// The fee is this amount (0: free).
    Pay(Cents),
    /// The fee is this percentage of the base.
    Percent(u32),
    /// This amount is added.
    Add(Cents),
    /// The fee becomes at least this amount.
    RaiseTo(Cents),
}

/// What one entry would owe.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryFee {
    pub currency: String,
    pub due: Cents,
    /// The reduction that set it (`None`: the base fee).
    pub rule: Option<String>,
    pub surcharges: Vec<String>,
}

impl Desk {
    /// The schedule for the form, when the event has fees.
    pub(super) fn fee_notice(&self) -> Result<Option<FeeNotice>, DeskError> {
        Ok(self.fee_schedule()?.map(|s| FeeNotice {
            currency: s.currency.clone(),
            rules: s
                .rules
                .iter()
                .map(|r| FeeLine {
                    label: r.label.clone(),
                    change: match r.price {
                        Price::Pay(c) => FeeChange::Pay(c),
                        Price::Percent(p) => FeeChange::Percent(p),
                    },
                })
                .collect(),
            surcharges: s
                .surcharges
                .iter()
                .map(|r| FeeLine {
                    label: r.label.clone(),
                    change: match r.raise {
                        Raise::Add(c) => FeeChange::Add(c),
                        Raise::To(c) => FeeChange::RaiseTo(c),
                    },
                })
                .collect(),
        }))
    }

    /// The base fee of `section`, when the event has fees.
    pub(super) fn base_fee(&self, schedule: Option<&FeeSchedule>, section: &str) -> Option<Cents> {
        schedule.and_then(|s| s.base_of(section).ok())
    }

    /// What `entry` would owe. `None` without fees, or when the schedule
    /// cannot decide from what the registrant gave (a rule on a rating
    /// or an age he did not state): the arbiter's ledger tells once he is
    /// a player.
    pub(super) fn entry_fee(
        &self,
        schedule: Option<&FeeSchedule>,
        entry: &RegistrationEntry,
    ) -> Option<EntryFee> {
        let schedule = schedule?;
        let offset = schedule.utc_offset.unwrap_or(jiff::tz::Offset::UTC);
        let e = Entry {
            id: entry.submission.number,
            name: entry.submission.player.name.clone(),
            section: entry.section.clone(),
            payer: Payer::Player(entry.submission.player.clone()),
            registered_at: Some(offset.to_datetime(entry.submission.at)),
        };
        let due = schedule.due(&e, self.start_date()).ok()?;
        Some(EntryFee {
            currency: schedule.currency.clone(),
            due: due.due,
            rule: due.rule,
            surcharges: due.surcharges,
        })
    }
}
