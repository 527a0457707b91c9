//! Team records (spec 05 §5, corpus/teams/README.md): TRF16 `013`, TRF-2026
//! `310` (team and roster), `320` (team PAB), `330` (forfeited match), `352`
//! (board colours), `362` (match points) and the team codes of `192`; and
//! the TRF26 national-rating records (a federation code in columns 1-3, the
//! 001 layout in columns 5-79).
//!
//! In a team file the participants named by `240` and `260` are teams
//! (4-digit team numbers), so the model's announced byes and forbidden pairs
//! hold team numbers there.

use arbiter_model::team::{
    BoardColours, ForfeitResult, ForfeitedMatch, MatchPoints, MatchRules, TeamMatches, TeamPab,
    TeamScore, TeamSection, TeamSystem,
};
use arbiter_model::{Colour, Entrant, Points, RoundEntry, Team, Tournament, Tpn};
use std::collections::HashMap;

use crate::document::TrfDocument;
use crate::error::TrfError;
use crate::round_block::{colour_column, opponent_column};
use crate::text::{Line, points_field};

/// The most members a 310 record holds (the 14th at columns 139-142).
pub(crate) const MAX_ROSTER: usize = 14;

/// `013`: name 5-36, members at 37-40, 42-45, ... (no team number).
pub(crate) fn read_013(line: &Line) -> Result<Team, TrfError> {
    Ok(Team::new(None, line.field(5, 36), members(line, 37)?))
}

/// `310`: number 5-7, name 9-40, nickname 42-46, strength 48-53, match
/// points 55-60, game points 62-67, rank 69-71, members at 74-77, 79-82, ...
pub(crate) fn read_310(line: &Line) -> Result<Team, TrfError> {
    let tpn = number(line, 5, 7, "team number")?;
    let optional =
        |first, last| Some(line.field(first, last).to_string()).filter(|s| !s.is_empty());
    let points = |first, last, field| -> Result<Option<Points>, TrfError> {
        let text = line.field(first, last);
        if text.is_empty() {
            return Ok(None);
        }
        text.parse().map(Some).map_err(|_| {
            TrfError::new(
                line.number,
                first,
                field,
                format!("'{text}' is not a number of points"),
            )
        })
    };
    let rank = line.field(69, 71);
    let reported_rank = if rank.is_empty() {
        None
    } else {
        Some(number(line, 69, 71, "team rank")?)
    };
    Ok(Team {
        nickname: optional(42, 46),
        strength: optional(48, 53),
        reported_match_points: points(55, 60, "team match points")?,
        reported_game_points: points(62, 67, "team game points")?,
        reported_rank,
        ..Team::new(Some(tpn), line.field(9, 40), members(line, 74)?)
    })
}

/// A positive number in columns `first..=last`.
fn number(line: &Line, first: usize, last: usize, field: &str) -> Result<u32, TrfError> {
    let text = line.field(first, last);
    text.parse::<u32>()
        .ok()
        .filter(|&n| n > 0 && text.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| {
            TrfError::new(
                line.number,
                first,
                field,
                format!("'{text}' is not a team number"),
            )
        })
}

/// Starting ranks in 4-column fields every 5 columns from `first`; blank
/// and `0000` fields are empty places.
fn members(line: &Line, first: usize) -> Result<Vec<Tpn>, TrfError> {
    let mut out = Vec::new();
    let mut col = first;
    while col <= line.len() {
        let text = line.field(col, col + 3);
        if !text.is_empty() && text != "0000" {
            match text.parse::<Tpn>() {
                Ok(t) if t > 0 && text.bytes().all(|b| b.is_ascii_digit()) => out.push(t),
                _ => {
                    return Err(TrfError::new(
                        line.number,
                        col,
                        "team member",
                        format!("'{text}' is not a starting rank"),
                    ));
                }
            }
        }
        col += 5;
    }
    Ok(out)
}

