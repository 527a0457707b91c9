//! `cargo bench -p arbiter-web --bench flood [-- VIEWERS IDLE LOGINS]`
//!
//! A server in a process of its own (this program again, over the demo
//! events), flooded from loopback — every client of this bench is
//! 127.0.0.1, so the per-address cap is raised where the flood must be
//! held, and the defaults are used where it must be refused:
//! 1. VIEWERS (2000) live streams and IDLE (1100) idle sockets are held
//!    while an ordinary page is loaded 50 times on fresh connections:
//!    latency p50, p99, max, errors; the server's memory; how long until
//!    the header timeout closed the idle sockets.
//! 2. With the default cap of 1000 per address, IDLE idle sockets: how
//!    many were answered 503 at once.
//! 3. LOGINS (300) failed logins at once, each from its own address as a
//!    trusted proxy says, for as many names: how many were checked and how
//!    long it took; the server's memory before, at its peak, and after.

use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use arbiter_web::{Limits, Role, Server};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const PAGE: &str = "/e/festival/E/standings";
const SERVE: &str = "ARBITER_FLOOD_SERVE";
const PASSWORD: &str = "bench-password";

fn main() {
    let mut limits = Limits {
        max_connections: 20_000,
        ..Limits::default()
    };
    if let Some(w) = arbiter_web::listen::limits::fit_open_files(&mut limits) {
        eprintln!("flood: {w}");
    }
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    match std::env::var(SERVE) {
        Ok(spec) => runtime.block_on(serve(&spec)),
        Err(_) => runtime.block_on(flood()),
    }
}

/// The server process: `DIR PER_ADDRESS TRUST` in the environment; prints
/// its port, serves until its standard input closes.
async fn serve(spec: &str) {
    let mut parts = spec.split(' ');
    let dir = parts.next().expect("folder");
    let per_address = parts.next().and_then(|p| p.parse().ok()).expect("cap");
    let trusted = parts.next() == Some("trust");
    let mut server = Server::open(dir).expect("server");
    if trusted {
        let loopback = "127.0.0.1".parse().expect("address");
        server.set_trusted_proxies(vec![loopback]).expect("proxies");
    }
    let limits = Limits {
        max_connections: 10_000,
        max_per_address: per_address,
        ..Limits::default()
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("port");
    println!("PORT {}", listener.local_addr().expect("address").port());
    let stop = async {
        let _ = tokio::task::spawn_blocking(|| {
            let mut sink = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut sink)
        })
        .await;
    };
    server.serve(listener, limits, stop).await;
}

/// The server process; dropping it closes its standard input, which stops
/// it, and waits for it.
struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        drop(self.0.stdin.take());
        let _ = self.0.wait();
    }
}

/// A server process over `dir`; its port.
fn spawn(dir: &std::path::Path, per_address: usize, trust: bool) -> (Served, u16) {
    let spec = format!(
        "{} {per_address} {}",
        dir.display(),
        if trust { "trust" } else { "direct" }
    );
    let mut child = Command::new(std::env::current_exe().expect("this program"))
        .env(SERVE, spec)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("server process");
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the port line");
    let port = line
        .trim()
        .strip_prefix("PORT ")
        .and_then(|p| p.parse().ok())
        .expect("port line");
    (Served(child), port)
}

/// `VmRSS` and `VmHWM` (peak) of process `pid`, in MiB.
fn memory(pid: u32) -> (f64, f64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches(" kB").trim().parse::<f64>().ok())
            .unwrap_or(0.0)
            / 1024.0
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// One request on a fresh connection; the whole answer.
async fn exchange(port: u16, request: &str) -> Result<String, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port))
        .await
        .map_err(|e| e.to_string())?;
    s.write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut answer))
        .await
        .map_err(|_| "no answer in 30 s".to_string())?
        .map_err(|e| e.to_string())?;
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

fn get(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
}

/// A live stream, read up to its `hello`.
async fn live(port: u16) -> Result<TcpStream, String> {
    let mut s = TcpStream::connect(("127.0.0.1", port))
        .await
        .map_err(|e| e.to_string())?;
    s.write_all(
        get("/e/festival/live")
            .replace("Connection: close\r\n", "")
            .as_bytes(),
    )
    .await
    .map_err(|e| e.to_string())?;
    let mut seen = Vec::new();
    let mut buf = [0u8; 512];
    while !String::from_utf8_lossy(&seen).contains("event: hello") {
        let n = s.read(&mut buf).await.map_err(|e| e.to_string())?;
        if n == 0 {
            return Err(format!("closed: {}", String::from_utf8_lossy(&seen)));
        }
        seen.extend_from_slice(&buf[..n]);
    }
    Ok(s)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

async fn flood() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let viewers = args.first().copied().unwrap_or(2000);
    let idle = args.get(1).copied().unwrap_or(1100);
    let logins = args.get(2).copied().unwrap_or(300);
    let dir = tempfile::tempdir().expect("scratch folder");
    arbiter_web::demo::create(dir.path()).expect("demo events");
    hold(dir.path(), viewers, idle).await;
    refuse(dir.path(), idle).await;
    failed_logins(dir.path(), logins).await;
}

