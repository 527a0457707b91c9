//! `/admin/users`: an administrator withdraws access; each withdrawal ends
//! the user's sessions at once and is in the log with the administrator's
//! name. A storage fault is a 503 page that says so.

use arbiter_web::{EventName, Role};
use axum::http::StatusCode;

use crate::common::{PASSWORD, TestServer, urlencode};

/// Is the session of `cookie` still live (the back office opens)?
async fn live(t: &TestServer, cookie: &str) -> bool {
    t.get_with("/admin", &[("cookie", cookie)]).await.status == StatusCode::OK
}

#[tokio::test]
async fn an_administrator_withdraws_access_and_each_change_ends_the_sessions() {
    let t = TestServer::with_demo();
    t.add_user("root", Role::Administrator);
    t.add_user("bob", Role::Arbiter);
    let festival = EventName::parse("festival").unwrap();
    t.server.accounts().grant("bob", &festival).unwrap();
    let (admin, csrf) = t.login("root").await;
    // Bob may not see the page, nor act.
    let (bob, bob_csrf) = t.login("bob").await;
    let page = t.get_with("/admin/users", &[("cookie", &bob)]).await;
    assert_eq!(page.status, StatusCode::FORBIDDEN);
    let r = t
        .post(
            "/admin/users",
            &bob,
            &bob_csrf,
            "action=logout&name=root",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(live(&t, &admin).await);
    // The administrator's page lists bob with his event and session.
    let page = t.get_with("/admin/users", &[("cookie", &admin)]).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("name=\"event\" value=\"festival\""),
        "{}",
        page.body
    );
    // Revoking the grant ends bob's session.
    let r = t
        .post(
            "/admin/users",
            &admin,
            &csrf,
            "action=revoke&name=bob&event=festival",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert!(!live(&t, &bob).await);
    assert!(
        !t.server
            .accounts()
            .find("bob")
            .unwrap()
            .unwrap()
            .may_manage(&festival)
    );
    // A grant he no longer has, a short password, an unknown user: the
    // page with the reason, nothing changed.
    let again = t
        .post(
            "/admin/users",
            &admin,
            &csrf,
            "action=revoke&name=bob&event=festival",
            false,
        )
        .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        again.body.contains("was not granted festival"),
        "{}",
        again.body
    );
    let short = t
        .post(
            "/admin/users",
            &admin,
            &csrf,
            "action=password&name=bob&password=short",
            false,
        )
        .await;
    assert_eq!(short.status, StatusCode::UNPROCESSABLE_ENTITY);
    let nobody = t
        .post(
            "/admin/users",
            &admin,
            &csrf,
            "action=remove&name=nobody",
            false,
        )
        .await;
    assert_eq!(nobody.status, StatusCode::NOT_FOUND);
    // A new password: the old one no longer logs in, the new one does.
    let (bob, _) = t.login("bob").await;
    let form = format!(
        "action=password&name=bob&password={}",
        urlencode("a brand new one")
    );
    let r = t.post("/admin/users", &admin, &csrf, &form, false).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert!(!live(&t, &bob).await);
    assert!(
        t.server
            .accounts()
            .verify("bob", PASSWORD)
            .unwrap()
            .is_none()
    );
    assert!(
        t.server
            .accounts()
            .verify("bob", "a brand new one")
            .unwrap()
            .is_some()
    );
    // Logging bob out everywhere, then removing him.
    let r = t
        .post(
            "/admin/users",
            &admin,
            &csrf,
            "action=logout&name=bob",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let r = t
        .post(
            "/admin/users",
            &admin,
            &csrf,
            "action=remove&name=bob",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert!(t.server.accounts().find("bob").unwrap().is_none());
    // Every change is logged with the administrator's name.
    let log: Vec<String> = t
        .server
        .accounts()
        .log_lines()
        .unwrap()
        .into_iter()
        .map(|l| format!("{} | {} {}", l.actor, l.action, l.detail))
        .collect();
    assert_eq!(
        log,
        [
            "web: root | user revoke bob festival",
            "web: root | user password bob",
            "web: root | user logout-all bob: 0 sessions",
            "web: root | user remove bob",
        ]
    );
    let page = t.get_with("/admin/users", &[("cookie", &admin)]).await;
    assert!(page.body.contains("user remove bob"), "{}", page.body);
    assert!(
        live(&t, &admin).await,
        "the administrator keeps his session"
    );
}

#[tokio::test]
async fn a_storage_fault_is_a_503_that_says_so() {
    let t = TestServer::new();
    // An event file that is no database: the page cannot be read.
    std::fs::write(t.event_path("broken"), b"not a database at all").unwrap();
    let r = t.get("/e/broken/").await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
    assert!(
        r.body.contains("cannot read or write its data"),
        "{}",
        r.body
    );
    assert!(!r.body.contains("Internal error"), "{}", r.body);
}
