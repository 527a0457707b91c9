//! The pages: the layout shared by all ([`Chrome`]), the public pages, the
//! login and the back office, and the error pages.

pub mod admin;
pub mod admin_registration;
pub mod admin_teams;
pub mod admin_users;
pub mod admitted;
pub mod assets;
pub mod awards;
pub mod errors;
pub mod events;
pub mod login;
pub mod proposal;
pub mod public;
pub mod registration;
pub mod teams;

use crate::context::Ctx;
use crate::i18n::{Lang, Tr};

/// The parts of the layout every page has (`templates/base.html`).
pub struct Chrome {
    pub tr: Tr,
    pub title: String,
    /// The logged-in user's name.
    pub user: Option<String>,
    /// The session's CSRF token, for the forms of the page.
    pub csrf: Option<String>,
    /// The SSE address of the event the page shows.
    pub live: Option<String>,
    pub langs: Vec<LangLink>,
    pub projector: bool,
    /// The same page in projector view (`None` when already in it).
    pub projector_href: Option<String>,
}

/// A link to the same page in another language.
pub struct LangLink {
    pub code: &'static str,
    pub name: &'static str,
    pub href: String,
    pub current: bool,
}

impl Chrome {
    pub fn new(ctx: &Ctx, title: impl Into<String>) -> Chrome {
        let with = |param: &str| {
            let sep = if ctx.here.contains('?') { '&' } else { '?' };
            format!("{}{sep}{param}", ctx.here)
        };
        Chrome {
            tr: ctx.tr,
            title: title.into(),
            user: ctx.session.as_ref().map(|s| s.user.name.clone()),
            csrf: ctx.session.as_ref().map(|s| s.csrf.clone()),
            live: None,
            langs: Lang::ALL
                .into_iter()
                .map(|lang| LangLink {
                    code: lang.code(),
                    name: native_name(lang),
                    href: with(&format!("lang={}", lang.code())),
                    current: lang == ctx.tr.lang,
                })
                .collect(),
            projector: ctx.projector,
            projector_href: (!ctx.projector).then(|| with("view=projector")),
        }
    }

    /// The page follows `event`'s changes live.
    pub fn live(mut self, event: &crate::data_dir::EventName) -> Chrome {
        self.live = Some(format!("/e/{event}/live"));
        self
    }
}

/// A language's name in that language, for the language switch.
fn native_name(lang: Lang) -> &'static str {
    arbiter_standings::labels::pick(lang, ["English", "Italiano", "Polski", "Русский"])
}

/// Renders a template into an HTML response.
pub fn html<T: askama::Template>(page: &T) -> axum::response::Response {
    use axum::response::IntoResponse;
    match page.render() {
        Ok(body) => axum::response::Html(body).into_response(),
        Err(e) => crate::error::WebError::internal(e).into_response(),
    }
}

/// A page with a live block: the whole page, or only the block when the
/// page's script re-fetches it after a change (`X-Fragment`).
pub fn live_html<T: askama::Template, B: askama::Template>(
    ctx: &crate::context::Ctx,
    page: &T,
    block: B,
) -> axum::response::Response {
    if ctx.fragment {
        html(&block)
    } else {
        html(page)
    }
}
