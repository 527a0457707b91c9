//! `/admin`: the back office. Every action is one application-layer
//! command — the same as the CLI's — recorded in the event's log with the
//! user's name (`web: anna: …`).

use std::collections::HashMap;

use arbiter_desk::{Desk, DeskError, NewEvent, PlayerForm, SectionForm};
use askama::Template;
use axum::extract::{Form, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};

use super::admitted::{AdminEvent, AdminRound, AdminSection};
use super::public::{RoundLines, SectionNav, round_lines, shown_result};
use super::{Chrome, html};
use crate::accounts::{Role, Session};
use crate::context::Ctx;
use crate::data_dir::EventName;
use crate::error::{Message, WebError};
use crate::events::{desk_error, origin, status_of};
use crate::i18n::Tr;
use crate::i18n::desk_error::explain;
use crate::pages::login::redirect;
use crate::state::AppState;

/// A submitted form, field by field.
pub(super) type Fields = HashMap<String, String>;

pub(super) fn field(f: &Fields, name: &str) -> Option<String> {
    f.get(name)
        .map(|v| v.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// The session of a back-office request, or a redirect to the login.
pub fn require_login(ctx: &Ctx) -> Result<&Session, Box<Response>> {
    ctx.session
        .as_ref()
        .ok_or_else(|| Box::new(redirect("/login")))
}

/// A refused command, shown on the page it came from: what was refused in
/// the page's language, the field at fault named, the desk's detail, the
/// status of its kind.
pub(super) struct Refusal {
    pub status: StatusCode,
    pub headline: String,
    pub field: Option<String>,
    pub message: String,
}

impl Refusal {
    pub(super) fn of(tr: &Tr, e: &DeskError) -> Refusal {
        Refusal {
            status: status_of(e.kind()),
            headline: explain(tr, e).0,
            field: e.field().map(str::to_string),
            message: e.message().to_string(),
        }
    }
}

/// Runs one command on `event` off the async threads.
pub(super) async fn command<T: Send + 'static>(
    app: &AppState,
    event: &EventName,
    run: impl FnOnce(&mut Desk) -> Result<T, DeskError> + Send + 'static,
) -> Result<Result<T, DeskError>, WebError> {
    let app = app.clone();
    let event = event.clone();
    tokio::task::spawn_blocking(move || app.events.write(&event, run))
        .await
        .map_err(WebError::internal)
}

// ---------------------------------------------------------------- home

#[derive(Template)]
#[template(path = "admin.html")]
struct AdminPage {
    chrome: Chrome,
    role: String,
    admin: bool,
    events: Vec<EventName>,
    error: Option<Refusal>,
    form: Fields,
}

async fn admin_page(
    app: &AppState,
    ctx: &Ctx,
    error: Option<Refusal>,
    form: Fields,
) -> Result<Response, WebError> {
    let session = match require_login(ctx) {
        Ok(s) => s,
        Err(r) => return Ok(*r),
    };
    let events = {
        let app = app.clone();
        tokio::task::spawn_blocking(move || app.events.names())
            .await
            .map_err(WebError::internal)??
    }
    .into_iter()
    .filter(|e| session.user.may_manage(e))
    .collect();
    let role = ctx.tr.t(match session.user.role {
        Role::Administrator => "role-administrator",
        Role::Arbiter => "role-arbiter",
    });
    let status = error.as_ref().map_or(StatusCode::OK, |e| e.status);
    let title = ctx.tr.t("admin-title");
    let mut response = html(&AdminPage {
        chrome: Chrome::new(ctx, title),
        role,
        admin: session.user.role == Role::Administrator,
        events,
        error,
        form,
    });
    *response.status_mut() = status;
    Ok(response)
}

pub async fn home(State(app): State<AppState>, ctx: Ctx) -> Result<Response, WebError> {
    admin_page(&app, &ctx, None, Fields::new()).await
}

/// `POST /admin/new`: a new event file with its first section
/// (administrators only).
pub async fn create_event(
    State(app): State<AppState>,
    ctx: Ctx,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let session = match require_login(&ctx) {
        Ok(s) => s.clone(),
        Err(r) => return Ok(*r),
    };
    if session.user.role != Role::Administrator {
        return Err(WebError::new(
            StatusCode::FORBIDDEN,
            Message::Key("error-forbidden"),
        ));
    }
    let refuse = |field: &str, message: String| Refusal {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        headline: ctx
            .tr
            .ts("desk-error-invalid-field", "field", &ctx.tr.t("admin-file")),
        field: Some(field.to_string()),
        message,
    };
    let file = field(&f, "file").unwrap_or_default();
    let event = match EventName::parse(&file) {
        Ok(e) => e,
        Err(e) => return admin_page(&app, &ctx, Some(refuse("file", e.to_string())), f).await,
    };
    if super::events::exists(&app, &event).await? {
        let message = ctx.tr.ts("admin-file-exists", "name", event.as_str());
        return admin_page(&app, &ctx, Some(refuse("file", message)), f).await;
    }
    let request = NewEvent {
        name: field(&f, "name").unwrap_or_default(),
        section: field(&f, "section").unwrap_or_else(|| "main".into()),
        config: section_form(&f),
    };
    let who = origin(&session.user.name, &format!("new {event}"));
    let app2 = app.clone();
    let e2 = event.clone();
    let created = tokio::task::spawn_blocking(move || app2.events.create(&e2, &who, &request))
        .await
        .map_err(WebError::internal)?;
    match created {
        Ok(()) => Ok(redirect(&format!("/admin/e/{event}/"))),
        Err(e) => admin_page(&app, &ctx, Some(Refusal::of(&ctx.tr, &e)), f).await,
    }
}

fn section_form(f: &Fields) -> SectionForm {
    SectionForm {
        rounds: field(f, "rounds"),
        system: field(f, "system"),
        tiebreaks: field(f, "tiebreaks"),
        scoring: field(f, "scoring"),
        avoid_team_pairings: f.get("avoid_team_pairings").map(|v| v == "on"),
        initial_colour: field(f, "initial_colour"),
        acceleration: field(f, "acceleration"),
        ..SectionForm::default()
    }
}

// ---------------------------------------------------------------- event

#[derive(Template)]
#[template(path = "admin_event.html")]
struct EventAdminPage {
    chrome: Chrome,
    event: String,
    name: String,
    sections: Vec<(String, usize, u32, u32)>,
    error: Option<Refusal>,
    notice: Option<String>,
    /// The add-section form starts empty.
    form: Fields,
}

async fn event_page(
    app: &AppState,
    ctx: &Ctx,
    event: &EventName,
    error: Option<Refusal>,
    notice: Option<String>,
) -> Result<Response, WebError> {
    let (_, summary) = super::public::query(app, event.as_str(), |d| Ok(d.summary())).await?;
    let status = error.as_ref().map_or(StatusCode::OK, |e| e.status);
    let title = format!("{} — {}", summary.info.name, ctx.tr.t("admin-title"));
    let mut response = html(&EventAdminPage {
        chrome: Chrome::new(ctx, title),
        event: event.to_string(),
        name: summary.info.name.clone(),
        sections: summary
            .sections
            .iter()
            .map(|s| (s.code.clone(), s.players, s.rounds_paired, s.config.rounds))
            .collect(),
        error,
        notice,
        form: Fields::new(),
    });
    *response.status_mut() = status;
    Ok(response)
}

pub async fn event_home(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminEvent,
) -> Result<Response, WebError> {
    event_page(&app, &ctx, &at.event, None, None).await
}

/// `POST /admin/e/{event}/section`: a new section.
pub async fn add_section(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminEvent { event, user }: AdminEvent,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let code = field(&f, "code").unwrap_or_default();
    let form = section_form(&f);
    let who = origin(&user, &format!("section add {code}"));
    match command(&app, &event, move |d| d.add_section(&who, &code, &form)).await? {
        Ok(s) => Ok(redirect(&format!("/admin/e/{event}/{}/", s.code))),
        Err(e) => event_page(&app, &ctx, &event, Some(Refusal::of(&ctx.tr, &e)), None).await,
    }
}

/// `POST /admin/e/{event}/details`: the event's descriptive data (empty
/// fields keep their value).
pub async fn details(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminEvent { event, user }: AdminEvent,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let form = arbiter_desk::EventDetailsForm {
        name: field(&f, "name"),
        city: field(&f, "city"),
        fed: field(&f, "fed"),
        start: field(&f, "start"),
        end: field(&f, "end"),
        kind: field(&f, "kind"),
        chief_arbiter: field(&f, "chief_arbiter"),
        deputies: field(&f, "deputies"),
        time_control: field(&f, "time_control"),
        round_dates: field(&f, "round_dates"),
    };
    let who = origin(&user, "event set");
    match command(&app, &event, move |d| d.set_details(&who, &form)).await? {
        Ok(_) => {
            let notice = ctx.tr.t("admin-details-set");
            event_page(&app, &ctx, &event, None, Some(notice)).await
        }
        Err(e) => event_page(&app, &ctx, &event, Some(Refusal::of(&ctx.tr, &e)), None).await,
    }
}

/// `POST /admin/e/{event}/undo`: cancels the latest action still in force.
pub async fn undo(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminEvent { event, user }: AdminEvent,
) -> Result<Response, WebError> {
    let who = origin(&user, "undo");
    match command(&app, &event, move |d| d.undo(&who)).await? {
        Ok(u) => {
            let what: Vec<String> = u.entries.iter().map(|(_, s)| s.clone()).collect();
            let notice = ctx.tr.ts("admin-undone", "what", &what.join("; "));
            event_page(&app, &ctx, &event, None, Some(notice)).await
        }
        Err(e) => event_page(&app, &ctx, &event, Some(Refusal::of(&ctx.tr, &e)), None).await,
    }
}

#[derive(Template)]
#[template(path = "admin_log.html")]
struct LogPage {
    chrome: Chrome,
    event: String,
    commands: Vec<arbiter_desk::LogCommand>,
}

pub async fn log(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminEvent { event, .. }: AdminEvent,
) -> Result<Response, WebError> {
    let (_, commands) = super::public::query(&app, event.as_str(), |d| d.log()).await?;
    let title = format!("{event} — {}", ctx.tr.t("admin-log"));
    Ok(html(&LogPage {
        chrome: Chrome::new(&ctx, title),
        event: event.to_string(),
        commands,
    }))
}

// ---------------------------------------------------------------- section

#[derive(Template)]
#[template(path = "admin_section.html")]
struct SectionAdminPage {
    chrome: Chrome,
    nav: SectionNav,
    players: Vec<CheckInRow>,
    next_round: u32,
    rounds: u32,
    error: Option<Refusal>,
    notice: Option<String>,
    form: Fields,
}

/// A player of the check-in list.
struct CheckInRow {
    id: u32,
    tpn: u32,
    name: String,
    rating: Option<u16>,
    withdrawn: Option<u32>,
}

impl SectionAdminPage {
    fn value(&self, name: &str) -> String {
        self.form.get(name).cloned().unwrap_or_default()
    }

    fn admin_href(&self) -> String {
        format!("/admin/e/{}/{}", self.nav.event, self.nav.section)
    }
}

pub(super) async fn section_page(
    app: &AppState,
    ctx: &Ctx,
    event: &EventName,
    section: &str,
    error: Option<Refusal>,
    notice: Option<String>,
    form: Fields,
) -> Result<Response, WebError> {
    let sec = section.to_string();
    let (_, (list, summary)) = super::public::query(app, event.as_str(), move |d| {
        Ok((d.players(Some(&sec))?, d.summary()))
    })
    .await?;
    let s = summary
        .sections
        .iter()
        .find(|s| s.code == section)
        .ok_or_else(|| WebError::not_found(section.to_string()))?;
    let status = error.as_ref().map_or(StatusCode::OK, |e| e.status);
    let nav = SectionNav {
        event: event.to_string(),
        event_name: summary.info.name.clone(),
        section: section.to_string(),
        rounds_paired: s.rounds_paired,
        current: "admin",
        current_round: 0,
        teams: s.config.is_team_section(),
    };
    let title = format!(
        "{} {} — {}",
        nav.event_name,
        section,
        ctx.tr.t("admin-title")
    );
    let mut response = html(&SectionAdminPage {
        chrome: Chrome::new(ctx, title),
        players: list
            .rows
            .iter()
            .map(|r| CheckInRow {
                id: r.id,
                tpn: r.tpn,
                name: r.player.name.clone(),
                rating: r.player.ratings.fide,
                withdrawn: r.withdrawn_from,
            })
            .collect(),
        next_round: s.rounds_paired + 1,
        rounds: s.config.rounds,
        nav,
        error,
        notice,
        form,
    });
    *response.status_mut() = status;
    Ok(response)
}

pub async fn section_home(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminSection { event, section, .. }: AdminSection,
) -> Result<Response, WebError> {
    section_page(&app, &ctx, &event, &section, None, None, Fields::new()).await
}

/// The back-office page of a section that a section command answers with.
#[derive(Clone, Copy)]
pub(super) enum SectionPage {
    /// The section page: players, check-in, byes, pairing.
    Overview,
    /// The teams page of a team section.
    Teams,
}

impl SectionPage {
    async fn show(
        self,
        app: &AppState,
        ctx: &Ctx,
        (event, section): (&EventName, &str),
        error: Option<Refusal>,
        notice: Option<String>,
        form: Fields,
    ) -> Result<Response, WebError> {
        match self {
            SectionPage::Overview => {
                section_page(app, ctx, event, section, error, notice, form).await
            }
            SectionPage::Teams => {
                super::admin_teams::teams_page(app, ctx, (event, section), error, notice, form)
                    .await
            }
        }
    }
}

/// One section command from a form, answered on the section page.
async fn section_command<T: Send + 'static>(
    app: AppState,
    ctx: Ctx,
    at: AdminSection,
    f: Fields,
    action: String,
    run: impl FnOnce(&mut Desk, &arbiter_desk::Origin, &str, &Fields) -> Result<T, DeskError>
    + Send
    + 'static,
    done: impl FnOnce(&Ctx, T) -> Result<Response, String>,
) -> Result<Response, WebError> {
    page_command(SectionPage::Overview, app, ctx, at, f, action, run, done).await
}

