//! `cargo bench -p arbiter-web --bench live_viewers [-- VIEWERS RESULTS]`
//!
//! Opens VIEWERS (default 1000) public viewers of the demo festival's
//! standings on loopback — each loads the page, then keeps a live
//! connection — while an arbiter enters RESULTS (default 10) results
//! through the back office, one about every second. Every viewer does what
//! the page's script does on a change: waits 20–220 ms, then re-fetches
//! its fragment. Prints the latency of page loads and re-fetches (p50,
//! p99, max), the errors (must be 0), and for each result the time until
//! every viewer had the change event and had re-fetched its fragment.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

mod support;

use http_body_util::BodyExt;
use tokio::sync::mpsc;

use support::{
    Http, PASSWORD, client, get, log_in, ms, open_boards, percentile, post_result, request,
};

const PAGE: &str = "/e/festival/E/standings";

/// A viewer's report of one change: when the event came, when its
/// re-fetch ended, how long the re-fetch took.
struct Seen {
    event_at: Instant,
    done_at: Instant,
    fetch: Duration,
}

struct Counters {
    errors: AtomicUsize,
    connected: AtomicUsize,
}

impl Counters {
    fn fail(&self, id: u64, e: String) {
        if self.errors.fetch_add(1, Ordering::Relaxed) < 5 {
            eprintln!("viewer {id}: {e}");
        }
    }
}

