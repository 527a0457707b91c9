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

/// The log's line of every journal entry, in order.
pub fn log_lines(desk: &mut Desk) -> Vec<String> {
    desk.log()
        .expect("the log")
        .iter()
        .flat_map(|c| c.entries.iter().map(|e| e.summary.clone()))
        .collect()
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
        .map(|t| rated_team(desk, t, size, None))
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

/// A result for board `board` of match `number` of `round`, varied by
/// position: White wins, a draw, Black wins, White wins again.
pub fn varied_result(round: u32, number: u32, board: u32) -> &'static str {
    ["1-0", "1/2", "0-1", "1-0"][((round + number + board) % 4) as usize]
}

/// Records [`varied_result`] on every board of `round` still waiting for
/// one.
pub fn play_matches(desk: &mut Desk, round: u32) {
    let view = desk.matches(None, Some(round)).expect("a paired round");
    for m in &view.matches {
        for b in m.boards.iter().filter(|b| b.result.is_none()) {
            let result = varied_result(round, m.number, b.board);
            desk.record_board_result(&origin(), None, round, m.number, b.board, result)
                .expect("a board result");
        }
    }
}

/// Registers team `t` of `size` players (board `b` rated 2500 - 100 t -
/// 50 (b - 1), so teams registered in order have ids = pairing numbers and
/// players registered team by team have ids = TPNs), of `family`.
pub fn rated_team(desk: &mut Desk, t: u32, size: u32, family: Option<&str>) -> u32 {
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
    desk.add_team(&origin(), None, &team(&format!("Team {t}"), family, &ids))
        .expect("a team")
        .id
}

/// An event shaped like seed 001 (family team cup) built by desk commands
/// in a file of `dir`: 7 rounds of 2 boards, match points 3/1/0, ranked
/// by game points, the White team White on board 1 and Black on board 2,
/// teams of one family never paired, reserves on board 2 only, tie-breaks
/// MPvGP and TBR; 7 teams (families 1 & 5 and 2 & 6, team 3 with a
/// reserve), so a team has the PAB in every full round. Four rounds are
/// played: the reserve lines up in round 2, a board is forfeited in round
/// 2, team 7 is absent in round 3, a match is forfeited as a whole in round
/// 3, a board is double-forfeited in round 4; team 4 is announced absent
/// for round 6 and team 6 withdraws from round 5.
pub fn family_cup(dir: &tempfile::TempDir) -> (Desk, PathBuf) {
    let (mut desk, path) = team_file(
        dir,
        7,
        2,
        TeamSettingsForm {
            match_points: Some("3,1,0".into()),
            primary: Some("game-points".into()),
            colours: Some("WB".into()),
            avoid_family_pairings: Some("all".into()),
            reserve_boards: Some("2".into()),
            max_teams_per_family: Some("2".into()),
            ..TeamSettingsForm::default()
        },
    );
    desk.configure_section(
        &origin(),
        "main",
        &SectionForm {
            tiebreaks: Some("MPvGP,TBR".into()),
            ..SectionForm::default()
        },
    )
    .expect("tie-breaks");
    for t in 1..=7 {
        let family = match t {
            1 | 5 => Some("Nowak"),
            2 | 6 => Some("Rossi"),
            _ => None,
        };
        rated_team(&mut desk, t, if t == 3 { 3 } else { 2 }, family);
    }
    for round in 1..=4 {
        match round {
            2 => {
                // Team 3 (players 5, 6, 7): the reserve 7 on board 2.
                desk.set_lineup(&origin(), 2, 3, "5,7").expect("a line-up");
            }
            3 => {
                desk.team_absent(&origin(), 7, 3).expect("absent");
            }
            _ => {}
        }
        desk.pair_next_matches(&origin(), None).expect("paired");
        match round {
            2 => {
                desk.record_board_result(&origin(), None, 2, 1, 2, "+/-")
                    .expect("a forfeit");
            }
            3 => {
                desk.forfeit_match(&origin(), None, 3, 2, "-+")
                    .expect("a match forfeit");
            }
            4 => {
                desk.record_board_result(&origin(), None, 4, 1, 1, "-/-")
                    .expect("a double forfeit");
            }
            _ => {}
        }
        play_matches(&mut desk, round);
    }
    desk.team_absent(&origin(), 4, 6).expect("absent later");
    desk.withdraw_team(&origin(), 6, Some(5))
        .expect("withdrawn");
    (desk, path)
}

/// An event shaped like a seed 004 team championship in a team section:
/// 5 rounds of 4 boards, the default rules (2/1/0, ranked by match points,
/// WBWB), 5 teams of 4 or 5 players (team 2 with a reserve), two rounds
/// played and the third paired with one result entered.
pub fn city_teams(dir: &tempfile::TempDir) -> (Desk, PathBuf) {
    let (mut desk, path) = team_file(dir, 5, 4, TeamSettingsForm::default());
    for t in 1..=5 {
        rated_team(&mut desk, t, if t == 2 { 5 } else { 4 }, None);
    }
    for round in 1..=2 {
        desk.pair_next_matches(&origin(), None).expect("paired");
        play_matches(&mut desk, round);
    }
    desk.pair_next_matches(&origin(), None).expect("paired");
    desk.record_board_result(&origin(), None, 3, 1, 1, "1/2")
        .expect("a result");
    (desk, path)
}

/// Writes `text` to `name` in `dir` and reads it as every command does.
pub fn trf_doc(dir: &tempfile::TempDir, name: &str, text: &str) -> arbiter_trf::TrfDocument {
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("a TRF file written");
    arbiter_desk::read_trf(&path).expect("a valid TRF file")
}
