//! Validating one entry against the state and folding it in.

use std::collections::{BTreeMap, BTreeSet};

use super::PlayerId;
use super::awards;
use super::config::SectionConfig;
use super::edit::edit_round;
use super::error::JournalError;
use super::events::{BoardPair, Event};
use super::registration;
use super::section::{BoardRecord, KeptRecords, Registration, RoundRecord, Section};
use super::state::EventState;
use super::teams;
use crate::player::Player;
use crate::round_entry::ByeKind;
use crate::tournament::EventInfo;

/// Applies one event (not an undo: see [`Journal`](super::Journal)) to the state, after
/// checking it is allowed. On error the state is unchanged.
pub fn apply(state: &mut EventState, event: &Event) -> Result<(), JournalError> {
    if state.info.is_none() && !matches!(event, Event::EventCreated { .. }) {
        return Err(JournalError::NotCreated);
    }
    match event {
        Event::EventCreated { name } => {
            if state.info.is_some() {
                return Err(JournalError::AlreadyCreated);
            }
            state.info = Some(EventInfo {
                name: name.clone(),
                ..EventInfo::default()
            });
        }
        Event::EventConfigured { info } => state.info = Some(info.clone()),
        Event::SectionCreated { code, config } => {
            if state.sections.iter().any(|s| &s.code == code) {
                return Err(JournalError::DuplicateSection(code.clone()));
            }
            check_config(config)?;
            state.sections.push(Section {
                code: code.clone(),
                config: config.clone(),
                forbidden: Vec::new(),
                tpn_order: Vec::new(),
                lots_seed: None,
                team_order: Vec::new(),
                rounds: Vec::new(),
                kept: KeptRecords::default(),
            });
        }
        Event::TrfRecordsKept { section, kept } => {
            let code = state.section(Some(section))?.code.clone();
            if let Some(s) = state.sections.iter_mut().find(|s| s.code == code) {
                s.kept = kept.clone();
            }
        }
        Event::SectionConfigured { code, config } => {
            check_config(config)?;
            let section = state.section(Some(code))?;
            if config.rounds < section.rounds_paired() {
                return Err(JournalError::Invalid(format!(
                    "section '{code}' has already paired {} rounds",
                    section.rounds_paired()
                )));
            }
            teams::check_reconfigured(state, section, config)?;
            state.section_mut(code)?.config = config.clone();
        }
        Event::PlayerRegistered {
            id,
            section,
            player,
        } => {
            let sec = state.section(Some(section))?;
            if state.players.contains_key(id) {
                return Err(JournalError::DuplicateId(*id));
            }
            check_player(state, *id, player)?;
            teams::check_player_team(state, sec, *id, player)?;
            if let Some(fide_id) = player.fide_id {
                state.fide_ids.insert(fide_id, *id);
            }
            state.players.insert(
                *id,
                Registration {
                    id: *id,
                    section: section.clone(),
                    player: player.clone(),
                    withdrawn_from: None,
                    byes: BTreeMap::new(),
                    unpaired_forfeits: BTreeMap::new(),
                },
            );
        }
        Event::PlayerUpdated { id, player } => {
            let reg = state.player(*id)?;
            check_player(state, *id, player)?;
            teams::check_player_team(state, state.section(Some(&reg.section))?, *id, player)?;
            if let Some(reg) = state.players.get_mut(id) {
                if let Some(old) = reg.player.fide_id {
                    state.fide_ids.remove(&old);
                }
                if let Some(fide_id) = player.fide_id {
                    state.fide_ids.insert(fide_id, *id);
                }
                reg.player = player.clone();
            }
        }
        Event::PlayerWithdrawn { id, from_round } => {
            let reg = state.player(*id)?;
            if reg.withdrawn_from.is_some() {
                return Err(JournalError::Invalid(format!(
                    "player {id} is already withdrawn"
                )));
            }
            let section = state.section(Some(&reg.section))?;
            check_future_round(section, *from_round)?;
            if let Some(reg) = state.players.get_mut(id) {
                reg.withdrawn_from = Some(*from_round);
            }
        }
        Event::PlayerReinstated { id, from_round } => {
            let reg = state.player(*id)?;
            if reg.withdrawn_from.is_none() {
                return Err(JournalError::Invalid(format!(
                    "player {id} is not withdrawn"
                )));
            }
            let section = state.section(Some(&reg.section))?;
            check_future_round(section, *from_round)?;
            if let Some(reg) = state.players.get_mut(id) {
                reg.withdrawn_from = None;
            }
        }
        Event::ByeRequested { id, round, kind } => {
            let reg = state.player(*id)?;
            let section = state.section(Some(&reg.section))?;
            check_round_in_range(section, *round)?;
            if section.config.is_team_section() && *kind != ByeKind::Zero {
                return Err(JournalError::Invalid(format!(
                    "section '{}' is a team section: a player's bye only keeps him out of \
                     his team's line-up (zero points); teams score by their matches",
                    section.code
                )));
            }
            if let Some(rec) = section.round(*round)
                && rec.is_paired(*id)
            {
                return Err(JournalError::RoundAlreadyPaired {
                    round: *round,
                    detail: format!("player {id} has a board; change the pairing first"),
                });
            }
            if reg.byes.contains_key(round) {
                return Err(JournalError::Invalid(format!(
                    "player {id} already has a bye in round {round}; cancel it first"
                )));
            }
            if let Some(reg) = state.players.get_mut(id) {
                reg.byes.insert(*round, *kind);
            }
        }
        Event::UnpairedForfeit { id, round, won } => {
            let reg = state.player(*id)?;
            let section = state.section(Some(&reg.section))?;
            check_round_in_range(section, *round)?;
            if section.config.is_team_section() {
                return Err(JournalError::Invalid(format!(
                    "section '{}' is a team section: its players play boards or rest",
                    section.code
                )));
            }
            if section.round(*round).is_some() {
                return Err(JournalError::RoundAlreadyPaired {
                    round: *round,
                    detail: format!("player {id}'s round is part of it"),
                });
            }
            if reg.not_pairable_in(*round) {
                return Err(JournalError::Invalid(format!(
                    "player {id} already has a bye or a forfeit in round {round}, or is withdrawn"
                )));
            }
            if let Some(reg) = state.players.get_mut(id) {
                reg.unpaired_forfeits.insert(*round, *won);
            }
        }
        Event::ByeCancelled { id, round } => {
            let reg = state.player(*id)?;
            if !reg.byes.contains_key(round) {
                return Err(JournalError::Invalid(format!(
                    "player {id} has no bye in round {round}"
                )));
            }
            let section = state.section(Some(&reg.section))?;
            if section.rounds_paired() >= *round {
                return Err(JournalError::RoundAlreadyPaired {
                    round: *round,
                    detail: "the bye is part of it".into(),
                });
            }
            if let Some(reg) = state.players.get_mut(id) {
                reg.byes.remove(round);
            }
        }
        Event::ForbiddenPairAdded { a, b } => {
            let (ra, rb) = (state.player(*a)?, state.player(*b)?);
            if a == b {
                return Err(JournalError::Invalid(
                    "a forbidden pair needs two different players".into(),
                ));
            }
            if ra.section != rb.section {
                return Err(JournalError::Invalid(format!(
                    "players {a} and {b} are in different sections"
                )));
            }
            let code = ra.section.clone();
            teams::refuse_in_team_section(
                state.section(Some(&code))?,
                "a forbidden pair of players",
            )?;
            let section = state.section_mut(&code)?;
            if !section
                .forbidden
                .iter()
                .any(|&(x, y)| (x, y) == (*a, *b) || (x, y) == (*b, *a))
            {
                section.forbidden.push((*a, *b));
            }
        }
        Event::RoundPaired {
            section,
            round,
            system,
            engine,
            tpn_order,
            input,
            boards,
            bye,
            override_rules,
        } => {
            let sec = state.section(Some(section))?;
            teams::refuse_in_team_section(sec, "a round of boards of individuals")?;
            check_next_round(sec, *round)?;
            check_round_cover(state, sec, *round, boards, *bye)?;
            teams::check_section_teams(state, sec)?;
            if !override_rules {
                state.check_round(sec, *round, boards, *bye)?;
            }
            let members: BTreeSet<PlayerId> = state.players_of(section).map(|r| r.id).collect();
            let ordered: BTreeSet<PlayerId> = tpn_order.iter().copied().collect();
            if members != ordered || ordered.len() != tpn_order.len() {
                return Err(JournalError::Invalid(
                    "the TPN order does not list every player of the section once".into(),
                ));
            }
            let sec = state.section_mut(section)?;
            sec.tpn_order = tpn_order.clone();
            sec.rounds.push(RoundRecord {
                system: system.clone(),
                engine: engine.clone(),
                proposed_boards: boards.clone(),
                proposed_bye: *bye,
                boards: boards
                    .iter()
                    .map(|b| BoardRecord {
                        white: b.white,
                        black: b.black,
                        result: None,
                    })
                    .collect(),
                bye: *bye,
                edited: false,
                acceleration: input
                    .acceleration
                    .iter()
                    .filter_map(|(tpn, values)| {
                        let id = tpn_order.get((*tpn as usize).checked_sub(1)?)?;
                        Some((*id, values.clone()))
                    })
                    .collect(),
                matches: None,
            });
        }
        Event::PairingEdited {
            section,
            round,
            board,
            white,
            black,
            override_rules,
        } => {
            let sec = state.section(Some(section))?;
            teams::refuse_in_team_section(sec, "a board set by hand")?;
            let rec = sec
                .round(*round)
                .ok_or(JournalError::RoundNotPaired { round: *round })?;
            if *round != sec.rounds_paired() {
                return Err(JournalError::Invalid(format!(
                    "only the latest round ({}) can be changed",
                    sec.rounds_paired()
                )));
            }
            let edited = edit_round(
                state,
                sec,
                *round,
                rec,
                *board,
                *white,
                *black,
                *override_rules,
            )?;
            let sec = state.section_mut(section)?;
            sec.rounds[*round as usize - 1] = edited;
        }
        Event::ResultRecorded {
            section,
            round,
            board,
            result,
        } => {
            let sec = state.section(Some(section))?;
            teams::refuse_in_team_section(sec, "a result without its match")?;
            let rec = sec
                .round(*round)
                .ok_or(JournalError::RoundNotPaired { round: *round })?;
            let boards = rec.boards.len() as u32;
            if *board == 0 || *board > boards {
                if *board == boards + 1 && rec.bye.is_some() {
                    return Err(JournalError::ResultForBye {
                        round: *round,
                        board: *board,
                    });
                }
                return Err(JournalError::UnknownBoard {
                    round: *round,
                    board: *board,
                    boards,
                });
            }
            let sec = state.section_mut(section)?;
            sec.rounds[*round as usize - 1].boards[*board as usize - 1].result = Some(*result);
        }
        Event::LotsDrawn {
            section,
            seed,
            order,
        } => {
            let sec = state.section(Some(section))?;
            if !sec.config.system.has_fixed_numbers() {
                return Err(JournalError::Invalid(format!(
                    "section '{section}' is paired with the {}: its pairing numbers follow the \
                     initial ranking (C.04.2 Art. 2), not a drawing of lots",
                    sec.config.system.label()
                )));
            }
            if sec.rounds_paired() > 0 {
                return Err(JournalError::RoundAlreadyPaired {
                    round: 1,
                    detail: "lots are drawn before round 1".into(),
                });
            }
            let members: BTreeSet<PlayerId> = state.players_of(section).map(|r| r.id).collect();
            let drawn: BTreeSet<PlayerId> = order.iter().copied().collect();
            if members != drawn || drawn.len() != order.len() {
                return Err(JournalError::Invalid(
                    "the drawing of lots does not give every player of the section one number"
                        .into(),
                ));
            }
            let sec = state.section_mut(section)?;
            sec.tpn_order = order.clone();
            sec.lots_seed = Some(*seed);
        }
        Event::RegistrationConfigured(c) => registration::configure(state, c)?,
        Event::RegistrationSubmitted(s) => registration::submit(state, s)?,
        Event::RegistrationAccepted { number, player } => {
            registration::accept(state, *number, *player)?
        }
        Event::RegistrationRejected { number, reason } => {
            registration::reject(state, *number, reason)?
        }
        Event::RegistrationMoved { number, section } => {
            registration::move_to(state, *number, section)?
        }
        Event::RegistrationWithdrawn { number, .. } => registration::withdraw(state, *number)?,
        Event::PrizePlanSet(e) => awards::set_plan(state, e)?,
        Event::FeesSet(e) => awards::set_fees(state, e)?,
        Event::PaymentRecorded(p) => awards::pay(state, p)?,
        Event::Undone { .. } => {
            return Err(JournalError::Invalid(
                "an undo is folded by the journal, not applied".into(),
            ));
        }
        Event::Team(e) => teams::apply(state, e)?,
    }
    Ok(())
}

