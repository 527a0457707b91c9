//! What only the PostgreSQL backend has: many events in one database,
//! append-only triggers, ordered migrations, optimistic concurrency by the
//! `(event, seq)` key, change notifications, copies to and from event files.

mod common;

use std::time::Duration;

use arbiter_model::journal::Event;
use arbiter_store::testing::{self, scratch};
use arbiter_store::{
    JournalStore, Location, Notifier, Postgres, SqliteStore, StoreError, copy, migrations,
};
use common::{created, withdrawal};

fn database(label: &str) -> Option<String> {
    testing::postgres().map(|s| s.fresh_database(label))
}

#[test]
fn migrations_are_ordered_and_idempotent() {
    let Some(url) = database("migrate") else {
        return;
    };
    let mut db = Postgres::connect(&url).unwrap();
    assert_eq!(db.schema_version().unwrap(), migrations::latest_postgres());
    // Servers starting together all succeed and migrate once.
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| s.spawn(|| Postgres::connect(&url).map(|_| ())))
            .collect();
        for h in handles {
            h.join().unwrap().unwrap();
        }
    });
    let mut raw = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let rows: i64 = raw
        .query_one("SELECT count(*) FROM arbiter_schema_version", &[])
        .unwrap()
        .get(0);
    assert_eq!(rows, 1);
}

#[test]
fn the_journal_refuses_updates_deletes_and_truncation() {
    let Some(url) = database("append_only") else {
        return;
    };
    let mut store = Postgres::connect(&url)
        .unwrap()
        .create_with("ev", "new", &[created("Open")])
        .unwrap();
    let mut raw = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    for sql in [
        "UPDATE arbiter_journal SET kind = 'x'",
        "DELETE FROM arbiter_journal",
        "TRUNCATE arbiter_journal CASCADE",
        "UPDATE arbiter_commands SET line = 'x'",
        "DELETE FROM arbiter_commands",
    ] {
        let e = raw.batch_execute(sql).unwrap_err();
        let db = e.as_db_error().expect("refused by the server");
        assert_eq!(db.message(), "the journal is append-only", "{sql}");
    }
    assert_eq!(store.entries().unwrap().len(), 1);
}

#[test]
fn events_are_rows_listed_by_name() {
    let Some(url) = database("list") else {
        return;
    };
    for name in ["zeta", "alpha", "Open 2026"] {
        Postgres::connect(&url)
            .unwrap()
            .create_with(name, "new", &[created(name)])
            .unwrap();
    }
    let mut store = Postgres::connect(&url).unwrap().open("alpha").unwrap();
    store
        .append(1, "more", &[withdrawal(1), withdrawal(2)])
        .unwrap();
    let mut db = store.into_database();
    let listed: Vec<(String, u64)> = db
        .events()
        .unwrap()
        .into_iter()
        .map(|e| (e.name, e.last_seq))
        .collect();
    assert_eq!(
        listed,
        [
            ("Open 2026".to_string(), 1),
            ("alpha".to_string(), 3),
            ("zeta".to_string(), 1)
        ]
    );
    assert_eq!(db.names().unwrap(), ["Open 2026", "alpha", "zeta"]);
    assert!(db.exists("Open 2026").unwrap());
    assert!(!db.exists("open 2026").unwrap());
    // The journals are separate.
    assert_eq!(db.open("zeta").unwrap().entries().unwrap().len(), 1);
    assert!(matches!(
        Postgres::connect(&url).unwrap().open("missing"),
        Err(StoreError::NotFound { .. })
    ));
}

