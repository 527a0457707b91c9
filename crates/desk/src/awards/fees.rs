//! The event's entry fees: the schedule (checked, then journaled as the
//! TOML text given), the ledger of every entry with what it owes and paid,
//! and payments (refunds negative). A player's registration time, which
//! `registered_after` rules read, is the journal's time of the command that
//! registered him (for a player accepted from an online entry, the time he
//! submitted it), shifted to the event's local time by the schedule's
//! `utc_offset`. When the fees are per team (`per = "team"`), the entries
//! are the teams: a team's tags and members decide its fee, its registration
//! time is that of the command that registered it, and a payment names the
//! team's id.

use std::collections::{BTreeMap, BTreeSet};

use arbiter_awards::fees::{Entry, Payer, Per};
use arbiter_awards::{Cents, FeeSchedule, Ledger, ledger};
use arbiter_model::date::DateTime;
use arbiter_model::journal::teams::TeamEvent;
use arbiter_model::journal::{Decision, Event, FeesSet as FeesEntry, PlayerId};
use arbiter_model::money::Method;

use super::plans::{Fund, PrizeFund};
use super::{file_error, undecidable};
use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::forms::PaymentForm;
use crate::input::{MAX_INPUT_BYTES, within};
use crate::origin::Origin;
use crate::players::player_ref;
use crate::teams::{TeamNumbering, TeamRef};
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

/// Who paid: a player, or a team when the fees are per team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payee {
    Player(PlayerRef),
    Team(TeamRef),
}

impl Payee {
    /// The player's or the team's id.
    pub fn id(&self) -> u32 {
        match self {
            Payee::Player(p) => p.id,
            Payee::Team(t) => t.id,
        }
    }

    pub fn name(&self) -> &str {
        match self {
            Payee::Player(p) => &p.name,
            Payee::Team(t) => &t.name,
        }
    }
}

/// `pay`: the payment recorded, and the payer's balance when fees are set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaymentRecorded {
    pub payer: Payee,
    pub amount: Cents,
    pub method: Method,
    pub note: Option<String>,
    /// `(currency, due, paid so far)`, when the fee can be computed.
    pub balance: Option<(String, Cents, Cents)>,
}

