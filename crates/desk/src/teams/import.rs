//! `import trf` of a TRF-2026 team file (records 310-362, spec 05 §5): a new
//! event whose section is a team section, built from the entries the
//! arbiter would have made — the players (001), the teams with their
//! rosters (310), and round by round the absent teams (240 `Z`, or no
//! match in the players' entries), the matches with every team's line-up
//! (read from the 001 round blocks, board `b` being the `b`-th player a
//! team lines up), the board results and the whole-match forfeits (330).
//!
//! The file has already passed the one validator (`read_trf`): its
//! rosters, matches, boards and 310 totals agree. A round that breaks an
//! absolute criterion (C.04.6 C1, C2, teams of one family) is history: it
//! is imported as an override and reported. What a team section cannot
//! hold is refused here, nothing written: another pairing system than the
//! Swiss Team Pairing System, boards scored otherwise than 1, ½ and 0,
//! team byes other than absence, a player's bye or a game of a player who
//! is on no team. At the end the event's team tournament is compared with
//! the file round by round, player by player, so an event is only created
//! when its standings and its export say what the file says. What the
//! export regenerates is listed in ARCHITECTURE.md ("Importing a team
//! file").

use std::collections::BTreeMap;

use arbiter_model::journal::teams::{FamilyPairings, Lineup, PairedRound, TeamConfig, TeamEvent};
use arbiter_model::journal::{Event, GameResult, Journal, PlayerId, SectionConfig};
use arbiter_model::team::{MatchRules, RoundKind, TeamMatches, TeamSystem};
use arbiter_model::{ByeKind, Colour, Outcome, RoundEntry, System, Tournament, Tpn};
use arbiter_trf::TrfDocument;

use crate::error::DeskError;
use crate::forms::text::free_text;
use crate::import::{TrfImported, check_texts, fold_from, opening, section_rounds, system_of_file};

/// The entries of the event a team file describes, already folded.
pub(crate) fn events_of(
    doc: &TrfDocument,
    section: &str,
) -> Result<(Vec<Event>, Journal, TrfImported), DeskError> {
    let t = &doc.tournament;
    let Some(team_section) = &t.team_section else {
        return Err(DeskError::internal("a file without team records"));
    };
    check_texts(t)?;
    for (i, team) in t.teams.iter().enumerate() {
        free_text("team name", &team.name).map_err(|e| e.context(at_team(doc, i)))?;
    }
    let mut assumed = Vec::new();
    match t.system.as_ref().map(|_| system_of_file(t)).transpose()? {
        None => assumed.push(format!(
            "the file names no pairing system (192): the section is paired with the Swiss \
             Team Pairing System, {}",
            TeamSystem::default()
        )),
        Some(System::TeamSwiss) => {}
        Some(other) => {
            return Err(DeskError::refused(format!(
                "the file has team records (310-362) but names the {} (192): a team section \
                 is paired with the Swiss Team Pairing System",
                other.label()
            )));
        }
    }
    let view = TeamMatches::of(t).map_err(|e| DeskError::malformed(e.to_string()))?;
    let played = view.rounds;
    let rounds = section_rounds(t, played)?;
    check_scoring(t)?;
    let teams = TeamsOfFile::new(t);
    let families = families(t, &teams, rounds)?;
    let config = SectionConfig {
        rounds,
        system: System::TeamSwiss,
        tiebreaks: t.tiebreaks.clone(),
        tiebreak_preset: None,
        scoring: TeamConfig::board_scoring(),
        avoid_team_pairings: false,
        initial_colour: t.initial_colour.unwrap_or(Colour::White),
        team: Some(TeamConfig {
            rules: rules_of(&team_section.rules, t),
            families: families.pairings,
        }),
        composition: None,
    };
    let mut events = opening(t, section, config);
    for (id, team) in teams.in_order(t) {
        events.push(Event::Team(TeamEvent::Registered {
            id,
            section: section.to_string(),
            name: team.name.clone(),
            family: families.of.get(&id).cloned(),
            members: team.members.clone(),
            captain: team.captain,
            tags: Vec::new(),
        }));
    }
    let mut journal = Journal::default();
    fold_from(&mut journal, &events, 0)?;
    let absences = announced_absences(doc, &teams, &view, played)?;
    let mut overrides = Vec::new();
    for round in 1..=played {
        let folded = events.len();
        for (number, kind) in view
            .teams
            .iter()
            .filter_map(|x| Some((x.tpn, &x.round(round)?.kind)))
        {
            match kind {
                RoundKind::Bye(ByeKind::Zero) => events.push(Event::Team(TeamEvent::Absent {
                    team: teams.id(number)?,
                    round,
                })),
                RoundKind::Bye(kind) => {
                    return Err(DeskError::refused(format!(
                        "round {round}, team {number}: a {} team bye cannot be imported (a team \
                         section knows absent teams only, 240 Z)",
                        if *kind == ByeKind::Full {
                            "full-point"
                        } else {
                            "half-point"
                        }
                    )));
                }
                _ => {}
            }
        }
        fold_from(&mut journal, &events, folded)
            .map_err(|e| e.context(format!("round {round}")))?;
        let folded = events.len();
        let mut paired = paired_round(&journal, section, round, &view, team_section, &teams)?;
        // A round of the file that breaks an absolute criterion is history:
        // imported as an override, and reported.
        let state = journal.state();
        if let Err(e) = state.check_matches(
            state.section(Some(section))?,
            round,
            &paired.matches,
            paired.bye,
        ) {
            overrides.push((round, e.to_string()));
            paired.override_rules = true;
        }
        events.push(Event::Team(TeamEvent::MatchesPaired(paired)));
        fold_from(&mut journal, &events, folded)
            .map_err(|e| e.context(format!("round {round}")))?;
        let folded = events.len();
        events.extend(results(&journal, doc, &teams, section, round)?);
        fold_from(&mut journal, &events, folded)
            .map_err(|e| e.context(format!("round {round}")))?;
    }
    let folded = events.len();
    for (round, number) in absences {
        events.push(Event::Team(TeamEvent::Absent {
            team: teams.id(number)?,
            round,
        }));
    }
    fold_from(&mut journal, &events, folded).map_err(|e| e.context("record 240"))?;
    same_rounds(doc, &journal, section, played)?;
    let imported = TrfImported {
        section: section.to_string(),
        players: t.entrants.len(),
        teams: t.teams.len(),
        rounds: played,
        system: System::TeamSwiss,
        overrides,
        assumed,
    };
    Ok((events, journal, imported))
}

