//! The schema of an event file, as an ordered list of migrations.
//!
//! Migration `i` (0-based) takes the schema from version `i` to `i + 1`;
//! `schema_version` holds the version reached. Add new migrations at the end,
//! never edit one that has shipped.

/// SQLite `application_id` of Arbiter event files ("ARBI").
pub const APPLICATION_ID: i32 = 0x4152_4249;

/// Ordered migrations (SQLite dialect).
pub const SQLITE: &[&str] = &[
    // 1: the journal.
    "CREATE TABLE schema_version (version INTEGER NOT NULL);
     INSERT INTO schema_version (version) VALUES (0);
     CREATE TABLE commands (
         id          INTEGER PRIMARY KEY,
         recorded_at TEXT NOT NULL,
         line        TEXT NOT NULL
     );
     CREATE TABLE journal (
         seq        INTEGER PRIMARY KEY,
         command_id INTEGER NOT NULL REFERENCES commands (id),
         kind       TEXT NOT NULL,
         payload    TEXT NOT NULL
     );
     CREATE TRIGGER commands_append_only_update BEFORE UPDATE ON commands
         BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
     CREATE TRIGGER commands_append_only_delete BEFORE DELETE ON commands
         BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
     CREATE TRIGGER journal_append_only_update BEFORE UPDATE ON journal
         BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;
     CREATE TRIGGER journal_append_only_delete BEFORE DELETE ON journal
         BEGIN SELECT RAISE(ABORT, 'the journal is append-only'); END;",
];

/// The schema version this build writes.
pub fn latest() -> u32 {
    SQLITE.len() as u32
}
