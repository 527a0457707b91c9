//! `arbiter serve` and `arbiter user`: thin wiring into the web crate.

use std::io::{BufRead, IsTerminal};
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use arbiter_web::{
    AccountError, Accounts, DataDir, EventName, Limits, Role, ServeError, ServeOptions,
};
use clap::{Args, Subcommand, ValueEnum};

use crate::exit;
use crate::mail_args::MailArgs;

/// `arbiter serve`.
#[derive(Args, Clone, Debug)]
pub struct ServeArgs {
    /// The folder of event files to publish (each `NAME.arb` is `/e/NAME/`;
    /// default: the current folder, or a new scratch folder with --demo).
    #[arg(long)]
    data: Option<PathBuf>,
    /// Instead of a folder: the PostgreSQL database of the events, users
    /// and sessions (postgres://USER@HOST/DATABASE). Several servers may
    /// serve one database; each sees the others' changes live.
    #[arg(long, conflicts_with_all = ["data", "demo"])]
    database: Option<String>,
    /// First make demo events (a played 9-round Swiss, a five-group
    /// festival, a family team cup) and a back-office user `demo` in the folder.
    #[arg(long)]
    demo: bool,
    /// Address and port to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    #[command(flatten)]
    mail: MailArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// A reverse proxy in front of the server (repeatable): only from its
    /// address are `Forwarded` / `X-Forwarded-For` read for the client's
    /// address (login and registration limits), and its connections are
    /// exempt from --max-per-address.
    #[arg(long = "trusted-proxy", value_name = "ADDR")]
    trusted_proxies: Vec<IpAddr>,
}

/// The connection caps and timeouts of `serve` (README, "Facing the
/// internet").
#[derive(Args, Clone, Debug)]
pub struct LimitArgs {
    /// Open connections in all, live pages included; one more gets 503.
    #[arg(long, default_value_t = Limits::default().max_connections as u32,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,
    /// Open connections from one client address.
    #[arg(long, default_value_t = Limits::default().max_per_address as u32,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_per_address: u32,
    /// Seconds a client may take to send a request's headers (and to
    /// start its next request on a kept-alive connection).
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().header_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Seconds a connection may go without a byte moving either way.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().idle_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(20..=3600))]
    idle_timeout: u64,
    /// Seconds a client may take to send a request's body.
    #[arg(long, value_name = "SECONDS", default_value_t = Limits::default().body_timeout.as_secs(),
          value_parser = clap::value_parser!(u64).range(1..=3600))]
    body_timeout: u64,
}

impl LimitArgs {
    fn limits(&self) -> Limits {
        Limits {
            max_connections: self.max_connections as usize,
            max_per_address: self.max_per_address as usize,
            header_timeout: Duration::from_secs(self.header_timeout),
            idle_timeout: Duration::from_secs(self.idle_timeout),
            body_timeout: Duration::from_secs(self.body_timeout),
        }
    }
}

/// `arbiter user …`: accounts of the back office (in DIR/arbiter-server.sqlite,
/// or with --database in the PostgreSQL database).
#[derive(Subcommand, Clone, Debug)]
pub enum UserCommand {
    /// Add a user; asks for the password (or reads one line from standard
    /// input when it is not a terminal).
    Add {
        name: String,
        #[command(flatten)]
        data: DataArg,
        /// administrator (every event) or arbiter (the events granted).
        #[arg(long, value_enum, default_value = "arbiter")]
        role: RoleArg,
        /// Events this arbiter may manage (file stems), repeatable.
        #[arg(long)]
        grant: Vec<String>,
    },
    /// Let an arbiter manage an event.
    Grant {
        name: String,
        /// The event's file stem.
        event: String,
        #[command(flatten)]
        data: DataArg,
    },
    /// List the users, their roles and grants.
    List {
        #[command(flatten)]
        data: DataArg,
    },
    /// Remove a user, their grants and sessions.
    Remove {
        name: String,
        #[command(flatten)]
        data: DataArg,
    },
    /// Take an event from an arbiter; ends their sessions.
    Revoke {
        name: String,
        /// The event's file stem.
        event: String,
        #[command(flatten)]
        data: DataArg,
    },
    /// Set a user's password (asked as for `user add`); ends their sessions.
    Password {
        name: String,
        #[command(flatten)]
        data: DataArg,
    },
    /// List a user's live sessions (when each expires).
    Sessions {
        name: String,
        #[command(flatten)]
        data: DataArg,
    },
    /// End every session of a user.
    LogoutAll {
        name: String,
        #[command(flatten)]
        data: DataArg,
    },
    /// The log of access changes (remove, revoke, password, logout-all),
    /// from the command line and the back office.
    Log {
        #[command(flatten)]
        data: DataArg,
    },
}

/// Who the log of account changes names for a command.
const ACTOR: &str = "command line";

