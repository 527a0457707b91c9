//! The public pages of an event (no login): home, starting list, rounds,
//! standings, crosstable, player cards, the TRF export. Each is also JSON
//! with `Accept: application/json`. The pages that change during a round
//! have a `live` block, re-fetched alone on a change.

use arbiter_desk::{CrosstableRequest, Desk, StandingsRequest};
use arbiter_model::journal::GameResult;
use arbiter_model::{ByeKind, Points};
use arbiter_standings::Value;
use arbiter_standings::render::StandingsJson;
use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Json, Response};
use serde::{Deserialize, Serialize};

use super::{Chrome, html, live_html};
use crate::context::Ctx;
use crate::data_dir::{EventName, check_name};
use crate::error::WebError;
use crate::i18n::{Count, Tr};
use crate::state::AppState;

/// Runs a query on the event named in the URL, off the async threads.
pub async fn query<T: Send + 'static>(
    app: &AppState,
    name: &str,
    q: impl FnOnce(&mut Desk) -> Result<T, arbiter_desk::DeskError> + Send + 'static,
) -> Result<(EventName, T), WebError> {
    let event = EventName::parse(name)?;
    let app = app.clone();
    let e = event.clone();
    let value = tokio::task::spawn_blocking(move || app.events.read(&e, q))
        .await
        .map_err(WebError::internal)??;
    Ok((event, value))
}

/// The links between the pages of a section.
pub struct SectionNav {
    pub event: String,
    pub event_name: String,
    pub section: String,
    pub rounds_paired: u32,
    pub current: &'static str,
    pub current_round: u32,
    /// A team section: its rounds are matches, shown on `/teams`.
    pub teams: bool,
}

impl SectionNav {
    fn base(&self) -> String {
        format!("/e/{}/{}", self.event, self.section)
    }

    pub fn href(&self, page: &str) -> String {
        format!("{}/{page}", self.base())
    }

    pub fn round_href(&self, round: impl Count) -> String {
        if self.teams {
            format!("{}/teams?round={}", self.base(), round.count())
        } else {
            format!("{}/round/{}", self.base(), round.count())
        }
    }

    /// Is this the page of round `round`?
    pub fn is_round(&self, round: impl Count) -> bool {
        matches!(self.current, "round" | "teams") && i64::from(self.current_round) == round.count()
    }

    pub fn rounds(&self) -> Vec<u32> {
        (1..=self.rounds_paired).collect()
    }

    pub fn trf_href(&self) -> String {
        format!("/e/{}/{}.trf", self.event, self.section)
    }
}

/// The navigation of a section; `event` is filled in from the URL.
pub(super) fn nav(desk: &Desk, section: &str, current: &'static str, round: u32) -> SectionNav {
    let summary = desk.summary();
    SectionNav {
        event: String::new(),
        event_name: summary.info.name.clone(),
        section: section.to_string(),
        rounds_paired: summary
            .sections
            .iter()
            .find(|s| s.code == section)
            .map_or(0, |s| s.rounds_paired),
        current,
        current_round: round,
        teams: desk.is_team_section(Some(section)).unwrap_or(false),
    }
}

// ---------------------------------------------------------------- home

#[derive(Template)]
#[template(path = "event.html", blocks = ["live"])]
struct EventPage {
    chrome: Chrome,
    event: String,
    info: InfoView,
    sections: Vec<SectionRow>,
    /// The registration form takes entries.
    register: bool,
}

#[derive(Serialize)]
struct InfoView {
    name: String,
    city: Option<String>,
    federation: Option<String>,
    start: Option<String>,
    end: Option<String>,
    chief_arbiter: Option<String>,
    time_control: Option<String>,
    /// The date of each round and its starting time, formatted in the
    /// page's language.
    schedule: Vec<(u32, String, Option<String>)>,
}

#[derive(Serialize)]
struct SectionRow {
    code: String,
    system: String,
    rounds: u32,
    players: usize,
    rounds_paired: u32,
    rounds_complete: u32,
}

