//! The back office of a team section in headless Chromium: two teams
//! registered through the form, round 1 of matches paired by the button,
//! a board result chosen in the round page's select; the match score
//! follows (board 1 won by White, the white team: 1.0 : 0.0). On a phone
//! (360 px) and a desktop (1100 px) without sideways scrolling;
//! screenshots go to `target/screenshots/team-round-*.png`.

use std::time::Duration;

use arbiter_model::journal::GameResult;
use arbiter_web::Role;
use fantoccini::key::Key;
use fantoccini::{Client, Locator};

use crate::browser::{click, fill, log_in};
use crate::common::browser::{
    Driver, LiveServer, choose, shot, text, value, wait_for_refresh, wait_for_text,
};

const WAIT: Duration = Duration::from_secs(10);

async fn register(client: &Client, name: &str, players: &str) {
    fill(client, "#add-team input[name=name]", name).await;
    fill(client, "#add-team input[name=family]", name).await;
    fill(client, "#add-team input[name=players]", players).await;
    click(client, "#add-team button[type=submit]").await;
    wait_for_text(
        client,
        "p.notice",
        &format!("Team {name} registered."),
        WAIT,
    )
    .await;
}

async fn page_width(client: &Client) -> i64 {
    client
        .execute("return document.documentElement.scrollWidth", vec![])
        .await
        .unwrap()
        .as_i64()
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_result_entered_on_the_team_round_page() {
    let server = LiveServer::start().await;
    server.test.team_event("cup");
    server.test.add_user("anna", Role::Administrator);
    let mut driver = Driver::start().await;
    let client = driver.session(1100, 900, "en").await;
    log_in(&client, &server, "anna").await;
    client
        .goto(&server.url("/admin/e/cup/main/"))
        .await
        .unwrap();
    click(&client, "#teams-admin").await;
    wait_for_text(&client, "main h1", "Teams and matches", WAIT).await;
    register(&client, "Rossi", "1,2").await;
    register(&client, "Nowak", "3,4").await;
    click(&client, "#pair-matches").await;
    wait_for_text(&client, "main h1", "Round 1", WAIT).await;
    assert_eq!(
        client.current_url().await.unwrap().path(),
        "/admin/e/cup/main/matches/1"
    );
    let score = "section[data-match=\"1\"] .score";
    assert_eq!(text(&client, score).await, "0.0 : 0.0");
    // Board 1: the white team's player has White and wins.
    let board = "section[data-match=\"1\"] tr[data-board=\"1\"]";
    // The live page re-fetches its boards once at the first look.
    wait_for_text(&client, "#live-status", "Live", WAIT).await;
    wait_for_refresh(&client, "", WAIT).await;
    choose(&client, &format!("{board} select[name=result]"), "1-0").await;
    click(&client, &format!("{board} button[type=submit]")).await;
    wait_for_text(&client, score, "1.0 : 0.0", WAIT).await;
    let recorded = client
        .find(Locator::Css(board))
        .await
        .unwrap()
        .attr("data-result")
        .await
        .unwrap();
    assert_eq!(recorded.as_deref(), Some("1-0"));
    let width = page_width(&client).await;
    assert!(width <= 1100, "round page on a desktop: {width} px wide");
    shot(&client, "team-round-desktop").await;
    client.close().await.unwrap();

    // The same page on a phone, logged in anew.
    let phone = driver.session(360, 740, "en").await;
    log_in(&phone, &server, "anna").await;
    phone
        .goto(&server.url("/admin/e/cup/main/matches/1"))
        .await
        .unwrap();
    wait_for_text(&phone, score, "1.0 : 0.0", WAIT).await;
    let width = page_width(&phone).await;
    assert!(width <= 360, "round page on a phone: {width} px wide");
    let clipped = phone
        .execute(
            "const w = document.querySelector('section[data-match] .table-wrap'); \
             return w.scrollWidth - w.clientWidth",
            vec![],
        )
        .await
        .unwrap()
        .as_i64()
        .unwrap();
    assert!(
        clipped <= 0,
        "the boards scroll sideways on a phone: {clipped} px"
    );
    shot(&phone, "team-round-phone").await;
    phone.close().await.unwrap();
}

/// The team round page takes results from the keyboard with the individual
/// page's keys: four keys for the four boards of two matches (the board
/// field moves on by itself, from 1.2 to 2.1 across the matches), then a
/// correction of board 1.2 after Escape. Colours `WB`: board 1's White is
/// the white team's player, board 2's the black team's, so match 1
/// (1-0, then 1-0 on board 2) is 1.0 : 1.0 and match 2 (0-1, +/-) is
/// 0.0 : 2.0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn team_results_typed_one_key_a_board() {
    let server = LiveServer::start().await;
    server.test.paired_team_round("cup");
    server.test.add_user("anna", Role::Administrator);
    let mut driver = Driver::start().await;
    let client = driver.session(1100, 900, "en").await;
    log_in(&client, &server, "anna").await;
    client
        .goto(&server.url("/admin/e/cup/main/matches/1"))
        .await
        .unwrap();
    wait_for_text(&client, "#live-status", "Live", WAIT).await;
    wait_for_refresh(&client, "", WAIT).await;
    assert_eq!(value(&client, "#quick-board").await, "1.1");
    // Board 2 of each match: White is the player of the team listed second.
    for m in ["1", "2"] {
        let heading = text(&client, &format!("section[data-match=\"{m}\"] h2")).await;
        let black_team = heading
            .split(" – ")
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .unwrap_or_else(|| panic!("match {m}: {heading}"))
            .to_string();
        let white_2 = text(
            &client,
            &format!("section[data-match=\"{m}\"] tr[data-board=\"2\"] td.name"),
        )
        .await;
        assert!(white_2.starts_with(&black_team), "{heading}: {white_2}");
    }
    shot(&client, "team-round-keyboard-start").await;

    let result = client.find(Locator::Css("#quick-result")).await.unwrap();
    result.click().await.unwrap();
    result.send_keys("1=0").await.unwrap();
    wait_for_text(&client, "#quick-status", "Recorded board 2.1: 0–1", WAIT).await;
    // A correction of board 1.2, jumping there with Escape; then the board
    // left.
    result.send_keys(&Key::Escape.to_string()).await.unwrap();
    let board = client.find(Locator::Css("#quick-board")).await.unwrap();
    board.send_keys("1.2").await.unwrap();
    board.send_keys(&Key::Enter.to_string()).await.unwrap();
    let result = client.find(Locator::Css("#quick-result")).await.unwrap();
    result.send_keys("1").await.unwrap();
    wait_for_text(&client, "#quick-status", "Corrected board 1.2: 1–0", WAIT).await;
    assert_eq!(
        value(&client, "#quick-board").await,
        "2.2",
        "the next board without a result"
    );
    result.send_keys("+").await.unwrap();
    wait_for_text(
        &client,
        "#quick-status",
        "Every board has its result.",
        WAIT,
    )
    .await;

    // The page follows its own results: the scores, the boards' selects.
    let score = |m: &str| format!("section[data-match=\"{m}\"] .score");
    wait_for_text(&client, &score("1"), "1.0 : 1.0", WAIT).await;
    wait_for_text(&client, &score("2"), "0.0 : 2.0", WAIT).await;
    for (key, code) in [
        ("1.1", "1-0"),
        ("1.2", "1-0"),
        ("2.1", "0-1"),
        ("2.2", "+/-"),
    ] {
        let (m, b) = key.split_once('.').unwrap();
        let select =
            format!("section[data-match=\"{m}\"] tr[data-board=\"{b}\"] select[name=result]");
        assert_eq!(value(&client, &select).await, code, "board {key}");
    }
    let corrected = client
        .find_all(Locator::Css("#entry tr.corrected"))
        .await
        .unwrap();
    assert_eq!(corrected.len(), 1, "the corrected board is marked");

    // What was recorded, read from the event file.
    let desk = arbiter_desk::Desk::open(&server.test.event_path("cup")).unwrap();
    let round = desk.matches(Some("main"), Some(1)).unwrap();
    let recorded: Vec<Vec<Option<GameResult>>> = round
        .matches
        .iter()
        .map(|m| m.boards.iter().map(|b| b.result).collect())
        .collect();
    assert_eq!(
        recorded,
        vec![
            vec![Some(GameResult::WhiteWins), Some(GameResult::WhiteWins)],
            vec![
                Some(GameResult::BlackWins),
                Some(GameResult::WhiteForfeitWin)
            ],
        ]
    );
    shot(&client, "team-round-keyboard-done").await;
    client.close().await.unwrap();
}
