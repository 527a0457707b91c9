//! The middleware every request passes: it picks the language, finds the
//! session, enforces CSRF on mutating requests ([`crate::security::csrf`]),
//! and renders errors as pages ([`crate::pages::errors`]).

use axum::extract::{FromRequestParts, Request, State};
use axum::http::header::{ACCEPT, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::accounts::Session;
use crate::error::{Message, WebError};
use crate::i18n::{LANG_COOKIE, Lang, Tr, negotiate};
use crate::security::{client_addr, csrf, session};
use crate::state::AppState;

/// What a handler knows about its request.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub tr: Tr,
    pub session: Option<Session>,
    /// Path and query, without `lang=` (for the language links).
    pub here: String,
    /// The client asked for JSON (`Accept: application/json`).
    pub json: bool,
    /// The page's live script asks for its fragments only (`X-Fragment`).
    pub fragment: bool,
    /// The `Host` the client used (for the QR code's address).
    pub host: Option<String>,
    /// `?view=projector`: large type for a wall screen.
    pub projector: bool,
    /// The client's address, when the server knows it (rate limits): the
    /// peer's, or what a trusted proxy says it is.
    pub peer: Option<std::net::IpAddr>,
    /// The client reached a TLS-terminating proxy in front of the server
    /// (`X-Forwarded-Proto: https` or `Forwarded: proto=https`): cookies
    /// are marked `Secure`.
    pub https: bool,
}

/// True when a proxy says the request came over HTTPS. A client that
/// claims it falsely over plain HTTP only gets cookies its browser will
/// not send back.
fn forwarded_https(headers: &axum::http::HeaderMap) -> bool {
    let value = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_ascii_lowercase)
    };
    value("x-forwarded-proto")
        .is_some_and(|v| v.split(',').next().is_some_and(|p| p.trim() == "https"))
        || value("forwarded").is_some_and(|v| {
            // RFC 7239 §4: `proto=https` or the quoted `proto="https"`.
            v.split([';', ',']).any(|pair| {
                pair.split_once('=').is_some_and(|(key, value)| {
                    key.trim() == "proto" && value.trim().trim_matches('"') == "https"
                })
            })
        })
}

impl<S: Send + Sync> FromRequestParts<S> for Ctx {
    type Rejection = WebError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Ctx, WebError> {
        parts
            .extensions
            .get::<Ctx>()
            .cloned()
            .ok_or_else(|| WebError::internal("request context missing"))
    }
}

pub async fn request_context(
    State(app): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let query_lang = request
        .uri()
        .query()
        .and_then(|q| serde_urlencoded::from_str::<Vec<(String, String)>>(q).ok())
        .and_then(|pairs| pairs.into_iter().find(|(k, _)| k == "lang").map(|(_, v)| v));
    let chosen: Option<Lang> = query_lang.as_deref().and_then(|l| l.parse().ok());
    let headers = request.headers();
    let ctx = Ctx {
        tr: Tr::new(negotiate(query_lang.as_deref(), headers)),
        session: None,
        here: without_lang(request.uri()),
        json: headers
            .get(ACCEPT)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("application/json")),
        fragment: headers.contains_key("x-fragment"),
        host: headers
            .get(axum::http::header::HOST)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string),
        projector: request
            .uri()
            .query()
            .is_some_and(|q| q.split('&').any(|p| p == "view=projector")),
        peer: request
            .extensions()
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|c| client_addr::client(c.0.ip(), headers, &app.trusted_proxies)),
        https: forwarded_https(headers),
    };
    let response = match guarded(&app, ctx.clone(), request, next).await {
        Ok(response) => response,
        Err(error) => error.into_response(),
    };
    let mut response = crate::pages::errors::render(&ctx, response).await;
    if let Some(lang) = chosen {
        let cookie = format!(
            "{LANG_COOKIE}={}; Path=/; SameSite=Lax; Max-Age=31536000{}",
            lang.code(),
            session::secure_attribute(ctx.https)
        );
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(SET_COOKIE, v);
        }
    }
    response
}

/// Session lookup and the CSRF checks, then the handler.
async fn guarded(
    app: &AppState,
    mut ctx: Ctx,
    request: Request,
    next: Next,
) -> Result<Response, WebError> {
    if let Some(token) = session::session_token(request.headers()) {
        let token = token.to_string();
        let accounts = app.clone();
        ctx.session = tokio::task::spawn_blocking(move || accounts.accounts.session(&token))
            .await
            .map_err(WebError::internal)??;
    }
    let mut request = request;
    if csrf::is_mutating(request.method()) {
        let csrf_refused = WebError::new(StatusCode::FORBIDDEN, Message::Key("error-csrf"));
        if !csrf::same_origin(request.headers(), ctx.https) {
            return Err(csrf_refused);
        }
        let expected = match &ctx.session {
            Some(s) => Some(s.csrf.clone()),
            None => session::pre_session_token(request.headers()).map(str::to_string),
        };
        let (given, back) = csrf::carried_token(request).await.map_err(|()| {
            WebError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                Message::KeyArg("error-bad-request", "detail", "body too large".into()),
            )
        })?;
        request = back;
        match (expected, given) {
            (Some(e), Some(g)) if csrf::tokens_match(&e, &g) => {}
            _ => return Err(csrf_refused),
        }
    }
    request.extensions_mut().insert(ctx);
    Ok(next.run(request).await)
}

/// The request's path and query without its `lang` parameter.
fn without_lang(uri: &axum::http::Uri) -> String {
    let path = uri.path().to_string();
    let Some(query) = uri.query() else {
        return path;
    };
    let kept: Vec<&str> = query
        .split('&')
        .filter(|p| !p.starts_with("lang=") && !p.is_empty())
        .collect();
    if kept.is_empty() {
        path
    } else {
        format!("{path}?{}", kept.join("&"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderMap, HeaderValue};

    fn https(name: &'static str, value: &'static str) -> bool {
        let mut h = HeaderMap::new();
        h.insert(name, HeaderValue::from_static(value));
        forwarded_https(&h)
    }

    #[test]
    fn a_proxy_saying_https_in_any_rfc_7239_spelling_is_heard() {
        assert!(https("forwarded", "proto=https"));
        assert!(https("forwarded", "for=192.0.2.1;proto=\"https\""));
        assert!(https("forwarded", "for=192.0.2.1; Proto=HTTPS"));
        assert!(https("x-forwarded-proto", "https, http"));
        assert!(!https("forwarded", "proto=http"));
        assert!(!https("forwarded", "for=\"proto=https\""));
        assert!(!https("x-forwarded-proto", "http"));
    }
}
