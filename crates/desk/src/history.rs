//! The journal as people read it (`log`), and `undo`: cancelling the
//! latest command still in force, itself journaled.

use std::collections::{BTreeMap, BTreeSet};

use arbiter_model::ByeKind;
use arbiter_model::journal::{BoardPair, Event, EventState, GameResult, PlayerId};

use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::origin::Origin;

/// One command of the log with the entries it wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogCommand {
    /// UTC, RFC 3339.
    pub recorded_at: String,
    /// Its origin (the command line as typed, the web user and form).
    pub line: String,
    pub entries: Vec<LogEntry>,
}

/// One journal entry, described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogEntry {
    pub seq: u64,
    /// What it did, in one line.
    pub summary: String,
    /// The entry that cancelled it.
    pub undone_by: Option<u64>,
    /// The result a recorded result corrected.
    pub correction_of: Option<GameResult>,
}

/// What an undo cancelled: `(seq, summary)` of every entry, oldest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undone {
    pub entries: Vec<(u64, String)>,
}

impl Desk {
    /// Every command with its entries; undone entries are marked, manual
    /// pairings shown beside the engine's proposal, corrections beside the
    /// result they replaced.
    pub fn log(&mut self) -> Result<Vec<LogCommand>, DeskError> {
        let in_force: BTreeSet<u64> = self.journal().in_force().iter().map(|(q, _)| *q).collect();
        let state = self.state().clone();
        let entries = self.entries()?;
        let undone: BTreeMap<u64, u64> = entries
            .iter()
            .filter_map(|e| match e.event {
                Event::Undone { seq } => Some((seq, e.seq)),
                _ => None,
            })
            .collect();
        let mut proposals: BTreeMap<(String, u32), Vec<BoardPair>> = BTreeMap::new();
        let mut results: BTreeMap<(String, u32, u32), GameResult> = BTreeMap::new();
        let mut out: Vec<LogCommand> = Vec::new();
        let mut last_command = None;
        for e in entries {
            if last_command != Some(e.command.id) {
                out.push(LogCommand {
                    recorded_at: e.command.recorded_at.clone(),
                    line: e.command.line.clone(),
                    entries: Vec::new(),
                });
                last_command = Some(e.command.id);
            }
            let live = in_force.contains(&e.seq);
            if let Event::RoundPaired {
                section,
                round,
                boards,
                ..
            } = &e.event
                && live
            {
                proposals.insert((section.clone(), *round), boards.clone());
            }
            if let Event::RoundPaired { section, round, .. }
            | Event::PairingEdited { section, round, .. } = &e.event
            {
                // Boards are new or renumbered: later results are no corrections.
                results.retain(|(s, r, _), _| (s, r) != (section, round));
            }
            let mut correction_of = None;
            if let Event::ResultRecorded {
                section,
                round,
                board,
                result,
            } = &e.event
                && live
            {
                correction_of = results.insert((section.clone(), *round, *board), *result);
            }
            let entry = LogEntry {
                seq: e.seq,
                summary: describe(&state, &e.event, &proposals),
                undone_by: undone.get(&e.seq).copied(),
                correction_of,
            };
            if let Some(command) = out.last_mut() {
                command.entries.push(entry);
            }
        }
        Ok(out)
    }

