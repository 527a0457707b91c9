//! Registration entries: the form's window, caps and the waiting list,
//! decisions, moves, duplicates, undo, the stored JSON.

use super::{config, journal, player};
use crate::date::{BirthDate, Date, DateTime};
use crate::journal::*;

fn at(text: &str) -> DateTime {
    text.parse().unwrap()
}

/// Section A capped at `cap` places, B without a cap.
fn form(cap: Option<u32>) -> RegistrationConfig {
    RegistrationConfig {
        opens: Some(at("2013-11-01T10:00")),
        closes: Some(at("2013-11-29T23:59")),
        late_until: Some(at("2013-11-30T15:30")),
        utc_offset_seconds: 3600,
        sections: vec![
            Offered {
                section: "A".into(),
                cap,
            },
            Offered {
                section: "B".into(),
                cap: None,
            },
        ],
        fields: vec![FormField::Born, FormField::Email],
        required: vec![FormField::Email],
        tags: vec!["resident".into()],
    }
}

fn submission(number: u32, section: &str, name: &str) -> Event {
    Event::RegistrationSubmitted(Submission {
        number,
        token_hash: format!("{number:064x}"),
        at: "2013-11-20T18:00:00Z".parse().unwrap(),
        section: section.into(),
        player: player(name, 0, None, None),
        email: Some(format!("{number}@example.org")),
        phone: None,
        late: false,
        by_arbiter: false,
        language: None,
    })
}

/// The journal of the journal tests with section B, the form set up and
/// `names` submitted to section A in order (entries 1, 2, …).
fn with_entries(cap: Option<u32>, names: &[&str]) -> (Journal, u64) {
    let mut j = journal();
    let mut seq = 100;
    j.push(
        seq,
        Event::SectionCreated {
            code: "B".into(),
            config: config(),
        },
    )
    .unwrap();
    seq += 1;
    j.push(seq, Event::RegistrationConfigured(form(cap)))
        .unwrap();
    for (i, name) in names.iter().enumerate() {
        seq += 1;
        j.push(seq, submission(i as u32 + 1, "A", name)).unwrap();
    }
    (j, seq)
}

fn standings(j: &Journal) -> Vec<Standing> {
    j.state().registration.standings().into_values().collect()
}

#[test]
fn the_window_opens_closes_and_takes_late_entries() {
    let f = form(None);
    assert_eq!(f.window(at("2013-11-01T09:59:59")), Window::NotYetOpen);
    assert_eq!(f.window(at("2013-11-01T10:00")), Window::Open);
    assert_eq!(f.window(at("2013-11-29T23:58:59")), Window::Open);
    assert_eq!(f.window(at("2013-11-29T23:59")), Window::Late);
    assert_eq!(f.window(at("2013-11-30T15:29:59")), Window::Late);
    assert_eq!(f.window(at("2013-11-30T15:30")), Window::Closed);
    let no_late = RegistrationConfig {
        late_until: None,
        ..form(None)
    };
    assert_eq!(no_late.window(at("2013-11-29T23:59")), Window::Closed);
    let always = RegistrationConfig {
        opens: None,
        closes: None,
        late_until: None,
        ..form(None)
    };
    assert_eq!(always.window(at("1999-01-01T00:00")), Window::Open);
}

#[test]
fn settings_that_contradict_themselves_are_refused() {
    let (j, _) = with_entries(None, &[]);
    let refused = |f: RegistrationConfig| {
        j.clone()
            .push(999, Event::RegistrationConfigured(f))
            .unwrap_err()
            .to_string()
    };
    let late_first = RegistrationConfig {
        late_until: Some(at("2013-11-29T12:00")),
        ..form(None)
    };
    assert!(refused(late_first).contains("not after the deadline"));
    let opens_late = RegistrationConfig {
        opens: Some(at("2013-12-01T00:00")),
        ..form(None)
    };
    assert!(refused(opens_late).contains("not before its deadline"));
    let no_deadline = RegistrationConfig {
        closes: None,
        ..form(None)
    };
    assert!(refused(no_deadline).contains("need a deadline"));
    assert!(refused(form(Some(0))).contains("cap of 0"));
    let mut unknown = form(None);
    unknown.sections[1].section = "Z".into();
    assert_eq!(refused(unknown), "no section 'Z' in this event");
    let mut required = form(None);
    required.required.push(FormField::Phone);
    assert!(refused(required).contains("phone is required but not asked"));
    let mut tag = form(None);
    tag.tags.push("Resident".into());
    assert!(refused(tag).contains("lower-case"));
}

