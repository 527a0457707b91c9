//! The public pages and their JSON, on the demo events.

use arbiter_web::i18n::MISSING_MARK;
use axum::http::StatusCode;

use crate::common::TestServer;

const PAGES: [&str; 14] = [
    "/",
    "/e/city-open/",
    "/e/city-open/main/players",
    "/e/city-open/main/round/1",
    "/e/city-open/main/round/9",
    "/e/city-open/main/round/9/slips",
    "/e/city-open/main/standings",
    "/e/city-open/main/standings?after=3",
    "/e/city-open/main/crosstable",
    "/e/city-open/main/wallchart",
    "/e/city-open/main/player/1",
    "/e/festival/",
    "/e/festival/C/round/5",
    "/e/festival/E/standings",
];

#[tokio::test]
async fn every_page_in_every_language() {
    let t = TestServer::with_demo();
    for lang in ["en", "it", "pl", "ru"] {
        for page in PAGES {
            let sep = if page.contains('?') { '&' } else { '?' };
            let path = format!("{page}{sep}lang={lang}");
            let r = t.get(&path).await;
            assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
            assert!(r.header("content-type").starts_with("text/html"), "{path}");
            assert!(
                r.body.contains(&format!("<html lang=\"{lang}\">")),
                "{path}"
            );
            assert!(
                !r.body.contains(MISSING_MARK),
                "{path}: a message is missing"
            );
        }
    }
}

#[tokio::test]
async fn pages_show_the_event() {
    let t = TestServer::with_demo();
    let home = t.get("/e/festival/").await;
    for code in ["A", "B", "C", "D", "E"] {
        assert!(
            home.body.contains(&format!("/e/festival/{code}/standings")),
            "{code}"
        );
    }
    assert!(home.body.contains("Spring Festival"));
    assert!(
        home.body.contains("Fri 10 Apr 2026"),
        "dates in the page's language"
    );
    assert!(home.body.contains("/e/festival/qr.svg"));
    let it = t.get("/e/festival/?lang=it").await;
    assert!(it.body.contains("ven 10 apr 2026"), "Italian date");
    let qr = t.get("/e/festival/qr.svg").await;
    assert_eq!(qr.header("content-type"), "image/svg+xml");
    assert!(qr.body.contains("<svg"));

    // Round 5 of the festival is being played: 3 results, the rest open.
    let round = t.json("/e/festival/A/round/5").await;
    let boards = round["round"]["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 6, "12 players, 6 boards");
    let done = boards.iter().filter(|b| b["result"] != "").count();
    assert_eq!(done, 3);

    // Standings in Italian decimals; the tie-break names of the standings crate.
    let st = t.get("/e/city-open/main/standings?lang=it").await;
    assert!(st.body.contains("Buchholz Cut 1"));
    assert!(
        st.body.contains("Classifica dopo il turno 9"),
        "the CLI's title"
    );
    let after = t.json("/e/city-open/main/standings?after=3").await;
    assert_eq!(after["basis"]["rounds"], 3);

    // The TRF export and the CSV standings.
    let trf = t.get("/e/city-open/main.trf").await;
    assert_eq!(trf.status, StatusCode::OK);
    assert!(
        trf.body.starts_with("012 City Open 2026"),
        "{}",
        &trf.body[..60]
    );
    let players = trf
        .body
        .split(['\r', '\n'])
        .filter(|l| l.starts_with("001 "));
    assert_eq!(players.count(), 40);
    let csv = t.get("/e/city-open/main/standings.csv").await;
    assert!(
        csv.body.starts_with(
            "Rank,TPN,Name,PTS,BH/C1,BH,SB,PS,ID,Sex,Born,Fed,FIDE-ID,Title,Rating,Rapid,Blitz,National,Club,Tags\n"
        ),
        "{}",
        csv.body
    );
    assert_eq!(csv.body.lines().count(), 41);
}

#[tokio::test]
async fn player_card_has_games_colours_score_and_tpr() {
    let t = TestServer::with_demo();
    let card = t.json("/e/city-open/main/player/1").await;
    let p = &card["player"];
    let games = p["games"].as_array().unwrap();
    assert_eq!(games.len(), 9);
    // The running score of the last round is the card's score.
    assert_eq!(games[8]["running"], p["points"]);
    for g in games {
        assert!(["w", "b", "-"].contains(&g["colour"].as_str().unwrap()));
    }
    assert!(p["tpr"].is_string(), "a TPR for a player with rated games");
    // Every opponent links to their own card, and they played back.
    let (opp_tpn, opp_id) = (
        games[0]["opponent"][0].as_u64().unwrap(),
        games[0]["opponent"][1].as_u64().unwrap(),
    );
    let other = t.json(&format!("/e/city-open/main/player/{opp_id}")).await;
    assert_eq!(other["player"]["tpn"].as_u64(), Some(opp_tpn));
    assert_eq!(other["player"]["games"][0]["opponent"][1].as_u64(), Some(1));
}

#[tokio::test]
async fn unknown_rounds_players_sections_and_events_are_404() {
    let t = TestServer::with_demo();
    for path in [
        "/e/city-open/main/round/10",
        "/e/city-open/main/round/0",
        "/e/city-open/main/round/abc",
        "/e/city-open/main/player/999",
        "/e/city-open/main/player/x",
        "/e/city-open/nosection/standings",
        "/e/city-open/nosection.trf",
        "/e/nosuch/",
        "/e/nosuch/main/standings",
        "/e/city-open/main/round/99/slips",
    ] {
        let r = t.get(path).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{path}: {}", r.body);
        assert!(r.header("content-type").starts_with("text/html"), "{path}");
        let j = t.get_with(path, &[("accept", "application/json")]).await;
        assert_eq!(j.status, StatusCode::NOT_FOUND, "{path}");
        let doc: serde_json::Value = serde_json::from_str(&j.body).unwrap();
        assert!(
            doc["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{path}"
        );
    }
}

#[tokio::test]
async fn json_at_every_public_url() {
    let t = TestServer::with_demo();
    let events = t.json("/").await;
    assert_eq!(
        events["events"],
        serde_json::json!(["city-open", "festival"])
    );
    let home = t.json("/e/festival/").await;
    assert_eq!(home["sections"].as_array().unwrap().len(), 5);
    assert_eq!(home["info"]["name"], "Spring Festival");
    let players = t.json("/e/city-open/main/players").await;
    assert_eq!(players["players"].as_array().unwrap().len(), 40);
    let cross = t.json("/e/city-open/main/crosstable").await;
    assert_eq!(cross["rounds"], 9);
    assert_eq!(cross["lines"].as_array().unwrap().len(), 40);
    let st = t.json("/e/city-open/main/standings").await;
    assert_eq!(st["rows"].as_array().unwrap().len(), 40);
    assert_eq!(st["tiebreaks"][0]["code"], "BH/C1");
}
