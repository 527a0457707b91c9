//! The web face of Arbiter (`arbiter serve`): public pages of every event
//! in a folder, updated live; the arbiter's back office; four languages.
//!
//! The crate holds no tournament rule: every query and every action goes
//! through the application layer, exactly as the CLI's do. What lives here
//! is HTTP: routing ([`router`]), pages and their templates (`templates/`,
//! checked at compile time by askama), the language catalogue ([`i18n`]),
//! security ([`security`], [`accounts`]) and live updates ([`live`]).
//!
//! # URLs
//! See the README ("Web pages"): `/`, `/e/{event}/…`, `/login`, `/admin`.

pub mod accounts;
mod context;
pub mod data_dir;
pub mod demo;
mod error;
mod events;
pub mod i18n;
pub mod listen;
pub mod live;
pub mod mail;
mod pages;
pub mod security;
mod state;

use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use arbiter_desk::EventDatabase;
use axum::Router;
use axum::middleware::{from_fn, from_fn_with_state};
use axum::routing::{get, post};

pub use accounts::{AccountError, Accounts, LogLine, Role, SessionInfo};
pub use data_dir::{DataDir, EventName};
pub use error::{Message, WebError};
use events::{Catalog, Events};
pub use listen::Limits;
pub use mail::{Delivery, Mail, MailOptions, MailSetupError, Outgoing};
use security::password_checks::{self, PasswordChecks};
use state::{AppState, Inner};

/// How to run the server.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The folder of event files.
    pub data: PathBuf,
    /// Instead of `data`: the PostgreSQL database of the events, accounts
    /// and sessions (`postgres://user@host/db`), which several servers may
    /// share.
    pub database: Option<String>,
    pub addr: SocketAddr,
    /// Make the demo events (and an administrator `demo`) in `data` first.
    pub demo: bool,
    /// The public address, SMTP server and sender of registrants' mail.
    pub mail: MailOptions,
    /// The connection caps and timeouts.
    pub limits: Limits,
    /// Reverse proxies whose `Forwarded` / `X-Forwarded-For` name the
    /// client (`--trusted-proxy`).
    pub trusted_proxies: Vec<IpAddr>,
}

/// Where a server listens unless told otherwise (`--addr`).
pub const DEFAULT_ADDR: SocketAddr = SocketAddr::V4(std::net::SocketAddrV4::new(
    std::net::Ipv4Addr::LOCALHOST,
    8080,
));

