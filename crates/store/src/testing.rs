//! Test support (feature `testing`): scratch folders and a PostgreSQL
//! server for the backend tests.
//!
//! [`postgres`] gives the server named by `ARBITER_POSTGRES_URL` (the role
//! needs `CREATEDB`), or else starts a throwaway cluster for the test
//! process: `initdb` into a temporary folder, `postgres` on a free port on
//! 127.0.0.1 (as user `postgres` through `runuser` when running as root,
//! since PostgreSQL refuses to run as root). The cluster is stopped and its
//! folder removed when the test process ends: a small shell supervisor
//! waits for its standard input, which only the test process holds, to
//! close.
//!
//! When no PostgreSQL is installed, the tests that need it fail loudly
//! under CI (`CI` set) and are skipped with a notice elsewhere.

use std::hash::{BuildHasher, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// A fresh, empty folder for one test, removed with everything in it when
/// the value is dropped (so test runs leave no folders behind).
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        self.0.path()
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self.0.path()
    }
}

/// A [`Scratch`] folder in the system's temporary folder, its name
/// starting with `arbiter-NAME-`.
pub fn scratch(name: &str) -> Scratch {
    scratch_in(&std::env::temp_dir(), name)
}

/// A [`Scratch`] folder inside `parent`, its name starting with
/// `arbiter-NAME-`.
pub fn scratch_in(parent: &Path, name: &str) -> Scratch {
    std::fs::create_dir_all(parent).expect("create the scratch parent folder");
    tempfile::Builder::new()
        .prefix(&format!("arbiter-{name}-"))
        .tempdir_in(parent)
        .map(Scratch)
        .expect("create a scratch folder")
}

/// A PostgreSQL server the tests may create databases on.
pub struct PgServer {
    host: String,
    port: u16,
    user: String,
    password: Option<String>,
    /// The database to connect to for `CREATE DATABASE`.
    admin_db: String,
    /// The throwaway cluster's supervisor (its stdin open while we live).
    _cluster: Option<Child>,
}

static SERVER: OnceLock<Option<PgServer>> = OnceLock::new();

/// The test server, started on first use; `None` (after a printed notice)
/// when PostgreSQL is not available outside CI. Panics under CI when it is
/// not available.
pub fn postgres() -> Option<&'static PgServer> {
    SERVER.get_or_init(start).as_ref()
}

impl PgServer {
    /// Creates a new, empty database; returns its URL.
    pub fn fresh_database(&self, label: &str) -> String {
        static COUNT: AtomicU32 = AtomicU32::new(0);
        let name = format!(
            "arbiter_{label}_{}_{}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        );
        let mut admin = postgres::Client::connect(&self.url(&self.admin_db), postgres::NoTls)
            .expect("connect to the test server");
        admin
            .batch_execute(&format!("CREATE DATABASE \"{name}\""))
            .expect("create a test database");
        self.url(&name)
    }

    /// The URL of database `db` on this server.
    pub fn url(&self, db: &str) -> String {
        let auth = match &self.password {
            Some(p) => format!("{}:{}", encode(&self.user), encode(p)),
            None => encode(&self.user),
        };
        format!("postgres://{auth}@{}:{}/{db}", self.host, self.port)
    }
}

/// Percent-encoding of a URL's user or password.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn start() -> Option<PgServer> {
    if let Ok(url) = std::env::var("ARBITER_POSTGRES_URL") {
        return Some(given(&url));
    }
    let Some(bin) = bin_dir() else {
        return unavailable("no PostgreSQL server programs (initdb, postgres) found");
    };
    let as_postgres = rustix::process::geteuid().is_root();
    if as_postgres && !user_exists("postgres") {
        return unavailable("running as root and there is no user 'postgres' to run the server");
    }
    Some(throwaway(&bin, as_postgres))
}

fn unavailable(why: &str) -> Option<PgServer> {
    if std::env::var_os("CI").is_some() {
        panic!(
            "PostgreSQL tests cannot run under CI: {why}; .ci/run installs PostgreSQL \
             (apt-get install -y postgresql), or set ARBITER_POSTGRES_URL"
        );
    }
    eprintln!(
        "note: PostgreSQL tests SKIPPED: {why} (install PostgreSQL or set ARBITER_POSTGRES_URL)"
    );
    None
}

