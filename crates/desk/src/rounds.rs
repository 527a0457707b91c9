//! Rounds: pairing the next one with the section's system, changing a
//! board by hand, recording and correcting results.

use std::collections::BTreeMap;

use arbiter_model::journal::{BoardPair, Event, EventState, GameResult, PlayerId, Section};
use arbiter_model::{ByeKind, Points, Tournament, Tpn};
use arbiter_pairing::acceleration::{apply_baku, apply_baku_through};
use arbiter_pairing::registry;
use arbiter_pairing::round_robin::RoundRobin;
use arbiter_pairing::{Pairing, PairingError};

use crate::desk::{Desk, Plan};
use crate::error::{DeskError, ErrorKind};
use crate::origin::Origin;
use crate::views::{Numbering, PlayerRef, RoundView, refuse_team_section};

/// `pairing set`: one board set by hand (C.04.2 Art. 4.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetPairing {
    /// Default: the first section.
    pub section: Option<String>,
    pub round: u32,
    /// The board to set (the board after the last adds one).
    pub board: u32,
    pub white: PlayerId,
    /// `None`: `white` receives the pairing-allocated bye.
    pub black: Option<PlayerId>,
    /// The arbiter allows a forbidden pair, a rematch or a second PAB; the
    /// log says so.
    pub override_rules: bool,
}

/// A board of a round before a manual change, which the change undid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DissolvedBoard {
    /// Its number before the change.
    pub board: u32,
    pub white: PlayerRef,
    pub black: PlayerRef,
}

/// What a manual change did to the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingSet {
    pub round: RoundView,
    /// The boards it dissolved (the one replaced included).
    pub dissolved: Vec<DissolvedBoard>,
    /// Players of those boards now without an opponent.
    pub left_unpaired: Vec<PlayerRef>,
    pub override_rules: bool,
}

/// A result recorded (or corrected).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRecorded {
    pub section: String,
    pub round: u32,
    pub board: u32,
    pub white: PlayerRef,
    pub black: PlayerRef,
    pub result: GameResult,
    /// The result it replaced, when it corrects one.
    pub previous: Option<GameResult>,
}

impl Desk {
    /// Pairs the next round of `section` with its system and records the
    /// pairing with everything the engine was given (its input, the TPN
    /// order, its version). A round robin keeps an absent player's
    /// scheduled board and records it as lost by forfeit (spec 04 §6).
    pub fn pair_next_round(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
    ) -> Result<RoundView, DeskError> {
        let (code, round) = self.commit(
            origin,
            |now| {
                let state = now.state();
                let sec = state.section(section)?;
                let (events, round) = next_round_entries(state, sec)?;
                Ok(Plan::new(events, (sec.code.clone(), round)))
            },
            engine_refused,
        )?;
        let sec = self.section(Some(&code))?;
        self.round_view(sec, round)
    }

    /// Sets one board of the latest round by hand; boards the two players
    /// leave are dissolved and listed in the outcome.
    pub fn set_pairing(
        &mut self,
        origin: &Origin,
        request: &SetPairing,
    ) -> Result<PairingSet, DeskError> {
        let (code, dissolved, left_unpaired) = self.commit(
            origin,
            |now| {
                let state = now.state();
                let sec = state.section(request.section.as_deref())?;
                let event = Event::PairingEdited {
                    section: sec.code.clone(),
                    round: request.round,
                    board: request.board,
                    white: request.white,
                    black: request.black,
                    override_rules: request.override_rules,
                };
                let (dissolved, left) = dissolved_by(state, sec, request);
                Ok(Plan::new(vec![event], (sec.code.clone(), dissolved, left)))
            },
            |e| e,
        )?;
        let sec = self.section(Some(&code))?;
        Ok(PairingSet {
            round: self.round_view(sec, request.round)?,
            dissolved,
            left_unpaired,
            override_rules: request.override_rules,
        })
    }

