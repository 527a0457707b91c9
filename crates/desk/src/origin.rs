//! Who or what issued a command: the line the journal records with it and
//! `log` shows.

use std::ffi::OsStr;

/// The origin of a command, as the event's log shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    line: String,
}

impl Origin {
    /// Any description (`web: alice: POST /results`).
    pub fn new(line: impl Into<String>) -> Origin {
        Origin { line: line.into() }
    }

    /// A command line as typed (the first word is shown as `arbiter`),
    /// shell-quoted where a word needs it.
    pub fn command_line<I, S>(args: I) -> Origin
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let words: Vec<String> = args
            .into_iter()
            .enumerate()
            .map(|(i, a)| {
                if i == 0 {
                    "arbiter".to_string()
                } else {
                    quoted(&a.as_ref().to_string_lossy())
                }
            })
            .collect();
        Origin::new(words.join(" "))
    }

    /// A form submitted by a signed-in user of the web app.
    pub fn web(user: &str, action: &str) -> Origin {
        Origin::new(format!("web: {user}: {action}"))
    }

    pub fn line(&self) -> &str {
        &self.line
    }
}

/// A word as a POSIX shell reads it back.
fn quoted(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./,:=+@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_are_quoted_for_the_shell() {
        let o =
            Origin::command_line(["/usr/bin/arbiter", "player", "add", "--name", "O'Neil, Tom"]);
        assert_eq!(o.line(), r"arbiter player add --name 'O'\''Neil, Tom'");
        assert_eq!(
            Origin::web("alice", "result 1 2").line(),
            "web: alice: result 1 2"
        );
    }
}
