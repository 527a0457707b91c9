//! What the queries return: the event, its sections and players, the boards
//! of a round — typed values a face renders.

use std::collections::BTreeMap;

use arbiter_model::journal::{EventState, GameResult, PlayerId, Section, SectionConfig};
use arbiter_model::{ByeKind, EventInfo, Player, Points, Tournament, Tpn};

use crate::desk::Desk;
use crate::error::DeskError;

/// What a report is about: the event, the section, the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    pub event: String,
    pub section: Option<String>,
    pub round: Option<u32>,
}

impl std::fmt::Display for Heading {
    /// `City Open — section main — round 3`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let event = if self.event.is_empty() {
            "(no name)"
        } else {
            &self.event
        };
        f.write_str(event)?;
        if let Some(s) = &self.section {
            write!(f, " — section {s}")?;
        }
        if let Some(r) = self.round {
            write!(f, " — round {r}")?;
        }
        Ok(())
    }
}

/// The event at a glance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventSummary {
    pub info: EventInfo,
    pub sections: Vec<SectionSummary>,
}

/// One section at a glance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectionSummary {
    pub code: String,
    pub config: SectionConfig,
    pub players: usize,
    pub rounds_paired: u32,
    pub rounds_complete: u32,
    /// The seed of the drawing of lots, once drawn.
    pub lots_seed: Option<u64>,
}

/// A player as lists and boards show him: the id commands take, the
/// pairing number (TPN) exports and standings use.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlayerRef {
    pub id: PlayerId,
    pub tpn: Tpn,
    pub name: String,
    pub rating: Option<u16>,
}

/// One registered player of a section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRow {
    pub id: PlayerId,
    pub tpn: Tpn,
    pub player: Player,
    pub withdrawn_from: Option<u32>,
    /// Requested byes by round.
    pub byes: BTreeMap<u32, ByeKind>,
}

/// The players of a section in TPN order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerList {
    pub heading: Heading,
    pub rows: Vec<PlayerRow>,
}

/// One side of a board, with the score before the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub player: PlayerRef,
    pub score: Points,
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub number: u32,
    pub white: Seat,
    pub black: Seat,
    pub result: Option<GameResult>,
}

/// Why a player of the section has no board in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Absence {
    /// A requested bye (C.04.2 Art. 3.3).
    Bye(ByeKind),
    Withdrawn,
    /// Left over: the resting player of a round robin, or left out by a
    /// manual change.
    NotPaired,
}

/// The boards of one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundView {
    pub heading: Heading,
    /// Changed by hand at least once.
    pub edited: bool,
    pub boards: Vec<BoardView>,
    /// The pairing-allocated bye (listed as the board after the last).
    pub bye: Option<Seat>,
    pub not_playing: Vec<(PlayerRef, Absence)>,
}

/// Ids and TPNs of a section in one order (`order[tpn - 1]` is the id).
pub(crate) struct Numbering<'a> {
    state: &'a EventState,
    order: Vec<PlayerId>,
}