fn check_config(config: &SectionConfig) -> Result<(), JournalError> {
    if config.rounds == 0 {
        return Err(JournalError::Invalid(
            "a section needs at least one round".into(),
        ));
    }
    teams::check_config(config)
}

/// No duplicate registration: one FIDE id per event.
fn check_player(state: &EventState, id: PlayerId, player: &Player) -> Result<(), JournalError> {
    if player.name.trim().is_empty() {
        return Err(JournalError::Invalid("a player needs a name".into()));
    }
    if let Some(fide_id) = player.fide_id
        && let Some(other) = state
            .fide_ids
            .get(&fide_id)
            .filter(|holder| **holder != id)
            .and_then(|holder| state.players.get(holder))
    {
        return Err(JournalError::DuplicateFideId {
            fide_id,
            existing: other.id,
            name: other.player.name.clone(),
        });
    }
    Ok(())
}

pub(super) fn check_round_in_range(section: &Section, round: u32) -> Result<(), JournalError> {
    if round == 0 || round > section.config.rounds {
        return Err(JournalError::RoundOutOfRange {
            section: section.code.clone(),
            round,
            rounds: section.config.rounds,
        });
    }
    Ok(())
}

/// A round not paired yet (withdrawals act on the future only).
pub(super) fn check_future_round(section: &Section, round: u32) -> Result<(), JournalError> {
    if round <= section.rounds_paired() {
        return Err(JournalError::RoundAlreadyPaired {
            round,
            detail: "a withdrawal or return takes effect from a round not paired yet".into(),
        });
    }
    if round > section.config.rounds + 1 {
        return check_round_in_range(section, round);
    }
    Ok(())
}