/// The demo's back-office account.
pub const DEMO_USER: (&str, &str) = ("demo", "demo-password");

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("{0}: not a folder")]
    NoFolder(String),
    #[error(transparent)]
    Accounts(#[from] AccountError),
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
    #[error("demo: {0}")]
    Demo(#[from] arbiter_desk::DeskError),
    #[error("database: {0}")]
    Database(arbiter_desk::DeskError),
    #[error(transparent)]
    Mail(#[from] MailSetupError),
    #[error("the mail settings cannot change once the server routes requests")]
    Routing,
}

/// A server over one data folder, ready to route requests.
pub struct Server {
    state: AppState,
}

impl Server {
    /// Opens the server database in `data` (creating it if needed) and
    /// starts watching events for changes made by other processes.
    pub fn open(data: impl Into<PathBuf>) -> Result<Server, ServeError> {
        let data = DataDir::new(data);
        if !data.root().is_dir() {
            return Err(ServeError::NoFolder(data.root().display().to_string()));
        }
        let accounts = Accounts::open(&data.server_db())?;
        let mail = Mail::outbox(data.root(), DEFAULT_ADDR);
        let hub = Arc::new(live::Hub::default());
        let events = Arc::new(Events::new(Catalog::Folder(data), hub.clone()));
        live::spawn_watcher(
            hub.clone(),
            Box::new(events::JournalSeqs::new(events.clone())),
        );
        Ok(Server::over(events, accounts, hub, mail))
    }

    /// A stateless server over the PostgreSQL database at `url`: its
    /// events, accounts and sessions are the database's, and it hears of
    /// every change (whichever server or command made it) by
    /// `LISTEN/NOTIFY`, so several servers may share the database.
    /// Blocking: call before starting the async runtime, or from a
    /// blocking task.
    pub fn open_database(url: &str) -> Result<Server, ServeError> {
        let db = EventDatabase::connect(url).map_err(ServeError::Database)?;
        let accounts = Accounts::open_postgres(url)?;
        let hub = Arc::new(live::Hub::default());
        let events = Arc::new(Events::new(Catalog::Database(db.clone()), hub.clone()));
        live::spawn_feed(hub.clone(), Box::new(events::Notifications::new(db)));
        let mail = Mail::outbox(std::path::Path::new("."), DEFAULT_ADDR);
        Ok(Server::over(events, accounts, hub, mail))
    }

    fn over(events: Arc<Events>, accounts: Accounts, hub: Arc<live::Hub>, mail: Mail) -> Server {
        Server {
            state: AppState(Arc::new(Inner {
                events,
                accounts,
                hub,
                mail,
                trusted_proxies: Vec::new(),
                passwords: PasswordChecks::new(password_checks::workers()),
            })),
        }
    }

    /// Reads the client's address from the `Forwarded` / `X-Forwarded-For`
    /// headers of connections from `proxies` (and from no one else).
    /// Only before [`Server::router`].
    pub fn set_trusted_proxies(&mut self, proxies: Vec<IpAddr>) -> Result<(), ServeError> {
        let inner = Arc::get_mut(&mut self.state.0).ok_or(ServeError::Routing)?;
        inner.trusted_proxies = proxies;
        Ok(())
    }

    /// Serves on `listener` within `limits` until `stop` resolves; then
    /// ends the live streams and lets the other requests finish for at
    /// most [`listen::DRAIN`].
    pub async fn serve(
        &self,
        listener: tokio::net::TcpListener,
        limits: Limits,
        stop: impl Future<Output = ()>,
    ) {
        let hub = self.state.hub.clone();
        let stop = async move {
            stop.await;
            hub.close();
        };
        let exempt = self.state.trusted_proxies.clone();
        listen::serve(listener, self.router(), limits, exempt, stop).await;
    }

    /// Sends registrants' mail through `mail` (the default: `.eml` files
    /// in the data folder's `outbox/`, links to `http://127.0.0.1:8080`).
    /// Only before [`Server::router`].
    pub fn set_mail(&mut self, mail: Mail) -> Result<(), ServeError> {
        let inner = Arc::get_mut(&mut self.state.0).ok_or(ServeError::Routing)?;
        inner.mail = mail;
        Ok(())
    }

    /// The server's mail settings.
    pub fn mail(&self) -> &Mail {
        &self.state.mail
    }

    /// The accounts of this server's database.
    pub fn accounts(&self) -> &Accounts {
        &self.state.accounts
    }

    /// The live-update hub (open connections).
    pub fn hub(&self) -> &live::Hub {
        &self.state.hub
    }

    /// Every route, with the security middleware around them.
    pub fn router(&self) -> Router {
        router(self.state.clone())
    }
}

fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(pages::events::list))
        .route("/assets/{name}", get(pages::assets::asset))
        .route("/login", get(pages::login::page).post(pages::login::submit))
        .route("/logout", post(pages::login::logout))
        .route("/admin", get(pages::admin::home))
        .route("/admin/new", post(pages::admin::create_event))
        .route(
            "/admin/users",
            get(pages::admin_users::page).post(pages::admin_users::act),
        )
        .route("/admin/e/{event}/", get(pages::admin::event_home))
        .route("/admin/e/{event}/section", post(pages::admin::add_section))
        .route("/admin/e/{event}/undo", post(pages::admin::undo))
        .route("/admin/e/{event}/details", post(pages::admin::details))
        .route("/admin/e/{event}/log", get(pages::admin::log))
        .route("/admin/e/{event}/awards", get(pages::awards::admin_page))
        .route("/admin/e/{event}/pay", post(pages::awards::pay))
        .route("/admin/e/{event}/fees", post(pages::awards::set_fees))
        .route("/admin/e/{event}/prizes", post(pages::awards::set_plan))
        .route(
            "/admin/e/{event}/{section}/proposal",
            get(pages::proposal::page),
        )
        .route(
            "/admin/e/{event}/{section}/players.csv",
            get(pages::admin::players_csv),
        )
        .route(
            "/admin/e/{event}/registrations",
            get(pages::admin_registration::queue),
        )
        .route(
            "/admin/e/{event}/registrations/settings",
            post(pages::admin_registration::settings),
        )
        .route(
            "/admin/e/{event}/registrations/decide",
            post(pages::admin_registration::decide),
        )
        .route(
            "/admin/e/{event}/{section}/",
            get(pages::admin::section_home),
        )
        .route(
            "/admin/e/{event}/{section}/player",
            post(pages::admin::add_player),
        )
        .route(
            "/admin/e/{event}/{section}/import",
            post(pages::admin::import_players),
        )
        .route(
            "/admin/e/{event}/{section}/update",
            post(pages::admin::update_player),
        )
        .route(
            "/admin/e/{event}/{section}/settings",
            post(pages::admin::settings),
        )
        .route(
            "/admin/e/{event}/{section}/withdraw",
            post(pages::admin::withdraw),
        )
        .route("/admin/e/{event}/{section}/bye", post(pages::admin::bye))
        .route(
            "/admin/e/{event}/{section}/forbid",
            post(pages::admin::forbid),
        )
        .route(
            "/admin/e/{event}/{section}/checkin",
            post(pages::admin::check_in),
        )
        .route("/admin/e/{event}/{section}/pair", post(pages::admin::pair))
        .route(
            "/admin/e/{event}/{section}/round/{round}",
            get(pages::admin::round_home),
        )
        .route(
            "/admin/e/{event}/{section}/round/{round}/result",
            post(pages::admin::result),
        )
        .route(
            "/admin/e/{event}/{section}/round/{round}/pairing",
            post(pages::admin::set_pairing),
        )
        .route(
            "/admin/e/{event}/{section}/teams",
            get(pages::admin_teams::teams_home),
        )
        .route(
            "/admin/e/{event}/{section}/team",
            post(pages::admin_teams::add_team),
        )
        .route(
            "/admin/e/{event}/{section}/lineup",
            post(pages::admin_teams::lineup),
        )
        .route(
            "/admin/e/{event}/{section}/team-out",
            post(pages::admin_teams::team_out),
        )
        .route(
            "/admin/e/{event}/{section}/team-tags",
            post(pages::admin_teams::team_tags),
        )
        .route(
            "/admin/e/{event}/{section}/pair-matches",
            post(pages::admin_teams::pair_matches),
        )
        .route(
            "/admin/e/{event}/{section}/matches/{round}",
            get(pages::admin_teams::round_home),
        )
        .route(
            "/admin/e/{event}/{section}/matches/{round}/result",
            post(pages::admin_teams::board_result),
        )
        .route(
            "/admin/e/{event}/{section}/matches/{round}/forfeit",
            post(pages::admin_teams::forfeit),
        )
        .route("/e/{event}/", get(pages::public::event_home))
        .route("/e/{event}/live", get(pages::events::live))
        .route("/e/{event}/qr.svg", get(pages::events::qr))
        .route(
            "/e/{event}/register",
            get(pages::registration::form).post(pages::registration::submit),
        )
        .route(
            "/e/{event}/register/status/{token}",
            get(pages::registration::status),
        )
        .route(
            "/e/{event}/register/status/{token}/withdraw",
            post(pages::registration::withdraw),
        )
        .route("/e/{event}/{file}", get(pages::public::section_file))
        .route("/e/{event}/{section}/players", get(pages::public::players))
        .route(
            "/e/{event}/{section}/round/{round}",
            get(pages::public::round),
        )
        .route(
            "/e/{event}/{section}/round/{round}/slips",
            get(pages::public::slips),
        )
        .route(
            "/e/{event}/{section}/standings",
            get(pages::public::standings),
        )
        .route(
            "/e/{event}/{section}/standings.csv",
            get(pages::public::standings_csv),
        )
        .route(
            "/e/{event}/{section}/crosstable",
            get(pages::public::crosstable),
        )
        .route(
            "/e/{event}/{section}/wallchart",
            get(pages::public::wallchart),
        )
        .route(
            "/e/{event}/{section}/player/{id}",
            get(pages::public::player_card),
        )
        .route("/e/{event}/{section}/prizes", get(pages::awards::prizes))
        .route("/e/{event}/{section}/teams", get(pages::teams::teams))
        .fallback(|| async {
            WebError::new(
                axum::http::StatusCode::NOT_FOUND,
                Message::Key("error-page-not-found"),
            )
        })
        .layer(from_fn_with_state(state.clone(), context::request_context))
        .layer(from_fn(security::headers::security_headers))
        .with_state(state)
}

