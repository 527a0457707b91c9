//! A team section as the rest of Arbiter sees it: a team [`Tournament`]
//! (teams.md; TRF-2026 310/320/330/352/362, 260 for families) whose
//! `team_section` is set, read by `TeamMatches`, the team standings, the
//! team Swiss and the TRF writer.

use std::collections::BTreeMap;

use super::config::TeamConfig;
use super::state::{MatchBoard, TeamId};
use crate::journal::GameResult;
use crate::journal::PlayerId;
use crate::journal::section::Section;
use crate::journal::state::EventState;
use crate::player::{Colour, Player, Tpn};
use crate::round_entry::{ByeKind, RoundEntry};
use crate::team::{ForfeitResult, ForfeitedMatch, Team, TeamSection};
use crate::tournament::{Entrant, ForbiddenGroup, Tournament};

impl EventState {
    /// The input of the team Swiss for round `round` of a team section, the
    /// teams numbered by `order`: the rounds before it, and for round
    /// `round` a zero-point bye for every player of a team that is not to
    /// be paired (absent or withdrawn), which is how the engine knows it.
    pub fn team_pairing_input(
        &self,
        section: &Section,
        round: u32,
        order: &[TeamId],
    ) -> Option<Tournament> {
        let team = section.config.team.as_ref()?;
        Some(self.team_tournament(section, team, round - 1, order, Some(round)))
    }

    /// The team tournament of `section` with rounds `1..=upto` (boards
    /// without a result yet give no entry: those players are not lined up
    /// in the view), teams numbered by `order`.
    pub(in crate::journal) fn team_tournament(
        &self,
        section: &Section,
        team: &TeamConfig,
        upto: u32,
        order: &[TeamId],
        pairing: Option<u32>,
    ) -> Tournament {
        let team_tpn: BTreeMap<TeamId, u32> = order
            .iter()
            .enumerate()
            .map(|(i, id)| (*id, i as u32 + 1))
            .collect();
        let players = self.team_player_order(section, order);
        let tpn_of: BTreeMap<PlayerId, Tpn> = players
            .iter()
            .enumerate()
            .map(|(i, id)| (*id, i as Tpn + 1))
            .collect();
        let mut rounds: BTreeMap<PlayerId, Vec<RoundEntry>> = BTreeMap::new();
        let mut forfeited_matches = Vec::new();
        for (r, record) in section.rounds.iter().take(upto as usize).enumerate() {
            let mut entries: BTreeMap<PlayerId, RoundEntry> = BTreeMap::new();
            if let Some(mr) = &record.matches {
                for m in &mr.matches {
                    for b in &m.boards {
                        board_entries(b, m.forfeit, &tpn_of, &mut entries);
                    }
                    if let (Some(result), Some(&first), Some(&second)) =
                        (m.forfeit, team_tpn.get(&m.first), team_tpn.get(&m.second))
                    {
                        forfeited_matches.push(ForfeitedMatch {
                            round: r as u32 + 1,
                            first,
                            second,
                            result,
                        });
                    }
                }
                let bye_lineup = mr.bye.and_then(|t| mr.lineups.get(&t));
                for p in bye_lineup.into_iter().flatten() {
                    entries.insert(*p, RoundEntry::PairingBye);
                }
            }
            for id in &players {
                let entry = entries.remove(id).unwrap_or(RoundEntry::Bye(ByeKind::Zero));
                rounds.entry(*id).or_default().push(entry);
            }
        }
        if let Some(round) = pairing {
            for t in self.teams_of(&section.code).filter(|t| !t.plays_in(round)) {
                for m in &t.members {
                    rounds
                        .entry(*m)
                        .or_default()
                        .push(RoundEntry::Bye(ByeKind::Zero));
                }
            }
        }
        let entrants = players
            .iter()
            .filter_map(|id| {
                let reg = self.players.get(id)?;
                Some(Entrant {
                    player: Player {
                        tpn: tpn_of[id],
                        ..reg.player.clone()
                    },
                    rounds: rounds.remove(id).unwrap_or_default(),
                    reported_points: None,
                    reported_rank: None,
                })
            })
            .collect();
        let teams = order
            .iter()
            .filter_map(|id| {
                let t = self.teams.get(id)?;
                Some(Team {
                    family: t.family.clone(),
                    captain: t.captain.and_then(|c| tpn_of.get(&c).copied()),
                    ..Team::new(
                        team_tpn.get(id).copied(),
                        t.name.clone(),
                        t.members
                            .iter()
                            .filter_map(|m| tpn_of.get(m).copied())
                            .collect(),
                    )
                })
            })
            .collect();
        let config = &section.config;
        Tournament {
            info: self.info.clone().unwrap_or_default(),
            entrants,
            total_rounds: Some(config.rounds),
            initial_colour: Some(config.initial_colour),
            scoring: config.scoring,
            system: Some(team.rules.system.code.clone()),
            acceleration: BTreeMap::new(),
            forbidden: self.family_groups(section, team, &team_tpn),
            teams,
            team_section: Some(TeamSection {
                rules: team.rules.clone(),
                forfeited_matches,
            }),
            tiebreaks: config.tiebreaks.clone(),
        }
    }

    /// The teams of each family with two or more teams, by team pairing
    /// number, for the rounds in which they may not meet (TRF 260).
    fn family_groups(
        &self,
        section: &Section,
        team: &TeamConfig,
        team_tpn: &BTreeMap<TeamId, u32>,
    ) -> Vec<ForbiddenGroup> {
        let Some(rounds) = team.families.rounds(section.config.rounds) else {
            return Vec::new();
        };
        let mut families: BTreeMap<&str, Vec<u32>> = BTreeMap::new();
        for t in self.teams_of(&section.code) {
            if let (Some(f), Some(&tpn)) = (t.family.as_deref(), team_tpn.get(&t.id)) {
                families.entry(f).or_default().push(tpn);
            }
        }
        families
            .into_values()
            .filter(|teams| teams.len() > 1)
            .map(|mut players| {
                players.sort_unstable();
                ForbiddenGroup {
                    players,
                    rounds: Some(rounds),
                }
            })
            .collect()
    }
}

/// The round entries of one board (its players' TPNs from `tpn_of`): a
/// result in force as for individuals; a player without an opponent (the
/// other team's seat is empty) wins or loses by forfeit against nobody.
fn board_entries(
    b: &MatchBoard,
    forfeit: Option<ForfeitResult>,
    tpn_of: &BTreeMap<PlayerId, Tpn>,
    out: &mut BTreeMap<PlayerId, RoundEntry>,
) {
    let Some(result) = b.result_in_force(forfeit) else {
        return;
    };
    let tpn = |p: Option<PlayerId>| p.and_then(|p| Some((p, *tpn_of.get(&p)?)));
    match (tpn(b.white), tpn(b.black)) {
        (Some((w, tw)), Some((bl, tb))) => {
            let (ew, eb) = result.entries(tw, tb);
            out.insert(w, ew);
            out.insert(bl, eb);
        }
        (Some((w, _)), None) => {
            out.insert(
                w,
                alone(Colour::White, result == GameResult::WhiteForfeitWin),
            );
        }
        (None, Some((bl, _))) => {
            out.insert(
                bl,
                alone(Colour::Black, result == GameResult::BlackForfeitWin),
            );
        }
        (None, None) => {}
    }
}

/// A forfeit without an opponent, with the board's colour.
fn alone(colour: Colour, won: bool) -> RoundEntry {
    RoundEntry::Forfeit {
        opponent: None,
        colour: Some(colour),
        won,
    }
}
