//! `/e/{event}/{section}/teams`: the public page of a team section — the
//! team standings with the section's tie-breaks, and the matches of a
//! round board by board (`?round=r`, default the latest paired). The same
//! as JSON: `{"event", "section", "standings", "round"}`, the standings as
//! `arbiter standings EVENT --format json` prints them, the round's matches
//! with the white team (board-1 White) first as the CLI's TSV has them.

use arbiter_desk::teams::{MatchBoardView, MatchRoundView, MatchSide, MatchView, TeamAbsence};
use arbiter_desk::{PlayerRef, StandingsRequest};
use arbiter_model::journal::GameResult;
use arbiter_model::team::ForfeitResult;
use arbiter_standings::render::StandingsJson;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Json, Response};
use serde::{Deserialize, Serialize};

use super::live_html;
use super::public::{SectionNav, nav, points, query, round_param, shown_result, value};
use crate::context::Ctx;
use crate::data_dir::check_name;
use crate::error::WebError;
use crate::i18n::{Count, Tr};
use crate::pages::Chrome;
use crate::state::AppState;

#[derive(Deserialize)]
pub struct TeamsQuery {
    round: Option<String>,
}

#[derive(Template)]
#[template(path = "teams.html", blocks = ["live"])]
struct TeamsPage {
    chrome: Chrome,
    nav: SectionNav,
    /// The round asked for in `?round=`, kept in the live block's address.
    chosen: Option<u32>,
    /// Complete rounds the standings count.
    rounds: u32,
    columns: Vec<(String, String)>,
    rows: Vec<TeamLine>,
    matches: Option<MatchesLines>,
}

impl TeamsPage {
    /// Is `round` the round shown?
    fn selected(&self, round: impl Count) -> bool {
        self.matches
            .as_ref()
            .is_some_and(|m| i64::from(m.round) == round.count())
    }
}

/// One team of the standings.
struct TeamLine {
    place: String,
    tpn: u32,
    name: String,
    points: String,
    values: Vec<String>,
}

/// The matches of a round as the page shows them.
struct MatchesLines {
    round: u32,
    matches: Vec<MatchLine>,
    /// The team with the pairing-allocated bye and its line-up.
    bye: Option<(TeamSide, String)>,
    not_playing: Vec<(String, String)>,
}

/// A team of a match with its match and game points before the round.
struct TeamSide {
    name: String,
    match_points: String,
    game_points: String,
}

/// One match: the team whose board-1 player has White on the left.
struct MatchLine {
    number: u32,
    left: TeamSide,
    right: TeamSide,
    /// Game points of the left and the right team so far.
    score: (String, String),
    /// The match forfeited as a whole (`+ / −` seen from the left).
    forfeit: Option<&'static str>,
    boards: Vec<BoardLine>,
}

/// One board: the left team's player, the result seen from the left, the
/// right team's player.
struct BoardLine {
    board: u32,
    left_white: bool,
    left: Option<SeatLine>,
    right: Option<SeatLine>,
    shown: String,
}

struct SeatLine {
    id: u32,
    name: String,
    rating: Option<u16>,
}

/// The same result seen from Black's side.
fn reversed(r: GameResult) -> GameResult {
    match r {
        GameResult::WhiteWins => GameResult::BlackWins,
        GameResult::BlackWins => GameResult::WhiteWins,
        GameResult::WhiteForfeitWin => GameResult::BlackForfeitWin,
        GameResult::BlackForfeitWin => GameResult::WhiteForfeitWin,
        GameResult::Draw | GameResult::DoubleForfeit => r,
    }
}

/// A whole-match forfeit (TRF 330) as seen from the first team, or from
/// the second: `+-` this side wins, `-+` the other, `--` both lose.
fn forfeit_seen(f: ForfeitResult, from_first: bool) -> &'static str {
    match (f, from_first) {
        (ForfeitResult::FirstWins, true) | (ForfeitResult::SecondWins, false) => "+-",
        (ForfeitResult::FirstWins, false) | (ForfeitResult::SecondWins, true) => "-+",
        (ForfeitResult::Double, _) => "--",
    }
}