    /// Records or corrects the result of a board: `1-0 0-1 1/2 +/- -/+ -/-`.
    pub fn record_result(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
        round: u32,
        board: u32,
        result: &str,
    ) -> Result<ResultRecorded, DeskError> {
        let result = parse_result(result)?;
        refuse_team_section(self.section(section)?)?;
        self.commit(
            origin,
            |now| {
                let state = now.state();
                let sec = state.section(section)?;
                let rec = sec.round(round);
                let played = rec.and_then(|r| r.boards.get((board as usize).wrapping_sub(1)));
                let event = Event::ResultRecorded {
                    section: sec.code.clone(),
                    round,
                    board,
                    result,
                };
                let Some(b) = played else {
                    // The journal names what is wrong (no such round, board,
                    // or the PAB).
                    return Ok(Plan::new(vec![event], None));
                };
                let numbering = Numbering::current(state, sec);
                let outcome = ResultRecorded {
                    section: sec.code.clone(),
                    round,
                    board,
                    white: numbering.player(b.white),
                    black: numbering.player(b.black),
                    result,
                    previous: b.result,
                };
                let events = if b.result == Some(result) {
                    Vec::new()
                } else {
                    vec![event]
                };
                Ok(Plan::new(events, Some(outcome)))
            },
            |e| e,
        )?
        .ok_or_else(|| DeskError::internal("a result was recorded on no board"))
    }
}

/// The journal refusing the engine's own pairing is a defect of Arbiter,
/// not the user's doing.
pub(crate) fn engine_refused(e: DeskError) -> DeskError {
    match e.kind() {
        ErrorKind::NotFound | ErrorKind::Refused => DeskError::internal(format!(
            "the engine's pairing was refused, nothing was recorded: {e}"
        )),
        _ => e,
    }
}

/// A board result as typed: `1-0 0-1 1/2 +/- -/+ -/-`.
pub(crate) fn parse_result(text: &str) -> Result<GameResult, DeskError> {
    GameResult::parse(text).ok_or_else(|| {
        DeskError::invalid(
            "result",
            format!(
                "'{}' is not a result (1-0 0-1 1/2 +/- -/+ -/-)",
                text.trim()
            ),
        )
    })
}

