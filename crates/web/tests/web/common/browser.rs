//! Headless Chromium driven over WebDriver (Debian's `chromium` and
//! `chromium-driver`, installed by `.ci/install-browser`). A missing
//! browser fails the test with that instruction; nothing is skipped.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::elements::Element;
use fantoccini::error::{CmdError, ErrorStatus};
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::json;

use super::TestServer;

/// `target/screenshots/` of the workspace.
pub fn screenshot_dir() -> PathBuf {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../target/screenshots"
    ));
    std::fs::create_dir_all(&dir).expect("target/screenshots");
    dir
}

/// A test server listening on a loopback port.
pub struct LiveServer {
    pub test: TestServer,
    pub addr: SocketAddr,
}

impl LiveServer {
    pub async fn start() -> LiveServer {
        let test = TestServer::new();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("loopback port");
        let addr = listener.local_addr().expect("address");
        let app = test
            .server
            .router()
            .into_make_service_with_connect_info::<SocketAddr>();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app).await;
        });
        LiveServer { test, addr }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

/// One chromedriver process; each [`Driver::session`] is a browser.
pub struct Driver {
    child: Child,
    url: String,
    profiles: Vec<tempfile::TempDir>,
}

fn program(name: &str) -> PathBuf {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join(name))
        .find(|p| p.is_file());
    found.unwrap_or_else(|| {
        panic!("{name} is not installed: run .ci/install-browser (Debian packages chromium, chromium-driver)")
    })
}

impl Driver {
    pub async fn start() -> Driver {
        let chromium = program("chromium");
        let driver = program("chromedriver");
        let port = {
            let l = std::net::TcpListener::bind("127.0.0.1:0").expect("free port");
            l.local_addr().expect("port").port()
        };
        let child = Command::new(driver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let url = format!("http://127.0.0.1:{port}");
        // Wait until it accepts connections.
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = chromium;
        Driver {
            child,
            url,
            profiles: Vec::new(),
        }
    }

    /// A new headless browser window of `width`×`height` CSS pixels,
    /// asking for `accept_language`.
    pub async fn session(&mut self, width: u32, height: u32, accept_language: &str) -> Client {
        let profile = tempfile::tempdir().expect("profile folder");
        let args = vec![
            "--headless=new".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            "--hide-scrollbars".into(),
            format!("--window-size={width},{height}"),
            format!("--user-data-dir={}", profile.path().display()),
        ];
        self.profiles.push(profile);
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": program("chromium"),
                "args": args,
                "prefs": { "intl.accept_languages": accept_language },
            }
        });
        let caps = match caps {
            serde_json::Value::Object(m) => m,
            _ => unreachable!(),
        };
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(&self.url)
            .await
            .expect("a browser session");
        client
            .set_window_size(width, height)
            .await
            .expect("window size");
        client
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Saves a screenshot of `client`'s page as `target/screenshots/NAME.png`.
pub async fn shot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("screenshot");
    std::fs::write(screenshot_dir().join(format!("{name}.png")), png).expect("write screenshot");
}

/// Runs `act` on the first element matching `css`. A live page swaps its
/// fragments: an element found just before a swap is stale when acted on,
/// so it is found again (a few times).
pub async fn on_fresh<T, F, Fut>(client: &Client, css: &str, act: F) -> T
where
    F: Fn(Element) -> Fut,
    Fut: Future<Output = Result<T, CmdError>>,
{
    for _ in 0..5 {
        let element = client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        match act(element).await {
            Ok(done) => return done,
            Err(CmdError::Standard(e)) if e.error == ErrorStatus::StaleElementReference => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("{css}: {e}"),
        }
    }
    panic!("{css}: the element went stale five times")
}

/// The text of the first element matching `css`.
pub async fn text(client: &Client, css: &str) -> String {
    on_fresh(client, css, |el| async move { el.text().await }).await
}

/// Waits (up to `limit`) until `css` matches an element whose text
/// contains `needle`; returns how long it took.
pub async fn wait_for_text(client: &Client, css: &str, needle: &str, limit: Duration) -> Duration {
    let start = std::time::Instant::now();
    loop {
        if let Ok(el) = client.find(Locator::Css(css)).await
            && el.text().await.is_ok_and(|t| t.contains(needle))
        {
            return start.elapsed();
        }
        assert!(
            start.elapsed() < limit,
            "{css} did not show {needle:?} within {limit:?}"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Chooses `value` in the select `css`.
pub async fn choose(client: &Client, css: &str, value: &str) {
    on_fresh(
        client,
        css,
        |el| async move { el.select_by_value(value).await },
    )
    .await;
}

/// The current value of the field `css` (what it shows, sent or not).
pub async fn value(client: &Client, css: &str) -> String {
    let script = "const f = document.querySelector(arguments[0]); return f ? f.value : null";
    match client.execute(script, vec![json!(css)]).await {
        Ok(serde_json::Value::String(v)) => v,
        other => panic!("{css}: no field ({other:?})"),
    }
}

/// When the live page last swapped its fragments (`""`: not yet).
pub async fn refreshed(client: &Client) -> String {
    let at = client
        .execute("return document.body.dataset.refreshed || ''", vec![])
        .await
        .expect("refreshed");
    at.as_str().unwrap_or_default().to_string()
}

/// Waits (up to `limit`) until the live page has swapped its fragments
/// since `before` (a [`refreshed`] value); returns the new value.
pub async fn wait_for_refresh(client: &Client, before: &str, limit: Duration) -> String {
    let start = std::time::Instant::now();
    loop {
        let now = refreshed(client).await;
        if now != before {
            return now;
        }
        assert!(start.elapsed() < limit, "no live refresh within {limit:?}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}
