//! CSRF protection of every request that changes something (any method
//! but GET, HEAD and OPTIONS):
//! 1. a browser's `Sec-Fetch-Site` must say `same-origin` (or `none`: typed
//!    by the user), and an `Origin` header must name this host;
//! 2. the request must carry the token of its session (or, before login,
//!    of the login form's cookie): in the `x-csrf-token` header, the `csrf`
//!    query parameter (multipart forms), or the `csrf` field of an
//!    urlencoded form.
//!
//! Both checks run in one middleware ([`crate::context`]), so no handler
//! can forget them.

use axum::body::{Body, Bytes};
use axum::extract::Request;
use axum::http::header::{CONTENT_TYPE, HOST, ORIGIN};
use axum::http::{HeaderMap, Method};

/// The largest form body read for its token.
pub const MAX_FORM_BYTES: usize = 4 << 20;

/// The form field, query parameter and header that carry the token.
pub const FIELD: &str = "csrf";
pub const HEADER: &str = "x-csrf-token";

/// Does `method` change state?
pub fn is_mutating(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// Check 1: the request comes from a page of this site: an `Origin`
/// must be this site's scheme (`https` when a proxy says so, else `http`)
/// and host, as the client addressed it.
pub fn same_origin(headers: &HeaderMap, https: bool) -> bool {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok())
        && site != "same-origin"
        && site != "none"
    {
        return false;
    }
    match headers.get(ORIGIN) {
        None => true,
        Some(origin) => {
            let scheme = if https { "https" } else { "http" };
            let host = headers.get(HOST).and_then(|v| v.to_str().ok());
            let given = origin.to_str().ok().and_then(|o| o.split_once("://"));
            matches!((given, host), (Some((s, o)), Some(h))
                if s.eq_ignore_ascii_case(scheme) && o.eq_ignore_ascii_case(h))
        }
    }
}

/// Check 2: the token the request carries, reading (and putting back) an
/// urlencoded body when needed. `Err` when the body is too large or cannot
/// be read.
pub async fn carried_token(request: Request) -> Result<(Option<String>, Request), ()> {
    if let Some(t) = request.headers().get(HEADER).and_then(|v| v.to_str().ok()) {
        let t = t.to_string();
        return Ok((Some(t), request));
    }
    if let Some(t) = request
        .uri()
        .query()
        .and_then(|q| query_field(q.as_bytes()))
    {
        return Ok((Some(t), request));
    }
    let urlencoded = request
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if !urlencoded {
        return Ok((None, request));
    }
    let (parts, body) = request.into_parts();
    let bytes: Bytes = axum::body::to_bytes(body, MAX_FORM_BYTES)
        .await
        .map_err(|_| ())?;
    let token = query_field(&bytes);
    Ok((token, Request::from_parts(parts, Body::from(bytes))))
}

fn query_field(bytes: &[u8]) -> Option<String> {
    serde_urlencoded::from_bytes::<Vec<(String, String)>>(bytes)
        .ok()?
        .into_iter()
        .find(|(k, _)| k == FIELD)
        .map(|(_, v)| v)
}

/// Token comparison in time independent of where they differ.
pub fn tokens_match(expected: &str, given: &str) -> bool {
    expected.len() == given.len()
        && expected
            .bytes()
            .zip(given.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn cross_site_requests_are_refused() {
        let mut h = HeaderMap::new();
        h.insert(HOST, HeaderValue::from_static("127.0.0.1:8080"));
        assert!(same_origin(&h, false));
        h.insert(ORIGIN, HeaderValue::from_static("http://127.0.0.1:8080"));
        assert!(same_origin(&h, false));
        // The scheme counts: a plain-HTTP page may not post to the HTTPS
        // site, nor the other way round.
        assert!(!same_origin(&h, true));
        h.insert(ORIGIN, HeaderValue::from_static("https://127.0.0.1:8080"));
        assert!(same_origin(&h, true));
        assert!(!same_origin(&h, false));
        h.insert(ORIGIN, HeaderValue::from_static("http://evil.example"));
        assert!(!same_origin(&h, false));
        h.remove(ORIGIN);
        h.insert("sec-fetch-site", HeaderValue::from_static("cross-site"));
        assert!(!same_origin(&h, false));
        assert!(tokens_match("abc", "abc"));
        assert!(!tokens_match("abc", "abd"));
        assert!(!tokens_match("abc", "ab"));
        assert_eq!(query_field(b"a=1&csrf=xyz"), Some("xyz".to_string()));
    }
}
