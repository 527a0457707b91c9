//! `/login` and `/logout`.

use askama::Template;
use axum::extract::{Form, State};
use axum::http::StatusCode;
use axum::http::header::{LOCATION, SET_COOKIE};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::{Chrome, html};
use std::sync::Arc;

use crate::accounts::random_token;
use crate::context::Ctx;
use crate::error::WebError;
use crate::security::rate_limit::{LoginKeys, admit_login, login_succeeded, now_ms};
use crate::security::session;
use crate::state::AppState;

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    chrome: Chrome,
    form_token: String,
    name: String,
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct LoginForm {
    #[serde(default)]
    name: String,
    #[serde(default)]
    password: String,
}

/// The form, with a fresh token in its cookie and its hidden field.
fn form(
    ctx: &Ctx,
    status: StatusCode,
    name: String,
    error: Option<String>,
) -> Result<Response, WebError> {
    let token = random_token()?;
    let title = ctx.tr.t("login-title");
    let mut response = html(&LoginPage {
        chrome: Chrome::new(ctx, title),
        form_token: token.clone(),
        name,
        error,
    });
    *response.status_mut() = status;
    if let Ok(v) = session::pre_session_cookie(&token, ctx.https).parse() {
        response.headers_mut().append(SET_COOKIE, v);
    }
    Ok(response)
}

pub async fn page(ctx: Ctx) -> Result<Response, WebError> {
    if ctx.session.is_some() {
        return Ok(redirect("/admin"));
    }
    form(&ctx, StatusCode::OK, String::new(), None)
}

pub async fn submit(
    State(app): State<AppState>,
    ctx: Ctx,
    Form(login): Form<LoginForm>,
) -> Result<Response, WebError> {
    let ip = ctx
        .peer
        .map_or_else(|| "unknown".to_string(), |p| p.to_string());
    let keys = Arc::new(LoginKeys::new(&ip, &login.name));
    let at = now_ms();
    let counter = (app.clone(), keys.clone());
    let admitted =
        tokio::task::spawn_blocking(move || admit_login(&counter.0.accounts, &counter.1, at))
            .await
            .map_err(WebError::internal)??;
    if let Err(seconds) = admitted {
        let message = ctx.tr.tn("login-throttled", "seconds", seconds);
        let mut response = form(
            &ctx,
            StatusCode::TOO_MANY_REQUESTS,
            login.name,
            Some(message),
        )?;
        if let Ok(v) = seconds.to_string().parse() {
            response.headers_mut().insert("retry-after", v);
        }
        return Ok(response);
    }
    let checker = app.clone();
    let (name, password) = (login.name.clone(), login.password);
    let user = app
        .passwords
        .run(move || checker.accounts.verify(&name, &password))
        .await??;
    let Some(user) = user else {
        let message = ctx.tr.t("login-failed");
        return form(&ctx, StatusCode::UNAUTHORIZED, login.name, Some(message));
    };
    let starter = app.clone();
    let token = tokio::task::spawn_blocking(move || {
        login_succeeded(&starter.accounts, &keys, at)?;
        starter.accounts.start_session(&user)
    })
    .await
    .map_err(WebError::internal)??;
    let mut response = redirect("/admin");
    if let Ok(v) = session::session_cookie(&token, ctx.https).parse() {
        response.headers_mut().append(SET_COOKIE, v);
    }
    Ok(response)
}

pub async fn logout(
    State(app): State<AppState>,
    ctx: Ctx,
    headers: axum::http::HeaderMap,
) -> Result<Response, WebError> {
    if let Some(token) = session::session_token(&headers).map(str::to_string) {
        tokio::task::spawn_blocking(move || app.accounts.end_session(&token))
            .await
            .map_err(WebError::internal)??;
    }
    let mut response = redirect("/");
    if let Ok(v) = session::cleared_session_cookie(ctx.https).parse() {
        response.headers_mut().append(SET_COOKIE, v);
    }
    Ok(response)
}

/// `303 See Other` to `to` (after a form).
pub fn redirect(to: &str) -> Response {
    (StatusCode::SEE_OTHER, [(LOCATION, to.to_string())]).into_response()
}
