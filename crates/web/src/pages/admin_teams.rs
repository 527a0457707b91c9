//! The back office of a team section (`--system team-swiss`, issue 14):
//! its teams with their rosters, registering a team, a line-up for a round
//! not yet paired, pairing the next round of matches, and a round page
//! where each board's result — or a whole match's forfeit — is entered.
//! Each action is the desk command the CLI's `team add`, `lineup`, `pair`,
//! `result` and `team forfeit` run (crates/cli/src/event/teams.rs); a
//! refusal is shown on the page it came from, the field named.

use arbiter_desk::teams::{MatchBoardView, MatchRoundView, MatchView, TeamList};
use arbiter_desk::{Desk, DeskError, PlayerRef, TeamForm};
use arbiter_model::journal::GameResult;
use arbiter_model::team::ForfeitResult;
use askama::Template;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};

use super::admin::{Fields, QuickEntry, Refusal, SectionPage, command, field, page_command};
use super::admitted::{AdminRound, AdminSection};
use super::public::{SectionNav, nav, points, query, shown_result};
use super::{Chrome, html, live_html};
use crate::context::Ctx;
use crate::data_dir::EventName;
use crate::error::WebError;
use crate::events::{desk_error, origin};
use crate::i18n::Tr;
use crate::pages::login::redirect;
use crate::state::AppState;

/// The results a board can take, as the select offers them (the codes
/// [`Desk::record_board_result`] reads).
const BOARD_RESULTS: [GameResult; 6] = [
    GameResult::WhiteWins,
    GameResult::Draw,
    GameResult::BlackWins,
    GameResult::WhiteForfeitWin,
    GameResult::BlackForfeitWin,
    GameResult::DoubleForfeit,
];

/// The whole-match forfeits (TRF 330), seen from the team listed first.
const FORFEITS: [ForfeitResult; 3] = [
    ForfeitResult::FirstWins,
    ForfeitResult::SecondWins,
    ForfeitResult::Double,
];

fn back_office(event: &EventName, section: &str) -> String {
    format!("/admin/e/{event}/{section}")
}

/// The section's links for the back office (`nav.teams` is true here).
fn section_nav(desk: &Desk, event: &EventName, section: &str, round: u32) -> SectionNav {
    SectionNav {
        event: event.to_string(),
        ..nav(desk, section, "admin", round)
    }
}

// ---------------------------------------------------------------- teams

#[derive(Template)]
#[template(path = "admin_teams.html")]
struct TeamsAdminPage {
    chrome: Chrome,
    nav: SectionNav,
    teams: Vec<TeamEntry>,
    /// Boards per match.
    boards: usize,
    next_round: u32,
    rounds: u32,
    error: Option<Refusal>,
    notice: Option<String>,
    form: Fields,
}

impl TeamsAdminPage {
    fn value(&self, name: &str) -> String {
        self.form.get(name).cloned().unwrap_or_default()
    }

    fn admin_href(&self) -> String {
        format!("/admin/e/{}/{}", self.nav.event, self.nav.section)
    }
}

/// One registered team with its roster.
struct TeamEntry {
    id: u32,
    tpn: u32,
    name: String,
    family: String,
    captain: String,
    tags: String,
    /// The players of the boards, board 1 first.
    players: Vec<String>,
    reserves: Vec<String>,
    withdrawn_from: Option<u32>,
    absent: String,
}

/// `Rossi, Anna #3`.
fn member(p: &PlayerRef) -> String {
    format!("{} #{}", p.name, p.id)
}

fn team_entries(list: &TeamList) -> Vec<TeamEntry> {
    list.rows
        .iter()
        .map(|row| {
            let split = row.members.len().min(list.boards);
            let (boards, reserves) = row.members.split_at(split);
            let absent: Vec<String> = row.absent.iter().map(ToString::to_string).collect();
            TeamEntry {
                id: row.team.id,
                tpn: row.team.tpn,
                name: row.team.name.clone(),
                family: row.family.clone().unwrap_or_default(),
                captain: row.captain.as_ref().map(member).unwrap_or_default(),
                tags: row.tags.join(", "),
                players: boards.iter().map(member).collect(),
                reserves: reserves.iter().map(member).collect(),
                withdrawn_from: row.withdrawn_from,
                absent: absent.join(", "),
            }
        })
        .collect()
}

