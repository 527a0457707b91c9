//! Concurrent writers on one event (issue 10 item 12): W processes each
//! enter C commands into the same event at once, the way the CLI does
//! (read the journal, append after its end, on a conflict read again and
//! retry after a backoff delay). Prints, per backend and W: commands,
//! failures, conflict retries, wall time and the children's CPU time.
//!
//! `cargo bench -p arbiter-store --bench writers [-- COMMANDS]`
//! (PostgreSQL: `ARBITER_POSTGRES_URL`, or a throwaway cluster when
//! PostgreSQL is installed).

use std::process::{Command, Stdio};
use std::time::Instant;

use arbiter_model::journal::Event;
use arbiter_store::{Backoff, JournalStore, Postgres, SqliteStore, StoreError, testing};

const WRITER: &str = "ARBITER_BENCH_WRITER";

fn open(target: &str) -> Box<dyn JournalStore> {
    match target.strip_prefix("pg:") {
        Some(url) => Box::new(Postgres::connect(url).unwrap().open("bench").unwrap()),
        None => Box::new(SqliteStore::open(std::path::Path::new(target)).unwrap()),
    }
}

/// One writer process: `commands` commands; prints `done failed retries`.
fn writer(target: &str, id: u32, commands: u32) {
    let (mut done, mut failed, mut retries) = (0, 0, 0);
    for c in 0..commands {
        let event = Event::PlayerWithdrawn {
            id: id * 100_000 + c,
            from_round: 1,
        };
        let mut backoff = Backoff::for_conflicts();
        let outcome = loop {
            // Every attempt reads the event afresh, as a CLI command does.
            let mut store = open(target);
            let after = store.entries().map(|e| e.last().map_or(0, |e| e.seq));
            match after.and_then(|after| store.append(after, "bench", std::slice::from_ref(&event)))
            {
                Err(StoreError::Conflict { .. }) if backoff.wait() => retries += 1,
                other => break other,
            }
        };
        match outcome {
            Ok(_) => done += 1,
            Err(_) => failed += 1,
        }
    }
    println!("{done} {failed} {retries}");
}

fn run(label: &str, target: &str, writers: u32, commands: u32) {
    let start = Instant::now();
    let children: Vec<_> = (0..writers)
        .map(|w| {
            Command::new(std::env::current_exe().unwrap())
                .env(WRITER, format!("{target}\n{w}\n{commands}"))
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let (mut done, mut failed, mut retries) = (0u32, 0u32, 0u32);
    for child in children {
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let n: Vec<u32> = text
            .split_whitespace()
            .filter_map(|t| t.parse().ok())
            .collect();
        assert_eq!(n.len(), 3, "a writer crashed: {text}");
        done += n[0];
        failed += n[1];
        retries += n[2];
    }
    let wall = start.elapsed();
    let cpu = children_cpu();
    let stored = open(target).entries().unwrap().len() as u32 - 1;
    println!(
        "{label:>8} {writers:>3} writers x {commands} commands: {done} done, {failed} failed, \
         {retries} conflict retries, {stored} stored; wall {:.2} s, {:.1} ms/command; \
         children CPU so far {cpu:.2} s",
        wall.as_secs_f64(),
        wall.as_secs_f64() * 1000.0 / f64::from(done.max(1))
    );
    assert_eq!(
        stored, done,
        "a command reported done is missing, or one is there twice"
    );
}

/// User + system CPU seconds of the finished children (`/proc/self/stat`
/// fields `cutime` and `cstime`, in clock ticks of 1/100 s).
fn children_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(13) + ticks(14)) / 100.0
}

fn main() {
    if let Ok(spec) = std::env::var(WRITER) {
        let mut parts = spec.split('\n');
        let (target, id, commands) = (
            parts.next().unwrap(),
            parts.next().unwrap(),
            parts.next().unwrap(),
        );
        writer(target, id.parse().unwrap(), commands.parse().unwrap());
        return;
    }
    let commands: u32 = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(25);
    let dir = testing::scratch("bench-writers");
    let seed = [Event::EventCreated {
        name: "Bench".into(),
    }];
    for writers in [8, 16] {
        let path = dir.join(format!("w{writers}.arb"));
        SqliteStore::create_with(&path, "new", &seed).unwrap();
        run("sqlite", path.to_str().unwrap(), writers, commands);
    }
    if let Some(server) = testing::postgres() {
        for writers in [8, 16] {
            let url = server.fresh_database("bench");
            Postgres::connect(&url)
                .unwrap()
                .create_with("bench", "new", &seed)
                .unwrap();
            run("postgres", &format!("pg:{url}"), writers, commands);
        }
    }
}