pub async fn event_home(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(name): Path<String>,
) -> Result<Response, WebError> {
    let (event, (summary, register)) = query(&app, &name, |d| {
        // The link to the registration form while it takes entries.
        let register = d
            .registration_offer(jiff::Timestamp::now())
            .is_ok_and(|o| o.window.takes_entries());
        Ok((d.summary(), register))
    })
    .await?;
    let tr = ctx.tr;
    let i = &summary.info;
    let info = InfoView {
        name: i.name.clone(),
        city: i.city.clone(),
        federation: i.federation.clone(),
        start: i.start_date.map(|d| tr.date(d)),
        end: i.end_date.map(|d| tr.date(d)),
        chief_arbiter: i.chief_arbiter.clone(),
        time_control: i.time_control.clone(),
        schedule: i
            .round_dates
            .iter()
            .enumerate()
            .filter_map(|(r, d)| {
                let time = i.round_times.get(r).copied().flatten();
                d.map(|d| (r as u32 + 1, tr.date(d), time.map(|t| tr.time(t))))
            })
            .collect(),
    };
    let sections: Vec<SectionRow> = summary
        .sections
        .iter()
        .map(|s| SectionRow {
            code: s.code.clone(),
            system: tr.t(&format!("system-{}", s.config.system.name())),
            rounds: s.config.rounds,
            players: s.players,
            rounds_paired: s.rounds_paired,
            rounds_complete: s.rounds_complete,
        })
        .collect();
    if ctx.json {
        return Ok(Json(
            serde_json::json!({ "event": event.as_str(), "info": info, "sections": sections }),
        )
        .into_response());
    }
    let page = EventPage {
        chrome: Chrome::new(&ctx, info.name.clone()).live(&event),
        event: event.to_string(),
        info,
        sections,
        register,
    };
    Ok(live_html(&ctx, &page, page.as_live()))
}

// ---------------------------------------------------------------- players

#[derive(Template)]
#[template(path = "players.html", blocks = ["live"])]
struct PlayersPage {
    chrome: Chrome,
    nav: SectionNav,
    rows: Vec<PlayerLine>,
}

#[derive(Serialize)]
struct PlayerLine {
    id: u32,
    tpn: u32,
    name: String,
    title: Option<String>,
    rating: Option<u16>,
    federation: Option<String>,
    club: Option<String>,
    withdrawn_from: Option<u32>,
}

pub async fn players(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, section)): Path<(String, String)>,
) -> Result<Response, WebError> {
    check_name(&section)?;
    let sec = section.clone();
    let (event, (list, nav)) = query(&app, &name, move |d| {
        let list = d.players(Some(&sec))?;
        Ok((list, nav(d, &sec, "players", 0)))
    })
    .await?;
    let rows: Vec<PlayerLine> = list
        .rows
        .iter()
        .map(|r| PlayerLine {
            id: r.id,
            tpn: r.tpn,
            name: r.player.name.clone(),
            title: r.player.title.map(|t| t.code().to_string()),
            rating: r.player.ratings.fide,
            federation: r.player.federation.clone(),
            club: r.player.club.clone(),
            withdrawn_from: r.withdrawn_from,
        })
        .collect();
    if ctx.json {
        return Ok(Json(
            serde_json::json!({ "event": event.as_str(), "section": section, "players": rows }),
        )
        .into_response());
    }
    let nav = SectionNav {
        event: event.to_string(),
        ..nav
    };
    let title = format!("{} — {}", nav.event_name, ctx.tr.t("nav-players"));
    let page = PlayersPage {
        chrome: Chrome::new(&ctx, title).live(&event),
        nav,
        rows,
    };
    Ok(live_html(&ctx, &page, page.as_live()))
}

// ---------------------------------------------------------------- rounds

#[derive(Template)]
#[template(path = "round.html", blocks = ["live"])]
struct RoundPage {
    chrome: Chrome,
    nav: SectionNav,
    round: RoundLines,
}

#[derive(Serialize)]
pub struct RoundLines {
    pub round: u32,
    pub edited: bool,
    pub boards: Vec<BoardLine>,
    pub bye: Option<SeatLine>,
    pub absent: Vec<(SeatLine, String)>,
}

#[derive(Serialize, Clone)]
pub struct SeatLine {
    pub id: u32,
    pub tpn: u32,
    pub name: String,
    pub rating: Option<u16>,
    pub score: String,
}

