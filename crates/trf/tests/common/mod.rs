//! Test support of the TRF crate's integration tests: line builders, the
//! tie-break catalogue stand-in, and a measured budget of memory per input.
#![allow(dead_code)] // each test file uses a different part

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::{Duration, Instant};

use arbiter_trf::{TrfDocument, Written};

/// The system allocator, counting the bytes each thread holds and the
/// most it held, so a test measures the memory one call needs.
struct Counting;

thread_local! {
    static HELD: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // `try_with`: nothing to count once the thread's storage is gone.
    let _ = HELD.try_with(|held| {
        let now = held.get() + delta;
        held.set(now);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(now)));
    });
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What one call used: the most memory it held beyond what was held
/// before, and the time it took.
#[derive(Clone, Copy, Debug)]
pub struct Usage {
    pub peak_bytes: usize,
    pub elapsed: Duration,
}

/// Runs `f` on this thread and measures it.
pub fn measured<T>(f: impl FnOnce() -> T) -> (T, Usage) {
    let before = HELD.with(Cell::get);
    PEAK.with(|p| p.set(before));
    let start = Instant::now();
    let out = f();
    let elapsed = start.elapsed();
    let peak = PEAK.with(Cell::get) - before;
    (
        out,
        Usage {
            peak_bytes: peak.max(0) as usize,
            elapsed,
        },
    )
}

/// A 001 line: starting rank, points, then 10-column round blocks.
pub fn player(tpn: u32, points: &str, blocks: &[&str]) -> String {
    let head = format!("001 {tpn:>4}      Player {tpn}");
    let rounds: String = blocks.iter().map(|b| format!("{b:>10}")).collect();
    format!("{head:<80}{points:>4}{:5}{rounds}", "")
}

/// A tie-break catalogue for tests of this crate (the real one is
/// `arbiter_standings::parse_list`, which this crate cannot depend on):
/// accepts a few MTB26 codes, refuses the rest.
pub fn codes(code: &str) -> Result<(), String> {
    match code {
        "BH/C1" | "BH" | "SB" | "DE" | "PS" | "PTS" => Ok(()),
        other => Err(format!("tie-break '{other}': unknown tie-break")),
    }
}

/// The canonical text of `doc`, which must be writable.
pub fn text(doc: &TrfDocument) -> String {
    let Written { text, .. } = arbiter_trf::write(doc).unwrap_or_else(|e| panic!("{e}"));
    text
}
