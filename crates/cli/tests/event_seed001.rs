//! Acceptance: a 7-round event shaped like seed 001 (family team
//! tournament: teams of 2 relatives with an optional reserve who plays
//! only board 2, at most 2 teams per family, teams of one family never
//! paired, the home team White on board 1 and Black on board 2; ranked by
//! game points, then match points 3/1/0, then the total on board 1), run
//! through the command line only: 14 teams, reserves lined up, an absent
//! team (a bye), a board forfeit and a whole-match forfeit. Its exported
//! TRF-2026 team file must re-check with `arbiter --team-swiss FILE -c`
//! without a difference and read back to the same standings.

mod event_support;

use std::collections::BTreeMap;

use event_support::{match_pairings, ok, refused, registered_id, run, scratch};

const TEAMS: u32 = 14;
const ROUNDS: u32 = 7;
/// Families of two teams: (team, team).
const FAMILIES: [(u32, u32); 5] = [(1, 8), (2, 9), (3, 10), (4, 11), (5, 12)];
/// Teams with a reserve.
const WITH_RESERVE: [u32; 4] = [3, 6, 9, 12];
/// Absent in round 4.
const ABSENT: (u32, u32) = (14, 4);
/// (round, match, board) lost by Black's forfeit.
const BOARD_FORFEIT: (u32, u32, u32) = (2, 2, 2);
/// (round, match) forfeited as a whole, won by the team listed first.
const MATCH_FORFEIT: (u32, u32) = (6, 3);

fn family(team: u32) -> Option<u32> {
    FAMILIES
        .iter()
        .position(|&(a, b)| a == team || b == team)
        .map(|i| i as u32 + 1)
}

/// A deterministic board result: mostly the stronger player (the smaller
/// id) wins, some draws and some upsets.
fn result_of(round: u32, number: u32, board: u32, white: u32, black: u32) -> &'static str {
    match (white * 7 + black * 13 + round * 5 + number * 3 + board) % 9 {
        0 | 1 => "1/2",
        2 => {
            if white < black {
                "0-1"
            } else {
                "1-0"
            }
        }
        _ => {
            if white < black {
                "1-0"
            } else {
                "0-1"
            }
        }
    }
}

/// Points of White and Black (tenths) of a result.
fn points(result: &str) -> (u32, u32) {
    match result {
        "1-0" | "+/-" => (10, 0),
        "0-1" | "-/+" => (0, 10),
        _ => (5, 5),
    }
}

