//! The mail options shared by `arbiter serve` and the `arbiter registration`
//! commands that tell registrants something: one type, so both faces of the
//! same mail are configured alike.

use std::path::PathBuf;

use arbiter_web::MailOptions;
use clap::Args;

/// Where registrants' mail goes.
#[derive(Args, Clone, Debug, Default)]
pub struct MailArgs {
    /// The address registrants reach the server at, for the links in their
    /// mail (https://chess.example.org; `serve`'s default: http:// and --addr).
    #[arg(long)]
    pub public_url: Option<String>,
    /// Send registrants' mail through this SMTP server:
    /// smtp+starttls://HOST[:587] (STARTTLS required) or smtps://HOST[:465]
    /// (implicit TLS) for a provider's submission server, smtp://HOST:PORT
    /// (plain) for a relay on this machine or its network; a login from
    /// ARBITER_SMTP_CREDENTIALS=USER:PASSWORD. Without it each mail is
    /// written as an .eml file into the data folder's outbox/.
    #[arg(long, requires = "mail_from")]
    pub smtp: Option<String>,
    /// A PEM file of the CA of a private TLS server, trusted besides the
    /// usual public roots (the server's certificate is always verified).
    #[arg(long, requires = "smtp")]
    pub smtp_ca: Option<PathBuf>,
    /// The sender of registrants' mail (needed with --smtp).
    #[arg(long)]
    pub mail_from: Option<String>,
}

impl MailArgs {
    /// The options, with the SMTP login from the environment.
    pub fn options(&self) -> MailOptions {
        MailOptions {
            public_url: self.public_url.clone(),
            smtp: self.smtp.clone(),
            smtp_ca: self.smtp_ca.clone(),
            mail_from: self.mail_from.clone(),
            credentials: std::env::var(arbiter_web::mail::SMTP_CREDENTIALS_VAR).ok(),
        }
    }
}