    /// Cancels the latest command still in force — every entry it wrote —
    /// by one undo entry per entry, in one transaction. The creation of the
    /// event cannot be undone.
    pub fn undo(&mut self, origin: &Origin) -> Result<Undone, DeskError> {
        self.entries()?;
        self.commit(
            origin,
            |now| {
                let command_of: BTreeMap<u64, u64> =
                    now.entries.iter().map(|e| (e.seq, e.command.id)).collect();
                let in_force = now.journal.in_force();
                let command = |seq: &u64| command_of.get(seq).copied();
                let creation = in_force.first().and_then(|(seq, _)| command(seq));
                let last = in_force.last().and_then(|(seq, _)| command(seq));
                if last.is_none() || last == creation {
                    return Err(DeskError::refused(
                        "nothing to undo (the creation of the event cannot be undone)",
                    ));
                }
                let latest = || {
                    in_force
                        .iter()
                        .rev()
                        .take_while(|(seq, _)| command(seq) == last)
                };
                if let Some(number) =
                    latest().find_map(|(_, e)| crate::registration::by_registrant(e))
                {
                    return Err(DeskError::refused(format!(
                        "the latest command is registration {number}'s, made by the registrant \
                         on the public form: an undo would erase it behind his back; reject it \
                         instead (registration reject EVENT {number})"
                    )));
                }
                let mut entries: Vec<(u64, String)> = latest()
                    .map(|(seq, e)| (*seq, describe(now.state(), e, &BTreeMap::new())))
                    .collect();
                let events = entries
                    .iter()
                    .map(|(seq, _)| Event::Undone { seq: *seq })
                    .collect();
                entries.reverse();
                Ok(Plan::new(events, Undone { entries }))
            },
            |e| e,
        )
    }
}

fn name(state: &EventState, id: PlayerId) -> String {
    match state.players.get(&id) {
        Some(r) => format!("{} ({id})", r.player.name),
        None => format!("player {id}"),
    }
}

fn bye_kind(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::Full => "full-point",
        ByeKind::Half => "half-point",
        ByeKind::Zero => "zero-point",
    }
}