pub(super) async fn teams_page(
    app: &AppState,
    ctx: &Ctx,
    (event, section): (&EventName, &str),
    error: Option<Refusal>,
    notice: Option<String>,
    form: Fields,
) -> Result<Response, WebError> {
    let (sec, e) = (section.to_string(), event.clone());
    let (_, (list, nav, rounds)) = query(app, event.as_str(), move |d| {
        let list = d.teams(Some(&sec))?;
        let rounds = d
            .summary()
            .sections
            .iter()
            .find(|s| s.code == sec)
            .map_or(0, |s| s.config.rounds);
        Ok((list, section_nav(d, &e, &sec, 0), rounds))
    })
    .await?;
    let status = error.as_ref().map_or(StatusCode::OK, |e| e.status);
    let title = format!(
        "{} {} — {}",
        nav.event_name,
        section,
        ctx.tr.t("admin-teams-title")
    );
    let mut response = html(&TeamsAdminPage {
        chrome: Chrome::new(ctx, title),
        teams: team_entries(&list),
        boards: list.boards,
        next_round: nav.rounds_paired + 1,
        rounds,
        nav,
        error,
        notice,
        form,
    });
    *response.status_mut() = status;
    Ok(response)
}

/// `GET /admin/e/{event}/{section}/teams`.
pub async fn teams_home(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminSection { event, section, .. }: AdminSection,
) -> Result<Response, WebError> {
    teams_page(&app, &ctx, (&event, &section), None, None, Fields::new()).await
}

/// The team id of field `name`.
fn team_field(f: &Fields, name: &str) -> Result<u32, DeskError> {
    let v = field(f, name).unwrap_or_default();
    v.parse()
        .map_err(|_| DeskError::invalid(name, format!("'{v}' is not a team id")))
}

/// `POST …/team` (`name`, `family`, `players` in board order, `captain`,
/// `tags` comma-separated): registers a team ([`Desk::add_team`]).
pub async fn add_team(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = format!(
        "team add --name {:?} --players {} --section {}",
        f.get("name").cloned().unwrap_or_default(),
        f.get("players").cloned().unwrap_or_default(),
        at.section
    );
    page_command(
        SectionPage::Teams,
        app,
        ctx,
        at,
        f,
        action,
        |d, who, sec, f| {
            let form = TeamForm {
                name: field(f, "name"),
                family: field(f, "family"),
                players: field(f, "players"),
                captain: field(f, "captain"),
                tag: field(f, "tags")
                    .map(|t| {
                        t.split(',')
                            .map(str::trim)
                            .filter(|t| !t.is_empty())
                            .map(str::to_string)
                            .collect()
                    })
                    .unwrap_or_default(),
            };
            d.add_team(who, Some(sec), &form)
        },
        |ctx, added| Err(ctx.tr.ts("admin-team-added", "name", &added.name)),
    )
    .await
}

/// `POST …/lineup` (`team`, `round`, `players` in board order): a team's
/// line-up for a round not yet paired ([`Desk::set_lineup`]).
pub async fn lineup(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = format!(
        "lineup {} {} {}",
        f.get("round").cloned().unwrap_or_default(),
        f.get("team").cloned().unwrap_or_default(),
        f.get("players").cloned().unwrap_or_default()
    );
    page_command(
        SectionPage::Teams,
        app,
        ctx,
        at,
        f,
        action,
        |d, who, _sec, f| {
            let team = team_field(f, "team")?;
            let round = field(f, "round").unwrap_or_default();
            let round: u32 = round.parse().map_err(|_| {
                DeskError::invalid("round", format!("'{round}' is not a round number"))
            })?;
            let players = field(f, "players").unwrap_or_default();
            d.set_lineup(who, round, team, &players)
        },
        |ctx, set| {
            let names: Vec<String> = set.players.iter().map(member).collect();
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("team", set.team.name.clone());
            args.set("round", set.round);
            args.set("players", names.join(", "));
            Err(ctx.tr.ta("admin-lineup-set", &args))
        },
    )
    .await
}

