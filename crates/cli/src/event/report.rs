//! What comes out of an event: `export trf`, `log`, `undo`, and the
//! tournament other commands (standings, crosstable) read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use arbiter_model::ByeKind;
use arbiter_model::Tournament;
use arbiter_model::journal::{
    Acceleration, BoardPair, Event, EventState, GameResult, PlayerId, Section,
};
use arbiter_standings::StandingsOptions;
use arbiter_trf::{AnnouncedBye, TrfDocument};

use super::error::CliError;
use super::session::Session;

/// The section of an event as a [`Tournament`]: entrants in TPN order with
/// every round whose results are all in (a round still being played is left
/// out), forbidden pairs, teams, tie-breaks, total rounds, initial colour.
/// `section` = `None` selects the first section.
pub fn load_tournament(event: &Path, section: Option<&str>) -> Result<Tournament, CliError> {
    let s = Session::read(event)?;
    let state = s.journal.state();
    let sec = state.section(section)?;
    Ok(state.tournament(sec, sec.rounds_complete()))
}

/// `export trf EVENT -o FILE`: TRF-2026 of the section.
pub fn export_trf(
    event: &Path,
    section: Option<&str>,
    output: Option<&Path>,
) -> Result<(), CliError> {
    let s = Session::read(event)?;
    let state = s.journal.state();
    let sec = state.section(section)?;
    let complete = sec.rounds_complete();
    if complete < sec.rounds_paired() {
        eprintln!(
            "note: round {} is not complete ({} result(s) missing); the file holds rounds 1-{complete}",
            complete + 1,
            sec.round(complete + 1).map_or(0, |r| r.missing_results())
        );
    }
    let mut t = state.tournament(sec, complete);
    fill_points_and_ranks(&mut t, complete);
    let mut doc = TrfDocument::new(t);
    doc.announced_byes = announced_byes(state, sec, complete);
    let written = arbiter_trf::write(&doc).map_err(|e| CliError {
        code: crate::exit::of_trf(Some(e.kind)),
        ..CliError::refused(format!("the section cannot be written as TRF: {e}"))
    })?;
    for w in &written.warnings {
        eprintln!("warning: {w}");
    }
    let text = written.text;
    match output {
        Some(path) if path != Path::new("-") => std::fs::write(path, text)
            .map_err(|e| CliError::file(format!("{}: {e}", path.display())))?,
        _ => print!("{text}"),
    }
    Ok(())
}

/// TRF26 `240` records for what the arbiter already knows about the rounds
/// not in the file: requested byes, and the withdrawals for the next round.
fn announced_byes(state: &EventState, sec: &Section, complete: u32) -> Vec<AnnouncedBye> {
    let order = state.current_tpn_order(sec);
    let tpn = |id: PlayerId| order.iter().position(|x| *x == id).map(|i| i as u32 + 1);
    let mut byes: BTreeMap<(u32, u8), (ByeKind, Vec<u32>)> = BTreeMap::new();
    for reg in state.players_of(&sec.code) {
        let Some(t) = tpn(reg.id) else { continue };
        let next = complete + 1;
        let mut pending: Vec<(u32, ByeKind)> = reg
            .byes
            .range(next..)
            .map(|(round, kind)| (*round, *kind))
            .collect();
        if reg.withdrawn_in(next) && next <= sec.config.rounds && !reg.byes.contains_key(&next) {
            pending.push((next, ByeKind::Zero));
        }
        for (round, kind) in pending {
            byes.entry((round, kind as u8))
                .or_insert_with(|| (kind, Vec::new()))
                .1
                .push(t);
        }
    }
    byes.into_iter()
        .map(|((round, _), (kind, mut players))| {
            players.sort_unstable();
            AnnouncedBye {
                kind,
                round,
                players,
            }
        })
        .collect()
}

/// Score and rank columns of the 001 records (TRF columns 81-89): the score
/// under the section's scoring, the rank by the section's tie-breaks.
fn fill_points_and_ranks(t: &mut Tournament, rounds: u32) {
    let scores: Vec<_> = t
        .entrants
        .iter()
        .map(|e| t.score_after(e.player.tpn, rounds))
        .collect();
    for (e, score) in t.entrants.iter_mut().zip(scores) {
        e.reported_points = Some(score);
    }
    if rounds == 0 {
        return;
    }
    match arbiter_standings::compute_standings(t, &StandingsOptions::default()) {
        Ok(standings) => {
            let rank: BTreeMap<_, _> = standings.rows.iter().map(|r| (r.tpn, r.rank)).collect();
            for e in &mut t.entrants {
                e.reported_rank = rank.get(&e.player.tpn).copied();
            }
        }
        Err(err) => eprintln!("note: no ranks in the file: {err}"),
    }
}