/// One section command from a form: run, then show `page` with
/// what happened (or the refusal, the form kept) — or the response `done`
/// makes.
#[allow(clippy::too_many_arguments)]
pub(super) async fn page_command<T: Send + 'static>(
    page: SectionPage,
    app: AppState,
    ctx: Ctx,
    AdminSection {
        event,
        section,
        user,
    }: AdminSection,
    f: Fields,
    action: String,
    run: impl FnOnce(&mut Desk, &arbiter_desk::Origin, &str, &Fields) -> Result<T, DeskError>
    + Send
    + 'static,
    done: impl FnOnce(&Ctx, T) -> Result<Response, String>,
) -> Result<Response, WebError> {
    let who = origin(&user, &action);
    let (sec, fields) = (section.clone(), f.clone());
    let at = (&event, section.as_str());
    match command(&app, &event, move |d| run(d, &who, &sec, &fields)).await? {
        Ok(outcome) => match done(&ctx, outcome) {
            Ok(response) => Ok(response),
            Err(notice) => {
                page.show(&app, &ctx, at, None, Some(notice), Fields::new())
                    .await
            }
        },
        Err(e) => {
            page.show(&app, &ctx, at, Some(Refusal::of(&ctx.tr, &e)), None, f)
                .await
        }
    }
}

