//! The back office: authorization, every command through a form, refusals
//! naming their field, the log.

use arbiter_web::Role;
use axum::http::StatusCode;

use crate::common::{TestServer, urlencode};

/// The demo events, and `anna` logged in: an arbiter granted `festival`
/// only (her session's cookie and CSRF token).
async fn festival_arbiter() -> (TestServer, String, String) {
    let t = TestServer::with_demo();
    t.add_user("anna", Role::Arbiter);
    t.server
        .accounts()
        .grant("anna", &arbiter_web::EventName::parse("festival").unwrap())
        .unwrap();
    let (cookie, csrf) = t.login("anna").await;
    (t, cookie, csrf)
}

#[tokio::test]
async fn arbiters_manage_only_their_events() {
    let (t, cookie, csrf) = festival_arbiter().await;
    let admin = t.get_with("/admin", &[("cookie", &cookie)]).await;
    assert!(admin.body.contains("/admin/e/festival/"));
    assert!(!admin.body.contains("/admin/e/city-open/"));
    assert!(
        !admin.body.contains("action=\"/admin/new\""),
        "arbiters create no events"
    );
    let r = t
        .get_with("/admin/e/city-open/", &[("cookie", &cookie)])
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = t
        .post("/admin/e/city-open/undo", &cookie, &csrf, "", false)
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = t
        .post(
            "/admin/new",
            &cookie,
            &csrf,
            "file=x&name=X&rounds=5",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(!t.event_path("x").exists());
    // Not logged in: to the login page.
    let r = t.get("/admin/e/festival/").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
}

#[tokio::test]
async fn an_event_from_creation_to_the_first_results() {
    let t = TestServer::new();
    t.add_user("anna", Role::Administrator);
    let (cookie, csrf) = t.login("anna").await;

    // A refused form names its field, keeps what was typed, writes nothing.
    let r = t
        .post(
            "/admin/new",
            &cookie,
            &csrf,
            "file=../evil&name=X&rounds=5",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains("Field file:"), "{}", r.body);
    let r = t
        .post(
            "/admin/new",
            &cookie,
            &csrf,
            "file=open&name=City+Open&rounds=many",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("Field rounds:"), "{}", r.body);
    assert!(
        r.body.contains("value=\"many\""),
        "the form keeps the input"
    );
    assert!(!t.event_path("open").exists(), "nothing half-written");

    let r = t
        .post(
            "/admin/new",
            &cookie,
            &csrf,
            "file=open&name=City+Open&section=main&rounds=5&system=dutch&tiebreaks=BH%2FC1%2CBH",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(r.header("location"), "/admin/e/open/");

    // Players: one by the form, a bad rating refused by field, five by CSV.
    let r = t
        .post(
            "/admin/e/open/main/player",
            &cookie,
            &csrf,
            "name=Rossi%2C+Mario&rating=abc",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains("Field rating:"), "{}", r.body);
    let r = t
        .post(
            "/admin/e/open/main/player",
            &cookie,
            &csrf,
            "name=Rossi%2C+Mario&rating=2100&fed=ITA",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body.contains("Rossi, Mario added."));
    let csv = "name,rating\n\"Nowak, Jan\",2050\n\"Ivanova, Olga\",2000\n\"Bianchi, Luca\",1950\n\"Kowalska, Anna\",1900\n\"Petrov, Ivan\",1850\n";
    let r = t
        .post(
            "/admin/e/open/main/import",
            &cookie,
            &csrf,
            &format!("csv={}", urlencode(csv)),
            false,
        )
        .await;
    assert!(r.body.contains("5 players imported."), "{}", r.body);
    let players = t.json("/e/open/main/players").await;
    assert_eq!(players["players"].as_array().unwrap().len(), 6);

    // Check-in: Petrov (id 6) is absent and gets a zero-point bye.
    let present: String = (1..=5).map(|i| format!("&present-{i}=on")).collect();
    let r = t
        .post(
            "/admin/e/open/main/checkin",
            &cookie,
            &csrf,
            &format!("round=1{present}"),
            false,
        )
        .await;
    assert!(
        r.body.contains("1 absent players got a zero-point bye."),
        "{}",
        r.body
    );

    // Pair round 1: five present players, one gets the pairing-allocated bye.
    let r = t
        .post("/admin/e/open/main/pair", &cookie, &csrf, "", false)
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(r.header("location"), "/admin/e/open/main/round/1");
    let round = t.json("/e/open/main/round/1").await;
    assert_eq!(round["round"]["boards"].as_array().unwrap().len(), 2);
    assert!(round["round"]["bye"].is_object());
    let absent = &round["round"]["absent"][0];
    assert_eq!(absent[0]["name"], "Petrov, Ivan");

    // Results as the keyboard entry sends them; a correction is marked.
    let r = t
        .post(
            "/admin/e/open/main/round/1/result",
            &cookie,
            &csrf,
            "board=1&result=1-0",
            true,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let j: serde_json::Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(j["shown"], "1–0");
    assert_eq!(j["corrected"], false);
    let r = t
        .post(
            "/admin/e/open/main/round/1/result",
            &cookie,
            &csrf,
            "board=1&result=1/2",
            true,
        )
        .await;
    let j: serde_json::Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(j["corrected"], true);
    assert_eq!(j["previous"], "1-0");
    let r = t
        .post(
            "/admin/e/open/main/round/1/result",
            &cookie,
            &csrf,
            "board=7&result=1-0",
            true,
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND, "{}", r.body);
    let r = t
        .post(
            "/admin/e/open/main/round/1/result",
            &cookie,
            &csrf,
            "board=2&result=2-0",
            true,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);

    // Undo takes back the correction; the log shows every web command with its user.
    let r = t
        .post("/admin/e/open/undo", &cookie, &csrf, "", false)
        .await;
    assert!(r.body.contains("Undone:"), "{}", r.body);
    let round = t.json("/e/open/main/round/1").await;
    assert_eq!(round["round"]["boards"][0]["result"], "1-0");
    let log = t
        .get_with("/admin/e/open/log", &[("cookie", &cookie)])
        .await;
    for line in [
        "web: anna: new open",
        "web: anna: pair --section main",
        "web: anna: undo",
        "web: anna: check-in",
    ] {
        assert!(log.body.contains(line), "{line} missing from the log");
    }
}

#[tokio::test]
async fn a_hostile_player_name_is_escaped_everywhere() {
    let t = TestServer::new();
    t.add_user("anna", Role::Administrator);
    let (cookie, csrf) = t.login("anna").await;
    t.post(
        "/admin/new",
        &cookie,
        &csrf,
        "file=ev&name=%3Cb%3EEv%3C%2Fb%3E&rounds=3",
        false,
    )
    .await;
    let hostile = "<script>alert('x')</script>, \"Bob\" & co";
    for (i, name) in [hostile, "Plain, Anna"].iter().enumerate() {
        let form = format!("name={}&rating={}", urlencode(name), 2000 - i);
        let r = t
            .post("/admin/e/ev/main/player", &cookie, &csrf, &form, false)
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    t.post("/admin/e/ev/main/pair", &cookie, &csrf, "", false)
        .await;
    for path in [
        "/e/ev/",
        "/e/ev/main/players",
        "/e/ev/main/round/1",
        "/e/ev/main/standings",
        "/e/ev/main/crosstable",
        "/e/ev/main/player/1",
        "/e/ev/main/round/1/slips",
    ] {
        let r = t.get(path).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
        assert!(!r.body.contains("<script>alert"), "{path} is not escaped");
        assert!(!r.body.contains("<b>Ev</b>"), "{path} is not escaped");
    }
    let players = t.json("/e/ev/main/players").await;
    assert_eq!(
        players["players"][0]["name"], hostile,
        "JSON keeps the name as typed"
    );
}

#[tokio::test]
async fn details_settings_player_changes_and_manual_pairings() {
    let t = TestServer::with_demo();
    t.add_user("anna", Role::Administrator);
    let (cookie, csrf) = t.login("anna").await;
    let r = t
        .post(
            "/admin/e/festival/details",
            &cookie,
            &csrf,
            "city=Krak%C3%B3w+Nowa+Huta&start=2026-99-01",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("Field start:"), "{}", r.body);
    let r = t
        .post(
            "/admin/e/festival/details",
            &cookie,
            &csrf,
            "city=Nowa+Huta",
            false,
        )
        .await;
    assert!(r.body.contains("The details are recorded."), "{}", r.body);
    assert_eq!(t.json("/e/festival/").await["info"]["city"], "Nowa Huta");

    let r = t
        .post(
            "/admin/e/festival/A/update",
            &cookie,
            &csrf,
            "player=1&rating=2399",
            false,
        )
        .await;
    assert!(r.body.contains("changed."), "{}", r.body);
    let players = t.json("/e/festival/A/players").await;
    let one = players["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == 1)
        .unwrap();
    assert_eq!(one["rating"], 2399);

    let r = t
        .post(
            "/admin/e/festival/A/settings",
            &cookie,
            &csrf,
            "tiebreaks=BH%2CSB",
            false,
        )
        .await;
    assert!(r.body.contains("Settings of A recorded."), "{}", r.body);
    assert_eq!(
        t.json("/e/festival/A/standings").await["tiebreaks"][1]["code"],
        "SB"
    );

    // Round 5 of group A: two players of the open boards who met before
    // make a rematch, refused unless overridden.
    let r5 = t.json("/e/festival/A/round/5").await;
    let open: Vec<(u64, u64, u64)> = r5["round"]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["result"] == "")
        .map(|b| {
            let id = |side: &str| b[side]["id"].as_u64().unwrap();
            (b["number"].as_u64().unwrap(), id("white"), id("black"))
        })
        .collect();
    let on_open = |id: u64| open.iter().any(|(_, w, b)| *w == id || *b == id);
    let mut met = None;
    for r in 1..=4 {
        let round = t.json(&format!("/e/festival/A/round/{r}")).await;
        for b in round["round"]["boards"].as_array().unwrap() {
            let (w, bl) = (
                b["white"]["id"].as_u64().unwrap(),
                b["black"]["id"].as_u64().unwrap(),
            );
            if met.is_none() && on_open(w) && on_open(bl) {
                met = Some((w, bl));
            }
        }
    }
    let (w, b) = met.expect("two players of the open boards met before");
    let board = open[0].0;
    let form = format!("board={board}&white={w}&black={b}");
    let r = t
        .post(
            "/admin/e/festival/A/round/5/pairing",
            &cookie,
            &csrf,
            &form,
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("tick the override"), "{}", r.body);
    let r = t
        .post(
            "/admin/e/festival/A/round/5/pairing",
            &cookie,
            &csrf,
            &format!("{form}&override=on"),
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let round = t.json("/e/festival/A/round/5").await;
    assert_eq!(round["round"]["edited"], true);
    let set = round["round"]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .any(|x| x["white"]["id"].as_u64() == Some(w) && x["black"]["id"].as_u64() == Some(b));
    assert!(set, "the board set by hand is in the round");
    let log = t
        .get_with("/admin/e/festival/log", &[("cookie", &cookie)])
        .await;
    assert!(
        log.body.contains("--override"),
        "the override is in the log"
    );
}

/// Every back-office page of an event checks, in this order: the event's
/// and the section's names in the path (404, logged in or not), the
/// session (none: to the login; another arbiter's event: 403), then the
/// round number (404).
#[tokio::test]
async fn back_office_addresses_check_names_then_the_session_then_the_round() {
    let (t, cookie, _) = festival_arbiter().await;
    let pages = [
        "/admin/e/{e}/",
        "/admin/e/{e}/log",
        "/admin/e/{e}/awards",
        "/admin/e/{e}/registrations",
        "/admin/e/{e}/{s}/",
        "/admin/e/{e}/{s}/proposal",
        "/admin/e/{e}/{s}/players.csv",
        "/admin/e/{e}/{s}/teams",
        "/admin/e/{e}/{s}/round/{r}",
        "/admin/e/{e}/{s}/matches/{r}",
    ];
    let at = |page: &str, e: &str, s: &str, r: &str| {
        page.replace("{e}", e).replace("{s}", s).replace("{r}", r)
    };
    for page in pages {
        let logged_out = t.get(&at(page, "city-open", "main", "1")).await;
        assert_eq!(logged_out.status, StatusCode::SEE_OTHER, "{page}");
        assert_eq!(logged_out.header("location"), "/login", "{page}");
        let bad_event = t.get(&at(page, "-open", "main", "1")).await;
        assert_eq!(bad_event.status, StatusCode::NOT_FOUND, "{page}");
        let theirs = t
            .get_with(&at(page, "city-open", "main", "1"), &[("cookie", &cookie)])
            .await;
        assert_eq!(theirs.status, StatusCode::FORBIDDEN, "{page}");
        if page.contains("{s}") {
            let bad_section = t.get(&at(page, "festival", "a.b", "1")).await;
            assert_eq!(bad_section.status, StatusCode::NOT_FOUND, "{page}");
        }
        if page.contains("{r}") {
            let logged_out = t.get(&at(page, "festival", "A", "one")).await;
            assert_eq!(logged_out.status, StatusCode::SEE_OTHER, "{page}");
            let bad_round = t
                .get_with(&at(page, "festival", "A", "one"), &[("cookie", &cookie)])
                .await;
            assert_eq!(bad_round.status, StatusCode::NOT_FOUND, "{page}");
            assert!(
                bad_round.body.contains("round one"),
                "{page}: {}",
                bad_round.body
            );
        }
    }
}
