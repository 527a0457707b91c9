//! Helpers shared by the desk's tests: events in memory and in a real
//! SQLite file, players, results; team sections, teams, matches.

#![allow(dead_code)] // each test file uses a different part

use std::path::PathBuf;

use arbiter_desk::teams::MatchRoundView;
use arbiter_desk::{
    Desk, NewEvent, Origin, PlayerForm, RoundView, SectionForm, TeamForm, TeamSettingsForm,
};

/// The origin every test command carries.
pub fn origin() -> Origin {
    Origin::new("test")
}

/// A new event's request: `rounds` rounds of `system`.
pub fn new_event(name: &str, system: &str, rounds: u32) -> NewEvent {
    NewEvent {
        name: name.into(),
        section: "main".into(),
        config: SectionForm {
            rounds: Some(rounds.to_string()),
            system: Some(system.into()),
            ..SectionForm::default()
        },
    }
}

/// An event kept in memory.
pub fn memory(system: &str, rounds: u32) -> Desk {
    Desk::create_in_memory(&origin(), &new_event("Open", system, rounds))
        .expect("a new event")
        .0
}

/// A scratch folder, removed when dropped.
pub fn folder() -> tempfile::TempDir {
    tempfile::tempdir().expect("a scratch folder")
}

/// An event in a real SQLite file inside `dir`.
pub fn file(dir: &tempfile::TempDir, system: &str, rounds: u32) -> (Desk, PathBuf) {
    let path = dir.path().join("event.arb");
    let (desk, _) =
        Desk::create(&path, &origin(), &new_event("Open", system, rounds)).expect("a new file");
    (desk, path)
}

/// The form of a player with a name and a rating.
pub fn player(name: &str, rating: u16) -> PlayerForm {
    PlayerForm {
        name: Some(name.into()),
        rating: Some(rating.to_string()),
        ..PlayerForm::default()
    }
}

/// Registers `n` players rated 2400, 2390, … (so id = TPN by ranking);
/// returns their ids.
pub fn players(desk: &mut Desk, n: u32) -> Vec<u32> {
    (1..=n)
        .map(|i| {
            desk.add_player(
                &origin(),
                None,
                &player(&format!("Player{i:02}, Test"), 2410 - i as u16 * 10),
            )
            .expect("registered")
            .id
        })
        .collect()
}

/// `(board, white id, black id)` of a round; the PAB as `(board, id, 0)`.
pub fn boards(view: &RoundView) -> Vec<(u32, u32, u32)> {
    let mut v: Vec<(u32, u32, u32)> = view
        .boards
        .iter()
        .map(|b| (b.number, b.white.player.id, b.black.player.id))
        .collect();
    if let Some(bye) = &view.bye {
        v.push((view.boards.len() as u32 + 1, bye.player.id, 0));
    }
    v
}

/// Records `result` on every board of `round` still without one.
pub fn finish_round(desk: &mut Desk, round: u32, result: &str) {
    let view = desk.pairings(None, Some(round)).expect("a paired round");
    for b in view.boards.iter().filter(|b| b.result.is_none()) {
        desk.record_result(&origin(), None, round, b.number, result)
            .expect("a result");
    }
}

/// The number of journal entries (in force or not).
pub fn entries(desk: &mut Desk) -> usize {
    desk.log()
        .expect("the log")
        .iter()
        .map(|c| c.entries.len())
        .sum()
}

/// A team section's event: `rounds` rounds of matches of `boards` boards,
/// the other settings as given.
pub fn team_event(rounds: u32, boards: u32, settings: TeamSettingsForm) -> NewEvent {
    NewEvent {
        name: "Teams".into(),
        section: "main".into(),
        config: SectionForm {
            rounds: Some(rounds.to_string()),
            system: Some("team-swiss".into()),
            team: TeamSettingsForm {
                boards: Some(boards.to_string()),
                ..settings
            },
            ..SectionForm::default()
        },
    }
}

/// A team section kept in memory.
pub fn team_memory(rounds: u32, boards: u32, settings: TeamSettingsForm) -> Desk {
    Desk::create_in_memory(&origin(), &team_event(rounds, boards, settings))
        .expect("a new team event")
        .0
}