fn player_form(f: &Fields) -> PlayerForm {
    PlayerForm {
        name: field(f, "name"),
        rating: field(f, "rating"),
        rapid: field(f, "rapid"),
        blitz: field(f, "blitz"),
        national: field(f, "national"),
        title: field(f, "title"),
        sex: field(f, "sex"),
        born: field(f, "born"),
        fed: field(f, "fed"),
        fide_id: field(f, "fide_id"),
        club: field(f, "club"),
        team: field(f, "team"),
        tags: field(f, "tags"),
        tag: Vec::new(),
        untag: Vec::new(),
    }
}

/// The player id of field `name` (a form's hidden field).
fn id_field(f: &Fields, name: &str) -> Result<u32, DeskError> {
    field(f, name)
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| DeskError::invalid(name, "a player id is needed"))
}

fn round_field(f: &Fields, name: &str) -> Result<Option<u32>, DeskError> {
    match field(f, name) {
        None => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|_| DeskError::invalid(name, format!("'{v}' is not a round number"))),
    }
}

pub async fn add_player(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = format!("player add --section {}", at.section);
    section_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, sec, f| d.add_player(who, Some(sec), &player_form(f)),
        |ctx, added| Err(ctx.tr.ts("admin-player-added", "name", &added.name)),
    )
    .await
}

