//! `/e/{event}/register`: the public pre-registration form (issue 15
//! part 1), and the registrant's private status page
//! (`/e/{event}/register/status/{token}`) where he may withdraw his entry.
//! The form's rules (window, places, waiting list, fields, duplicates) are
//! the desk's; here: the page, the honeypot field, the rate limit per
//! address, and the CSRF token of a visitor without a session (the login
//! form's cookie).

use arbiter_desk::{
    Channel, Desk, DeskError, EntryFee, FeeChange, FeeNotice, RegistrationForm, RegistrationOffer,
    RegistrationStatus,
};
use arbiter_model::date::DateTime;
use arbiter_model::journal::{FormField, Likeness, Standing, Window};
use askama::Template;
use axum::extract::{Form, Path, Query, State};
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::Response;

use super::{Chrome, html};
use crate::accounts::random_token;
use crate::context::Ctx;
use crate::data_dir::EventName;
use crate::error::{Message, WebError};
use crate::events::{desk_error, origin, status_of};
use crate::i18n::Tr;
use crate::mail;
use crate::pages::login::redirect;
use crate::security::rate_limit::{REGISTRATION, now_ms};
use crate::security::session;
use crate::state::AppState;

/// The hidden field people do not see and robots fill in.
pub const HONEYPOT: &str = "website";

/// A submitted form, in order (tags repeat).
type Pairs = Vec<(String, String)>;

fn value<'a>(f: &'a Pairs, name: &str) -> Option<&'a str> {
    f.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty())
}

/// The desk's form from the page's fields (named as the desk names them),
/// in the page's language `tr`.
fn registration_form(f: &Pairs, tr: &Tr) -> RegistrationForm {
    let get = |name: &str| value(f, name).map(str::to_string);
    RegistrationForm {
        name: get("name"),
        fide_id: get("fide-id"),
        born: get("born"),
        sex: get("sex"),
        fed: get("fed"),
        club: get("club"),
        email: get("email"),
        phone: get("phone"),
        section: get("section"),
        tags: f
            .iter()
            .filter(|(k, v)| k == "tag" && !v.trim().is_empty())
            .map(|(_, v)| v.trim().to_string())
            .collect(),
        language: Some(tr.lang),
    }
}

/// The CSRF token of the page's forms: the session's, or a fresh one in
/// the pre-session cookie (`Set-Cookie` value returned).
fn form_token(ctx: &Ctx) -> Result<(String, Option<String>), WebError> {
    match &ctx.session {
        Some(s) => Ok((s.csrf.clone(), None)),
        None => {
            let token = random_token()?;
            let cookie = session::pre_session_cookie(&token, ctx.https);
            Ok((token, Some(cookie)))
        }
    }
}

fn with_cookie(mut response: Response, cookie: Option<String>) -> Response {
    if let Some(v) = cookie.and_then(|c| c.parse().ok()) {
        response.headers_mut().append(SET_COOKIE, v);
    }
    response
}

/// A local time in the page's language.
fn when(tr: &Tr, t: DateTime) -> String {
    format!("{} {}", tr.date(t.date()), tr.time(t.time()))
}

/// An amount in the page's language (`6,00 EUR`).
fn money(tr: &Tr, amount: arbiter_model::money::Cents, currency: &str) -> String {
    format!("{} {currency}", tr.num(&amount.to_string()))
}

// ---------------------------------------------------------------- the form

/// One input of the form.
struct InputView {
    /// The field's name, as the desk names it in its errors.
    name: &'static str,
    label: String,
    required: bool,
    /// `text`, `email`, `tel`.
    kind: &'static str,
    placeholder: &'static str,
    value: String,
    error: Option<String>,
}

struct SectionChoice {
    code: String,
    /// "12 of 50 places left", "waiting list", or nothing without a cap.
    places: String,
    full: bool,
    fee: Option<String>,
    selected: bool,
}

struct TagChoice {
    tag: String,
    checked: bool,
}

struct FeeView {
    /// `label: what it does`, reductions then surcharges.
    lines: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "register.html")]
struct FormPage {
    chrome: Chrome,
    event: String,
    event_name: String,
    /// Submissions are taken now.
    open: bool,
    /// Why not, or that entries now are late.
    window_note: Option<String>,
    deadline: Option<String>,
    name: InputView,
    inputs: Vec<InputView>,
    sections: Vec<SectionChoice>,
    section_error: Option<String>,
    tags: Vec<TagChoice>,
    tags_error: Option<String>,
    fees: Option<FeeView>,
    /// An error that is not one field's (closed, too many attempts).
    general: Option<String>,
    form_token: String,
    honeypot: &'static str,
}