/// `320 MMMM GGGG ttt ttt ...`: the PAB's match points (5-8) and game
/// points (10-13), then the PAB team of round 1, 2, ... (`000` = none).
pub(crate) fn read_320(line: &Line) -> Result<(TeamPab, Vec<u32>), TrfError> {
    let value = |first, last, field| {
        let text = line.field(first, last);
        text.parse::<Points>().map_err(|_| {
            TrfError::new(
                line.number,
                first,
                field,
                format!("'{text}' is not a number of points"),
            )
        })
    };
    let pab = TeamPab {
        match_points: value(5, 8, "PAB match points")?,
        game_points: value(10, 13, "PAB game points")?,
    };
    let mut teams = Vec::new();
    for (col, token) in line.tokens(15) {
        match token.parse::<u32>() {
            Ok(t) if token.bytes().all(|b| b.is_ascii_digit()) => teams.push(t),
            _ => {
                return Err(TrfError::new(
                    line.number,
                    col,
                    &format!("PAB team of round {}", teams.len() + 1),
                    format!("'{token}' is not a team number"),
                ));
            }
        }
    }
    Ok((pab, teams))
}

/// `330 TT rrr www bbb`: result `+-`, `-+` or `--` (5-6), round (8-10),
/// first ("white") team (12-14) and second team (16-18).
pub(crate) fn read_330(line: &Line) -> Result<ForfeitedMatch, TrfError> {
    let code = line.field(5, 6);
    let result = ForfeitResult::from_code(code).ok_or_else(|| {
        TrfError::new(
            line.number,
            5,
            "forfeit type",
            format!("'{code}' is not a forfeit type (+-, -+ or --)"),
        )
    })?;
    Ok(ForfeitedMatch {
        result,
        round: number(line, 8, 10, "round")?,
        first: number(line, 12, 14, "white team")?,
        second: number(line, 16, 18, "black team")?,
    })
}

/// `352 WBWB`: the first team's colour on each board.
pub(crate) fn read_352(line: &Line) -> Result<BoardColours, TrfError> {
    line.rest(5)
        .parse()
        .map_err(|e: arbiter_model::team::BoardColoursError| {
            TrfError::new(line.number, 5, "board colours", e.to_string())
        })
}

/// `362 TW 2.0   TD 1.0   TL 0.0`: symbol/value pairs (read as tokens, so
/// both the `TW` spelling and Gacrux's second letter alone are accepted).
pub(crate) fn read_362(line: &Line) -> Result<MatchPoints, TrfError> {
    let mut mp = MatchPoints::default();
    let tokens = line.tokens(4);
    for pair in tokens.chunks(2) {
        let (col, symbol) = &pair[0];
        let Some((vcol, value)) = pair.get(1) else {
            return Err(TrfError::new(
                line.number,
                *col,
                "match points",
                format!("no value after the symbol '{symbol}'"),
            ));
        };
        let v = value.parse::<Points>().map_err(|_| {
            TrfError::new(
                line.number,
                *vcol,
                &format!("value of {symbol}"),
                format!("'{value}' is not a number of points"),
            )
        })?;
        match symbol.trim_start_matches('T') {
            "W" => mp.win = v,
            "D" => mp.draw = v,
            "L" => mp.loss = v,
            _ => {
                return Err(TrfError::new(
                    line.number,
                    *col,
                    "match points",
                    format!("unknown match-point symbol '{symbol}' (expected TW, TD or TL)"),
                ));
            }
        }
    }
    Ok(mp)
}

/// The team records of a file, as read.
#[derive(Default)]
pub(crate) struct TeamRecords {
    pub teams_013: Vec<Team>,
    /// 310 teams with their line numbers.
    pub teams_310: Vec<(Team, usize)>,
    pub colours: Option<BoardColours>,
    pub match_points: Option<MatchPoints>,
    /// 320: the values, the PAB team of each round, the line.
    pub pab: Option<(TeamPab, Vec<u32>, usize)>,
    /// 330 records with their line numbers.
    pub forfeits: Vec<(ForfeitedMatch, usize)>,
}

