//! Standings, crosstables, TRF export and the log of an event.

mod common;

use arbiter_desk::{CrosstableRequest, ErrorKind, StandingsRequest};
use arbiter_model::Points;
use common::{memory, origin, players};

/// Round 1 of four players is 1-3 (1-0) and 4-2 (½): 1 leads with 1.0, 2
/// and 4 share second place on 0.5, 3 is fourth.
fn one_round() -> arbiter_desk::Desk {
    let mut desk = memory("dutch", 9);
    players(&mut desk, 4);
    desk.pair_next_round(&origin(), None).unwrap();
    desk.record_result(&origin(), None, 1, 1, "1-0").unwrap();
    desk.record_result(&origin(), None, 1, 2, "1/2").unwrap();
    desk
}

#[test]
fn standings_after_the_complete_rounds() {
    let desk = one_round();
    let report = desk.standings(None, &StandingsRequest::default()).unwrap();
    assert_eq!(report.heading.to_string(), "Open — section main");
    let rows: Vec<(u32, u32, String)> = report
        .standings
        .rows
        .iter()
        .map(|r| (r.rank, r.tpn, r.points.to_string()))
        .collect();
    let row = |rank, tpn, points: &str| (rank, tpn, points.to_string());
    assert_eq!(
        rows,
        [
            row(1, 1, "1.0"),
            row(2, 2, "0.5"),
            row(2, 4, "0.5"),
            row(4, 3, "0.0")
        ]
    );
}

/// Issue 10 item 15: counting more rounds than were played is refused.
#[test]
fn standings_requests_are_checked() {
    let desk = one_round();
    for (field, request) in [
        (
            "rounds",
            StandingsRequest {
                rounds: Some("20".into()),
                ..Default::default()
            },
        ),
        (
            "rounds",
            StandingsRequest {
                rounds: Some("0".into()),
                ..Default::default()
            },
        ),
        (
            "tiebreaks",
            StandingsRequest {
                tiebreaks: Some("BH/X9".into()),
                ..Default::default()
            },
        ),
        (
            "preset",
            StandingsRequest {
                preset: Some("xx-000".into()),
                ..Default::default()
            },
        ),
        (
            "edition",
            StandingsRequest {
                edition: Some("1999".into()),
                ..Default::default()
            },
        ),
    ] {
        let e = desk.standings(None, &request).unwrap_err();
        assert_eq!(
            (e.kind(), e.field()),
            (ErrorKind::InvalidInput, Some(field)),
            "{e}"
        );
    }
    let e = desk
        .standings(
            None,
            &StandingsRequest {
                rounds: Some("20".into()),
                ..Default::default()
            },
        )
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "rounds: 20: Open — section main has 1 round(s) played of 9; count 1 to 1"
    );
    let e = desk
        .crosstable(
            None,
            &CrosstableRequest {
                layout: Some("diagonal".into()),
                ..Default::default()
            },
        )
        .unwrap_err();
    assert_eq!(e.field(), Some("layout"));
    let table = desk
        .crosstable(None, &CrosstableRequest::default())
        .unwrap();
    assert_eq!(table.tournament.entrants.len(), 4);
}

/// The export holds the complete rounds and reads back to the same scores.
#[test]
fn the_export_reads_back() {
    let mut desk = one_round();
    desk.pair_next_round(&origin(), None).unwrap();
    desk.record_result(&origin(), None, 2, 1, "0-1").unwrap();
    let export = desk.export_trf(None).unwrap();
    assert_eq!((export.rounds, export.incomplete), (1, Some((2, 1))));
    let doc = arbiter_trf::parse(&export.text).unwrap();
    assert!(arbiter_trf::validate(&doc, &arbiter_standings::parse_list).is_empty());
    let t = &doc.tournament;
    let scores: Vec<Points> = (1..=4).map(|tpn| t.score_after(tpn, 1)).collect();
    assert_eq!(scores, [Points(10), Points(5), Points(0), Points(5)]);
    assert_eq!(t.system.as_deref(), Some("FIDE_DUTCH_2025"));
}

#[test]
fn the_log_shows_commands_corrections_and_undos() {
    let mut desk = one_round();
    desk.record_result(&origin(), None, 1, 2, "0-1").unwrap();
    desk.withdraw(&origin(), 3, None).unwrap();
    desk.undo(&origin()).unwrap();
    let log = desk.log().unwrap();
    assert_eq!(log[0].line, "test");
    let all: Vec<_> = log.iter().flat_map(|c| &c.entries).collect();
    let correction = all
        .iter()
        .find(|e| e.summary.ends_with("board 2: 0-1"))
        .unwrap();
    assert_eq!(
        correction.correction_of,
        Some(arbiter_model::journal::GameResult::Draw)
    );
    let withdrawal = all
        .iter()
        .find(|e| {
            e.summary
                .starts_with("withdrew Player03, Test (3) from round 2")
        })
        .unwrap();
    let undo = all.last().unwrap();
    assert_eq!(withdrawal.undone_by, Some(undo.seq));
    assert_eq!(undo.summary, format!("undo of #{}", withdrawal.seq));
}
