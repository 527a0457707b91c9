//! Choosing the language of a request.

use axum::http::HeaderMap;
use axum::http::header::{ACCEPT_LANGUAGE, COOKIE};

use super::Lang;

/// The cookie that remembers a `?lang=` choice.
pub const LANG_COOKIE: &str = "lang";

/// The language of a request: `?lang=` (from `query_lang`), else the
/// `lang` cookie, else the best `Accept-Language` entry we speak (by
/// q-value, then order), else English.
pub fn negotiate(query_lang: Option<&str>, headers: &HeaderMap) -> Lang {
    if let Some(lang) = query_lang.and_then(|q| q.parse().ok()) {
        return lang;
    }
    if let Some(lang) = cookie(headers, LANG_COOKIE).and_then(|c| c.parse().ok()) {
        return lang;
    }
    headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(accept_language)
        .unwrap_or_default()
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// The supported language an `Accept-Language` value prefers (RFC 9110
/// §12.5.4): `pl-PL,pl;q=0.9,en;q=0.5` → Polish.
fn accept_language(value: &str) -> Option<Lang> {
    let mut best: Option<(u32, Lang)> = None;
    for item in value.split(',') {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or("").trim();
        let q = parts
            .filter_map(|p| p.trim().strip_prefix("q="))
            .next()
            .map_or(1000, quality);
        let primary = tag.split('-').next().unwrap_or("");
        let Ok(lang) = primary.parse::<Lang>() else {
            continue;
        };
        if q > 0 && best.is_none_or(|(bq, _)| q > bq) {
            best = Some((q, lang));
        }
    }
    best.map(|(_, lang)| lang)
}

/// A q-value in thousandths (`0.9` → 900); malformed → 0.
fn quality(text: &str) -> u32 {
    let (int, frac) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    let int: u32 = match int {
        "0" => 0,
        "1" => 1000,
        _ => return 0,
    };
    let digits: String = frac.chars().take(3).collect();
    if !digits.chars().all(|c| c.is_ascii_digit()) {
        return 0;
    }
    let frac: u32 = format!("{digits:0<3}").parse().unwrap_or(0);
    (int + frac).min(1000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn query_then_cookie_then_accept_language() {
        let h = headers(&[
            ("accept-language", "ru-RU,ru;q=0.9"),
            ("cookie", "a=b; lang=it"),
        ]);
        assert_eq!(negotiate(Some("pl"), &h), Lang::Pl);
        assert_eq!(negotiate(Some("xx"), &h), Lang::It);
        assert_eq!(negotiate(None, &h), Lang::It);
        let h = headers(&[("accept-language", "de-DE,de;q=0.9,pl;q=0.8,en;q=0.7")]);
        assert_eq!(negotiate(None, &h), Lang::Pl);
        let h = headers(&[("accept-language", "en;q=0.2, ru;q=0.9")]);
        assert_eq!(negotiate(None, &h), Lang::Ru);
        let h = headers(&[("accept-language", "fr, de")]);
        assert_eq!(negotiate(None, &h), Lang::En);
        let h = headers(&[("accept-language", "it;q=0, en")]);
        assert_eq!(negotiate(None, &h), Lang::En);
    }
}
