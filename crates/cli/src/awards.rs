//! The awards' commands (issue 12): `prizes set` / `prizes`, `fees set` /
//! `fees`, `pay`, `series standings`. Each asks the desk, which checks the
//! files and journals them, and prints its view as text for people or as
//! JSON (the shapes of issue 12).

mod render;

use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_desk::{Desk, DeskError, Origin, PaymentForm, PrizesRequest, read_text};
use arbiter_model::journal::PlayerId;
use clap::builder::PossibleValuesParser;
use clap::{Args, Subcommand};
use serde::Serialize;

use crate::event::SectionSelect;
use crate::out;

/// `--format text|json`.
#[derive(Args, Clone, Debug)]
pub struct FormatSelect {
    /// Output format: text (with an explanation of every decision) or json.
    #[arg(long, default_value = "text",
          value_parser = PossibleValuesParser::new(["text", "json"]))]
    pub format: String,
}

impl FormatSelect {
    fn json(&self) -> bool {
        self.format == "json"
    }
}

#[derive(Subcommand, Clone, Debug)]
pub enum AwardsCommand {
    /// A section's prizes: `prizes set EVENT PLAN.toml` records the plan;
    /// `prizes EVENT` allocates it over the standings after the complete
    /// rounds, explaining each decision.
    Prizes(PrizesArgs),
    /// The entry fees: `fees set EVENT FEES.toml` records the schedule;
    /// `fees EVENT` prints the ledger (what each entry owes and paid).
    Fees(FeesArgs),
    /// Record a payment of an entry fee (a refund is a negative amount).
    Pay {
        /// The event file.
        event: PathBuf,
        /// Player id (as printed at registration); the team's id when the
        /// fees are per team (`per = "team"`).
        player: PlayerId,
        /// Amount, e.g. 20, 12.50, or -5 for a refund.
        #[arg(allow_hyphen_values = true)]
        amount: String,
        /// How it was paid: cash, card or transfer.
        #[arg(long, default_value = "cash")]
        method: String,
        /// Free text, e.g. a receipt number.
        #[arg(long)]
        note: Option<String>,
    },
    /// Grand Prix series over event and TRF files.
    #[command(subcommand)]
    Series(SeriesCommand),
}

#[derive(Args, Clone, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct PrizesArgs {
    #[command(subcommand)]
    set: Option<PrizesSet>,
    /// The event file.
    #[arg(required = true)]
    event: Option<PathBuf>,
    #[command(flatten)]
    section: SectionSelect,
    #[command(flatten)]
    format: FormatSelect,
    /// Before the last round: who can still win each prize.
    #[arg(long)]
    still_possible: bool,
    /// What separates players equal on every tie-break: share (an
    /// indivisible prize between them is refused, naming them), tpn,
    /// lots:SEED.
    #[arg(long)]
    last_resort: Option<String>,
}

#[derive(Subcommand, Clone, Debug)]
enum PrizesSet {
    /// Record the prize plan of a section (TOML; replaces the earlier one).
    Set {
        /// The event file.
        event: PathBuf,
        /// The prize plan (TOML: currency, sharing, categories, prizes).
        plan: PathBuf,
        #[command(flatten)]
        section: SectionSelect,
    },
}

#[derive(Args, Clone, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct FeesArgs {
    #[command(subcommand)]
    set: Option<FeesSetCommand>,
    /// The event file.
    #[arg(required = true)]
    event: Option<PathBuf>,
    #[command(flatten)]
    format: FormatSelect,
}

#[derive(Subcommand, Clone, Debug)]
enum FeesSetCommand {
    /// Record the event's fee schedule (TOML; replaces the earlier one).
    Set {
        /// The event file.
        event: PathBuf,
        /// The fee schedule (TOML: currency, base, rules, surcharges).
        fees: PathBuf,
    },
}

