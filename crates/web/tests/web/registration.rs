//! Online pre-registration (issue 15 part 1) through the web face: the
//! public form, its errors beside their fields, places and the waiting
//! list, fees, the private status page, spam protection, the organiser's
//! queue; then the form in a browser, on a desktop and a phone, in
//! Italian. The event is seed 000's form (`registration_event`): 2
//! places, tag `resident`, 6 EUR free for residents.

use std::time::Duration;

use arbiter_web::Role;
use axum::http::{Method, StatusCode};

use crate::browser::{click, fill, log_in};
use crate::common::browser::{Driver, LiveServer, shot, text, wait_for_text};
use crate::common::{Resp, TestServer};

/// Fills in the public form of `event` as a visitor (in English).
async fn submit(t: &TestServer, event: &str, fields: &[(&str, &str)]) -> Resp {
    t.register(event, fields, "en").await
}

/// The status page a successful submission leads to.
async fn status_of(t: &TestServer, done: &Resp) -> (String, Resp) {
    let link = done.status_path();
    assert!(link.starts_with("/e/open/register/status/"), "{link}");
    let page = t.get(&format!("{link}?new=1")).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    (link, page)
}

#[tokio::test]
async fn a_registrant_registers_follows_and_withdraws() {
    let t = TestServer::new();
    t.registration_event("open", None);

    let home = t.get("/e/open/").await;
    assert!(
        home.body.contains("href=\"/e/open/register\""),
        "link on the event page"
    );
    let form = t.get("/e/open/register").await;
    assert!(form.body.contains("2 of 2 places left"), "{}", form.body);
    assert!(form.body.contains("6.00 EUR"), "the base fee");
    assert!(
        form.body.contains("residents of Carmiano: <strong>free"),
        "the rule"
    );
    assert!(
        form.cookies()
            .iter()
            .any(|c| c.starts_with("arbiter_csrf="))
    );

    // Invalid fields: 422, each error beside its field, the values kept.
    let bad = submit(
        &t,
        "open",
        &[
            ("name", "Rossi, Mario"),
            ("email", "mario-at-example"),
            ("born", "1980-02-30"),
        ],
    )
    .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert!(
        bad.body.contains("id=\"e-email\" data-field=\"email\""),
        "{}",
        bad.body
    );
    assert!(
        bad.body.contains("id=\"e-born\" data-field=\"born\""),
        "{}",
        bad.body
    );
    assert!(bad.body.contains("value=\"mario-at-example\""), "kept");
    assert!(
        !bad.body.contains("data-field=\"name\""),
        "the name was right"
    );
    // A missing name and a missing e-mail (required) are named too.
    let empty = submit(&t, "open", &[]).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(empty.body.contains("data-field=\"name\""), "{}", empty.body);
    assert!(
        empty.body.contains("data-field=\"email\""),
        "{}",
        empty.body
    );

    // Two places, then the waiting list; the resident enters free.
    let first = submit(
        &t,
        "open",
        &[
            ("name", "Rossi, Mario"),
            ("born", "1980-03-04"),
            ("email", "mario@example.org"),
            ("tag", "resident"),
        ],
    )
    .await;
    let (first_link, page) = status_of(&t, &first).await;
    assert!(page.body.contains("id=\"confirmation\""), "confirmed");
    assert!(
        page.body.contains("a place is held for you"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("free (residents of Carmiano)"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("mario@example.org"), "no contact data");
    let second = submit(
        &t,
        "open",
        &[("name", "Bianchi, Luca"), ("email", "l@example.org")],
    )
    .await;
    let (_, page) = status_of(&t, &second).await;
    assert!(page.body.contains("6.00 EUR"), "{}", page.body);
    let third = submit(
        &t,
        "open",
        &[
            ("name", "Rossi, Mario"),
            ("born", "1980-03-04"),
            ("email", "m2@example.org"),
        ],
    )
    .await;
    let (third_link, page) = status_of(&t, &third).await;
    assert!(
        page.body.contains("on the waiting list, number 1"),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("same name and date of birth"),
        "duplicate noted"
    );
    let form = t.get("/e/open/register").await;
    assert!(
        form.body.contains("full: 1 on the waiting list"),
        "{}",
        form.body
    );

    // An unknown link is a 404, not another's entry.
    let unknown = t
        .get(&format!("/e/open/register/status/{}", "0".repeat(64)))
        .await;
    assert_eq!(unknown.status, StatusCode::NOT_FOUND);

    // The first registrant withdraws: the waiting entry gets his place.
    let page = t.get(&first_link).await;
    let cookie = page.cookies().join("; ");
    let body = format!("csrf={}", page.csrf_field());
    let done = t
        .send(
            Method::POST,
            &format!("{first_link}/withdraw"),
            &[("cookie", &cookie)],
            Some(&body),
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    assert!(t.get(&first_link).await.body.contains("withdrawn"));
    assert!(
        t.get(&third_link)
            .await
            .body
            .contains("a place is held for you")
    );
    // Without the form's token, a withdrawal is refused.
    let forged = t
        .send(
            Method::POST,
            &format!("{third_link}/withdraw"),
            &[],
            Some(""),
        )
        .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn robots_and_floods_are_refused() {
    let t = TestServer::new();
    t.registration_event("open", None);
    let log_before = arbiter_desk::Desk::open_read_only(&t.event_path("open"))
        .unwrap()
        .last_seq();
    let robot = submit(
        &t,
        "open",
        &[
            ("name", "Bot, Spam"),
            ("email", "bot@example.org"),
            ("website", "http://spam.example"),
        ],
    )
    .await;
    assert_eq!(robot.status, StatusCode::BAD_REQUEST, "{}", robot.body);
    // A robot sending an empty honeypot first and a filled one after.
    let robot = submit(
        &t,
        "open",
        &[
            ("website", ""),
            ("name", "Bot, Spam"),
            ("website", "http://spam.example"),
        ],
    )
    .await;
    assert_eq!(robot.status, StatusCode::BAD_REQUEST, "{}", robot.body);
    // Attempts from one address, valid or not, up to the limit; then 429.
    let limit = arbiter_web::security::rate_limit::REGISTRATIONS_PER_ADDRESS;
    for i in 0..limit {
        let r = submit(&t, "open", &[("name", "X")]).await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "attempt {i}");
    }
    let flood = submit(
        &t,
        "open",
        &[("name", "Verdi, Anna"), ("email", "a@example.org")],
    )
    .await;
    assert_eq!(flood.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(!flood.header("retry-after").is_empty());
    let log_after = arbiter_desk::Desk::open_read_only(&t.event_path("open"))
        .unwrap()
        .last_seq();
    assert_eq!(log_before, log_after, "nothing recorded");
}

#[tokio::test]
async fn after_the_deadline_the_form_is_closed() {
    let t = TestServer::new();
    t.registration_event("open", Some("2020-01-01 00:00"));
    let form = t.get("/e/open/register?lang=it").await;
    assert!(
        form.body.contains("Le iscrizioni sono chiuse."),
        "{}",
        form.body
    );
    assert!(!form.body.contains("id=\"register\""), "no form");
    assert!(!t.get("/e/open/").await.body.contains("/e/open/register"));
    let late = t
        .send(
            Method::POST,
            "/e/open/register",
            &[("cookie", "arbiter_csrf=".to_string().as_str())],
            None,
        )
        .await;
    assert_eq!(late.status, StatusCode::FORBIDDEN, "no token");
}

#[tokio::test]
async fn the_organiser_decides_in_the_back_office() {
    let t = TestServer::new();
    t.registration_event("open", None);
    t.add_user("anna", Role::Administrator);
    for (name, email) in [
        ("Rossi, Mario", "m@example.org"),
        ("Bianchi, Luca", "l@example.org"),
        ("Verdi, Anna", "a@example.org"),
    ] {
        let r = submit(&t, "open", &[("name", name), ("email", email)]).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    }
    assert_eq!(
        t.get("/admin/e/open/registrations").await.status,
        StatusCode::SEE_OTHER,
        "to the login"
    );
    let (cookie, csrf) = t.login("anna").await;
    let queue = t
        .get_with("/admin/e/open/registrations", &[("cookie", &cookie)])
        .await;
    assert_eq!(queue.status, StatusCode::OK, "{}", queue.body);
    assert!(
        queue.body.contains("m@example.org"),
        "contact data for the arbiter"
    );
    assert!(
        queue.body.contains("on the waiting list, number 1"),
        "{}",
        queue.body
    );

    let decide = |form: &'static str| {
        let (cookie, csrf) = (cookie.clone(), csrf.clone());
        let t = &t;
        async move {
            t.post(
                "/admin/e/open/registrations/decide",
                &cookie,
                &csrf,
                form,
                false,
            )
            .await
        }
    };
    let accepted = decide("number=1&action=accept").await;
    assert_eq!(accepted.status, StatusCode::OK, "{}", accepted.body);
    assert!(
        accepted.body.contains("accepted (player 1)"),
        "{}",
        accepted.body
    );
    let players = t.get("/e/open/main/players").await;
    assert!(
        players.body.contains("Rossi, Mario"),
        "the desk registered him"
    );
    // The waiting entry cannot be accepted; the refusal says why (409).
    let refused = decide("number=3&action=accept").await;
    assert_eq!(refused.status, StatusCode::CONFLICT, "{}", refused.body);
    assert!(refused.body.contains("waiting list"), "{}", refused.body);
    // A bad number and a bad section are named (422).
    let bad = decide("number=x&action=reject").await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(bad.body.contains("Field number"), "{}", bad.body);
    let bad = decide("number=2&action=move&section=nowhere").await;
    assert!(bad.status.is_client_error(), "{}", bad.body);
    assert!(bad.body.contains("nowhere"), "{}", bad.body);
    // Rejecting entry 2 gives its place to entry 3.
    let rejected = decide("number=2&action=reject&reason=not+a+member").await;
    assert!(
        rejected.body.contains("#3 Verdi, Anna moves up to a place"),
        "{}",
        rejected.body
    );
    let withdrawn = decide("number=3&action=withdraw").await;
    assert!(
        withdrawn.body.contains("#3 Verdi, Anna: withdrawn"),
        "{}",
        withdrawn.body
    );
    // Settings: a bad cap is named beside nothing else (422).
    let bad = t
        .post(
            "/admin/e/open/registrations/settings",
            &cookie,
            &csrf,
            "cap=many",
            false,
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", bad.body);
    assert!(bad.body.contains("Field cap"), "{}", bad.body);
    let log = t
        .get_with("/admin/e/open/log", &[("cookie", &cookie)])
        .await;
    assert!(
        log.body.contains("web: anna: registration accept 1"),
        "{}",
        log.body
    );
    assert!(
        log.body.contains("web: registrant: registration submit"),
        "{}",
        log.body
    );
}

/// The form in a browser: errors beside their fields after a submit, then
/// the status page; screenshots of the form on a desktop (English) and a
/// phone (Italian, with its errors).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_form_in_a_browser_on_a_desktop_and_a_phone() {
    let server = LiveServer::start().await;
    server.test.registration_event("open", None);
    let mut driver = Driver::start().await;

    let desktop = driver.session(1280, 900, "en").await;
    desktop.goto(&server.url("/e/open/register")).await.unwrap();
    wait_for_text(&desktop, "main h1", "Registration", Duration::from_secs(10)).await;
    shot(&desktop, "register-desktop-en").await;
    fill(&desktop, "#f-name", "Rossi, Mario").await;
    fill(&desktop, "#f-email", "mario@example.org").await;
    click(&desktop, "input[name=tag][value=resident]").await;
    click(&desktop, "#register-submit").await;
    wait_for_text(
        &desktop,
        "#standing",
        "a place is held",
        Duration::from_secs(10),
    )
    .await;
    assert!(text(&desktop, "#fee").await.contains("free"));
    shot(&desktop, "register-status-desktop-en").await;

    let phone = driver.session(360, 1500, "it").await;
    phone
        .goto(&server.url("/e/open/register?lang=it"))
        .await
        .unwrap();
    wait_for_text(&phone, "main h1", "Iscrizione", Duration::from_secs(10)).await;
    fill(&phone, "#f-name", "Bianchi").await;
    fill(&phone, "#f-email", "luca-at-example").await;
    fill(&phone, "#f-born", "1980-13-01").await;
    click(&phone, "#register-submit").await;
    wait_for_text(&phone, "#e-email", "e-mail", Duration::from_secs(10)).await;
    assert!(!text(&phone, "#e-born").await.is_empty());
    // The page fits the phone: nothing wider than the window.
    let wide = phone
        .execute("return document.documentElement.scrollWidth;", vec![])
        .await
        .unwrap();
    assert!(wide.as_u64().unwrap_or(9999) <= 360, "scroll width {wide}");
    shot(&phone, "register-phone-it-errors").await;
    phone.close().await.unwrap();
    desktop.close().await.unwrap();
}

/// Issue 15's browser acceptance, in one browser: the two places fill and
/// the third registrant is wait-listed; the arbiter (logged in) accepts
/// the first entry in the queue and it appears in the starting list; the
/// deadline passes (the form's closing time set in the past) and the form
/// is closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cap_waiting_list_acceptance_and_deadline_in_a_browser() {
    let server = LiveServer::start().await;
    server.test.registration_event("open", None);
    server.test.add_user("anna", Role::Administrator);
    let mut driver = Driver::start().await;
    let client = driver.session(1280, 900, "en").await;
    let register = |name: &'static str, email: &'static str| {
        let client = client.clone();
        let url = server.url("/e/open/register");
        async move {
            client.goto(&url).await.unwrap();
            wait_for_text(&client, "main h1", "Registration", Duration::from_secs(10)).await;
            fill(&client, "#f-name", name).await;
            fill(&client, "#f-email", email).await;
            click(&client, "#register-submit").await;
            wait_for_text(&client, "#standing", "", Duration::from_secs(10)).await;
            text(&client, "#standing").await
        }
    };
    // Cap 2: two places held, then the waiting list.
    assert!(
        register("Rossi, Mario", "mario@example.org")
            .await
            .contains("a place is held")
    );
    assert!(
        register("Verdi, Anna", "anna@example.org")
            .await
            .contains("a place is held")
    );
    let third = register("Neri, Luca", "luca@example.org").await;
    assert!(third.contains("on the waiting list, number 1"), "{third}");
    shot(&client, "register-waiting-desktop-en").await;

    // The arbiter accepts entry 1 in the queue: Rossi is a player.
    log_in(&client, &server, "anna").await;
    client
        .goto(&server.url("/admin/e/open/registrations"))
        .await
        .unwrap();
    click(&client, "tr[data-number=\"1\"] button[value=accept]").await;
    wait_for_text(
        &client,
        "main",
        "accepted (player 1)",
        Duration::from_secs(10),
    )
    .await;
    shot(&client, "register-queue-accepted-desktop-en").await;
    client
        .goto(&server.url("/e/open/main/players"))
        .await
        .unwrap();
    wait_for_text(&client, "main", "Rossi, Mario", Duration::from_secs(10)).await;
    let list = text(&client, "main").await;
    assert!(
        !list.contains("Neri, Luca"),
        "a waiting entry is no player: {list}"
    );

    // The deadline passes: the form closes.
    let mut desk = arbiter_desk::Desk::open(&server.test.event_path("open")).expect("the event");
    desk.configure_registration(
        &arbiter_desk::Origin::new("test"),
        &arbiter_desk::RegistrationSettingsForm {
            cap: Some("2".into()),
            closes: Some("2020-01-01 00:00".into()),
            utc_offset: Some("+01:00".into()),
            ..arbiter_desk::RegistrationSettingsForm::default()
        },
    )
    .expect("the form's deadline set");
    client.goto(&server.url("/e/open/register")).await.unwrap();
    wait_for_text(
        &client,
        "main",
        "Registration is closed.",
        Duration::from_secs(10),
    )
    .await;
    assert!(
        client
            .find(fantoccini::Locator::Css("#register-submit"))
            .await
            .is_err(),
        "no form after the deadline"
    );
    shot(&client, "register-closed-desktop-en").await;
    client.close().await.unwrap();
}
