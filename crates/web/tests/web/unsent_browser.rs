//! A field the arbiter changed and has not sent keeps its value when the
//! page refreshes live after another arbiter's result, on the team round
//! page (a board's result select, marked unsent) and on the individual
//! round page (the keyboard entry's board field); the other boards show
//! the new result, and what was kept can still be sent.

use std::time::Duration;

use arbiter_model::journal::GameResult;
use arbiter_web::Role;
use fantoccini::{Client, Locator};

use crate::browser::{click, fill, log_in};
use crate::common::browser::{
    Driver, LiveServer, choose, refreshed, shot, text, value, wait_for_refresh, wait_for_text,
};

const WAIT: Duration = Duration::from_secs(10);

/// The score of match 1 on the team round page.
const SCORE: &str = "section[data-match=\"1\"] .score";

fn board(m: &str, b: &str) -> String {
    format!("section[data-match=\"{m}\"] tr[data-board=\"{b}\"]")
}

/// Both arbiters open `path`, live; the first look at an event counts as a
/// change, so the first one's page refreshes once (the second's, opened on
/// a watched event, does not): after that, only another change refreshes.
async fn open_both(server: &LiveServer, [first, second]: [&Client; 2], path: &str) {
    for client in [first, second] {
        client.goto(&server.url(path)).await.unwrap();
        wait_for_text(client, "#live-status", "Live", WAIT).await;
    }
    wait_for_refresh(first, "", WAIT).await;
}

/// The field `css` is marked changed and not sent.
async fn marked_unsent(client: &Client, css: &str) -> bool {
    let class = client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .attr("class")
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"));
    class.is_some_and(|c| c.split(' ').any(|c| c == "unsent"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unsent_input_survives_a_live_refresh() {
    let server = LiveServer::start().await;
    server.test.paired_team_round("cup");
    server.test.paired_round("rapid");
    server.test.add_user("anna", Role::Administrator);
    server.test.add_user("boris", Role::Administrator);
    let mut driver = Driver::start().await;
    let anna = driver.session(1100, 900, "en").await;
    let boris = driver.session(1100, 900, "en").await;
    log_in(&anna, &server, "anna").await;
    log_in(&boris, &server, "boris").await;

    // The team round: Anna chooses 1-0 on board 1.1 and does not send it.
    open_both(&server, [&anna, &boris], "/admin/e/cup/main/matches/1").await;
    let select = |m: &str, b: &str| format!("{} select[name=result]", board(m, b));
    choose(&anna, &select("1", "1"), "1-0").await;
    assert!(
        marked_unsent(&anna, &select("1", "1")).await,
        "marked when changed"
    );
    assert!(
        !marked_unsent(&anna, &select("1", "2")).await,
        "not changed"
    );
    shot(&anna, "team-round-unsent-before").await;
    let before = refreshed(&anna).await;
    // Boris records a draw on board 1.2.
    choose(&boris, &select("1", "2"), "1/2").await;
    click(&boris, &format!("{} button[type=submit]", board("1", "2"))).await;
    wait_for_text(&boris, SCORE, "0.5 : 0.5", WAIT).await;
    // Anna's page refreshes by itself: board 1.2 and the score are Boris's,
    // board 1.1 still shows her choice, marked unsent.
    wait_for_refresh(&anna, &before, WAIT).await;
    wait_for_text(&anna, SCORE, "0.5 : 0.5", WAIT).await;
    assert_eq!(
        value(&anna, &select("1", "2")).await,
        "1/2",
        "the other board"
    );
    assert_eq!(
        value(&anna, &select("1", "1")).await,
        "1-0",
        "the unsent choice"
    );
    assert!(
        marked_unsent(&anna, &select("1", "1")).await,
        "still marked"
    );
    assert!(
        !marked_unsent(&anna, &select("1", "2")).await,
        "not changed"
    );
    let desk = arbiter_desk::Desk::open(&server.test.event_path("cup")).unwrap();
    let round = desk.matches(Some("main"), Some(1)).unwrap();
    let boards: Vec<Option<GameResult>> =
        round.matches[0].boards.iter().map(|b| b.result).collect();
    assert_eq!(
        boards,
        vec![None, Some(GameResult::Draw)],
        "nothing of Anna's sent"
    );
    shot(&anna, "team-round-unsent-after").await;
    // Sent now: board 1.1 won by the white team's player.
    click(&anna, &format!("{} button[type=submit]", board("1", "1"))).await;
    wait_for_text(&anna, SCORE, "1.5 : 0.5", WAIT).await;
    assert!(!marked_unsent(&anna, &select("1", "1")).await, "sent");

    // The individual round: Anna has typed board 2 in the keyboard entry
    // and no result yet; Boris records board 1 from his keyboard.
    open_both(&server, [&anna, &boris], "/admin/e/rapid/main/round/1").await;
    fill(&anna, "#quick-board", "2").await;
    let before = refreshed(&anna).await;
    assert_eq!(value(&boris, "#quick-board").await, "1");
    boris
        .find(Locator::Css("#quick-result"))
        .await
        .unwrap()
        .send_keys("1")
        .await
        .unwrap();
    wait_for_text(&boris, "#quick-status", "Recorded board 1: 1–0", WAIT).await;
    wait_for_refresh(&anna, &before, WAIT).await;
    wait_for_text(&anna, "#entry tr[data-board='1'] .shown", "1–0", WAIT).await;
    assert_eq!(value(&anna, "#quick-board").await, "2", "the typed board");
    anna.find(Locator::Css("#quick-result"))
        .await
        .unwrap()
        .send_keys("=")
        .await
        .unwrap();
    wait_for_text(&anna, "#quick-status", "Every board has its result.", WAIT).await;
    assert_eq!(text(&anna, "#entry tr[data-board='2'] .shown").await, "½–½");
    anna.close().await.unwrap();
    boris.close().await.unwrap();
}
