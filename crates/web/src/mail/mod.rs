//! E-mails to registrants (issue 15 part 1): the receipt of an entry and
//! the move up from the waiting list. Who is told what is the desk's
//! ([`arbiter_desk::Notice`], returned by the command that decided it);
//! here: the words, in the language of the form the registrant used
//! ([`compose`]), the absolute link of his status page (the server's
//! public address, `--public-url`), and the transport ([`Transport`]):
//! SMTP (`--smtp`, plain, STARTTLS or implicit TLS: module `smtp`), or `.eml`
//! files in the data folder's `outbox/`.
//!
//! A mail is sent after its command committed (by the server in a blocking
//! task of its own, by `arbiter registration …` before it exits): a mail
//! that cannot be sent is reported and never undoes or fails the
//! registration (the status page shows the link as before).

mod compose;
mod smtp;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use arbiter_desk::{DeskError, ErrorKind, Notice, NoticeKind};
use lettre::message::Mailbox;
use lettre::{Message, SmtpTransport, Transport as _};

use crate::data_dir::EventName;
use crate::state::AppState;

pub use compose::compose;

/// The environment variable holding `USER:PASSWORD` for the SMTP server
/// (never on the command line, where `ps` would show it).
pub const SMTP_CREDENTIALS_VAR: &str = "ARBITER_SMTP_CREDENTIALS";

/// The folder of the data directory that receives the mails without
/// `--smtp`.
pub const OUTBOX: &str = "outbox";

/// The options of `arbiter serve` about mail, as typed.
#[derive(Clone, Default)]
pub struct MailOptions {
    /// `https://chess.example.org`: the address registrants reach the
    /// server at (default: `http://` and the address it listens on).
    pub public_url: Option<String>,
    /// `smtp://host:port`, `smtp+starttls://host[:587]` or
    /// `smtps://host[:465]` (default: the outbox folder).
    pub smtp: Option<String>,
    /// A PEM file of the CA that signed a private TLS server's
    /// certificate (trusted besides the Mozilla roots).
    pub smtp_ca: Option<PathBuf>,
    /// The sender's address (default `arbiter@localhost`).
    pub mail_from: Option<String>,
    /// `USER:PASSWORD` for the SMTP server (from [`SMTP_CREDENTIALS_VAR`]).
    pub credentials: Option<String>,
}

/// The options, the password left out.
impl std::fmt::Debug for MailOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MailOptions")
            .field("public_url", &self.public_url)
            .field("smtp", &self.smtp)
            .field("smtp_ca", &self.smtp_ca)
            .field("mail_from", &self.mail_from)
            .field("credentials", &self.credentials.as_ref().map(|_| "…"))
            .finish()
    }
}

/// Why the mail options cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum MailSetupError {
    #[error(
        "--public-url '{0}': not an address like https://chess.example.org (http or https, a host, an optional port, no path)"
    )]
    PublicUrl(String),
    #[error("--mail-from '{0}': not an e-mail address")]
    From(String),
    #[error("--smtp '{url}': {why}")]
    Smtp { url: String, why: String },
    #[error("--smtp-ca '{path}': {why}")]
    SmtpCa { path: String, why: String },
    #[error("--smtp-ca '{path}': cannot read it: {source}")]
    SmtpCaUnreadable {
        path: String,
        source: std::io::Error,
    },
    #[error("--smtp-ca needs --smtp")]
    CaWithoutSmtp,
    #[error("{SMTP_CREDENTIALS_VAR}: not USER:PASSWORD")]
    Credentials,
}

impl MailSetupError {
    /// The exit-code policy's kind: a file that cannot be read is file
    /// access, every other option invalid input.
    pub fn kind(&self) -> ErrorKind {
        match self {
            MailSetupError::SmtpCaUnreadable { .. } => ErrorKind::Storage,
            _ => ErrorKind::InvalidInput,
        }
    }
}

impl From<MailSetupError> for DeskError {
    fn from(e: MailSetupError) -> DeskError {
        match e.kind() {
            ErrorKind::Storage => DeskError::storage(e.to_string()),
            _ => DeskError::malformed(e.to_string()),
        }
    }
}

