//! Atomic creation of an event file (issue 10 items 2 and 3).
//!
//! The new event is built completely under a temporary name in the target's
//! folder — schema, first command and application id in one transaction —
//! closed, flushed to disk, and only then linked to its real name, in a way
//! that fails when that name exists. So:
//! * of several concurrent creations of one name exactly one succeeds; the
//!   others get [`StoreError::AlreadyExists`] and leave nothing behind;
//! * a crash at any moment leaves either no event or a complete one (plus,
//!   at worst, a hidden temporary file that the next creation in the folder
//!   removes, once the process that made it is gone);
//! * a temporary file is never taken for an event: its name is hidden and
//!   unique, and until its one transaction commits it carries no
//!   application id.
//!
//! Linking into place tries, in order: a hard link (fails if the name
//! exists), `renameat2(RENAME_NOREPLACE)` for filesystems without hard links,
//! and last a rename under an exclusive `flock` of the folder after checking
//! the name is free (safe among Arbiter processes) for filesystems that have
//! neither.

use std::fs::{self, File};
use std::hash::{BuildHasher, Hasher};
use std::io;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags, Transaction, TransactionBehavior};

use super::errors::AtPath;
use crate::StoreError;
use crate::migrations::APPLICATION_ID;

/// Marks the temporary files of creations: `.NAME.arbiter-new.HOST.PID.NONCE`.
const MARK: &str = ".arbiter-new.";

/// Builds a complete event at `path` whose content `fill` writes inside the
/// creating transaction (after the schema), and opens it with `open`; fails
/// if `path` exists. When anything fails after the file took its name (the
/// folder's sync, or the opening, which needs room for SQLite's `-wal` and
/// `-shm` files on a nearly full disk) the new file is taken away again, so
/// a failure leaves no event.
pub(crate) fn create_atomically<T>(
    path: &Path,
    fill: &dyn Fn(&Transaction) -> Result<(), StoreError>,
    open: impl FnOnce(&Path) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    let shown = || path.display().to_string();
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or_else(|| StoreError::Access {
            path: shown(),
            detail: "not a file name".into(),
        })?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        return Err(StoreError::Access {
            path: shown(),
            detail: "its folder does not exist".into(),
        });
    }
    sweep_stale(&dir);
    if fs::symlink_metadata(path).is_ok() {
        return Err(StoreError::AlreadyExists { path: shown() });
    }
    let temp = TempEvent::new(&dir, name).map_err(|e| io_error(path, &e))?;
    build(&temp.path, fill)?;
    File::open(&temp.path)
        .and_then(|f| f.sync_all())
        .map_err(|e| io_error(path, &e))?;
    let ours = fs::metadata(&temp.path).map_err(|e| io_error(path, &e))?;
    place(&temp.path, path)?;
    // The new name is durable before the command reports success.
    File::open(&dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| io_error(path, &e))
        .and_then(|()| open(path))
        .inspect_err(|_| withdraw(path, &ours, &dir))
}

/// Takes away the file just placed at `path` — only while it is still the
/// one built (`ours`: same device and inode) — with the companions a failed
/// opening may have left.
fn withdraw(path: &Path, ours: &fs::Metadata, dir: &Path) {
    use std::os::unix::fs::MetadataExt;
    let same =
        fs::symlink_metadata(path).is_ok_and(|m| (m.dev(), m.ino()) == (ours.dev(), ours.ino()));
    if !same {
        return;
    }
    let _ = fs::remove_file(path);
    for suffix in ["-wal", "-shm"] {
        let companion = sibling(path, suffix);
        if fs::symlink_metadata(&companion).is_ok_and(|m| m.is_file()) {
            let _ = fs::remove_file(companion);
        }
    }
    let _ = File::open(dir).and_then(|d| d.sync_all());
}

/// Writes the schema, `fill`'s rows and the application id in one
/// transaction, then switches the file to WAL and closes it, leaving one
/// self-contained file.
fn build(
    temp: &Path,
    fill: &dyn Fn(&Transaction) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let mut conn = Connection::open_with_flags(temp, OpenFlags::SQLITE_OPEN_READ_WRITE).at(temp)?;
    conn.pragma_update(None, "synchronous", "FULL").at(temp)?;
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Exclusive)
        .at(temp)?;
    super::apply_migrations(&tx, temp, 0)?;
    fill(&tx)?;
    tx.pragma_update(None, "application_id", APPLICATION_ID)
        .at(temp)?;
    tx.commit().at(temp)?;
    let mode: String = conn
        .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get(0))
        .at(temp)?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(StoreError::Access {
            path: temp.display().to_string(),
            detail: format!("this filesystem cannot hold a WAL database (got {mode})"),
        });
    }
    conn.close().map_err(|(_, e)| e).at(temp)?;
    // Everything must be in the main file: a WAL left beside the temporary
    // name would not follow it to the real one.
    let wal = sibling(temp, "-wal");
    if fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        return Err(StoreError::Access {
            path: temp.display().to_string(),
            detail: "the new file could not be checkpointed".into(),
        });
    }
    Ok(())
}

