//! The CSV player import on arbitrary bytes, through the desk as every face
//! calls it: an import either registers every row or refuses with an input
//! error (never a panic, never an internal error), and a refused import
//! leaves the event unchanged. libFuzzer's `-rss_limit_mb` and `-timeout`
//! bound memory and time per input (see `.ci/fuzz`).

#![no_main]

use arbiter_desk::{Desk, ErrorKind, NewEvent, Origin, SectionForm};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let origin = Origin::new("fuzz");
    let request = NewEvent {
        name: "Fuzz Open".into(),
        section: "main".into(),
        config: SectionForm {
            rounds: Some("5".into()),
            system: Some("dutch".into()),
            ..SectionForm::default()
        },
    };
    let (mut desk, _) = Desk::create_in_memory(&origin, &request).expect("a new event");
    let before = desk.last_seq();
    match desk.import_players_csv(&origin, None, "fuzz.csv", data) {
        Ok(imported) => {
            let listed = desk.players(None).expect("the player list").rows.len();
            assert_eq!(imported.ids.len(), listed, "every row registered");
        }
        Err(e) => {
            assert_ne!(e.kind(), ErrorKind::Internal, "{e}");
            assert_eq!(desk.last_seq(), before, "a refused import journals nothing");
        }
    }
});
