//! The stylesheet and the script, embedded in the binary.

use axum::extract::Path;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

use crate::error::WebError;

const FILES: [(&str, &str, &[u8]); 2] = [
    (
        "app.css",
        "text/css; charset=utf-8",
        include_bytes!("../../assets/app.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../assets/app.js"),
    ),
];

pub async fn asset(Path(name): Path<String>) -> Result<Response, WebError> {
    let (_, mime, body) = FILES
        .iter()
        .find(|(n, _, _)| *n == name)
        .ok_or_else(|| WebError::not_found(name.clone()))?;
    Ok((
        [
            (CONTENT_TYPE, *mime),
            (CACHE_CONTROL, "public, max-age=300"),
        ],
        *body,
    )
        .into_response())
}
