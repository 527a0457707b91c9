//! Online pre-registration at the desk (issue 15 part 1): the form's
//! settings, the window, the cap and the waiting list, the arbiter's
//! decisions, duplicates, the private status link, personal data, undo.

mod common;

use arbiter_desk::{
    Channel, ErrorKind, Holder, RegistrationForm, RegistrationSettingsForm, SectionForm,
};
use arbiter_model::journal::{FormField, Likeness, Standing, Window};
use common::{at, entries, memory, origin, registrant, seed_000_form};

const OPEN: &str = "2013-11-20T18:00:00+01:00";
const LATE: &str = "2013-11-30T10:00:00+01:00";

fn submit(desk: &mut arbiter_desk::Desk, name: &str, when: &str) -> arbiter_desk::Submitted {
    desk.submit_registration(&origin(), &registrant(name), Channel::Online, at(when))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Seed 000: "pre-registration online until 29/11/2013 … registration
/// closes and the draw happens at 15:30 … the first 50 pre-registered
/// are guaranteed a place".
#[test]
fn the_first_fifty_have_a_place_the_next_waits_and_the_deadline_closes() {
    let mut desk = memory("italo-swiss", 7);
    let set = desk
        .configure_registration(&origin(), &seed_000_form(50))
        .unwrap();
    assert!(set.changed);
    let again = desk
        .configure_registration(&origin(), &seed_000_form(50))
        .unwrap();
    assert!(!again.changed, "the same settings record nothing");

    // Before the form opens: refused, nothing recorded.
    let before = entries(&mut desk);
    let e = desk
        .submit_registration(
            &origin(),
            &registrant("Early, Bird"),
            Channel::Online,
            at("2013-11-01T09:59:59+01:00"),
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert_eq!(e.to_string(), "registration opens 2013-11-01T10:00:00");
    assert_eq!(entries(&mut desk), before);

    for i in 1..=50 {
        let s = submit(&mut desk, &format!("Player{i:02}, Test"), OPEN);
        assert_eq!((s.number, s.standing, s.late), (i, Standing::Place, false));
    }
    let offer = desk.registration_offer(at(OPEN)).unwrap();
    assert_eq!(offer.window, Window::Open);
    assert_eq!(
        (offer.sections[0].taken, offer.sections[0].places_left()),
        (50, Some(0))
    );
    let s51 = submit(&mut desk, "Fiftyone, First", OPEN);
    let s52 = submit(&mut desk, "Fiftytwo, Second", OPEN);
    assert_eq!(s51.standing, Standing::WaitingList(1));
    assert_eq!(s52.standing, Standing::WaitingList(2));
    let e = desk.accept_registration(&origin(), 51).unwrap_err();
    assert!(e.to_string().contains("waiting list"), "{e}");

    // A rejection frees a place: the first on the waiting list gets it.
    let r = desk
        .reject_registration(&origin(), 3, Some("not a real person"))
        .unwrap();
    assert_eq!(r.standing, Standing::Rejected);
    assert_eq!(
        r.promoted.iter().map(|p| p.number).collect::<Vec<_>>(),
        [51]
    );
    assert_eq!(
        desk.registration_status(&s52.token).unwrap().standing,
        Standing::WaitingList(1)
    );
    // The registrant of 52 withdraws through his link.
    let w = desk.withdraw_registration(&origin(), &s52.token).unwrap();
    assert_eq!((w.number, w.standing), (52, Standing::Withdrawn));
    let e = desk
        .withdraw_registration(&origin(), &s52.token)
        .unwrap_err();
    assert!(e.to_string().contains("no longer pending"), "{e}");

    // Accepted: a registered player, in the starting list.
    let a = desk.accept_registration(&origin(), 51).unwrap();
    let player = a.player.expect("a player");
    assert_eq!((player.id, player.section.as_str()), (1, "main"));
    assert_eq!(a.standing, Standing::Accepted(1));
    let list = desk.players(None).unwrap();
    assert_eq!(list.rows[0].player.name, "Fiftyone, First");
    assert!(desk.accept_registration(&origin(), 51).is_err());

    // After the deadline: a late entry; after 15:30 the form is closed.
    let late = submit(&mut desk, "Late, Comer", LATE);
    assert!(late.late);
    assert_eq!(late.standing, Standing::WaitingList(1));
    assert_eq!(
        desk.registration_offer(at(LATE)).unwrap().window,
        Window::Late
    );
    let closed = at("2013-11-30T15:30:00+01:00");
    let e = desk
        .submit_registration(&origin(), &registrant("Too, Late"), Channel::Online, closed)
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert_eq!(e.to_string(), "registration closed 2013-11-30T15:30:00");
    assert_eq!(
        desk.registration_offer(closed).unwrap().window,
        Window::Closed
    );
    // The arbiter may still enter one (taken by phone): late too.
    let by_phone = RegistrationForm {
        name: Some("Phone, Call".into()),
        ..RegistrationForm::default()
    };
    let p = desk
        .submit_registration(&origin(), &by_phone, Channel::Arbiter, closed)
        .unwrap();
    assert!(p.late);
    let list = desk.registrations(closed).unwrap();
    assert_eq!(list.rows.len(), 54);
    assert!(list.rows[53].by_arbiter);
    assert_eq!(list.rows[2].reason.as_deref(), Some("not a real person"));
}

#[test]
fn every_field_at_fault_is_named_and_nothing_is_recorded() {
    let mut desk = memory("dutch", 5);
    desk.configure_registration(&origin(), &seed_000_form(50))
        .unwrap();
    let before = entries(&mut desk);
    let form = RegistrationForm {
        name: Some("Rossi, Mario".into()),
        fide_id: Some("abc".into()),
        born: Some("2020-13-01".into()),
        email: Some("rossi".into()),
        tags: vec!["champion".into()],
        ..RegistrationForm::default()
    };
    let all = desk
        .registration_errors(&form, Channel::Online, at(OPEN))
        .unwrap();
    let fields: Vec<_> = all.iter().filter_map(|e| e.field()).collect();
    assert_eq!(fields, ["fide-id", "born", "email", "tags"]);
    let e = desk
        .submit_registration(&origin(), &form, Channel::Online, at(OPEN))
        .unwrap_err();
    assert_eq!(
        (e.kind(), e.field()),
        (ErrorKind::InvalidInput, Some("fide-id"))
    );
    assert_eq!(entries(&mut desk), before);
    assert!(
        desk.registration_errors(&registrant("Rossi, Mario"), Channel::Online, at(OPEN))
            .unwrap()
            .is_empty()
    );
    // Settings name their field too.
    let e = desk
        .configure_registration(
            &origin(),
            &RegistrationSettingsForm {
                cap: Some("fifty".into()),
                ..RegistrationSettingsForm::default()
            },
        )
        .unwrap_err();
    assert_eq!(e.field(), Some("cap"));
}

#[test]
fn an_event_without_a_form_takes_no_registrations() {
    let mut desk = memory("dutch", 5);
    let e = desk
        .submit_registration(
            &origin(),
            &registrant("Rossi, Mario"),
            Channel::Online,
            at(OPEN),
        )
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound);
    assert_eq!(
        desk.registration_offer(at(OPEN)).unwrap_err().kind(),
        ErrorKind::NotFound
    );
}

/// Issue 15: "duplicate detection (same FIDE id; same name and birth
/// date)", reported to the registrant and to the arbiter.
#[test]
fn duplicates_are_reported_to_both_sides() {
    let mut desk = memory("dutch", 5);
    desk.add_player(
        &origin(),
        None,
        &arbiter_desk::PlayerForm {
            fide_id: Some("2600044".into()),
            ..common::player("Borgia, Massimo", 1900)
        },
    )
    .unwrap();
    desk.configure_registration(&origin(), &seed_000_form(50))
        .unwrap();
    let same_id = RegistrationForm {
        fide_id: Some("2600044".into()),
        ..registrant("Borgia, M.")
    };
    let s = desk
        .submit_registration(&origin(), &same_id, Channel::Online, at(OPEN))
        .unwrap();
    assert_eq!(s.duplicates.len(), 1);
    assert_eq!(s.duplicates[0].likeness, Likeness::FideId);
    assert!(matches!(
        s.duplicates[0].holder,
        Holder::Player { id: 1, .. }
    ));
    // The journal keeps one FIDE id per player: accepting it is refused.
    let e = desk.accept_registration(&origin(), s.number).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert!(
        e.to_string()
            .contains("FIDE id 2600044 is already registered"),
        "{e}"
    );

    let born = |name: &str| RegistrationForm {
        born: Some("1990-05-17".into()),
        ..registrant(name)
    };
    let first = desk
        .submit_registration(
            &origin(),
            &born("Vetrugno, Gianni"),
            Channel::Online,
            at(OPEN),
        )
        .unwrap();
    assert!(first.duplicates.is_empty());
    let twice = desk
        .submit_registration(
            &origin(),
            &born("vetrugno,gianni"),
            Channel::Online,
            at(OPEN),
        )
        .unwrap();
    assert_eq!(twice.duplicates[0].likeness, Likeness::NameAndBirth);
    assert_eq!(twice.duplicates[0].holder, Holder::Entry(first.number));
    // The registrant's status says how (not whom); the arbiter's list, whom.
    let status = desk.registration_status(&twice.token).unwrap();
    assert_eq!(status.duplicates, [Likeness::NameAndBirth]);
    let list = desk.registrations(at(OPEN)).unwrap();
    let row = &list.rows[first.number as usize - 1];
    assert_eq!(row.duplicates[0].holder, Holder::Entry(twice.number));
    // Once one is rejected, the other is no longer a duplicate.
    desk.reject_registration(&origin(), twice.number, None)
        .unwrap();
    let list = desk.registrations(at(OPEN)).unwrap();
    assert!(list.rows[first.number as usize - 1].duplicates.is_empty());
}

#[test]
fn the_status_link_shows_the_entry_and_nothing_else() {
    let mut desk = memory("dutch", 5);
    desk.configure_registration(&origin(), &seed_000_form(50))
        .unwrap();
    let form = RegistrationForm {
        phone: Some("347 1831559".into()),
        tags: vec!["resident".into()],
        ..registrant("Rossi, Mario")
    };
    let s = desk
        .submit_registration(&origin(), &form, Channel::Online, at(OPEN))
        .unwrap();
    assert_eq!(s.token.len(), 64);
    let status = desk.registration_status(&s.token).unwrap();
    assert_eq!(
        (status.number, status.name.as_str(), status.section.as_str()),
        (1, "Rossi, Mario", "main")
    );
    assert_eq!(status.submitted_at.to_string(), "2013-11-20T18:00:00");
    assert!(status.can_withdraw);
    let other = "0".repeat(64);
    for bad in [other.as_str(), "../../etc/passwd", ""] {
        assert_eq!(
            desk.registration_status(bad).unwrap_err().kind(),
            ErrorKind::NotFound,
            "{bad}"
        );
    }
    // The arbiter sees the contact data; accepted, the player carries the
    // claimed tag, but neither e-mail nor phone reaches the player, the
    // TRF export or the log.
    let row = &desk.registrations(at(OPEN)).unwrap().rows[0];
    assert_eq!(row.email.as_deref(), Some("rossi@example.org"));
    assert_eq!(row.phone.as_deref(), Some("347 1831559"));
    desk.accept_registration(&origin(), 1).unwrap();
    let players = desk.players(None).unwrap();
    assert_eq!(players.rows[0].player.tags, ["resident"]);
    let trf = desk.export_trf(None).unwrap().text;
    assert!(trf.contains("Rossi, Mario"));
    let log: String = desk
        .log()
        .unwrap()
        .iter()
        .flat_map(|c| c.entries.iter().map(|e| e.summary.clone()))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        log.contains("registration 1 accepted as Rossi, Mario (1)"),
        "{log}"
    );
    for text in [&trf, &log, &format!("{players:?}")] {
        assert!(!text.contains("example.org"), "{text}");
        assert!(!text.contains("1831559"), "{text}");
    }
}