async fn viewer(
    id: u64,
    addr: SocketAddr,
    http: Http,
    loads: mpsc::UnboundedSender<Duration>,
    seen: mpsc::UnboundedSender<(u64, Seen)>,
    counters: Arc<Counters>,
) {
    let t = Instant::now();
    if let Err(e) = get(&http, request(addr, PAGE)).await {
        return counters.fail(id, e);
    }
    let _ = loads.send(t.elapsed());
    let live = match http.request(request(addr, "/e/festival/live")).await {
        Ok(r) if r.status().is_success() => r,
        Ok(r) => return counters.fail(id, format!("live: status {}", r.status())),
        Err(e) => return counters.fail(id, format!("live: {e}")),
    };
    let mut body = live.into_body();
    let mut text = String::new();
    let mut jitter = id.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut hello = false;
    while let Some(frame) = body.frame().await {
        let Ok(frame) = frame else {
            return counters.fail(id, "live connection broken".into());
        };
        let Some(data) = frame.data_ref() else {
            continue;
        };
        text.push_str(&String::from_utf8_lossy(data));
        while let Some(end) = text.find("\n\n") {
            let message: String = text.drain(..end + 2).collect();
            if message.contains("event: hello") && !hello {
                hello = true;
                counters.connected.fetch_add(1, Ordering::Relaxed);
            }
            if message.contains("event: change") {
                let event_at = Instant::now();
                jitter ^= jitter << 13;
                jitter ^= jitter >> 7;
                jitter ^= jitter << 17;
                tokio::time::sleep(Duration::from_millis(20 + jitter % 200)).await;
                let t = Instant::now();
                let mut req = request(addr, PAGE);
                req.headers_mut()
                    .insert("x-fragment", "1".parse().expect("header"));
                match get(&http, req).await {
                    Ok(_) => {
                        let report = Seen {
                            event_at,
                            done_at: Instant::now(),
                            fetch: t.elapsed(),
                        };
                        let _ = seen.send((id, report));
                    }
                    Err(e) => counters.fail(id, format!("fragment: {e}")),
                }
            }
        }
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let viewers = args.first().copied().unwrap_or(1000);
    let results = args.get(1).copied().unwrap_or(10);

    let dir = tempfile::tempdir().expect("scratch folder");
    arbiter_web::demo::create(dir.path()).expect("demo events");
    let server = arbiter_web::Server::open(dir.path()).expect("server");
    server
        .accounts()
        .add_user("bench", PASSWORD, arbiter_web::Role::Administrator)
        .expect("user");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("port");
    let addr = listener.local_addr().expect("address");
    let app = server
        .router()
        .into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });

    let http = client();
    let counters = Arc::new(Counters {
        errors: AtomicUsize::new(0),
        connected: AtomicUsize::new(0),
    });
    let (load_tx, mut load_rx) = mpsc::unbounded_channel();
    let (seen_tx, mut seen_rx) = mpsc::unbounded_channel::<(u64, Seen)>();
    let started = Instant::now();
    for id in 0..viewers as u64 {
        let (http, loads, seen, c) = (
            http.clone(),
            load_tx.clone(),
            seen_tx.clone(),
            counters.clone(),
        );
        tokio::spawn(viewer(id, addr, http, loads, seen, c));
    }
    drop(load_tx);
    let deadline = Instant::now() + Duration::from_secs(120);
    while counters.connected.load(Ordering::Relaxed) + counters.errors.load(Ordering::Relaxed)
        < viewers
    {
        assert!(
            Instant::now() < deadline,
            "viewers did not connect in 120 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let connect_time = started.elapsed();
    let mut loads = Vec::new();
    while let Ok(d) = load_rx.try_recv() {
        loads.push(d);
    }
    loads.sort();

    let (cookie, csrf) = log_in(&http, addr).await;
    let mut fetches = Vec::new();
    let mut reach_event = Vec::new();
    let mut reach_all = Vec::new();
    let boards = open_boards(&http, addr).await;
    for (k, (section, board)) in boards.iter().take(results).enumerate() {
        let code = ["1-0", "1/2", "0-1"][k % 3];
        let t0 = Instant::now();
        post_result(&http, addr, (&cookie, &csrf), section, *board, code)
            .await
            .expect("result recorded");
        let entered = t0.elapsed();
        let live = counters.connected.load(Ordering::Relaxed);
        let mut first: HashMap<u64, Seen> = HashMap::new();
        let deadline = t0 + Duration::from_secs(10);
        while first.len() < live && Instant::now() < deadline {
            match tokio::time::timeout(Duration::from_millis(100), seen_rx.recv()).await {
                Ok(Some((id, s))) => {
                    fetches.push(s.fetch);
                    if s.event_at >= t0 {
                        first.entry(id).or_insert(s);
                    }
                }
                Ok(None) => break,
                Err(_) => {}
            }
        }
        let missing = live - first.len();
        if missing > 0 {
            counters.errors.fetch_add(missing, Ordering::Relaxed);
            eprintln!("result {}: {missing} viewers never got it", k + 1);
        }
        let ev = first
            .values()
            .map(|s| s.event_at - t0)
            .max()
            .unwrap_or_default();
        let all = first
            .values()
            .map(|s| s.done_at - t0)
            .max()
            .unwrap_or_default();
        println!(
            "result {:2} ({section} board {board} {code}): recorded in {}; change event at all {live} viewers {}; all fragments re-fetched {}",
            k + 1,
            ms(entered),
            ms(ev),
            ms(all)
        );
        reach_event.push(ev);
        reach_all.push(all);
        // Let the watcher's own notice of the same write pass.
        tokio::time::sleep(Duration::from_millis(700)).await;
        while let Ok((_, s)) = seen_rx.try_recv() {
            fetches.push(s.fetch);
        }
    }
    fetches.sort();
    reach_all.sort();
    reach_event.sort();
    println!();
    println!(
        "viewers: {viewers} ({} live connections open after {})",
        counters.connected.load(Ordering::Relaxed),
        ms(connect_time)
    );
    println!(
        "page loads: {} — p50 {}, p99 {}, max {}",
        loads.len(),
        ms(percentile(&loads, 0.5)),
        ms(percentile(&loads, 0.99)),
        ms(loads.last().copied().unwrap_or_default())
    );
    println!(
        "fragment re-fetches: {} — p50 {}, p99 {}, max {}",
        fetches.len(),
        ms(percentile(&fetches, 0.5)),
        ms(percentile(&fetches, 0.99)),
        ms(fetches.last().copied().unwrap_or_default())
    );
    println!(
        "a result reaches every viewer: change event p50 {}, max {}; fragment re-fetched p50 {}, max {}",
        ms(percentile(&reach_event, 0.5)),
        ms(reach_event.last().copied().unwrap_or_default()),
        ms(percentile(&reach_all, 0.5)),
        ms(reach_all.last().copied().unwrap_or_default())
    );
    let errors = counters.errors.load(Ordering::Relaxed);
    println!("errors: {errors}");
    if errors > 0 {
        std::process::exit(1);
    }
}
