use super::*;
use crate::testing::scratch;

fn created(name: &str) -> Event {
    Event::EventCreated { name: name.into() }
}

/// No message of the store quotes SQL.
fn assert_plain(e: &StoreError) {
    let text = e.to_string();
    for word in [
        "SELECT",
        "INSERT",
        "PRAGMA",
        "CREATE",
        "UPDATE",
        "sqlite_master",
    ] {
        assert!(!text.contains(word), "SQL in the message: {text}");
    }
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn appends_and_reads_back() {
    let dir = scratch("sqlite-basic");
    let path = dir.join("a.arb");
    let mut s = SqliteStore::create(&path).unwrap();
    assert_eq!(
        s.append(0, "arbiter new", &[created("Open")]).unwrap(),
        vec![1]
    );
    drop(s);
    let mut s = SqliteStore::open(&path).unwrap();
    let e = s.entries().unwrap();
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].event, created("Open"));
    assert_eq!(e[0].command.line, "arbiter new");
    assert_eq!(s.schema_version().unwrap(), migrations::latest());
    assert_eq!(s.integrity_check().unwrap(), "ok");
}

#[test]
fn the_journal_refuses_updates_and_deletes() {
    let dir = scratch("sqlite-append-only");
    let path = dir.join("b.arb");
    let mut s = SqliteStore::create_with(&path, "new", &[created("X")]).unwrap();
    assert!(s.conn.execute("DELETE FROM journal", []).is_err());
    assert!(s.conn.execute("UPDATE journal SET kind = 'x'", []).is_err());
    assert!(s.conn.execute("DELETE FROM commands", []).is_err());
    assert_eq!(s.entries().unwrap().len(), 1);
}

#[test]
fn create_with_stores_the_first_command_in_a_complete_file() {
    let dir = scratch("sqlite-create");
    let path = dir.join("ev.arb");
    let events = [created("Open"), Event::Undone { seq: 1 }];
    let mut s = SqliteStore::create_with(&path, "arbiter new ev.arb", &events).unwrap();
    let entries = s.entries().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].command.id, 1);
    assert_eq!(entries[1].command.line, "arbiter new ev.arb");
    drop(s);
    // The file is self-contained: nothing beside it.
    assert_eq!(files_in(&dir), ["ev.arb"]);
    let again = SqliteStore::create_with(&path, "again", &[created("Other")]);
    assert!(matches!(again, Err(StoreError::AlreadyExists { .. })));
    assert_eq!(
        SqliteStore::open(&path).unwrap().entries().unwrap(),
        entries
    );
    let nowhere = dir.join("missing-folder").join("ev.arb");
    let e = SqliteStore::create_with(&nowhere, "new", &[created("X")])
        .err()
        .unwrap();
    assert!(e.to_string().contains("its folder does not exist"), "{e}");
    assert_eq!(files_in(&dir), ["ev.arb"]);
}

/// A creation that fails once the file has its name (here its opening:
/// SQLite cannot make the `-wal` file where a folder stands, as on a disk
/// too full for it) takes the file away again: a failure leaves no event.
#[test]
fn a_creation_that_cannot_open_its_file_leaves_no_event() {
    let dir = scratch("sqlite-create-unopenable");
    let path = dir.join("ev.arb");
    std::fs::create_dir(dir.join("ev.arb-wal")).unwrap();
    let e = SqliteStore::create_with(&path, "arbiter new ev.arb", &[created("Open")])
        .err()
        .unwrap();
    assert!(!matches!(e, StoreError::AlreadyExists { .. }), "{e}");
    assert_eq!(files_in(&dir), ["ev.arb-wal"]);
    std::fs::remove_dir(dir.join("ev.arb-wal")).unwrap();
    SqliteStore::create_with(&path, "arbiter new ev.arb", &[created("Open")]).unwrap();
}

