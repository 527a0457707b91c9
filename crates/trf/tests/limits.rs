//! Size limits (issue 10 items 5 and 6, spec 05 §7.6): every count read
//! from a file is checked before anything is allocated for it. Each case of
//! the issue is reproduced; the reader must refuse it (or read it) within a
//! measured budget of memory, far below what the unchecked reader took
//! (16 GB, an endless loop, 6 GB, 7 GB).

mod common;

use arbiter_trf::{ErrorKind, TrfDocument, TrfError, read};
use common::{codes, measured, player};

/// The most memory reading one of these inputs may take (the largest input
/// is 1 MB).
const MEMORY_BUDGET: usize = 32 << 20;

/// A generous bound against endless loops (a release build reads each of
/// these inputs in milliseconds); performance itself is measured by the
/// fuzz run's figures, not here.
const TIME_BUDGET_SECS: u64 = 10;

/// Reads `text` within the budget.
fn read_within_budget(text: &str) -> Result<TrfDocument, Vec<TrfError>> {
    let (result, usage) = measured(|| read(text.as_bytes(), &codes));
    assert!(
        usage.peak_bytes < MEMORY_BUDGET,
        "{} bytes of memory for a {}-byte input",
        usage.peak_bytes,
        text.len()
    );
    assert!(
        usage.elapsed.as_secs() < TIME_BUDGET_SECS,
        "{:?} for a {}-byte input",
        usage.elapsed,
        text.len()
    );
    result
}

/// The single error reading `text` gives, which must be a size limit.
fn size_limit(text: &str) -> String {
    let errors = read_within_budget(text).expect_err("beyond a limit");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].kind, ErrorKind::SizeLimit, "{}", errors[0]);
    errors[0].to_string()
}

/// Two players who drew round 1, then `extra`.
fn file(extra: &[&str]) -> String {
    let mut lines = vec![
        "012 Limits".to_string(),
        player(1, "0.5", &["2 w ="]),
        player(2, "0.5", &["1 b ="]),
    ];
    lines.extend(extra.iter().map(|s| s.to_string()));
    lines.join("\n") + "\n"
}

#[test]
fn acceleration_over_four_billion_rounds_is_refused() {
    // Issue 10 item 5: aborted allocating 16 GB.
    assert_eq!(
        size_limit(&file(&["250 0000 1.0 1 4000000000 1 2"])),
        "4:16: round 4000000000 is beyond the limit of 99 rounds (field last round)"
    );
}

#[test]
fn acceleration_of_four_billion_players_is_refused() {
    // Issue 10 item 5: looped over every starting rank up to 4e9.
    assert_eq!(
        size_limit(&file(&["250 0000 1.0 1 1 1 4000000000"])),
        "4:20: starting rank 4000000000 is beyond the limit of a TRF (9999) (field last player)"
    );
}

#[test]
fn a_player_line_of_sixty_thousand_rounds_is_refused() {
    // A 600 KB file: one 001 line with 60,000 round blocks (import trf
    // then allocated 6 GB). Round 100 starts at column 1080; its opponent
    // field (right-aligned `2`) reaches column 1085.
    let blocks: Vec<&str> = std::iter::repeat_n("2 w =", 60_000).collect();
    let text = format!(
        "012 Long\n{}\n{}\n",
        player(1, "0.5", &blocks),
        player(2, "0.5", &["1 b ="])
    );
    assert!(text.len() > 600_000);
    assert_eq!(
        size_limit(&text),
        "2:1085: text after round 99: a TRF holds at most 99 rounds (field rounds)"
    );
}

#[test]
fn a_megabyte_of_overlapping_acceleration_reads_within_budget() {
    // A 1 MB file of 250 records, each over every player and 99 rounds
    // (15 s and 7 GB before). Valid: the last record wins everywhere.
    let mut lines = vec!["012 Accelerated".to_string()];
    for tpn in 1..=100 {
        lines.push(player(tpn, "0.0", &[]));
    }
    let mut n = 0;
    while lines.iter().map(|l| l.len() + 1).sum::<usize>() < 1_000_000 {
        let value = if n % 2 == 0 { "1.0" } else { "0.5" };
        lines.push(format!("250      {value:>4} 001 099    1 9999"));
        n += 1;
    }
    lines.push("250       2.0 001 099    1 9999".to_string());
    let doc = read_within_budget(&(lines.join("\n") + "\n")).expect("valid");
    let acc = &doc.tournament.acceleration;
    assert_eq!(acc.len(), 100);
    assert!(
        acc.values()
            .all(|v| v.len() == 99 && v.iter().all(|p| p.tenths() == 20))
    );
}