/// `line N (310 team T)` of the `i`-th team of the file.
fn at_team(doc: &TrfDocument, i: usize) -> String {
    let number = doc.tournament.teams[i].number.unwrap_or_default();
    match doc.team_lines.get(i) {
        Some(line) => format!("line {line} (310 team {number})"),
        None => format!("team {number}"),
    }
}

/// The teams of the file in team-number order and their event ids (1, 2,
/// … in that order, so the team order of the event is the file's).
struct TeamsOfFile {
    /// Team number → event id.
    ids: BTreeMap<u32, u32>,
}

impl TeamsOfFile {
    fn new(t: &Tournament) -> TeamsOfFile {
        let mut numbers: Vec<u32> = t.teams.iter().filter_map(|x| x.number).collect();
        numbers.sort_unstable();
        TeamsOfFile {
            ids: numbers.into_iter().zip(1..).collect(),
        }
    }

    fn id(&self, number: u32) -> Result<u32, DeskError> {
        self.ids
            .get(&number)
            .copied()
            .ok_or_else(|| DeskError::malformed(format!("there is no team {number} (310)")))
    }

    /// Every team with its id, by team number.
    fn in_order<'a>(&self, t: &'a Tournament) -> Vec<(u32, &'a arbiter_model::Team)> {
        let mut v: Vec<(u32, &arbiter_model::Team)> = t
            .teams
            .iter()
            .filter_map(|x| Some((*self.ids.get(&x.number?)?, x)))
            .collect();
        v.sort_by_key(|(id, _)| *id);
        v
    }

    /// Event ids in team order.
    fn order(&self) -> Vec<u32> {
        self.ids.values().copied().collect()
    }
}

/// The boards of a team section score 1, ½ and 0, a forfeit 1 and 0
/// (C.04.6 Art. 1.4, [`TeamConfig::board_scoring`]); the file's 162 must
/// say so. The individual value of the PAB (162 `P`) is the section's ½.
fn check_scoring(t: &Tournament) -> Result<(), DeskError> {
    let board = TeamConfig::board_scoring();
    let s = &t.scoring;
    let same = [
        (s.win, board.win),
        (s.draw, board.draw),
        (s.loss, board.loss),
        (s.forfeit_win, board.forfeit_win),
        (s.forfeit_loss, board.forfeit_loss),
    ]
    .iter()
    .all(|(a, b)| a == b);
    if same {
        return Ok(());
    }
    Err(DeskError::refused(format!(
        "record 162: the boards score {}/{}/{} (forfeits {}/{}); the boards of a team section \
         score 1, ½ and 0 (forfeits 1 and 0), match points are set apart (362)",
        s.win, s.draw, s.loss, s.forfeit_win, s.forfeit_loss
    )))
}