/// How mails leave the server.
pub enum Transport {
    /// Written as `.eml` files into this folder.
    Outbox(PathBuf),
    /// Sent to an SMTP server, named for the startup line.
    Smtp {
        transport: Box<SmtpTransport>,
        shown: String,
    },
}

/// The mail of a server or a command: its public address, the sender,
/// the transport.
pub struct Mail {
    /// Scheme, host and port, without a final `/` (`None`: a command
    /// line without `--public-url`, which cannot link a status page).
    public_url: Option<String>,
    from: Mailbox,
    transport: Transport,
    /// What the organiser should know about the options (a login sent
    /// unencrypted), for the face to print at startup.
    warning: Option<String>,
}

impl Mail {
    /// The default of a server over `data`: the outbox `data/outbox`,
    /// links to `http://ADDR`.
    pub fn outbox(data: &Path, listening: SocketAddr) -> Mail {
        Mail::in_folder(data, Some(format!("http://{listening}")))
    }

    /// Mails written into `data/outbox` from Arbiter's own address.
    fn in_folder(data: &Path, public_url: Option<String>) -> Mail {
        Mail {
            public_url,
            from: Mailbox::new(
                Some("Arbiter".into()),
                lettre::Address::new("arbiter", "localhost").expect("a fixed address"),
            ),
            transport: Transport::Outbox(data.join(OUTBOX)),
            warning: None,
        }
    }

    /// The mail of `options` for a server over `data` listening on
    /// `listening`.
    pub fn configure(
        options: &MailOptions,
        data: &Path,
        listening: SocketAddr,
    ) -> Result<Mail, MailSetupError> {
        let mut mail = Mail::outbox(data, listening);
        mail.apply(options)?;
        Ok(mail)
    }

    /// The mail of `arbiter registration …` on an event file in the
    /// folder `data` (the folder `serve --data` publishes, so its outbox is
    /// the server's): status links only with `--public-url`.
    pub fn for_command_line(options: &MailOptions, data: &Path) -> Result<Mail, MailSetupError> {
        let mut mail = Mail::in_folder(data, None);
        mail.apply(options)?;
        Ok(mail)
    }

    /// `options` over the defaults.
    fn apply(&mut self, options: &MailOptions) -> Result<(), MailSetupError> {
        if let Some(url) = &options.public_url {
            self.public_url = Some(public_url(url)?);
        }
        if let Some(from) = &options.mail_from {
            self.from = from
                .parse()
                .map_err(|_| MailSetupError::From(from.clone()))?;
        }
        match &options.smtp {
            Some(url) => {
                let route = smtp::transport(
                    url,
                    options.credentials.as_deref(),
                    options.smtp_ca.as_deref(),
                )?;
                self.transport = Transport::Smtp {
                    transport: Box::new(route.transport),
                    shown: route.shown,
                };
                self.warning = route.warning;
            }
            None if options.smtp_ca.is_some() => return Err(MailSetupError::CaWithoutSmtp),
            None => {}
        }
        Ok(())
    }

    /// A warning about the options, to print at startup (a login sent
    /// unencrypted beyond this machine).
    pub fn warning(&self) -> Option<&str> {
        self.warning.as_deref()
    }

    /// Where the mails go, for the startup line: the outbox folder, or the
    /// SMTP server and how the connection is secured.
    pub fn route(&self) -> String {
        match &self.transport {
            Transport::Outbox(dir) => format!("written to {} (no --smtp)", dir.display()),
            Transport::Smtp { shown, .. } => format!("sent by SMTP to {shown}"),
        }
    }

    /// The absolute address of a status page, when the public address
    /// is known.
    fn status_link(&self, event: &EventName, token: &str) -> Option<String> {
        let base = self.public_url.as_ref()?;
        Some(format!("{base}/e/{event}/register/status/{token}"))
    }

