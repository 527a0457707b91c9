//! The back office of a team section: teams registered through the form,
//! a line-up, a round of matches paired, board results entered and
//! corrected, refusals naming their field with nothing recorded; the
//! public team page and its JSON follow. Expected scores by hand: 2
//! boards, the home team White on board 1 and Black on board 2 (`WB`).

use arbiter_web::Role;
use arbiter_web::i18n::MISSING_MARK;
use axum::http::StatusCode;
use serde_json::Value;

use crate::common::{Resp, TestServer};

/// The match of round 1 as the public JSON has it.
async fn match_one(t: &TestServer) -> Value {
    let doc = t.json("/e/cup/main/teams?round=1").await;
    let matches = doc["round"]["matches"].as_array().unwrap();
    assert_eq!(matches.len(), 1, "2 teams: 1 match");
    matches[0].clone()
}

/// The event's log page, as the session `cookie` sees it.
async fn log(t: &TestServer, cookie: &str) -> String {
    t.get_with("/admin/e/cup/log", &[("cookie", cookie)])
        .await
        .body
}

/// The team event `cup` and the session of its administrator `anna`.
async fn cup_session(t: &TestServer) -> (String, String) {
    t.team_event("cup");
    t.add_user("anna", Role::Administrator);
    t.login("anna").await
}

/// Posts `form` to the back-office page `path` of section `main` of `cup`
/// in the session (`cookie`, `csrf`).
fn post_to<'a>(
    t: &'a TestServer,
    (cookie, csrf): &'a (String, String),
    path: &str,
    form: &str,
) -> impl std::future::Future<Output = Resp> + use<'a> {
    let path = format!("/admin/e/cup/main/{path}");
    let form = form.to_string();
    async move { t.post(&path, cookie, csrf, &form, false).await }
}