#[test]
fn seed_001_shaped_event_runs_and_replays() {
    let dir = scratch("event-seed001");
    let ev = dir.join("rodziny.arb");
    let e = ev.to_str().unwrap();
    ok(&[
        "new",
        e,
        "--name",
        "Turniej Szachowy Rodzin",
        "--rounds",
        "7",
        "--system",
        "team-swiss",
        "--boards",
        "2",
        "--match-points",
        "3,1,0",
        "--primary",
        "game-points",
        "--colours",
        "WB",
        "--avoid-family-pairings",
        "--max-teams-per-family",
        "2",
        "--reserve-boards",
        "2",
        "--team-size",
        "2-3",
        "--tiebreaks",
        "MPvGP,TBR",
    ]);
    // Players: team by team, board 1, board 2, the reserve.
    let mut rosters: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for t in 1..=TEAMS {
        let size = if WITH_RESERVE.contains(&t) { 3 } else { 2 };
        for b in 0..size {
            let rating = (2150 - 40 * t - 60 * b).to_string();
            let out = ok(&[
                "player",
                "add",
                e,
                "--name",
                &format!("Rodzina{t:02}, Gracz{}", b + 1),
                "--rating",
                &rating,
            ]);
            rosters.entry(t).or_default().push(registered_id(&out));
        }
    }
    let ids = |t: u32| {
        rosters[&t]
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut team_of: BTreeMap<u32, u32> = BTreeMap::new();
    for t in 1..=TEAMS {
        if t == 13 {
            // A third team of family 1 is refused, naming the team and the rule.
            let msg = refused(
                &ev,
                &[
                    "team",
                    "add",
                    e,
                    "--name",
                    "Rodzina13",
                    "--family",
                    "F1",
                    "--players",
                    &ids(13),
                ],
            );
            assert!(
                msg.contains("team 'Rodzina13': family 'F1' already has 2 teams")
                    && msg.contains("at most 2 teams per family"),
                "{msg}"
            );
        }
        let mut args = vec!["team", "add", e, "--name"];
        let name = format!("Rodzina{t:02}");
        args.push(&name);
        let fam = family(t).map(|f| format!("F{f}"));
        if let Some(f) = &fam {
            args.extend(["--family", f]);
        }
        let players = ids(t);
        args.extend(["--players", &players]);
        let out = ok(&args);
        let id: u32 = out
            .strip_prefix("registered team ")
            .and_then(|r| r.split(':').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("not a team registration: {out}"));
        assert_eq!(id, t);
        for p in &rosters[&t] {
            team_of.insert(*p, t);
        }
    }
    // A reserve plays board 2 only.
    let r3 = &rosters[&3];
    let msg = refused(
        &ev,
        &["lineup", e, "2", "3", &format!("{},{}", r3[2], r3[1])],
    );
    assert!(msg.contains("reserve"), "{msg}");

    let (mut gp, mut mp, mut board1) = (
        BTreeMap::<u32, u32>::new(),
        BTreeMap::<u32, u32>::new(),
        BTreeMap::<u32, u32>::new(),
    );
    let mut met: Vec<(u32, u32)> = Vec::new();
    for round in 1..=ROUNDS {
        let r = round.to_string();
        match round {
            2 | 5 => {
                ok(&["lineup", e, &r, "3", &format!("{},{}", r3[0], r3[2])]);
            }
            3 => {
                let r6 = &rosters[&6];
                ok(&["lineup", e, &r, "6", &format!("{},{}", r6[1], r6[2])]);
            }
            4 => {
                ok(&["team", "absent", e, &ABSENT.0.to_string(), "--round", &r]);
            }
            _ => {}
        }
        ok(&["pair", e]);
        let rows = match_pairings(&ev, round);
        let mut scores: BTreeMap<u32, (u32, u32, u32, u32)> = BTreeMap::new();
        for &(m, board, wt, bt, white, black) in &rows {
            if board == 0 {
                // The bye: a drawn match, 1 MP and ½ on each board.
                assert_eq!(round, ABSENT.1, "a bye only with 13 teams");
                *gp.entry(wt).or_default() += 10;
                *mp.entry(wt).or_default() += 1;
                *board1.entry(wt).or_default() += 10;
                continue;
            }
            assert_ne!(wt, bt);
            assert!(
                family(wt).is_none() || family(wt) != family(bt),
                "round {round}: teams {wt} and {bt} of one family meet"
            );
            // 352 WB: the White team has White on board 1, Black on board 2.
            let (w_team, b_team) = if board == 1 { (wt, bt) } else { (bt, wt) };
            assert_eq!(
                team_of[&white], w_team,
                "round {round} match {m} board {board}"
            );
            assert_eq!(
                team_of[&black], b_team,
                "round {round} match {m} board {board}"
            );
            if WITH_RESERVE.contains(&team_of[&white]) || WITH_RESERVE.contains(&team_of[&black]) {
                for p in [white, black] {
                    let roster = &rosters[&team_of[&p]];
                    if roster.len() == 3 && p == roster[2] {
                        assert_eq!(board, 2, "a reserve on board {board}");
                    }
                }
            }
            let result = if (round, m) == MATCH_FORFEIT {
                if board == 1 {
                    ok(&["team", "forfeit", e, &r, &m.to_string(), "+-"]);
                }
                // The team listed first (the White team) wins every board.
                if w_team == wt { "+/-" } else { "-/+" }
            } else if (round, m, board) == BOARD_FORFEIT {
                "+/-"
            } else {
                result_of(round, m, board, white, black)
            };
            if (round, m) != MATCH_FORFEIT {
                ok(&["result", e, &r, &m.to_string(), &board.to_string(), result]);
            }
            let (pw, pb) = points(result);
            let s = scores.entry(m).or_insert((wt, bt, 0, 0));
            if w_team == wt {
                (s.2, s.3) = (s.2 + pw, s.3 + pb);
            } else {
                (s.2, s.3) = (s.2 + pb, s.3 + pw);
            }
            if board == 1 {
                *board1.entry(w_team).or_default() += pw;
                *board1.entry(b_team).or_default() += pb;
            }
        }
        for (_, (a, b, ga, gb)) in scores {
            met.push((a.min(b), a.max(b)));
            *gp.entry(a).or_default() += ga;
            *gp.entry(b).or_default() += gb;
            let (ma, mb) = match ga.cmp(&gb) {
                std::cmp::Ordering::Greater => (3, 0),
                std::cmp::Ordering::Equal => (1, 1),
                std::cmp::Ordering::Less => (0, 3),
            };
            *mp.entry(a).or_default() += ma;
            *mp.entry(b).or_default() += mb;
        }
    }
    // No rematch of a match played over the board.
    let mut sorted = met.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert!(sorted.len() >= met.len() - 1, "rematches: {met:?}");

    // Final ranking: game points, then match points, then board 1.
    let tsv = ok(&["standings", e, "--format", "tsv"]);
    let mut lines = tsv.lines();
    assert_eq!(lines.next(), Some("Rank\tTPN\tName\tPTS\tMPvGP\tTBR"));
    let rows: Vec<(u32, u32, String, String)> = lines
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (
                c[0].parse().unwrap(),
                c[1].parse().unwrap(),
                c[3].into(),
                c[4].into(),
            )
        })
        .collect();
    assert_eq!(rows.len(), TEAMS as usize);
    let key = |t: u32| (gp[&t], mp[&t], board1[&t]);
    for (i, (rank, tpn, pts, mpts)) in rows.iter().enumerate() {
        // Team ids are the team pairing numbers (ratings fall with the id).
        assert_eq!(
            pts,
            &format!("{}.{}", gp[tpn] / 10, gp[tpn] % 10),
            "team {tpn}"
        );
        assert_eq!(mpts, &format!("{}.0", mp[tpn]), "team {tpn}");
        if i > 0 {
            let prev = rows[i - 1].1;
            assert!(
                key(prev) >= key(*tpn),
                "{prev} before {tpn}: {:?} {:?}",
                key(prev),
                key(*tpn)
            );
            if key(prev) > key(*tpn) {
                assert_eq!(*rank as usize, i + 1);
            }
        }
    }

    // The TRF-2026 team file: families as 260, the absent team as 240 (so a
    // file cut back to round 4 still declares it); it re-checks and reads
    // back.
    let trf = dir.join("rodziny.trf");
    ok(&["export", "trf", e, "-o", trf.to_str().unwrap()]);
    let text = std::fs::read_to_string(&trf).unwrap().replace('\r', "\n");
    for record in [
        "192 FIDE_TEAM_TYPEA_GP_MP",
        "352 WB",
        "362 TW 3.0   TD 1.0   TL 0.0",
        "202 MPvGP,TBR",
        "142 7",
    ] {
        assert!(text.contains(record), "{record} missing:\n{text}");
    }
    let forbidden: Vec<&str> = text.lines().filter(|l| l.starts_with("260 ")).collect();
    assert_eq!(forbidden.len(), FAMILIES.len(), "{text}");
    assert!(forbidden.iter().all(|l| l.starts_with("260 001 007 ")));
    assert_eq!(
        text.lines().filter(|l| l.starts_with("310 ")).count(),
        TEAMS as usize
    );
    assert_eq!(text.lines().filter(|l| l.starts_with("330 ")).count(), 1);
    let absent = format!("240 Z {:03} {:>4}", ABSENT.1, ABSENT.0);
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("240 "))
            .collect::<Vec<_>>(),
        [absent.as_str()],
        "{text}"
    );
    assert!(text.lines().any(|l| l.starts_with("320 ")), "{text}");
    let check = run(&["--team-swiss", trf.to_str().unwrap(), "-c"]);
    let report = String::from_utf8_lossy(&check.stdout);
    assert_eq!(check.status.code(), Some(0), "{report}");
    let lines: Vec<&str> = report.lines().filter(|l| !l.is_empty()).collect();
    let expected: Vec<String> = (1..=ROUNDS)
        .map(|r| format!("rodziny: Round #{r}"))
        .collect();
    assert_eq!(lines, expected, "the checker differs:\n{report}");
    assert_eq!(
        ok(&["standings", trf.to_str().unwrap(), "--format", "tsv"]),
        tsv
    );
}