#[derive(Args, Clone, Debug)]
pub struct DataArg {
    /// The folder served by `arbiter serve --data`.
    #[arg(long, default_value = ".")]
    data: PathBuf,
    /// The database served by `arbiter serve --database`.
    #[arg(long, conflicts_with = "data")]
    database: Option<String>,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum RoleArg {
    Administrator,
    Arbiter,
}

pub fn run_serve(args: ServeArgs) -> ExitCode {
    // The demo's scratch folder lives as long as the server: dropping it when
    // `run` returns (Ctrl-C or SIGTERM) removes the demo events again.
    let mut scratch = None;
    let data = match (args.data, args.demo) {
        (Some(d), _) => d,
        (None, false) => PathBuf::from("."),
        (None, true) => match tempfile::Builder::new().prefix("arbiter-demo-").tempdir() {
            Ok(dir) => scratch.insert(dir).path().to_path_buf(),
            Err(e) => {
                eprintln!(
                    "arbiter serve: a scratch folder in {}: {e}",
                    std::env::temp_dir().display()
                );
                return ExitCode::from(exit::FILE_ACCESS);
            }
        },
    };
    let options = ServeOptions {
        data,
        database: args.database,
        addr: args.addr,
        demo: args.demo,
        mail: args.mail.options(),
        limits: args.limits.limits(),
        trusted_proxies: args.trusted_proxies,
    };
    let outcome = arbiter_web::run(&options);
    drop(scratch);
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter serve: {e}");
            ExitCode::from(match e {
                ServeError::NoFolder(_) | ServeError::Accounts(_) | ServeError::Listen { .. } => {
                    exit::FILE_ACCESS
                }
                ServeError::Io(_) | ServeError::Routing => exit::INTERNAL,
                ServeError::Mail(e) => exit::of(e.kind()),
                ServeError::Demo(e) | ServeError::Database(e) => exit::of(e.kind()),
            })
        }
    }
}

pub fn run_user(command: UserCommand) -> ExitCode {
    match user(command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arbiter user: {e}");
            ExitCode::from(match e {
                AccountError::Database { .. } => exit::FILE_ACCESS,
                AccountError::Hash(_) | AccountError::Random(_) => exit::INTERNAL,
                _ => exit::INVALID_INPUT,
            })
        }
    }
}

fn open(data: &DataArg) -> Result<Accounts, AccountError> {
    match &data.database {
        Some(url) => Accounts::open_postgres(url),
        None => Accounts::open(&DataDir::new(&data.data).server_db()),
    }
}

fn event_name(text: &str) -> Result<EventName, AccountError> {
    EventName::parse(text).map_err(|_| AccountError::BadEvent(text.to_string()))
}

fn user(command: UserCommand) -> Result<(), AccountError> {
    match command {
        UserCommand::Add {
            name,
            data,
            role,
            grant,
        } => {
            let events = grant
                .iter()
                .map(|g| event_name(g))
                .collect::<Result<Vec<_>, _>>()?;
            let password = read_password(&name)?;
            let accounts = open(&data)?;
            let role = match role {
                RoleArg::Administrator => Role::Administrator,
                RoleArg::Arbiter => Role::Arbiter,
            };
            accounts.add_user(&name, &password, role)?;
            for event in &events {
                accounts.grant(&name, event)?;
            }
            println!("added {} '{name}'", role.as_str());
        }
        UserCommand::Grant { name, event, data } => {
            let event = event_name(&event)?;
            open(&data)?.grant(&name, &event)?;
            println!("'{name}' may manage {event}");
        }
        UserCommand::List { data } => {
            for user in open(&data)?.users()? {
                let events: Vec<&str> = user.events.iter().map(EventName::as_str).collect();
                println!(
                    "{}\t{}\t{}",
                    user.name,
                    user.role.as_str(),
                    events.join(",")
                );
            }
        }
        UserCommand::Remove { name, data } => {
            open(&data)?.remove_user(&name, ACTOR)?;
            println!("removed '{name}'; their sessions ended");
        }
        UserCommand::Revoke { name, event, data } => {
            let event = event_name(&event)?;
            open(&data)?.revoke(&name, &event, ACTOR)?;
            println!("'{name}' may no longer manage {event}; their sessions ended");
        }
        UserCommand::Password { name, data } => password(&name, &data)?,
        UserCommand::Sessions { name, data } => {
            for session in open(&data)?.sessions(&name)? {
                println!("expires {}", timestamp(session.expires_at));
            }
        }
        UserCommand::LogoutAll { name, data } => {
            let ended = open(&data)?.logout_all(&name, ACTOR)?;
            println!("ended {ended} sessions of '{name}'");
        }
        UserCommand::Log { data } => {
            for line in open(&data)?.log_lines()? {
                println!(
                    "{}\t{}\t{}\t{}",
                    timestamp(line.at),
                    line.actor,
                    line.action,
                    line.detail
                );
            }
        }
    }
    Ok(())
}

/// `user password`: the user must exist before the password is asked.
fn password(name: &str, data: &DataArg) -> Result<(), AccountError> {
    let accounts = open(data)?;
    if accounts.find(name)?.is_none() {
        return Err(AccountError::NoSuchUser(name.to_string()));
    }
    let password = read_password(name)?;
    accounts.set_password(name, &password, ACTOR)?;
    println!("new password for '{name}'; their sessions ended");
    Ok(())
}

/// Seconds since the epoch as an RFC 3339 UTC time.
fn timestamp(seconds: i64) -> String {
    jiff::Timestamp::from_second(seconds).map_or_else(|_| seconds.to_string(), |t| t.to_string())
}

/// Asks twice on a terminal; otherwise reads one line of standard input.
fn read_password(name: &str) -> Result<String, AccountError> {
    let unreadable = |e: std::io::Error| AccountError::Unreadable(e.to_string());
    if std::io::stdin().is_terminal() {
        let first =
            rpassword::prompt_password(format!("Password for {name}: ")).map_err(unreadable)?;
        let again = rpassword::prompt_password("Again: ").map_err(unreadable)?;
        if first != again {
            return Err(AccountError::Mismatch);
        }
        Ok(first)
    } else {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .map_err(unreadable)?;
        Ok(line.trim_end_matches(['\r', '\n']).to_string())
    }
}