#[test]
fn an_entry_moved_to_another_section_is_accepted_there() {
    let mut desk = memory("dutch", 5);
    desk.add_section(
        &origin(),
        "U16",
        &SectionForm {
            rounds: Some("5".into()),
            ..SectionForm::default()
        },
    )
    .unwrap();
    let form = RegistrationSettingsForm {
        cap: Some("main=1,U16=2".into()),
        fields: Some("born,email".into()),
        ..seed_000_form(1)
    };
    desk.configure_registration(&origin(), &form).unwrap();
    let offer = desk.registration_offer(at(OPEN)).unwrap();
    assert_eq!(
        offer
            .sections
            .iter()
            .map(|s| (s.code.as_str(), s.cap))
            .collect::<Vec<_>>(),
        [("main", Some(1)), ("U16", Some(2))]
    );
    assert_eq!(offer.fields, [FormField::Born, FormField::Email]);
    // Two sections: the registrant must choose.
    let e = desk
        .submit_registration(
            &origin(),
            &registrant("Young, Jan"),
            Channel::Online,
            at(OPEN),
        )
        .unwrap_err();
    assert_eq!(e.field(), Some("section"));
    let in_main = |name| RegistrationForm {
        section: Some("main".into()),
        ..registrant(name)
    };
    desk.submit_registration(&origin(), &in_main("Old, Piotr"), Channel::Online, at(OPEN))
        .unwrap();
    let young = desk
        .submit_registration(&origin(), &in_main("Young, Jan"), Channel::Online, at(OPEN))
        .unwrap();
    assert_eq!(young.standing, Standing::WaitingList(1));
    let moved = desk.move_registration(&origin(), 2, "U16").unwrap();
    assert_eq!(
        (moved.section.as_str(), moved.standing),
        ("U16", Standing::Place)
    );
    let e = desk.move_registration(&origin(), 2, "Z").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound);
    let a = desk.accept_registration(&origin(), 2).unwrap();
    assert_eq!(a.player.unwrap().section, "U16");
    assert_eq!(desk.players(Some("U16")).unwrap().rows.len(), 1);
    assert!(desk.players(None).unwrap().rows.is_empty());
}