/// Runs `arbiter serve` until Ctrl-C or SIGTERM: prints the address,
/// serves, and stops within [`listen::DRAIN`] and a second.
pub fn run(options: &ServeOptions) -> Result<(), ServeError> {
    let mut limits = options.limits;
    if let Some(w) = listen::limits::fit_open_files(&mut limits) {
        eprintln!("arbiter serve: warning: {w}");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    if options.demo {
        let names = demo::create(&options.data)?;
        let accounts = Accounts::open(&DataDir::new(&options.data).server_db())?;
        accounts.add_user(DEMO_USER.0, DEMO_USER.1, Role::Administrator)?;
        let names: Vec<&str> = names.iter().map(EventName::as_str).collect();
        println!(
            "Demo events {} in {}; back office: user '{}', password '{}'",
            names.join(", "),
            options.data.display(),
            DEMO_USER.0,
            DEMO_USER.1
        );
    }
    let (mut server, served) = match &options.database {
        Some(url) => {
            let server = Server::open_database(url)?;
            let served = format!("the database {}", server.state.events.shown());
            (server, served)
        }
        None => (
            Server::open(&options.data)?,
            options.data.display().to_string(),
        ),
    };
    server.set_trusted_proxies(options.trusted_proxies.clone())?;
    let outcome = runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(options.addr)
            .await
            .map_err(|source| ServeError::Listen {
                addr: options.addr,
                source,
            })?;
        let addr = listener.local_addr()?;
        let mail = Mail::configure(&options.mail, &options.data, addr)?;
        if let Some(w) = mail.warning() {
            eprintln!("arbiter serve: warning: {w}");
        }
        server.set_mail(mail)?;
        println!("Arbiter is serving the events of {served} at http://{addr}/ (Ctrl-C stops it)");
        println!("Registrants' mail is {}", server.mail().route());
        server.serve(listener, limits, shutdown_signal()).await;
        Ok(())
    });
    // Tasks still running are dropped here, while `server` holds the state:
    // its last reference (the PostgreSQL clients with it) goes on this
    // thread, outside the runtime, where their own runtime may block.
    runtime.shutdown_timeout(Duration::from_secs(1));
    drop(server);
    outcome
}

/// Resolves when the server should stop: Ctrl-C, or SIGTERM from a service
/// manager, so that open requests finish and `serve --demo` can clean up.
async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