impl TeamRecords {
    /// Reads a team record; false when `code` is not one of 310, 320, 330,
    /// 352, 362 (013 is kept verbatim by the caller and read here too).
    pub fn read(&mut self, code: &str, line: &Line) -> Result<bool, TrfError> {
        match code {
            "013" => {
                self.teams_013.push(read_013(line)?);
                return Ok(false);
            }
            "310" => self.teams_310.push((read_310(line)?, line.number)),
            "320" => {
                let (pab, teams) = read_320(line)?;
                self.pab = Some((pab, teams, line.number));
            }
            "330" => self.forfeits.push((read_330(line)?, line.number)),
            "352" => self.colours = Some(read_352(line)?),
            "362" => self.match_points = Some(read_362(line)?),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Puts the teams and, for a team file, the team section into `t` and
    /// `doc`. A file is a team file when `192` holds a team code or it has
    /// any of 320, 330, 352, 362.
    pub fn finish(self, t: &mut Tournament, doc: &mut TrfDocument) {
        // Gacrux ignores 013 when 310 records exist.
        if self.teams_310.is_empty() {
            t.teams = self.teams_013;
        } else {
            doc.team_lines = self.teams_310.iter().map(|&(_, n)| n).collect();
            t.teams = self.teams_310.into_iter().map(|(team, _)| team).collect();
        }
        let system = t
            .system
            .as_deref()
            .filter(|s| TeamSystem::is_team_code(s))
            .and_then(|s| s.parse::<TeamSystem>().ok());
        let team_file = system.is_some()
            || self.pab.is_some()
            || !self.forfeits.is_empty()
            || self.colours.is_some()
            || self.match_points.is_some();
        if !team_file {
            return;
        }
        let colours = self
            .colours
            .unwrap_or_else(|| BoardColours::alternating(widest_lineup(t)));
        if let Some((_, rounds, line)) = &self.pab {
            doc.team_pab_rounds = Some((*line, rounds.clone()));
        }
        doc.team_forfeit_lines = self.forfeits.iter().map(|&(_, n)| n).collect();
        let mut rules = MatchRules {
            colours,
            match_points: self.match_points.unwrap_or_default(),
            system: system.unwrap_or_default(),
            pab: None,
        };
        // A 320 holding the values a PAB has without one says nothing more
        // (the writer gives one whenever a team had the PAB).
        let read = self.pab.map(|(pab, _, _)| pab);
        if read != Some(rules.pab_value(t.scoring.draw)) {
            rules.pab = read;
        }
        t.team_section = Some(TeamSection {
            rules,
            forfeited_matches: self.forfeits.into_iter().map(|(f, _)| f).collect(),
        });
    }
}

/// Without 352: the most players a team lined up in one round, else the
/// longest roster.
fn widest_lineup(t: &Tournament) -> usize {
    let entry = |m: Tpn, r: usize| t.entrant(m).and_then(|e| e.rounds.get(r).copied());
    let rounds = t.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0);
    let lined = t
        .teams
        .iter()
        .flat_map(|team| {
            (0..rounds).map(move |r| {
                team.members
                    .iter()
                    .filter(|&&m| entry(m, r).is_some_and(|e| takes_part(&e)))
                    .count()
            })
        })
        .max()
        .unwrap_or(0);
    if lined > 0 {
        lined
    } else {
        t.teams
            .iter()
            .map(|t| t.members.len())
            .max()
            .unwrap_or(1)
            .max(1)
    }
}

/// A player's entry that puts him on a board: a game, a forfeit, the PAB.
fn takes_part(e: &RoundEntry) -> bool {
    matches!(
        e,
        RoundEntry::Game { .. } | RoundEntry::Forfeit { .. } | RoundEntry::PairingBye
    )
}

/// The team records of `teams`: `310` for numbered teams, `013` otherwise.
pub(crate) fn write_teams(teams: &[Team]) -> Vec<String> {
    teams
        .iter()
        .map(|t| match t.number {
            Some(n) => write_310(n, t),
            None => {
                let ids: Vec<String> = t.members.iter().map(|m| format!("{m:>4}")).collect();
                let name: String = t.name.chars().take(32).collect();
                format!("013 {name:<32}{}", ids.join(" "))
                    .trim_end()
                    .to_string()
            }
        })
        .collect()
}

/// One `310` line in its fixed columns.
fn write_310(number: u32, t: &Team) -> String {
    let cut = |s: &str, n: usize| s.chars().take(n).collect::<String>();
    let name = cut(&t.name, 32);
    let nickname = cut(t.nickname.as_deref().unwrap_or(""), 5);
    let strength = cut(t.strength.as_deref().unwrap_or(""), 6);
    let points = |p: Option<Points>| p.map(points_field).unwrap_or_default();
    let rank = t.reported_rank.map(|r| r.to_string()).unwrap_or_default();
    let ids: String = t.members.iter().map(|m| format!(" {m:>4}")).collect();
    format!(
        "310 {number:>3} {name:<32} {nickname:<5} {strength:>6} {:>6} {:>6} {rank:>3} {ids}",
        points(t.reported_match_points),
        points(t.reported_game_points),
    )
    .trim_end()
    .to_string()
}

/// `352` and `362` of a team section (header records).
pub(crate) fn write_headers(section: &TeamSection) -> Vec<String> {
    let mp = &section.rules.match_points;
    vec![
        format!("352 {}", section.rules.colours),
        format!(
            "362 TW{:>4}   TD{:>4}   TL{:>4}",
            points_field(mp.win),
            points_field(mp.draw),
            points_field(mp.loss)
        ),
    ]
}

/// `320` (when the regulations state the PAB value or a team had the PAB;
/// one field per round) and the `330` records of a team section.
pub(crate) fn write_records(t: &Tournament, section: &TeamSection) -> Vec<String> {
    let mut out = Vec::new();
    let rounds = t
        .entrants
        .iter()
        .map(|e| e.rounds.len() as u32)
        .max()
        .unwrap_or(0)
        .max(t.total_rounds.unwrap_or(0));
    let pab_team = |r: u32| {
        t.teams.iter().find_map(|team| {
            let bye = team.members.iter().any(|&m| {
                t.entrant(m).and_then(|e: &Entrant| e.round(r)) == Some(&RoundEntry::PairingBye)
            });
            bye.then_some(team.number.unwrap_or_default())
        })
    };
    let teams: Vec<u32> = (1..=rounds).map(|r| pab_team(r).unwrap_or(0)).collect();
    if section.rules.pab.is_some() || teams.iter().any(|&n| n > 0) {
        let v = section.rules.pab_value(t.scoring.draw);
        let ids: String = teams.iter().map(|n| format!(" {n:03}")).collect();
        out.push(format!(
            "320 {:>4} {:>4}{ids}",
            points_field(v.match_points),
            points_field(v.game_points)
        ));
    }
    for f in &section.forfeited_matches {
        out.push(format!(
            "330 {} {:03} {:03} {:03}",
            f.result.code(),
            f.round,
            f.first,
            f.second
        ));
    }
    out
}

/// The team checks of a team file: its matches can be read, every 310
/// roster fits the record, the 310 totals and the 320 teams agree with the
/// results.
pub(crate) fn validate(doc: &TrfDocument) -> Vec<TrfError> {
    let t = &doc.tournament;
    let mut errors = Vec::new();
    let line_of = |i: usize| doc.team_lines.get(i).copied().unwrap_or(0);
    for (i, team) in t.teams.iter().enumerate() {
        if team.number.is_some() && team.members.len() > MAX_ROSTER {
            errors.push(TrfError::new(
                line_of(i),
                74 + 5 * MAX_ROSTER,
                "team member",
                format!(
                    "team {} has {} players; a 310 record holds at most {MAX_ROSTER}",
                    team.number.unwrap_or_default(),
                    team.members.len()
                ),
            ));
        }
    }
    let Some(section) = &t.team_section else {
        return errors;
    };
    let contradictions = check_rosters(doc)
        .into_iter()
        .chain(check_forfeit_teams(doc, section))
        .collect::<Vec<_>>();
    if !contradictions.is_empty() {
        errors.extend(contradictions);
        return errors;
    }
    let view = match TeamMatches::of(t) {
        Ok(v) => v,
        Err(e) => {
            errors.push(TrfError::general(line_of(0).max(1), 1, e.to_string()));
            return errors;
        }
    };
    errors.extend(check_boards(doc, &view, &section.rules));
    let primary = section.rules.system.primary;
    for total in view.totals(primary) {
        let Some(i) = t.teams.iter().position(|x| x.number == Some(total.tpn)) else {
            continue;
        };
        let team = &t.teams[i];
        let checks = [
            (
                team.reported_match_points,
                total.match_points,
                55,
                "team match points",
                TeamScore::MatchPoints,
            ),
            (
                team.reported_game_points,
                total.game_points,
                62,
                "team game points",
                TeamScore::GamePoints,
            ),
        ];
        for (reported, computed, column, field, score) in checks {
            if let Some(r) = reported
                && r != computed
            {
                errors.push(TrfError::new(
                    line_of(i),
                    column,
                    field,
                    format!(
                        "team {} has {r} {}, but its matches add up to {computed}",
                        total.tpn,
                        if score == TeamScore::MatchPoints {
                            "match points"
                        } else {
                            "game points"
                        }
                    ),
                ));
            }
        }
    }
    if let Some((line, teams)) = &doc.team_pab_rounds {
        for (i, &n) in teams.iter().enumerate() {
            let round = i as u32 + 1;
            let actual = view.pab_in_round(round).unwrap_or(0);
            if round <= view.rounds && n != actual {
                errors.push(TrfError::new(
                    *line,
                    15 + 4 * i,
                    &format!("PAB team of round {round}"),
                    format!("the record names team {n}, but the bye of round {round} went to team {actual}"),
                ));
            }
        }
    }
    errors
}

/// Column of the `k`-th member (0-based) of a 310 record.
fn member_column(k: usize) -> usize {
    74 + 5 * k
}

/// Every 310 member is a player of the file (a 001 record), on one roster
/// once (teams.md §1: a player belongs to one team of the event).
fn check_rosters(doc: &TrfDocument) -> Vec<TrfError> {
    let t = &doc.tournament;
    let mut errors = Vec::new();
    let mut team_of: HashMap<Tpn, u32> = HashMap::new();
    for (i, team) in t.teams.iter().enumerate() {
        let line = doc.team_lines.get(i).copied().unwrap_or(0);
        let number = team.number.unwrap_or_default();
        for (k, &m) in team.members.iter().enumerate() {
            let error =
                |message: String| TrfError::new(line, member_column(k), "team member", message);
            if t.entrant(m).is_none() {
                errors.push(error(format!(
                    "team {number}: starting rank {m} has no player record (001)"
                )));
            } else if let Some(&first) = team_of.get(&m) {
                errors.push(error(if first == number {
                    format!("team {number}: player {m} is listed twice")
                } else {
                    format!("team {number}: player {m} is already on the roster of team {first}")
                }));
            } else {
                team_of.insert(m, number);
            }
        }
    }
    errors
}

/// Every 330 record names two different teams of the file (310).
fn check_forfeit_teams(doc: &TrfDocument, section: &TeamSection) -> Vec<TrfError> {
    let t = &doc.tournament;
    let known = |n: u32| t.teams.iter().any(|x| x.number == Some(n));
    let mut errors = Vec::new();
    for (i, f) in section.forfeited_matches.iter().enumerate() {
        let line = doc.team_forfeit_lines.get(i).copied().unwrap_or(0);
        for (n, column, field) in [(f.first, 12, "white team"), (f.second, 16, "black team")] {
            if !known(n) {
                errors.push(TrfError::new(
                    line,
                    column,
                    field,
                    format!("there is no team {n} (no 310 record names it)"),
                ));
            }
        }
        if f.first == f.second {
            errors.push(TrfError::new(
                line,
                16,
                "black team",
                format!("team {} cannot meet itself", f.first),
            ));
        }
    }
    errors
}

/// The boards of every match as the players' entries give them (teams.md
/// §1, §3): board `b` is the `b`-th player each team lines up (roster
/// order), so the player on board `b` meets the other team's board-`b`
/// player, and the first team (White on board 1 by `352 W…`) has the 352
/// colour of every board.
fn check_boards(doc: &TrfDocument, view: &TeamMatches, rules: &MatchRules) -> Vec<TrfError> {
    let t = &doc.tournament;
    let line_of: HashMap<Tpn, usize> = t
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (e.player.tpn, doc.line_of(i)))
        .collect();
    let mut errors = Vec::new();
    for team in &view.teams {
        for (r, round) in (1..).zip(&team.rounds) {
            let Some(side) = round.side().filter(|s| s.first) else {
                continue;
            };
            let theirs = view
                .team(side.opponent)
                .and_then(|o| o.round(r))
                .and_then(|o| o.side())
                .map_or(&[][..], |s| s.boards.as_slice());
            for (i, b) in side.boards.iter().enumerate() {
                let board = i + 1;
                let line = line_of.get(&b.player).copied().unwrap_or(0);
                let round_no = r as usize;
                if let Some(o) = b.entry.opponent() {
                    let seated = theirs.get(i).map(|x| x.player);
                    if seated != Some(o) {
                        let found = match seated {
                            Some(q) => {
                                format!("board {board} of team {} is player {q}", side.opponent)
                            }
                            None => {
                                format!("team {} lines up {} players", side.opponent, theirs.len())
                            }
                        };
                        errors.push(TrfError::new(
                            line,
                            opponent_column(round_no),
                            &format!("round {r} opponent"),
                            format!(
                                "player {} plays board {board} of team {} and meets player {o}, \
                                 but {found} (board b is the b-th player a team lines up, in \
                                 roster order)",
                                b.player, team.tpn
                            ),
                        ));
                        continue;
                    }
                }
                let colour = match b.entry {
                    RoundEntry::Game { colour, .. } => Some(colour),
                    RoundEntry::Forfeit { colour, .. } => colour,
                    _ => None,
                };
                if let (Some(c), Some(due)) = (colour, rules.colours.first_team(board))
                    && c != due
                {
                    errors.push(TrfError::new(
                        line,
                        colour_column(round_no),
                        &format!("round {r} colour"),
                        format!(
                            "player {} has {} on board {board}, but team {} is the first team of \
                             its match against team {} and has {} there (352 {})",
                            b.player,
                            colour_name(c),
                            team.tpn,
                            side.opponent,
                            colour_name(due),
                            rules.colours
                        ),
                    ));
                }
            }
        }
    }
    errors
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::White => "White",
        Colour::Black => "Black",
    }
}