#[test]
fn later_acceleration_records_win_where_ranges_overlap() {
    let doc = read_within_budget(&file(&[
        "250       1.0 001 003    1    2",
        "250       0.5 002 002    2    2",
    ]))
    .expect("valid");
    let acc = &doc.tournament.acceleration;
    let tenths = |tpn| acc[&tpn].iter().map(|p| p.tenths()).collect::<Vec<_>>();
    assert_eq!(tenths(1), vec![10, 10, 10]);
    assert_eq!(tenths(2), vec![10, 5, 10]);
}

#[test]
fn xxa_values_beyond_round_99_are_refused() {
    let values = " 1.0".repeat(200_000);
    let text = file(&[&format!("XXA    1{values}")]);
    // Round 100's value would start at column 10 + 5 * 99 = 505; each
    // value is a blank then `1.0`, so the first character there is a blank.
    assert_eq!(
        size_limit(&text),
        "4:506: a value after round 99: a TRF holds at most 99 rounds (field XXA)"
    );
}

#[test]
fn total_rounds_and_round_numbers_are_bounded() {
    assert_eq!(
        size_limit(&file(&["142 4000000000"])),
        "4:5: round 4000000000 is beyond the limit of 99 rounds (field total rounds)"
    );
    assert_eq!(
        size_limit(&file(&["XXR 100"])),
        "4:5: round 100 is beyond the limit of 99 rounds (field total rounds)"
    );
    assert_eq!(
        size_limit(&file(&["240 H 100    1"])),
        "4:7: round 100 is beyond the limit of 99 rounds (field round)"
    );
    assert_eq!(
        size_limit(&file(&["260 001 999    1    2"])),
        "4:9: round 999 is beyond the limit of 99 rounds (field last round)"
    );
    let dates = format!("{:<1081}26/01/02", "132");
    assert_eq!(
        size_limit(&file(&[&dates])),
        "4:1082: text after round 99: a TRF holds at most 99 rounds (field round dates)"
    );
}

#[test]
fn starting_ranks_in_lists_are_bounded() {
    assert_eq!(
        size_limit(&file(&["XXP 1 4000000000"])),
        "4:7: starting rank 4000000000 is beyond the limit of a TRF (9999) (field XXP player)"
    );
    assert_eq!(
        size_limit(&file(&["XXZ 10000"])),
        "4:5: starting rank 10000 is beyond the limit of a TRF (9999) (field XXZ player)"
    );
    let digits = "9".repeat(100_000);
    assert_eq!(
        size_limit(&file(&[&format!("240 Z 001 {digits}")])),
        format!("4:11: starting rank {digits} is beyond the limit of a TRF (9999) (field player)")
    );
}

#[test]
fn more_than_9999_player_records_are_refused() {
    let mut lines = vec!["012 Crowd".to_string()];
    for tpn in 1..=9999 {
        lines.push(player(tpn, "0.0", &[]));
    }
    lines.push(player(1, "0.0", &[]));
    assert_eq!(
        size_limit(&(lines.join("\n") + "\n")),
        "10001:1: more than 9999 player records (001): a TRF holds starting ranks 1-9999 (field player record)"
    );
}

#[test]
fn the_budget_measures_what_a_call_holds() {
    let (v, usage) = measured(|| vec![7u8; 4 << 20]);
    assert_eq!(v.len(), 4 << 20);
    assert!(usage.peak_bytes >= 4 << 20, "{usage:?}");
    let (_, usage) = measured(|| ());
    assert!(usage.peak_bytes < 1024, "{usage:?}");
}

/// A file beyond the size a TRF can have is refused by its size before it
/// is read (a sparse file of 64 MiB + 1 takes no room), and a device that
/// never ends is cut off there (README "Size limits of input files").
#[test]
fn a_file_beyond_the_largest_tournament_is_refused_unread() {
    let dir = std::env::temp_dir().join(format!("arbiter-trf-limit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    let big = dir.join("big.trf");
    let file = std::fs::File::create(&big).expect("created");
    file.set_len(arbiter_trf::limits::MAX_FILE_BYTES + 1)
        .expect("sized");
    let (result, usage) = measured(|| arbiter_trf::read_file(&big, &codes));
    let err = result.expect_err("refused");
    assert_eq!(err.kind(), Some(ErrorKind::SizeLimit), "{err}");
    assert!(
        usage.peak_bytes < MEMORY_BUDGET,
        "{} bytes",
        usage.peak_bytes
    );
    assert!(
        err.to_string().contains("1:1: larger than 67108864 bytes"),
        "{err}"
    );
    let endless = arbiter_trf::read_file("/dev/zero", &codes).expect_err("refused");
    assert_eq!(endless.kind(), Some(ErrorKind::SizeLimit), "{endless}");
    std::fs::remove_dir_all(&dir).expect("removed");
}
