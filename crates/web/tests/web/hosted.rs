//! Two stateless servers over one real PostgreSQL database (issue 15
//! part 4): an event created on one is published by the other, a login on
//! one is a session on the other, and a result entered on one reaches the
//! live pages of the other (the database's `LISTEN/NOTIFY`).

use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_store::testing;
use arbiter_web::Role;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use tower::ServiceExt;

use crate::common::{TestServer, wait_for_event};

/// Runs blocking work (the synchronous PostgreSQL client, also when it is
/// dropped) off the async threads.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    tokio::task::spawn_blocking(f).await.expect("blocking task")
}

/// Two servers over a fresh database `name`; `None` without PostgreSQL.
async fn two_servers(name: &'static str) -> Option<(Arc<TestServer>, Arc<TestServer>)> {
    let url = blocking(move || testing::postgres().map(|s| s.fresh_database(name))).await?;
    Some(
        blocking(move || {
            (
                Arc::new(TestServer::over_database(&url)),
                Arc::new(TestServer::over_database(&url)),
            )
        })
        .await,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_share_events_sessions_and_live_changes() {
    let Some((a, b)) = two_servers("web_two").await else {
        return;
    };
    let admin = a.clone();
    blocking(move || admin.add_user("anna", Role::Administrator)).await;

    // A login on A is a session on B: same user, same CSRF token.
    let (cookie, csrf) = a.login("anna").await;
    let page = b.get_with("/admin", &[("cookie", &cookie)]).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.csrf_field(), csrf);

    // An event created on B is A's too.
    let r = b
        .post(
            "/admin/new",
            &cookie,
            &csrf,
            "file=open&name=City+Open&section=main&rounds=5",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(a.json("/").await["events"], serde_json::json!(["open"]));
    for name in ["Rossi%2C+Mario&rating=2100", "Verdi%2C+Anna&rating=1980"] {
        let r = a
            .post(
                "/admin/e/open/main/player",
                &cookie,
                &csrf,
                &format!("name={name}"),
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let r = b
        .post("/admin/e/open/main/pair", &cookie, &csrf, "", false)
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    // B's cached view of round 1, before the result.
    let round = b.json("/e/open/main/round/1").await;
    assert_eq!(round["round"]["boards"][0]["result"], "");

    // A viewer on B; the result is entered on A.
    let request = Request::get("/e/open/live")
        .header("host", "arbiter.test")
        .body(Body::empty())
        .unwrap();
    let response = b.server.router().oneshot(request).await.unwrap();
    let mut body = response.into_body();
    wait_for_event(&mut body, "hello", Duration::from_secs(2)).await;
    assert_eq!(b.server.hub().viewers(), 1);
    // The first look at a newly watched event is a change too.
    wait_for_event(&mut body, "change", Duration::from_secs(3)).await;
    let started = Instant::now();
    let r = a
        .post(
            "/admin/e/open/main/round/1/result",
            &cookie,
            &csrf,
            "board=1&result=1-0",
            true,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    wait_for_event(&mut body, "change", Duration::from_secs(2)).await;
    let took = started.elapsed();
    assert!(took < Duration::from_secs(2), "{took:?}");
    let round = b.json("/e/open/main/round/1").await;
    assert_eq!(round["round"]["boards"][0]["result"], "1-0");

    // Logging out on B ends the session on A.
    let r = b.post("/logout", &cookie, &csrf, "", false).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let r = a.get_with("/admin", &[("cookie", &cookie)]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(r.header("location"), "/login");
    // The synchronous client closes its connections by blocking.
    blocking(move || drop((a, b))).await;
}

/// The login limit is the database's: three wrong passwords on server A
/// and two on B are the five failures of one user, and the next attempt
/// on either server waits (HTTP 429), the right password too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_share_one_login_limit() {
    let Some((a, b)) = two_servers("web_limit").await else {
        return;
    };
    let admin = a.clone();
    blocking(move || admin.add_user("anna", Role::Arbiter)).await;
    let attempt = |t: Arc<TestServer>, password: String| async move {
        let form = t.get("/login").await;
        let pre = form.cookies().join("; ");
        let body = format!("csrf={}&name=anna&password={password}", form.csrf_field());
        t.send(Method::POST, "/login", &[("cookie", &pre)], Some(&body))
            .await
    };
    for server in [&a, &a, &a, &b, &b] {
        let r = attempt(server.clone(), "wrong".into()).await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    }
    let right = crate::common::urlencode(crate::common::PASSWORD);
    for server in [&a, &b] {
        let r = attempt(server.clone(), right.clone()).await;
        assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
        assert!(!r.header("retry-after").is_empty());
    }
    blocking(move || drop((a, b))).await;
}

/// While the database is gone, a page is a 503 saying the data cannot be
/// reached, within the pool's wait for a connection (3 s), not after 10 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_outage_is_a_prompt_503_page() {
    let Some(pg) = blocking(testing::postgres).await else {
        return;
    };
    let url = blocking(move || pg.fresh_database("outage")).await;
    let db = url.rsplit('/').next().expect("database name").to_string();
    let t = Arc::new(blocking(move || TestServer::over_database(&url)).await);
    assert_eq!(t.get("/").await.status, StatusCode::OK);
    blocking(move || {
        let mut admin = postgres::Client::connect(&pg.url("postgres"), postgres::NoTls)
            .expect("the maintenance database");
        admin
            .batch_execute(&format!("DROP DATABASE \"{db}\" WITH (FORCE)"))
            .expect("database dropped");
    })
    .await;
    let started = Instant::now();
    let r = t.get("/").await;
    let took = started.elapsed();
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.body);
    assert!(
        r.body.contains("cannot read or write its data"),
        "{}",
        r.body
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
    println!("with the database gone, a page is 503 after {took:?}");
    blocking(move || drop(t)).await;
}