#[test]
fn other_files_are_refused_with_plain_messages() {
    let dir = scratch("sqlite-others");
    let text = dir.join("c.txt");
    std::fs::write(
        &text,
        "hello, this is not a database at all, just some text",
    )
    .unwrap();
    let empty = dir.join("empty.arb");
    std::fs::write(&empty, "").unwrap();
    for open in [SqliteStore::open, SqliteStore::open_read_only] {
        for path in [&text, &empty] {
            let e = open(path).err().unwrap();
            assert!(matches!(e, StoreError::NotAnEvent { .. }), "{e}");
            assert_plain(&e);
        }
        assert!(matches!(
            open(&dir.join("missing.arb")),
            Err(StoreError::NotFound { .. })
        ));
        let e = open(&dir).err().unwrap();
        assert!(matches!(e, StoreError::IsADirectory { .. }), "{e}");
        assert!(e.to_string().ends_with("is a folder, not an event file"));
    }
    // Refusing them changed nothing.
    assert_eq!(std::fs::metadata(&empty).unwrap().len(), 0);
    assert_eq!(files_in(&dir), ["c.txt", "empty.arb"]);
}

/// A SQLite file of another program that happens to carry Arbiter's
/// application id: refused, byte for byte unchanged, no WAL switch.
#[test]
fn a_foreign_file_with_our_application_id_is_not_modified() {
    let dir = scratch("sqlite-foreign");
    let path = dir.join("foreign.db");
    {
        let c = Connection::open(&path).unwrap();
        c.pragma_update(None, "application_id", APPLICATION_ID)
            .unwrap();
        c.execute_batch("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('mine');")
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    for open in [SqliteStore::open, SqliteStore::open_read_only] {
        let e = open(&path).err().unwrap();
        assert!(
            matches!(&e, StoreError::NotAnEvent { detail, .. } if detail == "it has no journal"),
            "{e}"
        );
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert_eq!(files_in(&dir), ["foreign.db"]);
}

#[test]
fn reading_changes_nothing() {
    let dir = scratch("sqlite-read");
    let path = dir.join("ev.arb");
    SqliteStore::create_with(&path, "new", &[created("Open")]).unwrap();
    let before = std::fs::read(&path).unwrap();
    let mut s = SqliteStore::open_read_only(&path).unwrap();
    assert_eq!(s.entries().unwrap().len(), 1);
    assert_eq!(s.last_seq().unwrap(), 1);
    // A read-only store refuses to write, in words.
    let e = s.append(1, "x", &[created("No")]).unwrap_err();
    assert!(matches!(e, StoreError::ReadOnly { .. }), "{e}");
    assert_plain(&e);
    drop(s);
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

/// Makes `path` unwritable even for root (`chattr +i`, else mode 0444);
/// `false` if the file can still be written (then the test cannot check).
fn write_protect(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o444)).unwrap();
    if rustix::process::geteuid().is_root() {
        let _ = std::process::Command::new("chattr")
            .arg("+i")
            .arg(path)
            .status();
    }
    std::fs::OpenOptions::new().append(true).open(path).is_err()
}

fn unprotect(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::process::Command::new("chattr")
        .arg("-i")
        .arg(path)
        .stderr(std::process::Stdio::null())
        .status();
    let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o644));
}

#[test]
fn a_write_protected_event_can_be_read() {
    let dir = scratch("sqlite-protected folder #1?");
    let path = dir.join("ev 100%.arb");
    SqliteStore::create_with(&path, "new", &[created("Open")]).unwrap();
    if !write_protect(&path) {
        unprotect(&path);
        eprintln!("note: SKIPPED: cannot write-protect a file here");
        return;
    }
    let read = SqliteStore::open_read_only(&path).and_then(|mut s| s.entries());
    let write = SqliteStore::open(&path).err();
    unprotect(&path);
    assert_eq!(read.unwrap().len(), 1);
    // Not even SQLite's companion files were made beside it.
    assert_eq!(files_in(&dir), ["ev 100%.arb"]);
    let e = write.expect("opening a write-protected event to write fails");
    assert!(matches!(e, StoreError::ReadOnly { .. }), "{e}");
    assert!(e.to_string().contains("write-protected"), "{e}");
    assert_plain(&e);
}

