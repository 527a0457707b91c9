//! The desk over a real SQLite event file: reopening, read-only queries,
//! another writer in between, output files, TRF import.

mod common;

use std::path::Path;

use arbiter_desk::{Desk, ErrorKind, Origin, write_file};
use common::{file, folder, origin, player, players};

#[test]
fn a_desk_can_move_to_another_thread() {
    fn send<T: Send>(_: &T) {}
    let dir = folder();
    let (desk, _) = file(&dir, "dutch", 5);
    send(&desk);
    let summary = std::thread::spawn(move || desk.summary()).join().unwrap();
    assert_eq!(summary.info.name, "Open");
}

#[test]
fn commands_survive_reopening_and_queries_do_not_write() {
    let dir = folder();
    let (mut desk, path) = file(&dir, "dutch", 5);
    players(&mut desk, 4);
    drop(desk);
    let mut desk = Desk::open(&path).unwrap();
    let view = desk
        .pair_next_round(&Origin::command_line(["arbiter", "pair", "x.arb"]), None)
        .unwrap();
    assert_eq!(view.boards.len(), 2);
    let mut read = Desk::open_read_only(&path).unwrap();
    assert_eq!(read.pairings(None, None).unwrap(), view);
    let log = read.log().unwrap();
    assert_eq!(log.last().unwrap().line, "arbiter pair x.arb");
    let e = read
        .add_player(&origin(), None, &player("Late, Entry", 1500))
        .unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Internal);
}

/// Another writer appended between this desk's fold and its command: the
/// command folds again and runs on the new state.
#[test]
fn a_concurrent_writer_is_waited_for_and_folded() {
    let dir = folder();
    let (mut first, path) = file(&dir, "dutch", 5);
    let mut second = Desk::open(&path).unwrap();
    assert_eq!(
        second
            .add_player(&origin(), None, &player("A, A", 2000))
            .unwrap()
            .id,
        1
    );
    // `first` still holds the journal without A.
    assert_eq!(
        first
            .add_player(&origin(), None, &player("B, B", 1900))
            .unwrap()
            .id,
        2
    );
    let list = Desk::open_read_only(&path).unwrap().players(None).unwrap();
    let names: Vec<&str> = list.rows.iter().map(|r| r.player.name.as_str()).collect();
    assert_eq!(names, ["A, A", "B, B"]);
}

/// An output aimed at a pipe (or a device such as `/dev/null`) is written
/// into it: no temporary file is renamed over it, so it stays a pipe.
#[test]
fn an_output_into_a_pipe_keeps_the_pipe() {
    use std::os::unix::fs::FileTypeExt;
    let dir = folder();
    let fifo = dir.path().join("pairing.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    write_file(&fifo, b"2\n1 2\n").unwrap();
    assert_eq!(reader.join().unwrap(), "2\n1 2\n");
    let kind = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(kind.is_fifo(), "{kind:?}");
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, [std::ffi::OsString::from("pairing.fifo")]);
}

/// Issue 10 item 1: an output never replaces an event file, also through
/// a symbolic link; other files are replaced whole.
#[test]
fn outputs_never_replace_an_event() {
    let dir = folder();
    let (desk, path) = file(&dir, "dutch", 5);
    let before = std::fs::read(&path).unwrap();
    let text = desk.export_trf(None).unwrap().text;
    let e = write_file(&path, text.as_bytes()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Refused);
    assert!(e.to_string().contains("is an event file"), "{e}");
    let link = dir.path().join("link.trf");
    std::os::unix::fs::symlink(&path, &link).unwrap();
    let e = write_file(&link, text.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("reached through"), "{e}");
    assert_eq!(std::fs::read(&path).unwrap(), before);

    let out = dir.path().join("out.trf");
    std::fs::write(&out, "old").unwrap();
    write_file(&out, text.as_bytes()).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    let other = dir.path().join("other.trf");
    std::fs::write(&other, "old").unwrap();
    let to_other = dir.path().join("to-other.trf");
    std::os::unix::fs::symlink("other.trf", &to_other).unwrap();
    write_file(&to_other, b"new").unwrap();
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "new");
    assert!(
        std::fs::symlink_metadata(&to_other)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let leftovers = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".tmp")
        })
        .count();
    assert_eq!(leftovers, 0);
    let e = write_file(&dir.path().join("no/such/folder/x.trf"), b"x").unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Storage);
}

/// A corpus file imported as an event exports the same scores.
#[test]
fn a_trf_file_becomes_an_event() {
    let corpus = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/dutch/small-102242150.trf"
    ));
    let doc = arbiter_desk::read_trf(corpus).unwrap();
    let dir = folder();
    let path = dir.path().join("imported.arb");
    let (desk, imported) = Desk::import_trf(&path, &origin(), "main", &doc).unwrap();
    assert_eq!(
        (imported.players, imported.rounds),
        (doc.tournament.entrants.len(), 5)
    );
    assert!(imported.overrides.is_empty());
    let back = arbiter_trf::parse(&desk.export_trf(None).unwrap().text).unwrap();
    for e in &doc.tournament.entrants {
        let tpn = e.player.tpn;
        assert_eq!(
            back.tournament.score_after(tpn, 5),
            doc.tournament.score_after(tpn, 5),
            "player {tpn}"
        );
    }
    let e = Desk::import_trf(&path, &origin(), "main", &doc)
        .err()
        .unwrap();
    assert_eq!(e.kind(), ErrorKind::Storage);
}

