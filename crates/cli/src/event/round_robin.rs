//! Round robins in the event workflow (spec 04 §6): the schedule never
//! changes, so a player who is absent or withdrawn keeps his scheduled board
//! and loses it by forfeit; his opponent wins by forfeit (`+`/`-`), the usual
//! event rule for round robins. Two absent players' board is dropped (both
//! keep their zero-point absence).

use std::collections::BTreeMap;

use arbiter_model::journal::{BoardPair, GameResult, PlayerId, SectionConfig};
use arbiter_model::{ByeKind, Tournament};
use arbiter_pairing::round_robin::RoundRobin;

use super::error::CliError;

/// A round robin's round as the event records it: every scheduled board
/// (Berger order) and the forfeit results, by board number.
pub struct ScheduledRound {
    pub boards: Vec<BoardPair>,
    pub forfeits: Vec<(u32, GameResult)>,
}

/// The round `round` of a round-robin section (`None` for other systems).
/// `input` is the engine's input, `order` its TPN order, `excused` the
/// players not to be paired in the round.
pub fn scheduled_round(
    config: &SectionConfig,
    input: &Tournament,
    round: u32,
    order: &[PlayerId],
    excused: &BTreeMap<PlayerId, ByeKind>,
) -> Result<Option<ScheduledRound>, CliError> {
    let system = match config.system.as_str() {
        "round-robin" => RoundRobin::single(),
        "double-round-robin" => RoundRobin::double(),
        _ => return Ok(None),
    };
    let table = system
        .scheduled_boards(input, round)
        .map_err(|e| CliError::refused(format!("round {round}: {e}")))?;
    let id_of = |tpn: u32| {
        order
            .get((tpn as usize).wrapping_sub(1))
            .copied()
            .ok_or_else(|| CliError::internal(format!("the schedule names an unknown TPN {tpn}")))
    };
    let mut out = ScheduledRound {
        boards: Vec::new(),
        forfeits: Vec::new(),
    };
    for b in table {
        let (white, black) = (id_of(b.white)?, id_of(b.black)?);
        let forfeit = match (excused.contains_key(&white), excused.contains_key(&black)) {
            (false, false) => None,
            (true, true) => continue,
            (true, false) => Some(GameResult::BlackForfeitWin),
            (false, true) => Some(GameResult::WhiteForfeitWin),
        };
        out.boards.push(BoardPair { white, black });
        if let Some(result) = forfeit {
            out.forfeits.push((out.boards.len() as u32, result));
        }
    }
    Ok(Some(out))
}