fn label(tr: &Tr, field: FormField) -> String {
    tr.t(&format!("register-field-{}", field.name()))
}

fn input_kind(field: FormField) -> (&'static str, &'static str) {
    match field {
        FormField::FideId => ("text", "862100"),
        FormField::Born => ("text", "1990-05-17"),
        FormField::Sex => ("text", "m / w"),
        FormField::Fed => ("text", "ITA"),
        FormField::Club => ("text", ""),
        FormField::Email => ("email", "mario.rossi@example.org"),
        FormField::Phone => ("tel", "+39 347 1234567"),
    }
}

fn fee_line(tr: &Tr, fees: &FeeNotice, change: FeeChange) -> String {
    let cur = &fees.currency;
    match change {
        FeeChange::Pay(c) if c.0 == 0 => tr.t("register-fee-free"),
        FeeChange::Pay(c) => money(tr, c, cur),
        FeeChange::Percent(p) => tr.tn("register-fee-percent", "percent", p),
        FeeChange::Add(c) => format!("+{}", money(tr, c, cur)),
        FeeChange::RaiseTo(c) => tr.ts("register-fee-at-least", "amount", &money(tr, c, cur)),
    }
}

/// The form page for `offer`, the fields `f` kept, `errors` next to their
/// fields, `general` above.
fn form_page(
    ctx: &Ctx,
    event: &EventName,
    offer: &RegistrationOffer,
    f: &Pairs,
    errors: &[DeskError],
    general: Option<String>,
) -> Result<(FormPage, Option<String>), WebError> {
    let tr = ctx.tr;
    let error_of = |name: &str| {
        let msgs: Vec<&str> = errors
            .iter()
            .filter(|e| e.field() == Some(name))
            .map(DeskError::message)
            .collect();
        (!msgs.is_empty()).then(|| msgs.join("; "))
    };
    let keep = |name: &str| value(f, name).unwrap_or_default().to_string();
    let name = InputView {
        name: "name",
        label: tr.t("register-field-name"),
        required: true,
        kind: "text",
        placeholder: "Rossi, Mario",
        value: keep("name"),
        error: error_of("name"),
    };
    let inputs = offer
        .fields
        .iter()
        .map(|&field| {
            let (kind, placeholder) = input_kind(field);
            InputView {
                name: field.name(),
                label: label(&tr, field),
                required: offer.required.contains(&field),
                kind,
                placeholder,
                value: keep(field.name()),
                error: error_of(field.name()),
            }
        })
        .collect();
    let chosen = value(f, "section");
    let only = offer.sections.len() == 1;
    let sections = offer
        .sections
        .iter()
        .map(|s| {
            let left = s.places_left();
            SectionChoice {
                code: s.code.clone(),
                places: match (s.cap, left) {
                    (Some(_), Some(0)) => tr.tn("register-waiting-list", "waiting", s.waiting),
                    (Some(cap), Some(l)) => {
                        let mut args = fluent_bundle::FluentArgs::new();
                        args.set("left", l);
                        args.set("cap", cap);
                        tr.ta("register-places-left", &args)
                    }
                    _ => String::new(),
                },
                full: left == Some(0),
                fee: s
                    .fee
                    .zip(offer.fees.as_ref())
                    .map(|(c, fees)| money(&tr, c, &fees.currency)),
                selected: only || chosen == Some(s.code.as_str()),
            }
        })
        .collect();
    let claimed: Vec<&str> = f
        .iter()
        .filter(|(k, _)| k == "tag")
        .map(|(_, v)| v.as_str())
        .collect();
    let tags = offer
        .tags
        .iter()
        .map(|t| TagChoice {
            tag: t.clone(),
            checked: claimed.contains(&t.as_str()),
        })
        .collect();
    let fees = offer.fees.as_ref().map(|fees| FeeView {
        lines: fees
            .rules
            .iter()
            .chain(&fees.surcharges)
            .map(|l| (l.label.clone(), fee_line(&tr, fees, l.change)))
            .collect(),
    });
    let window_note = match offer.window {
        Window::Open => None,
        Window::Late => Some(tr.t("register-late")),
        Window::NotYetOpen => Some(tr.ts(
            "register-not-open",
            "opens",
            &offer.opens.map(|t| when(&tr, t)).unwrap_or_default(),
        )),
        Window::Closed => Some(tr.t("register-closed")),
    };
    let deadline = offer.closes.map(|t| {
        format!(
            "{} (UTC{})",
            tr.ts("register-deadline", "deadline", &when(&tr, t)),
            offer.utc_offset
        )
    });
    let (form_token, cookie) = form_token(ctx)?;
    let title = format!("{} — {}", offer.event, tr.t("register-title"));
    Ok((
        FormPage {
            chrome: Chrome::new(ctx, title),
            event: event.to_string(),
            event_name: offer.event.clone(),
            open: offer.window.takes_entries(),
            window_note,
            deadline,
            name,
            inputs,
            sections,
            section_error: error_of("section"),
            tags,
            tags_error: error_of("tags").or_else(|| error_of("tag")),
            fees,
            general,
            form_token,
            honeypot: HONEYPOT,
        },
        cookie,
    ))
}

