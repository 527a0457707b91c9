//! The team page of a team section (`/teams`) on the demo's family team
//! cup: 8 teams of 2 boards, teams of one family never paired (Rossi I and
//! II, Ivanov I and II), the home team White on board 1 and Black on
//! board 2 (TRF 352 `WB`), ranked by game points (the section's primary
//! score), round 4 being played.

use std::collections::BTreeMap;

use arbiter_web::i18n::MISSING_MARK;
use axum::http::StatusCode;
use serde_json::Value;

use crate::common::TestServer;

/// The reserves of the demo's cup: teams 2, 5 and 8 register three players
/// (ids 3-5, 10-12, 17-19), the third a reserve, lined up on board 2 in
/// round 2 only.
const RESERVES: [u64; 3] = [5, 12, 19];

/// Game points of a board result for White and Black, in tenths.
fn board_points(result: &str) -> (u32, u32) {
    match result {
        "1-0" | "+/-" => (10, 0),
        "0-1" | "-/+" => (0, 10),
        "1/2" => (5, 5),
        "-/-" => (0, 0),
        other => panic!("not a result: {other}"),
    }
}

fn tenths(p: &str) -> u32 {
    let (whole, tenth) = p.split_once('.').unwrap_or((p, "0"));
    whole.parse::<u32>().unwrap() * 10 + tenth.parse::<u32>().unwrap()
}

#[tokio::test]
async fn the_team_page_in_every_language() {
    let t = TestServer::with_demo();
    for lang in ["en", "it", "pl", "ru"] {
        for page in [
            "/e/team-cup/",
            "/e/team-cup/main/players",
            "/e/team-cup/main/teams",
            "/e/team-cup/main/teams?round=1",
        ] {
            let sep = if page.contains('?') { '&' } else { '?' };
            let path = format!("{page}{sep}lang={lang}");
            let r = t.get(&path).await;
            assert_eq!(r.status, StatusCode::OK, "{path}: {}", r.body);
            assert!(
                !r.body.contains(MISSING_MARK),
                "{path}: a message is missing"
            );
        }
    }
    let page = t.get("/e/team-cup/main/teams?round=2").await;
    // The section's rounds link to its matches, not to boards of individuals.
    assert!(page.body.contains("/e/team-cup/main/teams?round=4"));
    assert!(!page.body.contains("/e/team-cup/main/round/"));
    assert!(page.body.contains("Round 2"));
    let home = t.get("/e/team-cup/").await;
    assert!(home.body.contains("FIDE Swiss Team Pairing System"));
}

#[tokio::test]
async fn matches_follow_the_cup_rules_and_make_the_standings() {
    let t = TestServer::with_demo();
    let team_of_family = |name: &str| name.split(' ').next().unwrap().to_string();
    let mut gp: BTreeMap<u32, u32> = BTreeMap::new();
    let mut reserves: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
    for round in 1..=4 {
        let doc = t
            .json(&format!("/e/team-cup/main/teams?round={round}"))
            .await;
        let r = &doc["round"];
        assert_eq!(r["round"], round);
        let matches = r["matches"].as_array().unwrap();
        assert_eq!(matches.len(), 4, "8 teams: 4 matches, no bye");
        assert!(r["bye"].is_null());
        for m in matches {
            let (w, b) = (&m["white_team"], &m["black_team"]);
            assert_ne!(
                team_of_family(w["name"].as_str().unwrap()),
                team_of_family(b["name"].as_str().unwrap()),
                "round {round}: teams of one family met"
            );
            let boards = m["boards"].as_array().unwrap();
            assert_eq!(boards.len(), 2);
            // WB: the white team has White on board 1, Black on board 2.
            assert_eq!(boards[0]["white_team_has_white"], true);
            assert_eq!(boards[1]["white_team_has_white"], false);
            for (i, bd) in boards.iter().enumerate() {
                for p in [&bd["white"], &bd["black"]] {
                    let id = p["id"].as_u64().unwrap();
                    if RESERVES.contains(&id) {
                        assert_eq!(i, 1, "round {round}: a reserve on board {}", i + 1);
                        reserves.entry(round).or_default().push(id);
                    }
                }
            }
            if round < 4 {
                let (mut sw, mut sb) = (0, 0);
                for (i, bd) in boards.iter().enumerate() {
                    let (pw, pb) = board_points(bd["result"].as_str().unwrap());
                    // Board 1: the white team has White; board 2: Black.
                    if i == 0 {
                        (sw, sb) = (sw + pw, sb + pb);
                    } else {
                        (sw, sb) = (sw + pb, sb + pw);
                    }
                }
                assert_eq!(tenths(m["score"][0].as_str().unwrap()), sw);
                assert_eq!(tenths(m["score"][1].as_str().unwrap()), sb);
                *gp.entry(w["tpn"].as_u64().unwrap() as u32).or_default() += sw;
                *gp.entry(b["tpn"].as_u64().unwrap() as u32).or_default() += sb;
            }
        }
        let forfeits: Vec<&Value> = matches.iter().filter(|m| !m["forfeit"].is_null()).collect();
        if round == 3 {
            // Match 4 is forfeited as a whole; its boards are lost by forfeit.
            assert_eq!(forfeits.len(), 1);
            let f = forfeits[0];
            assert_eq!(f["number"], 4);
            let code = f["forfeit"].as_str().unwrap();
            let boards: Vec<&str> = f["boards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b["result"].as_str().unwrap())
                .collect();
            // Board 1: the white team has White; board 2: Black.
            match code {
                "+-" => assert_eq!(boards, ["+/-", "-/+"]),
                "-+" => assert_eq!(boards, ["-/+", "+/-"]),
                other => panic!("forfeit {other}"),
            }
        } else {
            assert!(forfeits.is_empty(), "round {round}");
        }
        if round == 4 {
            let done = matches
                .iter()
                .filter(|m| {
                    m["boards"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .all(|b| b["result"] != "")
                })
                .count();
            assert_eq!(done, 2, "round 4 is being played");
        }
    }
    let mut round2 = reserves.remove(&2).unwrap_or_default();
    round2.sort();
    assert_eq!(round2, RESERVES, "the reserves play board 2 in round 2");
    assert!(
        reserves.is_empty(),
        "reserves in other rounds: {reserves:?}"
    );
    // The standings after the 3 complete rounds rank by game points.
    let doc = t.json("/e/team-cup/main/teams").await;
    assert_eq!(doc["round"]["round"], 4, "the latest round by default");
    let rows = doc["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    let mut last = u32::MAX;
    for row in rows {
        let tpn = row["tpn"].as_u64().unwrap() as u32;
        let pts = tenths(row["points"].as_str().unwrap());
        assert_eq!(pts, gp[&tpn], "team {tpn}: game points of rounds 1-3");
        assert!(pts <= last, "ranked by game points");
        last = pts;
    }
    let codes: Vec<&str> = doc["standings"]["tiebreaks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["MPvGP", "TBR"]);
}

#[tokio::test]
async fn no_team_page_for_individuals() {
    let t = TestServer::with_demo();
    let r = t.get("/e/city-open/main/teams").await;
    assert!(r.status.is_client_error(), "{}", r.status);
    assert!(r.body.contains("team"), "{}", r.body);
    let r = t.get("/e/team-cup/main/teams?round=9").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = t.get("/e/team-cup/main/teams?round=x").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}
