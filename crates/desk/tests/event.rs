//! Creating an event, its details and sections; every refusal names the
//! field and writes nothing.

mod common;

use arbiter_desk::{Desk, ErrorKind, EventDetailsForm, NewEvent, SectionForm, StandingsRequest};
use arbiter_model::System;
use common::{entries, file, finish_round, folder, memory, new_event, origin, players};

#[test]
fn an_event_in_memory_and_in_a_file() {
    let desk = memory("italo-swiss", 7);
    let summary = desk.summary();
    assert_eq!(summary.info.name, "Open");
    assert_eq!(summary.sections.len(), 1);
    let main = &summary.sections[0];
    assert_eq!((main.code.as_str(), main.config.rounds), ("main", 7));
    assert_eq!(main.config.system, System::ItaloSwiss);

    let dir = folder();
    let (_, path) = file(&dir, "round-robin", 5);
    let reopened = Desk::open_read_only(&path).unwrap();
    assert_eq!(
        reopened.summary().sections[0].config.system,
        System::RoundRobin
    );
    // A second `create` on the same path is refused; the file stays.
    let again = Desk::create(&path, &origin(), &new_event("Other", "dutch", 9));
    assert_eq!(again.err().map(|e| e.kind()), Some(ErrorKind::Storage));
    assert_eq!(Desk::open(&path).unwrap().summary().info.name, "Open");
}

/// Issue 10 item 8: what used to fail later is refused when set, naming
/// the field; a refused `new` leaves no file.
#[test]
fn a_refused_new_names_the_field_and_leaves_no_file() {
    let dir = folder();
    let path = dir.path().join("refused.arb");
    type Change = fn(&mut NewEvent);
    let cases: [(&str, Change); 6] = [
        ("name", |r| r.name = "  ".into()),
        ("name", |r| r.name = "Open\r012 Other".into()),
        ("rounds", |r| r.config.rounds = Some("99999999".into())),
        ("tiebreaks", |r| r.config.tiebreaks = Some("FOO".into())),
        ("scoring", |r| r.config.scoring = Some("1,2,3".into())),
        ("section", |r| r.section = String::new()),
    ];
    for (field, change) in cases {
        let mut request = new_event("Open", "dutch", 9);
        change(&mut request);
        let e = Desk::create(&path, &origin(), &request).err().unwrap();
        assert_eq!(
            (e.kind(), e.field()),
            (ErrorKind::InvalidInput, Some(field)),
            "{e}"
        );
        assert!(!path.exists(), "{field}: a refused new left a file");
    }
}

#[test]
fn details_are_checked_and_kept_in_the_trf_forms() {
    let mut desk = memory("dutch", 9);
    let before = entries(&mut desk);
    let cases: [(&str, EventDetailsForm); 4] = [
        (
            "start",
            EventDetailsForm {
                start: Some("2026-02-30".into()),
                ..Default::default()
            },
        ),
        (
            "end",
            EventDetailsForm {
                start: Some("2026-03-05".into()),
                end: Some("2026-03-01".into()),
                ..Default::default()
            },
        ),
        (
            "round-dates",
            EventDetailsForm {
                round_dates: Some("abc".into()),
                ..Default::default()
            },
        ),
        (
            "chief-arbiter",
            EventDetailsForm {
                chief_arbiter: Some("Rossi\tMario".into()),
                ..Default::default()
            },
        ),
    ];
    for (field, form) in cases {
        let e = desk.set_details(&origin(), &form).unwrap_err();
        assert_eq!(e.field(), Some(field), "{e}");
    }
    let e = desk
        .set_details(&origin(), &EventDetailsForm::default())
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput);
    assert_eq!(entries(&mut desk), before, "a refused command wrote");

    let form = EventDetailsForm {
        city: Some("Carmiano".into()),
        start: Some("2013-12-01".into()),
        end: Some("2013-12-01".into()),
        round_dates: Some("2013-12-01,2013-12-01".into()),
        ..Default::default()
    };
    assert!(desk.set_details(&origin(), &form).unwrap().changed);
    // The same details again record nothing.
    assert!(!desk.set_details(&origin(), &form).unwrap().changed);
    assert_eq!(entries(&mut desk), before + 1);
    let trf = desk.export_trf(None).unwrap().text;
    assert!(trf.contains("\r022 Carmiano\r"), "{trf}");
    assert!(trf.contains("\r042 2013/12/01\r052 2013/12/01\r"), "{trf}");
    assert!(trf.contains("13/12/01  13/12/01"), "{trf}");
}

