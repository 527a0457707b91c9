//! In-process HTTP tests of every route: status, content, headers,
//! security refusals, languages.

use crate::common;

use arbiter_web::Role;
use arbiter_web::i18n::MISSING_MARK;
use axum::http::{Method, StatusCode};
use common::{TestServer, urlencode};

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let t = TestServer::new();
    for path in ["/", "/login", "/no/such/page", "/assets/app.css"] {
        let r = t.get(path).await;
        let csp = r.header("content-security-policy");
        assert!(csp.contains("default-src 'none'"), "{path}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{path}: {csp}");
        assert_eq!(r.header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(r.header("x-frame-options"), "DENY", "{path}");
    }
}

#[tokio::test]
async fn unknown_pages_are_localised_error_pages() {
    let t = TestServer::new();
    let r = t.get("/no/such/page").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.header("content-type").starts_with("text/html"));
    assert!(
        r.body.contains("There is no page at this address."),
        "{}",
        r.body
    );
    let r = t.get("/no/such/page?lang=ru").await;
    assert!(
        r.body.contains("По этому адресу нет страницы."),
        "{}",
        r.body
    );
    let r = t
        .get_with("/no/such/page", &[("accept", "application/json")])
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let json: serde_json::Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(json["status"], 404);
    assert_eq!(json["error"], "There is no page at this address.");
}

#[tokio::test]
async fn event_names_cannot_leave_the_data_folder() {
    let t = TestServer::new();
    std::fs::write(t.dir.path().join("secret.txt"), "do not serve").unwrap();
    for path in [
        "/e/..%2Fsecret/live",
        "/e/%2e%2e/live",
        "/e/..%5Csecret/qr.svg",
        "/e/secret.txt/live",
        "/e/arbiter-server/live",
        "/e/nosuchevent/live",
    ] {
        let r = t.get(path).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}: {}", r.body);
        assert!(!r.body.contains("do not serve"), "{path}");
    }
}

#[tokio::test]
async fn languages_from_query_cookie_and_accept_language() {
    let t = TestServer::new();
    let cases = [
        ("/?lang=it", vec![], "Tornei", "lang=\"it\""),
        ("/?lang=pl", vec![], "Turnieje", "lang=\"pl\""),
        ("/?lang=ru", vec![], "Турниры", "lang=\"ru\""),
        (
            "/",
            vec![("accept-language", "pl-PL,pl;q=0.9,en;q=0.5")],
            "Turnieje",
            "lang=\"pl\"",
        ),
        ("/", vec![("cookie", "lang=ru")], "Турниры", "lang=\"ru\""),
        ("/", vec![], "Events", "lang=\"en\""),
    ];
    for (path, headers, text, html_lang) in cases {
        let r = t.get_with(path, &headers).await;
        assert_eq!(r.status, StatusCode::OK);
        assert!(r.body.contains(text), "{path} {headers:?}");
        assert!(r.body.contains(html_lang), "{path} {headers:?}");
        assert!(
            !r.body.contains(MISSING_MARK),
            "{path}: a message is missing"
        );
    }
    // Choosing a language remembers it in a cookie.
    let r = t.get("/?lang=it").await;
    assert!(
        r.cookies().contains(&"lang=it".to_string()),
        "{:?}",
        r.cookies()
    );
}

#[tokio::test]
async fn login_sets_an_httponly_samesite_session_and_logout_ends_it() {
    let t = TestServer::new();
    t.add_user("anna", Role::Arbiter);
    let r = t.get("/admin").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(r.header("location"), "/login");
    let form = t.get("/login").await;
    let pre = form.cookies().join("; ");
    let body = format!(
        "csrf={}&name=anna&password={}",
        form.csrf_field(),
        urlencode(common::PASSWORD)
    );
    let r = t
        .send(Method::POST, "/login", &[("cookie", &pre)], Some(&body))
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let set = r.header("set-cookie");
    assert!(set.starts_with("arbiter_session="), "{set}");
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Strict"),
        "{set}"
    );
    let (cookie, csrf) = t.login("anna").await;
    let admin = t.get_with("/admin", &[("cookie", &cookie)]).await;
    assert_eq!(admin.status, StatusCode::OK);
    assert!(admin.body.contains("Logged in as anna"));
    let r = t
        .send(
            Method::POST,
            "/logout",
            &[("cookie", &cookie)],
            Some(&format!("csrf={csrf}")),
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let r = t.get_with("/admin", &[("cookie", &cookie)]).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "the session has ended");
}