impl<'a> Numbering<'a> {
    /// The numbering in force now (the next round's).
    pub fn current(state: &'a EventState, section: &Section) -> Numbering<'a> {
        Numbering::of(state, state.current_tpn_order(section))
    }

    pub fn of(state: &'a EventState, order: Vec<PlayerId>) -> Numbering<'a> {
        Numbering { state, order }
    }

    pub fn order(&self) -> &[PlayerId] {
        &self.order
    }

    /// The id of pairing number `tpn`.
    pub fn id(&self, tpn: Tpn) -> Result<PlayerId, DeskError> {
        self.order
            .get((tpn as usize).wrapping_sub(1))
            .copied()
            .ok_or_else(|| DeskError::internal(format!("no player has the pairing number {tpn}")))
    }

    /// The pairing number of `id` (0 when not numbered).
    pub fn tpn(&self, id: PlayerId) -> Tpn {
        self.order
            .iter()
            .position(|x| *x == id)
            .map_or(0, |i| i as Tpn + 1)
    }

    pub fn player(&self, id: PlayerId) -> PlayerRef {
        let p = self.state.players.get(&id).map(|r| &r.player);
        PlayerRef {
            id,
            tpn: self.tpn(id),
            name: p.map(|p| p.name.clone()).unwrap_or_default(),
            rating: p.and_then(|p| p.ratings.fide),
        }
    }
}

/// A query or command for boards of individuals does not take a team
/// section.
pub(crate) fn refuse_team_section(sec: &Section) -> Result<(), DeskError> {
    if sec.config.is_team_section() {
        return Err(DeskError::refused(format!(
            "section '{}' is a team section: its rounds are matches, its results are entered by \
             match and board",
            sec.code
        )));
    }
    Ok(())
}

impl Desk {
    /// The heading of a section's reports.
    pub(crate) fn heading(&self, section: &Section, round: Option<u32>) -> Heading {
        Heading {
            event: self
                .state()
                .info
                .as_ref()
                .map(|i| i.name.clone())
                .unwrap_or_default(),
            section: Some(section.code.clone()),
            round,
        }
    }

    /// The event, its details and sections.
    pub fn summary(&self) -> EventSummary {
        let state = self.state();
        EventSummary {
            info: state.info.clone().unwrap_or_default(),
            sections: state
                .sections
                .iter()
                .map(|s| SectionSummary {
                    code: s.code.clone(),
                    config: s.config.clone(),
                    players: state.players_of(&s.code).count(),
                    rounds_paired: s.rounds_paired(),
                    rounds_complete: s.rounds_complete(),
                    lots_seed: s.lots_seed,
                })
                .collect(),
        }
    }

    /// The players of a section in the TPN order in force.
    pub fn players(&self, section: Option<&str>) -> Result<PlayerList, DeskError> {
        let state = self.state();
        let sec = self.section(section)?;
        let numbering = Numbering::current(state, sec);
        let rows = numbering
            .order()
            .iter()
            .enumerate()
            .filter_map(|(i, id)| {
                let reg = state.players.get(id)?;
                Some(PlayerRow {
                    id: *id,
                    tpn: i as Tpn + 1,
                    player: reg.player.clone(),
                    withdrawn_from: reg.withdrawn_from,
                    byes: reg.byes.clone(),
                })
            })
            .collect();
        Ok(PlayerList {
            heading: self.heading(sec, None),
            rows,
        })
    }

    /// The boards of `round` (default: the latest paired).
    pub fn pairings(
        &self,
        section: Option<&str>,
        round: Option<u32>,
    ) -> Result<RoundView, DeskError> {
        let sec = self.section(section)?;
        refuse_team_section(sec)?;
        let round = round.unwrap_or(sec.rounds_paired());
        self.round_view(sec, round)
    }

    pub(crate) fn round_view(&self, sec: &Section, round: u32) -> Result<RoundView, DeskError> {
        let state = self.state();
        let Some(rec) = sec.round(round) else {
            return Err(DeskError::not_found(format!(
                "round {round} of section '{}' is not paired ({} paired)",
                sec.code,
                sec.rounds_paired()
            )));
        };
        let numbering = Numbering::current(state, sec);
        let before: Tournament = state.tournament(sec, round - 1);
        let seat = |id: PlayerId| {
            let player = numbering.player(id);
            Seat {
                score: before.score_after(player.tpn, round - 1),
                player,
            }
        };
        let boards = rec
            .boards
            .iter()
            .enumerate()
            .map(|(i, b)| BoardView {
                number: i as u32 + 1,
                white: seat(b.white),
                black: seat(b.black),
                result: b.result,
            })
            .collect();
        let not_playing = state
            .players_of(&sec.code)
            .filter(|r| !rec.is_paired(r.id))
            .map(|r| {
                let why = match r.byes.get(&round) {
                    Some(k) => Absence::Bye(*k),
                    None if r.withdrawn_in(round) => Absence::Withdrawn,
                    None => Absence::NotPaired,
                };
                (numbering.player(r.id), why)
            })
            .collect();
        Ok(RoundView {
            heading: self.heading(sec, Some(round)),
            edited: rec.edited,
            boards,
            bye: rec.bye.map(seat),
            not_playing,
        })
    }
}
