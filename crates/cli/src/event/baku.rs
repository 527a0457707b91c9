//! Baku acceleration of an event's Dutch rounds (C.04.7 Art. 1, 2026 text;
//! spec 03 A.2): the virtual points handed to the engine with each round.

use arbiter_model::journal::{Acceleration, PlayerId, Section};
use arbiter_model::{Points, Tournament, Tpn};
use arbiter_pairing::acceleration::{apply_baku, apply_baku_through};

use super::error::CliError;

/// Fills `input.acceleration` for the round about to be paired when the
/// section uses Baku acceleration; `order` is the round's TPN order.
///
/// Group GA is fixed at the first accelerated round: the first 2·⌈N/4⌉
/// pairing numbers (C.04.7 1.2). At later rounds the participant who was
/// the last GA member at the latest pairing stays the last one (1.3), so
/// late entries inserted above him join GA and those below him do not.
/// Every round's values are recorded with its pairing (they are the
/// engine's input) and exported as TRF `250` records.
pub fn accelerate(
    section: &Section,
    order: &[PlayerId],
    input: &mut Tournament,
) -> Result<(), CliError> {
    if section.config.acceleration != Acceleration::Baku {
        return Ok(());
    }
    let in_group_a = |id: &PlayerId| {
        section.rounds.last().is_some_and(|r| {
            r.acceleration
                .get(id)
                .is_some_and(|v| v.iter().any(|p| *p != Points::ZERO))
        })
    };
    let last_of_group_a = section
        .tpn_order
        .iter()
        .rev()
        .find(|id| in_group_a(id))
        .and_then(|id| order.iter().position(|x| x == id))
        .map(|i| i as Tpn + 1);
    match last_of_group_a {
        Some(last) => apply_baku_through(input, last),
        None => apply_baku(input),
    }
    .map_err(|e| CliError::refused(format!("--acceleration baku: {e}")))
}