impl Desk {
    /// Sets the event's fee schedule from the TOML `text` of the file
    /// `source` (at most [`MAX_INPUT_BYTES`], as the file), once it reads and
    /// gives a base fee to every section of the event (else the ledger could
    /// not be computed).
    pub fn set_fees(
        &mut self,
        origin: &Origin,
        source: &str,
        text: &str,
    ) -> Result<FeesSet, DeskError> {
        within(source, text.len(), MAX_INPUT_BYTES)?;
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
                for section in &state.sections {
                    schedule
                        .base_of(&section.code)
                        .map_err(|e| file_error(source, e))?;
                }
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

    /// Records a payment (negative: a refund): from the player `form.id`,
    /// or from the team `form.id` when the fees in force are per team.
    pub fn pay(
        &mut self,
        origin: &Origin,
        form: &PaymentForm,
    ) -> Result<PaymentRecorded, DeskError> {
        let mut payment = form.payment()?;
        payment.team = self.fee_schedule()?.is_some_and(|s| s.per == Per::Team);
        let recorded = self.commit(
            origin,
            |now| {
                let state = now.state();
                let payer = if payment.team {
                    let team = state.team(payment.id)?;
                    let sec = state.section(Some(&team.section))?;
                    Payee::Team(TeamNumbering::current(state, sec).team(team.id))
                } else {
                    Payee::Player(player_ref(state, payment.id)?)
                };
                let outcome = PaymentRecorded {
                    payer,
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

    /// The ledger of `schedule`: one entry per player, or per team when the
    /// fees are per team, with the payments made by entries of that kind.
    fn ledger_of(&mut self, schedule: &FeeSchedule) -> Result<Ledger, DeskError> {
        let per_team = schedule.per == Per::Team;
        let entries = if per_team {
            self.team_entries(schedule)?
        } else {
            self.player_entries(schedule)?
        };
        let state = self.state();
        if let Some(p) = state.awards.payments.iter().find(|p| p.team != per_team) {
            return Err(DeskError::refused(format!(
                "fees: a payment from {} {} was recorded, but the fees in force are per {}: \
                 refund it and record it again",
                if p.team { "team" } else { "player" },
                p.id,
                if per_team { "team" } else { "player" },
            )));
        }
        ledger(
            schedule,
            &entries,
            &state.awards.payments,
            self.start_date(),
        )
        .map_err(|e| undecidable("fees", e))
    }

    /// Every registered player as an entry.
    fn player_entries(&mut self, schedule: &FeeSchedule) -> Result<Vec<Entry>, DeskError> {
        let registered = self.registration_times(schedule)?;
        Ok(self
            .state()
            .players
            .values()
            .map(|r| Entry {
                id: r.id,
                name: r.player.name.clone(),
                section: r.section.clone(),
                payer: Payer::Player(r.player.clone()),
                registered_at: registered.get(&r.id).copied(),
            })
            .collect())
    }

    /// Every registered team as an entry: its tags, and its members'
    /// data for the other conditions.
    fn team_entries(&mut self, schedule: &FeeSchedule) -> Result<Vec<Entry>, DeskError> {
        let registered = self.team_registration_times(schedule)?;
        let state = self.state();
        state
            .teams
            .values()
            .map(|t| {
                let members = t
                    .members
                    .iter()
                    .map(|m| Ok(state.player(*m)?.player.clone()))
                    .collect::<Result<Vec<_>, DeskError>>()?;
                Ok(Entry {
                    id: t.id,
                    name: t.name.clone(),
                    section: t.section.clone(),
                    payer: Payer::Team {
                        tags: t.tags.clone(),
                        members,
                    },
                    registered_at: registered.get(&t.id).copied(),
                })
            })
            .collect()
    }

    /// When each player in force was registered: the time of the command
    /// that wrote his registration, in the schedule's local time.
    fn registration_times(
        &mut self,
        schedule: &FeeSchedule,
    ) -> Result<BTreeMap<PlayerId, DateTime>, DeskError> {
        let offset = schedule.utc_offset.unwrap_or(jiff::tz::Offset::UTC);
        let mut times = self.command_times(offset, |e| match e {
            Event::PlayerRegistered { id, .. } => Some(*id),
            _ => None,
        })?;
        // A player accepted from an online entry registered when he
        // submitted it, not when the arbiter got to it.
        for e in self.state().registration.entries.values() {
            if let Decision::Accepted(id) = e.decision {
                times.insert(id, offset.to_datetime(e.submission.at));
            }
        }
        Ok(times)
    }

    /// When each team in force was registered: the time of the `team add`
    /// command, in the schedule's local time.
    fn team_registration_times(
        &mut self,
        schedule: &FeeSchedule,
    ) -> Result<BTreeMap<u32, DateTime>, DeskError> {
        let offset = schedule.utc_offset.unwrap_or(jiff::tz::Offset::UTC);
        self.command_times(offset, |e| match e {
            Event::Team(TeamEvent::Registered { id, .. }) => Some(*id),
            _ => None,
        })
    }

    /// The local time of the command that wrote each journal entry in
    /// force that `registers` maps to an id.
    fn command_times(
        &mut self,
        offset: jiff::tz::Offset,
        registers: impl Fn(&Event) -> Option<u32>,
    ) -> Result<BTreeMap<u32, DateTime>, DeskError> {
        let in_force: BTreeSet<u64> = self.journal().in_force().iter().map(|(q, _)| *q).collect();
        let mut times = BTreeMap::new();
        for e in self.entries()? {
            let Some(id) = registers(&e.event) else {
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
        Ok(times)
    }
}