#[derive(Serialize)]
pub struct BoardLine {
    pub number: u32,
    pub white: SeatLine,
    pub black: SeatLine,
    /// The canonical code (`1-0`), empty while the game is on.
    pub result: String,
    /// As shown: `1–0`, `½–½`.
    pub shown: String,
}

/// How a result is shown on a page.
pub fn shown_result(r: Option<GameResult>) -> String {
    match r {
        None => String::new(),
        Some(GameResult::WhiteWins) => "1–0".into(),
        Some(GameResult::Draw) => "½–½".into(),
        Some(GameResult::BlackWins) => "0–1".into(),
        Some(GameResult::WhiteForfeitWin) => "+ / −".into(),
        Some(GameResult::BlackForfeitWin) => "− / +".into(),
        Some(GameResult::DoubleForfeit) => "− / −".into(),
    }
}

pub fn points(tr: &Tr, p: Points) -> String {
    tr.num(&p.to_string())
}

pub fn round_lines(tr: &Tr, view: &arbiter_desk::RoundView, round: u32) -> RoundLines {
    let seat = |s: &arbiter_desk::Seat| SeatLine {
        id: s.player.id,
        tpn: s.player.tpn,
        name: s.player.name.clone(),
        rating: s.player.rating,
        score: points(tr, s.score),
    };
    RoundLines {
        round,
        edited: view.edited,
        boards: view
            .boards
            .iter()
            .map(|b| BoardLine {
                number: b.number,
                white: seat(&b.white),
                black: seat(&b.black),
                result: b.result.map(|r| r.code().to_string()).unwrap_or_default(),
                shown: shown_result(b.result),
            })
            .collect(),
        bye: view.bye.as_ref().map(seat),
        absent: view
            .not_playing
            .iter()
            .map(|(p, why)| {
                let line = SeatLine {
                    id: p.id,
                    tpn: p.tpn,
                    name: p.name.clone(),
                    rating: p.rating,
                    score: String::new(),
                };
                let why = match why {
                    arbiter_desk::Absence::Bye(ByeKind::Full) => tr.t("absence-bye-full"),
                    arbiter_desk::Absence::Bye(ByeKind::Half) => tr.t("absence-bye-half"),
                    arbiter_desk::Absence::Bye(ByeKind::Zero) => tr.t("absence-bye-zero"),
                    arbiter_desk::Absence::Withdrawn => tr.t("absence-withdrawn"),
                    arbiter_desk::Absence::NotPaired => tr.t("absence-not-paired"),
                };
                (line, why)
            })
            .collect(),
    }
}

pub async fn round(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, section, round)): Path<(String, String, String)>,
) -> Result<Response, WebError> {
    check_name(&section)?;
    let number = round_number(&round)?;
    let sec = section.clone();
    let (event, (view, nav)) = query(&app, &name, move |d| {
        let view = d.pairings(Some(&sec), Some(number))?;
        Ok((view, nav(d, &sec, "round", number)))
    })
    .await?;
    let lines = round_lines(&ctx.tr, &view, number);
    if ctx.json {
        return Ok(Json(
            serde_json::json!({ "event": event.as_str(), "section": section, "round": lines }),
        )
        .into_response());
    }
    let nav = SectionNav {
        event: event.to_string(),
        ..nav
    };
    let title = format!(
        "{} — {}",
        nav.event_name,
        ctx.tr.tn("round-title", "round", number)
    );
    let page = RoundPage {
        chrome: Chrome::new(&ctx, title).live(&event),
        nav,
        round: lines,
    };
    Ok(live_html(&ctx, &page, page.as_live()))
}

#[derive(Template)]
#[template(path = "slips.html")]
struct SlipsPage {
    chrome: Chrome,
    nav: SectionNav,
    round: RoundLines,
}