#[tokio::test]
async fn mutating_requests_without_the_token_are_refused() {
    let t = TestServer::new();
    t.add_user("anna", Role::Administrator);
    let (cookie, csrf) = t.login("anna").await;
    // No token, a wrong token, a token from another site's page.
    for (headers, body) in [
        (vec![("cookie", cookie.as_str())], String::new()),
        (
            vec![("cookie", cookie.as_str())],
            format!("csrf={}", "0".repeat(64)),
        ),
        (
            vec![
                ("cookie", cookie.as_str()),
                ("origin", "http://evil.example"),
            ],
            format!("csrf={csrf}"),
        ),
        (
            vec![
                ("cookie", cookie.as_str()),
                ("sec-fetch-site", "cross-site"),
            ],
            format!("csrf={csrf}"),
        ),
    ] {
        let r = t.send(Method::POST, "/logout", &headers, Some(&body)).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{headers:?} {body}");
        assert!(
            r.body.contains("out of date or came from another site"),
            "{}",
            r.body
        );
    }
    // The session survived every refused attempt.
    assert_eq!(
        t.get_with("/admin", &[("cookie", &cookie)]).await.status,
        StatusCode::OK
    );
    // The login form needs its own token too.
    let r = t
        .send(Method::POST, "/login", &[], Some("name=anna&password=x"))
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn failed_logins_are_rate_limited() {
    let t = TestServer::new();
    t.add_user("anna", Role::Arbiter);
    let t = &t;
    let attempt = |password: &'static str| async move {
        let form = t.get("/login").await;
        let pre = form.cookies().join("; ");
        let body = format!("csrf={}&name=anna&password={password}", form.csrf_field());
        t.send(Method::POST, "/login", &[("cookie", &pre)], Some(&body))
            .await
    };
    for _ in 0..5 {
        let r = attempt("wrong").await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED);
        assert!(r.body.contains("Wrong user name or password."));
    }
    let r = attempt("wrong").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(!r.header("retry-after").is_empty());
    // Even the right password waits now.
    let r = t.get("/login").await;
    let pre = r.cookies().join("; ");
    let body = format!(
        "csrf={}&name=anna&password={}",
        r.csrf_field(),
        urlencode(common::PASSWORD)
    );
    let r = t
        .send(Method::POST, "/login", &[("cookie", &pre)], Some(&body))
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
}

/// 40 wrong guesses at once, then the right password: each attempt is
/// counted before its password is checked, so exactly the limit (5) are
/// checked and refused, the 35 others wait, and so does the right one.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_concurrent_burst_of_guesses_gets_only_the_limit_checked() {
    let t = std::sync::Arc::new(TestServer::new());
    t.add_user("anna", Role::Arbiter);
    let mut forms = Vec::new();
    for _ in 0..40 {
        let form = t.get("/login").await;
        let body = format!("csrf={}&name=anna&password=wrong", form.csrf_field());
        forms.push((form.cookies().join("; "), body));
    }
    let mut burst = Vec::new();
    for (cookie, body) in forms {
        let t = t.clone();
        burst.push(tokio::spawn(async move {
            t.send(Method::POST, "/login", &[("cookie", &cookie)], Some(&body))
                .await
                .status
        }));
    }
    let mut checked = 0;
    let mut refused = 0;
    for attempt in burst {
        match attempt.await.expect("attempt") {
            StatusCode::UNAUTHORIZED => checked += 1,
            StatusCode::TOO_MANY_REQUESTS => refused += 1,
            other => panic!("{other}"),
        }
    }
    assert_eq!((checked, refused), (5, 35));
    let form = t.get("/login").await;
    let body = format!(
        "csrf={}&name=anna&password={}",
        form.csrf_field(),
        urlencode(common::PASSWORD)
    );
    let cookie = form.cookies().join("; ");
    let r = t
        .send(Method::POST, "/login", &[("cookie", &cookie)], Some(&body))
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        r.cookies()
            .iter()
            .all(|c| !c.starts_with("arbiter_session="))
    );
}

#[tokio::test]
async fn a_hostile_user_name_is_escaped() {
    let t = TestServer::new();
    let hostile = "<script>alert(1)</script>\"'&";
    t.add_user(hostile, Role::Administrator);
    let (cookie, _) = t.login(hostile).await;
    let r = t.get_with("/admin", &[("cookie", &cookie)]).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(!r.body.contains("<script>alert(1)"), "{}", r.body);
    assert!(
        r.body.contains("&#60;script&#62;alert(1)&#60;/script&#62;")
            || r.body.contains("&lt;script&gt;"),
        "{}",
        r.body
    );
}

#[tokio::test]
async fn a_malformed_form_is_a_page_naming_the_problem() {
    let t = TestServer::new();
    let form = t.get("/login").await;
    let pre = form.cookies().join("; ");
    let body = format!("csrf={}&name=%FF%FE", form.csrf_field());
    let r = t
        .send(Method::POST, "/login", &[("cookie", &pre)], Some(&body))
        .await;
    assert!(r.status.is_client_error(), "{}", r.status);
    assert!(r.header("content-type").starts_with("text/html"));
    assert!(!r.body.contains("panicked"));
}

#[tokio::test]
async fn assets_are_embedded() {
    let t = TestServer::new();
    let css = t.get("/assets/app.css").await;
    assert_eq!(css.status, StatusCode::OK);
    assert!(css.header("content-type").starts_with("text/css"));
    assert!(css.body.contains("@media print"));
    let js = t.get("/assets/app.js").await;
    assert!(js.body.contains("EventSource"));
    assert_eq!(
        t.get("/assets/../Cargo.toml").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        t.get("/assets/nothing.js").await.status,
        StatusCode::NOT_FOUND
    );
}
