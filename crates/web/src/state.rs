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
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}
