//! `arbiter registration …`: the online pre-registration form of an event
//! (issue 15 part 1). `set` configures the form, `add` enters an entry
//! taken by phone, `list` shows every entry with its contact data and
//! standing, `accept` / `reject` / `withdraw` / `move` decide. The desk checks and
//! journals each; the clock read here is passed to it.

mod render;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use arbiter_desk::{
    Channel, Desk, DeskError, Origin, Promoted, RegistrationForm, RegistrationSettingsForm,
};
use arbiter_web::mail::moved_up;
use arbiter_web::{EventName, Mail, Outgoing};
use clap::builder::PossibleValuesParser;
use clap::{Args, Subcommand};

use crate::mail_args::MailArgs;
use crate::out;

#[derive(Subcommand, Clone, Debug)]
pub enum RegistrationCommand {
    /// Set up the registration form, or change it (what is not given
    /// keeps its value). Times are the event's local time.
    Set {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        settings: SettingsArgs,
        #[command(flatten)]
        notify: NoticeArgs,
    },
    /// Every entry: number, time, section, name, data, contact, standing.
    List {
        /// The event file.
        event: PathBuf,
        /// text, or tsv (one line per entry, every field).
        #[arg(long, default_value = "text",
              value_parser = PossibleValuesParser::new(["text", "tsv"]))]
        format: String,
    },
    /// Enter an entry taken by phone (any time; late after the deadline).
    Add {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        fields: EntryArgs,
        #[command(flatten)]
        notify: NoticeArgs,
    },
    /// Accept an entry: the player is registered in its section.
    Accept {
        /// The event file.
        event: PathBuf,
        /// The entry's number.
        number: u32,
    },
    /// Reject an entry (its place goes to the waiting list).
    Reject {
        /// The event file.
        event: PathBuf,
        /// The entry's number.
        number: u32,
        /// Why, for the registrant's status page.
        #[arg(long)]
        reason: Option<String>,
        #[command(flatten)]
        notify: NoticeArgs,
    },
    /// Withdraw a pending entry on the registrant's word (its place goes
    /// to the waiting list).
    Withdraw {
        /// The event file.
        event: PathBuf,
        /// The entry's number.
        number: u32,
        #[command(flatten)]
        notify: NoticeArgs,
    },
    /// Move a pending entry to another section (it joins that section's
    /// queue at the end).
    Move {
        /// The event file.
        event: PathBuf,
        /// The entry's number.
        number: u32,
        /// The section code.
        section: String,
        #[command(flatten)]
        notify: NoticeArgs,
    },
}

/// Whom a command tells by mail: an entry that moves up from the waiting
/// list, and with `add` the registrant's receipt (which needs
/// `--public-url` for its status link). By default the mail is written
/// into the `outbox/` folder next to the event file, the outbox of
/// `arbiter serve --data` over that folder.
#[derive(Args, Clone, Debug, Default)]
pub struct NoticeArgs {
    #[command(flatten)]
    mail: MailArgs,
    /// Mail no registrant.
    #[arg(long, conflicts_with_all = ["public_url", "smtp", "mail_from"])]
    no_mail: bool,
}

impl NoticeArgs {
    /// The mail for `event`, checked before the command runs (`None`:
    /// `--no-mail`).
    fn mail(&self, event: &Path) -> Result<Option<Mail>, DeskError> {
        if self.no_mail {
            return Ok(None);
        }
        let folder = match event.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let mail = Mail::for_command_line(&self.mail.options(), folder)?;
        if let Some(w) = mail.warning() {
            out::warn(format_args!("warning: {w}"));
        }
        Ok(Some(mail))
    }
}

