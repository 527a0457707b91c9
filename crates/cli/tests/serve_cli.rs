//! `arbiter serve`: the binary serves the demo, and its standings JSON is
//! the CLI's `standings --format json` of the same event, document for
//! document.

use std::ffi::OsStr;
use std::io::{BufRead, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `arbiter serve ARGS --addr 127.0.0.1:0` with `env`, once it listens: the
/// server and the port its ready line names. The server picks the port
/// itself: a port chosen here and handed over could be taken in between by
/// another server of the suite (a test's PostgreSQL, say), and a wait for a
/// connection would then end on the wrong listener, before this server had
/// even made its demo folder.
fn serve(args: &[&OsStr], env: &[(&str, &Path)]) -> (Served, u16) {
    serve_logging(args, env, Stdio::null())
}

/// [`serve`], its standard error going to `stderr`.
fn serve_logging(args: &[&OsStr], env: &[(&str, &Path)], stderr: Stdio) -> (Served, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("serve")
        .args(args)
        .args(["--addr", "127.0.0.1:0"])
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let served = Served(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        // Every line, so that the server never blocks on a full pipe; the
        // demo's line about its events comes before the ready line.
        for line in std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
        {
            let _ = tx.send(line);
        }
    });
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let line = rx.recv_timeout(left).expect("arbiter serve did not start");
        let port = line
            .split_once(" at http://127.0.0.1:")
            .and_then(|(_, rest)| rest.split_once('/'))
            .and_then(|(port, _)| port.parse().ok());
        if let Some(port) = port {
            return (served, port);
        }
    }
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
    let (_served, port) = serve(
        &["--demo".as_ref(), "--data".as_ref(), dir.path().as_os_str()],
        &[],
    );
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

/// Runs the binary; its standard output, after checking it succeeded.
fn arbiter(args: &[&str], input: Option<&str>) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input.unwrap_or("").as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "arbiter {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `serve --database`: an event copied into PostgreSQL is served from it,
/// its JSON standings the CLI's on `postgres://…#EVENT`; a result typed on
/// the command line against the database is served at once; users added
/// with `user add --database` live in the database.
#[test]
fn serve_database_publishes_the_events_of_postgresql() {
    let Some(server) = arbiter_store::testing::postgres() else {
        return;
    };
    let url = server.fresh_database("cli_serve");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("open.arb");
    let f = file.to_str().unwrap();
    arbiter(&["new", f, "--name", "City Open", "--rounds", "3"], None);
    for (name, rating) in [("Rossi, Mario", "2100"), ("Verdi, Anna", "1980")] {
        arbiter(
            &["player", "add", f, "--name", name, "--rating", rating],
            None,
        );
    }
    arbiter(&["pair", f], None);
    let event = format!("{url}#open");
    arbiter(&["store", "copy", f, &event], None);
    arbiter(
        &[
            "user",
            "add",
            "anna",
            "--role",
            "administrator",
            "--database",
            &url,
        ],
        Some("correct horse battery\n"),
    );
    assert_eq!(
        arbiter(&["user", "list", "--database", &url], None),
        "anna\tadministrator\t\n"
    );

    let (_served, port) = serve(&["--database".as_ref(), url.as_ref()], &[]);
    let home: serde_json::Value =
        serde_json::from_str(&get(port, "/", "application/json")).unwrap();
    assert_eq!(home["events"], serde_json::json!(["open"]));
    arbiter(&["result", &event, "1", "1", "0-1"], None);
    let served = get(port, "/e/open/main/standings", "application/json");
    let printed = arbiter(&["standings", &event, "--format", "json"], None);
    let served: serde_json::Value = serde_json::from_str(&served).unwrap();
    let printed: serde_json::Value = serde_json::from_str(&printed).unwrap();
    assert_eq!(served, printed);
    // Verdi won with Black: first with 1 point.
    assert_eq!(served["rows"][0]["name"], "Verdi, Anna", "{served}");
}