/// `POST …/team-out` (`team`, `round`, `what` = `absent` | `withdraw`):
/// the team is not paired in `round`, or from it on ([`Desk::team_absent`],
/// [`Desk::withdraw_team`]).
pub async fn team_out(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let team = f.get("team").cloned().unwrap_or_default();
    let withdraw = f.get("what").is_some_and(|w| w == "withdraw");
    let round = f.get("round").cloned().unwrap_or_default();
    let action = if withdraw {
        format!("team withdraw {team} --from-round {round}")
    } else {
        format!("team absent {team} --round {round}")
    };
    page_command(
        SectionPage::Teams,
        app,
        ctx,
        at,
        f,
        action,
        move |d, who, _sec, f| {
            let team = team_field(f, "team")?;
            let round = number_field(f, "round")?;
            if withdraw {
                d.withdraw_team(who, team, Some(round))
            } else {
                d.team_absent(who, team, round)
            }
        },
        |ctx, out| {
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("team", out.team.name.clone());
            args.set("round", out.round);
            let key = if out.withdrawn {
                "admin-team-out-withdrawn"
            } else {
                "admin-team-out-absent"
            };
            Err(ctx.tr.ta(key, &args))
        },
    )
    .await
}

/// `POST …/team-tags` (`team`, `tag`, `untag`): adds and removes a team's
/// tags ([`Desk::retag_team`]).
pub async fn team_tags(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let mut action = format!("team update {}", f.get("team").cloned().unwrap_or_default());
    for option in ["tag", "untag"] {
        if let Some(v) = field(&f, option) {
            action.push_str(&format!(" --{option} {v}"));
        }
    }
    page_command(
        SectionPage::Teams,
        app,
        ctx,
        at,
        f,
        action,
        |d, who, _sec, f| {
            let team = team_field(f, "team")?;
            let tag: Vec<String> = field(f, "tag").into_iter().collect();
            let untag: Vec<String> = field(f, "untag").into_iter().collect();
            d.retag_team(who, team, &tag, &untag)
        },
        |ctx, r| {
            let mut args = fluent_bundle::FluentArgs::new();
            args.set("team", r.team.name.clone());
            args.set(
                "tags",
                if r.tags.is_empty() {
                    ctx.tr.t("admin-team-no-tags")
                } else {
                    r.tags.join(", ")
                },
            );
            Err(ctx.tr.ta("admin-team-retagged", &args))
        },
    )
    .await
}

/// `POST …/pair-matches`: pairs the next round of matches
/// ([`Desk::pair_next_matches`]), then shows it for result entry.
pub async fn pair_matches(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let (e, s) = (at.event.clone(), at.section.clone());
    let action = format!("pair --section {s}");
    page_command(
        SectionPage::Teams,
        app,
        ctx,
        at,
        f,
        action,
        |d, who, sec, _f| d.pair_next_matches(who, Some(sec)),
        move |_ctx, view| {
            Ok(redirect(&format!(
                "/admin/e/{e}/{s}/matches/{}",
                view.round
            )))
        },
    )
    .await
}

// ---------------------------------------------------------------- round

