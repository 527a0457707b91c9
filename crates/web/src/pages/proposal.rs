//! `GET /admin/e/{event}/{section}/proposal`: the engine's pairing of the
//! next round, shown before anything is recorded ([`Desk::propose_next_round`]);
//! the arbiter publishes it (`POST …/pair` with its key, which the desk
//! refuses when the section changed meanwhile) or discards it.
//!
//! [`Desk::propose_next_round`]: arbiter_desk::Desk::propose_next_round

use askama::Template;
use axum::extract::State;
use axum::response::Response;

use super::admin::{Fields, Refusal, section_page};
use super::admitted::AdminSection;
use super::public::{RoundLines, SectionNav, nav, query, round_lines};
use super::{Chrome, html};
use crate::context::Ctx;
use crate::error::WebError;
use crate::state::AppState;

#[derive(Template)]
#[template(path = "admin_proposal.html")]
struct ProposalPage {
    chrome: Chrome,
    nav: SectionNav,
    round: RoundLines,
    key: String,
}

pub async fn page(
    State(app): State<AppState>,
    ctx: Ctx,
    AdminSection { event, section, .. }: AdminSection,
) -> Result<Response, WebError> {
    let sec = section.clone();
    let (_, (proposed, nav)) = query(&app, event.as_str(), move |d| {
        Ok((d.propose_next_round(Some(&sec)), nav(d, &sec, "admin", 0)))
    })
    .await?;
    let proposed = match proposed {
        Ok(p) => p,
        Err(e) => {
            let refusal = Refusal::of(&ctx.tr, &e);
            return section_page(
                &app,
                &ctx,
                &event,
                &section,
                Some(refusal),
                None,
                Fields::new(),
            )
            .await;
        }
    };
    let round = proposed.round.heading.round.unwrap_or(1);
    let nav = SectionNav {
        event: event.to_string(),
        ..nav
    };
    let title = format!(
        "{} — {}",
        nav.event_name,
        ctx.tr.tn("admin-proposal-title", "round", round)
    );
    Ok(html(&ProposalPage {
        chrome: Chrome::new(&ctx, title),
        round: round_lines(&ctx.tr, &proposed.round, round),
        nav,
        key: proposed.key,
    }))
}
