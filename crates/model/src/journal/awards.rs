//! The journal entries of awards (issue 12): a section's prize plan, the
//! event's entry fees, and the payments (refunds are negative).
//!
//! Plans and fee schedules are stored as the TOML text the arbiter gave
//! (the `awards` crate's schema, checked by the application layer before it
//! records them): the text is what was announced, comments included, and
//! the fold never parses it — so a journal replays whatever later versions
//! make of the schema, and the plan in force is always the one the arbiter
//! set, read afresh.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::PlayerId;
use super::error::JournalError;
use super::state::EventState;
use crate::money::{Cents, Method};

/// `prizes set`: the prize plan of a section (replacing any earlier one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizePlanSet {
    pub section: String,
    /// The plan as TOML text, as given.
    pub plan: String,
}

/// `fees set`: the event's fee schedule (replacing any earlier one).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FeesSet {
    /// The schedule as TOML text, as given.
    pub schedule: String,
}

/// `pay`: money received from an entry, or (negative) paid back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payment {
    /// The player's id, or the team's when `team` (fees per team).
    pub id: PlayerId,
    pub amount: Cents,
    pub method: Method,
    pub note: Option<String>,
    /// Paid by a team of a team section (the fees are per team).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub team: bool,
}

/// What the awards entries fold into.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AwardsState {
    /// The prize plan of each section that has one (TOML text).
    pub plans: BTreeMap<String, String>,
    /// The fee schedule (TOML text).
    pub fees: Option<String>,
    /// In the order recorded.
    pub payments: Vec<Payment>,
}

pub(super) fn set_plan(state: &mut EventState, e: &PrizePlanSet) -> Result<(), JournalError> {
    state.section(Some(&e.section))?;
    if e.plan.trim().is_empty() {
        return Err(JournalError::Invalid(format!(
            "the prize plan of section '{}' is empty",
            e.section
        )));
    }
    state.awards.plans.insert(e.section.clone(), e.plan.clone());
    Ok(())
}

pub(super) fn set_fees(state: &mut EventState, e: &FeesSet) -> Result<(), JournalError> {
    if e.schedule.trim().is_empty() {
        return Err(JournalError::Invalid("the fee schedule is empty".into()));
    }
    state.awards.fees = Some(e.schedule.clone());
    Ok(())
}

pub(super) fn pay(state: &mut EventState, p: &Payment) -> Result<(), JournalError> {
    if p.team {
        state.team(p.id)?;
    } else {
        state.player(p.id)?;
    }
    if p.amount == Cents::ZERO {
        return Err(JournalError::Invalid(
            "a payment of 0.00 records nothing".into(),
        ));
    }
    state.awards.payments.push(p.clone());
    Ok(())
}