pub async fn import_players(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = format!("player import --section {}", at.section);
    section_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, sec, f| {
            let csv = f.get("csv").cloned().unwrap_or_default();
            d.import_players_csv(who, Some(sec), "csv", csv.as_bytes())
        },
        |ctx, imported| {
            Err(ctx
                .tr
                .tn("admin-players-imported", "count", imported.ids.len()))
        },
    )
    .await
}

/// `POST …/settings`: the section's settings (empty fields keep theirs).
pub async fn settings(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = format!("section set {}", at.section);
    section_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, sec, f| d.configure_section(who, sec, &section_form(f)),
        |ctx, set| Err(ctx.tr.ts("admin-settings-set", "section", &set.code)),
    )
    .await
}

/// `POST …/update`: a registered player's data (`player` = id).
pub async fn update_player(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = format!(
        "player update {}",
        f.get("player").cloned().unwrap_or_default()
    );
    section_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, _sec, f| d.update_player(who, id_field(f, "player")?, &player_form(f)),
        |ctx, u| Err(ctx.tr.ts("admin-player-updated", "name", &u.name)),
    )
    .await
}

/// `POST …/withdraw?player=ID&action=withdraw|reinstate` (the buttons of
/// the check-in list).
pub async fn withdraw(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Query(q): Query<Fields>,
    Form(mut f): Form<Fields>,
) -> Result<Response, WebError> {
    f.extend(q);
    let reinstate = f.get("action").is_some_and(|a| a == "reinstate");
    let action = format!(
        "player {} {}",
        if reinstate { "reinstate" } else { "withdraw" },
        f.get("player").cloned().unwrap_or_default()
    );
    section_command(
        app,
        ctx,
        at,
        f,
        action,
        move |d, who, _sec, f| {
            let id = id_field(f, "player")?;
            let from = round_field(f, "from_round")?;
            if reinstate {
                d.reinstate(who, id, from)
            } else {
                d.withdraw(who, id, from)
            }
        },
        |ctx, w| {
            let key = if w.reinstated {
                "admin-reinstated"
            } else {
                "admin-withdrawn"
            };
            Err(ctx.tr.ts(key, "name", &w.player.name))
        },
    )
    .await
}