/// The match rules as read; a 320 value equal to C.04.6 Art. 1.4's
/// default (a drawn match) is the default.
fn rules_of(rules: &MatchRules, t: &Tournament) -> MatchRules {
    let default = MatchRules {
        pab: None,
        ..rules.clone()
    }
    .pab_value(t.scoring.draw);
    MatchRules {
        pab: rules.pab.filter(|v| *v != default),
        ..rules.clone()
    }
}

/// The families of the teams, from the 260 records of a team file (team
/// numbers): one family per record, named `family N` after the record's
/// place (the file holds no family names), all kept apart in the same
/// rounds 1 to n.
struct Families {
    pairings: FamilyPairings,
    /// Event team id → family name.
    of: BTreeMap<u32, String>,
}

fn families(t: &Tournament, teams: &TeamsOfFile, rounds: u32) -> Result<Families, DeskError> {
    let mut of = BTreeMap::new();
    let mut range: Option<Option<(u32, u32)>> = None;
    for (i, group) in t.forbidden.iter().enumerate() {
        let at = format!("record 260 number {}", i + 1);
        if range.is_some_and(|r| r != group.rounds) {
            return Err(DeskError::refused(format!(
                "{at}: its rounds differ from those of the first 260 record; a team section \
                 keeps every family apart in the same rounds"
            )));
        }
        range = Some(group.rounds);
        let name = format!("family {}", i + 1);
        for &number in &group.players {
            let id = teams.id(number).map_err(|e| e.context(&at))?;
            if let Some(first) = of.insert(id, name.clone()) {
                return Err(DeskError::refused(format!(
                    "{at}: team {number} is already in {first}; a team has one family"
                )));
            }
        }
    }
    let pairings = match range {
        None => FamilyPairings::Allowed,
        Some(None) => FamilyPairings::Avoided,
        Some(Some((1, last))) if last >= rounds => FamilyPairings::Avoided,
        Some(Some((1, last))) => FamilyPairings::AvoidedUpTo(last),
        Some(Some((first, last))) => {
            return Err(DeskError::refused(format!(
                "record 260: teams kept apart in rounds {first}-{last}; a team section keeps \
                 families apart from round 1"
            )));
        }
    };
    Ok(Families { pairings, of })
}

