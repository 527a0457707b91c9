//! The event's entry fees: the schedule (checked, then journaled as the
//! TOML text given), the ledger of every entry with what it owes and paid,
//! and payments (refunds negative). A player's registration time, which
//! `registered_after` rules read, is the journal's time of the command that
//! registered him (for a player accepted from an online entry, the time he
//! submitted it), shifted to the event's local time by the schedule's
//! `utc_offset`.

use std::collections::{BTreeMap, BTreeSet};

use arbiter_awards::fees::{Entry, Payer};
use arbiter_awards::{Cents, FeeSchedule, Ledger, ledger};
use arbiter_model::date::DateTime;
use arbiter_model::journal::{Decision, Event, FeesSet as FeesEntry, PlayerId};
use arbiter_model::money::Method;

use super::plans::{Fund, PrizeFund};
use super::{file_error, undecidable};
use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::forms::PaymentForm;
use crate::origin::Origin;
use crate::players::player_ref;
use crate::views::PlayerRef;

/// `fees set`: the schedule recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeesSet {
    pub currency: String,
    pub rules: usize,
    pub surcharges: usize,
    /// False when the event already had this very schedule: nothing
    /// recorded.
    pub changed: bool,
}

/// `pay`: the payment recorded, and the payer's balance when fees are set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaymentRecorded {
    pub player: PlayerRef,
    pub amount: Cents,
    pub method: Method,
    pub note: Option<String>,
    /// `(currency, due, paid so far)`, when the fee can be computed.
    pub balance: Option<(String, Cents, Cents)>,
}

impl Desk {
    /// Sets the event's fee schedule from the TOML `text` of the file
    /// `source`, once it reads.
    pub fn set_fees(
        &mut self,
        origin: &Origin,
        source: &str,
        text: &str,
    ) -> Result<FeesSet, DeskError> {
        let schedule = FeeSchedule::parse(text).map_err(|e| file_error(source, e))?;
        if schedule.uses_registration() && schedule.utc_offset.is_none() {
            return Err(DeskError::malformed(format!(
                "{source}: utc_offset: registration times are recorded in UTC; give the \
                 event's offset from UTC (utc_offset = \"+02:00\") to compare them with \
                 registered_after"
            )));
        }
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let changed = state.awards.fees.as_deref() != Some(text);
                let outcome = FeesSet {
                    currency: schedule.currency.clone(),
                    rules: schedule.rules.len(),
                    surcharges: schedule.surcharges.len(),
                    changed,
                };
                let events = if changed {
                    vec![Event::FeesSet(FeesEntry {
                        schedule: text.to_string(),
                    })]
                } else {
                    Vec::new()
                };
                Ok(Plan::new(events, outcome))
            },
            |e| e,
        )
    }

    /// The ledger: every registered player with his fee, the rule that set
    /// it, what he paid and what he still owes; totals by rule and method;
    /// the prize fund (fees collected + sponsors).
    pub fn fees(&mut self) -> Result<Ledger, DeskError> {
        let schedule = self.fee_schedule()?.ok_or_else(|| {
            DeskError::not_found("the event has no entry fees (arbiter fees set EVENT FEES.toml)")
        })?;
        self.ledger_of(&schedule)
    }

    /// Records a payment (negative: a refund).
    pub fn pay(
        &mut self,
        origin: &Origin,
        form: &PaymentForm,
    ) -> Result<PaymentRecorded, DeskError> {
        let payment = form.payment()?;
        let recorded = self.commit(
            origin,
            |now| {
                let state = now.state();
                let outcome = PaymentRecorded {
                    player: player_ref(state, payment.id)?,
                    amount: payment.amount,
                    method: payment.method,
                    note: payment.note.clone(),
                    balance: None,
                };
                Ok(Plan::new(
                    vec![Event::PaymentRecorded(payment.clone())],
                    outcome,
                ))
            },
            |e| e,
        )?;
        let balance = match self.fee_schedule() {
            Ok(Some(schedule)) => self.ledger_of(&schedule).ok().and_then(|l| {
                l.entries
                    .iter()
                    .find(|e| e.id == payment.id)
                    .map(|e| (l.currency.clone(), e.due, e.paid))
            }),
            _ => None,
        };
        Ok(PaymentRecorded {
            balance,
            ..recorded
        })
    }

    /// The prize fund the fee schedule declares (fees collected plus
    /// sponsors), for the prizes' report.
    pub(super) fn prize_fund(&mut self) -> Result<Fund, DeskError> {
        let Some(schedule) = self.fee_schedule()? else {
            return Ok(Fund::Undeclared);
        };
        Ok(match self.ledger_of(&schedule) {
            Ok(l) => Fund::Declared(PrizeFund {
                currency: l.currency,
                fees: l.paid,
                sponsors: l.sponsors,
                total: l.prize_fund,
            }),
            Err(e) => Fund::Unknown(e.to_string()),
        })
    }

    /// The fee schedule in force.
    pub(crate) fn fee_schedule(&self) -> Result<Option<FeeSchedule>, DeskError> {
        self.state()
            .awards
            .fees
            .as_deref()
            .map(|text| {
                FeeSchedule::parse(text).map_err(|e| {
                    DeskError::internal(format!("the fee schedule recorded no longer reads: {e}"))
                })
            })
            .transpose()
    }

    fn ledger_of(&mut self, schedule: &FeeSchedule) -> Result<Ledger, DeskError> {
        let registered = self.registration_times(schedule)?;
        let state = self.state();
        let entries: Vec<Entry> = state
            .players
            .values()
            .map(|r| Entry {
                id: r.id,
                name: r.player.name.clone(),
                section: r.section.clone(),
                payer: Payer::Player(r.player.clone()),
                registered_at: registered.get(&r.id).copied(),
            })
            .collect();
        ledger(
            schedule,
            &entries,
            &state.awards.payments,
            self.start_date(),
        )
        .map_err(|e| undecidable("fees", e))
    }

    /// When each player in force was registered: the time of the command
    /// that wrote his registration, in the schedule's local time.
    fn registration_times(
        &mut self,
        schedule: &FeeSchedule,
    ) -> Result<BTreeMap<PlayerId, DateTime>, DeskError> {
        let in_force: BTreeSet<u64> = self.journal().in_force().iter().map(|(q, _)| *q).collect();
        let offset = schedule.utc_offset.unwrap_or(jiff::tz::Offset::UTC);
        let mut times = BTreeMap::new();
        for e in self.entries()? {
            let Event::PlayerRegistered { id, .. } = e.event else {
                continue;
            };
            if !in_force.contains(&e.seq) {
                continue;
            }
            let at: jiff::Timestamp = e.command.recorded_at.parse().map_err(|err| {
                DeskError::internal(format!(
                    "journal entry {}: time '{}' is not RFC 3339: {err}",
                    e.seq, e.command.recorded_at
                ))
            })?;
            times.insert(id, offset.to_datetime(at));
        }
        // A player accepted from an online entry registered when he
        // submitted it, not when the arbiter got to it.
        for e in self.state().registration.entries.values() {
            if let Decision::Accepted(id) = e.decision {
                times.insert(id, offset.to_datetime(e.submission.at));
            }
        }
        Ok(times)
    }
}