fn side(tr: &Tr, s: &MatchSide) -> TeamSide {
    TeamSide {
        name: s.team.name.clone(),
        match_points: points(tr, s.match_points),
        game_points: points(tr, s.game_points),
    }
}

fn seat(p: &Option<PlayerRef>) -> Option<SeatLine> {
    p.as_ref().map(|p| SeatLine {
        id: p.id,
        name: p.name.clone(),
        rating: p.rating,
    })
}

fn board_line(b: &MatchBoardView, left_is_first: bool) -> BoardLine {
    // The left team's player has White when the first team's player has
    // White and the left team is the first, or neither.
    let left_white = b.first_is_white == left_is_first;
    let (left, right) = if left_white {
        (&b.white, &b.black)
    } else {
        (&b.black, &b.white)
    };
    let seen = if left_white {
        b.result
    } else {
        b.result.map(reversed)
    };
    BoardLine {
        board: b.board,
        left_white,
        left: seat(left),
        right: seat(right),
        shown: shown_result(seen),
    }
}

fn match_line(tr: &Tr, m: &MatchView) -> MatchLine {
    let (left, right) = (m.white_team(), m.black_team());
    let left_is_first = left.team.id == m.first.team.id;
    let score = if left_is_first {
        m.score
    } else {
        (m.score.1, m.score.0)
    };
    MatchLine {
        number: m.number,
        left: side(tr, left),
        right: side(tr, right),
        score: (points(tr, score.0), points(tr, score.1)),
        forfeit: m.forfeit.map(|f| match forfeit_seen(f, left_is_first) {
            "+-" => "+ / −",
            "-+" => "− / +",
            _ => "− / −",
        }),
        boards: m
            .boards
            .iter()
            .map(|b| board_line(b, left_is_first))
            .collect(),
    }
}

fn matches_lines(tr: &Tr, view: &MatchRoundView) -> MatchesLines {
    MatchesLines {
        round: view.round,
        matches: view.matches.iter().map(|m| match_line(tr, m)).collect(),
        bye: view.bye.as_ref().map(|(s, lineup)| {
            let names: Vec<&str> = lineup.iter().map(|p| p.name.as_str()).collect();
            (side(tr, s), names.join(", "))
        }),
        not_playing: view
            .not_playing
            .iter()
            .map(|(t, why)| {
                let why = match why {
                    TeamAbsence::Absent => tr.t("teams-absent"),
                    TeamAbsence::Withdrawn => tr.t("absence-withdrawn"),
                };
                (t.name.clone(), why)
            })
            .collect(),
    }
}

/// A team of a match in the JSON: match and game points before the round.
#[derive(Serialize)]
struct TeamJson {
    id: u32,
    tpn: u32,
    name: String,
    match_points: String,
    game_points: String,
}

/// A seat of a board in the JSON.
#[derive(Serialize)]
struct SeatJson {
    id: u32,
    tpn: u32,
    name: String,
    rating: Option<u16>,
}

#[derive(Serialize)]
struct BoardJson {
    board: u32,
    /// `None`: an empty seat.
    white: Option<SeatJson>,
    black: Option<SeatJson>,
    /// The white team's player has White on this board.
    white_team_has_white: bool,
    /// `1-0`, `1/2`, `+/-` …; empty while the game is on.
    result: String,
}

/// One match in the JSON: the white team is the one whose board-1 player
/// has White (the engines' WHITE), as the CLI's TSV.
#[derive(Serialize)]
struct MatchJson {
    number: u32,
    white_team: TeamJson,
    black_team: TeamJson,
    /// Game points of the white and the black team so far.
    score: (String, String),
    /// `+-` the white team wins by forfeit, `-+` the black team, `--` both lose.
    forfeit: Option<&'static str>,
    boards: Vec<BoardJson>,
}

#[derive(Serialize)]
struct RoundJson {
    round: u32,
    matches: Vec<MatchJson>,
    /// The team with the pairing-allocated bye.
    bye: Option<TeamJson>,
    not_playing: Vec<AbsentJson>,
}

/// A team not playing the round.
#[derive(Serialize)]
struct AbsentJson {
    id: u32,
    tpn: u32,
    name: String,
    /// `absent` or `withdrawn`.
    why: &'static str,
}

