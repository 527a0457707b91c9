//! The section as the rest of Arbiter sees it: a [`Tournament`] in TPN
//! order (TRF export, standings, pairing engines).

use std::collections::BTreeMap;

use super::PlayerId;
use super::section::Section;
use super::state::EventState;
use crate::player::{Player, Tpn};
use crate::points::Points;
use crate::round_entry::RoundEntry;
use crate::team::Team;
use crate::tournament::{Entrant, ForbiddenGroup, Tournament};

impl EventState {
    /// The section as the rest of Arbiter sees it (TRF export, standings,
    /// pairing engines; a team section as a team tournament, see
    /// [`EventState::team_pairing_input`]): entrants in TPN order with the rounds `1..=upto`,
    /// every one of which must be paired. Players not paired in a round are
    /// given their requested bye, else a zero-point bye (`Z`: absent,
    /// withdrawn or not yet entered, spec 01 §7).
    pub fn tournament(&self, section: &Section, upto: u32) -> Tournament {
        if let Some(team) = &section.config.team {
            return self.team_tournament(section, team, upto, &self.team_order(section), None);
        }
        self.build(section, upto, &self.current_tpn_order(section), None)
    }

    /// The input of the pairing engine for round `round`: rounds before it,
    /// and for round `round` the entries of the players who are not to be
    /// paired (requested byes, withdrawals) — the [`crate`] pairing contract.
    pub fn pairing_input(&self, section: &Section, round: u32, order: &[PlayerId]) -> Tournament {
        self.build(section, round - 1, order, Some(round))
    }

    fn build(
        &self,
        section: &Section,
        upto: u32,
        order: &[PlayerId],
        pairing: Option<u32>,
    ) -> Tournament {
        let tpn_of: BTreeMap<PlayerId, Tpn> = order
            .iter()
            .enumerate()
            .map(|(i, id)| (*id, i as Tpn + 1))
            .collect();
        let mut rounds: BTreeMap<PlayerId, Vec<RoundEntry>> = BTreeMap::new();
        for (r, record) in section.rounds.iter().take(upto as usize).enumerate() {
            let round = r as u32 + 1;
            let mut entries: BTreeMap<PlayerId, RoundEntry> = BTreeMap::new();
            for b in &record.boards {
                if let Some(result) = b.result {
                    let (w, bl) = result.entries(tpn_of[&b.white], tpn_of[&b.black]);
                    entries.insert(b.white, w);
                    entries.insert(b.black, bl);
                }
            }
            if let Some(bye) = record.bye {
                entries.insert(bye, RoundEntry::PairingBye);
            }
            for id in order {
                let reg = &self.players[id];
                let entry = entries
                    .remove(id)
                    .unwrap_or_else(|| reg.unpaired_entry(round));
                rounds.entry(*id).or_default().push(entry);
            }
        }
        if let Some(round) = pairing {
            for id in self.not_paired_in(section, round).into_keys() {
                let entry = self.players[&id].unpaired_entry(round);
                rounds.entry(id).or_default().push(entry);
            }
        }
        let entrants = order
            .iter()
            .map(|id| Entrant {
                player: Player {
                    tpn: tpn_of[id],
                    ..self.players[id].player.clone()
                },
                rounds: rounds.remove(id).unwrap_or_default(),
                reported_points: None,
                reported_rank: None,
            })
            .collect();
        let mut teams: Vec<Team> = Vec::new();
        for id in order {
            if let Some(name) = self.players[id].player.team.as_deref() {
                match teams.iter_mut().find(|t| t.name == name) {
                    Some(t) => t.members.push(tpn_of[id]),
                    None => teams.push(Team::new(None, name, vec![tpn_of[id]])),
                }
            }
        }
        // Written as an explicit range so that TRF26 `260` carries it.
        let every_round = Some((1, section.config.rounds));
        let mut forbidden: Vec<ForbiddenGroup> = section
            .forbidden
            .iter()
            .filter_map(|(a, b)| {
                Some(ForbiddenGroup {
                    players: vec![*tpn_of.get(a)?, *tpn_of.get(b)?],
                    rounds: every_round,
                })
            })
            .collect();
        if section.config.avoid_team_pairings {
            forbidden.extend(teams.iter().filter(|t| t.members.len() > 1).map(|t| {
                ForbiddenGroup {
                    players: t.members.clone(),
                    rounds: every_round,
                }
            }));
        }
        let config = &section.config;
        let acceleration = match pairing {
            // The engine's input: the caller computes this round's values.
            Some(_) => BTreeMap::new(),
            None => recorded_acceleration(section, order, &tpn_of),
        };
        Tournament {
            info: self.info.clone().unwrap_or_default(),
            entrants,
            total_rounds: Some(config.rounds),
            initial_colour: Some(config.initial_colour),
            scoring: config.scoring,
            system: Some(
                section
                    .kept
                    .system_code
                    .clone()
                    .unwrap_or_else(|| config.system.trf_code().to_string()),
            ),
            acceleration,
            forbidden,
            teams,
            team_section: None,
            tiebreaks: config.tiebreaks.clone(),
        }
    }
}

/// The virtual points of the section as recorded with its rounds, by TPN:
/// for a paired round the values its engine was given, for later rounds
/// those of the latest pairing (empty when no round was accelerated).
fn recorded_acceleration(
    section: &Section,
    order: &[PlayerId],
    tpn_of: &BTreeMap<PlayerId, Tpn>,
) -> BTreeMap<Tpn, Vec<Points>> {
    if section.rounds.iter().all(|r| r.acceleration.is_empty()) {
        return BTreeMap::new();
    }
    let latest = section.rounds.last().map(|r| &r.acceleration);
    let value = |record: Option<&BTreeMap<PlayerId, Vec<Points>>>, id, round: usize| {
        record
            .and_then(|a| a.get(id))
            .and_then(|v: &Vec<Points>| v.get(round).copied())
            .unwrap_or(Points::ZERO)
    };
    order
        .iter()
        .map(|id| {
            let values = (0..section.config.rounds as usize)
                .map(|r| match section.rounds.get(r) {
                    Some(record) => value(Some(&record.acceleration), id, r),
                    None => value(latest, id, r),
                })
                .collect();
            (tpn_of[id], values)
        })
        .collect()
}
