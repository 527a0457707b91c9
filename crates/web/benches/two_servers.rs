//! `cargo bench -p arbiter-web --bench two_servers [-- VIEWERS ARBITERS RESULTS]`
//!
//! Two stateless servers, A and B, over one PostgreSQL database (the server
//! of `ARBITER_POSTGRES_URL`, or a throwaway cluster) holding the demo
//! festival. VIEWERS (default 1000, half on each server) public viewers of
//! its standings load the page and keep a live connection; on every change
//! each re-fetches its fragment after 20–220 ms, as the page's script does.
//!
//! * Latency: 20 results, entered through the back office on A and B by
//!   turns, one at a time; for each, the time from sending the result until
//!   each viewer had the change event — on the other server (the database's
//!   `LISTEN/NOTIFY`) and on the same one. Prints p50, p99 and max over
//!   every (result, viewer).
//! * Many arbiters: ARBITERS (default 20, alternately on A and B) each enter
//!   RESULTS (default 5) results back to back, all at once, into the one
//!   event (their writes race and retry), every viewer connected: results
//!   per second, the arbiters' answer times, and the journal read back —
//!   every accepted result in it exactly once (none lost, none twice).
//! * Both servers then show the same round 5 of every section.
//!
//! Errors must be 0. Timing figures are wall clock on a shared machine.

mod support;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use arbiter_model::journal::Event;
use arbiter_store::{JournalStore, Postgres};
use arbiter_web::{Role, Server};
use http_body_util::BodyExt;
use tokio::sync::mpsc;

use support::{
    Http, PASSWORD, client, get, log_in, ms, open_boards, percentile, post_result, request,
};

const PAGE: &str = "/e/festival/E/standings";

/// A viewer's change event: which server, which viewer, when.
struct Seen {
    server: usize,
    id: u64,
    at: Instant,
}

struct Counters {
    errors: AtomicUsize,
    connected: AtomicUsize,
    refetches: AtomicUsize,
}

impl Counters {
    fn fail(&self, what: &str, e: String) {
        if self.errors.fetch_add(1, Ordering::Relaxed) < 5 {
            eprintln!("{what}: {e}");
        }
    }
}

