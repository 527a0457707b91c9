//! The schema of the journal, as ordered lists of migrations: one for event
//! files (SQLite), one for a PostgreSQL database holding many events.
//!
//! Migration `i` (0-based) takes the schema from version `i` to `i + 1`;
//! the version table holds the version reached. Add new migrations at the
//! end, never edit one that has shipped.

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

/// Ordered migrations (PostgreSQL dialect). One database holds many events:
/// events are rows, and the journal's key is `(event_id, seq)`, which is
/// also what makes a concurrent append fail (optimistic concurrency).
/// Tables carry an `arbiter_` prefix so that the database can hold others.
pub const POSTGRES: &[&str] = &[
    // 1: events and their journals.
    "CREATE TABLE arbiter_schema_version (version INTEGER NOT NULL);
     INSERT INTO arbiter_schema_version (version) VALUES (0);
     CREATE TABLE arbiter_events (
         id         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
         name       TEXT NOT NULL UNIQUE,
         created_at TEXT NOT NULL
     );
     CREATE TABLE arbiter_commands (
         event_id    BIGINT NOT NULL REFERENCES arbiter_events (id),
         id          BIGINT NOT NULL,
         recorded_at TEXT NOT NULL,
         line        TEXT NOT NULL,
         PRIMARY KEY (event_id, id)
     );
     CREATE TABLE arbiter_journal (
         event_id   BIGINT NOT NULL,
         seq        BIGINT NOT NULL,
         command_id BIGINT NOT NULL,
         kind       TEXT NOT NULL,
         payload    JSONB NOT NULL,
         PRIMARY KEY (event_id, seq),
         FOREIGN KEY (event_id, command_id) REFERENCES arbiter_commands (event_id, id)
     );
     CREATE FUNCTION arbiter_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
             RAISE EXCEPTION 'the journal is append-only' USING ERRCODE = 'restrict_violation';
         END $$;
     CREATE TRIGGER arbiter_commands_append_only BEFORE UPDATE OR DELETE ON arbiter_commands
         FOR EACH ROW EXECUTE FUNCTION arbiter_append_only();
     CREATE TRIGGER arbiter_commands_no_truncate BEFORE TRUNCATE ON arbiter_commands
         FOR EACH STATEMENT EXECUTE FUNCTION arbiter_append_only();
     CREATE TRIGGER arbiter_journal_append_only BEFORE UPDATE OR DELETE ON arbiter_journal
         FOR EACH ROW EXECUTE FUNCTION arbiter_append_only();
     CREATE TRIGGER arbiter_journal_no_truncate BEFORE TRUNCATE ON arbiter_journal
         FOR EACH STATEMENT EXECUTE FUNCTION arbiter_append_only();",
];

/// The schema version of event files this build writes.
pub fn latest() -> u32 {
    SQLITE.len() as u32
}

/// The schema version of PostgreSQL databases this build writes.
pub fn latest_postgres() -> u32 {
    POSTGRES.len() as u32
}
