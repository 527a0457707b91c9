//! The back office of a team section in headless Chromium: two teams
//! registered through the form, round 1 of matches paired by the button,
//! a board result chosen in the round page's select; the match score
//! follows (board 1 won by White, the white team: 1.0 : 0.0). On a phone
//! (360 px) and a desktop (1100 px) without sideways scrolling;
//! screenshots go to `target/screenshots/team-round-*.png`.

use std::time::Duration;

use arbiter_web::Role;
use fantoccini::{Client, Locator};

use crate::browser::{click, fill, log_in};
use crate::common::browser::{Driver, LiveServer, shot, text, wait_for_text};

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

/// Chooses `value` in the select `css`; the live page may swap its
/// fragment (and the select) meanwhile, so a stale element is tried again.
async fn choose(client: &Client, css: &str, value: &str) {
    for _ in 0..5 {
        let chosen = match client.find(Locator::Css(css)).await {
            Ok(select) => select.select_by_value(value).await,
            Err(e) => Err(e),
        };
        match chosen {
            Ok(()) => return,
            Err(fantoccini::error::CmdError::Standard(e))
                if e.error == fantoccini::error::ErrorStatus::StaleElementReference =>
            {
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("{css}: {e}"),
        }
    }
    panic!("{css}: the select went stale five times")
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
    // The live page re-fetches its boards once at the first look; the
    // select is chosen after that, so the swap does not reset it.
    wait_for_text(&client, "#live-status", "Live", WAIT).await;
    let start = std::time::Instant::now();
    while client
        .execute("return document.body.dataset.refreshed || ''", vec![])
        .await
        .unwrap()
        == ""
    {
        assert!(start.elapsed() < WAIT, "the live page never refreshed");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
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