async fn viewer(
    server: usize,
    id: u64,
    addr: SocketAddr,
    http: Http,
    seen: mpsc::UnboundedSender<Seen>,
    counters: Arc<Counters>,
) {
    let who = format!("viewer {id} of server {}", ["A", "B"][server]);
    if let Err(e) = get(&http, request(addr, PAGE)).await {
        return counters.fail(&who, e);
    }
    let live = match http.request(request(addr, "/e/festival/live")).await {
        Ok(r) if r.status().is_success() => r,
        Ok(r) => return counters.fail(&who, format!("live: status {}", r.status())),
        Err(e) => return counters.fail(&who, format!("live: {e}")),
    };
    let mut body = live.into_body();
    let mut text = String::new();
    let mut jitter = (id + 1000 * server as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while let Some(frame) = body.frame().await {
        let Ok(frame) = frame else {
            return counters.fail(&who, "live connection broken".into());
        };
        let Some(data) = frame.data_ref() else {
            continue;
        };
        text.push_str(&String::from_utf8_lossy(data));
        while let Some(end) = text.find("\n\n") {
            let message: String = text.drain(..end + 2).collect();
            if message.contains("event: hello") {
                counters.connected.fetch_add(1, Ordering::Relaxed);
            }
            if message.contains("event: change") {
                let _ = seen.send(Seen {
                    server,
                    id,
                    at: Instant::now(),
                });
                jitter ^= jitter << 13;
                jitter ^= jitter >> 7;
                jitter ^= jitter << 17;
                tokio::time::sleep(Duration::from_millis(20 + jitter % 200)).await;
                let mut req = request(addr, PAGE);
                req.headers_mut()
                    .insert("x-fragment", "1".parse().expect("header"));
                match get(&http, req).await {
                    Ok(_) => {
                        counters.refetches.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(e) => counters.fail(&who, format!("fragment: {e}")),
                }
            }
        }
    }
}

fn summary(label: &str, mut samples: Vec<Duration>) {
    samples.sort();
    println!(
        "{label}: {} samples — p50 {}, p99 {}, max {}",
        samples.len(),
        ms(percentile(&samples, 0.5)),
        ms(percentile(&samples, 0.99)),
        ms(samples.last().copied().unwrap_or_default())
    );
}

/// Round 5 of every section as `addr` shows it (JSON).
async fn round_five(http: &Http, addr: SocketAddr) -> Vec<serde_json::Value> {
    let mut rounds = Vec::new();
    for section in ["A", "B", "C", "D", "E"] {
        let mut req = request(addr, &format!("/e/festival/{section}/round/5"));
        req.headers_mut()
            .insert("accept", "application/json".parse().expect("header"));
        let text = get(http, req).await.expect("round");
        rounds.push(serde_json::from_str(&text).expect("json"));
    }
    rounds
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let viewers = args.first().copied().unwrap_or(1000) / 2;
    let arbiters = args.get(1).copied().unwrap_or(20);
    let results = args.get(2).copied().unwrap_or(5);

    // Blocking set-up (the synchronous PostgreSQL client), before the runtime.
    let Some(pg) = arbiter_store::testing::postgres() else {
        eprintln!("two_servers: no PostgreSQL server, nothing measured");
        std::process::exit(1);
    };
    let url = pg.fresh_database("bench_two");
    let dir = tempfile::tempdir().expect("scratch folder");
    arbiter_web::demo::create(dir.path()).expect("demo events");
    let file = dir.path().join("festival.arb");
    arbiter_desk::copy_event(file.to_str().expect("path"), &format!("{url}#festival"))
        .expect("festival copied into the database");
    let servers = [
        Server::open_database(&url).expect("server A"),
        Server::open_database(&url).expect("server B"),
    ];
    servers[0]
        .accounts()
        .add_user("bench", PASSWORD, Role::Administrator)
        .expect("user");

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let errors = runtime.block_on(measure(&servers, &url, viewers, (arbiters, results)));
    drop(runtime);
    drop(servers);
    if errors > 0 {
        std::process::exit(1);
    }
}

/// The results of round 5 recorded after `seq`, by (section, board).
fn journal_results(url: &str, after: u64) -> (u64, HashMap<(String, u32), usize>) {
    let mut store = Postgres::connect(url)
        .and_then(|db| db.open("festival"))
        .expect("the festival in the database");
    let entries = store.entries().expect("journal");
    let mut found = HashMap::new();
    for e in entries.iter().filter(|e| e.seq > after) {
        if let Event::ResultRecorded {
            section,
            round: 5,
            board,
            ..
        } = &e.event
        {
            *found.entry((section.clone(), *board)).or_insert(0) += 1;
        }
    }
    (entries.last().map_or(0, |e| e.seq), found)
}

/// The result of every board of round 5 (`""`: none yet), from
/// [`round_five`]'s documents (sections in order A to E).
fn current_results(rounds: &[serde_json::Value]) -> HashMap<(String, u64), &'static str> {
    let mut now = HashMap::new();
    for (section, doc) in ["A", "B", "C", "D", "E"].iter().zip(rounds) {
        for b in doc["round"]["boards"].as_array().into_iter().flatten() {
            let code = CODES
                .iter()
                .find(|c| b["result"] == **c)
                .copied()
                .unwrap_or("");
            now.insert(
                (section.to_string(), b["number"].as_u64().unwrap_or(0)),
                code,
            );
        }
    }
    now
}

/// The results the bench enters, in turn.
const CODES: [&str; 3] = ["1-0", "1/2", "0-1"];

/// The result after `current` in [`CODES`] (never the same one).
fn next_code(current: &str) -> &'static str {
    let at = CODES
        .iter()
        .position(|c| *c == current)
        .map_or(0, |i| i + 1);
    CODES[at % CODES.len()]
}