pub async fn bye(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = format!("bye {}", f.get("player").cloned().unwrap_or_default());
    section_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, _sec, f| {
            let id = id_field(f, "player")?;
            let round = round_field(f, "round")?
                .ok_or_else(|| DeskError::invalid("round", "a round number is needed"))?;
            let points = field(f, "points").unwrap_or_default();
            if points == "cancel" {
                d.cancel_bye(who, id, round)
            } else {
                d.request_bye(who, id, round, &points)
            }
        },
        |ctx, b| Err(ctx.tr.ts("admin-bye-set", "name", &b.player.name)),
    )
    .await
}

pub async fn forbid(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = "forbid".to_string();
    section_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, _sec, f| d.forbid(who, id_field(f, "a")?, id_field(f, "b")?),
        |ctx, fb| {
            Err(ctx.tr.ts(
                "admin-forbidden",
                "names",
                &format!("{} – {}", fb.a.name, fb.b.name),
            ))
        },
    )
    .await
}

/// `POST …/checkin`: the players not ticked present get a zero-point bye
/// for the next round, in one command ([`Desk::check_in`]).
pub async fn check_in(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = "check-in".to_string();
    section_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, sec, f| {
            let round = round_field(f, "round")?
                .ok_or_else(|| DeskError::invalid("round", "a round number is needed"))?;
            let present: Vec<u32> = f
                .keys()
                .filter_map(|k| k.strip_prefix("present-"))
                .map(|id| {
                    id.parse().map_err(|_| {
                        DeskError::invalid("player", format!("'{id}' is not a player id"))
                    })
                })
                .collect::<Result<_, _>>()?;
            d.check_in(who, Some(sec), round, &present)
        },
        |ctx, done| Err(ctx.tr.tn("admin-checked-in", "count", done.absent.len())),
    )
    .await
}