/// A team section in a real SQLite file inside `dir`.
pub fn team_file(
    dir: &tempfile::TempDir,
    rounds: u32,
    boards: u32,
    settings: TeamSettingsForm,
) -> (Desk, PathBuf) {
    let path = dir.path().join("teams.arb");
    let (desk, _) = Desk::create(&path, &origin(), &team_event(rounds, boards, settings))
        .expect("a new team file");
    (desk, path)
}

/// The form of team `name` of `family` with players `ids` in board order.
pub fn team(name: &str, family: Option<&str>, ids: &[u32]) -> TeamForm {
    TeamForm {
        name: Some(name.into()),
        family: family.map(str::to_string),
        players: Some(
            ids.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(","),
        ),
        captain: None,
        tag: Vec::new(),
    }
}

/// Registers `teams` teams of `size` players each, team `t` (1-based)
/// rated 2400 - 100 (t - 1) on board 1 and 50 less on each board below (so
/// team id = team pairing number); players in registration order, team by
/// team. Returns the team ids.
pub fn teams(desk: &mut Desk, teams: u32, size: u32) -> Vec<u32> {
    (1..=teams)
        .map(|t| {
            let ids: Vec<u32> = (1..=size)
                .map(|b| {
                    let rating = 2500 - 100 * t - 50 * (b - 1);
                    desk.add_player(
                        &origin(),
                        None,
                        &player(&format!("Team{t} Board{b}, Test"), rating as u16),
                    )
                    .expect("registered")
                    .id
                })
                .collect();
            desk.add_team(&origin(), None, &team(&format!("Team {t}"), None, &ids))
                .expect("a team")
                .id
        })
        .collect()
}

/// `(match, board, white team, black team, white id, black id)` of a round
/// of matches: white team = the team whose board-1 player has White; the
/// bye as `(last + 1, 0, team, 0, 0, 0)`.
pub fn match_boards(view: &MatchRoundView) -> Vec<(u32, u32, u32, u32, u32, u32)> {
    let mut v = Vec::new();
    for m in &view.matches {
        for b in &m.boards {
            v.push((
                m.number,
                b.board,
                m.white_team().team.id,
                m.black_team().team.id,
                b.white.as_ref().map_or(0, |p| p.id),
                b.black.as_ref().map_or(0, |p| p.id),
            ));
        }
    }
    if let Some((side, _)) = &view.bye {
        v.push((view.matches.len() as u32 + 1, 0, side.team.id, 0, 0, 0));
    }
    v
}

/// Records `result` on every board of `round` still waiting for one.
pub fn finish_matches(desk: &mut Desk, round: u32, result: &str) {
    let view = desk.matches(None, Some(round)).expect("a paired round");
    for m in &view.matches {
        for b in m.boards.iter().filter(|b| b.result.is_none()) {
            desk.record_board_result(&origin(), None, round, m.number, b.board, result)
                .expect("a board result");
        }
    }
}

/// A moment, written as RFC 3339 with its offset.
pub fn at(text: &str) -> jiff::Timestamp {
    text.parse().expect("an RFC 3339 time")
}

/// The registration form of seed 000, shortened: opens 1 November 2013
/// 10:00, pre-registration until 29 November 23:59, late entries until the
/// draw at 15:30 on the 30th (Italian winter time, +01:00), `cap` places.
pub fn seed_000_form(cap: u32) -> arbiter_desk::RegistrationSettingsForm {
    arbiter_desk::RegistrationSettingsForm {
        opens: Some("2013-11-01 10:00".into()),
        closes: Some("2013-11-29 23:59".into()),
        late_until: Some("2013-11-30 15:30".into()),
        utc_offset: Some("+01:00".into()),
        cap: Some(cap.to_string()),
        tags: Some("resident".into()),
        ..arbiter_desk::RegistrationSettingsForm::default()
    }
}

/// A registrant's form: a name and an e-mail address.
pub fn registrant(name: &str) -> arbiter_desk::RegistrationForm {
    arbiter_desk::RegistrationForm {
        name: Some(name.into()),
        email: Some(format!(
            "{}@example.org",
            name.split(',').next().unwrap_or(name).trim().to_lowercase()
        )),
        ..arbiter_desk::RegistrationForm::default()
    }
}
