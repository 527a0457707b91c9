//! What the web benches share: an HTTP client on loopback, logging in
//! through the form, the festival's open boards, entering a result,
//! percentiles.

use std::net::SocketAddr;
use std::time::Duration;

use axum::body::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;

pub type Http = Client<HttpConnector, Full<Bytes>>;

/// The back-office account the benches log in with, user `bench`.
pub const PASSWORD: &str = "bench-password";

/// A client keeping up to 64 idle connections per server.
pub fn client() -> Http {
    Client::builder(TokioExecutor::new())
        .pool_max_idle_per_host(64)
        .build(HttpConnector::new())
}

pub fn request(addr: SocketAddr, path: &str) -> hyper::Request<Full<Bytes>> {
    hyper::Request::get(format!("http://{addr}{path}"))
        .body(Full::new(Bytes::new()))
        .expect("request")
}

/// The body of a successful response, or why not.
pub async fn get(http: &Http, req: hyper::Request<Full<Bytes>>) -> Result<String, String> {
    let resp = http.request(req).await.map_err(|e| e.to_string())?;
    let status = resp.status();
    let body = resp
        .into_body()
        .collect()
        .await
        .map_err(|e| e.to_string())?
        .to_bytes();
    if !status.is_success() {
        return Err(format!("status {status}"));
    }
    Ok(String::from_utf8_lossy(&body).into_owned())
}

pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

pub fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn csrf_field(page: &str) -> String {
    let m = "name=\"csrf\" value=\"";
    let s = page.find(m).expect("csrf field") + m.len();
    page[s..s + 64].to_string()
}

fn first_cookie(resp: &hyper::Response<hyper::body::Incoming>) -> String {
    resp.headers()["set-cookie"]
        .to_str()
        .expect("cookie")
        .split(';')
        .next()
        .unwrap_or("")
        .to_string()
}

/// Logs in through the form; the session cookie and its CSRF token.
pub async fn log_in(http: &Http, addr: SocketAddr) -> (String, String) {
    let form = http
        .request(request(addr, "/login"))
        .await
        .expect("login page");
    let pre = first_cookie(&form);
    let page = form.into_body().collect().await.expect("body").to_bytes();
    let body = format!(
        "csrf={}&name=bench&password={PASSWORD}",
        csrf_field(&String::from_utf8_lossy(&page))
    );
    let req = hyper::Request::post(format!("http://{addr}/login"))
        .header("cookie", &pre)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Full::new(Bytes::from(body)))
        .expect("request");
    let done = http.request(req).await.expect("login");
    let cookie = first_cookie(&done);
    let mut admin = request(addr, "/admin");
    admin
        .headers_mut()
        .insert("cookie", cookie.parse().expect("header"));
    let page = get(http, admin).await.expect("admin page");
    (cookie, csrf_field(&page))
}

/// The boards of round 5 of the festival still without a result.
pub async fn open_boards(http: &Http, addr: SocketAddr) -> Vec<(&'static str, u64)> {
    let mut boards = Vec::new();
    for section in ["A", "B", "C", "D", "E"] {
        let mut req = request(addr, &format!("/e/festival/{section}/round/5"));
        req.headers_mut()
            .insert("accept", "application/json".parse().expect("header"));
        let doc: serde_json::Value =
            serde_json::from_str(&get(http, req).await.expect("round")).expect("json");
        for b in doc["round"]["boards"].as_array().into_iter().flatten() {
            if b["result"] == "" {
                boards.push((section, b["number"].as_u64().unwrap_or(0)));
            }
        }
    }
    boards
}

/// Enters `code` on `board` of round 5 of festival section `section`
/// through the back office, as the keyboard entry does.
pub async fn post_result(
    http: &Http,
    addr: SocketAddr,
    (cookie, csrf): (&str, &str),
    section: &str,
    board: u64,
    code: &str,
) -> Result<String, String> {
    let body = format!("board={board}&result={}", code.replace('/', "%2F"));
    let req = hyper::Request::post(format!(
        "http://{addr}/admin/e/festival/{section}/round/5/result"
    ))
    .header("cookie", cookie)
    .header("x-csrf-token", csrf)
    .header("accept", "application/json")
    .header("content-type", "application/x-www-form-urlencoded")
    .body(Full::new(Bytes::from(body)))
    .expect("request");
    get(http, req).await
}