/// A temporary event file and its SQLite companions, removed when dropped.
struct TempEvent {
    path: PathBuf,
}

impl TempEvent {
    /// Creates an empty file with a name no other creation uses.
    fn new(dir: &Path, name: &str) -> io::Result<TempEvent> {
        let nonce = std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish();
        let path = dir.join(format!(
            ".{name}{MARK}{}.{}.{nonce:016x}",
            host(),
            std::process::id()
        ));
        File::create_new(&path)?;
        Ok(TempEvent { path })
    }
}

impl Drop for TempEvent {
    fn drop(&mut self) {
        remove_with_companions(&self.path);
    }
}

fn remove_with_companions(path: &Path) {
    for suffix in ["", "-journal", "-wal", "-shm"] {
        let _ = fs::remove_file(sibling(path, suffix));
    }
}

pub(crate) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(suffix);
    PathBuf::from(p)
}

/// This machine's name, so that folders shared over a network only have
/// their own machine's stale files swept.
fn host() -> String {
    rustix::system::uname()
        .nodename()
        .to_string_lossy()
        .replace(['/', '.'], "_")
}

/// Removes the temporary files of earlier creations in `dir` whose process
/// (on this machine) is gone: they were killed mid-way.
fn sweep_stale(dir: &Path) {
    let Ok(listing) = fs::read_dir(dir) else {
        return;
    };
    let me = host();
    for entry in listing.flatten() {
        let file = entry.file_name();
        let Some((_, rest)) = file
            .to_str()
            .filter(|f| f.starts_with('.'))
            .and_then(|f| f.split_once(MARK))
        else {
            continue;
        };
        let mut parts = rest.rsplitn(3, '.');
        let (Some(nonce), Some(pid), Some(host)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        if host != me || nonce.len() != 16 {
            continue;
        }
        let alive = pid
            .parse::<i32>()
            .ok()
            .and_then(rustix::process::Pid::from_raw)
            .is_none_or(|p| rustix::process::test_kill_process(p).is_ok());
        if !alive {
            remove_with_companions(&entry.path());
        }
    }
}

/// The ways of giving the finished file its real name, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Placement {
    /// `link(2)`: fails with `EEXIST` if the name exists.
    HardLink,
    /// `renameat2(…, RENAME_NOREPLACE)`.
    RenameNoReplace,
    /// `rename(2)` under an exclusive `flock` of the folder, after checking
    /// that the name is free.
    LockedRename,
}

/// Why one placement did not put the file in place.
#[derive(Debug)]
pub(crate) enum PlaceError {
    Exists,
    /// The filesystem does not offer this placement: try the next one.
    Unsupported,
    Io(io::Error),
}

impl Placement {
    pub(crate) const ALL: [Placement; 3] = [
        Placement::HardLink,
        Placement::RenameNoReplace,
        Placement::LockedRename,
    ];

    /// Gives `temp` the name `path` unless `path` exists. After a hard link
    /// `temp` still exists (the caller removes it).
    pub(crate) fn apply(self, temp: &Path, path: &Path) -> Result<(), PlaceError> {
        let classify =
            |e: io::Error| match e.raw_os_error().map(rustix::io::Errno::from_raw_os_error) {
                _ if e.kind() == io::ErrorKind::AlreadyExists => PlaceError::Exists,
                Some(rustix::io::Errno::PERM)
                | Some(rustix::io::Errno::OPNOTSUPP)
                | Some(rustix::io::Errno::NOSYS)
                | Some(rustix::io::Errno::INVAL)
                | Some(rustix::io::Errno::MLINK) => PlaceError::Unsupported,
                _ => PlaceError::Io(e),
            };
        match self {
            Placement::HardLink => fs::hard_link(temp, path).map_err(classify),
            Placement::RenameNoReplace => rustix::fs::renameat_with(
                rustix::fs::CWD,
                temp,
                rustix::fs::CWD,
                path,
                rustix::fs::RenameFlags::NOREPLACE,
            )
            .map_err(|e| classify(e.into())),
            Placement::LockedRename => {
                let dir = match path.parent() {
                    Some(d) if !d.as_os_str().is_empty() => d,
                    _ => Path::new("."),
                };
                let folder = File::open(dir).map_err(PlaceError::Io)?;
                // Without flock (rare network filesystems) the check and the
                // rename still exclude everything but a simultaneous creation.
                let _ = rustix::fs::flock(&folder, rustix::fs::FlockOperation::LockExclusive);
                if fs::symlink_metadata(path).is_ok() {
                    return Err(PlaceError::Exists);
                }
                fs::rename(temp, path).map_err(PlaceError::Io)
                // The lock is released when `folder` closes.
            }
        }
    }
}

