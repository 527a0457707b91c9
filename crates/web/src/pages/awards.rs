//! Prizes and fees, through the desk's awards (issue 12): the public
//! `/e/{event}/{section}/prizes` (the allocation over the standings after
//! the complete rounds, the prize fund, who can still win each prize while
//! rounds remain) and the back office's `/admin/e/{event}/awards` (the fee
//! ledger, payments, the fee schedule and prize plans as TOML). Every
//! amount, winner and balance is the desk's; the page only formats it.

use arbiter_desk::{
    Cents, ErrorKind, Fund, Ledger, PaymentForm, Per, PrizesReport, PrizesRequest, StillPossible,
    VoidReason,
};
use askama::Template;
use axum::extract::{Form, Path, State};
use axum::response::{IntoResponse, Json, Response};
use fluent_bundle::FluentArgs;

use super::admin::{Fields, Refusal, command, field};
use super::admitted::AdminEvent;
use super::public::{SectionNav, nav, query};
use super::{Chrome, html, live_html};
use crate::context::Ctx;
use crate::data_dir::{EventName, check_name};
use crate::error::WebError;
use crate::events::origin;
use crate::i18n::{Count, Tr};
use crate::state::AppState;

/// An amount as the page's language writes it (`1 200,50 EUR` has the
/// language's decimal separator; the currency as the plan names it).
fn money(tr: &Tr, c: Cents) -> String {
    tr.num(&c.to_string())
}

// ---------------------------------------------------------------- public

#[derive(Template)]
#[template(path = "prizes.html", blocks = ["live"])]
struct PrizesPage {
    chrome: Chrome,
    nav: SectionNav,
    /// `None`: the section has no prize plan.
    prizes: Option<PrizesView>,
}

struct PrizesView {
    after: String,
    /// The plan's currency, named once in the amounts' column.
    currency: String,
    /// Rounds remain: the allocation is on the standings so far.
    provisional: bool,
    awards: Vec<AwardLine>,
    void: Vec<(String, String)>,
    fund: Option<String>,
    /// While rounds remain: each prize and who can still win it.
    contenders: Vec<(String, Vec<String>)>,
}

struct AwardLine {
    rank: u32,
    prize: String,
    id: u32,
    name: String,
    what: String,
}

fn fund_line(tr: &Tr, fund: &Fund) -> Option<String> {
    let Fund::Declared(f) = fund else {
        return None;
    };
    let mut args = FluentArgs::new();
    args.set("total", money(tr, f.total));
    args.set("currency", f.currency.clone());
    args.set("fees", money(tr, f.fees));
    args.set("sponsors", money(tr, f.sponsors));
    Some(tr.ta("prizes-fund", &args))
}

fn prizes_view(tr: &Tr, report: &PrizesReport, still: Option<&StillPossible>) -> PrizesView {
    let a = &report.allocation;
    let mut args = FluentArgs::new();
    args.set("complete", i64::from(report.rounds_complete));
    args.set("rounds", i64::from(report.rounds));
    PrizesView {
        after: tr.ta("prizes-after", &args),
        currency: a.currency.clone(),
        provisional: report.rounds_complete < report.rounds,
        awards: a
            .awards
            .iter()
            .map(|w| AwardLine {
                rank: w.rank,
                prize: w.prize.clone(),
                id: w.id,
                name: w.name.clone(),
                what: match (&w.amount, &w.item) {
                    (Some(c), _) => money(tr, *c),
                    (None, Some(item)) => item.clone(),
                    (None, None) => String::new(),
                },
            })
            .collect(),
        void: a
            .void
            .iter()
            .map(|v| (v.prize.clone(), void_reason(tr, &v.reason)))
            .collect(),
        fund: fund_line(tr, &report.fund),
        contenders: still
            .map(|s| {
                s.prizes
                    .iter()
                    .map(|c| {
                        let names = c
                            .ids
                            .iter()
                            .filter_map(|id| s.names.get(id).cloned())
                            .collect();
                        (c.prize.clone(), names)
                    })
                    .collect()
            })
            .unwrap_or_default(),
    }
}

