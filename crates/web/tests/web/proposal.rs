//! Before a round in the back office: the proposed pairing (nothing
//! recorded until it is published), the check-in as one command, the
//! players' CSV; the Secure cookie behind an HTTPS proxy; desk errors in
//! the page's language.

use arbiter_web::Role;
use axum::http::{Method, StatusCode};

use crate::common::{TestServer, urlencode};

/// Event `open` with six players rated 2400…2350 (ids 1-6 = TPN).
async fn six_players(t: &TestServer) -> (String, String) {
    t.add_user("anna", Role::Administrator);
    let (cookie, csrf) = t.login("anna").await;
    t.post(
        "/admin/new",
        &cookie,
        &csrf,
        "file=open&name=Open&rounds=5",
        false,
    )
    .await;
    let csv: String = std::iter::once("name,rating\n".to_string())
        .chain((1..=6).map(|i| format!("\"Player{i}, Test\",{}\n", 2410 - i * 10)))
        .collect();
    let r = t
        .post(
            "/admin/e/open/main/import",
            &cookie,
            &csrf,
            &format!("csv={}", urlencode(&csv)),
            false,
        )
        .await;
    assert!(r.body.contains("6 players imported."), "{}", r.body);
    (cookie, csrf)
}

/// The hidden `key` field of the proposal page.
fn key_of(body: &str) -> String {
    let marker = "name=\"key\" value=\"";
    let start = body.find(marker).expect("a key field") + marker.len();
    let end = start + body[start..].find('"').expect("end of the key");
    body[start..end].to_string()
}

fn commands(t: &TestServer) -> usize {
    arbiter_desk::Desk::open_read_only(&t.event_path("open"))
        .unwrap()
        .log()
        .unwrap()
        .len()
}