/// Two writers that folded the same journal: the key lets one through.
#[test]
fn the_event_and_seq_key_decides_between_two_writers() {
    let Some(url) = database("race") else {
        return;
    };
    Postgres::connect(&url)
        .unwrap()
        .create_with("ev", "new", &[created("Open")])
        .unwrap();
    // Hold the first writer's transaction open at the moment of the race by
    // inserting the same key from a raw connection first.
    let mut raw = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    let mut tx = raw.transaction().unwrap();
    tx.batch_execute(
        "INSERT INTO arbiter_commands (event_id, id, recorded_at, line)
             SELECT id, 2, '2026-01-01T00:00:00Z', 'other' FROM arbiter_events WHERE name = 'ev';
         INSERT INTO arbiter_journal (event_id, seq, command_id, kind, payload)
             SELECT id, 2, 2, 'undone', '{\"Undone\":{\"seq\":1}}' FROM arbiter_events WHERE name = 'ev';",
    )
    .unwrap();
    let writer = std::thread::spawn(move || {
        let mut store = Postgres::connect(&url).unwrap().open("ev").unwrap();
        store.append(1, "mine", &[withdrawal(9)])
    });
    std::thread::sleep(Duration::from_millis(300));
    tx.commit().unwrap();
    let outcome = writer.join().unwrap();
    assert!(
        matches!(
            outcome,
            Err(StoreError::Conflict {
                expected: 1,
                found: 2
            })
        ),
        "{outcome:?}"
    );
}

#[test]
fn a_notifier_hears_which_events_changed() {
    let Some(url) = database("notify") else {
        return;
    };
    let mut notifier = Notifier::connect(&url).unwrap();
    assert!(notifier.wait(Duration::from_millis(50)).unwrap().is_empty());
    let mut a = Postgres::connect(&url)
        .unwrap()
        .create_with("a", "new", &[created("A")])
        .unwrap();
    Postgres::connect(&url)
        .unwrap()
        .create_with("b", "new", &[created("B")])
        .unwrap();
    a.append(1, "two", &[withdrawal(1)]).unwrap();
    let mut heard = std::collections::BTreeSet::new();
    while heard.len() < 2 {
        let got = notifier.wait(Duration::from_secs(5)).unwrap();
        assert!(!got.is_empty(), "no notification within 5 s");
        heard.extend(got);
    }
    assert_eq!(heard.into_iter().collect::<Vec<_>>(), ["a", "b"]);
    // Once the last of the three commits is heard, a refused append
    // notifies nothing.
    while !notifier
        .wait(Duration::from_millis(300))
        .unwrap()
        .is_empty()
    {}
    assert!(a.append(0, "late", &[withdrawal(2)]).is_err());
    assert!(
        notifier
            .wait(Duration::from_millis(200))
            .unwrap()
            .is_empty()
    );
}

/// `store copy` both ways: file → PostgreSQL → file, entries identical.
#[test]
fn events_move_between_files_and_postgres() {
    let Some(url) = database("copy") else {
        return;
    };
    let dir = scratch("pg-copy");
    let file = dir.join("open.arb");
    let mut store =
        SqliteStore::create_with(&file, "arbiter new open.arb", &[created("Open")]).unwrap();
    store
        .append(1, "arbiter player withdraw open.arb 3", &[withdrawal(3)])
        .unwrap();
    store
        .append(2, "arbiter undo open.arb", &[Event::Undone { seq: 2 }])
        .unwrap();
    let original = store.entries().unwrap();
    let pg = Location::parse(&format!("{url}#open")).unwrap();
    assert_eq!(copy(&Location::File(file.clone()), &pg).unwrap(), 3);
    let back = dir.join("back.arb");
    assert_eq!(copy(&pg, &Location::File(back.clone())).unwrap(), 3);
    assert_eq!(pg.open().unwrap().entries().unwrap(), original);
    assert_eq!(
        SqliteStore::open(&back).unwrap().entries().unwrap(),
        original
    );
    // Neither side is overwritten.
    assert!(matches!(
        copy(&Location::File(file.clone()), &pg),
        Err(StoreError::AlreadyExists { .. })
    ));
    assert!(matches!(
        copy(&pg, &Location::File(back)),
        Err(StoreError::AlreadyExists { .. })
    ));
}

#[test]
fn an_unreachable_server_is_reported_in_words() {
    // Port 1 on loopback: nothing listens there.
    let e = Postgres::connect("postgres://arbiter:secret@127.0.0.1:1/db")
        .err()
        .unwrap();
    let text = e.to_string();
    assert!(
        text.starts_with("postgres://arbiter@127.0.0.1:1/db: database server: cannot connect"),
        "{text}"
    );
    assert!(!text.contains("secret"), "{text}");
    assert!(matches!(
        Location::parse("postgres://host/db"),
        Err(StoreError::Server { .. })
    ));
}
