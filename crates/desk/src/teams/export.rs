//! What the TRF-2026 export of a team section adds to the section's team
//! tournament: the 310 totals and ranks, and the 240 records of the teams
//! absent from a round of the file or known to be absent from the rounds
//! to come; what it leaves out: the players on no team.

use std::collections::{BTreeMap, BTreeSet};

use arbiter_model::journal::{EventState, Section};
use arbiter_model::team::{TeamMatches, TeamScore};
use arbiter_model::{ByeKind, Tournament, Tpn};
use arbiter_standings::StandingsOptions;
use arbiter_trf::AnnouncedBye;

/// Score columns of the 001 records (the players' board points), and the
/// match points, game points and rank of every 310 record — the rank by
/// the section's tie-breaks. Why there are no ranks, when the standings
/// cannot be computed.
pub(crate) fn fill_team_totals(t: &mut Tournament, rounds: u32) -> Option<String> {
    let scores: Vec<_> = t
        .entrants
        .iter()
        .map(|e| t.score_after(e.player.tpn, rounds))
        .collect();
    for (e, score) in t.entrants.iter_mut().zip(scores) {
        e.reported_points = Some(score);
    }
    let primary = t
        .team_section
        .as_ref()
        .map_or(TeamScore::MatchPoints, |s| s.rules.system.primary);
    let totals = match TeamMatches::of(t) {
        Ok(view) => view.totals(primary),
        Err(e) => return Some(e.to_string()),
    };
    let ranks: BTreeMap<u32, u32> = if rounds == 0 {
        BTreeMap::new()
    } else {
        match arbiter_standings::compute_standings(t, &StandingsOptions::default()) {
            Ok(s) => s.rows.iter().map(|r| (r.tpn, r.rank)).collect(),
            Err(e) => return Some(e.to_string()),
        }
    };
    for team in &mut t.teams {
        let Some(total) = totals.iter().find(|x| Some(x.tpn) == team.number) else {
            continue;
        };
        team.reported_match_points = Some(total.match_points);
        team.reported_game_points = Some(total.game_points);
        team.reported_rank = ranks.get(&total.tpn).copied();
    }
    None
}

/// Leaves out of `t` the players on no team, and gives their names: a team
/// file lists the players of its 310 rosters, and FIDE's checker refuses a
/// `001` player on none (docs/rules/trf.md, "A team section's file"). They
/// come after every roster in pairing-number order and never play in a
/// team section, so the numbers kept stay 1 to n and no entry names a
/// player left out.
pub(crate) fn leave_out_players_off_teams(t: &mut Tournament) -> Vec<String> {
    let on_teams: BTreeSet<Tpn> = t
        .teams
        .iter()
        .flat_map(|team| team.members.iter().copied())
        .collect();
    let (kept, left_out): (Vec<_>, Vec<_>) = std::mem::take(&mut t.entrants)
        .into_iter()
        .partition(|e| on_teams.contains(&e.player.tpn));
    t.entrants = kept;
    left_out.into_iter().map(|e| e.player.name).collect()
}

/// TRF26 `240 Z` records (team numbers in a team file): the teams that did
/// not play a round of the file (absent or withdrawn; not the PAB), so that
/// a file cut back to any round declares who was not paired (as the
/// reference's replay reads it, not only from the players' `0000 - Z`),
/// and the teams known not to play in the rounds after `complete`:
/// absences announced, and a withdrawal for the next round.
pub(crate) fn announced_absences(
    state: &EventState,
    sec: &Section,
    complete: u32,
) -> Vec<AnnouncedBye> {
    let order = state.team_order(sec);
    let mut byes: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for (i, id) in order.iter().enumerate() {
        let Some(team) = state.teams.get(id) else {
            continue;
        };
        let next = complete + 1;
        let played = (1..next).filter(|r| {
            sec.round(*r)
                .and_then(|round| round.matches.as_ref())
                .is_some_and(|m| !m.is_paired(team.id))
        });
        let rounds = played
            .chain(team.absent.range(next..).copied())
            .chain((!team.plays_in(next) && next <= sec.config.rounds).then_some(next));
        for round in rounds {
            let list = byes.entry(round).or_default();
            if !list.contains(&(i as u32 + 1)) {
                list.push(i as u32 + 1);
            }
        }
    }
    byes.into_iter()
        .map(|(round, mut players)| {
            players.sort_unstable();
            AnnouncedBye {
                kind: ByeKind::Zero,
                round,
                players,
            }
        })
        .collect()
}