/// Mail options that cannot work stop the server before it serves
/// (exit 3, the option named): a URL of an unknown scheme or a bad port;
/// `--smtp` needs `--mail-from`, `--smtp-ca` needs `--smtp`. A CA file
/// that cannot be read is file access (exit 5).
#[test]
fn serve_refuses_mail_options_it_cannot_use() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["serve", "--data", data, "--addr", "127.0.0.1:0"];
        args.extend_from_slice(extra);
        Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(&args)
            .env_remove("ARBITER_SMTP_CREDENTIALS")
            .output()
            .unwrap()
    };
    let bad_url = run(&["--public-url", "ftp://chess.example.org"]);
    assert_eq!(bad_url.status.code(), Some(3));
    assert_eq!(
        String::from_utf8_lossy(&bad_url.stderr).lines().last(),
        Some(
            "arbiter serve: --public-url 'ftp://chess.example.org': not an address like https://chess.example.org (http or https, a host, an optional port, no path)"
        )
    );
    let password = run(&[
        "--smtp",
        "smtp://anna:secret@mail.example.org:25",
        "--mail-from",
        "open@chess.example.org",
    ]);
    assert_eq!(password.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&password.stderr)
            .contains("no user or password in the URL: set ARBITER_SMTP_CREDENTIALS=USER:PASSWORD")
    );
    // Refused (exit 3) with a message that holds `message`.
    let refused = |extra: &[&str], message: &str| {
        let out = run(extra);
        assert_eq!(out.status.code(), Some(3), "{extra:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{extra:?}: {err}");
    };
    let sender = ["--mail-from", "open@chess.example.org"];
    refused(
        &[&["--smtp", "smtp+tls://mail.example.org"], &sender[..]].concat(),
        "arbiter serve: --smtp 'smtp+tls://mail.example.org': not smtp://HOST:PORT (plain), smtp+starttls://HOST[:587] or smtps://HOST[:465]",
    );
    refused(
        &[&["--smtp", "smtps://mail.example.org:465x"], &sender[..]].concat(),
        "--smtp 'smtps://mail.example.org:465x': '465x' is not a port",
    );
    let missing_ca = dir.path().join("missing-ca.pem");
    let missing = missing_ca.to_str().unwrap();
    let unreadable = run(&[
        &["--smtp", "smtp+starttls://mail.example.org"],
        &["--smtp-ca", missing][..],
        &sender[..],
    ]
    .concat());
    assert_eq!(unreadable.status.code(), Some(5), "{unreadable:?}");
    assert!(
        String::from_utf8_lossy(&unreadable.stderr).contains(&format!(
            "arbiter serve: --smtp-ca '{missing}': cannot read it: "
        )),
        "{unreadable:?}"
    );
    refused(&["--smtp-ca", missing], "--smtp");
    let no_sender = run(&["--smtp", "smtp://127.0.0.1:25"]);
    assert_eq!(
        no_sender.status.code(),
        Some(3),
        "a usage error is invalid input"
    );
    assert!(String::from_utf8_lossy(&no_sender.stderr).contains("--mail-from"));
}

/// A login given with plain `smtp://` to a host other than this machine
/// is warned of when the server starts (it serves all the same). RFC 6761:
/// `.invalid` names no host, and no mail is sent here.
#[test]
fn serve_warns_of_a_login_over_plain_smtp_beyond_this_machine() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["serve", "--data", dir.path().to_str().unwrap()])
        .args(["--addr", "127.0.0.1:0", "--smtp", "smtp://mail.invalid:25"])
        .args(["--mail-from", "open@chess.example.org"])
        .env("ARBITER_SMTP_CREDENTIALS", "anna:secret")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let served = Served(child);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = std::io::BufReader::new(stderr).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("a line on standard error");
    drop(served);
    assert_eq!(
        line.trim_end(),
        "arbiter serve: warning: --smtp 'smtp://mail.invalid:25': the login of ARBITER_SMTP_CREDENTIALS goes unencrypted to a host that is not this machine; use smtp+starttls:// or smtps://"
    );
}

/// `serve --demo` makes its events in a scratch folder of the temporary
/// folder and removes it again when stopped (SIGTERM from a service manager,
/// like Ctrl-C, is a graceful stop with exit 0).
#[cfg(unix)]
#[test]
fn demo_scratch_folder_goes_when_the_server_stops() {
    let tmp = tempfile::tempdir().unwrap();
    let demo_folders = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with("arbiter-demo-"))
            })
            .collect()
    };
    let (mut served, _) = serve(&["--demo".as_ref()], &[("TMPDIR", tmp.path())]);
    let folders = demo_folders();
    assert_eq!(folders.len(), 1, "{folders:?}");
    assert!(folders[0].join("city-open.arb").is_file());
    let term = Command::new("kill")
        .args(["-TERM", &served.0.id().to_string()])
        .status()
        .unwrap();
    assert!(term.success());
    let status = served.0.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert_eq!(demo_folders(), Vec::<std::path::PathBuf>::new());
}

/// Opens `n` live streams of `event`, each read up to its `hello`.
fn live_streams(port: u16, event: &str, n: usize) -> Vec<std::io::BufReader<TcpStream>> {
    (0..n)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
            s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            write!(s, "GET /e/{event}/live HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").unwrap();
            let mut reader = std::io::BufReader::new(s);
            let mut line = String::new();
            while !line.starts_with("event: hello") {
                line.clear();
                assert!(
                    reader.read_line(&mut line).unwrap() > 0,
                    "stream ended early"
                );
            }
            reader
        })
        .collect()
}