/// Latency results (one at a time, on A and B by turns).
const LATENCY_RESULTS: usize = 20;

async fn measure(
    servers: &[Server; 2],
    url: &str,
    viewers: usize,
    (arbiters, results): (usize, usize),
) -> usize {
    let mut addrs = Vec::new();
    for server in servers {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("port");
        addrs.push(listener.local_addr().expect("address"));
        let app = server
            .router()
            .into_make_service_with_connect_info::<SocketAddr>();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
    }
    let http = client();
    let counters = Arc::new(Counters {
        errors: AtomicUsize::new(0),
        connected: AtomicUsize::new(0),
        refetches: AtomicUsize::new(0),
    });
    let (seen_tx, mut seen_rx) = mpsc::unbounded_channel::<Seen>();
    let started = Instant::now();
    for id in 0..viewers as u64 {
        for (server, addr) in addrs.iter().enumerate() {
            let (http, seen, c) = (http.clone(), seen_tx.clone(), counters.clone());
            tokio::spawn(viewer(server, id, *addr, http, seen, c));
        }
    }
    let everyone = 2 * viewers;
    let deadline = Instant::now() + Duration::from_secs(120);
    while counters.connected.load(Ordering::Relaxed) + counters.errors.load(Ordering::Relaxed)
        < everyone
    {
        assert!(
            Instant::now() < deadline,
            "viewers did not connect in 120 s"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    println!(
        "viewers: {viewers} on each server, {} live connections open after {}",
        counters.connected.load(Ordering::Relaxed),
        ms(started.elapsed())
    );

    // The change every viewer gets when its event is newly watched.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    while seen_rx.try_recv().is_ok() {}

    // The same session on both servers: logged in on A, used on B.
    let (cookie, csrf) = log_in(&http, addrs[0]).await;
    let session = (cookie.as_str(), csrf.as_str());
    let boards = open_boards(&http, addrs[0]).await;
    assert!(!boards.is_empty(), "the festival has open boards");
    println!("open boards of round 5: {}", boards.len());

    // Latency: one result at a time, on A and B by turns.
    let mut other = Vec::new();
    let mut same = Vec::new();
    let mut posts = Vec::new();
    for k in 0..LATENCY_RESULTS {
        let (section, board) = boards[k % boards.len()];
        let code = ["1-0", "1/2", "0-1"][k % 3];
        let writer = k % 2;
        let live = counters.connected.load(Ordering::Relaxed);
        let t0 = Instant::now();
        if let Err(e) = post_result(&http, addrs[writer], session, section, board, code).await {
            counters.fail("result", e);
        }
        posts.push(t0.elapsed());
        let mut first: HashMap<(usize, u64), Instant> = HashMap::new();
        let deadline = t0 + Duration::from_secs(10);
        while first.len() < live && Instant::now() < deadline {
            if let Ok(Some(s)) =
                tokio::time::timeout(Duration::from_millis(100), seen_rx.recv()).await
                && s.at >= t0
            {
                first.entry((s.server, s.id)).or_insert(s.at);
            }
        }
        if first.len() < live {
            let missing = live - first.len();
            counters.fail("result", format!("{missing} viewers never got result {k}"));
        }
        for ((server, _), at) in first {
            let took = at - t0;
            if server == writer {
                same.push(took);
            } else {
                other.push(took);
            }
        }
        // Let the second notice of the same write (own publish, then the
        // database's notification) and the re-fetches pass.
        tokio::time::sleep(Duration::from_millis(300)).await;
        while seen_rx.try_recv().is_ok() {}
    }
    println!("latency phase: {LATENCY_RESULTS} results, entered on A and B by turns");
    summary("  result POST (desk command, commit)", posts);
    summary("  change event at the other server's viewers", other);
    summary("  change event at the same server's viewers", same);

    // Many arbiters at once, alternately on A and B.
    let db = url.to_string();
    let (before, _) = tokio::task::spawn_blocking(move || journal_results(&db, u64::MAX))
        .await
        .expect("journal");
    // Each arbiter has boards of their own (boards are dealt out in turn),
    // and each result differs from the board's current one, so every
    // accepted result is one new journal entry.
    let now = current_results(&round_five(&http, addrs[0]).await);
    let refetched = counters.refetches.load(Ordering::Relaxed);
    let t0 = Instant::now();
    let mut tasks = Vec::new();
    for arbiter in 0..arbiters {
        let addr = addrs[arbiter % 2];
        let mine: Vec<(&'static str, u64, &'static str)> = boards
            .iter()
            .skip(arbiter)
            .step_by(arbiters)
            .map(|&(section, board)| {
                let current = now.get(&(section.to_string(), board)).copied();
                (section, board, current.unwrap_or(""))
            })
            .collect();
        let (http, counters) = (http.clone(), counters.clone());
        tasks.push(tokio::spawn(async move {
            let mut mine = mine;
            let (cookie, csrf) = log_in(&http, addr).await;
            let mut accepted = Vec::new();
            for k in 0..results {
                if mine.is_empty() {
                    break;
                }
                let slot = k % mine.len();
                let (section, board, current) = mine[slot];
                let code = next_code(current);
                mine[slot].2 = code;
                let t = Instant::now();
                let session = (cookie.as_str(), csrf.as_str());
                match post_result(&http, addr, session, section, board, code).await {
                    Ok(_) => accepted.push((section, board as u32, t.elapsed())),
                    Err(e) => counters.fail(&format!("arbiter {arbiter}"), e),
                }
            }
            accepted
        }));
    }
    let mut sent: HashMap<(String, u32), usize> = HashMap::new();
    let mut answers = Vec::new();
    for task in tasks {
        for (section, board, took) in task.await.expect("arbiter") {
            *sent.entry((section.to_string(), board)).or_insert(0) += 1;
            answers.push(took);
        }
    }
    let took = t0.elapsed();
    let accepted = answers.len();
    println!(
        "{arbiters} arbiters at once (A and B alternately), {results} results each: {accepted} accepted in {}: {:.1} results/s",
        ms(took),
        accepted as f64 / took.as_secs_f64()
    );
    summary(
        "  an arbiter's answer (desk command, commit, retries)",
        answers,
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    println!(
        "  fragment re-fetches by the viewers meanwhile: {}",
        counters.refetches.load(Ordering::Relaxed) - refetched
    );
    while seen_rx.try_recv().is_ok() {}
    let db = url.to_string();
    let (_, found) = tokio::task::spawn_blocking(move || journal_results(&db, before))
        .await
        .expect("journal");
    let in_journal: usize = found.values().sum();
    let lost: usize = sent
        .iter()
        .map(|(k, n)| n.saturating_sub(found.get(k).copied().unwrap_or(0)))
        .sum();
    let twice: usize = found
        .iter()
        .map(|(k, n)| n.saturating_sub(sent.get(k).copied().unwrap_or(0)))
        .sum();
    println!(
        "  journal: {in_journal} new results for {accepted} accepted — lost {lost}, recorded twice {twice}"
    );
    if lost + twice > 0 {
        counters.fail("journal", format!("{lost} lost, {twice} twice"));
    }

    let agree = round_five(&http, addrs[0]).await == round_five(&http, addrs[1]).await;
    println!("A and B show the same round 5 of every section: {agree}");
    if !agree {
        counters.fail("views", "A and B differ".into());
    }
    let errors = counters.errors.load(Ordering::Relaxed);
    println!("errors: {errors}");
    errors
}
