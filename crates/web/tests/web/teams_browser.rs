//! The team page of the demo's family team cup in headless Chromium: on a
//! phone, a desktop and a projector, without sideways scrolling; a board
//! result entered meanwhile by another writer (as the CLI would) changes
//! the match score on the open page without a reload. Screenshots go to
//! `target/screenshots/teams-*.png`.

use std::time::Duration;

use arbiter_desk::{Desk, Origin};
use fantoccini::Locator;

use crate::common::browser::{Driver, LiveServer, shot, text, wait_for_text};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_team_page_follows_a_match() {
    let server = LiveServer::start().await;
    arbiter_web::demo::create(server.test.dir.path()).unwrap();
    let mut driver = Driver::start().await;
    for (device, width, height, query) in [
        ("phone", 360, 740, ""),
        ("desktop", 1280, 900, ""),
        ("projector", 1920, 1080, "?view=projector"),
    ] {
        let client = driver.session(width, height, "en").await;
        client
            .goto(&server.url(&format!("/e/team-cup/main/teams{query}")))
            .await
            .unwrap();
        wait_for_text(&client, "main h1", "Teams", Duration::from_secs(5)).await;
        let scroll = client
            .execute("return document.documentElement.scrollWidth", vec![])
            .await
            .unwrap()
            .as_i64()
            .unwrap();
        assert!(
            scroll <= i64::from(width),
            "teams on {device}: {scroll} px wide"
        );
        let teams = client
            .find_all(Locator::Css("#team-standings tbody tr"))
            .await
            .unwrap();
        assert_eq!(teams.len(), 8, "8 teams ranked");
        let matches = client
            .find_all(Locator::Css("#matches tbody.match"))
            .await
            .unwrap();
        assert_eq!(matches.len(), 4, "4 matches in round 4");
        assert!(text(&client, "#matches-title").await.contains("Round 4"));
        shot(&client, &format!("teams-{device}")).await;
        client.close().await.unwrap();
    }

    // A phone follows match 3 of round 4, which has no result yet.
    let phone = driver.session(360, 740, "en").await;
    phone
        .goto(&server.url("/e/team-cup/main/teams"))
        .await
        .unwrap();
    wait_for_text(&phone, "#live-status", "Live", Duration::from_secs(5)).await;
    let score = "tbody[data-match=\"3\"] tr.match-line th.result";
    assert_eq!(text(&phone, score).await, "0.0 – 0.0");
    phone
        .execute("window.notReloaded = true", vec![])
        .await
        .unwrap();
    let path = server.test.event_path("team-cup");
    tokio::task::spawn_blocking(move || {
        let mut desk = Desk::open(&path).unwrap();
        // Board 1: the white team's player has White and wins.
        desk.record_board_result(
            &Origin::new("arbiter result team-cup 4 3 1 1-0"),
            Some("main"),
            4,
            3,
            1,
            "1-0",
        )
        .unwrap();
    })
    .await
    .unwrap();
    let took = wait_for_text(&phone, score, "1.0 – 0.0", Duration::from_secs(2)).await;
    eprintln!("the match score reached the phone {took:?} after the board result");
    let kept = phone
        .execute("return window.notReloaded === true", vec![])
        .await
        .unwrap();
    assert_eq!(
        kept,
        serde_json::Value::Bool(true),
        "the page was not reloaded"
    );
    phone
        .execute(
            "document.querySelector('tbody[data-match=\"2\"]').scrollIntoView()",
            vec![],
        )
        .await
        .unwrap();
    shot(&phone, "teams-live-phone").await;
    phone.close().await.unwrap();
}