/// `/round/{r}/slips`: one result slip per board, to print and cut.
pub async fn slips(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, section, round)): Path<(String, String, String)>,
) -> Result<Response, WebError> {
    check_name(&section)?;
    let number = round_number(&round)?;
    let sec = section.clone();
    let (event, (view, nav)) = query(&app, &name, move |d| {
        let view = d.pairings(Some(&sec), Some(number))?;
        Ok((view, nav(d, &sec, "round", number)))
    })
    .await?;
    let nav = SectionNav {
        event: event.to_string(),
        ..nav
    };
    let title = format!("{} — {}", nav.event_name, ctx.tr.t("nav-slips"));
    Ok(html(&SlipsPage {
        chrome: Chrome::new(&ctx, title),
        round: round_lines(&ctx.tr, &view, number),
        nav,
    }))
}

// ---------------------------------------------------------------- standings

#[derive(Deserialize)]
pub struct StandingsQuery {
    after: Option<String>,
}

#[derive(Template)]
#[template(path = "standings.html", blocks = ["live"])]
struct StandingsPage {
    chrome: Chrome,
    nav: SectionNav,
    rounds: u32,
    after: Option<u32>,
    columns: Vec<(String, String)>,
    rows: Vec<StandingLine>,
}

impl StandingsPage {
    /// Is `round` the round chosen in `?after=`?
    fn selected(&self, round: impl Count) -> bool {
        self.after.is_some_and(|a| i64::from(a) == round.count())
    }
}

struct StandingLine {
    place: String,
    tpn: u32,
    id: Option<u32>,
    name: String,
    points: String,
    values: Vec<String>,
}

/// A round number given in the query (`?after=`, `?round=`); empty is none.
pub(super) fn round_param(text: Option<&str>) -> Result<Option<u32>, WebError> {
    text.filter(|r| !r.is_empty()).map(round_number).transpose()
}

/// A round number of an address (`…/round/{r}`, `?round=r`): not a
/// number is an unknown round, 404.
pub(super) fn round_number(text: &str) -> Result<u32, WebError> {
    text.parse()
        .map_err(|_| WebError::not_found(format!("round {text}")))
}

pub(super) fn value(tr: &Tr, v: &Value) -> String {
    if v.is_missing() {
        "–".to_string()
    } else {
        tr.num(&v.to_string())
    }
}

pub async fn standings(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, section)): Path<(String, String)>,
    Query(q): Query<StandingsQuery>,
) -> Result<Response, WebError> {
    check_name(&section)?;
    let after = round_param(q.after.as_deref())?;
    let sec = section.clone();
    let lang = ctx.tr.lang;
    let (event, (report, ids, nav)) = query(&app, &name, move |d| {
        let request = StandingsRequest {
            rounds: after.map(|a| a.to_string()),
            ..StandingsRequest::default()
        };
        let report = d.standings(Some(&sec), &request)?;
        let ids: Vec<(u32, u32)> = d
            .players(Some(&sec))?
            .rows
            .iter()
            .map(|r| (r.tpn, r.id))
            .collect();
        Ok((report, ids, nav(d, &sec, "standings", 0)))
    })
    .await?;
    let doc = StandingsJson::new(
        &report.standings,
        lang,
        report.preset.map(|p| p.labels(lang)),
    );
    if ctx.json {
        return Ok(Json(doc).into_response());
    }
    let s = &report.standings;
    let tr = ctx.tr;
    let rows = s
        .rows
        .iter()
        .map(|r| StandingLine {
            place: r.place(),
            tpn: r.tpn,
            id: ids.iter().find(|(t, _)| *t == r.tpn).map(|(_, id)| *id),
            name: r.name.clone(),
            points: value(&tr, &r.points),
            values: r.values.iter().map(|v| value(&tr, v)).collect(),
        })
        .collect();
    let nav = SectionNav {
        event: event.to_string(),
        ..nav
    };
    let title = format!("{} — {}", nav.event_name, tr.t("nav-standings"));
    let page = StandingsPage {
        chrome: Chrome::new(&ctx, title).live(&event),
        rounds: s.rounds,
        after,
        columns: doc
            .tiebreaks
            .into_iter()
            .map(|t| (t.code, t.label))
            .collect(),
        nav,
        rows,
    };
    Ok(live_html(&ctx, &page, page.as_live()))
}

// ---------------------------------------------------------------- crosstable

#[derive(Template)]
#[template(path = "crosstable.html", blocks = ["live"])]
struct CrosstablePage {
    chrome: Chrome,
    nav: SectionNav,
    rounds: Vec<u32>,
    lines: Vec<CrossLine>,
    /// The wall chart: the printable crosstable (`/wallchart`).
    wall: bool,
}