fn respond(status: StatusCode, page: (FormPage, Option<String>)) -> Response {
    let mut response = html(&page.0);
    *response.status_mut() = status;
    with_cookie(response, page.1)
}

async fn offer(app: &AppState, event: &EventName) -> Result<RegistrationOffer, WebError> {
    let (_, offer) = super::public::query(app, event.as_str(), |d: &mut Desk| {
        d.registration_offer(jiff::Timestamp::now())
    })
    .await?;
    Ok(offer)
}

/// `GET /e/{event}/register`.
pub async fn form(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(name): Path<String>,
) -> Result<Response, WebError> {
    let event = EventName::parse(&name)?;
    let offer = offer(&app, &event).await?;
    Ok(respond(
        StatusCode::OK,
        form_page(&ctx, &event, &offer, &Pairs::new(), &[], None)?,
    ))
}

/// `POST /e/{event}/register`: checked field by field (every error next
/// to its field, 422), then submitted; the registrant lands on his
/// private status page.
pub async fn submit(
    State(app): State<AppState>,
    ctx: Ctx,
    Path(name): Path<String>,
    Form(f): Form<Pairs>,
) -> Result<Response, WebError> {
    let event = EventName::parse(&name)?;
    // Every honeypot field counts: a robot may send an empty one first.
    if f.iter().any(|(k, v)| k == HONEYPOT && !v.trim().is_empty()) {
        return Err(WebError::bad_request(Message::Key(
            "register-refused-robot",
        )));
    }
    let offer = offer(&app, &event).await?;
    let address = format!(
        "ip:{}",
        ctx.peer
            .map_or_else(|| "unknown".to_string(), |p| p.to_string())
    );
    let keys = [address];
    let limiter = app.clone();
    let admitted =
        tokio::task::spawn_blocking(move || REGISTRATION.admit(&limiter.accounts, &keys, now_ms()))
            .await
            .map_err(WebError::internal)??;
    if let Err(seconds) = admitted {
        let general = ctx.tr.tn("register-throttled", "seconds", seconds);
        let mut response = respond(
            StatusCode::TOO_MANY_REQUESTS,
            form_page(&ctx, &event, &offer, &f, &[], Some(general))?,
        );
        if let Ok(v) = seconds.to_string().parse() {
            response.headers_mut().insert("retry-after", v);
        }
        return Ok(response);
    }
    let form = registration_form(&f, &ctx.tr);
    let now = jiff::Timestamp::now();
    let checked = form.clone();
    let (_, errors) = super::public::query(&app, event.as_str(), move |d| {
        d.registration_errors(&checked, Channel::Online, now)
    })
    .await?;
    if !errors.is_empty() {
        return Ok(respond(
            StatusCode::UNPROCESSABLE_ENTITY,
            form_page(&ctx, &event, &offer, &f, &errors, None)?,
        ));
    }
    let who = origin("registrant", "registration submit");
    let (e, writer) = (event.clone(), app.clone());
    let written = tokio::task::spawn_blocking(move || {
        writer.events.write(&e, |d| {
            d.submit_registration(&who, &form, Channel::Online, now)
        })
    })
    .await
    .map_err(WebError::internal)?;
    match written {
        Ok(s) => {
            let receipt = s.notice.map(|notice| mail::Outgoing {
                notice,
                token: Some(s.token.clone()),
            });
            mail::send(&app, &event, receipt.into_iter().collect());
            Ok(redirect(&format!(
                "/e/{event}/register/status/{}?new=1",
                s.token
            )))
        }
        Err(e) if e.field().is_some() => Ok(respond(
            status_of(e.kind()),
            form_page(&ctx, &event, &offer, &f, &[e], None)?,
        )),
        Err(e) if status_of(e.kind()).is_server_error() => Err(desk_error(e)),
        Err(e) => Ok(respond(
            status_of(e.kind()),
            form_page(&ctx, &event, &offer, &f, &[], Some(e.message().to_string()))?,
        )),
    }
}

