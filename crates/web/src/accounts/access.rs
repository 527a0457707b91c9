//! Withdrawing access: removing a user, revoking a grant, changing a
//! password, ending a user's sessions. Each ends every session of the user
//! (a withdrawn right is gone at the next request, not in 24 hours), and
//! each is written to the log of account changes with who made it
//! (`arbiter user log`; README, "Web pages").

use super::{AccountError, Accounts, LogLine, MIN_PASSWORD, User, hash_password, now};
use crate::data_dir::EventName;

/// A live session, as listed for its user (the token is never shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionInfo {
    /// When it ends unless ended before (seconds since the epoch).
    pub expires_at: i64,
}

impl Accounts {
    fn existing(&self, name: &str) -> Result<User, AccountError> {
        self.find(name)?
            .ok_or_else(|| AccountError::NoSuchUser(name.to_string()))
    }

    fn log(&self, actor: &str, action: &str, detail: String) -> Result<(), AccountError> {
        let line = LogLine {
            at: now(),
            actor: actor.to_string(),
            action: action.to_string(),
            detail,
        };
        self.with(|r| r.append_log(&line))
    }

    /// Removes user `name`, their grants and sessions.
    pub fn remove_user(&self, name: &str, actor: &str) -> Result<(), AccountError> {
        let user = self.existing(name)?;
        self.with(|r| r.remove_user(user.id))?;
        self.log(actor, "user remove", name.to_string())
    }

    /// Takes `event` from arbiter `name` and ends their sessions.
    pub fn revoke(&self, name: &str, event: &EventName, actor: &str) -> Result<(), AccountError> {
        let user = self.existing(name)?;
        if !self.with(|r| r.revoke(user.id, event.as_str()))? {
            return Err(AccountError::NotGranted(
                name.to_string(),
                event.as_str().to_string(),
            ));
        }
        self.log(actor, "user revoke", format!("{name} {event}"))
    }

    /// Gives `name` a new password and ends their sessions.
    pub fn set_password(
        &self,
        name: &str,
        password: &str,
        actor: &str,
    ) -> Result<(), AccountError> {
        if password.chars().count() < MIN_PASSWORD {
            return Err(AccountError::WeakPassword);
        }
        let user = self.existing(name)?;
        let hash = hash_password(password)?;
        self.with(|r| r.set_password(user.id, &hash))?;
        self.log(actor, "user password", name.to_string())
    }

    /// The live sessions of `name`, soonest to expire first.
    pub fn sessions(&self, name: &str) -> Result<Vec<SessionInfo>, AccountError> {
        let user = self.existing(name)?;
        let at = now();
        let expiries = self.with(|r| r.sessions_of(user.id, at))?;
        Ok(expiries
            .into_iter()
            .map(|expires_at| SessionInfo { expires_at })
            .collect())
    }

    /// Ends every session of `name`; how many were live.
    pub fn logout_all(&self, name: &str, actor: &str) -> Result<usize, AccountError> {
        let user = self.existing(name)?;
        let live = self.sessions(name)?.len();
        self.with(|r| r.end_sessions(user.id))?;
        self.log(actor, "user logout-all", format!("{name}: {live} sessions"))?;
        Ok(live)
    }

    /// The log of account changes, oldest first.
    pub fn log_lines(&self) -> Result<Vec<LogLine>, AccountError> {
        self.with(|r| r.log_lines())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accounts::Role;

    const PASSWORD: &str = "long enough";

    #[test]
    fn every_withdrawal_ends_the_sessions_and_is_logged_in_a_file() {
        let dir = tempfile::tempdir().unwrap();
        exercise(&Accounts::open(&dir.path().join("server.sqlite")).unwrap());
    }

    #[test]
    fn every_withdrawal_ends_the_sessions_and_is_logged_in_postgresql() {
        let Some(server) = arbiter_store::testing::postgres() else {
            return;
        };
        exercise(&Accounts::open_postgres(&server.fresh_database("access")).unwrap());
    }

    fn session(accounts: &Accounts, name: &str) -> String {
        let user = accounts.verify(name, PASSWORD).unwrap().unwrap();
        accounts.start_session(&user).unwrap()
    }

    fn exercise(accounts: &Accounts) {
        let open = EventName::parse("open").unwrap();
        let other = EventName::parse("other").unwrap();
        accounts.add_user("anna", PASSWORD, Role::Arbiter).unwrap();
        accounts.add_user("bob", PASSWORD, Role::Arbiter).unwrap();
        accounts.grant("anna", &open).unwrap();
        let (a1, a2, b1) = (
            session(accounts, "anna"),
            session(accounts, "anna"),
            session(accounts, "bob"),
        );
        assert_eq!(accounts.sessions("anna").unwrap().len(), 2);
        // Revoking a grant she does not have changes nothing.
        assert!(matches!(
            accounts.revoke("anna", &other, "command line"),
            Err(AccountError::NotGranted(..))
        ));
        assert!(accounts.session(&a1).unwrap().is_some());
        accounts.revoke("anna", &open, "web: root").unwrap();
        assert!(accounts.session(&a1).unwrap().is_none());
        assert!(accounts.session(&a2).unwrap().is_none());
        assert!(accounts.session(&b1).unwrap().is_some(), "bob keeps his");
        assert!(!accounts.find("anna").unwrap().unwrap().may_manage(&open));
        // A new password: the old one fails, sessions end.
        let a3 = session(accounts, "anna");
        assert!(matches!(
            accounts.set_password("anna", "short", "command line"),
            Err(AccountError::WeakPassword)
        ));
        accounts
            .set_password("anna", "another long one", "command line")
            .unwrap();
        assert!(accounts.session(&a3).unwrap().is_none());
        assert!(accounts.verify("anna", PASSWORD).unwrap().is_none());
        assert!(
            accounts
                .verify("anna", "another long one")
                .unwrap()
                .is_some()
        );
        // Logging out everywhere.
        let _b2 = session(accounts, "bob");
        assert_eq!(accounts.logout_all("bob", "command line").unwrap(), 2);
        assert!(accounts.session(&b1).unwrap().is_none());
        assert!(accounts.sessions("bob").unwrap().is_empty());
        // Removal: no login, no user.
        accounts.remove_user("bob", "web: root").unwrap();
        assert!(accounts.find("bob").unwrap().is_none());
        assert!(accounts.verify("bob", PASSWORD).unwrap().is_none());
        assert!(matches!(
            accounts.remove_user("bob", "command line"),
            Err(AccountError::NoSuchUser(_))
        ));
        let log: Vec<(String, String, String)> = accounts
            .log_lines()
            .unwrap()
            .into_iter()
            .map(|l| (l.actor, l.action, l.detail))
            .collect();
        let expected = [
            ("web: root", "user revoke", "anna open"),
            ("command line", "user password", "anna"),
            ("command line", "user logout-all", "bob: 2 sessions"),
            ("web: root", "user remove", "bob"),
        ];
        let expected: Vec<(String, String, String)> = expected
            .iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect();
        assert_eq!(log, expected);
    }
}