#[derive(Serialize)]
struct CrossLine {
    place: String,
    tpn: u32,
    name: String,
    rating: Option<u16>,
    cells: Vec<String>,
    points: String,
}

async fn cross_lines(
    app: &AppState,
    name: &str,
    section: &str,
    current: &'static str,
) -> Result<(EventName, Vec<CrossLine>, u32, SectionNav), WebError> {
    let sec = section.to_string();
    let (event, (lines, nav)) = query(app, name, move |d| {
        let report = d.crosstable(Some(&sec), &CrosstableRequest::default())?;
        let lines = arbiter_standings::crosstable::swiss_table(&report.tournament, &report.options)
            .map_err(|e| arbiter_desk::DeskError::internal(e.to_string()))?;
        Ok((lines, nav(d, &sec, current, 0)))
    })
    .await?;
    let rounds = lines
        .iter()
        .map(|l| l.cells.len() as u32)
        .max()
        .unwrap_or(0);
    let lines = lines
        .into_iter()
        .map(|l| CrossLine {
            place: l.place,
            tpn: l.tpn,
            name: l.name,
            rating: l.rating,
            cells: l.cells.iter().map(|c| c.code()).collect(),
            points: l.points.to_string(),
        })
        .collect();
    Ok((event, lines, rounds, nav))
}

async fn crosstable_page(
    app: AppState,
    ctx: Ctx,
    name: String,
    section: String,
    wall: bool,
) -> Result<Response, WebError> {
    check_name(&section)?;
    let current = if wall { "wallchart" } else { "crosstable" };
    let (event, mut lines, rounds, nav) = cross_lines(&app, &name, &section, current).await?;
    if ctx.json {
        return Ok(Json(serde_json::json!({ "event": event.as_str(), "section": section, "rounds": rounds, "lines": lines })).into_response());
    }
    for l in &mut lines {
        l.points = ctx.tr.num(&l.points);
    }
    let nav = SectionNav {
        event: event.to_string(),
        ..nav
    };
    let title = format!(
        "{} — {}",
        nav.event_name,
        ctx.tr.t(if wall {
            "nav-wallchart"
        } else {
            "nav-crosstable"
        })
    );
    let page = CrosstablePage {
        chrome: Chrome::new(&ctx, title).live(&event),
        nav,
        rounds: (1..=rounds).collect(),
        lines,
        wall,
    };
    Ok(live_html(&ctx, &page, page.as_live()))
}

pub async fn crosstable(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, section)): Path<(String, String)>,
) -> Result<Response, WebError> {
    crosstable_page(app, ctx, name, section, false).await
}

pub async fn wallchart(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, section)): Path<(String, String)>,
) -> Result<Response, WebError> {
    crosstable_page(app, ctx, name, section, true).await
}

// ---------------------------------------------------------------- player card

#[derive(Template)]
#[template(path = "player.html", blocks = ["live"])]
struct PlayerPage {
    chrome: Chrome,
    nav: SectionNav,
    card: Card,
}

#[derive(Serialize)]
struct Card {
    id: u32,
    tpn: u32,
    name: String,
    title: Option<String>,
    rating: Option<u16>,
    federation: Option<String>,
    club: Option<String>,
    points: String,
    /// Tournament performance rating (C.07 TPR), when defined.
    tpr: Option<String>,
    games: Vec<CardRound>,
}

#[derive(Serialize)]
struct CardRound {
    round: u32,
    /// `w`, `b` or `-`.
    colour: String,
    opponent: Option<(u32, Option<u32>, String)>,
    /// `1 ½ 0 + -` or a bye letter.
    result: String,
    running: String,
}

