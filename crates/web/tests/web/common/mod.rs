//! Test support for the web crate: a server over a scratch folder, driven
//! in process (no socket), and a browser session for the browser tests.

pub mod browser;
pub mod smtp;
pub mod tls;

use arbiter_web::{Role, Server};
use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode};
use http_body_util::BodyExt;
use std::time::{Duration, Instant};
use tower::ServiceExt;

pub const PASSWORD: &str = "correct horse battery";

/// A server over a fresh folder.
pub struct TestServer {
    pub dir: tempfile::TempDir,
    pub server: Server,
    router: Router,
}

/// A response, body read.
#[derive(Debug)]
pub struct Resp {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

impl Resp {
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// The values of every `Set-Cookie` as `name=value` pairs.
    pub fn cookies(&self) -> Vec<String> {
        self.headers
            .get_all("set-cookie")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .filter_map(|v| v.split(';').next())
            .map(str::to_string)
            .collect()
    }

    /// The path of the status page a submission redirected to (without
    /// the confirmation's `?new=1`).
    pub fn status_path(&self) -> String {
        assert_eq!(self.status, StatusCode::SEE_OTHER, "{}", self.body);
        let to = self.header("location");
        to.strip_suffix("?new=1")
            .unwrap_or_else(|| panic!("the confirmation's flag: {to}"))
            .to_string()
    }

    /// The value of the first `name="csrf" value="…"` field of the page.
    pub fn csrf_field(&self) -> String {
        let marker = "name=\"csrf\" value=\"";
        let start = self.body.find(marker).expect("a csrf field") + marker.len();
        self.body[start..start + 64].to_string()
    }
}

impl TestServer {
    /// A server over the demo events (`city-open`, `festival`, `team-cup`).
    pub fn with_demo() -> TestServer {
        let t = TestServer::new();
        arbiter_web::demo::create(t.dir.path()).expect("demo events");
        t
    }

    pub fn new() -> TestServer {
        let dir = tempfile::tempdir().expect("scratch folder");
        let server = Server::open(dir.path()).expect("server");
        TestServer::of(dir, server)
    }

    /// A server over a fresh folder whose registrants' mail follows
    /// `options` (links to `http://127.0.0.1:8080` unless they say).
    pub fn with_mail(options: &arbiter_web::MailOptions) -> TestServer {
        let dir = tempfile::tempdir().expect("scratch folder");
        let mut server = Server::open(dir.path()).expect("server");
        let mail = arbiter_web::Mail::configure(options, dir.path(), arbiter_web::DEFAULT_ADDR)
            .expect("mail options");
        server.set_mail(mail).expect("mail set before routing");
        TestServer::of(dir, server)
    }

    /// A server over the PostgreSQL database at `url` (its folder stays
    /// empty). Blocking: call from a blocking task.
    pub fn over_database(url: &str) -> TestServer {
        let dir = tempfile::tempdir().expect("scratch folder");
        let server = Server::open_database(url).expect("server over the database");
        TestServer::of(dir, server)
    }

    fn of(dir: tempfile::TempDir, server: Server) -> TestServer {
        let router = server.router();
        TestServer {
            dir,
            server,
            router,
        }
    }