/// SIGTERMs the server with `streams` open: every stream ends, the server
/// exits 0 without a panic; how long it took. A server still running after
/// 10 s is killed (and the test fails).
#[cfg(unix)]
fn terminate(
    mut served: Served,
    streams: Vec<std::io::BufReader<TcpStream>>,
    log: &Path,
) -> Duration {
    let pid = served.0.id().to_string();
    let (exited, watch) = std::sync::mpsc::channel::<()>();
    let watchdog = pid.clone();
    std::thread::spawn(move || {
        if watch.recv_timeout(Duration::from_secs(10)).is_err() {
            let _ = Command::new("kill").args(["-KILL", &watchdog]).status();
        }
    });
    let started = Instant::now();
    assert!(
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    for mut stream in streams {
        let mut rest = Vec::new();
        stream
            .read_to_end(&mut rest)
            .expect("the stream ends, not times out");
    }
    let status = served.0.wait().unwrap();
    let took = started.elapsed();
    let _ = exited.send(());
    let stderr = std::fs::read_to_string(log).unwrap();
    assert!(status.success(), "{status:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    took
}

/// SIGTERM while live pages are open stops a folder's server within 5 s.
#[cfg(unix)]
#[test]
fn sigterm_with_live_streams_open_stops_within_five_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("stderr.txt");
    let data = dir.path().join("events");
    std::fs::create_dir(&data).unwrap();
    let args = ["--demo".as_ref(), "--data".as_ref(), data.as_os_str()];
    let (served, port) = serve_logging(&args, &[], std::fs::File::create(&log).unwrap().into());
    let streams = live_streams(port, "festival", 5);
    let took = terminate(served, streams, &log);
    println!("serve --data stopped in {took:?} with 5 live streams open");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// The same over a PostgreSQL database: no panic on the way out.
#[cfg(unix)]
#[test]
fn sigterm_stops_a_database_server_within_five_seconds() {
    let Some(server) = arbiter_store::testing::postgres() else {
        return;
    };
    let url = server.fresh_database("cli_stop");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("open.arb");
    let f = file.to_str().unwrap();
    arbiter(&["new", f, "--name", "City Open", "--rounds", "3"], None);
    arbiter(&["store", "copy", f, &format!("{url}#open")], None);
    let log = dir.path().join("stderr.txt");
    let args = ["--database".as_ref(), url.as_ref()];
    let (served, port) = serve_logging(&args, &[], std::fs::File::create(&log).unwrap().into());
    let streams = live_streams(port, "open", 5);
    let took = terminate(served, streams, &log);
    println!("serve --database stopped in {took:?} with 5 live streams open");
    assert!(took < Duration::from_secs(5), "{took:?}");
}

/// `user remove|revoke|password|sessions|logout-all|log` on a server
/// folder: each ends the user's sessions and is in the log.
#[test]
fn access_is_withdrawn_from_the_command_line_and_logged() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let add = |name: &str, grant: &str| {
        arbiter(
            &["user", "add", name, "--grant", grant, "--data", data],
            Some("correct horse battery\n"),
        )
    };
    add("anna", "open");
    add("bob", "open");
    arbiter(&["user", "grant", "anna", "cup", "--data", data], None);
    // No session yet: nothing listed, nothing ended.
    assert_eq!(
        arbiter(&["user", "sessions", "anna", "--data", data], None),
        ""
    );
    assert_eq!(
        arbiter(&["user", "logout-all", "anna", "--data", data], None),
        "ended 0 sessions of 'anna'\n"
    );
    assert_eq!(
        arbiter(&["user", "revoke", "anna", "cup", "--data", data], None),
        "'anna' may no longer manage cup; their sessions ended\n"
    );
    assert_eq!(
        arbiter(
            &["user", "password", "anna", "--data", data],
            Some("a new long password\n")
        ),
        "new password for 'anna'; their sessions ended\n"
    );
    assert_eq!(
        arbiter(&["user", "remove", "bob", "--data", data], None),
        "removed 'bob'; their sessions ended\n"
    );
    assert_eq!(
        arbiter(&["user", "list", "--data", data], None),
        "anna\tarbiter\topen\n"
    );
    let log = arbiter(&["user", "log", "--data", data], None);
    let actions: Vec<&str> = log.lines().map(|l| l.split_once('\t').unwrap().1).collect();
    assert_eq!(
        actions,
        [
            "command line\tuser logout-all\tanna: 0 sessions",
            "command line\tuser revoke\tanna cup",
            "command line\tuser password\tanna",
            "command line\tuser remove\tbob",
        ]
    );
    // Bad requests: exit 3, a message, nothing changed.
    for args in [
        ["user", "remove", "nobody", "--data", data].as_slice(),
        &["user", "revoke", "anna", "cup", "--data", data],
        &["user", "revoke", "anna", "../x", "--data", data],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).starts_with("arbiter user: "));
    }
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["user", "password", "anna", "--data", data])
        .stdin(Stdio::piped())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "a short (empty) password");
}
