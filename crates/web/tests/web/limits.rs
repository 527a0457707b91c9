//! The bounded server (`Server::serve`) on a loopback port: connection
//! caps, header and body timeouts, the client's address behind a trusted
//! proxy, and stopping with live streams open. Every count and time is
//! bounded; only 127.0.0.1 is used.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arbiter_web::{Limits, Role, Server};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::common::{PASSWORD, urlencode};

/// A server over a scratch folder serving on 127.0.0.1 within `limits`.
struct Running {
    _dir: tempfile::TempDir,
    server: Arc<Server>,
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    done: JoinHandle<()>,
}

async fn start(limits: Limits, trusted: Vec<std::net::IpAddr>) -> Running {
    let dir = tempfile::tempdir().expect("scratch folder");
    let mut server = Server::open(dir.path()).expect("server");
    server.set_trusted_proxies(trusted).expect("before routing");
    server
        .accounts()
        .add_user("anna", PASSWORD, Role::Administrator)
        .expect("user");
    arbiter_web::demo::create(dir.path()).expect("demo events");
    let server = Arc::new(server);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("port");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = oneshot::channel::<()>();
    let serving = server.clone();
    let done = tokio::spawn(async move {
        serving
            .serve(listener, limits, async {
                let _ = stopped.await;
            })
            .await;
    });
    Running {
        _dir: dir,
        server,
        addr,
        stop: Some(stop),
        done,
    }
}

impl Running {
    /// Stops the server; how long until `serve` returned.
    async fn stop(mut self) -> Duration {
        let started = Instant::now();
        let _ = self.stop.take().map(|s| s.send(()));
        tokio::time::timeout(Duration::from_secs(10), &mut self.done)
            .await
            .expect("serve returns")
            .expect("no panic");
        drop(self.server);
        started.elapsed()
    }
}

/// Sends `request` on a new connection; the whole answer (read until the
/// server closes, at most 10 s).
async fn exchange(addr: SocketAddr, request: &str) -> String {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    s.write_all(request.as_bytes()).await.expect("write");
    read_all(&mut s).await
}

async fn read_all(s: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut answer)).await;
    assert!(read.is_ok(), "no answer in 10 s");
    String::from_utf8_lossy(&answer).into_owned()
}

fn get(path: &str, headers: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Connection: close\r\n\r\n")
}

fn status(answer: &str) -> u16 {
    answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {answer:?}"))
}

/// Waits until the server closes `s` (EOF or reset); how long it took.
async fn closed_after(mut s: TcpStream, limit: Duration) -> Duration {
    let started = Instant::now();
    let mut sink = [0u8; 1024];
    loop {
        match tokio::time::timeout(limit.saturating_sub(started.elapsed()), s.read(&mut sink)).await
        {
            Err(_) => panic!("still open after {limit:?}"),
            Ok(Ok(0)) | Ok(Err(_)) => return started.elapsed(),
            Ok(Ok(_)) => {}
        }
    }
}

