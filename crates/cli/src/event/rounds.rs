//! Rounds: `pair`, `pairings`, `pairing set`, `result`.

use std::fmt::Write as _;
use std::path::Path;

use arbiter_model::journal::{BoardPair, Event, EventState, GameResult, PlayerId, Section};
use arbiter_pairing::PairingError;

use super::baku;
use super::error::CliError;
use super::round_robin;
use super::session::Session;

/// `pair EVENT`: pairs the next round of the section with its system and
/// prints the boards. The engine's input, output and version are journaled.
pub fn pair(event: &Path, section: Option<&str>) -> Result<(), CliError> {
    let mut s = Session::open(event)?;
    let state = s.journal.state();
    let sec = state.section(section)?;
    let round = sec.rounds_paired() + 1;
    if round > sec.config.rounds {
        return Err(CliError::refused(format!(
            "section '{}' has {} rounds, all paired",
            sec.code, sec.config.rounds
        )));
    }
    if let Some(prev) = sec.rounds.last()
        && prev.missing_results() > 0
    {
        return Err(CliError::refused(format!(
            "round {round} cannot be paired: {} result(s) of round {} are missing (boards {})",
            prev.missing_results(),
            round - 1,
            prev.boards
                .iter()
                .enumerate()
                .filter(|(_, b)| b.result.is_none())
                .map(|(i, _)| (i + 1).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let system = arbiter_pairing::registry::by_flag(&sec.config.system).ok_or_else(|| {
        CliError::internal(format!(
            "the pairing system '{}' is not available in this version",
            sec.config.system
        ))
    })?;
    let order = state.tpn_order_for(sec, round);
    let mut input = state.pairing_input(sec, round, &order);
    baku::accelerate(sec, &order, &mut input)?;
    let pairing = system.pair(&input, round).map_err(|e| match e {
        PairingError::NoValidPairing { .. } => CliError::no_pairing(format!(
            "round {round}: {e} (absolute criteria: no rematch, no forbidden pair, at most one PAB)"
        )),
        PairingError::InvalidInput(m) => CliError::refused(format!("round {round}: {m}")),
    })?;
    let id_of = |tpn: u32| -> Result<PlayerId, CliError> {
        order
            .get((tpn as usize).wrapping_sub(1))
            .copied()
            .ok_or_else(|| CliError::internal(format!("the engine returned an unknown TPN {tpn}")))
    };
    let mut boards = pairing
        .boards
        .iter()
        .map(|b| {
            Ok(BoardPair {
                white: id_of(b.white)?,
                black: id_of(b.black)?,
            })
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let bye = pairing.bye.map(id_of).transpose()?;
    // A round robin keeps the absentees' scheduled boards, lost by forfeit.
    let excused = state.not_paired_in(sec, round);
    let mut forfeits = Vec::new();
    if let Some(scheduled) =
        round_robin::scheduled_round(&sec.config, &input, round, &order, &excused)?
    {
        boards = scheduled.boards;
        forfeits = scheduled.forfeits;
    }
    // The absolute criteria are checked again here: an engine defect must
    // never reach the journal (C.04.1 C1 no rematch, forbidden pairs). A
    // double round robin repeats every pair by schedule.
    let repeats_allowed = sec.config.is_round_robin();
    for b in &boards {
        if state.is_forbidden(sec, b.white, b.black)
            || (!repeats_allowed && state.have_met(sec, b.white, b.black, round))
        {
            return Err(CliError::internal(format!(
                "the {} engine paired {} with {} in round {round}, a forbidden or repeated pair; nothing was recorded",
                system.name(),
                b.white,
                b.black
            )));
        }
    }
    let code = sec.code.clone();
    let mut events = vec![Event::RoundPaired {
        section: code.clone(),
        round,
        system: system.name().to_string(),
        engine: format!("arbiter {} {}", env!("CARGO_PKG_VERSION"), system.name()),
        tpn_order: order,
        input: Box::new(input),
        boards,
        bye,
    }];
    events.extend(
        forfeits
            .into_iter()
            .map(|(board, result)| Event::ResultRecorded {
                section: code.clone(),
                round,
                board,
                result,
            }),
    );
    s.commit(events).map_err(|e| match e.retry {
        true => e,
        false => CliError::internal(format!("the engine's pairing was refused: {e}")),
    })?;
    let state = s.journal.state();
    print!("{}", render_text(state, state.section(Some(&code))?, round));
    Ok(())
}

/// `pairings EVENT [--round R] --format text|tsv`.
pub fn pairings(
    event: &Path,
    section: Option<&str>,
    round: Option<u32>,
    format: &str,
) -> Result<(), CliError> {
    let s = Session::read(event)?;
    let state = s.journal.state();
    let sec = state.section(section)?;
    let round = round.unwrap_or(sec.rounds_paired());
    if sec.round(round).is_none() {
        return Err(CliError::refused(format!(
            "round {round} of section '{}' is not paired ({} paired)",
            sec.code,
            sec.rounds_paired()
        )));
    }
    match format {
        "text" => print!("{}", render_text(state, sec, round)),
        "tsv" => print!("{}", render_tsv(sec, round)),
        other => {
            return Err(CliError::refused(format!(
                "--format {other}: expected text or tsv"
            )));
        }
    }
    Ok(())
}

/// TSV: board, White id, Black id; the PAB as the last board with Black 0.
fn render_tsv(sec: &Section, round: u32) -> String {
    let mut out = String::new();
    let Some(rec) = sec.round(round) else {
        return out;
    };
    for (i, b) in rec.boards.iter().enumerate() {
        let _ = writeln!(out, "{}\t{}\t{}", i + 1, b.white, b.black);
    }
    if let Some(bye) = rec.bye {
        let _ = writeln!(out, "{}\t{bye}\t0", rec.boards.len() + 1);
    }
    out
}

/// Boards for people: number, White, score, Black, score, result.
fn render_text(state: &EventState, sec: &Section, round: u32) -> String {
    let mut out = String::new();
    let Some(rec) = sec.round(round) else {
        return out;
    };
    let order = state.current_tpn_order(sec);
    let t = state.tournament(sec, round - 1);
    let tpn = |id: PlayerId| order.iter().position(|x| *x == id).map_or(0, |i| i + 1);
    let who = |id: PlayerId| {
        let p = state.players.get(&id).map(|r| &r.player);
        let score = t.score_after(tpn(id) as u32, round - 1);
        format!(
            "{:<28} ({id:>3}) {:>4} [{score}]",
            p.map(|p| p.name.as_str()).unwrap_or("?"),
            p.and_then(|p| p.ratings.fide)
                .map(|r| r.to_string())
                .unwrap_or_default(),
        )
    };
    let _ = writeln!(
        out,
        "Section {} round {round}{}",
        sec.code,
        if rec.edited { " (changed by hand)" } else { "" }
    );
    for (i, b) in rec.boards.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:>3}  {}  -  {}  {}",
            i + 1,
            who(b.white),
            who(b.black),
            b.result.map(GameResult::code).unwrap_or("")
        );
    }
    if let Some(bye) = rec.bye {
        let _ = writeln!(out, "{:>3}  {}  -  bye", rec.boards.len() + 1, who(bye));
    }
    let unpaired: Vec<String> = state
        .players_of(&sec.code)
        .filter(|r| !rec.is_paired(r.id))
        .map(|r| {
            let why = match r.byes.get(&round) {
                Some(k) => format!("{k:?} bye").to_lowercase(),
                None if r.withdrawn_in(round) => "withdrawn".into(),
                None => "not paired".into(),
            };
            format!("{} ({}): {why}", r.player.name, r.id)
        })
        .collect();
    if !unpaired.is_empty() {
        let _ = writeln!(out, "     not playing: {}", unpaired.join("; "));
    }
    out
}

/// `pairing set EVENT ROUND BOARD WHITE BLACK [--override]`; BLACK 0 gives
/// WHITE the PAB.
pub fn set(
    event: &Path,
    section: Option<&str>,
    round: u32,
    board: u32,
    white: PlayerId,
    black: PlayerId,
    override_rules: bool,
) -> Result<(), CliError> {
    let mut s = Session::open(event)?;
    let code = s.journal.state().section(section)?.code.clone();
    let e = Event::PairingEdited {
        section: code.clone(),
        round,
        board,
        white,
        black: (black != 0).then_some(black),
        override_rules,
    };
    s.commit(vec![e])?;
    let state = s.journal.state();
    print!("{}", render_text(state, state.section(Some(&code))?, round));
    Ok(())
}

/// `result EVENT ROUND BOARD RESULT`: records or corrects a result.
pub fn result(
    event: &Path,
    section: Option<&str>,
    round: u32,
    board: u32,
    text: &str,
) -> Result<(), CliError> {
    let result = GameResult::parse(text).ok_or_else(|| {
        CliError::refused(format!(
            "'{text}' is not a result (1-0 0-1 1/2 +/- -/+ -/-)"
        ))
    })?;
    let mut s = Session::open(event)?;
    let sec = s.journal.state().section(section)?;
    let code = sec.code.clone();
    let before = sec
        .round(round)
        .and_then(|r| r.boards.get((board as usize).wrapping_sub(1)))
        .and_then(|b| b.result);
    s.commit(vec![Event::ResultRecorded {
        section: code,
        round,
        board,
        result,
    }])?;
    if let Some(old) = before.filter(|old| *old != result) {
        println!(
            "round {round} board {board}: {} (corrected from {})",
            result.code(),
            old.code()
        );
    }
    Ok(())
}
