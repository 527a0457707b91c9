//! The contract every journal backend meets, run against each: memory,
//! SQLite event files and a real PostgreSQL server (see
//! `arbiter_store::testing::postgres`: skipped with a notice when PostgreSQL
//! is not installed, a failure under CI).

mod common;

use std::path::PathBuf;

use arbiter_model::journal::Event;
use arbiter_store::testing::{self, scratch};
use arbiter_store::{
    Entry, JournalStore, MemoryStore, Postgres, PostgresPool, SqliteStore, StoreError, copy_between,
};
use common::{Tally, append_retrying, created, withdrawal};

/// Appends, conflicts, batches, empty commands, restore, last seq.
fn journal_contract(store: &mut dyn JournalStore) {
    let renamed = created("Other");
    assert!(store.entries().unwrap().is_empty());
    assert_eq!(store.last_seq().unwrap(), 0);
    assert_eq!(store.append(0, "new", &[created("Open")]).unwrap(), vec![1]);
    // A writer that folded an older journal is told so, and writes nothing.
    assert!(matches!(
        store.append(0, "late", std::slice::from_ref(&renamed)),
        Err(StoreError::Conflict {
            expected: 0,
            found: 1
        })
    ));
    let batch = [withdrawal(1), Event::Undone { seq: 2 }];
    assert_eq!(store.append(1, "two", &batch).unwrap(), vec![2, 3]);
    let entries = store.entries().unwrap();
    assert_eq!(entries.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(entries[0].event, created("Open"));
    assert_eq!(entries[1].command, entries[2].command);
    assert_ne!(entries[0].command.id, entries[1].command.id);
    assert_eq!(entries[2].command.line, "two");
    assert_eq!(entries[1].event, batch[0]);
    assert_eq!(store.append(3, "empty", &[]).unwrap(), Vec::<u64>::new());
    assert_eq!(store.last_seq().unwrap(), 3);
    // Restoring is for empty journals only.
    assert!(matches!(
        store.restore(&entries),
        Err(StoreError::Conflict {
            expected: 0,
            found: 3
        })
    ));
    assert_eq!(store.entries().unwrap(), entries);
}

/// A copy keeps every seq, command id, time and line.
fn copy_contract(from: &mut dyn JournalStore, to: &mut dyn JournalStore) {
    from.append(0, "arbiter new 'a b'", &[created("Copied")])
        .unwrap();
    from.append(
        1,
        "arbiter player withdraw",
        &[withdrawal(3), withdrawal(4)],
    )
    .unwrap();
    let original = from.entries().unwrap();
    assert_eq!(copy_between(from, to).unwrap(), 3);
    assert_eq!(to.entries().unwrap(), original);
    // The copy goes on from there.
    assert_eq!(to.append(3, "more", &[withdrawal(5)]).unwrap(), vec![4]);
    assert_eq!(to.entries().unwrap()[3].command.id, 3);
}

/// Creates the backend's test event holding the given first command.
type Create<'a> = dyn Fn(&[Event]) -> Result<Box<dyn JournalStore>, StoreError> + Sync + 'a;

/// A new event holds its first command; of eight simultaneous creations of
/// one name exactly one succeeds and the others are told it exists.
fn creation_contract(create: &Create<'_>) {
    let first = [created("Made"), withdrawal(1)];
    let mut store = create(&first).unwrap();
    let entries = store.entries().unwrap();
    assert_eq!(
        entries.iter().map(|e| &e.event).collect::<Vec<_>>(),
        first.iter().collect::<Vec<_>>()
    );
    assert_eq!(entries[0].command, entries[1].command);
    assert_eq!(entries[0].command.line, "arbiter new");
    assert!(matches!(
        create(&first),
        Err(StoreError::AlreadyExists { .. })
    ));
    assert_eq!(store.entries().unwrap(), entries);
}

fn racing_creations(create: &Create<'_>) {
    let outcomes: Vec<Result<Vec<Entry>, StoreError>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..8)
            .map(|i| {
                s.spawn(move || {
                    create(&[created(&format!("racer {i}"))]).and_then(|mut st| st.entries())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let won: Vec<_> = outcomes.iter().filter_map(|o| o.as_ref().ok()).collect();
    assert_eq!(won.len(), 1, "{outcomes:?}");
    assert_eq!(won[0].len(), 1);
    for o in &outcomes {
        assert!(
            matches!(o, Ok(_) | Err(StoreError::AlreadyExists { .. })),
            "{o:?}"
        );
    }
}

/// Eight writers, each with its own connection, append 25 commands each;
/// every command lands exactly once, in a gapless journal.
fn concurrent_writers(open: &(dyn Fn() -> Box<dyn JournalStore> + Sync)) {
    const WRITERS: u32 = 8;
    const COMMANDS: u32 = 25;
    let tallies: Vec<Tally> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..WRITERS)
            .map(|w| {
                s.spawn(move || {
                    let mut store = open();
                    let mut tally = Tally::default();
                    for c in 0..COMMANDS {
                        let id = w * 1000 + c;
                        match append_retrying(
                            &mut *store,
                            &format!("w{w}"),
                            &[withdrawal(id)],
                            &mut tally,
                        ) {
                            Ok(_) => tally.done += 1,
                            Err(e) => panic!("writer {w} command {c}: {e}"),
                        }
                    }
                    tally
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let entries = open().entries().unwrap();
    // One seed entry, then every command once.
    assert_eq!(entries.len() as u32, 1 + WRITERS * COMMANDS);
    assert!(entries.iter().zip(1..).all(|(e, seq)| e.seq == seq));
    let mut ids: Vec<u32> = entries
        .iter()
        .filter_map(|e| match e.event {
            Event::PlayerWithdrawn { id, .. } => Some(id),
            _ => None,
        })
        .collect();
    ids.sort();
    let mut expected: Vec<u32> = (0..WRITERS)
        .flat_map(|w| (0..COMMANDS).map(move |c| w * 1000 + c))
        .collect();
    expected.sort();
    assert_eq!(ids, expected);
    let retries: u32 = tallies.iter().map(|t| t.retries).sum();
    eprintln!("{WRITERS} writers x {COMMANDS} commands: 0 failures, {retries} conflict retries");
}

#[test]
fn memory_store() {
    journal_contract(&mut MemoryStore::default());
    copy_contract(&mut MemoryStore::default(), &mut MemoryStore::default());
}

fn file(dir: &std::path::Path, name: &str) -> PathBuf {
    dir.join(name)
}

#[test]
fn sqlite_store() {
    let dir = scratch("contract-sqlite");
    journal_contract(&mut SqliteStore::create(&file(&dir, "journal.arb")).unwrap());
    copy_contract(
        &mut SqliteStore::create(&file(&dir, "from.arb")).unwrap(),
        &mut SqliteStore::create(&file(&dir, "to.arb")).unwrap(),
    );
    let made = file(&dir, "made.arb");
    creation_contract(&|events: &[Event]| {
        Ok(
            Box::new(SqliteStore::create_with(&made, "arbiter new", events)?)
                as Box<dyn JournalStore>,
        )
    });
    let raced = file(&dir, "raced.arb");
    racing_creations(&|events: &[Event]| {
        Ok(
            Box::new(SqliteStore::create_with(&raced, "arbiter new", events)?)
                as Box<dyn JournalStore>,
        )
    });
    let shared = file(&dir, "shared.arb");
    SqliteStore::create_with(&shared, "new", &[created("Shared")]).unwrap();
    concurrent_writers(&|| Box::new(SqliteStore::open(&shared).unwrap()));
    // Nothing but the events (and no temporary file) is left in the folder.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| !n.ends_with("-wal") && !n.ends_with("-shm"))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "from.arb",
            "journal.arb",
            "made.arb",
            "raced.arb",
            "shared.arb",
            "to.arb"
        ]
    );
}

#[test]
fn postgres_store() {
    let Some(server) = testing::postgres() else {
        return;
    };
    let url = server.fresh_database("contract");
    let db = || Postgres::connect(&url).unwrap();
    journal_contract(&mut db().create_with("journal", "", &[]).unwrap());
    copy_contract(
        &mut db().create_with("from", "", &[]).unwrap(),
        &mut db().create_with("to", "", &[]).unwrap(),
    );
    creation_contract(&|events: &[Event]| {
        Ok(
            Box::new(Postgres::connect(&url)?.create_with("made", "arbiter new", events)?)
                as Box<dyn JournalStore>,
        )
    });
    racing_creations(&|events: &[Event]| {
        Ok(
            Box::new(Postgres::connect(&url)?.create_with("raced", "arbiter new", events)?)
                as Box<dyn JournalStore>,
        )
    });
    db().create_with("shared", "new", &[created("Shared")])
        .unwrap();
    concurrent_writers(&|| Box::new(db().open("shared").unwrap()));
    let names: Vec<String> = db().events().unwrap().into_iter().map(|e| e.name).collect();
    assert_eq!(names, ["from", "journal", "made", "raced", "shared", "to"]);
}

/// The same contract through a server's pool: events borrow one of three
/// connections for each call, eight writers share them.
#[test]
fn pooled_postgres_store() {
    let Some(server) = testing::postgres() else {
        return;
    };
    let url = server.fresh_database("contract_pool");
    let pool = PostgresPool::connect(&url, 3).unwrap();
    journal_contract(&mut pool.create_with("journal", "", &[]).unwrap());
    copy_contract(
        &mut pool.create_with("from", "", &[]).unwrap(),
        &mut pool.create_with("to", "", &[]).unwrap(),
    );
    creation_contract(&|events: &[Event]| {
        Ok(Box::new(pool.create_with("made", "arbiter new", events)?) as Box<dyn JournalStore>)
    });
    racing_creations(&|events: &[Event]| {
        Ok(Box::new(pool.create_with("raced", "arbiter new", events)?) as Box<dyn JournalStore>)
    });
    pool.create_with("shared", "new", &[created("Shared")])
        .unwrap();
    concurrent_writers(&|| Box::new(pool.open("shared").unwrap()));
    let names: Vec<String> = pool.events().unwrap().into_iter().map(|e| e.name).collect();
    assert_eq!(names, ["from", "journal", "made", "raced", "shared", "to"]);
    assert!(matches!(
        pool.open("nothing"),
        Err(StoreError::NotFound { .. })
    ));
}
