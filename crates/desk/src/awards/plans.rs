//! A section's prize plan: set (checked, then journaled as the TOML text
//! given), allocated over the section's standings, and the players who can
//! still win each prize; classifications by the plan's categories.

use std::collections::BTreeMap;

use arbiter_awards::{
    Allocation, Cents, Contenders, Options, PrizePlan, Ranking, allocate, classification,
    still_possible,
};
use arbiter_model::date::Date;
use arbiter_model::journal::{Event, PlayerId, PrizePlanSet, Section};
use arbiter_model::{Tournament, Tpn};
use arbiter_standings::Standings;
use serde::Serialize;

use super::outlook::outlook;
use super::{file_error, undecidable};
use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::input::{MAX_INPUT_BYTES, within};
use crate::origin::Origin;
use crate::reports::StandingsRequest;
use crate::views::{Heading, Numbering};

/// `prizes set`: the plan recorded for a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanSet {
    pub section: String,
    pub prizes: usize,
    pub categories: usize,
    /// False when the section already had this very plan: nothing recorded.
    pub changed: bool,
    /// What the arbiter should know (an age category without a date to
    /// compute ages on).
    pub warnings: Vec<String>,
}

/// A prize query as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PrizesRequest {
    /// What separates players equal on every tie-break: `share` (default:
    /// an indivisible prize between them is refused, naming them), `tpn`,
    /// `lots:SEED`.
    pub last_resort: Option<String>,
}

/// The event's prize fund as the fee schedule declares it: fees collected
/// (payments net of refunds) plus sponsors (seed 004: "the prize fund is
/// formed from the fees collected and sponsors' money").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrizeFund {
    pub currency: String,
    pub fees: Cents,
    pub sponsors: Cents,
    pub total: Cents,
}

/// The prize fund beside a section's prizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fund {
    /// No fee schedule is set.
    Undeclared,
    Declared(PrizeFund),
    /// The ledger cannot be computed, and why.
    Unknown(String),
}

/// `prizes`: the allocation of a section's plan over its standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrizesReport {
    pub heading: Heading,
    /// Rounds whose results are all in, and the section's rounds.
    pub rounds_complete: u32,
    pub rounds: u32,
    /// Serialises to the JSON of issue 12.
    pub allocation: Allocation,
    pub fund: Fund,
}

/// `prizes --still-possible`: who can still win each prize.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StillPossible {
    pub section: String,
    pub rounds_complete: u32,
    pub rounds: u32,
    /// In the plan's order.
    pub prizes: Vec<Contenders>,
    /// The name of every player listed.
    pub names: BTreeMap<PlayerId, String>,
}

/// What a prize query computes on: the section's plan and its ranking.
struct Field {
    section: String,
    plan: PrizePlan,
    ranking: Ranking,
    start: Option<Date>,
}

impl Field {
    fn options(&self) -> Options<'_> {
        Options {
            section: Some(&self.section),
            event_start: self.start,
        }
    }
}

