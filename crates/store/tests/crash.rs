//! SIGKILL during the creation of a large event (issue 10 item 3): after a
//! kill at any moment the name holds either nothing or the complete event,
//! a creation that reported success is there whole, and the next creation
//! in the folder sweeps what the killed one left.
//!
//! Runs without the test harness: the same binary is the parent and, with
//! `ARBITER_CRASH_CHILD` set, the child that creates one event and says so.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

use arbiter_store::testing::scratch;
use arbiter_store::{Backoff, JournalStore, SqliteStore, StoreError};
use common::{created, withdrawal};

/// Entries of the first command (an import's size).
const ENTRIES: u32 = 20_000;
const TRIALS: u32 = 16;

fn first_command() -> Vec<arbiter_model::journal::Event> {
    std::iter::once(created("Crash"))
        .chain((1..ENTRIES).map(withdrawal))
        .collect()
}

fn child(path: &Path) {
    SqliteStore::create_with(path, "arbiter import trf big.trf", &first_command())
        .expect("create the event");
    println!("created");
}

/// `None` when nothing is at `path`, else the number of entries of the
/// sound event there.
fn inspect(path: &Path) -> Option<usize> {
    if !path.exists() {
        return None;
    }
    let mut s = SqliteStore::open(path).expect("what is there opens as an event");
    assert_eq!(s.integrity_check().unwrap(), "ok");
    Some(s.entries().unwrap().len())
}

fn main() {
    if let Some(path) = std::env::var_os("ARBITER_CRASH_CHILD") {
        child(Path::new(&path));
        return;
    }
    let dir = scratch("store-crash");
    let spawn = |name: &str| {
        Command::new(std::env::current_exe().unwrap())
            .env("ARBITER_CRASH_CHILD", dir.join(name))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    let start = Instant::now();
    let reference = spawn("reference.arb").wait_with_output().unwrap();
    let full = start.elapsed();
    assert!(reference.status.success());
    assert_eq!(inspect(&dir.join("reference.arb")), Some(ENTRIES as usize));
    // Kill times spread over the whole command, with random jitter.
    let mut jitter = Backoff::new(full, full, 3 * TRIALS + 2);
    let (mut absent, mut complete, mut reported, mut mid_build) = (0, 0, 0, 0);
    // More rounds only if the machine's timing made every kill miss.
    for trial in 0..3 * TRIALS {
        if trial >= TRIALS && mid_build > 0 {
            break;
        }
        let name = format!("killed-{trial}.arb");
        let mut child = spawn(&name);
        let at = full.mul_f64(0.3 + f64::from(trial % TRIALS) / f64::from(TRIALS))
            + jitter.next_delay().unwrap_or_default() / 10;
        std::thread::sleep(at);
        let _ = child.kill(); // SIGKILL
        let out = child.wait_with_output().unwrap();
        let said_done = String::from_utf8_lossy(&out.stdout).contains("created");
        match inspect(&dir.join(&name)) {
            None => {
                assert!(!said_done, "trial {trial}: a reported creation is missing");
                absent += 1;
            }
            Some(n) => {
                assert_eq!(n, ENTRIES as usize, "trial {trial}: a partial event");
                complete += 1;
            }
        }
        reported += u32::from(said_done);
        mid_build += u32::from(stale(&dir) > 0);
        // A stale temporary file does not block the name; an event does.
        let exists = dir.join(&name).exists();
        let retry = SqliteStore::create_with(&dir.join(&name), "again", &[created("Again")]);
        match retry {
            Ok(_) => assert!(!exists),
            Err(StoreError::AlreadyExists { .. }) => assert!(exists),
            Err(e) => panic!("trial {trial}: {e}"),
        }
    }
    // The last creation swept every stale temporary file.
    SqliteStore::create_with(&dir.join("last.arb"), "new", &[created("Last")]).unwrap();
    assert_eq!(stale(&dir), 0, "stale temporary files were left");
    println!(
        "crash test: creation of {ENTRIES} entries takes {full:?}; {} kills: \
         {absent} left no event, {complete} a complete one ({reported} had reported success), \
         0 a partial one; {mid_build} left a temporary file behind",
        absent + complete
    );
    assert!(mid_build > 0, "no kill landed inside a creation");
}

/// Hidden temporary files in `dir`.
fn stale(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with('.')
        })
        .count()
}
