//! The preamble of every back-office page of an event, as extractors: the
//! event's name in the path checked (a bad one is 404), the section's too
//! where the route has one, then the session allowed to manage the event
//! (none: the login; another arbiter's event: 403), then the round number
//! where the route has one (not a number: 404). A handler that takes an
//! [`AdminEvent`], [`AdminSection`] or [`AdminRound`] runs only when all
//! of that holds.

use std::collections::HashMap;

use axum::extract::{FromRequestParts, Path};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};

use super::admin::require_login;
use super::public::round_number;
use crate::context::Ctx;
use crate::data_dir::{EventName, check_name};
use crate::error::{Message, WebError};

/// An event of `/admin/e/{event}/…` that the session may manage.
pub struct AdminEvent {
    pub event: EventName,
    /// The user's name, for the log ([`crate::events::origin`]).
    pub user: String,
}

/// A section of `/admin/e/{event}/{section}/…` of an event the session
/// may manage.
pub struct AdminSection {
    pub event: EventName,
    pub section: String,
    pub user: String,
}

/// A round of `/admin/e/{event}/{section}/…/{round}` of an event the
/// session may manage.
pub struct AdminRound {
    pub event: EventName,
    pub section: String,
    pub round: u32,
    pub user: String,
}

/// The path's parameters by their names in the route.
struct Params(HashMap<String, String>);

impl Params {
    fn get(&self, name: &str) -> &str {
        self.0.get(name).map_or("", String::as_str)
    }
}

fn refused(e: impl Into<WebError>) -> Response {
    e.into().into_response()
}

/// The checks in their order: the names, then the session; what the
/// caller reads of the path after them.
async fn admit<S: Send + Sync>(
    parts: &mut Parts,
    state: &S,
    with_section: bool,
) -> Result<(Params, EventName, String), Response> {
    let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
        .await
        .map_err(IntoResponse::into_response)?;
    let params = Params(params);
    let event = EventName::parse(params.get("event")).map_err(refused)?;
    if with_section {
        check_name(params.get("section")).map_err(refused)?;
    }
    let ctx = Ctx::from_request_parts(parts, state)
        .await
        .map_err(IntoResponse::into_response)?;
    let session = require_login(&ctx).map_err(|r| *r)?;
    if !session.user.may_manage(&event) {
        return Err(refused(WebError::new(
            StatusCode::FORBIDDEN,
            Message::Key("error-forbidden"),
        )));
    }
    let user = session.user.name.clone();
    Ok((params, event, user))
}

impl<S: Send + Sync> FromRequestParts<S> for AdminEvent {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let (_, event, user) = admit(parts, state, false).await?;
        Ok(AdminEvent { event, user })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for AdminSection {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let (params, event, user) = admit(parts, state, true).await?;
        Ok(AdminSection {
            event,
            section: params.get("section").to_string(),
            user,
        })
    }
}

impl<S: Send + Sync> FromRequestParts<S> for AdminRound {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Response> {
        let (params, event, user) = admit(parts, state, true).await?;
        let round = round_number(params.get("round")).map_err(refused)?;
        Ok(AdminRound {
            event,
            section: params.get("section").to_string(),
            round,
            user,
        })
    }
}
