//! `arbiter serve` and `arbiter user`: thin wiring into the web crate.

use std::io::{BufRead, IsTerminal};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use arbiter_web::{AccountError, Accounts, DataDir, EventName, Role, ServeError, ServeOptions};
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
}

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
    }
    Ok(())
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