/// The entries that pair the next round of `sec`, and its number (an
/// individual section's: a team section pairs matches).
pub(crate) fn next_round_entries(
    state: &EventState,
    sec: &Section,
) -> Result<(Vec<Event>, u32), DeskError> {
    refuse_team_section(sec)?;
    let round = sec.rounds_paired() + 1;
    if round > sec.config.rounds {
        return Err(DeskError::refused(format!(
            "section '{}' has {} rounds, all paired",
            sec.code, sec.config.rounds
        )));
    }
    if let Some(prev) = sec.rounds.last()
        && prev.missing_results() > 0
    {
        let boards: Vec<String> = prev
            .boards
            .iter()
            .enumerate()
            .filter(|(_, b)| b.result.is_none())
            .map(|(i, _)| (i + 1).to_string())
            .collect();
        return Err(DeskError::refused(format!(
            "round {round} cannot be paired: {} result(s) of round {} are missing (boards {})",
            prev.missing_results(),
            round - 1,
            boards.join(", ")
        )));
    }
    state.check_teams(sec)?;
    let system = sec.config.system;
    let engine = registry::engine(system);
    let numbering = Numbering::of(state, state.tpn_order_for(sec, round));
    let mut input = state.pairing_input(sec, round, numbering.order());
    if system.is_accelerated() {
        accelerate(sec, numbering.order(), &mut input)?;
    }
    let pairing = engine.pair(&input, round).map_err(|e| match e {
        PairingError::NoValidPairing { .. } => DeskError::no_pairing(format!(
            "section '{}' round {round}: {e} (absolute criteria: no rematch, no forbidden pair, \
             the PAB rule); pair it by hand (pairing set)",
            sec.code
        )),
        PairingError::InvalidInput(m) => {
            DeskError::refused(format!("section '{}' round {round}: {m}", sec.code))
        }
    })?;
    let (boards, bye, forfeits) = if system.is_round_robin() {
        let s = scheduled_round(state, sec, &input, round, &numbering)?;
        (s.boards, None, s.forfeits)
    } else {
        let (boards, bye) = boards_of(&pairing, &numbering)?;
        (boards, bye, Vec::new())
    };
    let code = sec.code.clone();
    let mut events = vec![Event::RoundPaired {
        section: code.clone(),
        round,
        system: engine.name().to_string(),
        engine: format!("arbiter {} {}", env!("CARGO_PKG_VERSION"), engine.name()),
        tpn_order: numbering.order().to_vec(),
        input: Box::new(input),
        boards,
        bye,
        override_rules: false,
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
    Ok((events, round))
}

/// The engine's boards and PAB by player id.
fn boards_of(
    pairing: &Pairing,
    numbering: &Numbering,
) -> Result<(Vec<BoardPair>, Option<PlayerId>), DeskError> {
    let boards = pairing
        .boards
        .iter()
        .map(|b| {
            Ok(BoardPair {
                white: numbering.id(b.white)?,
                black: numbering.id(b.black)?,
            })
        })
        .collect::<Result<Vec<_>, DeskError>>()?;
    let bye = pairing.bye.map(|t| numbering.id(t)).transpose()?;
    Ok((boards, bye))
}

/// A round robin's round as the event records it.
struct Scheduled {
    boards: Vec<BoardPair>,
    /// Results recorded with the pairing, by board number.
    forfeits: Vec<(u32, GameResult)>,
}

/// A round robin's round as the event records it (spec 04 §6): every
/// scheduled board in Berger order; an absent or withdrawn player loses
/// his by forfeit and his opponent wins it (`+`/`-`); the board of two
/// absent players is dropped (both keep their zero-point absence).
fn scheduled_round(
    state: &EventState,
    sec: &Section,
    input: &Tournament,
    round: u32,
    numbering: &Numbering,
) -> Result<Scheduled, DeskError> {
    let schedule = match sec.config.system.meetings_allowed() {
        2 => RoundRobin::double(),
        _ => RoundRobin::single(),
    };
    let excused: BTreeMap<PlayerId, ByeKind> = state.not_paired_in(sec, round);
    let table = schedule
        .scheduled_boards(input, round)
        .map_err(|e| DeskError::refused(format!("section '{}' round {round}: {e}", sec.code)))?;
    let mut boards = Vec::new();
    let mut forfeits = Vec::new();
    for b in table {
        let (white, black) = (numbering.id(b.white)?, numbering.id(b.black)?);
        let forfeit = match (excused.contains_key(&white), excused.contains_key(&black)) {
            (false, false) => None,
            (true, true) => continue,
            (true, false) => Some(GameResult::BlackForfeitWin),
            (false, true) => Some(GameResult::WhiteForfeitWin),
        };
        boards.push(BoardPair { white, black });
        if let Some(result) = forfeit {
            forfeits.push((boards.len() as u32, result));
        }
    }
    Ok(Scheduled { boards, forfeits })
}

/// Baku acceleration of the round about to be paired (C.04.7 Art. 1, 2026
/// text; spec 03 A.2): the virtual points handed to the engine.
///
/// Group GA is fixed at the first accelerated round: the first 2·⌈N/4⌉
/// pairing numbers (C.04.7 1.2). At later rounds the participant who was
/// the last GA member at the latest pairing stays the last one (1.3), so
/// late entries inserted above him join GA and those below him do not.
/// Every round's values are recorded with its pairing (they are the
/// engine's input) and exported as TRF `250` records.
fn accelerate(
    section: &Section,
    order: &[PlayerId],
    input: &mut Tournament,
) -> Result<(), DeskError> {
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
    .map_err(|e| DeskError::refused(format!("Baku acceleration: {e}")))
}

/// The boards a manual change would dissolve, and the players it would
/// leave without an opponent (computed before the change; the journal
/// decides whether the change is allowed).
fn dissolved_by(
    state: &EventState,
    sec: &Section,
    request: &SetPairing,
) -> (Vec<DissolvedBoard>, Vec<PlayerRef>) {
    let Some(rec) = sec.round(request.round) else {
        return (Vec::new(), Vec::new());
    };
    let numbering = Numbering::current(state, sec);
    let moving = |id: PlayerId| id == request.white || Some(id) == request.black;
    let target = (request.board as usize).wrapping_sub(1);
    let mut dissolved = Vec::new();
    let mut left = Vec::new();
    for (i, b) in rec.boards.iter().enumerate() {
        let replaced = request.black.is_some() && i == target;
        if !(moving(b.white) || moving(b.black) || replaced) {
            continue;
        }
        if i == target && request.black == Some(b.black) && b.white == request.white {
            continue; // the same board again
        }
        dissolved.push(DissolvedBoard {
            board: i as u32 + 1,
            white: numbering.player(b.white),
            black: numbering.player(b.black),
        });
        left.extend(
            [b.white, b.black]
                .into_iter()
                .filter(|id| !moving(*id))
                .map(|id| numbering.player(id)),
        );
    }
    if let Some(bye) = rec.bye.filter(|id| request.black.is_none() && !moving(*id)) {
        left.push(numbering.player(bye));
    }
    (dissolved, left)
}