/// The event file's name without its extension: the event's name on the
/// server, in links and mails.
fn stem(event: &Path) -> String {
    event
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Says which entries moved up from the waiting list and mails them.
fn announce(mail: Option<&Mail>, event: &Path, promoted: Vec<Promoted>) {
    render::promoted(&promoted);
    tell(mail, event, &stem(event), moved_up(promoted));
}

/// Delivers `outgoing` after the command committed: where each mail went
/// on standard output, a mail that could not be sent on standard error
/// (the command stands; exit 0).
fn tell(mail: Option<&Mail>, event: &Path, stem: &str, outgoing: Vec<Outgoing>) {
    let Some(mail) = mail.filter(|_| !outgoing.is_empty()) else {
        return;
    };
    let Ok(name) = EventName::parse(stem) else {
        out::warn(format_args!(
            "{}: mail not sent: '{stem}' is not a name the server publishes (letters, digits, - and _)",
            event.display()
        ));
        return;
    };
    for delivery in mail.deliver_all(&name, outgoing) {
        match delivery.outcome {
            Ok(_) => out::line(&delivery),
            Err(_) => out::warn(&delivery),
        }
    }
}

/// The form's settings.
#[derive(Args, Clone, Debug, Default)]
pub struct SettingsArgs {
    /// The form opens: "YYYY-MM-DD HH:MM" ("" for at once).
    #[arg(long)]
    opens: Option<String>,
    /// The pre-registration deadline: "YYYY-MM-DD HH:MM" ("" for none).
    #[arg(long)]
    closes: Option<String>,
    /// After the deadline, late entries (on the day) until "YYYY-MM-DD
    /// HH:MM" ("" for none: the deadline closes the form).
    #[arg(long)]
    late_until: Option<String>,
    /// The event's offset from UTC, e.g. +01:00 (needed with the times).
    #[arg(long, allow_hyphen_values = true)]
    utc_offset: Option<String>,
    /// The sections offered, comma-separated (default: every section).
    #[arg(long)]
    sections: Option<String>,
    /// Places guaranteed: 50 (each section offered) or A=50,B=30; "" for
    /// no limit. The next entries go on a waiting list.
    #[arg(long)]
    cap: Option<String>,
    /// The fields asked besides the name: fide-id, born, sex, fed, club,
    /// email, phone (default: all).
    #[arg(long)]
    fields: Option<String>,
    /// The fields that must be filled in (default: email).
    #[arg(long)]
    required: Option<String>,
    /// The tags a registrant may claim, comma-separated (e.g. resident).
    #[arg(long)]
    tags: Option<String>,
}

impl SettingsArgs {
    fn form(&self) -> RegistrationSettingsForm {
        RegistrationSettingsForm {
            opens: self.opens.clone(),
            closes: self.closes.clone(),
            late_until: self.late_until.clone(),
            utc_offset: self.utc_offset.clone(),
            sections: self.sections.clone(),
            cap: self.cap.clone(),
            fields: self.fields.clone(),
            required: self.required.clone(),
            tags: self.tags.clone(),
        }
    }
}

/// A registrant's fields.
#[derive(Args, Clone, Debug, Default)]
pub struct EntryArgs {
    /// "Lastname, Firstname".
    #[arg(long)]
    name: String,
    #[arg(long)]
    fide_id: Option<String>,
    /// YYYY-MM-DD or YYYY.
    #[arg(long)]
    born: Option<String>,
    /// m or w.
    #[arg(long)]
    sex: Option<String>,
    /// Three-letter federation.
    #[arg(long)]
    fed: Option<String>,
    #[arg(long)]
    club: Option<String>,
    /// Kept for the arbiter only (not in the log's command line).
    #[arg(long)]
    email: Option<String>,
    /// Kept for the arbiter only (not in the log's command line).
    #[arg(long)]
    phone: Option<String>,
    /// The section (default: the only one offered).
    #[arg(long)]
    section: Option<String>,
    /// A tag claimed (e.g. resident); repeat for several.
    #[arg(long)]
    tag: Vec<String>,
}

impl EntryArgs {
    fn form(&self) -> RegistrationForm {
        RegistrationForm {
            name: Some(self.name.clone()),
            fide_id: self.fide_id.clone(),
            born: self.born.clone(),
            sex: self.sex.clone(),
            fed: self.fed.clone(),
            club: self.club.clone(),
            email: self.email.clone(),
            phone: self.phone.clone(),
            section: self.section.clone(),
            tags: self.tag.clone(),
            language: None,
        }
    }
}

/// Runs one registration command; errors are printed with their exit code.
pub fn run(command: RegistrationCommand) -> std::process::ExitCode {
    match dispatch(command) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => out::fail(&e),
    }
}