/// A national-rating record: its starting rank (5-8) and rating (49-52),
/// when the line has that shape.
pub(crate) fn national_rating(line: &Line) -> Option<(Tpn, u16)> {
    let tpn = line.field(5, 8).parse::<Tpn>().ok()?;
    let rating = line.field(49, 52).parse::<u16>().ok()?;
    Some((tpn, rating)).filter(|&(t, r)| t > 0 && r > 0)
}

/// National-rating records for the entrants whose national rating no kept
/// record of the file carries: the 001 layout of columns 5-79 with the
/// national rating at 49-52, under the event's federation (032), else the
/// player's own. A player without either keeps his rating out of the file.
pub(crate) fn write_national_ratings(doc: &TrfDocument) -> Vec<String> {
    let t = &doc.tournament;
    let kept: Vec<Tpn> = doc
        .other_records
        .iter()
        .filter(|o| is_federation_code(o.text.get(..3).unwrap_or_default()))
        .filter_map(|o| national_rating(&Line::new(0, &o.text)).map(|(tpn, _)| tpn))
        .collect();
    let event_fed = t
        .info
        .federation
        .as_deref()
        .map(str::trim)
        .filter(|f| is_federation_code(f));
    let mut lines = Vec::new();
    for e in &t.entrants {
        let Some(rating) = e.player.ratings.national else {
            continue;
        };
        let own = e
            .player
            .federation
            .as_deref()
            .map(str::trim)
            .filter(|f| is_federation_code(f));
        let Some(fed) = event_fed.or(own) else {
            continue;
        };
        if kept.contains(&e.player.tpn) {
            continue;
        }
        let mut player = e.player.clone();
        player.ratings.fide = Some(rating);
        let record = crate::player_line::write(&Entrant {
            player,
            ..Entrant::default()
        });
        let body: String = record.chars().skip(3).take(79 - 3).collect();
        lines.push(format!("{fed}{}", body.trim_end()));
    }
    lines
}

