//! The folder of event files a server publishes (`--data DIR`), and the
//! names that address them in URLs.
//!
//! An event's URL name is its file's stem: `DIR/city-open.arb` is
//! `/e/city-open/`. A name is letters, digits, `-` and `_` only, so no URL
//! can address a file outside DIR (`..`, `/`, `\`, `%2e`, NUL and drive
//! letters never get as far as the file system).

use std::fmt;
use std::path::{Path, PathBuf};

/// The extension of event files.
pub const EVENT_EXTENSION: &str = "arb";

/// The server's own database (accounts, grants, sessions), beside the
/// events; its name has a dot, so it is never taken for an event.
pub const SERVER_DB: &str = "arbiter-server.sqlite";

/// The longest name accepted for an event or a section.
const MAX_NAME: usize = 64;

/// A checked event name (a file stem inside DIR).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventName(String);

/// A name that is not a valid event or section name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a valid name (letters, digits, '-' and '_', at most 64)")]
pub struct BadName(pub String);

impl EventName {
    pub fn parse(text: &str) -> Result<EventName, BadName> {
        check_name(text).map(|()| EventName(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for EventName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Section codes in URLs obey the same alphabet (`A`, `U12`, `main`).
pub fn check_name(text: &str) -> Result<(), BadName> {
    let ok = !text.is_empty()
        && text.len() <= MAX_NAME
        && !text.starts_with('-')
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(BadName(text.chars().take(MAX_NAME + 1).collect()))
    }
}

/// The published folder.
#[derive(Clone, Debug)]
pub struct DataDir {
    root: PathBuf,
}

impl DataDir {
    pub fn new(root: impl Into<PathBuf>) -> DataDir {
        DataDir { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file of event `name` (which may not exist yet).
    pub fn event_path(&self, name: &EventName) -> PathBuf {
        self.root.join(format!("{}.{EVENT_EXTENSION}", name.0))
    }

    /// The server database's file.
    pub fn server_db(&self) -> PathBuf {
        self.root.join(SERVER_DB)
    }

    /// Every event file in the folder, by name. Files whose stem is not a
    /// valid name are not published.
    pub fn events(&self) -> std::io::Result<Vec<EventName>> {
        let mut names = Vec::new();
        for entry in std::fs::read_dir(&self.root)? {
            let path = entry?.path();
            if path.extension().and_then(|e| e.to_str()) != Some(EVENT_EXTENSION) || !path.is_file()
            {
                continue;
            }
            if let Some(name) = path
                .file_stem()
                .and_then(|s| s.to_str())
                .and_then(|s| EventName::parse(s).ok())
            {
                names.push(name);
            }
        }
        names.sort();
        Ok(names)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cannot_leave_the_folder() {
        for bad in [
            "",
            "..",
            "../x",
            "a/b",
            "a\\b",
            "%2e%2e",
            ".hidden",
            "a.b",
            "-rf",
            "C:",
            "a\0b",
            "é",
            &"x".repeat(65),
        ] {
            assert!(EventName::parse(bad).is_err(), "{bad:?} accepted");
        }
        for good in ["open", "City-Open_2026", "U12", "a"] {
            assert_eq!(EventName::parse(good).unwrap().as_str(), good);
        }
        let dir = DataDir::new("/data");
        let name = EventName::parse("open").unwrap();
        assert_eq!(dir.event_path(&name), PathBuf::from("/data/open.arb"));
    }
}
