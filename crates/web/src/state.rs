//! What every request handler shares.

use std::sync::Arc;

use crate::accounts::Accounts;
use crate::events::Events;
use crate::live::Hub;
use crate::mail::Mail;

/// The server's state; cheap to clone.
#[derive(Clone)]
pub struct AppState(pub Arc<Inner>);

pub struct Inner {
    pub events: Arc<Events>,
    pub accounts: Accounts,
    pub hub: Arc<Hub>,
    /// How registrants are sent their notices.
    pub mail: Mail,
    /// Proxies whose forwarding headers name the client
    /// ([`crate::security::client_addr`]).
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The bounded pool of Argon2 checks.
    pub passwords: crate::security::password_checks::PasswordChecks,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}