#[test]
fn sections_presets_and_their_rules() {
    let mut desk = memory("dutch", 9);
    let b = desk
        .add_section(
            &origin(),
            "B",
            &SectionForm {
                rounds: Some("5".into()),
                system: Some("italo-swiss".into()),
                ..SectionForm::default()
            },
        )
        .unwrap();
    assert_eq!(b.config.system, System::ItaloSwiss);
    let dup = desk
        .add_section(
            &origin(),
            "B",
            &SectionForm {
                rounds: Some("5".into()),
                ..SectionForm::default()
            },
        )
        .unwrap_err();
    assert_eq!(dup.kind(), ErrorKind::Refused);
    assert!(
        dup.to_string().contains("section 'B' already exists"),
        "{dup}"
    );
    let unknown = desk
        .configure_section(
            &origin(),
            "C",
            &SectionForm {
                rounds: Some("5".into()),
                ..SectionForm::default()
            },
        )
        .unwrap_err();
    assert_eq!(unknown.kind(), ErrorKind::NotFound);

    // Issue 10 item 8: a preset is stored in the section, and the standings
    // use it with its labels.
    let preset = SectionForm {
        tiebreaks: Some("pl-002".into()),
        ..SectionForm::default()
    };
    let set = desk.configure_section(&origin(), "main", &preset).unwrap();
    assert_eq!(set.config.tiebreaks, ["BH/M1", "BH", "WIN", "PS"]);
    assert!(
        !desk
            .configure_section(&origin(), "main", &preset)
            .unwrap()
            .changed
    );
    players(&mut desk, 4);
    desk.pair_next_round(&origin(), None).unwrap();
    finish_round(&mut desk, 1, "1-0");
    let report = desk.standings(None, &StandingsRequest::default()).unwrap();
    assert_eq!(report.preset.map(|p| p.name), Some("pl-002"));
    let codes: Vec<String> = report
        .standings
        .tiebreaks
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(codes, ["BH/M1", "BH", "WIN", "PS"]);

    // Forbidden pairs keep a section from becoming a round robin.
    desk.forbid(&origin(), 1, 2).unwrap();
    let e = desk
        .configure_section(
            &origin(),
            "main",
            &SectionForm {
                system: Some("round-robin".into()),
                ..SectionForm::default()
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("forbidden pair"), "{e}");
    // Nor can a section shrink below its paired rounds.
    let e = desk
        .configure_section(
            &origin(),
            "main",
            &SectionForm {
                rounds: Some("0".into()),
                ..SectionForm::default()
            },
        )
        .unwrap_err();
    assert_eq!(e.field(), Some("rounds"));
}

/// A fee schedule with fees per section must give every section one: the
/// ledger of a section without could never be computed.
#[test]
fn a_fee_schedule_missing_a_section_is_refused_when_set() {
    let mut desk = memory("dutch", 5);
    let before = entries(&mut desk);
    let fees = "currency = \"EUR\"\n[base]\nB = 10\n";
    let e = desk.set_fees(&origin(), "fees.toml", fees).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidInput, "{e}");
    assert_eq!(
        e.to_string(),
        "fees.toml: base.main: no base fee for this section"
    );
    assert_eq!(entries(&mut desk), before);
    let fees = "currency = \"EUR\"\n[base]\nmain = 10\n";
    assert_eq!(
        desk.set_fees(&origin(), "fees.toml", fees).unwrap().rules,
        0
    );
}