#[test]
fn entries_need_the_form_and_come_in_order() {
    let mut j = journal();
    j.push(50, Event::RegistrationConfigured(form(None)))
        .unwrap_err();
    let (mut j, seq) = with_entries(None, &["Echo"]);
    let e = j.push(seq + 1, submission(3, "A", "Foxtrot")).unwrap_err();
    assert!(e.to_string().contains("number 2, not 3"), "{e}");
    let e = j.push(seq + 1, submission(2, "Z", "Foxtrot")).unwrap_err();
    assert_eq!(e, JournalError::UnknownSection("Z".into()));
}

/// Seed 000: "the first 50 pre-registered are guaranteed a place" — here
/// 2: the third waits; a rejection promotes him; a withdrawal the fourth.
#[test]
fn the_cap_fills_and_freed_places_go_to_the_waiting_list() {
    let (mut j, mut seq) = with_entries(Some(2), &["Echo", "Foxtrot", "Golf", "Hotel"]);
    use Standing::*;
    assert_eq!(
        standings(&j),
        [Place, Place, WaitingList(1), WaitingList(2)]
    );
    // A wait-listed entry cannot be accepted.
    j.push(
        seq + 1,
        Event::PlayerRegistered {
            id: 5,
            section: "A".into(),
            player: player("Golf", 0, None, None),
        },
    )
    .unwrap();
    seq += 1;
    let e = j
        .clone()
        .push(
            seq + 1,
            Event::RegistrationAccepted {
                number: 3,
                player: 5,
            },
        )
        .unwrap_err();
    assert!(
        e.to_string().contains("number 1 on the waiting list"),
        "{e}"
    );
    let mut next = |j: &mut Journal, e: Event| {
        seq += 1;
        j.push(seq, e)
    };
    next(
        &mut j,
        Event::RegistrationRejected {
            number: 1,
            reason: Some("no such player".into()),
        },
    )
    .unwrap();
    assert_eq!(standings(&j), [Rejected, Place, Place, WaitingList(1)]);
    next(
        &mut j,
        Event::RegistrationAccepted {
            number: 3,
            player: 5,
        },
    )
    .unwrap();
    assert_eq!(
        standings(&j),
        [Rejected, Place, Accepted(5), WaitingList(1)]
    );
    // Player 5 is taken; a decided entry cannot be decided again.
    let e = j
        .clone()
        .push(
            999,
            Event::RegistrationAccepted {
                number: 2,
                player: 5,
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("already registration 3"), "{e}");
    let e = j
        .clone()
        .push(
            999,
            Event::RegistrationWithdrawn {
                number: 1,
                by_arbiter: false,
            },
        )
        .unwrap_err();
    assert!(
        e.to_string().contains("no longer pending (rejected)"),
        "{e}"
    );
    next(
        &mut j,
        Event::RegistrationWithdrawn {
            number: 2,
            by_arbiter: true,
        },
    )
    .unwrap();
    assert_eq!(standings(&j), [Rejected, Withdrawn, Accepted(5), Place]);
    // Undo of the withdrawal: the fourth waits again.
    let target = j.undo_target().unwrap();
    next(&mut j, Event::Undone { seq: target }).unwrap();
    assert_eq!(
        standings(&j),
        [Rejected, Place, Accepted(5), WaitingList(1)]
    );
    // A higher cap gives him a place.
    next(&mut j, Event::RegistrationConfigured(form(Some(3)))).unwrap();
    assert_eq!(standings(&j), [Rejected, Place, Accepted(5), Place]);
    assert_eq!(
        j.state().registration.entry(9).unwrap_err(),
        JournalError::UnknownRegistration(9)
    );
}

/// An entry moved to another section joins the end of its queue, and
/// frees its place in the first.
#[test]
fn a_moved_entry_joins_the_end_of_the_other_queue() {
    let (mut j, mut seq) = with_entries(Some(1), &["Echo", "Foxtrot"]);
    let mut cap_b = form(Some(1));
    cap_b.sections[1].cap = Some(1);
    let mut next = |j: &mut Journal, e: Event| {
        seq += 1;
        j.push(seq, e)
    };
    next(&mut j, Event::RegistrationConfigured(cap_b)).unwrap();
    next(&mut j, submission(3, "B", "Golf")).unwrap();
    use Standing::*;
    assert_eq!(standings(&j), [Place, WaitingList(1), Place]);
    next(
        &mut j,
        Event::RegistrationMoved {
            number: 1,
            section: "B".into(),
        },
    )
    .unwrap();
    assert_eq!(standings(&j), [WaitingList(1), Place, Place]);
    assert_eq!(j.state().registration.entries[&1].section, "B");
    let e = next(
        &mut j,
        Event::RegistrationMoved {
            number: 1,
            section: "B".into(),
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("already in section 'B'"), "{e}");
    // Accepting needs the player in the entry's section.
    next(
        &mut j,
        Event::PlayerRegistered {
            id: 5,
            section: "A".into(),
            player: player("Golf", 0, None, None),
        },
    )
    .unwrap();
    let e = next(
        &mut j,
        Event::RegistrationAccepted {
            number: 3,
            player: 5,
        },
    )
    .unwrap_err();
    assert!(e.to_string().contains("player 5 is in section 'A'"), "{e}");
}

#[test]
fn duplicates_by_fide_id_or_name_and_birth_date() {
    let born = |p: &mut crate::Player, b: BirthDate| p.birth_date = Some(b);
    let mut a = player("Rossi, Mario", 0, Some(123), None);
    let mut b = player("rossi,  MARIO", 0, Some(123), None);
    assert_eq!(likeness(&a, &b), Some(Likeness::FideId));
    b.fide_id = Some(124);
    assert_eq!(likeness(&a, &b), None, "no birth date: no likeness");
    let day = BirthDate::Day(Date::new(1990, 5, 17).unwrap());
    born(&mut a, day);
    born(&mut b, day);
    assert_eq!(likeness(&a, &b), Some(Likeness::NameAndBirth));
    born(&mut b, BirthDate::Year(1990));
    assert_eq!(likeness(&a, &b), Some(Likeness::NameAndBirth));
    born(&mut b, BirthDate::Day(Date::new(1990, 5, 18).unwrap()));
    assert_eq!(likeness(&a, &b), None);
    let c = player("Rossi, Maria", 0, None, None);
    born(&mut b, day);
    assert_eq!(likeness(&b, &c), None);
}

#[test]
fn duplicates_are_found_whatever_unicode_form_the_name_takes() {
    let day = Some(BirthDate::Day(Date::new(1990, 5, 17).unwrap()));
    let with = |name: &str| {
        let mut p = player(name, 0, None, None);
        p.birth_date = day;
        p
    };
    let composed = with("N\u{fa}\u{f1}ez, Mar\u{ed}a");
    for variant in [
        // Decomposed: u + combining acute, n + combining tilde (NFD).
        "Nu\u{301}n\u{303}ez, Mari\u{301}a",
        // A zero-width space and a zero-width joiner inside words.
        "N\u{fa}\u{200b}\u{f1}ez, Mar\u{200d}\u{ed}a",
        // Full-width letters and comma, an ideographic space.
        "\u{ff2e}\u{fa}\u{f1}\u{ff45}\u{ff5a}\u{ff0c}\u{3000}\u{ff2d}ar\u{ed}a",
        // A no-break space and a soft hyphen.
        "N\u{fa}\u{ad}\u{f1}ez,\u{a0}MAR\u{cd}A",
    ] {
        assert_eq!(
            likeness(&composed, &with(variant)),
            Some(Likeness::NameAndBirth),
            "{variant:?}"
        );
    }
    assert_eq!(likeness(&composed, &with("Nunez, Maria")), None);
}

#[test]
fn the_stored_json_names_the_entries() {
    let e = submission(1, "A", "Echo");
    let json = serde_json::to_value(&e).unwrap();
    assert_eq!(json["type"], "registration_submitted");
    assert_eq!(json["at"], "2013-11-20T18:00:00Z");
    assert_eq!(json["email"], "1@example.org");
    let back: Event = serde_json::from_value(json).unwrap();
    assert_eq!(back, e);
    let json = serde_json::to_value(Event::RegistrationConfigured(form(Some(50)))).unwrap();
    assert_eq!(json["fields"], serde_json::json!(["born", "email"]));
    assert_eq!(json["closes"], "2013-11-29T23:59:00");
    assert_eq!(
        json["sections"][0],
        serde_json::json!({"section": "A", "cap": 50})
    );
}