/// The next round may be paired: it exists and the previous one is complete.
pub(super) fn check_next_round(section: &Section, round: u32) -> Result<(), JournalError> {
    let paired = section.rounds_paired();
    if round != paired + 1 {
        return Err(JournalError::Invalid(format!(
            "the next round to pair is {}, not {round}",
            paired + 1
        )));
    }
    check_round_in_range(section, round)?;
    if let Some(prev) = section.rounds.last() {
        let missing = prev.missing_results();
        if missing > 0 {
            return Err(JournalError::ResultsMissing {
                round,
                previous: paired,
                missing,
            });
        }
    }
    Ok(())
}

/// A pairing names each player at most once, and none who is excused —
/// except in a round robin, where an excused player keeps his scheduled
/// board and loses it by forfeit (spec 04 §6). Players it leaves out (the
/// free player of a round robin with an odd number, spec 04 §1) get a
/// zero-point round in the fold.
fn check_round_cover(
    state: &EventState,
    section: &Section,
    round: u32,
    boards: &[BoardPair],
    bye: Option<PlayerId>,
) -> Result<(), JournalError> {
    let excused = state.not_paired_in(section, round);
    let mut seen = BTreeSet::new();
    for id in boards.iter().flat_map(|b| [b.white, b.black]).chain(bye) {
        let reg = state.player(id)?;
        if reg.section != section.code {
            return Err(JournalError::Invalid(format!(
                "player {id} is not in section '{}'",
                section.code
            )));
        }
        if excused.contains_key(&id) && (bye == Some(id) || !section.config.is_round_robin()) {
            return Err(JournalError::Invalid(format!(
                "player {id} is not to be paired in round {round} (bye or withdrawal)"
            )));
        }
        if !seen.insert(id) {
            return Err(JournalError::Invalid(format!(
                "player {id} appears twice in the pairing of round {round}"
            )));
        }
    }
    Ok(())
}
