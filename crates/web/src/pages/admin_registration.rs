//! `/admin/e/{event}/registrations`: the organiser's queue of online
//! entries (issue 15 part 1) — every entry with its contact data, standing,
//! fee and likely duplicates; accept (the player is registered through the
//! desk, as `player add`), reject, withdraw, move to another section; and
//! the form's settings. Each action is the desk command the CLI's
//! `arbiter registration …` runs.

use std::collections::HashMap;

use arbiter_desk::{
    Desk, DeskError, Holder, Origin, Promoted, RegistrationList, RegistrationSettingsForm,
};
use arbiter_model::journal::{Likeness, Standing};
use askama::Template;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::response::Response;

use super::admin::{Refusal, command};
use super::admitted::AdminEvent;
use super::{Chrome, html};
use crate::context::Ctx;
use crate::data_dir::EventName;
use crate::error::WebError;
use crate::events::origin;
use crate::i18n::Tr;
use crate::state::AppState;

type Fields = HashMap<String, String>;

fn field(f: &Fields, name: &str) -> Option<String> {
    f.get(name).map(|v| v.trim().to_string())
}

/// One entry of the queue.
struct Row {
    number: u32,
    submitted: String,
    section: String,
    name: String,
    data: String,
    email: String,
    phone: String,
    standing: String,
    pending: bool,
    notes: Vec<String>,
}

#[derive(Template)]
#[template(path = "admin_registration.html")]
struct QueuePage {
    chrome: Chrome,
    event: String,
    event_name: String,
    /// `main 12/50, 3 waiting`, one per section offered.
    summary: Vec<String>,
    rows: Vec<Row>,
    sections: Vec<String>,
    error: Option<Refusal>,
    notice: Option<String>,
    configured: bool,
}

fn standing(tr: &Tr, s: Standing) -> String {
    match s {
        Standing::Place => tr.t("register-standing-place"),
        Standing::WaitingList(n) => tr.tn("register-standing-waiting", "position", n),
        Standing::Accepted(id) => tr.tn("admin-registration-accepted-as", "player", id),
        Standing::Rejected => tr.t("register-standing-rejected"),
        Standing::Withdrawn => tr.t("register-standing-withdrawn"),
    }
}

fn rows(tr: &Tr, list: &RegistrationList) -> Vec<Row> {
    list.rows
        .iter()
        .map(|r| {
            let p = &r.player;
            let data: Vec<String> = [
                p.fide_id.map(|i| format!("FIDE {i}")),
                p.birth_date.map(|b| b.to_string()),
                p.sex.map(|s| format!("{s:?}").to_lowercase()),
                p.federation.clone(),
                p.club.clone(),
            ]
            .into_iter()
            .flatten()
            .collect();
            let mut notes = Vec::new();
            if r.late {
                notes.push(tr.t("register-late-entry"));
            }
            if r.by_arbiter {
                notes.push(tr.t("admin-registration-by-arbiter"));
            }
            if !p.tags.is_empty() {
                notes.push(tr.ts("admin-registration-claims", "tags", &p.tags.join(", ")));
            }
            if let Some(f) = &r.fee {
                notes.push(format!(
                    "{}: {} {}",
                    tr.t("register-fee"),
                    tr.num(&f.due.to_string()),
                    f.currency
                ));
            }
            for d in &r.duplicates {
                let who = match &d.holder {
                    Holder::Entry(n) => format!("#{n}"),
                    Holder::Player { id, name } => format!("{name} ({id})"),
                };
                let key = match d.likeness {
                    Likeness::FideId => "admin-registration-same-fide",
                    Likeness::NameAndBirth => "admin-registration-same-name",
                };
                notes.push(tr.ts(key, "who", &who));
            }
            if let Some(reason) = &r.reason {
                notes.push(reason.clone());
            }
            Row {
                number: r.number,
                submitted: format!(
                    "{} {}",
                    tr.date(r.submitted_at.date()),
                    tr.time(r.submitted_at.time())
                ),
                section: r.section.clone(),
                name: p.name.clone(),
                data: data.join(" · "),
                email: r.email.clone().unwrap_or_default(),
                phone: r.phone.clone().unwrap_or_default(),
                standing: standing(tr, r.standing),
                pending: matches!(r.standing, Standing::Place | Standing::WaitingList(_)),
                notes,
            }
        })
        .collect()
}

