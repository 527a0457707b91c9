//! Live updates: a change reaches an open live connection, whoever made it.

use std::time::{Duration, Instant};

use arbiter_desk::{Desk, Origin};
use axum::body::Body;
use axum::http::Request;
use tower::ServiceExt;

use crate::common::{TestServer, wait_for_event};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_from_another_writer_reaches_live_pages_within_two_seconds() {
    let t = TestServer::with_demo();
    let request = Request::get("/e/festival/live")
        .header("host", "arbiter.test")
        .body(Body::empty())
        .unwrap();
    let response = t.server.router().oneshot(request).await.unwrap();
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    let mut body = response.into_body();
    wait_for_event(&mut body, "hello", Duration::from_secs(2)).await;
    assert_eq!(t.server.hub().viewers(), 1);
    // The watcher's first look at a newly watched event is a change too.
    wait_for_event(&mut body, "change", Duration::from_secs(2)).await;

    // As the CLI would: another desk on the same file, not this server.
    let path = t.event_path("festival");
    let started = Instant::now();
    tokio::task::spawn_blocking(move || {
        let mut desk = Desk::open(&path).unwrap();
        desk.record_result(
            &Origin::new("arbiter result festival 5 4 1-0"),
            Some("A"),
            5,
            4,
            "1-0",
        )
        .unwrap();
    })
    .await
    .unwrap();
    wait_for_event(&mut body, "change", Duration::from_secs(2)).await;
    let took = started.elapsed();
    assert!(took < Duration::from_secs(2), "{took:?}");
    // The page's fragment shows it.
    let round = t.json("/e/festival/A/round/5").await;
    assert_eq!(round["round"]["boards"][3]["result"], "1-0");
}