/// True for a record code that is a federation (three upper-case letters,
/// not a JaVaFo `XX?` or bbpPairings `BB?` code).
pub(crate) fn is_federation_code(code: &str) -> bool {
    code.len() == 3
        && code.bytes().all(|b| b.is_ascii_uppercase())
        && !code.starts_with("XX")
        && !code.starts_with("BB")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_records_round_trip() {
        let t013 = Team::new(None, "Lions", vec![1, 7, 12]);
        let t310 = Team {
            nickname: Some("T003".into()),
            strength: Some("2426".into()),
            reported_match_points: Some(Points(140)),
            reported_game_points: Some(Points(290)),
            reported_rank: Some(4),
            ..Team::new(Some(3), "Quinn Chess 03", vec![10, 11, 12, 13, 14])
        };
        let lines = write_teams(&[t013.clone(), t310.clone()]);
        assert_eq!(lines[0], format!("013 {:<32}   1    7   12", "Lions"));
        // corpus/teams/mp2-1289113031.trf, team 3.
        assert_eq!(
            lines[1],
            "310   3 Quinn Chess 03                   T003    2426   14.0   29.0   4    10   11   12   13   14"
        );
        assert_eq!(read_013(&Line::new(1, &lines[0])).unwrap(), t013);
        assert_eq!(read_310(&Line::new(1, &lines[1])).unwrap(), t310);
    }

    #[test]
    fn match_records() {
        let l = Line::new(4, "330 -+ 008 012 015");
        assert_eq!(
            read_330(&l).unwrap(),
            ForfeitedMatch {
                round: 8,
                first: 12,
                second: 15,
                result: ForfeitResult::SecondWins
            }
        );
        let (pab, teams) = read_320(&Line::new(1, "320  1.0  2.0 018 000 009")).unwrap();
        assert_eq!(pab.match_points, Points(10));
        assert_eq!(pab.game_points, Points(20));
        assert_eq!(teams, [18, 0, 9]);
        let mp = read_362(&Line::new(1, "362 TW 3.0   TD 1.0   TL 0.0")).unwrap();
        assert_eq!(mp.win, Points(30));
        let e = read_362(&Line::new(7, "362 TX 3.0")).unwrap_err();
        assert_eq!((e.line, e.column), (7, 5));
        let e = read_330(&Line::new(2, "330 ++ 001 002 003")).unwrap_err();
        assert_eq!(e.field.as_deref(), Some("forfeit type"));
        assert!(read_352(&Line::new(1, "352 WBXB")).is_err());
    }
}