/// An undo cancels the latest command; a registrant's own entry is not
/// the arbiter's to erase (he rejects it instead).
#[test]
fn undo_does_not_erase_what_a_registrant_did() {
    let mut desk = memory("dutch", 5);
    desk.configure_registration(&origin(), &seed_000_form(50))
        .unwrap();
    submit(&mut desk, "Rossi, Mario", OPEN);
    let e = desk.undo(&origin()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert!(e.to_string().contains("reject it instead"), "{e}");
    // The arbiter's own decision is undone: the entry is pending again.
    desk.accept_registration(&origin(), 1).unwrap();
    let undone = desk.undo(&origin()).unwrap();
    assert_eq!(undone.entries.len(), 2, "the player and the acceptance");
    assert!(desk.players(None).unwrap().rows.is_empty());
    let list = desk.registrations(at(OPEN)).unwrap();
    assert_eq!(list.rows[0].standing, Standing::Place);
}

/// Entries are journaled like every command: a reopened event file has
/// them, and its status links still work.
#[test]
fn entries_survive_in_the_event_file() {
    let dir = common::folder();
    let (mut desk, path) = common::file(&dir, "dutch", 5);
    desk.configure_registration(&origin(), &seed_000_form(1))
        .unwrap();
    let s = submit(&mut desk, "Rossi, Mario", OPEN);
    submit(&mut desk, "Verdi, Anna", OPEN);
    drop(desk);
    let again = arbiter_desk::Desk::open_read_only(&path).unwrap();
    assert_eq!(
        again.registration_status(&s.token).unwrap().standing,
        Standing::Place
    );
    let list = again.registrations(at(OPEN)).unwrap();
    assert_eq!(list.rows[1].standing, Standing::WaitingList(1));
}

/// The fee of an entry comes from the event's schedule, and a player
/// accepted from an entry is registered, for the fees, when he submitted
/// it: an entry sent on 20 November and accepted on the day pays no
/// surcharge for registering on the day. (Seed 000's fee, 6 EUR free for
/// residents, with seed 001's kind of surcharge, raised to 10 on the day.)
#[test]
fn fees_are_shown_and_an_accepted_entry_keeps_its_submission_time() {
    let mut desk = memory("italo-swiss", 7);
    desk.configure_registration(&origin(), &seed_000_form(50))
        .unwrap();
    let schedule = "currency = \"EUR\"\nbase = 6\nutc_offset = \"+01:00\"\n\n\
        [[rule]]\nlabel = \"residents\"\nwhen = { tag = \"resident\" }\npay = 0\n\n\
        [[surcharge]]\nlabel = \"on the day\"\n\
        when = { registered_after = 2013-11-29T23:59:59 }\nraise_to = 10\n";
    desk.set_fees(&origin(), "fees.toml", schedule).unwrap();
    submit(&mut desk, "Rossi, Mario", OPEN);
    let resident = RegistrationForm {
        tags: vec!["resident".into()],
        ..registrant("Verdi, Anna")
    };
    desk.submit_registration(&origin(), &resident, Channel::Online, at(OPEN))
        .unwrap();
    submit(&mut desk, "Late, Comer", LATE);

    let offer = desk.registration_offer(at(OPEN)).unwrap();
    let notice = offer.fees.expect("the schedule on the form");
    assert_eq!(
        offer.sections[0].fee.map(|c| c.to_string()),
        Some("6.00".into())
    );
    assert_eq!(
        (notice.rules[0].label.as_str(), notice.rules[0].change),
        (
            "residents",
            arbiter_desk::FeeChange::Pay(arbiter_model::money::Cents(0))
        )
    );
    let fees: Vec<(String, Option<String>)> = desk
        .registrations(at(LATE))
        .unwrap()
        .rows
        .iter()
        .map(|r| {
            let f = r.fee.as_ref().expect("a fee");
            (
                f.due.to_string(),
                f.rule.clone().or(f.surcharges.first().cloned()),
            )
        })
        .collect();
    assert_eq!(
        fees,
        [
            ("6.00".to_string(), None),
            ("0.00".to_string(), Some("residents".to_string())),
            ("10.00".to_string(), Some("on the day".to_string())),
        ]
    );
    // Accepted now (long after the deadline): he still owes 6, not 10.
    desk.accept_registration(&origin(), 1).unwrap();
    let ledger = desk.fees().unwrap();
    let due: Vec<String> = ledger.entries.iter().map(|l| l.due.to_string()).collect();
    assert_eq!(due, ["6.00"]);
}

/// The arbiter withdraws an entry on the registrant's word: the place goes
/// to the first waiting, and unlike the registrant's own withdrawal it can
/// be undone.
#[test]
fn the_arbiter_withdraws_an_entry_and_may_undo_it() {
    let mut desk = memory("dutch", 5);
    desk.configure_registration(&origin(), &seed_000_form(1))
        .unwrap();
    submit(&mut desk, "Rossi, Mario", OPEN);
    submit(&mut desk, "Bianchi, Luca", OPEN);
    let d = desk.withdraw_registration_entry(&origin(), 1).unwrap();
    assert_eq!(d.standing, Standing::Withdrawn);
    assert_eq!(d.promoted.iter().map(|p| p.number).collect::<Vec<_>>(), [2]);
    desk.undo(&origin()).unwrap();
    let standings: Vec<Standing> = desk
        .registrations(at(OPEN))
        .unwrap()
        .rows
        .iter()
        .map(|r| r.standing)
        .collect();
    assert_eq!(standings, [Standing::Place, Standing::WaitingList(1)]);
    let e = desk.withdraw_registration_entry(&origin(), 9).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NotFound, "{e}");
}