#[derive(Template)]
#[template(path = "admin_team_round.html", blocks = ["live"])]
struct TeamRoundAdminPage {
    chrome: Chrome,
    nav: SectionNav,
    round: u32,
    matches: Vec<MatchEntry>,
    /// The team with the pairing-allocated bye.
    bye: Option<String>,
    /// `(code, shown)` of each board result.
    results: Vec<(&'static str, String)>,
    quick: QuickEntry,
    error: Option<Refusal>,
}

impl TeamRoundAdminPage {
    fn round_href(&self) -> String {
        format!(
            "/admin/e/{}/{}/matches/{}",
            self.nav.event, self.nav.section, self.round
        )
    }
}

/// One match: the team whose board-1 player has White first.
struct MatchEntry {
    number: u32,
    white_team: String,
    black_team: String,
    /// Game points of the white and the black team so far.
    score: (String, String),
    /// The forfeit recorded, as `+-` etc. seen from the team listed first.
    forfeit: Option<&'static str>,
    /// `(code, label)` of each forfeit, the teams named.
    forfeits: Vec<(&'static str, String)>,
    boards: Vec<BoardEntry>,
}

/// One board as its players sit: the result is entered as White and
/// Black sit on it.
struct BoardEntry {
    board: u32,
    white: String,
    black: String,
    /// The result's code in force, empty while the game is on.
    result: String,
    shown: String,
    /// Both seats taken and the match not forfeited: a result can be
    /// entered.
    open: bool,
}

fn seat(tr: &Tr, p: &Option<PlayerRef>) -> String {
    p.as_ref()
        .map_or_else(|| format!("({})", tr.t("teams-empty-seat")), member)
}

fn board_entry(tr: &Tr, b: &MatchBoardView, forfeited: bool) -> BoardEntry {
    BoardEntry {
        board: b.board,
        white: seat(tr, &b.white),
        black: seat(tr, &b.black),
        result: b.result.map(|r| r.code().to_string()).unwrap_or_default(),
        shown: shown_result(b.result),
        open: !forfeited && b.white.is_some() && b.black.is_some(),
    }
}

fn match_entry(tr: &Tr, m: &MatchView) -> MatchEntry {
    let (white, black) = (m.white_team(), m.black_team());
    let score = if white.team.id == m.first.team.id {
        m.score
    } else {
        (m.score.1, m.score.0)
    };
    let (first, second) = (&m.first.team.name, &m.second.team.name);
    MatchEntry {
        number: m.number,
        white_team: white.team.name.clone(),
        black_team: black.team.name.clone(),
        score: (points(tr, score.0), points(tr, score.1)),
        forfeit: m.forfeit.map(ForfeitResult::code),
        forfeits: FORFEITS
            .into_iter()
            .map(|f| {
                let label = match f {
                    ForfeitResult::FirstWins => tr.ts("admin-forfeit-wins", "team", first),
                    ForfeitResult::SecondWins => tr.ts("admin-forfeit-wins", "team", second),
                    ForfeitResult::Double => tr.t("admin-forfeit-double"),
                };
                (f.code(), format!("{} {label}", f.code()))
            })
            .collect(),
        boards: m
            .boards
            .iter()
            .map(|b| board_entry(tr, b, m.forfeit.is_some()))
            .collect(),
    }
}

async fn round_page(
    app: &AppState,
    ctx: &Ctx,
    (event, section): (&EventName, &str),
    round: u32,
    error: Option<Refusal>,
) -> Result<Response, WebError> {
    let (sec, e) = (section.to_string(), event.clone());
    let (_, (view, nav)): (_, (MatchRoundView, SectionNav)) =
        query(app, event.as_str(), move |d| {
            Ok((
                d.matches(Some(&sec), Some(round))?,
                section_nav(d, &e, &sec, round),
            ))
        })
        .await?;
    let tr = ctx.tr;
    let status = error.as_ref().map_or(StatusCode::OK, |e| e.status);
    let title = format!(
        "{} — {}",
        nav.event_name,
        tr.tn("round-title", "round", round)
    );
    let matches: Vec<MatchEntry> = view.matches.iter().map(|m| match_entry(&tr, m)).collect();
    let quick = QuickEntry {
        action: format!("{}/result", back_office_round(event, section, round)),
        next: matches
            .iter()
            .flat_map(|m| m.boards.iter().map(move |b| (m.number, b)))
            .find(|(_, b)| b.open && b.result.is_empty())
            .map(|(m, b)| format!("{m}.{}", b.board))
            .unwrap_or_default(),
        teams: true,
    };
    let page = TeamRoundAdminPage {
        chrome: Chrome::new(ctx, title).live(event),
        nav,
        round,
        matches,
        bye: view.bye.as_ref().map(|(s, _)| s.team.name.clone()),
        results: BOARD_RESULTS
            .into_iter()
            .map(|r| (r.code(), shown_result(Some(r))))
            .collect(),
        quick,
        error,
    };
    // The boards follow results typed elsewhere (the CLI, another arbiter).
    let mut response = live_html(ctx, &page, page.as_live());
    *response.status_mut() = status;
    Ok(response)
}

/// `GET /admin/e/{event}/{section}/matches/{round}`.
pub async fn round_home(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminRound {
        event,
        section,
        round: number,
        ..
    }: AdminRound,
) -> Result<Response, WebError> {
    round_page(&app, &ctx, (&event, &section), number, None).await
}

/// A number field of a round form (`match`, `board`).
fn number_field(f: &Fields, name: &str) -> Result<u32, DeskError> {
    let v = field(f, name).unwrap_or_default();
    v.parse()
        .map_err(|_| DeskError::invalid(name, format!("'{v}' is not a {name} number")))
}

/// The match and board of a board-result form: `match` and `board`, or
/// (the keyboard entry posted without its script) `board` alone as
/// `MATCH.BOARD`, `2.1` for board 1 of match 2.
fn match_and_board(f: &Fields) -> Result<(u32, u32), DeskError> {
    if field(f, "match").is_some() {
        return Ok((number_field(f, "match")?, number_field(f, "board")?));
    }
    let key = field(f, "board").unwrap_or_default();
    key.split_once('.')
        .and_then(|(m, b)| Some((m.trim().parse().ok()?, b.trim().parse().ok()?)))
        .ok_or_else(|| {
            DeskError::invalid(
                "board",
                format!("'{key}' is not MATCH.BOARD (2.1: board 1 of match 2)"),
            )
        })
}

/// `POST …/matches/{r}/result` (`match`, `board`, `result`; or `board` as
/// `MATCH.BOARD`): records or corrects one board's result
/// ([`Desk::record_board_result`]); answers JSON when asked, else the
/// round page (with the refusal, if refused).
pub async fn board_result(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminRound {
        event,
        section,
        round: number,
        user,
    }: AdminRound,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let text = |k: &str| field(&f, k).unwrap_or_default();
    let at = match_and_board(&f);
    let shown_at = match &at {
        Ok((m, board)) => format!("{m} {board}"),
        Err(_) => format!("{} {}", text("match"), text("board")),
    };
    let who = origin(
        &user,
        &format!(
            "result {number} {shown_at} {} --section {section}",
            text("result")
        ),
    );
    let sec = section.clone();
    let outcome = command(&app, &event, move |d| {
        let (m, board) = at?;
        let code = field(&f, "result").unwrap_or_default();
        d.record_board_result(&who, Some(&sec), number, m, board, &code)
    })
    .await?;
    match outcome {
        Ok(r) if ctx.json => Ok(Json(serde_json::json!({
            "match": r.number,
            "board": r.board,
            "result": r.result.code(),
            "shown": shown_result(Some(r.result)),
            "previous": r.previous.map(|p| p.code()),
            "corrected": r.previous.is_some_and(|p| p != r.result),
        }))
        .into_response()),
        Ok(_) => Ok(redirect(&back_office_round(&event, &section, number))),
        Err(e) if ctx.json => Err(desk_error(e)),
        Err(e) => {
            let refusal = Refusal::of(&ctx.tr, &e);
            round_page(&app, &ctx, (&event, &section), number, Some(refusal)).await
        }
    }
}

fn back_office_round(event: &EventName, section: &str, round: u32) -> String {
    format!("{}/matches/{round}", back_office(event, section))
}

/// `POST …/matches/{r}/forfeit` (`match`, `result` `+-`, `-+` or `--`):
/// the match forfeited as a whole ([`Desk::forfeit_match`]).
pub async fn forfeit(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminRound {
        event,
        section,
        round: number,
        user,
    }: AdminRound,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let who = origin(
        &user,
        &format!(
            "team forfeit {number} {} {} --section {section}",
            field(&f, "match").unwrap_or_default(),
            field(&f, "result").unwrap_or_default()
        ),
    );
    let sec = section.clone();
    let outcome = command(&app, &event, move |d| {
        let m = number_field(&f, "match")?;
        let code = field(&f, "result").unwrap_or_default();
        d.forfeit_match(&who, Some(&sec), number, m, &code)
    })
    .await?;
    match outcome {
        Ok(_) => Ok(redirect(&back_office_round(&event, &section, number))),
        Err(e) => {
            let refusal = Refusal::of(&ctx.tr, &e);
            round_page(&app, &ctx, (&event, &section), number, Some(refusal)).await
        }
    }
}