#[tokio::test]
async fn a_team_section_run_from_the_back_office() {
    let t = TestServer::new();
    let session = cup_session(&t).await;
    let (cookie, csrf) = session.clone();
    let post = |path: &str, form: &str| post_to(&t, &session, path, form);

    // The section page of a team section leads to its teams and pairs matches.
    let section = t
        .get_with("/admin/e/cup/main/", &[("cookie", &cookie)])
        .await;
    assert!(section.body.contains("href=\"/admin/e/cup/main/teams\""));
    assert!(
        section
            .body
            .contains("action=\"/admin/e/cup/main/pair-matches\"")
    );
    assert!(!section.body.contains("/proposal"), "no individual pairing");

    // A roster with a bad id is refused by field and registers nothing.
    let r = post("team", "name=Rossi&family=Rossi&players=1%2Cx").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("Field players:"), "{}", r.body);
    assert!(r.body.contains("value=\"1,x\""), "the form keeps the input");
    let r = post(
        "team",
        "name=Rossi&family=Rossi&players=1%2C2&captain=1&tags=local",
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body.contains("Team Rossi registered."), "{}", r.body);
    let r = post("team", "name=Nowak&family=Nowak&players=3%2C4%2C5").await;
    assert!(r.body.contains("Team Nowak registered."), "{}", r.body);
    let teams = t
        .get_with("/admin/e/cup/main/teams", &[("cookie", &cookie)])
        .await;
    for shown in [
        "Rossi, Anna #1",
        "Rossi, Luca #2",
        "Nowak, Jan #3",
        "Reserves:</span> Nowak, Piotr #5",
        "local",
    ] {
        assert!(teams.body.contains(shown), "{shown} missing from the teams");
    }
    let list = t.json("/e/cup/main/players").await;
    assert_eq!(list["players"].as_array().unwrap().len(), 5);

    // Nowak (id 2) lines up Jan on board 1, the reserve Piotr on board 2.
    let r = post("lineup", "team=2&round=1&players=3%2C5").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(
        r.body
            .contains("Round 1: Nowak lines up Nowak, Jan #3, Nowak, Piotr #5."),
        "{}",
        r.body
    );
    let r = post("lineup", "team=x&round=1&players=3%2C5").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("Field team:"), "{}", r.body);

    // Round 1 of matches.
    let r = post("pair-matches", "").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(r.header("location"), "/admin/e/cup/main/matches/1");
    let m = match_one(&t).await;
    let boards = m["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    let on = |b: &Value, side: &str| b[side]["id"].as_u64().unwrap();
    let nowak_first = |b: &Value| [on(b, "white"), on(b, "black")];
    // The line-up holds: Jan (3) on board 1, Piotr (5) on board 2.
    assert!(nowak_first(&boards[0]).contains(&3), "{m}");
    assert!(nowak_first(&boards[1]).contains(&5), "{m}");
    assert_eq!(boards[0]["white_team_has_white"], true);
    assert_eq!(boards[1]["white_team_has_white"], false);
    let (white_team, black_team) = (
        m["white_team"]["name"].as_str().unwrap().to_string(),
        m["black_team"]["name"].as_str().unwrap().to_string(),
    );
    let page = t
        .get_with("/admin/e/cup/main/matches/1", &[("cookie", &cookie)])
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body
            .contains(&format!("Match 1: {white_team} – {black_team}")),
        "{}",
        page.body
    );
    assert_eq!(page.body.matches("class=\"board-result\"").count(), 2);

    // Refused board results: named field, nothing recorded.
    let before = log(&t, &cookie).await;
    for (form, status, field) in [
        (
            "match=1&board=x&result=1-0",
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("board"),
        ),
        (
            "match=1&board=1&result=2-0",
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("result"),
        ),
        (
            "match=one&board=1&result=1-0",
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("match"),
        ),
        (
            "board=1&result=1-0",
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("board"),
        ),
        (
            "board=1.x&result=1-0",
            StatusCode::UNPROCESSABLE_ENTITY,
            Some("board"),
        ),
        ("match=1&board=3&result=1-0", StatusCode::NOT_FOUND, None),
        ("board=1.3&result=1-0", StatusCode::NOT_FOUND, None),
        ("match=2&board=1&result=1-0", StatusCode::NOT_FOUND, None),
    ] {
        let r = post("matches/1/result", form).await;
        assert_eq!(r.status, status, "{form}: {}", r.body);
        assert!(r.body.contains("id=\"refusal\""), "{form}: {}", r.body);
        if let Some(f) = field {
            assert!(
                r.body.contains(&format!("Field {f}:")),
                "{form}: {}",
                r.body
            );
        }
    }
    let r = post("matches/1/forfeit", "match=1&result=%2B%2B").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("Field result:"), "{}", r.body);
    assert_eq!(log(&t, &cookie).await, before, "a refusal records nothing");
    assert_eq!(match_one(&t).await["score"][0], "0.0");

    // Board 1: White (the white team) wins; board 2: a draw → 1.5 : 0.5.
    // Board 1 comes from the keyboard form posted without its script:
    // `board` is MATCH.BOARD.
    let r = post("matches/1/result", "board=1.1&result=1-0").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(r.header("location"), "/admin/e/cup/main/matches/1");
    let r = t
        .post(
            "/admin/e/cup/main/matches/1/result",
            &cookie,
            &csrf,
            "match=1&board=2&result=1%2F2",
            true,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let j: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(j["result"], "1/2");
    assert_eq!(j["corrected"], false);
    let m = match_one(&t).await;
    assert_eq!(m["score"][0], "1.5");
    assert_eq!(m["score"][1], "0.5");
    let doc = t.json("/e/cup/main/teams").await;
    let rows = doc["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows[0]["name"], white_team.as_str(), "the match is won");
    assert_eq!(rows[0]["points"], "1.5");
    assert_eq!(rows[1]["name"], black_team.as_str());
    assert_eq!(rows[1]["points"], "0.5");
    let html = t.get("/e/cup/main/teams").await;
    assert!(html.body.contains("1.5 – 0.5"), "{}", html.body);

    // A correction: board 2 won by Black, the white team's player → 2 : 0.
    let r = t
        .post(
            "/admin/e/cup/main/matches/1/result",
            &cookie,
            &csrf,
            "match=1&board=2&result=0-1",
            true,
        )
        .await;
    let j: Value = serde_json::from_str(&r.body).unwrap();
    assert_eq!(j["corrected"], true);
    assert_eq!(j["previous"], "1/2");
    let m = match_one(&t).await;
    assert_eq!(
        (m["score"][0].as_str(), m["score"][1].as_str()),
        (Some("2.0"), Some("0.0"))
    );

    // Round 2 would be a rematch: no pairing, nothing relaxed, the refusal shown.
    let r = post("pair-matches", "").await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("id=\"refusal\""), "{}", r.body);
    assert_eq!(t.json("/e/cup/main/teams").await["round"]["round"], 1);

    let log = log(&t, &cookie).await;
    for line in [
        "web: anna: team add --name",
        "--players 1,2 --section main",
        "web: anna: lineup 1 2 3,5",
        "web: anna: pair --section main",
        "web: anna: result 1 1 1 1-0 --section main",
    ] {
        assert!(log.contains(line), "{line} missing from the log");
    }
}

