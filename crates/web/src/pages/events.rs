//! `/`: the published events; `/e/{event}/live`: their live channel;
//! `/e/{event}/qr.svg`: the QR code of the event's home.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Json, Response};

use super::{Chrome, html};
use crate::context::Ctx;
use crate::data_dir::EventName;
use crate::error::WebError;
use crate::state::AppState;

#[derive(Template)]
#[template(path = "events.html")]
struct EventsPage {
    chrome: Chrome,
    events: Vec<EventName>,
}

pub async fn list(State(app): State<AppState>, ctx: Ctx) -> Result<Response, WebError> {
    let events = {
        let app = app.clone();
        tokio::task::spawn_blocking(move || app.events.names())
            .await
            .map_err(WebError::internal)??
    };
    if ctx.json {
        let names: Vec<&str> = events.iter().map(EventName::as_str).collect();
        return Ok(Json(serde_json::json!({ "events": names })).into_response());
    }
    let title = ctx.tr.t("events-title");
    Ok(html(&EventsPage {
        chrome: Chrome::new(&ctx, title),
        events,
    }))
}

/// The event named in a URL, if it exists.
pub async fn existing_event(app: &AppState, name: &str) -> Result<EventName, WebError> {
    let event = EventName::parse(name)?;
    if exists(app, &event).await? {
        Ok(event)
    } else {
        Err(WebError::not_found(event.to_string()))
    }
}

/// Is there an event `event` (asked off the async threads: a database may
/// be asked)?
pub async fn exists(app: &AppState, event: &EventName) -> Result<bool, WebError> {
    let (app, event) = (app.clone(), event.clone());
    tokio::task::spawn_blocking(move || app.events.exists(&event))
        .await
        .map_err(WebError::internal)?
}

pub async fn live(
    State(app): State<AppState>,
    Path(name): Path<String>,
) -> Result<Response, WebError> {
    let event = existing_event(&app, &name).await?;
    Ok(crate::live::stream(app.hub.subscribe(&event)).into_response())
}

pub async fn qr(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(name): Path<String>,
) -> Result<Response, WebError> {
    let event = existing_event(&app, &name).await?;
    let host = ctx
        .host
        .filter(|h| {
            h.chars()
                .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
        })
        .unwrap_or_else(|| "localhost".to_string());
    let url = format!("http://{host}/e/{event}/");
    let code = qrcode::QrCode::new(url.as_bytes()).map_err(WebError::internal)?;
    let svg = code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(160, 160)
        .quiet_zone(true)
        .build();
    Ok((
        [
            (CONTENT_TYPE, "image/svg+xml"),
            (CACHE_CONTROL, "public, max-age=300"),
        ],
        svg,
    )
        .into_response())
}