/// `POST …/pair`: publishes the proposed pairing `key`
/// ([`super::proposal`]), or pairs the next round at once when no key is
/// given; then shows the round for result entry.
pub async fn pair(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminSection,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let (e, s) = (at.event.clone(), at.section.clone());
    let action = format!("pair --section {s}");
    section_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, sec, f| match f.get("key") {
            Some(key) => d.publish_round(who, Some(sec), key),
            None => d.pair_next_round(who, Some(sec)),
        },
        move |_ctx, view| {
            let round = view.heading.round.unwrap_or(1);
            Ok(redirect(&format!("/admin/e/{e}/{s}/round/{round}")))
        },
    )
    .await
}

/// `POST …/round/{r}/pairing` (`board`, `white`, `black` — empty for the
/// bye —, `override`): a board set by hand (C.04.2 Art. 4.4), logged; a
/// forbidden pair or a rematch needs the override, which the log records.
pub async fn set_pairing(
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
    let override_rules = f.get("override").is_some_and(|v| v == "on");
    let who = origin(
        &user,
        &format!(
            "pairing set {number} {} {} {}{}",
            f.get("board").cloned().unwrap_or_default(),
            f.get("white").cloned().unwrap_or_default(),
            f.get("black").cloned().unwrap_or_default(),
            if override_rules { " --override" } else { "" }
        ),
    );
    let sec = section.clone();
    let outcome = command(&app, &event, move |d| {
        let board = round_field(&f, "board")?
            .ok_or_else(|| DeskError::invalid("board", "a board number is needed"))?;
        let request = arbiter_desk::SetPairing {
            section: Some(sec),
            round: number,
            board,
            white: id_field(&f, "white")?,
            black: match field(&f, "black") {
                None => None,
                Some(_) => Some(id_field(&f, "black")?),
            },
            override_rules,
        };
        d.set_pairing(&who, &request)
    })
    .await?;
    match outcome {
        Ok(_) => Ok(redirect(&format!(
            "/admin/e/{event}/{section}/round/{number}"
        ))),
        Err(e) if e.is_overridable() => Err(WebError::new(
            status_of(e.kind()),
            Message::Text(format!(
                "{} {e} — {}",
                explain(&ctx.tr, &e).0,
                ctx.tr.t("admin-override-hint")
            )),
        )),
        Err(e) => Err(desk_error(e)),
    }
}