/// A reader kept open sees another writer's entries when it asks, and only
/// folds again when there are some.
#[test]
fn an_open_reader_refreshes_only_when_the_journal_grew() {
    let dir = folder();
    let (mut writer, path) = file(&dir, "dutch", 5);
    let mut reader = Desk::open_read_only(&path).unwrap();
    let before = reader.last_seq();
    assert!(!reader.refresh_if_changed().unwrap());
    players(&mut writer, 2);
    assert!(reader.refresh_if_changed().unwrap());
    assert_eq!(reader.last_seq(), before + 2, "two players, two entries");
    assert_eq!(reader.players(None).unwrap().rows.len(), 2);
    assert!(!reader.refresh_if_changed().unwrap());
}

/// What other programs write of unplayed rounds is imported as written
/// (docs/rules/trf.md): a forfeit won or lost without an opponent, a bye
/// already entered for the round to come, a `240` and an `XXZ` absence for
/// it. The export gives each back.
#[test]
fn forfeits_without_opponent_and_announced_byes_are_imported() {
    let block = |b: &str| format!("{b:>10}");
    let line = |tpn: u32, points: &str, blocks: &[&str]| {
        let rounds: String = blocks.iter().map(|b| block(b)).collect();
        format!(
            "{:<80}{points:>4}{:5}{rounds}",
            format!("001 {tpn:>4}      Player {tpn}"),
            ""
        )
    };
    let text = [
        line(1, "2.0", &["2 w 1", "0000 - +"]),
        line(2, "0.0", &["1 b 0", "0000 - -", "0000 - H"]),
        line(3, "1.0", &["4 w 1", "4 b 0"]),
        line(4, "1.0", &["3 b 0", "3 w 1"]),
        "XXR 4".to_string(),
        "240 F   3    3".to_string(),
        "XXZ 4".to_string(),
    ]
    .join("\n");
    let dir = folder();
    let doc = common::trf_doc(&dir, "in.trf", &text);
    let path = dir.path().join("imported.arb");
    let (desk, imported) = Desk::import_trf(&path, &origin(), "main", &doc).unwrap();
    assert_eq!(imported.rounds, 2);
    let back = arbiter_trf::parse(&desk.export_trf(None).unwrap().text).unwrap();
    let rounds = |tpn: u32| back.tournament.entrant(tpn).unwrap().rounds.clone();
    use arbiter_model::RoundEntry::Forfeit;
    let unpaired = |won| Forfeit {
        opponent: None,
        colour: None,
        won,
    };
    assert_eq!(rounds(1)[1], unpaired(true));
    assert_eq!(rounds(2)[1], unpaired(false));
    assert_eq!(
        [1, 2, 3, 4].map(|tpn| back.tournament.score_after(tpn, 2).tenths()),
        [20, 0, 10, 10]
    );
    let mut announced: Vec<String> = back
        .announced_byes
        .iter()
        .map(|b| format!("{} {:?} {:?}", b.round, b.kind, b.players))
        .collect();
    announced.sort();
    assert_eq!(announced, ["3 Full [3]", "3 Half [2]", "3 Zero [4]"]);
}

/// The export of an imported file gives back its system code as written
/// (`FIDE_DUTCH_2026`, not Arbiter's own spelling) and the records Arbiter
/// does not read, where they stood (docs/rules/trf.md).
#[test]
fn the_system_code_and_unread_records_survive_import() {
    let line = |tpn: u32, points: &str, block: &str| {
        format!(
            "{:<80}{points:>4}{:5}{block:>10}",
            format!("001 {tpn:>4}      Player {tpn}"),
            ""
        )
    };
    let text = [
        "012 Kept".to_string(),
        "182 Some Program 1.0".to_string(),
        "192 FIDE_DUTCH_2026".to_string(),
        line(1, "1.0", "2 w 1"),
        line(2, "0.0", "1 b 0"),
        "XXR 3".to_string(),
        // Forbidden in every round, as an export writes it: no limit.
        "260 1 3 1 2".to_string(),
        "999 a record of another program".to_string(),
    ]
    .join("\n");
    let dir = folder();
    let doc = common::trf_doc(&dir, "in.trf", &text);
    let path = dir.path().join("kept.arb");
    let (desk, _) = Desk::import_trf(&path, &origin(), "main", &doc).unwrap();
    let exported = desk.export_trf(None).unwrap().text;
    let lines: Vec<&str> = exported.split('\r').collect();
    let at = |text: &str| lines.iter().position(|l| *l == text);
    let first_player = lines.iter().position(|l| l.starts_with("001")).unwrap();
    assert!(at("192 FIDE_DUTCH_2026").is_some(), "{lines:?}");
    assert!(
        at("182 Some Program 1.0").unwrap() < first_player,
        "{lines:?}"
    );
    assert!(
        at("999 a record of another program").unwrap() > first_player,
        "{lines:?}"
    );
}