fn team_json(s: &MatchSide) -> TeamJson {
    TeamJson {
        id: s.team.id,
        tpn: s.team.tpn,
        name: s.team.name.clone(),
        match_points: s.match_points.to_string(),
        game_points: s.game_points.to_string(),
    }
}

fn seat_json(p: &Option<PlayerRef>) -> Option<SeatJson> {
    p.as_ref().map(|p| SeatJson {
        id: p.id,
        tpn: p.tpn,
        name: p.name.clone(),
        rating: p.rating,
    })
}

fn round_json(view: &MatchRoundView) -> RoundJson {
    let matches = view
        .matches
        .iter()
        .map(|m| {
            let (white, black) = (m.white_team(), m.black_team());
            let white_is_first = white.team.id == m.first.team.id;
            let score = if white_is_first {
                m.score
            } else {
                (m.score.1, m.score.0)
            };
            MatchJson {
                number: m.number,
                white_team: team_json(white),
                black_team: team_json(black),
                score: (score.0.to_string(), score.1.to_string()),
                forfeit: m.forfeit.map(|f| forfeit_seen(f, white_is_first)),
                boards: m
                    .boards
                    .iter()
                    .map(|b| BoardJson {
                        board: b.board,
                        white: seat_json(&b.white),
                        black: seat_json(&b.black),
                        white_team_has_white: b.first_is_white == white_is_first,
                        result: b.result.map(|r| r.code().to_string()).unwrap_or_default(),
                    })
                    .collect(),
            }
        })
        .collect();
    RoundJson {
        round: view.round,
        matches,
        bye: view.bye.as_ref().map(|(s, _)| team_json(s)),
        not_playing: view
            .not_playing
            .iter()
            .map(|(t, why)| AbsentJson {
                id: t.id,
                tpn: t.tpn,
                name: t.name.clone(),
                why: match why {
                    TeamAbsence::Absent => "absent",
                    TeamAbsence::Withdrawn => "withdrawn",
                },
            })
            .collect(),
    }
}

pub async fn teams(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, section)): Path<(String, String)>,
    Query(q): Query<TeamsQuery>,
) -> Result<Response, WebError> {
    check_name(&section)?;
    let chosen = round_param(q.round.as_deref())?;
    let sec = section.clone();
    let lang = ctx.tr.lang;
    let (event, (report, round, nav)) = query(&app, &name, move |d| {
        // A section of individuals has no team page (the desk says so).
        d.teams(Some(&sec))?;
        let report = d.standings(Some(&sec), &StandingsRequest::default())?;
        let nav = nav(d, &sec, "teams", chosen.unwrap_or(0));
        let round = match chosen {
            Some(r) => Some(d.matches(Some(&sec), Some(r))?),
            None if nav.rounds_paired > 0 => Some(d.matches(Some(&sec), None)?),
            None => None,
        };
        Ok((report, round, nav))
    })
    .await?;
    let doc = StandingsJson::new(
        &report.standings,
        lang,
        report.preset.map(|p| p.labels(lang)),
    );
    if ctx.json {
        return Ok(Json(serde_json::json!({
            "event": event.as_str(),
            "section": section,
            "standings": doc,
            "round": round.as_ref().map(round_json),
        }))
        .into_response());
    }
    let tr = ctx.tr;
    let s = &report.standings;
    let rows = s
        .rows
        .iter()
        .map(|r| TeamLine {
            place: r.place(),
            tpn: r.tpn,
            name: r.name.clone(),
            points: value(&tr, &r.points),
            values: r.values.iter().map(|v| value(&tr, v)).collect(),
        })
        .collect();
    let nav = SectionNav {
        event: event.to_string(),
        ..nav
    };
    let title = format!("{} — {}", nav.event_name, tr.t("nav-teams"));
    let page = TeamsPage {
        chrome: Chrome::new(&ctx, title).live(&event),
        chosen,
        rounds: s.rounds,
        columns: doc
            .tiebreaks
            .into_iter()
            .map(|t| (t.code, t.label))
            .collect(),
        rows,
        matches: round.as_ref().map(|r| matches_lines(&tr, r)),
        nav,
    };
    Ok(live_html(&ctx, &page, page.as_live()))
}
