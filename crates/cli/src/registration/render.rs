//! Registration's views as text for the arbiter (and TSV for scripts).

use std::fmt::Write as _;

use arbiter_desk::{
    Duplicate, EntryFee, Holder, Promoted, RegistrationDecided, RegistrationList,
    RegistrationOffer, Submitted,
};
use arbiter_model::date::DateTime;
use arbiter_model::journal::{Likeness, RegistrationConfig, Standing, Window};
use arbiter_standings::delimited::{self, Separator};

use crate::out;

/// `place`, `waiting list 2`, `accepted (player 7)`, …
pub fn standing(s: Standing) -> String {
    match s {
        Standing::Place => "place".into(),
        Standing::WaitingList(n) => format!("waiting list {n}"),
        Standing::Accepted(id) => format!("accepted (player {id})"),
        Standing::Rejected => "rejected".into(),
        Standing::Withdrawn => "withdrawn".into(),
    }
}

fn duplicate(d: &Duplicate) -> String {
    let how = match d.likeness {
        Likeness::FideId => "same FIDE id as",
        Likeness::NameAndBirth => "same name and birth date as",
    };
    match &d.holder {
        Holder::Entry(n) => format!("{how} entry {n}"),
        Holder::Player { id, name } => format!("{how} player {id} ({name})"),
    }
}

/// A local time to the minute, as the form's settings are given.
fn minute(t: DateTime) -> String {
    t.strftime("%Y-%m-%d %H:%M").to_string()
}

/// `fee 6.00 EUR`, `fee 0.00 EUR (residents of Carmiano)`.
fn fee(f: &EntryFee) -> String {
    let mut why: Vec<&str> = f.rule.iter().map(String::as_str).collect();
    why.extend(f.surcharges.iter().map(String::as_str));
    if why.is_empty() {
        format!("fee {} {}", f.due, f.currency)
    } else {
        format!("fee {} {} ({})", f.due, f.currency, why.join(", "))
    }
}

/// The settings, one line each.
pub fn settings(c: &RegistrationConfig) -> String {
    let time = |t: Option<DateTime>| t.map_or_else(|| "-".to_string(), minute);
    let mut out = String::new();
    let _ = writeln!(out, "  opens        {}", time(c.opens));
    let _ = writeln!(out, "  deadline     {}", time(c.closes));
    let _ = writeln!(out, "  late until   {}", time(c.late_until));
    let _ = writeln!(out, "  UTC offset   {} s", c.utc_offset_seconds);
    let sections: Vec<String> = c
        .sections
        .iter()
        .map(|o| match o.cap {
            Some(cap) => format!("{} ({cap} places)", o.section),
            None => o.section.clone(),
        })
        .collect();
    let _ = writeln!(out, "  sections     {}", sections.join(", "));
    let names = |fs: &[arbiter_model::journal::FormField]| {
        fs.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ")
    };
    let _ = writeln!(out, "  fields       name, {}", names(&c.fields));
    let _ = writeln!(out, "  required     name, {}", names(&c.required));
    let _ = writeln!(
        out,
        "  tags         {}",
        if c.tags.is_empty() {
            "-".to_string()
        } else {
            c.tags.join(", ")
        }
    );
    out
}

fn offer_line(o: &RegistrationOffer) -> String {
    let window = match o.window {
        Window::NotYetOpen => "not open yet",
        Window::Open => "open",
        Window::Late => "late entries",
        Window::Closed => "closed",
    };
    let sections: Vec<String> = o
        .sections
        .iter()
        .map(|s| match s.cap {
            Some(cap) => format!("{} {}/{cap}, {} waiting", s.code, s.taken, s.waiting),
            None => format!("{} {}", s.code, s.taken),
        })
        .collect();
    format!(
        "{}: registration {window}; {}",
        o.event,
        sections.join("; ")
    )
}

/// The entries for people: a heading, then one line each.
pub fn list_text(list: &RegistrationList) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", offer_line(&list.offer));
    let _ = writeln!(
        out,
        "{:>4}  {:<16}  {:<6} {:<28} {:<24} {:<16} standing",
        "No", "submitted", "sect", "name", "e-mail", "phone"
    );
    for r in &list.rows {
        let mut notes: Vec<String> = Vec::new();
        if r.late {
            notes.push("late".into());
        }
        if r.by_arbiter {
            notes.push("by the arbiter".into());
        }
        if !r.player.tags.is_empty() {
            notes.push(format!("claims {}", r.player.tags.join(", ")));
        }
        notes.extend(r.fee.as_ref().map(fee));
        notes.extend(r.duplicates.iter().map(duplicate));
        if let Some(reason) = &r.reason {
            notes.push(format!("reason: {reason}"));
        }
        let _ = writeln!(
            out,
            "{:>4}  {:<16}  {:<6} {:<28} {:<24} {:<16} {}{}",
            r.number,
            minute(r.submitted_at),
            r.section,
            r.player.name,
            r.email.as_deref().unwrap_or("-"),
            r.phone.as_deref().unwrap_or("-"),
            standing(r.standing),
            if notes.is_empty() {
                String::new()
            } else {
                format!(" ({})", notes.join("; "))
            }
        );
    }
    out
}

/// One line per entry, tab-separated ([`delimited::line`]: formulas
/// guarded), with a header.
pub fn list_tsv(list: &RegistrationList) -> String {
    let mut out = String::from(
        "number\tsubmitted\tsection\tname\tfide-id\tborn\tsex\tfed\tclub\temail\tphone\ttags\tlate\tby-arbiter\tstanding\tfee\tduplicates\n",
    );
    let text = |s: Option<String>| s.unwrap_or_default();
    for r in &list.rows {
        let p = &r.player;
        let fields = [
            r.number.to_string(),
            r.submitted_at.strftime("%Y-%m-%d %H:%M:%S").to_string(),
            r.section.clone(),
            p.name.clone(),
            text(p.fide_id.map(|i| i.to_string())),
            text(p.birth_date.map(|b| b.to_string())),
            text(p.sex.map(|s| format!("{s:?}").to_lowercase())),
            text(p.federation.clone()),
            text(p.club.clone()),
            text(r.email.clone()),
            text(r.phone.clone()),
            p.tags.join(","),
            r.late.to_string(),
            r.by_arbiter.to_string(),
            standing(r.standing),
            text(r.fee.as_ref().map(|f| format!("{} {}", f.due, f.currency))),
            r.duplicates
                .iter()
                .map(duplicate)
                .collect::<Vec<_>>()
                .join("; "),
        ];
        out.push_str(&delimited::line(fields, Separator::Tab));
    }
    out
}

/// `registration 3: Rossi, Mario in section main: place; status link …`.
pub fn submitted(s: &Submitted, event: &str) -> String {
    let mut line = format!(
        "registration {}: {} in section {}{}: {}; status link /e/{event}/register/status/{}",
        s.number,
        s.name,
        s.section,
        if s.late { " (late)" } else { "" },
        standing(s.standing),
        s.token
    );
    for d in &s.duplicates {
        line.push_str(&format!("\nnote: {}", duplicate(d)));
    }
    line
}

/// `registration 3 (Rossi, Mario, section main): accepted (player 7)`.
pub fn decided(d: &RegistrationDecided) -> String {
    format!(
        "registration {} ({}, section {}): {}",
        d.number,
        d.name,
        d.section,
        standing(d.standing)
    )
}

/// Who moved up from the waiting list, one line each.
pub fn promoted(promoted: &[Promoted]) {
    for p in promoted {
        out::line(format_args!(
            "registration {} ({}, section {}) moves up from the waiting list to a place",
            p.number, p.name, p.section
        ));
    }
}
