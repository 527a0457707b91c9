//! Pairing the next round of a team section with the Swiss Team Pairing
//! System (C.04.6) and recording it with everything the engine was given.

use arbiter_model::Colour;
use arbiter_model::System;
use arbiter_model::journal::teams::{Lineup, PairedRound, TeamEvent, TeamPair};
use arbiter_model::journal::{Event, EventState, Section};
use arbiter_pairing::{PairingError, registry};

use super::views::{MatchRoundView, TeamNumbering};
use crate::desk::{Desk, Plan};
use crate::error::DeskError;
use crate::origin::Origin;

impl Desk {
    /// Pairs the next round of matches of a team section: the teams not
    /// absent, each with its announced line-up or the default one
    /// ([`EventState::lineup_for`]), by the Swiss Team Pairing System. When
    /// no pairing meets the absolute criteria (no rematch of a played
    /// match, no second bye, teams of one family apart) nothing is relaxed:
    /// the chief arbiter decides (C.04.6 3.3.3).
    pub fn pair_next_matches(
        &mut self,
        origin: &Origin,
        section: Option<&str>,
    ) -> Result<MatchRoundView, DeskError> {
        let (code, round) = self.commit(
            origin,
            |now| {
                let state = now.state();
                let sec = state.section(section)?;
                let (event, round) = next_matches(state, sec)?;
                Ok(Plan::new(vec![event], (sec.code.clone(), round)))
            },
            |e| e,
        )?;
        let sec = self.section(Some(&code))?;
        self.match_round_view(sec, round)
    }
}

/// The entry that pairs the next round of the team section `sec`.
fn next_matches(state: &EventState, sec: &Section) -> Result<(Event, u32), DeskError> {
    let Some(team) = &sec.config.team else {
        return Err(DeskError::refused(format!(
            "section '{}' is not a team section",
            sec.code
        )));
    };
    let round = sec.rounds_paired() + 1;
    if round > sec.config.rounds {
        return Err(DeskError::refused(format!(
            "section '{}' has {} rounds, all paired",
            sec.code, sec.config.rounds
        )));
    }
    if let Some(prev) = sec.rounds.last().and_then(|r| r.matches.as_ref()) {
        let missing: Vec<String> = prev
            .matches
            .iter()
            .enumerate()
            .flat_map(|(i, m)| {
                m.boards
                    .iter()
                    .enumerate()
                    .filter(|(_, b)| b.needs_result(m.forfeit))
                    .map(move |(b, _)| format!("match {} board {}", i + 1, b + 1))
            })
            .collect();
        if !missing.is_empty() {
            return Err(DeskError::refused(format!(
                "round {round} cannot be paired: {} result(s) of round {} are missing ({})",
                missing.len(),
                round - 1,
                missing.join(", ")
            )));
        }
    }
    let n = TeamNumbering::current(state, sec);
    let order = n.order().to_vec();
    let mut lineups = Vec::new();
    for id in &order {
        let Ok(t) = state.team(*id) else { continue };
        if !t.plays_in(round) {
            continue;
        }
        let players = state.lineup_for(sec, t, round);
        if players.is_empty() {
            return Err(DeskError::refused(format!(
                "team '{}' (id {id}) has nobody to line up in round {round} (byes, withdrawals, \
                 reserves kept off their boards): set its line-up or mark it absent",
                t.name
            )));
        }
        lineups.push(Lineup { team: *id, players });
    }
    if lineups.len() < 2 {
        return Err(DeskError::refused(format!(
            "section '{}' has {} team(s) to pair in round {round}; a round needs two",
            sec.code,
            lineups.len()
        )));
    }
    let input = state
        .team_pairing_input(sec, round, &order)
        .ok_or_else(|| DeskError::internal("a team section without match rules"))?;
    let engine = registry::engine(System::TeamSwiss);
    let pairing = engine.pair(&input, round).map_err(|e| match e {
        PairingError::NoValidPairing { .. } => DeskError::no_pairing(format!(
            "section '{}' round {round}: no pairing of the teams meets the absolute criteria \
             (no rematch of a played match, no second bye, teams of one family apart); the \
             chief arbiter decides (C.04.6 3.3.3)",
            sec.code
        )),
        PairingError::InvalidInput(m) => {
            DeskError::refused(format!("section '{}' round {round}: {m}", sec.code))
        }
    })?;
    let first_is_white = team.rules.colours.first_team(1) != Some(Colour::Black);
    let matches = pairing
        .boards
        .iter()
        .map(|b| {
            let (white, black) = (n.id(b.white)?, n.id(b.black)?);
            Ok(if first_is_white {
                TeamPair {
                    first: white,
                    second: black,
                }
            } else {
                TeamPair {
                    first: black,
                    second: white,
                }
            })
        })
        .collect::<Result<Vec<_>, DeskError>>()?;
    let bye = pairing.bye.map(|t| n.id(t)).transpose()?;
    state
        .check_matches(sec, round, &matches, bye)
        .map_err(|e| {
            DeskError::internal(format!(
                "the engine's pairing breaks an absolute criterion, nothing was recorded: {e}"
            ))
        })?;
    let event = Event::Team(TeamEvent::MatchesPaired(PairedRound {
        section: sec.code.clone(),
        round,
        system: engine.name().to_string(),
        engine: format!("arbiter {} {}", env!("CARGO_PKG_VERSION"), engine.name()),
        team_order: order,
        input: Box::new(input),
        matches,
        bye,
        lineups,
        override_rules: false,
    }));
    Ok((event, round))
}