/// The server of `ARBITER_POSTGRES_URL`.
fn given(url: &str) -> PgServer {
    let config: postgres::Config = url
        .parse()
        .expect("ARBITER_POSTGRES_URL is a connection string");
    let host = match config.get_hosts().first() {
        Some(postgres::config::Host::Tcp(h)) => h.clone(),
        _ => "127.0.0.1".into(),
    };
    let user = config.get_user().unwrap_or("postgres").to_string();
    PgServer {
        host,
        port: config.get_ports().first().copied().unwrap_or(5432),
        password: config
            .get_password()
            .map(|p| String::from_utf8_lossy(p).into_owned()),
        admin_db: config.get_dbname().unwrap_or(&user).to_string(),
        user,
        _cluster: None,
    }
}

/// The folder of `initdb` and `postgres`: `ARBITER_POSTGRES_BIN`, the
/// `PATH`, or Debian's `/usr/lib/postgresql/VERSION/bin` (newest).
fn bin_dir() -> Option<PathBuf> {
    let has_both = |d: &Path| d.join("initdb").is_file() && d.join("postgres").is_file();
    if let Some(d) = std::env::var_os("ARBITER_POSTGRES_BIN") {
        return Some(PathBuf::from(d)).filter(|d| has_both(d));
    }
    if let Some(path) = std::env::var_os("PATH")
        && let Some(d) = std::env::split_paths(&path).find(|d| has_both(d))
    {
        return Some(d);
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse::<u32>().ok()?;
            Some((v, e.path().join("bin")))
        })
        .filter(|(_, d)| has_both(d))
        .collect();
    versions.sort();
    versions.pop().map(|(_, d)| d)
}

fn user_exists(name: &str) -> bool {
    Command::new("id")
        .args(["-u", name])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// `program` run as user `postgres` when we are root.
fn command(program: &Path, as_postgres: bool) -> Command {
    if as_postgres {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

/// The supervisor: starts the server, waits for its stdin to close, stops
/// the server (fast shutdown) and removes the cluster.
const SUPERVISOR: &str = r#"
"$3/postgres" -D "$1" -p "$2" -k "$1" -c listen_addresses=127.0.0.1 \
    -c fsync=off -c synchronous_commit=off -c full_page_writes=off \
    -c max_connections=200 >"$1.log" 2>&1 &
pg=$!
read -r _ignored
kill -INT "$pg" 2>/dev/null
wait "$pg"
rm -rf "$1" "$1.log"
"#;

fn throwaway(bin: &Path, as_postgres: bool) -> PgServer {
    let nonce = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    // A temporary folder every user may create in (initdb makes the data
    // folder itself, owned by the user running it).
    let base = if as_postgres {
        PathBuf::from("/tmp")
    } else {
        std::env::temp_dir()
    };
    let data = base.join(format!(
        "arbiter-pg-{}-{:08x}",
        std::process::id(),
        nonce as u32
    ));
    let out = command(&bin.join("initdb"), as_postgres)
        .arg("-D")
        .arg(&data)
        .args([
            "-U",
            "arbiter",
            "--auth=trust",
            "-E",
            "UTF8",
            "--no-locale",
            "-N",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("run initdb");
    assert!(
        out.status.success(),
        "initdb failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port on 127.0.0.1")
        .port();
    let shell = if as_postgres {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--", "sh"]);
        c
    } else {
        Command::new("sh")
    };
    let supervisor = {
        let mut c = shell;
        c.arg("-c")
            .arg(SUPERVISOR)
            .arg("sh")
            .arg(&data)
            .arg(port.to_string())
            .arg(bin)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        c.spawn().expect("start the PostgreSQL supervisor")
    };
    let server = PgServer {
        host: "127.0.0.1".into(),
        port,
        user: "arbiter".into(),
        password: None,
        admin_db: "postgres".into(),
        _cluster: Some(supervisor),
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        match postgres::Client::connect(&server.url("postgres"), postgres::NoTls) {
            Ok(_) => return server,
            Err(e) if Instant::now() > deadline => {
                let mut log = data.as_os_str().to_owned();
                log.push(".log");
                panic!(
                    "the throwaway PostgreSQL server did not start on port {port}: {e}\n{}",
                    std::fs::read_to_string(PathBuf::from(log)).unwrap_or_default()
                );
            }
            Err(_) => std::thread::sleep(Duration::from_millis(50)),
        }
    }
}
