//! Errors of a request. A handler returns [`WebError`]; the
//! [`crate::pages::errors`] layer turns it (and every other 4xx/5xx, such as
//! a malformed form refused by axum) into a page in the request's language,
//! or into `{"error": …}` for a JSON client. No error shows a stack trace.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::i18n::Tr;

/// The text of an error, translated when the page is rendered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// A catalogue message without arguments.
    Key(&'static str),
    /// A catalogue message with one text argument.
    KeyArg(&'static str, &'static str, String),
    /// A message already written.
    Text(String),
    /// An application-layer error: its kind and field in the page's
    /// language, then the desk's own detail ([`crate::i18n::desk_error`]).
    Desk(arbiter_desk::DeskError),
}

impl Message {
    pub fn render(&self, tr: &Tr) -> String {
        match self {
            Message::Key(key) => tr.t(key),
            Message::KeyArg(key, name, value) => tr.ts(key, name, value),
            Message::Text(text) => text.clone(),
            Message::Desk(e) => {
                let (headline, detail) = crate::i18n::desk_error::explain(tr, e);
                format!("{headline} {detail}")
            }
        }
    }
}

/// A failed request: the status and what to tell the user.
#[derive(Clone, Debug)]
pub struct WebError {
    pub status: StatusCode,
    pub message: Message,
}

impl WebError {
    pub fn new(status: StatusCode, message: Message) -> WebError {
        WebError { status, message }
    }

    /// 404 naming what was not found.
    pub fn not_found(what: impl Into<String>) -> WebError {
        WebError::new(
            StatusCode::NOT_FOUND,
            Message::KeyArg("error-not-found", "what", what.into()),
        )
    }

    /// 400 with the catalogue message `key`.
    pub fn bad_request(message: Message) -> WebError {
        WebError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 500; the detail goes to the server's log, not to the page.
    pub fn internal(detail: impl std::fmt::Display) -> WebError {
        eprintln!("arbiter serve: internal error: {detail}");
        WebError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            Message::Key("error-internal"),
        )
    }

    /// 503: the event files or the database cannot be reached or written
    /// just now; the detail goes to the server's log, not to the page.
    pub fn storage(detail: impl std::fmt::Display) -> WebError {
        eprintln!("arbiter serve: storage: {detail}");
        WebError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            Message::Key("error-storage"),
        )
    }
}

impl From<crate::data_dir::BadName> for WebError {
    fn from(e: crate::data_dir::BadName) -> WebError {
        WebError::new(
            StatusCode::NOT_FOUND,
            Message::KeyArg("error-bad-event-name", "name", e.0),
        )
    }
}

impl From<crate::accounts::AccountError> for WebError {
    fn from(e: crate::accounts::AccountError) -> WebError {
        use crate::accounts::AccountError;
        match e {
            AccountError::Database { .. } => WebError::storage(e),
            AccountError::Busy => {
                WebError::new(StatusCode::SERVICE_UNAVAILABLE, Message::Key("error-busy"))
            }
            _ => WebError::internal(e),
        }
    }
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let mut response = self.status.into_response();
        response.extensions_mut().insert(self.message);
        response
    }
}
