//! `/admin/users`: administrators withdraw access — remove a user, revoke
//! a grant, set a password, end a user's sessions — through the same
//! [`crate::accounts::Accounts`] calls as `arbiter user …`, each ending the
//! user's sessions and logged with the administrator's name (`web: NAME`).

use askama::Template;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use super::admin::{Fields, Refusal, field, require_login};
use super::{Chrome, html};
use crate::accounts::{AccountError, LogLine, Role, Session, User};
use crate::context::Ctx;
use crate::data_dir::EventName;
use crate::error::{Message, WebError};
use crate::pages::login::redirect;
use crate::state::AppState;

/// A user as the page lists them.
struct Row {
    user: User,
    sessions: usize,
}

#[derive(Template)]
#[template(path = "admin_users.html")]
struct UsersPage {
    chrome: Chrome,
    rows: Vec<Row>,
    /// The latest changes of access first: when (UTC), who, what.
    log: Vec<(String, String, String)>,
    error: Option<Refusal>,
}

fn change(line: LogLine) -> (String, String, String) {
    let at = jiff::Timestamp::from_second(line.at).map_or_else(
        |_| line.at.to_string(),
        |t| t.strftime("%Y-%m-%d %H:%M:%S").to_string(),
    );
    (at, line.actor, format!("{} {}", line.action, line.detail))
}

/// The administrator's session, or the response that refuses the request
/// (the login for no session, 403 for an arbiter).
fn administrator(ctx: &Ctx) -> Result<Session, Box<Response>> {
    let session = require_login(ctx)?;
    if session.user.role != Role::Administrator {
        let forbidden = WebError::new(StatusCode::FORBIDDEN, Message::Key("error-forbidden"));
        return Err(Box::new(forbidden.into_response()));
    }
    Ok(session.clone())
}

/// `GET /admin/users`.
pub async fn page(State(app): State<AppState>, ctx: Ctx) -> Result<Response, WebError> {
    if let Err(refused) = administrator(&ctx) {
        return Ok(*refused);
    }
    users_page(&app, &ctx, None).await
}

async fn users_page(
    app: &AppState,
    ctx: &Ctx,
    error: Option<Refusal>,
) -> Result<Response, WebError> {
    let reader = app.clone();
    let (rows, log) = tokio::task::spawn_blocking(move || -> Result<_, AccountError> {
        let accounts = &reader.accounts;
        let mut rows = Vec::new();
        for user in accounts.users()? {
            let sessions = accounts.sessions(&user.name)?.len();
            rows.push(Row { user, sessions });
        }
        Ok((rows, accounts.log_lines()?))
    })
    .await
    .map_err(WebError::internal)??;
    let status = error.as_ref().map_or(StatusCode::OK, |e| e.status);
    let mut response = html(&UsersPage {
        chrome: Chrome::new(ctx, ctx.tr.t("users-title")),
        rows,
        log: log.into_iter().rev().take(50).map(change).collect(),
        error,
    });
    *response.status_mut() = status;
    Ok(response)
}

/// What an administrator may do to a user.
enum Action {
    Remove,
    Revoke(EventName),
    Password(String),
    LogoutAll,
}

/// `POST /admin/users` (`action` = remove, revoke, password or logout;
/// `name`; `event` or `password`): done, then the page again (303), or
/// the page with the refusal.
pub async fn act(
    State(app): State<AppState>,
    ctx: Ctx,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let admin = match administrator(&ctx) {
        Ok(s) => s,
        Err(refused) => return Ok(*refused),
    };
    let name = field(&f, "name").unwrap_or_default();
    let action = match field(&f, "action").as_deref() {
        Some("remove") => Action::Remove,
        Some("revoke") => {
            let text = field(&f, "event").unwrap_or_default();
            match EventName::parse(&text) {
                Ok(event) => Action::Revoke(event),
                Err(_) => return refuse(&app, &ctx, AccountError::BadEvent(text)).await,
            }
        }
        // A password is taken as typed: spaces may be part of it.
        Some("password") => Action::Password(f.get("password").cloned().unwrap_or_default()),
        Some("logout") => Action::LogoutAll,
        _ => return Err(WebError::bad_request(Message::Key("error-bad-action"))),
    };
    let actor = format!("web: {}", admin.user.name);
    let worker = app.clone();
    let run = move || -> Result<(), AccountError> {
        let accounts = &worker.accounts;
        match action {
            Action::Remove => accounts.remove_user(&name, &actor),
            Action::Revoke(event) => accounts.revoke(&name, &event, &actor),
            Action::Password(password) => accounts.set_password(&name, &password, &actor),
            Action::LogoutAll => accounts.logout_all(&name, &actor).map(drop),
        }
    };
    // A password is hashed: on the bounded pool of password work.
    let done = app.passwords.run(run).await?;
    match done {
        Ok(()) => Ok(redirect("/admin/users")),
        Err(e) => refuse(&app, &ctx, e).await,
    }
}

/// The page with `e` shown: 404 for an unknown user, 422 for a request
/// that cannot be done; a storage failure is the error page (503).
async fn refuse(app: &AppState, ctx: &Ctx, e: AccountError) -> Result<Response, WebError> {
    let status = match e {
        AccountError::NoSuchUser(_) => StatusCode::NOT_FOUND,
        AccountError::WeakPassword | AccountError::NotGranted(..) | AccountError::BadEvent(_) => {
            StatusCode::UNPROCESSABLE_ENTITY
        }
        other => return Err(other.into()),
    };
    let refusal = Refusal {
        status,
        headline: ctx.tr.t("users-refused"),
        field: None,
        message: e.to_string(),
    };
    users_page(app, ctx, Some(refusal)).await
}