/// Puts `temp` in place at `path` with the first placement the filesystem
/// supports.
fn place(temp: &Path, path: &Path) -> Result<(), StoreError> {
    for placement in Placement::ALL {
        match placement.apply(temp, path) {
            Ok(()) => return Ok(()),
            Err(PlaceError::Unsupported) => continue,
            Err(PlaceError::Exists) => {
                return Err(StoreError::AlreadyExists {
                    path: path.display().to_string(),
                });
            }
            Err(PlaceError::Io(e)) => return Err(io_error(path, &e)),
        }
    }
    Err(StoreError::Access {
        path: path.display().to_string(),
        detail: "this filesystem can neither link nor rename files".into(),
    })
}

fn io_error(path: &Path, e: &io::Error) -> StoreError {
    let path = path.display().to_string();
    match e.kind() {
        io::ErrorKind::PermissionDenied => StoreError::Access {
            path,
            detail: "permission denied (is the folder write-protected?)".into(),
        },
        io::ErrorKind::ReadOnlyFilesystem => StoreError::ReadOnly {
            path,
            detail: "the filesystem is read-only".into(),
        },
        io::ErrorKind::StorageFull => StoreError::Access {
            path,
            detail: "the disk is full".into(),
        },
        _ => StoreError::Access {
            path,
            detail: e.to_string(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> crate::testing::Scratch {
        crate::testing::scratch(&format!("create-{name}"))
    }

    /// Each placement on its own: exactly one of eight racing threads gives
    /// its file the name, the others are told it exists, and the winner's
    /// content is what is there.
    #[test]
    fn each_placement_lets_exactly_one_racer_win() {
        for placement in Placement::ALL {
            let dir = folder(&format!("{placement:?}"));
            let target = dir.join("event.arb");
            let results: Vec<_> = std::thread::scope(|s| {
                let handles: Vec<_> = (0..8)
                    .map(|i| {
                        let (dir, target) = (&dir, &target);
                        s.spawn(move || {
                            let temp = dir.join(format!("t{i}"));
                            fs::write(&temp, format!("racer {i}")).unwrap();
                            (i, placement.apply(&temp, target))
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let winners: Vec<_> = results.iter().filter(|(_, r)| r.is_ok()).collect();
            assert_eq!(winners.len(), 1, "{placement:?}: {results:?}");
            for (_, r) in &results {
                assert!(matches!(r, Ok(()) | Err(PlaceError::Exists)), "{r:?}");
            }
            assert_eq!(
                fs::read_to_string(&target).unwrap(),
                format!("racer {}", winners[0].0)
            );
        }
    }

    #[test]
    fn stale_files_of_dead_processes_are_swept_and_live_ones_kept() {
        let dir = folder("sweep");
        let dead = dir.join(format!(".ev.arb{MARK}{}.{}.{:016x}", host(), i32::MAX, 7));
        let dead_journal = sibling(&dead, "-journal");
        let live = dir.join(format!(
            ".ev.arb{MARK}{}.{}.{:016x}",
            host(),
            std::process::id(),
            7
        ));
        let dead_other_name = dir.join(format!(".b.arb{MARK}{}.{}.{:016x}", host(), i32::MAX, 8));
        let other_host = dir.join(format!(".ev.arb{MARK}elsewhere.{}.{:016x}", i32::MAX, 7));
        let user_file = dir.join(format!("ev.arb{MARK}{}.{}.{:016x}", host(), i32::MAX, 7));
        for p in [
            &dead,
            &dead_journal,
            &dead_other_name,
            &live,
            &other_host,
            &user_file,
        ] {
            fs::write(p, "x").unwrap();
        }
        sweep_stale(&dir);
        assert!(!dead.exists() && !dead_journal.exists() && !dead_other_name.exists());
        assert!(live.exists() && other_host.exists() && user_file.exists());
    }
}