/// Who is told what by mail is the desk's: the receipt of each entry with
/// an e-mail address (its standing, in the form's language), and the move
/// up of the entry that gets a freed place; nothing for an entry without
/// an address.
#[test]
fn the_desk_names_the_registrants_to_mail_and_why() {
    use arbiter_desk::{Notice, NoticeKind};
    use arbiter_standings::labels::Lang;
    let mut desk = memory("italo-swiss", 7);
    desk.configure_registration(&origin(), &seed_000_form(1))
        .unwrap();
    let in_polish = |name: &str| RegistrationForm {
        language: Some(Lang::Pl),
        ..registrant(name)
    };
    let first = desk
        .submit_registration(
            &origin(),
            &in_polish("Nowak, Jan"),
            Channel::Online,
            at(OPEN),
        )
        .unwrap();
    let receipt = |number, to: &str, name: &str, standing| Notice {
        kind: NoticeKind::Received,
        number,
        to: to.into(),
        language: Some(Lang::Pl),
        event: "Open".into(),
        name: name.into(),
        section: "main".into(),
        standing,
        fee: None,
    };
    assert_eq!(
        first.notice,
        Some(receipt(
            1,
            "nowak@example.org",
            "Nowak, Jan",
            Standing::Place
        ))
    );
    let second = desk
        .submit_registration(
            &origin(),
            &in_polish("Kowalska, Ewa"),
            Channel::Online,
            at(OPEN),
        )
        .unwrap();
    assert_eq!(
        second.notice,
        Some(receipt(
            2,
            "kowalska@example.org",
            "Kowalska, Ewa",
            Standing::WaitingList(1)
        ))
    );
    let no_address = RegistrationForm {
        name: Some("Phone, Only".into()),
        phone: Some("+48 600 100 200".into()),
        ..RegistrationForm::default()
    };
    let third = desk
        .submit_registration(&origin(), &no_address, Channel::Arbiter, at(OPEN))
        .unwrap();
    assert_eq!(third.notice, None);

    // The arbiter rejects the first: the second moves up and is told so.
    let rejected = desk.reject_registration(&origin(), 1, None).unwrap();
    assert_eq!(rejected.promoted.len(), 1);
    assert_eq!(
        rejected.promoted[0].notice,
        Some(Notice {
            kind: NoticeKind::MovedUp,
            ..receipt(2, "kowalska@example.org", "Kowalska, Ewa", Standing::Place)
        })
    );
}