    /// Sends one request with `headers` and an optional urlencoded body.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        headers: &[(&str, &str)],
        form: Option<&str>,
    ) -> Resp {
        let mut builder = Request::builder()
            .method(method)
            .uri(path)
            .header("host", "arbiter.test");
        for (k, v) in headers {
            builder = builder.header(*k, *v);
        }
        let body = match form {
            Some(f) => {
                builder = builder.header("content-type", "application/x-www-form-urlencoded");
                Body::from(f.to_string())
            }
            None => Body::empty(),
        };
        let response = self
            .router
            .clone()
            .oneshot(builder.body(body).expect("request"))
            .await
            .expect("response");
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        Resp {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    pub async fn get(&self, path: &str) -> Resp {
        self.send(Method::GET, path, &[], None).await
    }

    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> Resp {
        self.send(Method::GET, path, headers, None).await
    }

    /// `GET path` as JSON.
    pub async fn json(&self, path: &str) -> serde_json::Value {
        let r = self.get_with(path, &[("accept", "application/json")]).await;
        assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
        assert!(
            r.header("content-type").starts_with("application/json"),
            "{path}"
        );
        serde_json::from_str(&r.body).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// A form POST with the session `cookie` and its `csrf` token.
    pub async fn post(&self, path: &str, cookie: &str, csrf: &str, form: &str, json: bool) -> Resp {
        let mut headers = vec![("cookie", cookie), ("x-csrf-token", csrf)];
        if json {
            headers.push(("accept", "application/json"));
        }
        self.send(Method::POST, path, &headers, Some(form)).await
    }

    /// Fills in the public form of `event` as a visitor whose browser asks
    /// for `language` (`Accept-Language`): the form's cookie and token,
    /// then `fields` (`name=value` pairs, encoded here).
    pub async fn register(&self, event: &str, fields: &[(&str, &str)], language: &str) -> Resp {
        let lang = [("accept-language", language)];
        let form = self.get_with(&format!("/e/{event}/register"), &lang).await;
        assert_eq!(form.status, StatusCode::OK, "{}", form.body);
        let cookie = form.cookies().join("; ");
        let mut body = format!("csrf={}", form.csrf_field());
        for (k, v) in fields {
            body.push_str(&format!("&{k}={}", urlencode(v)));
        }
        self.send(
            Method::POST,
            &format!("/e/{event}/register"),
            &[("cookie", &cookie), lang[0]],
            Some(&body),
        )
        .await
    }

    /// The mail tests' first entrant: event `open` of
    /// [`TestServer::registration_event`], and `Rossi, Mario`
    /// (mario.rossi@example.org) registered on its form in `language`;
    /// the path of his status page.
    pub async fn register_mail_entrant(&self, language: &str) -> String {
        self.registration_event("open", None);
        let done = self
            .register(
                "open",
                &[
                    ("name", "Rossi, Mario"),
                    ("email", "mario.rossi@example.org"),
                ],
                language,
            )
            .await;
        done.status_path()
    }

    /// The `.eml` files of the outbox (`DIR/outbox`) in the order written,
    /// once there are `count` of them (mail leaves after the response);
    /// panics after 10 s.
    pub async fn outbox(&self, count: usize) -> Vec<String> {
        let dir = self.dir.path().join(arbiter_web::mail::OUTBOX);
        let start = Instant::now();
        loop {
            let mut names: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
                .map(|entries| {
                    entries
                        .filter_map(Result::ok)
                        .map(|e| e.path())
                        .filter(|p| p.extension().is_some_and(|x| x == "eml"))
                        .collect()
                })
                .unwrap_or_default();
            if names.len() >= count {
                names.sort();
                return names
                    .iter()
                    .map(|p| std::fs::read_to_string(p).expect("an .eml file"))
                    .collect();
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{} of {count} mails in {}",
                names.len(),
                dir.display()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Changes the cap of the registration form of event `name`.
    pub fn registration_cap(&self, name: &str, cap: u32) {
        use arbiter_desk::{Desk, Origin, RegistrationSettingsForm};
        let mut desk = Desk::open(&self.event_path(name)).expect("event");
        let form = RegistrationSettingsForm {
            cap: Some(cap.to_string()),
            ..RegistrationSettingsForm::default()
        };
        desk.configure_registration(&Origin::new("test"), &form)
            .expect("registration set");
    }

    /// The file of event `name` in the data folder.
    pub fn event_path(&self, name: &str) -> std::path::PathBuf {
        self.dir.path().join(format!("{name}.arb"))
    }

    /// Event `name`, "Rapid Open", section `main` of 7 rounds, taking
    /// online entries: seed 000's form (2 places here instead of its
    /// first 50, so the waiting list shows at the third entry; the tag
    /// `resident`) and its fees (examples/000-fees.toml: 6 EUR, free for
    /// residents). `closes`: the deadline, if any.
    pub fn registration_event(&self, name: &str, closes: Option<&str>) {
        use arbiter_desk::{Desk, NewEvent, Origin, RegistrationSettingsForm, SectionForm};
        let origin = Origin::new("test");
        let request = NewEvent {
            name: "Rapid Open".into(),
            section: "main".into(),
            config: SectionForm {
                rounds: Some("7".into()),
                ..SectionForm::default()
            },
        };
        let (mut desk, _) = Desk::create(&self.event_path(name), &origin, &request).expect("event");
        let form = RegistrationSettingsForm {
            cap: Some("2".into()),
            tags: Some("resident".into()),
            closes: closes.map(str::to_string),
            utc_offset: closes.map(|_| "+01:00".to_string()),
            ..RegistrationSettingsForm::default()
        };
        desk.configure_registration(&origin, &form)
            .expect("registration set");
        let fees = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/000-fees.toml");
        let text = std::fs::read_to_string(fees).expect("examples/000-fees.toml");
        desk.set_fees(&origin, fees, &text).expect("fees set");
    }

    /// Event `name`, "Family Cup", a team section `main` shaped like seed
    /// 001: 5 rounds, 2 boards, the home team White on board 1 and Black
    /// on board 2 (`WB`), match points 3/1/0, ranked by game points; five
    /// players, no team yet: ids 1-2 `Rossi, Anna` 2100 and `Rossi, Luca`
    /// 2000, ids 3-5 `Nowak, Jan` 1900, `Nowak, Ewa` 1800 and `Nowak,
    /// Piotr` 1700.
    pub fn team_event(&self, name: &str) {
        use arbiter_desk::{Desk, NewEvent, Origin, SectionForm, TeamSettingsForm};
        let origin = Origin::new("test");
        let request = NewEvent {
            name: "Family Cup".into(),
            section: "main".into(),
            config: SectionForm {
                system: Some("team-swiss".into()),
                rounds: Some("5".into()),
                team: TeamSettingsForm {
                    boards: Some("2".into()),
                    colours: Some("WB".into()),
                    match_points: Some("3,1,0".into()),
                    primary: Some("game-points".into()),
                    avoid_family_pairings: Some("all".into()),
                    ..TeamSettingsForm::default()
                },
                ..SectionForm::default()
            },
        };
        let (mut desk, _) = Desk::create(&self.event_path(name), &origin, &request).expect("event");
        add_players(
            &mut desk,
            &[
                ("Rossi, Anna", 2100),
                ("Rossi, Luca", 2000),
                ("Nowak, Jan", 1900),
                ("Nowak, Ewa", 1800),
                ("Nowak, Piotr", 1700),
            ],
        );
    }

    /// Event `name` as [`TestServer::team_event`] with four more players
    /// (ids 6-9: `Bianchi, Sara` 1650, `Bianchi, Marco` 1600, `Petrov,
    /// Olga` 1550, `Petrov, Ivan` 1500), four teams of two named after
    /// their family — Rossi (1, 2), Nowak (3, 4), Bianchi (6, 7), Petrov
    /// (8, 9) — and round 1 paired: two matches of two boards, no result.
    pub fn paired_team_round(&self, name: &str) {
        use arbiter_desk::{Desk, Origin, TeamForm};
        self.team_event(name);
        let origin = Origin::new("test");
        let mut desk = Desk::open(&self.event_path(name)).expect("event");
        add_players(
            &mut desk,
            &[
                ("Bianchi, Sara", 1650),
                ("Bianchi, Marco", 1600),
                ("Petrov, Olga", 1550),
                ("Petrov, Ivan", 1500),
            ],
        );
        for (team, players) in [
            ("Rossi", "1,2"),
            ("Nowak", "3,4"),
            ("Bianchi", "6,7"),
            ("Petrov", "8,9"),
        ] {
            let form = TeamForm {
                name: Some(team.into()),
                family: Some(team.into()),
                players: Some(players.into()),
                captain: None,
                tag: Vec::new(),
            };
            desk.add_team(&origin, Some("main"), &form)
                .expect("team added");
        }
        desk.pair_next_matches(&origin, Some("main"))
            .expect("round 1 paired");
    }

    /// Event `name`, "Rapid", an individual section `main` of 3 rounds with
    /// four players (ids 1-4, rated 2200 down to 1900) and round 1 paired:
    /// boards 1 and 2, no result.
    pub fn paired_round(&self, name: &str) {
        use arbiter_desk::{Desk, NewEvent, Origin, SectionForm};
        let origin = Origin::new("test");
        let request = NewEvent {
            name: "Rapid".into(),
            section: "main".into(),
            config: SectionForm {
                rounds: Some("3".into()),
                ..SectionForm::default()
            },
        };
        let (mut desk, _) = Desk::create(&self.event_path(name), &origin, &request).expect("event");
        add_players(
            &mut desk,
            &[
                ("Rossi, Mario", 2200),
                ("Nowak, Jan", 2100),
                ("Ivanova, Olga", 2000),
                ("Bianchi, Luca", 1900),
            ],
        );
        desk.pair_next_round(&origin, Some("main"))
            .expect("round 1 paired");
    }

    /// Adds an account with [`PASSWORD`].
    pub fn add_user(&self, name: &str, role: Role) {
        self.server
            .accounts()
            .add_user(name, PASSWORD, role)
            .expect("user added");
    }

    /// Logs in through the form; returns the `Cookie` header of the
    /// session and the session's CSRF token.
    pub async fn login(&self, name: &str) -> (String, String) {
        let form = self.get("/login").await;
        let pre = form.cookies().join("; ");
        let body = format!(
            "csrf={}&name={}&password={}",
            form.csrf_field(),
            urlencode(name),
            urlencode(PASSWORD)
        );
        let done = self
            .send(Method::POST, "/login", &[("cookie", &pre)], Some(&body))
            .await;
        assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
        let cookie = done
            .cookies()
            .into_iter()
            .find(|c| c.starts_with("arbiter_session="))
            .expect("session cookie");
        let admin = self.get_with("/admin", &[("cookie", &cookie)]).await;
        (cookie, admin.csrf_field())
    }
}

/// Registers `players` (name, FIDE rating) in section `main`, in order.
fn add_players(desk: &mut arbiter_desk::Desk, players: &[(&str, u16)]) {
    let origin = arbiter_desk::Origin::new("test");
    for (name, rating) in players {
        let form = arbiter_desk::PlayerForm {
            name: Some((*name).into()),
            rating: Some(rating.to_string()),
            ..arbiter_desk::PlayerForm::default()
        };
        desk.add_player(&origin, Some("main"), &form)
            .expect("player added");
    }
}

/// Reads the SSE body until `event: NAME` arrives; panics after `limit`.
pub async fn wait_for_event(body: &mut Body, name: &str, limit: Duration) -> Duration {
    let start = Instant::now();
    let mut text = String::new();
    loop {
        let left = limit.saturating_sub(start.elapsed());
        let frame = tokio::time::timeout(left, body.frame())
            .await
            .unwrap_or_else(|_| panic!("no `{name}` within {limit:?}; got {text:?}"));
        if let Some(Ok(frame)) = frame
            && let Some(data) = frame.data_ref()
        {
            text.push_str(&String::from_utf8_lossy(data));
        }
        if text.contains(&format!("event: {name}")) {
            return start.elapsed();
        }
    }
}

/// Percent-encoding of a form value.
pub fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
