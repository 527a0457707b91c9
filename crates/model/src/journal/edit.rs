//! A manual change of one board (C.04.2 Art. 4.4).

use super::PlayerId;
use super::error::JournalError;
use super::section::{BoardRecord, RoundRecord, Section};
use super::state::EventState;

/// The round after a manual change of one board (see [`Event::PairingEdited`]).
#[allow(clippy::too_many_arguments)]
pub(super) fn edit_round(
    state: &EventState,
    section: &Section,
    round: u32,
    rec: &RoundRecord,
    board: u32,
    white: PlayerId,
    black: Option<PlayerId>,
    override_rules: bool,
) -> Result<RoundRecord, JournalError> {
    for id in std::iter::once(white).chain(black) {
        let reg = state.player(id)?;
        if reg.section != section.code {
            return Err(JournalError::Invalid(format!(
                "player {id} is not in section '{}'",
                section.code
            )));
        }
        if reg.not_pairable_in(round) {
            return Err(JournalError::Invalid(format!(
                "player {id} has a bye or is withdrawn in round {round}; cancel that first"
            )));
        }
    }
    if black == Some(white) {
        return Err(JournalError::Invalid("a player cannot play himself".into()));
    }
    if !override_rules {
        match black {
            Some(b) => state.check_pair(section, round, white, b)?,
            None => state.check_pab(section, round, white)?,
        }
    }
    let boards = rec.boards.len() as u32;
    let mut out = rec.clone();
    out.edited = true;
    let involved = |b: &BoardRecord| {
        b.white == white || b.black == white || Some(b.white) == black || Some(b.black) == black
    };
    if black.is_none() {
        if rec.boards.iter().any(|b| involved(b) && b.result.is_some()) {
            return Err(JournalError::Invalid(format!(
                "player {white}'s board already has a result; it cannot be re-paired"
            )));
        }
        out.boards.retain(|b| !involved(b));
        out.bye = Some(white);
        return Ok(out);
    }
    if board == 0 || board > boards + 1 {
        return Err(JournalError::UnknownBoard {
            round,
            board,
            boards,
        });
    }
    let target = board as usize - 1;
    let touched = |i: usize, b: &BoardRecord| i == target || involved(b);
    if let Some(b) = rec
        .boards
        .iter()
        .enumerate()
        .find(|(i, b)| touched(*i, b) && b.result.is_some())
    {
        return Err(JournalError::Invalid(format!(
            "board {} of round {round} already has a result; it cannot be re-paired",
            b.0 + 1
        )));
    }
    let new_board = BoardRecord {
        white,
        black: black.unwrap_or_default(),
        result: None,
    };
    let mut boards_out: Vec<Option<BoardRecord>> = rec
        .boards
        .iter()
        .map(|b| (!involved(b)).then_some(*b))
        .collect();
    if target < boards_out.len() {
        boards_out[target] = Some(new_board);
    } else {
        boards_out.push(Some(new_board));
    }
    out.boards = boards_out.into_iter().flatten().collect();
    if out.bye == Some(white) || out.bye == black {
        out.bye = None;
    }
    Ok(out)
}