#[tokio::test]
async fn the_team_back_office_in_every_language() {
    let t = TestServer::with_demo();
    t.add_user("anna", Role::Administrator);
    let (cookie, csrf) = t.login("anna").await;
    for lang in ["en", "it", "pl", "ru"] {
        for page in [
            "/admin/e/team-cup/main/",
            "/admin/e/team-cup/main/teams",
            "/admin/e/team-cup/main/matches/3",
            "/admin/e/team-cup/main/matches/4",
        ] {
            let path = format!("{page}?lang={lang}");
            let r = t.get_with(&path, &[("cookie", &cookie)]).await;
            assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
            assert!(
                !r.body.contains(MISSING_MARK),
                "{path}: a message is missing: {}",
                r.body
            );
        }
    }
    // Round 3's match 4 was forfeited as a whole: no board entry there.
    let r3 = t
        .get_with("/admin/e/team-cup/main/matches/3", &[("cookie", &cookie)])
        .await;
    assert!(r3.body.contains("forfeited +-"), "{}", r3.body);
    // Round 4: 2 matches complete, 2 open; every board of a live match has a select.
    let r4 = t
        .get_with("/admin/e/team-cup/main/matches/4", &[("cookie", &cookie)])
        .await;
    assert_eq!(r4.body.matches("class=\"board-result\"").count(), 8);
    // Round 4 is not complete: round 5 cannot be paired yet.
    let r = t
        .post(
            "/admin/e/team-cup/main/pair-matches",
            &cookie,
            &csrf,
            "",
            false,
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    // Not logged in: to the login page; an individual section has no team pages.
    let r = t.get("/admin/e/team-cup/main/teams").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let r = t
        .get_with("/admin/e/city-open/main/teams", &[("cookie", &cookie)])
        .await;
    assert!(r.status.is_client_error(), "{}", r.status);
}

/// Tags, an absence and a withdrawal through the teams page: each is a
/// desk command logged with the user's name; removing a tag the team lacks
/// is refused naming the field, nothing recorded. Two teams, one absent in
/// round 1: round 1 cannot be paired (one team left to pair).
#[tokio::test]
async fn team_tags_absence_and_withdrawal_from_the_teams_page() {
    let t = TestServer::new();
    let session = cup_session(&t).await;
    let cookie = session.0.clone();
    let post = |path: &str, form: &str| post_to(&t, &session, path, form);
    post("team", "name=Rossi&family=Rossi&players=1%2C2").await;
    post("team", "name=Nowak&family=Nowak&players=3%2C4").await;

    let r = post("team-tags", "team=2&tag=Second&untag=").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body.contains("Tags of Nowak: second."), "{}", r.body);
    let before = log(&t, &cookie).await;
    let r = post("team-tags", "team=2&tag=&untag=local").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("Field untag:"), "{}", r.body);
    assert_eq!(log(&t, &cookie).await, before, "a refusal recorded nothing");
    let it = t
        .get_with("/admin/e/cup/main/teams?lang=it", &[("cookie", &cookie)])
        .await;
    assert!(it.body.contains("Assente al turno 1"), "{}", it.body);
    assert!(!it.body.contains(MISSING_MARK), "{}", it.body);

    let r = post("team-out", "team=1&round=1&what=absent").await;
    assert!(
        r.body.contains("Rossi is not paired in round 1."),
        "{}",
        r.body
    );
    let r = post("pair-matches", "").await;
    assert!(r.status.is_client_error(), "{}", r.body);
    assert!(
        r.body
            .contains("section &#39;main&#39; has 1 team(s) to pair in round 1"),
        "{}",
        r.body
    );
    let r = post("team-out", "team=2&round=2&what=withdraw").await;
    assert!(
        r.body.contains("Nowak is withdrawn from round 2."),
        "{}",
        r.body
    );
    let log = log(&t, &cookie).await;
    for line in [
        "web: anna: team update 2 --tag Second",
        "web: anna: team absent 1 --round 1",
        "web: anna: team withdraw 2 --from-round 2",
    ] {
        assert!(log.contains(line), "{line} missing from the log: {log}");
    }
}
