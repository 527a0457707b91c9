//! The session and CSRF cookies.

use axum::http::HeaderMap;

use crate::accounts::SESSION_SECONDS;
use crate::i18n::negotiate::cookie;

/// The login cookie: HttpOnly (no script reads it), SameSite=Strict (no
/// other site's page sends it).
pub const SESSION_COOKIE: &str = "arbiter_session";

/// The token that guards the login form before a session exists.
pub const PRE_SESSION_COOKIE: &str = "arbiter_csrf";

pub fn session_token(headers: &HeaderMap) -> Option<&str> {
    cookie(headers, SESSION_COOKIE).filter(|t| is_token(t))
}

pub fn pre_session_token(headers: &HeaderMap) -> Option<&str> {
    cookie(headers, PRE_SESSION_COOKIE).filter(|t| is_token(t))
}

/// A `Set-Cookie` value for the session.
pub fn session_cookie(token: &str) -> String {
    format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age={SESSION_SECONDS}"
    )
}

/// A `Set-Cookie` value that ends the session.
pub fn cleared_session_cookie() -> String {
    format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0")
}

/// A `Set-Cookie` value for the login form's token.
pub fn pre_session_cookie(token: &str) -> String {
    format!("{PRE_SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=3600")
}

/// Tokens are 64 hex digits ([`crate::accounts::random_token`]).
fn is_token(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}