/// The 240 records of a team file: `(round, team)` of the absences
/// announced for rounds not played yet. A 240 of a played round must agree
/// with the matches; `F` and `H` (team byes) have no place in a team
/// section.
fn announced_absences(
    doc: &TrfDocument,
    teams: &TeamsOfFile,
    view: &TeamMatches,
    played: u32,
) -> Result<Vec<(u32, u32)>, DeskError> {
    let mut out = Vec::new();
    for bye in &doc.announced_byes {
        let at = format!("record 240 of round {}", bye.round);
        if bye.kind != ByeKind::Zero {
            return Err(DeskError::refused(format!(
                "{at}: a team bye ({}) cannot be imported (a team section knows absent teams \
                 only, 240 Z)",
                if bye.kind == ByeKind::Full { "F" } else { "H" }
            )));
        }
        for &number in &bye.players {
            teams.id(number).map_err(|e| e.context(&at))?;
            if bye.round > played {
                out.push((bye.round, number));
                continue;
            }
            let kind = view
                .team(number)
                .and_then(|x| x.round(bye.round))
                .map(|r| &r.kind);
            if !matches!(kind, Some(RoundKind::Bye(ByeKind::Zero))) {
                return Err(DeskError::malformed(format!(
                    "{at}: team {number} is absent, but its players play in round {}",
                    bye.round
                )));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// The pairing of `round`: the matches (the first team's
/// players have the 352 colours), the PAB, every paired team's line-up.
/// Matches are numbered by their first team, except that the forfeited
/// ones keep the order of their 330 records among themselves (the export
/// writes them in match order).
fn paired_round(
    journal: &Journal,
    section: &str,
    round: u32,
    view: &TeamMatches,
    team_section: &arbiter_model::team::TeamSection,
    teams: &TeamsOfFile,
) -> Result<PairedRound, DeskError> {
    let mut pairs = view.matches_in_round(round);
    let forfeited: Vec<(u32, u32)> = team_section
        .forfeited_matches
        .iter()
        .filter(|f| f.round == round)
        .map(|f| (f.first, f.second))
        .collect();
    let slots: Vec<usize> = (0..pairs.len())
        .filter(|&i| forfeited.contains(&pairs[i]))
        .collect();
    for (slot, pair) in slots.into_iter().zip(forfeited) {
        pairs[slot] = pair;
    }
    let state = journal.state();
    let sec = state.section(Some(section))?;
    let mut lineups = Vec::new();
    for record in &view.teams {
        let Some(r) = record.round(round) else {
            continue;
        };
        let players: Vec<PlayerId> = match &r.kind {
            RoundKind::Match(side) => side.lineup(),
            RoundKind::PairingBye { lineup } => lineup.clone(),
            RoundKind::Bye(_) => continue,
        };
        let id = teams.id(record.tpn)?;
        // A forfeited match with no board entries (330 alone): the teams'
        // default line-ups, whose players the export then shows forfeited.
        let players = if players.is_empty() {
            state.lineup_for(sec, state.team(id)?, round)
        } else {
            players
        };
        lineups.push(Lineup { team: id, players });
    }
    let matches = pairs
        .into_iter()
        .map(|(first, second)| {
            Ok(arbiter_model::journal::teams::TeamPair {
                first: teams.id(first)?,
                second: teams.id(second)?,
            })
        })
        .collect::<Result<Vec<_>, DeskError>>()?;
    Ok(PairedRound {
        section: section.to_string(),
        round,
        system: "import".into(),
        engine: "TRF import".into(),
        team_order: teams.order(),
        input: Box::new(Tournament::default()),
        matches,
        bye: view.pab_in_round(round).map(|n| teams.id(n)).transpose()?,
        lineups,
        override_rules: false,
    })
}

/// The board results and whole-match forfeits of `round`, as the file's
/// entries give them, for the matches the journal now holds.
fn results(
    journal: &Journal,
    doc: &TrfDocument,
    teams: &TeamsOfFile,
    section: &str,
    round: u32,
) -> Result<Vec<Event>, DeskError> {
    let t = &doc.tournament;
    let state = journal.state();
    let sec = state.section(Some(section))?;
    let Some(mr) = sec.round(round).and_then(|r| r.matches.as_ref()) else {
        return Ok(Vec::new());
    };
    let forfeits = t
        .team_section
        .as_ref()
        .map(|s| s.forfeited_matches.as_slice())
        .unwrap_or_default();
    let mut events = Vec::new();
    for (m, record) in (1..).zip(&mr.matches) {
        let forfeit = forfeits.iter().find(|f| {
            f.round == round
                && teams.id(f.first).ok() == Some(record.first)
                && teams.id(f.second).ok() == Some(record.second)
        });
        if let Some(f) = forfeit {
            events.push(Event::Team(TeamEvent::MatchForfeited {
                section: section.to_string(),
                round,
                number: m,
                result: f.result,
            }));
            continue;
        }
        for (board, b) in (1..).zip(&record.boards) {
            let (Some(white), Some(black)) = (b.white, b.black) else {
                continue;
            };
            events.push(Event::Team(TeamEvent::BoardResult {
                section: section.to_string(),
                round,
                number: m,
                board,
                result: board_result(doc, round, white, black)?,
            }));
        }
    }
    Ok(events)
}

/// The result of the board where `white` meets `black` in `round`, from
/// White's entry (and Black's, for a forfeit).
fn board_result(
    doc: &TrfDocument,
    round: u32,
    white: PlayerId,
    black: PlayerId,
) -> Result<GameResult, DeskError> {
    let t = &doc.tournament;
    let entry = |p: Tpn| t.entrant(p).and_then(|e| e.round(round).copied());
    let at = |what: String| {
        let line = t
            .entrants
            .iter()
            .position(|e| e.player.tpn == white)
            .map_or(0, |i| doc.player_lines.get(i).copied().unwrap_or(0));
        format!(
            "line {line}, column {}: player {white}, round {round}: {what} (field round {round})",
            arbiter_trf::block_start(round as usize)
        )
    };
    match entry(white) {
        Some(RoundEntry::Game {
            opponent,
            colour: Colour::White,
            outcome,
            rated: true,
        }) if opponent == black => Ok(match outcome {
            Outcome::Win => GameResult::WhiteWins,
            Outcome::Draw => GameResult::Draw,
            Outcome::Loss => GameResult::BlackWins,
        }),
        Some(RoundEntry::Game { rated: false, .. }) => Err(DeskError::refused(at(
            "a game of less than one move (W/D/L) cannot be imported".into(),
        ))),
        Some(RoundEntry::Forfeit {
            opponent: Some(o),
            won,
            ..
        }) if o == black => {
            let black_won = matches!(entry(black), Some(RoundEntry::Forfeit { won: true, .. }));
            Ok(match (won, black_won) {
                (true, _) => GameResult::WhiteForfeitWin,
                (false, true) => GameResult::BlackForfeitWin,
                (false, false) => GameResult::DoubleForfeit,
            })
        }
        other => Err(DeskError::malformed(at(format!(
            "White on a board against player {black}, but the file has `{}`",
            other.map_or_else(String::new, |e| arbiter_trf::round_cell(&e)
                .trim()
                .to_string())
        )))),
    }
}

/// The event's team tournament says what the file says: every player's
/// entry of every round (the file's players by their starting rank, the
/// event's by id), a forfeit's colour when the file gives one.
fn same_rounds(
    doc: &TrfDocument,
    journal: &Journal,
    section: &str,
    played: u32,
) -> Result<(), DeskError> {
    let state = journal.state();
    let sec = state.section(Some(section))?;
    let ours = state.tournament(sec, played);
    let order = state.team_player_order(sec, &state.team_order(sec));
    let id_of = |tpn: Tpn| order.get((tpn as usize).wrapping_sub(1)).copied();
    let on_team = |p: PlayerId| doc.tournament.teams.iter().any(|x| x.members.contains(&p));
    for (i, e) in doc.tournament.entrants.iter().enumerate() {
        let p = e.player.tpn;
        let mine = order
            .iter()
            .position(|x| *x == p)
            .and_then(|k| ours.entrants.get(k));
        for round in 1..=played {
            let file = match e.round(round).copied() {
                None | Some(RoundEntry::Absent) => RoundEntry::Bye(ByeKind::Zero),
                Some(x) => x,
            };
            let event = mine
                .and_then(|m| m.round(round).copied())
                .map(|x| with_opponent(x, &id_of))
                .unwrap_or(RoundEntry::Bye(ByeKind::Zero));
            if agrees(file, event) {
                continue;
            }
            let line = doc.player_lines.get(i).copied().unwrap_or(0);
            let why = if !on_team(p) {
                "the player is on no team (310): in a team section such a player does not play"
                    .to_string()
            } else {
                match file {
                    RoundEntry::Bye(ByeKind::Full | ByeKind::Half) => {
                        "a player's bye cannot be imported into a team section (its players \
                         play boards or rest)"
                            .to_string()
                    }
                    _ => format!(
                        "the team matches of the file give `{}`",
                        arbiter_trf::round_cell(&event).trim()
                    ),
                }
            };
            return Err(DeskError::refused(format!(
                "line {line}, column {}: player {p} has `{}` in round {round}, but {why} (field \
                 round {round})",
                arbiter_trf::block_start(round as usize),
                arbiter_trf::round_cell(&file).trim()
            )));
        }
    }
    Ok(())
}

/// `entry` with its opponent as an event id instead of a TPN.
fn with_opponent(entry: RoundEntry, id_of: &impl Fn(Tpn) -> Option<PlayerId>) -> RoundEntry {
    match entry {
        RoundEntry::Game {
            opponent,
            colour,
            outcome,
            rated,
        } => RoundEntry::Game {
            opponent: id_of(opponent).unwrap_or_default(),
            colour,
            outcome,
            rated,
        },
        RoundEntry::Forfeit {
            opponent,
            colour,
            won,
        } => RoundEntry::Forfeit {
            opponent: opponent.and_then(id_of),
            colour,
            won,
        },
        other => other,
    }
}

/// The file's entry and the event's agree (a forfeit without a colour in
/// the file takes the board's).
fn agrees(file: RoundEntry, event: RoundEntry) -> bool {
    match (file, event) {
        (
            RoundEntry::Forfeit {
                opponent: a,
                colour: None,
                won: x,
            },
            RoundEntry::Forfeit {
                opponent: b,
                won: y,
                ..
            },
        ) => a == b && x == y,
        _ => file == event,
    }
}
