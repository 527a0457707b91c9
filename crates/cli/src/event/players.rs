//! Registration and what the arbiter decides about players: `player add`,
//! `player import`, `player update`, `player withdraw`, `player reinstate`,
//! `player list`, `bye`, `forbid`.

use std::path::Path;

use arbiter_model::journal::{Event, EventState, PlayerId};
use arbiter_model::{ByeKind, Player};

use super::csv;
use super::error::CliError;
use super::options::{FIELD_NAMES, PlayerFields};
use super::session::Session;

/// `player add`: registers one player and prints his id.
pub fn add(event: &Path, section: Option<&str>, fields: &PlayerFields) -> Result<(), CliError> {
    let mut s = Session::open(event)?;
    let code = s.journal.state().section(section)?.code.clone();
    let player = fields
        .apply(Player::default())
        .map_err(|e| CliError::refused(format!("--{e}")))?;
    let id = s.journal.state().next_player_id();
    s.commit(vec![Event::PlayerRegistered {
        id,
        section: code,
        player,
    }])?;
    println!("{id}");
    Ok(())
}

/// `player import`: every row of a CSV file, in one transaction.
pub fn import(event: &Path, section: Option<&str>, file: &Path) -> Result<(), CliError> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::file(format!("{}: {e}", file.display())))?;
    let records =
        csv::records(&text).map_err(|e| CliError::refused(format!("{}: {e}", file.display())))?;
    let Some((header, rows)) = records.split_first() else {
        return Err(CliError::refused(format!("{}: empty file", file.display())));
    };
    for name in &header.fields {
        if !PlayerFields::default().set(name, String::new()) {
            return Err(CliError::refused(format!(
                "{} line 1: unknown column '{name}' (known: {})",
                file.display(),
                FIELD_NAMES.join(", ")
            )));
        }
    }
    let mut s = Session::open(event)?;
    let code = s.journal.state().section(section)?.code.clone();
    let first = s.journal.state().next_player_id();
    let mut events = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        if row.fields.len() > header.fields.len() {
            return Err(CliError::refused(format!(
                "{} line {}: {} fields, the header has {}",
                file.display(),
                row.line,
                row.fields.len(),
                header.fields.len()
            )));
        }
        let mut fields = PlayerFields::default();
        for (name, value) in header.fields.iter().zip(&row.fields) {
            fields.set(name, value.clone());
        }
        let player = fields.apply(Player::default()).map_err(|e| {
            CliError::refused(format!("{} line {}, field {e}", file.display(), row.line))
        })?;
        events.push(Event::PlayerRegistered {
            id: first + i as PlayerId,
            section: code.clone(),
            player,
        });
    }
    let n = events.len();
    s.commit(events).map_err(|e| match e.retry {
        true => e,
        false => CliError::refused(format!("{}: {e}; nothing was imported", file.display())),
    })?;
    if n > 0 {
        println!(
            "imported {n} players: ids {first}-{}",
            first + n as PlayerId - 1
        );
    } else {
        println!("imported 0 players");
    }
    Ok(())
}

/// `player update`: changes the given fields.
pub fn update(event: &Path, id: PlayerId, fields: &PlayerFields) -> Result<(), CliError> {
    let mut s = Session::open(event)?;
    let current = s.journal.state().player(id)?.player.clone();
    let player = fields
        .apply(current)
        .map_err(|e| CliError::refused(format!("--{e}")))?;
    s.commit(vec![Event::PlayerUpdated { id, player }])?;
    Ok(())
}

/// The first round not paired yet in the player's section.
fn next_round(state: &EventState, id: PlayerId) -> Result<u32, CliError> {
    let section = state.section(Some(&state.player(id)?.section))?;
    Ok(section.rounds_paired() + 1)
}

/// `player withdraw` / `player reinstate`.
pub fn withdraw(event: &Path, id: PlayerId, from: Option<u32>, back: bool) -> Result<(), CliError> {
    let mut s = Session::open(event)?;
    let from_round = match from {
        Some(r) => r,
        None => next_round(s.journal.state(), id)?,
    };
    let e = if back {
        Event::PlayerReinstated { id, from_round }
    } else {
        Event::PlayerWithdrawn { id, from_round }
    };
    s.commit(vec![e])?;
    let verb = if back { "plays again" } else { "is withdrawn" };
    println!("player {id} {verb} from round {from_round}");
    Ok(())
}

/// `bye`: a requested bye, or its cancellation.
pub fn bye(
    event: &Path,
    id: PlayerId,
    round: u32,
    points: Option<&str>,
    cancel: bool,
) -> Result<(), CliError> {
    let mut s = Session::open(event)?;
    let e = if cancel {
        Event::ByeCancelled { id, round }
    } else {
        let kind = match points.unwrap_or("zero") {
            "half" => ByeKind::Half,
            "zero" => ByeKind::Zero,
            "full" => ByeKind::Full,
            other => {
                return Err(CliError::refused(format!(
                    "--points {other}: expected half, zero or full"
                )));
            }
        };
        let state = s.journal.state();
        let section = state.section(Some(&state.player(id)?.section))?;
        if section.config.is_round_robin() && kind != ByeKind::Zero {
            return Err(CliError::refused(format!(
                "section '{}' is a {}: there are no byes; an absent player loses his scheduled \
                 game by forfeit (spec 04 §6). Use --points zero to announce the absence",
                section.code, section.config.system
            )));
        }
        Event::ByeRequested { id, round, kind }
    };
    s.commit(vec![e])?;
    Ok(())
}

/// `forbid`: two players never to be paired. Refused in a round robin,
/// whose fixed schedule cannot avoid a pair.
pub fn forbid(event: &Path, a: PlayerId, b: PlayerId) -> Result<(), CliError> {
    let mut s = Session::open(event)?;
    let state = s.journal.state();
    let section = state.section(Some(&state.player(a)?.section))?;
    if section.config.is_round_robin() {
        return Err(CliError::refused(format!(
            "section '{}' is a {}: its Berger schedule is fixed by the pairing numbers and \
             cannot avoid a pair (spec 04 §6); separate players by the drawing of lots instead",
            section.code, section.config.system
        )));
    }
    s.commit(vec![Event::ForbiddenPairAdded { a, b }])?;
    Ok(())
}

/// `player list`: id, TPN, name, rating, title, federation, team, status.
pub fn list(event: &Path, section: Option<&str>) -> Result<(), CliError> {
    let s = Session::read(event)?;
    let state = s.journal.state();
    let sec = state.section(section)?;
    let order = state.current_tpn_order(sec);
    println!("  id  TPN  name                            rating title fed  team / status");
    for (i, id) in order.iter().enumerate() {
        let reg = state.player(*id)?;
        let p = &reg.player;
        println!(
            "{id:>4} {:>4}  {:<30} {:>6} {:<5} {:<4} {}{}",
            i + 1,
            p.name,
            p.ratings.fide.map(|r| r.to_string()).unwrap_or_default(),
            p.title.map(|t| t.code()).unwrap_or_default(),
            p.federation.as_deref().unwrap_or_default(),
            p.team.as_deref().unwrap_or_default(),
            reg.withdrawn_from
                .map(|r| format!(" [withdrawn from round {r}]"))
                .unwrap_or_default()
        );
    }
    Ok(())
}