/// The command line for the log, contact data left out.
fn origin() -> Origin {
    Origin::command_line(redacted(std::env::args_os()))
}

/// `--email X` and `--phone X` (or `--email=X`) with `X` replaced.
fn redacted(args: impl IntoIterator<Item = OsString>) -> Vec<OsString> {
    let personal = ["--email", "--phone"];
    let mut out = Vec::new();
    let mut hide_next = false;
    for a in args {
        let text = a.to_string_lossy().into_owned();
        if hide_next {
            out.push(OsString::from("(withheld)"));
            hide_next = false;
        } else if personal.contains(&text.as_str()) {
            hide_next = true;
            out.push(a);
        } else if let Some(p) = personal.iter().find(|p| text.starts_with(&format!("{p}="))) {
            out.push(OsString::from(format!("{p}=(withheld)")));
        } else {
            out.push(a);
        }
    }
    out
}

fn dispatch(command: RegistrationCommand) -> Result<(), DeskError> {
    let now = jiff::Timestamp::now();
    match command {
        RegistrationCommand::Set {
            event,
            settings,
            notify,
        } => {
            let mail = notify.mail(&event)?;
            let set = Desk::open(&event)?.configure_registration(&origin(), &settings.form())?;
            out::line(if set.changed {
                format!("{}: registration set", event.display())
            } else {
                format!(
                    "{}: the registration settings were already these; nothing recorded",
                    event.display()
                )
            });
            out::print(&render::settings(&set.config));
            announce(mail.as_ref(), &event, set.promoted);
        }
        RegistrationCommand::List { event, format } => {
            let list = Desk::open_read_only(&event)?.registrations(now)?;
            out::print(&match format.as_str() {
                "tsv" => render::list_tsv(&list),
                _ => render::list_text(&list),
            });
        }
        RegistrationCommand::Add {
            event,
            fields,
            notify,
        } => {
            let mail = notify.mail(&event)?;
            let s = Desk::open(&event)?.submit_registration(
                &origin(),
                &fields.form(),
                Channel::Arbiter,
                now,
            )?;
            let stem = stem(&event);
            out::line(render::submitted(&s, &stem));
            let receipt = s.notice.map(|notice| Outgoing {
                notice,
                token: Some(s.token),
            });
            tell(mail.as_ref(), &event, &stem, receipt.into_iter().collect());
        }
        RegistrationCommand::Accept { event, number } => {
            let d = Desk::open(&event)?.accept_registration(&origin(), number)?;
            if let Some(p) = &d.player {
                for w in crate::event::render::warnings(&p.warnings) {
                    out::warn(w);
                }
            }
            out::line(render::decided(&d));
        }
        RegistrationCommand::Reject {
            event,
            number,
            reason,
            notify,
        } => {
            let mail = notify.mail(&event)?;
            let d =
                Desk::open(&event)?.reject_registration(&origin(), number, reason.as_deref())?;
            out::line(render::decided(&d));
            announce(mail.as_ref(), &event, d.promoted);
        }
        RegistrationCommand::Withdraw {
            event,
            number,
            notify,
        } => {
            let mail = notify.mail(&event)?;
            let d = Desk::open(&event)?.withdraw_registration_entry(&origin(), number)?;
            out::line(render::decided(&d));
            announce(mail.as_ref(), &event, d.promoted);
        }
        RegistrationCommand::Move {
            event,
            number,
            section,
            notify,
        } => {
            let mail = notify.mail(&event)?;
            let d = Desk::open(&event)?.move_registration(&origin(), number, &section)?;
            out::line(render::decided(&d));
            announce(mail.as_ref(), &event, d.promoted);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contact_data_stays_out_of_the_log_line() {
        let args = [
            "arbiter",
            "registration",
            "add",
            "open.arb",
            "--name",
            "Rossi, Mario",
            "--email",
            "mario@example.org",
            "--phone=347 1831559",
        ]
        .map(OsString::from);
        let line = Origin::command_line(redacted(args)).line().to_string();
        assert_eq!(
            line,
            "arbiter registration add open.arb --name 'Rossi, Mario' --email '(withheld)' \
             '--phone=(withheld)'"
        );
    }
}
