//! Security of every request: response headers (Content-Security-Policy and
//! friends), the session cookie, CSRF protection of every mutating request,
//! and the login rate limit. Event and section names are checked where
//! they are parsed ([`crate::data_dir`]); HTML is escaped by the templates.

pub mod client_addr;
pub mod csrf;
pub mod headers;
pub mod password_checks;
pub mod rate_limit;
pub mod session;