    /// Composes and delivers every notice of `event`, one after the other
    /// (blocking); what became of each.
    pub fn deliver_all(&self, event: &EventName, outgoing: Vec<Outgoing>) -> Vec<Delivery> {
        outgoing
            .into_iter()
            .map(|o| {
                let what = match o.notice.kind {
                    NoticeKind::Received => "received",
                    NoticeKind::MovedUp => "moved-up",
                };
                let entry = format!("{event}: registration {} ({what})", o.notice.number);
                let stem = format!(
                    "{}-{event}-{}-{what}",
                    jiff::Timestamp::now().as_millisecond(),
                    o.notice.number
                );
                let outcome = match o.token {
                    // A receipt without its link would leave the registrant
                    // without his status page.
                    Some(t) => match self.status_link(event, &t) {
                        Some(link) => compose(&o.notice, Some(&link), &self.from),
                        None => Err("no --public-url for the status link".to_string()),
                    },
                    None => compose(&o.notice, None, &self.from),
                }
                .and_then(|m| self.deliver(&m, &stem));
                Delivery { entry, outcome }
            })
            .collect()
    }

    /// Sends `message`; where it went, or why not.
    fn deliver(&self, message: &Message, file_stem: &str) -> Result<String, String> {
        match &self.transport {
            Transport::Outbox(dir) => {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("{}: cannot create the folder: {e}", dir.display()))?;
                let path = dir.join(format!("{file_stem}.eml"));
                arbiter_desk::write_file(&path, &message.formatted()).map_err(|e| e.to_string())?;
                Ok(format!("written to {} (no --smtp)", path.display()))
            }
            Transport::Smtp { transport, .. } => transport
                .send(message)
                .map(|_| "sent by SMTP".to_string())
                .map_err(|e| format!("SMTP: {e}")),
        }
    }
}

/// `https://host[:port]`, checked, without a final `/`.
fn public_url(url: &str) -> Result<String, MailSetupError> {
    let bad = || MailSetupError::PublicUrl(url.to_string());
    let trimmed = url.trim().trim_end_matches('/');
    let rest = trimmed
        .strip_prefix("https://")
        .or_else(|| trimmed.strip_prefix("http://"))
        .ok_or_else(bad)?;
    let host_ok = !rest.is_empty()
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c));
    if host_ok {
        Ok(trimmed.to_string())
    } else {
        Err(bad())
    }
}

/// A notice to send and, for a receipt, the token of the status link
/// (known only when the entry is submitted; the journal keeps its hash).
pub struct Outgoing {
    pub notice: Notice,
    pub token: Option<String>,
}

/// The move-up notices of entries that got a place.
pub fn moved_up(promoted: Vec<arbiter_desk::Promoted>) -> Vec<Outgoing> {
    promoted
        .into_iter()
        .filter_map(|p| p.notice)
        .map(|notice| Outgoing {
            notice,
            token: None,
        })
        .collect()
}

/// What became of one notice.
pub struct Delivery {
    /// `EVENT: registration N (moved-up)`.
    pub entry: String,
    /// Where the mail went, or why it was not sent.
    pub outcome: Result<String, String>,
}

impl std::fmt::Display for Delivery {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.outcome {
            Ok(how) => write!(f, "{}: mail {how}", self.entry),
            Err(why) => write!(f, "{}: mail not sent: {why}", self.entry),
        }
    }
}

/// Sends every notice of `event` in a blocking task, after the command
/// committed; each one delivered or its failure logged.
pub fn send(app: &AppState, event: &EventName, outgoing: Vec<Outgoing>) {
    if outgoing.is_empty() {
        return;
    }
    let (app, event) = (app.clone(), event.clone());
    tokio::task::spawn_blocking(move || {
        for delivery in app.mail.deliver_all(&event, outgoing) {
            eprintln!("arbiter serve: {delivery}");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn public_urls_are_an_origin() {
        assert_eq!(
            public_url("https://chess.example.org/").unwrap(),
            "https://chess.example.org"
        );
        assert_eq!(
            public_url("http://127.0.0.1:8080").unwrap(),
            "http://127.0.0.1:8080"
        );
        for bad in [
            "chess.example.org",
            "ftp://x.org",
            "https://",
            "https://x.org/arbiter",
            "https://x.org?a=b",
            "https://x.org\r\nBcc: y",
        ] {
            assert!(public_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_password_is_left_out_of_the_options_shown() {
        let options = MailOptions {
            credentials: Some("anna:secret".into()),
            ..MailOptions::default()
        };
        assert!(!format!("{options:?}").contains("secret"));
    }
}
