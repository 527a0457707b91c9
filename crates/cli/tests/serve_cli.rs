//! `arbiter serve`: the binary serves the demo, and its standings JSON is
//! the CLI's `standings --format json` of the same event, document for
//! document.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A plain HTTP/1.1 GET; the body.
fn get(port: u16, path: &str, accept: &str) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept: {accept}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{path}: {head}");
    body.to_string()
}

#[test]
fn served_standings_json_is_the_cli_standings_json() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args([
            "serve",
            "--demo",
            "--addr",
            &format!("127.0.0.1:{port}"),
            "--data",
        ])
        .arg(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _served = Served(child);
    let start = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "arbiter serve did not start"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let home = get(port, "/", "text/html");
    assert!(home.contains("/e/city-open/") && home.contains("/e/festival/"));
    for (event, section, after) in [
        ("city-open", "main", None),
        ("city-open", "main", Some(4)),
        ("festival", "C", None),
        ("festival", "E", Some(2)),
    ] {
        let query = after.map_or(String::new(), |a| format!("?after={a}"));
        let served = get(
            port,
            &format!("/e/{event}/{section}/standings{query}"),
            "application/json",
        );
        let mut cli = Command::new(env!("CARGO_BIN_EXE_arbiter"));
        cli.arg("standings")
            .arg(dir.path().join(format!("{event}.arb")))
            .args(["--section", section, "--format", "json"]);
        if let Some(a) = after {
            cli.args(["--rounds", &a.to_string()]);
        }
        let out = cli.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let served: serde_json::Value = serde_json::from_str(&served).unwrap();
        let printed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(served, printed, "{event} {section} after {after:?}");
        assert!(!served["rows"].as_array().unwrap().is_empty());
    }
}
