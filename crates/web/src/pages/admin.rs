//! `/admin`: the back office (log in first).

use askama::Template;
use axum::extract::State;
use axum::response::Response;

use super::{Chrome, html};
use crate::accounts::{Role, Session};
use crate::context::Ctx;
use crate::data_dir::EventName;
use crate::error::WebError;
use crate::pages::login::redirect;
use crate::state::AppState;

#[derive(Template)]
#[template(path = "admin.html")]
struct AdminPage {
    chrome: Chrome,
    role: String,
    events: Vec<EventName>,
}

/// The session of a back-office request, or a redirect to the login.
pub fn require_login(ctx: &Ctx) -> Result<&Session, Response> {
    ctx.session.as_ref().ok_or_else(|| redirect("/login"))
}

pub async fn home(State(app): State<AppState>, ctx: Ctx) -> Result<Response, WebError> {
    let session = match require_login(&ctx) {
        Ok(s) => s,
        Err(r) => return Ok(r),
    };
    let events = app
        .data
        .events()
        .map_err(WebError::internal)?
        .into_iter()
        .filter(|e| session.user.may_manage(e))
        .collect();
    let role = ctx.tr.t(match session.user.role {
        Role::Administrator => "role-administrator",
        Role::Arbiter => "role-arbiter",
    });
    let title = ctx.tr.t("admin-title");
    Ok(html(&AdminPage {
        chrome: Chrome::new(&ctx, title),
        role,
        events,
    }))
}