#[derive(Subcommand, Clone, Debug)]
pub enum SeriesCommand {
    /// The series table: total, counted and discarded results per event,
    /// bonus, events played, band; and its prizes.
    Standings {
        /// The series file (TOML); its events are named relative to it.
        series: PathBuf,
        #[command(flatten)]
        format: FormatSelect,
    },
}

/// Runs one awards command; errors are printed with their exit code.
pub fn run(command: AwardsCommand) -> ExitCode {
    match dispatch(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => out::fail(&e),
    }
}

fn origin() -> Origin {
    Origin::command_line(std::env::args_os())
}

fn json(value: &impl Serialize) -> Result<String, DeskError> {
    serde_json::to_string_pretty(value)
        .map(|mut s| {
            s.push('\n');
            s
        })
        .map_err(|e| DeskError::internal(format!("cannot write JSON: {e}")))
}

fn dispatch(command: AwardsCommand) -> Result<(), DeskError> {
    match command {
        AwardsCommand::Prizes(PrizesArgs {
            set:
                Some(PrizesSet::Set {
                    event,
                    plan,
                    section,
                }),
            ..
        }) => {
            let text = read_text(&plan)?;
            let set = Desk::open(&event)?.set_prize_plan(
                &origin(),
                section.section.as_deref(),
                &plan.display().to_string(),
                &text,
            )?;
            for w in &set.warnings {
                out::warn(format_args!("warning: {w}"));
            }
            out::line(if set.changed {
                format!(
                    "section {}: prize plan set ({} prizes, {} categories)",
                    set.section, set.prizes, set.categories
                )
            } else {
                format!(
                    "section {}: the prize plan is already this one; nothing recorded",
                    set.section
                )
            });
        }
        AwardsCommand::Prizes(a) => {
            let Some(event) = &a.event else {
                return Err(DeskError::malformed("prizes: the event file is missing"));
            };
            let request = PrizesRequest {
                last_resort: a.last_resort.clone(),
            };
            let section = a.section.section.as_deref();
            let mut desk = Desk::open_read_only(event)?;
            if a.still_possible {
                let view = desk.still_possible(section, &request)?;
                out::print(&if a.format.json() {
                    json(&view)?
                } else {
                    render::still_possible(&view)
                });
            } else {
                let report = desk.prizes(section, &request)?;
                out::print(&if a.format.json() {
                    json(&report.allocation)?
                } else {
                    render::prizes(&report)
                });
            }
        }
        AwardsCommand::Fees(FeesArgs {
            set: Some(FeesSetCommand::Set { event, fees }),
            ..
        }) => {
            let text = read_text(&fees)?;
            let set =
                Desk::open(&event)?.set_fees(&origin(), &fees.display().to_string(), &text)?;
            out::line(if set.changed {
                format!(
                    "entry fees set ({}; {} rules, {} surcharges)",
                    set.currency, set.rules, set.surcharges
                )
            } else {
                "the entry fees are already these; nothing recorded".to_string()
            });
        }
        AwardsCommand::Fees(a) => {
            let Some(event) = &a.event else {
                return Err(DeskError::malformed("fees: the event file is missing"));
            };
            let mut desk = Desk::open_read_only(event)?;
            let ledger = desk.fees()?;
            out::print(&if a.format.json() {
                json(&ledger)?
            } else {
                render::ledger(&desk.summary().info.name, &ledger)
            });
        }
        AwardsCommand::Pay {
            event,
            player,
            amount,
            method,
            note,
        } => {
            let form = PaymentForm {
                id: player,
                amount,
                method: Some(method),
                note,
            };
            let p = Desk::open(&event)?.pay(&origin(), &form)?;
            out::line(render::payment(&p));
        }
        AwardsCommand::Series(SeriesCommand::Standings { series, format }) => {
            let standings = arbiter_desk::series_standings(&series)?;
            out::print(&if format.json() {
                json(&standings)?
            } else {
                render::series(&standings)
            });
        }
    }
    Ok(())
}
