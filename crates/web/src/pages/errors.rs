//! Every failed request becomes a page with its message (or JSON for a
//! JSON client), in the request's language; never a stack trace.

use askama::Template;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Json, Response};

use super::{Chrome, html};
use crate::context::Ctx;
use crate::error::Message;

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    chrome: Chrome,
    status: u16,
    message: String,
}

/// Replaces the body of an error response that is not a page already.
pub async fn render(ctx: &Ctx, response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let is_html = response
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let known = response
        .extensions()
        .get::<Message>()
        .map(|m| m.render(&ctx.tr));
    if known.is_none() && is_html {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let message = match known {
        Some(m) => m,
        None if status == axum::http::StatusCode::NOT_FOUND => ctx.tr.t("error-page-not-found"),
        None if status.is_server_error() => ctx.tr.t("error-internal"),
        // axum's own refusals name what is wrong ("missing field `name`").
        None => {
            let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
            let text = String::from_utf8_lossy(&text);
            let detail = if text.trim().is_empty() {
                status.canonical_reason().unwrap_or("").to_string()
            } else {
                text.trim().to_string()
            };
            ctx.tr.ts("error-bad-request", "detail", &detail)
        }
    };
    parts.headers.remove(CONTENT_TYPE);
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    let body = if ctx.json {
        Json(serde_json::json!({ "status": status.as_u16(), "error": message })).into_response()
    } else {
        let title = ctx.tr.t("error-title");
        html(&ErrorPage {
            chrome: Chrome::new(ctx, title),
            status: status.as_u16(),
            message,
        })
    };
    let (body_parts, body) = body.into_parts();
    parts.headers.extend(body_parts.headers);
    Response::from_parts(parts, body)
}