/// `/e/{event}/{section}/prizes` (JSON: the allocation as issue 12 writes
/// it, the fund, and who can still win).
pub async fn prizes(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, section)): Path<(String, String)>,
) -> Result<Response, WebError> {
    check_name(&section)?;
    let sec = section.clone();
    let (event, (report, still, nav)) = query(&app, &name, move |d| {
        d.players(Some(&sec))?;
        let request = PrizesRequest::default();
        let report = match d.prizes(Some(&sec), &request) {
            Ok(r) => Some(r),
            // The section exists: it has no plan.
            Err(e) if e.kind() == ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let still = match &report {
            Some(r) if r.rounds_complete < r.rounds => {
                Some(d.still_possible(Some(&sec), &request)?)
            }
            _ => None,
        };
        Ok((report, still, nav(d, &sec, "prizes", 0)))
    })
    .await?;
    if ctx.json {
        let fund = report.as_ref().and_then(|r| match &r.fund {
            Fund::Declared(f) => Some(f.clone()),
            _ => None,
        });
        return Ok(Json(serde_json::json!({
            "event": event.as_str(),
            "section": section,
            "rounds_complete": report.as_ref().map(|r| r.rounds_complete),
            "rounds": report.as_ref().map(|r| r.rounds),
            "allocation": report.as_ref().map(|r| &r.allocation),
            "fund": fund,
            "still_possible": still,
        }))
        .into_response());
    }
    let nav = SectionNav {
        event: event.to_string(),
        ..nav
    };
    let title = format!("{} — {}", nav.event_name, ctx.tr.t("nav-prizes"));
    let page = PrizesPage {
        chrome: Chrome::new(&ctx, title).live(&event),
        prizes: report
            .as_ref()
            .map(|r| prizes_view(&ctx.tr, r, still.as_ref())),
        nav,
    };
    Ok(live_html(&ctx, &page, page.as_live()))
}

// ---------------------------------------------------------------- back office

#[derive(Template)]
#[template(path = "admin_awards.html")]
struct AwardsAdminPage {
    chrome: Chrome,
    event: String,
    name: String,
    sections: Vec<String>,
    ledger: Option<LedgerView>,
    error: Option<Refusal>,
    notice: Option<String>,
    form: Fields,
}

impl AwardsAdminPage {
    fn value(&self, name: &str) -> String {
        self.form.get(name).cloned().unwrap_or_default()
    }
}

struct LedgerView {
    currency: String,
    /// The label of an entry's id: a player's, or a team's (fees per team).
    id_label: String,
    lines: Vec<LedgerRow>,
    due: String,
    paid: String,
    outstanding: String,
    fund: String,
}

struct LedgerRow {
    id: u32,
    name: String,
    rule: String,
    due: String,
    paid: String,
    outstanding: String,
    settled: bool,
}

/// Why a prize is void, in the page's language.
fn void_reason(tr: &Tr, reason: &VoidReason) -> String {
    let mut args = FluentArgs::new();
    args.set(
        "category",
        reason
            .category()
            .map_or_else(|| tr.t("prizes-overall"), str::to_string),
    );
    let key = match reason {
        VoidReason::TooFewEntrants { played, min, .. } => {
            args.set("played", played.count());
            args.set("min", min.count());
            "void-too-few-entrants"
        }
        VoidReason::NoEligible { .. } => "void-no-eligible",
        VoidReason::AllEligibleHold { .. } => "void-all-eligible-hold",
        VoidReason::FewerThanPlace { eligible, .. } => {
            args.set("eligible", eligible.count());
            "void-fewer-than-place"
        }
    };
    tr.ta(key, &args)
}

fn ledger_view(tr: &Tr, l: &Ledger) -> LedgerView {
    LedgerView {
        currency: l.currency.clone(),
        id_label: tr.t(match l.per {
            Per::Player => "admin-player-id",
            Per::Team => "admin-team-id",
        }),
        lines: l
            .entries
            .iter()
            .map(|e| LedgerRow {
                id: e.id,
                name: e.name.clone(),
                rule: e.rule.clone(),
                due: money(tr, e.due),
                paid: money(tr, e.paid),
                outstanding: money(tr, e.outstanding),
                settled: e.outstanding == Cents::ZERO,
            })
            .collect(),
        due: money(tr, l.due),
        paid: money(tr, l.paid),
        outstanding: money(tr, l.outstanding),
        fund: {
            let mut args = FluentArgs::new();
            args.set("total", money(tr, l.prize_fund));
            args.set("currency", l.currency.clone());
            args.set("fees", money(tr, l.paid));
            args.set("sponsors", money(tr, l.sponsors));
            tr.ta("prizes-fund", &args)
        },
    }
}

async fn awards_page(
    app: &AppState,
    ctx: &Ctx,
    event: &EventName,
    error: Option<Refusal>,
    notice: Option<String>,
    form: Fields,
) -> Result<Response, WebError> {
    let (_, (summary, ledger)) = query(app, event.as_str(), |d| {
        let ledger = match d.fees() {
            Ok(l) => Some(l),
            Err(e) if e.kind() == ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        Ok((d.summary(), ledger))
    })
    .await?;
    let status = error
        .as_ref()
        .map_or(axum::http::StatusCode::OK, |e| e.status);
    let title = format!("{} — {}", summary.info.name, ctx.tr.t("admin-awards"));
    let mut response = html(&AwardsAdminPage {
        chrome: Chrome::new(ctx, title),
        event: event.to_string(),
        name: summary.info.name.clone(),
        sections: summary.sections.iter().map(|s| s.code.clone()).collect(),
        ledger: ledger.as_ref().map(|l| ledger_view(&ctx.tr, l)),
        error,
        notice,
        form,
    });
    *response.status_mut() = status;
    Ok(response)
}

pub async fn admin_page(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminEvent,
) -> Result<Response, WebError> {
    awards_page(&app, &ctx, &at.event, None, None, Fields::new()).await
}

/// One awards command from a form of the page: the page again with its
/// notice, or with the refusal and the form as typed.
async fn awards_command<T: Send + 'static>(
    app: AppState,
    ctx: Ctx,
    AdminEvent { event, user }: AdminEvent,
    f: Fields,
    action: String,
    run: impl FnOnce(
        &mut arbiter_desk::Desk,
        &arbiter_desk::Origin,
        &Fields,
    ) -> Result<T, arbiter_desk::DeskError>
    + Send
    + 'static,
    done: impl FnOnce(&Tr, T) -> String,
) -> Result<Response, WebError> {
    let who = origin(&user, &action);
    let fields = f.clone();
    match command(&app, &event, move |d| run(d, &who, &fields)).await? {
        Ok(outcome) => {
            let notice = done(&ctx.tr, outcome);
            awards_page(&app, &ctx, &event, None, Some(notice), Fields::new()).await
        }
        Err(e) => {
            let refusal = Refusal::of(&ctx.tr, &e);
            awards_page(&app, &ctx, &event, Some(refusal), None, f).await
        }
    }
}

/// `POST /admin/e/{event}/pay` (`player`, `amount`, `method`, `note`).
pub async fn pay(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminEvent,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = format!(
        "pay {} {}",
        f.get("player").cloned().unwrap_or_default(),
        f.get("amount").cloned().unwrap_or_default()
    );
    awards_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, f| {
            let form = PaymentForm {
                id: field(f, "player")
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| {
                        arbiter_desk::DeskError::invalid("player", "an id of the ledger is needed")
                    })?,
                amount: f.get("amount").cloned().unwrap_or_default(),
                method: field(f, "method"),
                note: field(f, "note"),
            };
            d.pay(who, &form)
        },
        |tr, p| {
            let mut args = FluentArgs::new();
            args.set("amount", money(tr, p.amount));
            args.set("name", p.payer.name().to_string());
            tr.ta("admin-paid", &args)
        },
    )
    .await
}

/// `POST /admin/e/{event}/fees` (`schedule`: the fee schedule's TOML).
pub async fn set_fees(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminEvent,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    awards_command(
        app,
        ctx,
        at,
        f,
        "fees set".to_string(),
        |d, who, f| {
            d.set_fees(
                who,
                "schedule",
                f.get("schedule").map_or("", String::as_str),
            )
        },
        |tr, _| tr.t("admin-fees-set"),
    )
    .await
}

/// `POST /admin/e/{event}/prizes` (`section`, `plan`: the prize plan's
/// TOML).
pub async fn set_plan(
    State(app): State<AppState>,
    ctx: Ctx,
    at: AdminEvent,
    Form(f): Form<Fields>,
) -> Result<Response, WebError> {
    let action = format!(
        "prizes set --section {}",
        f.get("section").cloned().unwrap_or_default()
    );
    awards_command(
        app,
        ctx,
        at,
        f,
        action,
        |d, who, f| {
            let section = field(f, "section");
            d.set_prize_plan(
                who,
                section.as_deref(),
                "plan",
                f.get("plan").map_or("", String::as_str),
            )
        },
        |tr, set| tr.ts("admin-plan-set", "section", &set.section),
    )
    .await
}
