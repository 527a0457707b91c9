//! The drawing of lots before round 1: Berger numbers of a round robin
//! (spec 04 §1), lot numbers of the Italo-Swiss system (spec 06 §3.2; seed
//! 000: "the draw happens at 15:30"). The seed is journaled, so the draw
//! can be repeated and checked.

use std::time::{SystemTime, UNIX_EPOCH};

use arbiter_model::journal::{Event, PlayerId};
use arbiter_pairing::round_robin::lots::Lots;

use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::origin::Origin;
use crate::views::{Heading, Numbering, PlayerRef};

/// The numbers drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LotsDrawn {
    pub heading: Heading,
    pub seed: u64,
    /// The players in the order of their numbers (`numbers[n - 1]` drew n).
    pub numbers: Vec<PlayerRef>,
}

impl Desk {
    /// Draws the pairing numbers of `section` with `seed` (text, an
    /// unsigned integer; default: from the clock). The players take part
    /// in the order of their ids, so the same seed over the same players
    /// gives the same numbers. Refused once round 1 is paired, and for the
    /// Dutch system (whose numbers follow the ranking).
    pub fn draw_lots(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        seed: Option<&str>,
    ) -> Result<LotsDrawn, DeskError> {
        let seed = match seed {
            Some(text) => text.trim().parse::<u64>().map_err(|_| {
                DeskError::invalid(
                    "seed",
                    format!("'{}' is not an unsigned 64-bit integer", text.trim()),
                )
            })?,
            None => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
        };
        let code = self.commit(
            origin,
            |now| {
                let state = now.state();
                let sec = state.section(section)?;
                let players: Vec<PlayerId> = state.players_of(&sec.code).map(|r| r.id).collect();
                if players.len() < 2 {
                    return Err(DeskError::refused(format!(
                        "section '{}' has {} player(s): lots are drawn among at least two",
                        sec.code,
                        players.len()
                    )));
                }
                let mut order = vec![0; players.len()];
                let drawn = Lots::new(seed).draw_numbers(players.len() as u32);
                for (id, number) in players.iter().zip(drawn) {
                    order[number as usize - 1] = *id;
                }
                Ok(Plan::new(
                    vec![Event::LotsDrawn {
                        section: sec.code.clone(),
                        seed,
                        order,
                    }],
                    sec.code.clone(),
                ))
            },
            |e| e,
        )?;
        let state = self.state();
        let sec = self.section(Some(&code))?;
        let numbering = Numbering::of(state, sec.tpn_order.clone());
        Ok(LotsDrawn {
            heading: self.heading(sec, None),
            seed,
            numbers: sec
                .tpn_order
                .iter()
                .map(|id| numbering.player(*id))
                .collect(),
        })
    }
}