#[tokio::test]
async fn a_proposed_pairing_is_published_or_discarded() {
    let t = TestServer::new();
    let (cookie, csrf) = six_players(&t).await;
    let before = commands(&t);
    let page = t
        .get_with("/admin/e/open/main/proposal", &[("cookie", &cookie)])
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(page.body.contains("Proposed pairing of round 1"));
    // C.04.3 round 1: 1-4, 5-2, 3-6.
    let order: Vec<usize> = [
        "Player1", "Player4", "Player5", "Player2", "Player3", "Player6",
    ]
    .iter()
    .map(|n| page.body.find(&format!("{n}, Test</a>")).expect(n))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
    assert_eq!(commands(&t), before, "looking records nothing");
    assert_eq!(
        t.get("/e/open/main/round/1").await.status,
        StatusCode::NOT_FOUND
    );

    // A late player makes the proposal stale: publishing it is refused.
    let stale = key_of(&page.body);
    t.post(
        "/admin/e/open/main/player",
        &cookie,
        &csrf,
        "name=Late%2C+Lou&rating=2000",
        false,
    )
    .await;
    let r = t
        .post(
            "/admin/e/open/main/pair",
            &cookie,
            &csrf,
            &format!("key={}", urlencode(&stale)),
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("out of date"), "{}", r.body);
    assert_eq!(
        t.get("/e/open/main/round/1").await.status,
        StatusCode::NOT_FOUND
    );

    // The new proposal, published as shown.
    let page = t
        .get_with("/admin/e/open/main/proposal", &[("cookie", &cookie)])
        .await;
    let r = t
        .post(
            "/admin/e/open/main/pair",
            &cookie,
            &csrf,
            &format!("key={}", urlencode(&key_of(&page.body))),
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let round = t.json("/e/open/main/round/1").await;
    assert_eq!(round["round"]["bye"]["name"], "Late, Lou");
    // Round 1 without results: nothing to propose; the section page says why.
    let page = t
        .get_with("/admin/e/open/main/proposal", &[("cookie", &cookie)])
        .await;
    assert_eq!(page.status, StatusCode::CONFLICT);
    assert!(
        page.body
            .contains("The rules refuse this request; nothing was recorded."),
        "{}",
        page.body
    );
    // Not logged in: the login page.
    assert_eq!(
        t.get("/admin/e/open/main/proposal").await.status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn the_check_in_is_one_command_in_the_log() {
    let t = TestServer::new();
    let (cookie, csrf) = six_players(&t).await;
    let before = commands(&t);
    let r = t
        .post(
            "/admin/e/open/main/checkin",
            &cookie,
            &csrf,
            "round=1&present-1=on&present-2=on&present-3=on&present-4=on",
            false,
        )
        .await;
    assert!(
        r.body.contains("2 absent players got a zero-point bye."),
        "{}",
        r.body
    );
    assert_eq!(commands(&t), before + 1);
    let log = t
        .get_with("/admin/e/open/log", &[("cookie", &cookie)])
        .await;
    assert_eq!(
        log.body.matches("web: anna: check-in").count(),
        1,
        "{}",
        log.body
    );
    // A stranger's id refuses the whole check-in.
    let r = t
        .post(
            "/admin/e/open/main/checkin",
            &cookie,
            &csrf,
            "round=2&present-1=on&present-77=on",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    assert_eq!(commands(&t), before + 1);
}

#[tokio::test]
async fn the_players_csv_is_for_the_back_office() {
    let t = TestServer::new();
    let (cookie, _) = six_players(&t).await;
    let r = t
        .get_with("/admin/e/open/main/players.csv", &[("cookie", &cookie)])
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.header("content-type").starts_with("text/csv"));
    assert!(
        r.header("content-disposition")
            .contains("open-main-players.csv")
    );
    let mut lines = r.body.lines();
    assert_eq!(
        lines.next(),
        Some("name,rating,rapid,blitz,national,title,sex,born,fed,fide-id,club,team,tags")
    );
    assert_eq!(lines.next(), Some("\"Player1, Test\",2400,,,,,,,,,,,"));
    assert_eq!(r.body.lines().count(), 7);
    assert_eq!(
        t.get("/admin/e/open/main/players.csv").await.status,
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn cookies_are_secure_behind_an_https_proxy() {
    let t = TestServer::new();
    let plain = t.get("/login").await;
    let pre = plain.headers.get("set-cookie").unwrap().to_str().unwrap();
    assert!(!pre.contains("Secure"), "{pre}");
    for header in [
        ("x-forwarded-proto", "https"),
        ("forwarded", "for=1.2.3.4;proto=https"),
    ] {
        let r = t.get_with("/login?lang=it", &[header]).await;
        let cookies: Vec<&str> = r
            .headers
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap())
            .collect();
        assert_eq!(cookies.len(), 2, "{cookies:?}");
        assert!(
            cookies.iter().all(|c| c.ends_with("; Secure")),
            "{cookies:?}"
        );
    }
    // The session cookie of a login over HTTPS.
    t.add_user("anna", Role::Administrator);
    let form = t
        .get_with("/login", &[("x-forwarded-proto", "https")])
        .await;
    let pre = form.cookies().join("; ");
    let body = format!(
        "csrf={}&name=anna&password={}",
        form.csrf_field(),
        urlencode(crate::common::PASSWORD)
    );
    let done = t
        .send(
            Method::POST,
            "/login",
            &[("cookie", &pre), ("x-forwarded-proto", "https")],
            Some(&body),
        )
        .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER);
    let session = done.header("set-cookie");
    assert!(
        session.starts_with("arbiter_session=")
            && session.contains("HttpOnly; SameSite=Strict")
            && session.ends_with("; Secure"),
        "{session}"
    );
}

#[tokio::test]
async fn desk_errors_are_told_in_the_page_language() {
    let t = TestServer::new();
    let (cookie, csrf) = six_players(&t).await;
    for (lang, sentence) in [
        ("en", "The value of “Rating” is not accepted."),
        ("it", "Valore non accettato nel campo «Elo»."),
        ("pl", "Wartość pola „Ranking” nie została przyjęta."),
        ("ru", "Значение поля «Рейтинг» не принято."),
    ] {
        let r = t
            .post(
                &format!("/admin/e/open/main/player?lang={lang}"),
                &cookie,
                &csrf,
                "name=X%2C+Y&rating=abc",
                false,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(r.body.contains(sentence), "{lang}: {}", r.body);
    }
    // An error page (a query) and its JSON.
    let r = t.get("/e/open/main/round/9?lang=ru").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(
        r.body.contains("То, что указано в запросе, не существует."),
        "{}",
        r.body
    );
    let r = t
        .get_with(
            "/e/open/main/round/9?lang=it",
            &[("accept", "application/json")],
        )
        .await;
    let json: serde_json::Value = serde_json::from_str(&r.body).unwrap();
    assert!(
        json["error"]
            .as_str()
            .unwrap()
            .starts_with("Ciò che la richiesta indica non esiste."),
        "{json}"
    );
}