/// An event in a write-protected folder (say, a read-only share) is read
/// without making anything beside it.
#[test]
fn an_event_in_a_write_protected_folder_can_be_read() {
    let dir = scratch("sqlite-protected-folder");
    let inner = dir.join("share");
    std::fs::create_dir(&inner).unwrap();
    let path = inner.join("ev.arb");
    SqliteStore::create_with(&path, "new", &[created("Open")]).unwrap();
    // Root ignores mode bits: a read-only bind mount protects the folder.
    let mounted = rustix::process::geteuid().is_root()
        && std::process::Command::new("mount")
            .args(["--bind", "-o", "ro"])
            .arg(&inner)
            .arg(&inner)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
    if !mounted {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o555)).unwrap();
    }
    let protected = rustix::fs::access(&inner, rustix::fs::Access::WRITE_OK).is_err();
    let read = SqliteStore::open_read_only(&path).and_then(|mut s| s.entries());
    let files = files_in(&inner);
    if mounted {
        let _ = std::process::Command::new("umount").arg(&inner).status();
    } else {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&inner, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    if !protected {
        eprintln!("note: SKIPPED: cannot write-protect a folder here");
        return;
    }
    assert_eq!(read.unwrap().len(), 1);
    assert_eq!(files, ["ev.arb"]);
}

/// A creation killed mid-way leaves a hidden temporary file: it does not
/// block the next creation, is not an event, and is swept by it.
#[test]
fn a_stale_temporary_file_neither_blocks_nor_passes_for_an_event() {
    let dir = scratch("sqlite-stale");
    let stale = dir.join(format!(
        ".ev.arb.arbiter-new.{}.{}.{:016x}",
        rustix::system::uname().nodename().to_string_lossy(),
        i32::MAX,
        1
    ));
    {
        // What a kill inside the creating transaction leaves: schema rows
        // in a hot journal, no application id committed.
        let mut c = Connection::open(&stale).unwrap();
        let tx = c.transaction().unwrap();
        apply_migrations(&tx, &stale, 0).unwrap();
        tx.commit().unwrap();
    }
    let e = SqliteStore::open_read_only(&stale).err().unwrap();
    assert!(matches!(e, StoreError::NotAnEvent { .. }), "{e}");
    let path = dir.join("ev.arb");
    SqliteStore::create_with(&path, "new", &[created("Open")]).unwrap();
    assert_eq!(files_in(&dir), ["ev.arb"]);
}

#[test]
fn create_from_keeps_seqs_commands_times_and_lines() {
    let dir = scratch("sqlite-create-from");
    let mut a = SqliteStore::create_with(&dir.join("a.arb"), "first", &[created("A")]).unwrap();
    a.append(1, "second", &[Event::Undone { seq: 1 }]).unwrap();
    let entries = a.entries().unwrap();
    let mut b = SqliteStore::create_from(&dir.join("b.arb"), &entries).unwrap();
    assert_eq!(b.entries().unwrap(), entries);
}

#[test]
fn a_watch_sees_what_other_connections_append() {
    let dir = scratch("sqlite-watch");
    let path = dir.join("ev.arb");
    let mut writer = SqliteStore::create_with(&path, "new", &[created("Open")]).unwrap();
    let mut watch = SqliteWatch::new(&path).unwrap();
    assert_eq!(watch.last_seq(), 1);
    assert_eq!(watch.poll().unwrap(), None);
    writer
        .append(1, "two", &[Event::Undone { seq: 1 }])
        .unwrap();
    assert_eq!(watch.poll().unwrap(), Some(2));
    assert_eq!(watch.poll().unwrap(), None);
    writer
        .append(2, "three", &[created("A"), created("B")])
        .unwrap();
    assert_eq!(watch.poll().unwrap(), Some(4));
}