// ---------------------------------------------------------------- status

#[derive(Template)]
#[template(path = "register_status.html")]
struct StatusPage {
    chrome: Chrome,
    event: String,
    status: RegistrationStatus,
    /// Just submitted: the confirmation.
    new: bool,
    submitted: String,
    standing: String,
    /// The standing's class for the badge.
    standing_class: &'static str,
    duplicate_note: Option<String>,
    fee: Option<String>,
    token: String,
    form_token: String,
}

/// A standing in words, and its badge's class (the status page's and the
/// mail's).
pub(crate) fn standing_text(tr: &Tr, s: Standing) -> (String, &'static str) {
    match s {
        Standing::Place => (tr.t("register-standing-place"), "ok"),
        Standing::WaitingList(n) => (tr.tn("register-standing-waiting", "position", n), "wait"),
        Standing::Accepted(_) => (tr.t("register-standing-accepted"), "ok"),
        Standing::Rejected => (tr.t("register-standing-rejected"), "no"),
        Standing::Withdrawn => (tr.t("register-standing-withdrawn"), "no"),
    }
}

/// What an entry owes, in words (the status page's and the mail's).
pub(crate) fn fee_text(tr: &Tr, fee: &EntryFee) -> String {
    let amount = if fee.due.0 == 0 {
        tr.t("register-fee-free")
    } else {
        money(tr, fee.due, &fee.currency)
    };
    let mut why: Vec<&str> = fee.rule.iter().map(String::as_str).collect();
    why.extend(fee.surcharges.iter().map(String::as_str));
    if why.is_empty() {
        amount
    } else {
        format!("{amount} ({})", why.join(", "))
    }
}

#[derive(serde::Deserialize)]
pub struct StatusQuery {
    #[serde(default)]
    new: Option<String>,
}

/// `GET /e/{event}/register/status/{token}`: the registrant's own entry.
pub async fn status(
    State(app): State<AppState>,
    ctx: Ctx,
    Path((name, token)): Path<(String, String)>,
    Query(q): Query<StatusQuery>,
) -> Result<Response, WebError> {
    let event = EventName::parse(&name)?;
    let t = token.clone();
    let (_, status) =
        super::public::query(&app, event.as_str(), move |d| d.registration_status(&t)).await?;
    let tr = ctx.tr;
    let (standing, standing_class) = standing_text(&tr, status.standing);
    let duplicate_note = (!status.duplicates.is_empty()).then(|| {
        let fide = status.duplicates.contains(&Likeness::FideId);
        tr.t(if fide {
            "register-duplicate-fide"
        } else {
            "register-duplicate-name"
        })
    });
    let (form_token, cookie) = form_token(&ctx)?;
    let page = StatusPage {
        chrome: Chrome::new(&ctx, tr.t("register-status-title")),
        event: event.to_string(),
        new: q.new.is_some(),
        submitted: when(&tr, status.submitted_at),
        standing,
        standing_class,
        duplicate_note,
        fee: status.fee.as_ref().map(|f| fee_text(&tr, f)),
        status,
        token,
        form_token,
    };
    Ok(with_cookie(html(&page), cookie))
}

/// `POST /e/{event}/register/status/{token}/withdraw`.
pub async fn withdraw(
    State(app): State<AppState>,
    Path((name, token)): Path<(String, String)>,
) -> Result<Response, WebError> {
    let event = EventName::parse(&name)?;
    let who = origin("registrant", "registration withdraw");
    let (e, t, writer) = (event.clone(), token.clone(), app.clone());
    let decided = tokio::task::spawn_blocking(move || {
        writer
            .events
            .write(&e, |d| d.withdraw_registration(&who, &t))
    })
    .await
    .map_err(WebError::internal)?
    .map_err(desk_error)?;
    mail::send(&app, &event, mail::moved_up(decided.promoted));
    Ok(redirect(&format!("/e/{event}/register/status/{token}")))
}