async fn queue_page(
    app: &AppState,
    ctx: &Ctx,
    event: &EventName,
    error: Option<Refusal>,
    notice: Option<String>,
) -> Result<Response, WebError> {
    let (_, (list, summary)) = super::public::query(app, event.as_str(), |d| {
        let list = match d.registrations(jiff::Timestamp::now()) {
            Ok(l) => Some(l),
            Err(e) if e.kind() == arbiter_desk::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        Ok((list, d.summary()))
    })
    .await?;
    let tr = ctx.tr;
    let status = error.as_ref().map_or(StatusCode::OK, |e| e.status);
    let title = format!(
        "{} — {}",
        summary.info.name,
        tr.t("admin-registration-title")
    );
    let mut response = html(&QueuePage {
        chrome: Chrome::new(ctx, title),
        event: event.to_string(),
        event_name: summary.info.name.clone(),
        summary: list
            .as_ref()
            .map(|l| {
                l.offer
                    .sections
                    .iter()
                    .map(|s| match s.cap {
                        Some(cap) => {
                            format!(
                                "{} {}/{cap} · {}",
                                s.code,
                                s.taken,
                                tr.tn("register-waiting-list", "waiting", s.waiting)
                            )
                        }
                        None => format!("{} {}", s.code, s.taken),
                    })
                    .collect()
            })
            .unwrap_or_default(),
        rows: list.as_ref().map(|l| rows(&tr, l)).unwrap_or_default(),
        sections: summary.sections.iter().map(|s| s.code.clone()).collect(),
        error,
        notice,
        configured: list.is_some(),
    });
    *response.status_mut() = status;
    Ok(response)
}

/// `GET /admin/e/{event}/registrations`.
pub async fn queue(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminEvent,
) -> Result<Response, WebError> {
    queue_page(&app, &ctx, &at.event, None, None).await
}

/// One decision or setting from a form: run the desk command,
/// then the queue with what happened (or the refusal).
async fn queue_command<T: Send + 'static>(
    app: AppState,
    ctx: Ctx,
    AdminEvent { event, user }: AdminEvent,
    action: String,
    run: impl FnOnce(&mut Desk, &Origin) -> Result<T, DeskError> + Send + 'static,
    promoted: impl FnOnce(&T) -> Vec<Promoted>,
    notice: impl FnOnce(&Tr, T) -> String,
) -> Result<Response, WebError> {
    let who = origin(&user, &action);
    match command(&app, &event, move |d| run(d, &who)).await? {
        Ok(outcome) => {
            crate::mail::send(&app, &event, crate::mail::moved_up(promoted(&outcome)));
            let notice = notice(&ctx.tr, outcome);
            queue_page(&app, &ctx, &event, None, Some(notice)).await
        }
        Err(e) => queue_page(&app, &ctx, &event, Some(Refusal::of(&ctx.tr, &e)), None).await,
    }
}

/// `POST /admin/e/{event}/registrations/settings` (empty fields keep
/// their value).
pub async fn settings(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminEvent,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let keep_or = |name: &str| field(&f, name).filter(|v| !v.is_empty());
    let form = RegistrationSettingsForm {
        opens: keep_or("opens"),
        closes: keep_or("closes"),
        late_until: keep_or("late_until"),
        utc_offset: keep_or("utc_offset"),
        sections: keep_or("sections"),
        cap: keep_or("cap"),
        fields: keep_or("fields"),
        required: keep_or("required"),
        tags: keep_or("tags"),
    };
    queue_command(
        app,
        ctx,
        at,
        "registration set".into(),
        move |d, who| d.configure_registration(who, &form),
        |set| set.promoted.clone(),
        |tr, _| tr.t("admin-registration-set"),
    )
    .await
}

/// `POST /admin/e/{event}/registrations/decide`: `number` and `action`
/// (accept, reject with `reason`, withdraw, move to `section`).
pub async fn decide(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminEvent,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let number = field(&f, "number").unwrap_or_default();
    let action = field(&f, "action").unwrap_or_default();
    let (section, reason) = (
        field(&f, "section").unwrap_or_default(),
        field(&f, "reason").filter(|r| !r.is_empty()),
    );
    queue_command(
        app,
        ctx,
        at,
        format!("registration {action} {number}"),
        move |d, who| {
            let n: u32 = number.parse().map_err(|_| {
                DeskError::invalid("number", format!("'{number}' is not an entry number"))
            })?;
            match action.as_str() {
                "accept" => d.accept_registration(who, n),
                "reject" => d.reject_registration(who, n, reason.as_deref()),
                "withdraw" => d.withdraw_registration_entry(who, n),
                "move" => d.move_registration(who, n, &section),
                other => Err(DeskError::invalid(
                    "action",
                    format!("'{other}' is not accept, reject, withdraw or move"),
                )),
            }
        },
        |d| d.promoted.clone(),
        |tr, d| {
            let mut notice = format!("#{} {}: {}", d.number, d.name, standing(tr, d.standing));
            for p in &d.promoted {
                notice.push_str(" · ");
                notice.push_str(&tr.ts(
                    "admin-registration-promoted",
                    "who",
                    &format!("#{} {}", p.number, p.name),
                ));
            }
            notice
        },
    )
    .await
}