pub async fn player_card(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, section, id)): Path<(String, String, String)>,
) -> Result<Response, WebError> {
    check_name(&section)?;
    let id: u32 = id
        .parse()
        .map_err(|_| WebError::not_found(format!("player {id}")))?;
    let sec = section.clone();
    let (event, (list, lines, tpr, nav)) = query(&app, &name, move |d| {
        let list = d.players(Some(&sec))?;
        let report = d.crosstable(Some(&sec), &CrosstableRequest::default())?;
        let lines = arbiter_standings::crosstable::swiss_table(&report.tournament, &report.options)
            .map_err(|e| arbiter_desk::DeskError::internal(e.to_string()))?;
        let tpr = d.standings(
            Some(&sec),
            &StandingsRequest {
                tiebreaks: Some("TPR".into()),
                ..StandingsRequest::default()
            },
        )?;
        Ok((list, lines, tpr.standings, nav(d, &sec, "player", 0)))
    })
    .await?;
    let tr = ctx.tr;
    let row = list
        .rows
        .iter()
        .find(|r| r.id == id)
        .ok_or_else(|| WebError::not_found(format!("player {id}")))?;
    let line = lines.iter().find(|l| l.tpn == row.tpn);
    let by_tpn = |tpn: u32| {
        list.rows
            .iter()
            .find(|r| r.tpn == tpn)
            .map(|r| (tpn, Some(r.id), r.player.name.clone()))
            .unwrap_or((tpn, None, String::new()))
    };
    let card = Card {
        id,
        tpn: row.tpn,
        name: row.player.name.clone(),
        title: row.player.title.map(|t| t.code().to_string()),
        rating: row.player.ratings.fide,
        federation: row.player.federation.clone(),
        club: row.player.club.clone(),
        points: line.map_or_else(|| points(&tr, Points::ZERO), |l| points(&tr, l.points)),
        tpr: tpr
            .rows
            .iter()
            .find(|r| r.tpn == row.tpn)
            .and_then(|r| r.values.first())
            .filter(|v| !v.is_missing())
            .map(|v| v.to_string()),
        games: line
            .map(|l| {
                l.cells
                    .iter()
                    .enumerate()
                    .map(|(i, c)| CardRound {
                        round: i as u32 + 1,
                        colour: c.colour.to_string(),
                        opponent: c.opponent.map(by_tpn),
                        result: c.result.to_string(),
                        running: points(&tr, c.running),
                    })
                    .collect()
            })
            .unwrap_or_default(),
    };
    if ctx.json {
        return Ok(Json(
            serde_json::json!({ "event": event.as_str(), "section": section, "player": card }),
        )
        .into_response());
    }
    let nav = SectionNav {
        event: event.to_string(),
        ..nav
    };
    let title = format!("{} — {}", nav.event_name, card.name);
    let page = PlayerPage {
        chrome: Chrome::new(&ctx, title).live(&event),
        nav,
        card,
    };
    Ok(live_html(&ctx, &page, page.as_live()))
}

// ---------------------------------------------------------------- files

/// `/e/{event}/{section}.trf`: the section's TRF export.
pub async fn section_file(
    State(app): State<AppState>,
    Path((name, file)): Path<(String, String)>,
) -> Result<Response, WebError> {
    let Some(section) = file.strip_suffix(".trf") else {
        return Err(WebError::not_found(file));
    };
    check_name(section)?;
    let sec = section.to_string();
    let (event, export) = query(&app, &name, move |d| d.export_trf(Some(&sec))).await?;
    Ok((
        [
            (CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (
                CONTENT_DISPOSITION,
                format!("attachment; filename=\"{event}-{section}.trf\""),
            ),
        ],
        export.text,
    )
        .into_response())
}

/// `/e/{event}/{section}/standings.csv`: the standings as the CLI's
/// `--format csv` prints them.
pub async fn standings_csv(
    State(app): State<AppState>,
    Path((name, section)): Path<(String, String)>,
) -> Result<Response, WebError> {
    check_name(&section)?;
    let sec = section.clone();
    let (event, report) = query(&app, &name, move |d| {
        d.standings(Some(&sec), &StandingsRequest::default())
    })
    .await?;
    let text = arbiter_standings::render::render(
        &report.standings,
        &arbiter_standings::render::RenderOptions {
            format: arbiter_standings::render::Format::Csv,
            ..Default::default()
        },
    );
    Ok((
        [
            (CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (
                CONTENT_DISPOSITION,
                format!("attachment; filename=\"{event}-{section}-standings.csv\""),
            ),
        ],
        text,
    )
        .into_response())
}