// ---------------------------------------------------------------- results

#[derive(Template)]
#[template(path = "admin_round.html", blocks = ["live"])]
struct RoundAdminPage {
    chrome: Chrome,
    nav: SectionNav,
    round: RoundLines,
    quick: QuickEntry,
}

/// The keyboard entry of a round page (`templates/quick_entry.html`, the
/// script's fast result entry): where results are posted and the board
/// it starts on.
pub(super) struct QuickEntry {
    /// `…/round/{r}/result` or `…/matches/{r}/result`.
    pub action: String,
    /// The key of the first board without a result (`3`; `2.1` for board
    /// 1 of match 2), empty when every board has one.
    pub next: String,
    /// The boards of team matches: a board is `match.board`.
    pub teams: bool,
}

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
    let sec = section.clone();
    let (_, (view, summary)) = super::public::query(&app, event.as_str(), move |d| {
        Ok((d.pairings(Some(&sec), Some(number))?, d.summary()))
    })
    .await?;
    let lines = round_lines(&ctx.tr, &view, number);
    let quick = QuickEntry {
        action: format!("/admin/e/{event}/{section}/round/{number}/result"),
        next: lines
            .boards
            .iter()
            .find(|b| b.result.is_empty())
            .map(|b| b.number.to_string())
            .unwrap_or_default(),
        teams: false,
    };
    let nav = SectionNav {
        event: event.to_string(),
        event_name: summary.info.name.clone(),
        rounds_paired: summary
            .sections
            .iter()
            .find(|s| s.code == section)
            .map_or(0, |s| s.rounds_paired),
        section,
        current: "admin",
        current_round: number,
        // The boards of individuals: a team section's rounds are refused above.
        teams: false,
    };
    let title = format!(
        "{} — {}",
        nav.event_name,
        ctx.tr.tn("round-title", "round", number)
    );
    let page = RoundAdminPage {
        chrome: Chrome::new(&ctx, title).live(&event),
        nav,
        round: lines,
        quick,
    };
    // The boards follow results typed elsewhere (the CLI, another arbiter).
    Ok(super::live_html(&ctx, &page, page.as_live()))
}

/// `POST …/round/{r}/result` (`board`, `result`): records or corrects one
/// result; answers JSON for the keyboard entry, or the round page.
pub async fn result(
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
    let board = field(&f, "board").unwrap_or_default();
    let code = field(&f, "result").unwrap_or_default();
    let who = origin(
        &user,
        &format!("result {number} {board} {code} --section {section}"),
    );
    let sec = section.clone();
    let outcome = command(&app, &event, move |d| {
        let board: u32 = board
            .parse()
            .map_err(|_| DeskError::invalid("board", format!("'{board}' is not a board number")))?;
        d.record_result(&who, Some(&sec), number, board, &code)
    })
    .await?;
    match outcome {
        Ok(r) if ctx.json => Ok(Json(serde_json::json!({
            "board": r.board,
            "result": r.result.code(),
            "shown": shown_result(Some(r.result)),
            "previous": r.previous.map(|p| p.code()),
            "corrected": r.previous.is_some_and(|p| p != r.result),
        }))
        .into_response()),
        Ok(_) => Ok(redirect(&format!(
            "/admin/e/{event}/{section}/round/{number}"
        ))),
        Err(e) => Err(desk_error(e)),
    }
}

/// `GET …/players.csv`: the section's players with every attribute, in
/// the columns the CSV import reads (birth dates and tags: back office
/// only).
pub async fn players_csv(
    State(app): State<AppState>,
    AdminSection { event, section, .. }: AdminSection,
) -> Result<Response, WebError> {
    let sec = section.clone();
    let (_, text) =
        super::public::query(&app, event.as_str(), move |d| d.players_csv(Some(&sec))).await?;
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "text/csv; charset=utf-8".to_string(),
            ),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{event}-{section}-players.csv\""),
            ),
        ],
        text,
    )
        .into_response())
}