/// `undo EVENT`: cancels the latest command still in force — every entry
/// it wrote — by appending one undo entry per entry, in one transaction.
pub fn undo(event: &Path) -> Result<(), CliError> {
    let mut s = Session::open(event)?;
    let command_of: BTreeMap<u64, u64> = s.entries.iter().map(|e| (e.seq, e.command.id)).collect();
    let in_force = s.journal.in_force();
    let last_command = in_force
        .last()
        .and_then(|(seq, _)| command_of.get(seq))
        .copied();
    let targets: Vec<(u64, String)> = in_force
        .iter()
        .rev()
        .take_while(|(seq, _)| command_of.get(seq).copied() == last_command)
        .map(|(seq, e)| (*seq, describe(s.journal.state(), e, &BTreeMap::new())))
        .collect();
    if targets.is_empty() {
        return Err(CliError::refused("nothing to undo"));
    }
    let undo = targets
        .iter()
        .map(|(seq, _)| Event::Undone { seq: *seq })
        .collect();
    s.commit(undo)?;
    for (seq, what) in targets.iter().rev() {
        println!("undone #{seq}: {what}");
    }
    Ok(())
}

/// `log EVENT`: every entry, with the command that wrote it; undone entries
/// are marked, manual pairings shown beside the engine's proposal.
pub fn log(event: &Path) -> Result<(), CliError> {
    let s = Session::read(event)?;
    let state = s.journal.state();
    let undone: BTreeMap<u64, u64> = s
        .entries
        .iter()
        .filter_map(|e| match e.event {
            Event::Undone { seq } => Some((seq, e.seq)),
            _ => None,
        })
        .collect();
    let in_force: BTreeSet<u64> = s.journal.in_force().iter().map(|(q, _)| *q).collect();
    let mut proposals: BTreeMap<(String, u32), Vec<BoardPair>> = BTreeMap::new();
    let mut results: BTreeMap<(String, u32, u32), GameResult> = BTreeMap::new();
    let mut last_command = None;
    for e in &s.entries {
        if last_command != Some(e.command.id) {
            println!("{}  $ {}", e.command.recorded_at, e.command.line);
            last_command = Some(e.command.id);
        }
        if let Event::RoundPaired {
            section,
            round,
            boards,
            ..
        } = &e.event
            && in_force.contains(&e.seq)
        {
            proposals.insert((section.clone(), *round), boards.clone());
        }
        if let Event::RoundPaired { section, round, .. }
        | Event::PairingEdited { section, round, .. } = &e.event
        {
            // Boards are new or renumbered: later results are not corrections.
            results.retain(|(s, r, _), _| (s, r) != (section, round));
        }
        let mut mark = match undone.get(&e.seq) {
            Some(by) => format!("  [undone by #{by}]"),
            None => String::new(),
        };
        if let Event::ResultRecorded {
            section,
            round,
            board,
            result,
        } = &e.event
            && in_force.contains(&e.seq)
        {
            let key = (section.clone(), *round, *board);
            if let Some(old) = results.insert(key, *result) {
                mark = format!("  (correction of {})", old.code());
            }
        }
        println!(
            "  #{:<5} {}{mark}",
            e.seq,
            describe(state, &e.event, &proposals)
        );
    }
    Ok(())
}

fn name(state: &EventState, id: u32) -> String {
    match state.players.get(&id) {
        Some(r) => format!("{} ({id})", r.player.name),
        None => format!("player {id}"),
    }
}

/// One line about an entry.
fn describe(
    state: &EventState,
    event: &Event,
    proposals: &BTreeMap<(String, u32), Vec<BoardPair>>,
) -> String {
    let n = |id| name(state, id);
    match event {
        Event::EventCreated { name } => format!("event created: {name}"),
        Event::EventConfigured { info } => format!("event details set: {}", info.name),
        Event::SectionCreated { code, config } | Event::SectionConfigured { code, config } => {
            format!(
                "section {code} {}: {} rounds, {}{}, tie-breaks {}, scoring {}/{}/{}{}, initial colour {:?}",
                if matches!(event, Event::SectionCreated { .. }) {
                    "created"
                } else {
                    "configured"
                },
                config.rounds,
                config.system,
                match config.acceleration {
                    Acceleration::Baku => " with Baku acceleration",
                    Acceleration::None => "",
                },
                if config.tiebreaks.is_empty() {
                    "-".to_string()
                } else {
                    config.tiebreaks.join(",")
                },
                config.scoring.win,
                config.scoring.draw,
                config.scoring.loss,
                if config.avoid_team_pairings {
                    ", team-mates not paired"
                } else {
                    ""
                },
                config.initial_colour
            )
        }
        Event::PlayerRegistered {
            id,
            section,
            player,
        } => format!(
            "registered {} ({id}) in section {section}, rating {}",
            player.name,
            player.rating()
        ),
        Event::PlayerUpdated { id, .. } => format!("updated {}", n(*id)),
        Event::PlayerWithdrawn { id, from_round } => {
            format!("withdrew {} from round {from_round}", n(*id))
        }
        Event::PlayerReinstated { id, from_round } => {
            format!("reinstated {} from round {from_round}", n(*id))
        }
        Event::ByeRequested { id, round, kind } => {
            let kind = format!("{kind:?}").to_lowercase();
            format!("{kind} bye for {} in round {round}", n(*id))
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
            ..
        } => format!(
            "section {section} round {round} paired by {engine}: {} boards{}",
            boards.len(),
            bye.map(|b| format!(", bye {}", n(b))).unwrap_or_default()
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
                    " [OVERRIDE of forbidden/repeated pair]"
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
        Event::Undone { seq } => format!("undo of #{seq}"),
    }
}