/// Phase 1: viewers and idle sockets held, an ordinary page timed.
async fn hold(dir: &std::path::Path, viewers: usize, idle: usize) {
    let (child, port) = spawn(dir, viewers + idle + 100, false);
    let pid = child.0.id();
    let started = Instant::now();
    let mut streams = Vec::new();
    let mut errors = 0;
    for chunk in (0..viewers).collect::<Vec<_>>().chunks(200) {
        let opened = futures_util::future::join_all(chunk.iter().map(|_| live(port))).await;
        for s in opened {
            match s {
                Ok(s) => streams.push(s),
                Err(e) => {
                    errors += 1;
                    if errors <= 3 {
                        eprintln!("viewer: {e}");
                    }
                }
            }
        }
    }
    let mut sockets = Vec::new();
    for _ in 0..idle {
        sockets.push(
            TcpStream::connect(("127.0.0.1", port))
                .await
                .expect("idle socket"),
        );
    }
    let held_at = Instant::now();
    println!(
        "held: {} live streams ({errors} errors) and {} idle sockets from 127.0.0.1, opened in {}",
        streams.len(),
        sockets.len(),
        ms(started.elapsed())
    );
    let mut loads = Vec::new();
    let mut failed = 0;
    for _ in 0..50 {
        let t = Instant::now();
        match exchange(port, &get(PAGE)).await {
            Ok(a) if a.starts_with("HTTP/1.1 200") => loads.push(t.elapsed()),
            _ => failed += 1,
        }
    }
    loads.sort();
    let (rss, peak) = memory(pid);
    println!(
        "an ordinary page meanwhile: {} loads, p50 {}, p99 {}, max {}; {failed} errors",
        loads.len(),
        ms(percentile(&loads, 0.5)),
        ms(percentile(&loads, 0.99)),
        ms(loads.last().copied().unwrap_or_default())
    );
    println!("server memory: {rss:.0} MiB (peak {peak:.0} MiB)");
    let closing = sockets.into_iter().map(|mut s| async move {
        let mut byte = [0u8; 1];
        let _ = tokio::time::timeout(Duration::from_secs(30), s.read(&mut byte)).await;
    });
    futures_util::future::join_all(closing).await;
    println!(
        "the header timeout closed the {idle} idle sockets {} after they were held",
        ms(held_at.elapsed())
    );
    drop(streams);
    drop(child);
}

/// Phase 2: the default cap per address.
async fn refuse(dir: &std::path::Path, idle: usize) {
    let cap = Limits::default().max_per_address;
    let (child, port) = spawn(dir, cap, false);
    let mut sockets = Vec::new();
    for _ in 0..idle {
        sockets.push(
            TcpStream::connect(("127.0.0.1", port))
                .await
                .expect("idle socket"),
        );
    }
    let answers = sockets.into_iter().map(|mut s| async move {
        let mut buf = [0u8; 64];
        match tokio::time::timeout(Duration::from_secs(2), s.read(&mut buf)).await {
            Ok(Ok(n)) => buf[..n].starts_with(b"HTTP/1.1 503"),
            _ => false,
        }
    });
    let refused = futures_util::future::join_all(answers)
        .await
        .into_iter()
        .filter(|r| *r)
        .count();
    println!("{idle} idle sockets from one address, cap {cap}: {refused} answered 503 at once");
    drop(child);
}

/// Phase 3: parallel failed logins through a trusted proxy.
async fn failed_logins(dir: &std::path::Path, logins: usize) {
    let accounts =
        arbiter_web::Accounts::open(&dir.join(arbiter_web::data_dir::SERVER_DB)).expect("accounts");
    let _ = accounts.add_user("bench", PASSWORD, Role::Administrator);
    drop(accounts);
    let (child, port) = spawn(dir, 1000, true);
    let pid = child.0.id();
    let mut forms = Vec::new();
    for i in 0..logins {
        let page = exchange(port, &get("/login")).await.expect("login form");
        let cookie = page
            .lines()
            .find_map(|l| l.strip_prefix("set-cookie: "))
            .and_then(|c| c.split(';').next())
            .expect("cookie")
            .to_string();
        let marker = "name=\"csrf\" value=\"";
        let at = page.find(marker).expect("csrf") + marker.len();
        let body = format!(
            "csrf={}&name=user{i}&password=wrong-guess",
            &page[at..at + 64]
        );
        forms.push(format!(
            "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: {cookie}\r\n\
             X-Forwarded-For: 10.{}.{}.1\r\nContent-Type: application/x-www-form-urlencoded\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            i / 250,
            i % 250,
            body.len()
        ));
    }
    let (before, _) = memory(pid);
    let started = Instant::now();
    let answers = futures_util::future::join_all(forms.iter().map(|f| exchange(port, f))).await;
    let took = started.elapsed();
    let checked = answers
        .iter()
        .filter(|a| a.as_ref().is_ok_and(|a| a.starts_with("HTTP/1.1 401")))
        .count();
    let (after, peak) = memory(pid);
    println!(
        "{logins} failed logins at once: {checked} checked (401) in {}; server memory {before:.0} MiB before, peak {peak:.0} MiB, {after:.0} MiB after",
        ms(took)
    );
    drop(child);
}