/// One line about an entry.
pub(crate) fn describe(
    state: &EventState,
    event: &Event,
    proposals: &BTreeMap<(String, u32), Vec<BoardPair>>,
) -> String {
    let n = |id| name(state, id);
    match event {
        Event::EventCreated { name } => format!("event created: {name}"),
        Event::EventConfigured { info } => format!("event details set: {}", info.name),
        Event::TrfRecordsKept { section, kept } => format!(
            "section {section}: the imported file's system code {} and {} records kept",
            kept.system_code.as_deref().unwrap_or("-"),
            kept.before_players.len() + kept.after_players.len()
        ),
        Event::SectionCreated { code, config } | Event::SectionConfigured { code, config } => {
            format!(
                "section {code} {}: {} rounds, {}, tie-breaks {}, scoring {}/{}/{}{}, initial colour {:?}{}",
                if matches!(event, Event::SectionCreated { .. }) {
                    "created"
                } else {
                    "configured"
                },
                config.rounds,
                config.system.label(),
                match (&config.tiebreak_preset, config.tiebreaks.is_empty()) {
                    (Some(p), _) => format!("{p} ({})", config.tiebreaks.join(",")),
                    (None, true) => "-".to_string(),
                    (None, false) => config.tiebreaks.join(","),
                },
                config.scoring.win,
                config.scoring.draw,
                config.scoring.loss,
                if config.avoid_team_pairings {
                    ", team-mates not paired"
                } else {
                    ""
                },
                config.initial_colour,
                crate::teams::describe::section_rules(config)
            )
        }
        Event::PlayerRegistered {
            id,
            section,
            player,
        } => format!(
            "registered {} ({id}) in section {section}, rating {}{}",
            player.name,
            player.rating(),
            player
                .rating_list
                .as_ref()
                .map(|l| format!(", from the {l}"))
                .unwrap_or_default()
        ),
        Event::PlayerUpdated { id, .. } => format!("updated {}", n(*id)),
        Event::PlayerWithdrawn { id, from_round } => {
            format!("withdrew {} from round {from_round}", n(*id))
        }
        Event::PlayerReinstated { id, from_round } => {
            format!("reinstated {} from round {from_round}", n(*id))
        }
        Event::ByeRequested { id, round, kind } => {
            format!("{} bye for {} in round {round}", bye_kind(*kind), n(*id))
        }
        Event::UnpairedForfeit { id, round, won } => {
            let how = if *won { "won" } else { "lost" };
            format!(
                "forfeit {how} without opponent for {} in round {round}",
                n(*id)
            )
        }
        Event::ByeCancelled { id, round } => {
            format!("cancelled the bye of {} in round {round}", n(*id))
        }
        Event::ForbiddenPairAdded { a, b } => format!("forbade {} against {}", n(*a), n(*b)),
        Event::RoundPaired {
            section,
            round,
            engine,
            boards,
            bye,
            override_rules,
            ..
        } => format!(
            "section {section} round {round} paired by {engine}: {} boards{}{}",
            boards.len(),
            bye.map(|b| format!(", bye {}", n(b))).unwrap_or_default(),
            if *override_rules {
                " [OVERRIDE of an absolute criterion]"
            } else {
                ""
            }
        ),
        Event::PairingEdited {
            section,
            round,
            board,
            white,
            black,
            override_rules,
        } => {
            let proposed = proposals
                .get(&(section.clone(), *round))
                .and_then(|p| p.get((*board as usize).wrapping_sub(1)))
                .map(|p| format!(" (engine proposed {} - {})", p.white, p.black))
                .unwrap_or_default();
            let pair = match black {
                Some(b) => format!("board {board}: {} - {}", n(*white), n(*b)),
                None => format!("bye: {}", n(*white)),
            };
            format!(
                "section {section} round {round} changed by hand, {pair}{proposed}{}",
                if *override_rules {
                    " [OVERRIDE of forbidden/repeated pair or PAB rule]"
                } else {
                    ""
                }
            )
        }
        Event::ResultRecorded {
            section,
            round,
            board,
            result,
        } => format!(
            "section {section} round {round} board {board}: {}",
            result.code()
        ),
        Event::LotsDrawn {
            section,
            seed,
            order,
        } => format!(
            "section {section}: lots drawn with seed {seed}, numbers 1-{} to {}",
            order.len(),
            order
                .iter()
                .map(|id| id.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Event::RegistrationConfigured(c) => format!(
            "registration set: sections {}, {}",
            c.sections
                .iter()
                .map(|o| match o.cap {
                    Some(cap) => format!("{} ({cap} places)", o.section),
                    None => o.section.clone(),
                })
                .collect::<Vec<_>>()
                .join(", "),
            match (c.opens, c.closes, c.late_until) {
                (_, None, _) => "no deadline".to_string(),
                (_, Some(d), None) => format!("deadline {d}"),
                (_, Some(d), Some(l)) => format!("deadline {d}, late entries until {l}"),
            }
        ),
        Event::RegistrationSubmitted(s) => format!(
            "registration {} {}: {} in section {}{}",
            s.number,
            if s.by_arbiter {
                "entered by the arbiter"
            } else {
                "submitted online"
            },
            s.player.name,
            s.section,
            if s.late { ", late" } else { "" }
        ),
        Event::RegistrationAccepted { number, player } => {
            format!("registration {number} accepted as {}", n(*player))
        }
        Event::RegistrationRejected { number, reason } => format!(
            "registration {number} rejected{}",
            reason
                .as_ref()
                .map(|r| format!(": {r}"))
                .unwrap_or_default()
        ),
        Event::RegistrationMoved { number, section } => {
            format!("registration {number} moved to section {section}")
        }
        Event::RegistrationWithdrawn { number, by_arbiter } => format!(
            "registration {number} withdrawn by the {}",
            if *by_arbiter { "arbiter" } else { "registrant" }
        ),
        Event::PrizePlanSet(e) => format!(
            "prize plan of section {} set ({} lines)",
            e.section,
            e.plan.lines().count()
        ),
        Event::FeesSet(e) => format!("entry fees set ({} lines)", e.schedule.lines().count()),
        Event::PaymentRecorded(p) => format!(
            "{} {} by {}{}",
            if p.amount.0 < 0 {
                "refund to"
            } else {
                "payment from"
            },
            if p.team {
                crate::teams::describe::team(state, p.id)
            } else {
                n(p.id)
            },
            p.method,
            format_args!(
                ": {}{}",
                if p.amount.0 < 0 { -p.amount } else { p.amount },
                p.note
                    .as_deref()
                    .map(|t| format!(" ({t})"))
                    .unwrap_or_default()
            )
        ),
        Event::Undone { seq } => format!("undo of #{seq}"),
        Event::Team(e) => crate::teams::describe::describe(state, e),
    }
}
