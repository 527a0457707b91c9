//! Whether a file holds a team competition written as individual games
//! (TRF16: every game board by board, the teams as `013` lists). Its rounds
//! are matches: every game is between the players of two different teams,
//! and each team's players meet those of one other team. Such a file was
//! paired team against team, so an individual system's checker would find
//! every round different (docs/rules/trf.md, "Team events written as
//! individual games").

use std::collections::{BTreeMap, BTreeSet};

use arbiter_model::{Tournament, Tpn};

/// The rounds that show a file to be a team event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamEventRounds {
    /// Rounds whose games are team matches.
    pub matches: u32,
    /// Rounds with at least one game (or forfeit) between two players.
    pub played: u32,
}

/// The rounds of `t` that are team matches, when they are most (more than
/// half) of its rounds with games; `None` for an individual event.
pub fn team_event(t: &Tournament) -> Option<TeamEventRounds> {
    let team_of: BTreeMap<Tpn, usize> = t
        .teams
        .iter()
        .enumerate()
        .flat_map(|(i, team)| team.members.iter().map(move |&m| (m, i)))
        .collect();
    let rounds = t.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0);
    let mut found = TeamEventRounds {
        matches: 0,
        played: 0,
    };
    for r in 0..rounds {
        if let Some(is_match) = round_of_matches(t, &team_of, r) {
            found.played += 1;
            found.matches += u32::from(is_match);
        }
    }
    (found.matches > 0 && 2 * found.matches > found.played).then_some(found)
}

/// Round `r + 1`: `None` without games; else whether every game is between
/// players of two different teams, each team meeting one other team, and
/// some team has two or more players on the boards (a match of one board is
/// an individual game).
fn round_of_matches(t: &Tournament, team_of: &BTreeMap<Tpn, usize>, r: usize) -> Option<bool> {
    let mut met: BTreeMap<usize, BTreeSet<usize>> = BTreeMap::new();
    let mut boards: BTreeMap<usize, u32> = BTreeMap::new();
    let mut games = false;
    let mut teams_apart = true;
    for e in &t.entrants {
        let Some(opponent) = e.rounds.get(r).and_then(|x| x.opponent()) else {
            continue;
        };
        games = true;
        match (team_of.get(&e.player.tpn), team_of.get(&opponent)) {
            (Some(&mine), Some(&theirs)) if mine != theirs => {
                met.entry(mine).or_default().insert(theirs);
                *boards.entry(mine).or_default() += 1;
            }
            _ => teams_apart = false,
        }
    }
    games.then(|| {
        teams_apart
            && met.values().all(|teams| teams.len() == 1)
            && boards.values().any(|&n| n >= 2)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_model::{Colour, Entrant, Outcome, Player, RoundEntry, Team};

    /// Players 1-8 with their opponents by round (0: no game).
    fn tournament(opponents: &[[Tpn; 8]], teams: &[&[Tpn]]) -> Tournament {
        let entrant = |tpn: Tpn| Entrant {
            player: Player {
                tpn,
                ..Player::default()
            },
            rounds: opponents
                .iter()
                .map(|round| match round[tpn as usize - 1] {
                    0 => RoundEntry::PairingBye,
                    opponent => RoundEntry::Game {
                        opponent,
                        colour: if tpn < opponent {
                            Colour::White
                        } else {
                            Colour::Black
                        },
                        outcome: Outcome::Draw,
                        rated: true,
                    },
                })
                .collect(),
            ..Entrant::default()
        };
        Tournament {
            entrants: (1..=8).map(entrant).collect(),
            teams: teams
                .iter()
                .enumerate()
                .map(|(i, m)| Team::new(None, format!("T{i}"), m.to_vec()))
                .collect(),
            ..Tournament::default()
        }
    }

    const TEAMS: [&[Tpn]; 4] = [&[1, 2], &[3, 4], &[5, 6], &[7, 8]];
    /// Round 1: teams 1-2 and 3-4; round 2: 1-3 and 2-4.
    const MATCHES: [[Tpn; 8]; 2] = [[3, 4, 1, 2, 7, 8, 5, 6], [5, 6, 7, 8, 1, 2, 3, 4]];

    #[test]
    fn rounds_of_matches_make_a_team_event() {
        let t = tournament(&MATCHES, &TEAMS);
        assert_eq!(
            team_event(&t),
            Some(TeamEventRounds {
                matches: 2,
                played: 2
            })
        );
    }

    #[test]
    fn an_individual_round_with_team_lists_is_not_one() {
        // 1-3 but 2-5: team 1 meets teams 2 and 3.
        let t = tournament(&[[3, 5, 1, 7, 2, 8, 4, 6]], &TEAMS);
        assert_eq!(team_event(&t), None);
        // Team-mates meet: 1-2.
        let t = tournament(&[[2, 1, 4, 3, 6, 5, 8, 7]], &TEAMS);
        assert_eq!(team_event(&t), None);
    }

    #[test]
    fn half_the_rounds_are_not_most() {
        let individual = [3, 5, 1, 7, 2, 8, 4, 6];
        let t = tournament(&[MATCHES[0], individual], &TEAMS);
        assert_eq!(team_event(&t), None);
        let t = tournament(&[MATCHES[0], individual, MATCHES[1]], &TEAMS);
        assert_eq!(
            team_event(&t),
            Some(TeamEventRounds {
                matches: 2,
                played: 3
            })
        );
    }

    #[test]
    fn players_on_no_team_or_teams_of_one_are_not_one() {
        assert_eq!(team_event(&tournament(&MATCHES, &[])), None);
        // Player 8 on no team.
        let t = tournament(&MATCHES, &[&[1, 2], &[3, 4], &[5, 6], &[7]]);
        assert_eq!(team_event(&t), None);
        let singles: Vec<Vec<Tpn>> = (1..=8).map(|p| vec![p]).collect();
        let singles: Vec<&[Tpn]> = singles.iter().map(Vec::as_slice).collect();
        assert_eq!(team_event(&tournament(&MATCHES, &singles)), None);
    }
}