fn limits(total: usize, per_address: usize) -> Limits {
    Limits {
        max_connections: total,
        max_per_address: per_address,
        header_timeout: Duration::from_secs(2),
        idle_timeout: Duration::from_secs(20),
        body_timeout: Duration::from_secs(2),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_from_one_address_is_capped_answered_503_and_timed_out() {
    let r = start(limits(100, 40), Vec::new()).await;
    // 40 idle sockets: the address's cap.
    let mut idle = Vec::new();
    for _ in 0..40 {
        idle.push(TcpStream::connect(r.addr).await.expect("connect"));
    }
    // One more from the same address is told so at once, and closed.
    let refused = exchange(r.addr, &get("/", "")).await;
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(
        refused.contains("too many connections from your address"),
        "{refused}"
    );
    assert!(refused.contains("Retry-After: 5"), "{refused}");
    // The header timeout (2 s) closes every idle socket.
    let mut waits = Vec::new();
    for s in idle {
        waits.push(closed_after(s, Duration::from_secs(6)).await);
    }
    let last = waits.iter().max().copied().unwrap_or_default();
    assert!(
        last >= Duration::from_millis(1500) && last < Duration::from_secs(6),
        "{last:?}"
    );
    // Their places are free again: the page is served.
    let page = exchange(r.addr, &get("/", "")).await;
    assert_eq!(status(&page), 200, "{page}");
    assert!(r.stop().await < Duration::from_secs(5));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_cap_counts_live_streams() {
    let r = start(limits(10, 100), Vec::new()).await;
    let mut streams = Vec::new();
    for _ in 0..10 {
        let mut s = TcpStream::connect(r.addr).await.expect("connect");
        s.write_all(get("/e/festival/live", "").as_bytes())
            .await
            .expect("write");
        let mut first = [0u8; 12];
        s.read_exact(&mut first).await.expect("live stream answers");
        assert_eq!(&first, b"HTTP/1.1 200");
        streams.push(s);
    }
    let refused = exchange(r.addr, &get("/", "")).await;
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused}");
    assert!(refused.contains("at its connection limit"), "{refused}");
    drop(streams.pop());
    // The server frees the place once it sees the stream closed: the
    // next connection is served (a refusal is retried, bounded).
    let mut served = None;
    for _ in 0..100 {
        let answer = exchange(r.addr, &get("/", "")).await;
        if status(&answer) == 200 {
            served = Some(answer);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(served.is_some(), "the freed place was never given");
    // Stopping ends the live streams: every one is closed, and serve
    // returns well within 5 s.
    let server_stopped = r.stop().await;
    for s in streams {
        closed_after(s, Duration::from_secs(1)).await;
    }
    assert!(
        server_stopped < Duration::from_secs(5),
        "{server_stopped:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_headers_and_slow_bodies_are_cut_off_while_others_are_served() {
    let r = start(limits(200, 100), Vec::new()).await;
    // 50 clients trickle one header line every 300 ms, never ending.
    let mut trickles = Vec::new();
    for i in 0..50 {
        let addr = r.addr;
        trickles.push(tokio::spawn(async move {
            let mut s = TcpStream::connect(addr).await.expect("connect");
            let started = Instant::now();
            let mut request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n".to_string();
            loop {
                if s.write_all(request.as_bytes()).await.is_err() {
                    break;
                }
                let mut byte = [0u8; 1];
                match tokio::time::timeout(Duration::from_millis(300), s.read(&mut byte)).await {
                    Ok(_) => break,
                    Err(_) if started.elapsed() > Duration::from_secs(8) => break,
                    Err(_) => request = format!("X-Slow-{i}: 1\r\n"),
                }
            }
            started.elapsed()
        }));
    }
    // Meanwhile an ordinary page is served at once.
    let started = Instant::now();
    let page = exchange(r.addr, &get("/e/festival/", "")).await;
    assert_eq!(status(&page), 200);
    let latency = started.elapsed();
    assert!(latency < Duration::from_secs(2), "{latency:?}");
    for t in trickles {
        let held = t.await.expect("trickle");
        assert!(
            held >= Duration::from_millis(1500) && held < Duration::from_secs(5),
            "{held:?}"
        );
    }
    // A body announced and never sent is given up after 2 s.
    let mut s = TcpStream::connect(r.addr).await.expect("connect");
    let started = Instant::now();
    let post = "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\n\
                Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=";
    s.write_all(post.as_bytes()).await.expect("write");
    let answer = read_all(&mut s).await;
    let waited = started.elapsed();
    assert!(
        waited >= Duration::from_millis(1500) && waited < Duration::from_secs(5),
        "{waited:?}"
    );
    assert!(answer.is_empty() || status(&answer) >= 400, "{answer}");
    r.stop().await;
}

/// Logs in as anna from the client address `forwarded` names; the status.
async fn login(addr: SocketAddr, forwarded: &str, password: &str) -> u16 {
    let form = exchange(addr, &get("/login", "")).await;
    let cookie = form
        .lines()
        .find_map(|l| {
            l.strip_prefix("set-cookie: ")
                .or_else(|| l.strip_prefix("Set-Cookie: "))
        })
        .and_then(|c| c.split(';').next())
        .expect("form cookie")
        .to_string();
    let marker = "name=\"csrf\" value=\"";
    let at = form.find(marker).expect("csrf field") + marker.len();
    let body = format!(
        "csrf={}&name=anna&password={}",
        &form[at..at + 64],
        urlencode(password)
    );
    let post = format!(
        "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n\
         X-Forwarded-For: {forwarded}\r\nContent-Type: application/x-www-form-urlencoded\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    status(&exchange(addr, &post).await)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forwarded_addresses_count_only_from_the_trusted_proxy() {
    let loopback = "127.0.0.1".parse().unwrap();
    let behind_proxy = start(limits(100, 100), vec![loopback]).await;
    for _ in 0..5 {
        assert_eq!(login(behind_proxy.addr, "203.0.113.1", "wrong").await, 401);
    }
    assert_eq!(login(behind_proxy.addr, "203.0.113.1", "wrong").await, 429);
    // Another client behind the same proxy is not locked out.
    assert_eq!(login(behind_proxy.addr, "203.0.113.2", PASSWORD).await, 303);
    behind_proxy.stop().await;

    // Without --trusted-proxy the header is the client's word: ignored.
    let direct = start(limits(100, 100), Vec::new()).await;
    for i in 0..5 {
        assert_eq!(
            login(direct.addr, &format!("203.0.113.{i}"), "wrong").await,
            401
        );
    }
    assert_eq!(login(direct.addr, "203.0.113.99", PASSWORD).await, 429);
    direct.stop().await;
}