impl Desk {
    /// Sets the prize plan of `section` (default: the first) from the TOML
    /// `text` of the file `source` (at most [`MAX_INPUT_BYTES`], as the
    /// file), once it reads; the text is journaled as given (see
    /// `arbiter_model::journal::PrizePlanSet`).
    pub fn set_prize_plan(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        source: &str,
        text: &str,
    ) -> Result<PlanSet, DeskError> {
        within(source, text.len(), MAX_INPUT_BYTES)?;
        let plan = PrizePlan::parse(text).map_err(|e| file_error(source, e))?;
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let code = state.section(section)?.code.clone();
                let changed = state.awards.plans.get(&code).map(String::as_str) != Some(text);
                let start = state.info.as_ref().and_then(|i| i.start_date);
                let mut warnings = Vec::new();
                if plan.reference_date.is_none() && start.is_none() {
                    warnings.extend(
                        plan.categories
                            .iter()
                            .filter(|c| c.condition.uses_age())
                            .map(|c| {
                                format!(
                                    "categories.{}: ages need a day to be computed on: set \
                                     reference_date in the plan or the event's start date",
                                    c.name
                                )
                            }),
                    );
                }
                let outcome = PlanSet {
                    section: code.clone(),
                    prizes: plan.prizes.len(),
                    categories: plan.categories.len(),
                    changed,
                    warnings,
                };
                let events = if changed {
                    vec![Event::PrizePlanSet(PrizePlanSet {
                        section: code,
                        plan: text.to_string(),
                    })]
                } else {
                    Vec::new()
                };
                Ok(Plan::new(events, outcome))
            },
            |e| e,
        )
    }

    /// The prizes of `section` on its standings after the complete rounds
    /// (prizes.md §2-3), with the event's prize fund beside them.
    pub fn prizes(
        &mut self,
        section: Option<&str>,
        request: &PrizesRequest,
    ) -> Result<PrizesReport, DeskError> {
        let field = self.prize_field(section, request)?;
        let allocation = allocate(&field.plan, &field.ranking, &field.options())
            .map_err(|e| undecidable(format!("prizes of section {}", field.section), e))?;
        let sec = self.section(Some(&field.section))?;
        let (heading, rounds_complete, rounds) = (
            self.heading(sec, None),
            sec.rounds_complete(),
            sec.config.rounds,
        );
        let fund = self.prize_fund()?;
        Ok(PrizesReport {
            heading,
            rounds_complete,
            rounds,
            allocation,
            fund,
        })
    }

    /// Who can still win each prize of `section`, given the rounds left
    /// (`arbiter_awards::still_possible`: a player is left out only when no
    /// results can give him the prize).
    pub fn still_possible(
        &self,
        section: Option<&str>,
        request: &PrizesRequest,
    ) -> Result<StillPossible, DeskError> {
        let field = self.prize_field(section, request)?;
        let sec = self.section(Some(&field.section))?;
        let best = outlook(self.state(), sec, &field.ranking);
        let prizes = still_possible(&field.plan, &field.ranking, &best, &field.options())
            .map_err(|e| undecidable(format!("prizes of section {}", field.section), e))?;
        let names = field
            .ranking
            .rows
            .iter()
            .filter(|r| prizes.iter().any(|p| p.ids.contains(&r.id)))
            .map(|r| (r.id, r.player.name.clone()))
            .collect();
        Ok(StillPossible {
            section: field.section,
            rounds_complete: sec.rounds_complete(),
            rounds: sec.config.rounds,
            prizes,
            names,
        })
    }

    /// The prize plan in force for section `code`.
    fn prize_plan(&self, code: &str) -> Result<PrizePlan, DeskError> {
        let text = self.state().awards.plans.get(code).ok_or_else(|| {
            DeskError::not_found(format!(
                "section '{code}' has no prize plan (arbiter prizes set EVENT PLAN.toml --section {code})"
            ))
        })?;
        PrizePlan::parse(text).map_err(|e| {
            DeskError::internal(format!(
                "the prize plan recorded for section '{code}' no longer reads: {e}"
            ))
        })
    }

    /// The plan and the ranking of a section after its complete rounds.
    fn prize_field(
        &self,
        section: Option<&str>,
        request: &PrizesRequest,
    ) -> Result<Field, DeskError> {
        let sec = self.section(section)?;
        let plan = self.prize_plan(&sec.code)?;
        let standings = self
            .standings(
                Some(&sec.code),
                &StandingsRequest {
                    last_resort: request.last_resort.clone(),
                    ..StandingsRequest::default()
                },
            )?
            .standings;
        let tournament = self.state().tournament(sec, sec.rounds_complete());
        let ids = self.ids_by_tpn(sec);
        let ranking = Ranking::from_standings(&standings, &tournament, |tpn| id_of(&ids, tpn))
            .map_err(|e| DeskError::internal(e.to_string()))?;
        Ok(Field {
            section: sec.code.clone(),
            plan,
            ranking,
            start: self.start_date(),
        })
    }

    /// The event's start date.
    pub(crate) fn start_date(&self) -> Option<Date> {
        self.state().info.as_ref().and_then(|i| i.start_date)
    }

    /// Player ids in the TPN order of the standings (`ids[tpn - 1]`).
    fn ids_by_tpn(&self, sec: &Section) -> Vec<PlayerId> {
        Numbering::current(self.state(), sec).order().to_vec()
    }

    /// The standings of `sec` restricted to category `name` of its plan,
    /// ranked among themselves (`standings --category`).
    pub(crate) fn category_standings(
        &self,
        sec: &Section,
        standings: &Standings,
        tournament: &Tournament,
        name: &str,
    ) -> Result<Standings, DeskError> {
        let plan = self.prize_plan(&sec.code)?;
        let ids = self.ids_by_tpn(sec);
        let opts = Options {
            section: Some(&sec.code),
            event_start: self.start_date(),
        };
        classification(standings, tournament, &plan, name, &opts, |tpn| {
            id_of(&ids, tpn)
        })
        .map_err(|e| match e {
            arbiter_awards::AwardsError::UnknownCategory(_) => DeskError::invalid(
                "category",
                format!(
                    "{e} of section {} (categories: {})",
                    sec.code,
                    plan.categories
                        .iter()
                        .map(|c| c.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            e => undecidable(format!("category {name} of section {}", sec.code), e),
        })
    }
}

/// The id of pairing number `tpn` (0 for a number nobody holds, which the
/// standings never give).
fn id_of(ids: &[PlayerId], tpn: Tpn) -> PlayerId {
    ids.get((tpn as usize).wrapping_sub(1))
        .copied()
        .unwrap_or_default()
}
