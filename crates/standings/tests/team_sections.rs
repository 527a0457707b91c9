//! Team sections built by hand: the seed 001 ranking (game points, then
//! match points 3/1/0, then the better total on board 1), computed by hand.

use arbiter_model::team::{MatchPoints, MatchRules, TeamSection};
use arbiter_model::{Colour, Entrant, Outcome, Player, Points, RoundEntry, Team, Tournament};
use arbiter_standings::presets::Preset;
use arbiter_standings::{StandingsOptions, compute_standings};

/// Four teams of two: A {1, 2}, B {3, 4}, C {5, 6}, D {7, 8}; the first
/// team has White on board 1 (352 `WB`).
/// R1: A-B 1-0 on board 1, 0-1 on board 2 (1-1); C-D ½-½ twice (1-1).
/// R2: A-C ½-½ twice; B-D ½-½ twice. Every team 2 GP and 2 MP (3/1/0:
/// two draws); board 1 totals A 1½, C 1, D 1, B ½; board 2 C 1, D 1.
fn seed001_shaped() -> Tournament {
    use Outcome::{Draw, Win};
    let games: [[(u32, u32, Outcome); 4]; 2] = [
        [(1, 3, Win), (4, 2, Win), (5, 7, Draw), (8, 6, Draw)],
        [(1, 5, Draw), (6, 2, Draw), (3, 7, Draw), (8, 4, Draw)],
    ];
    let mut entrants: Vec<Entrant> = (1..=8)
        .map(|tpn| Entrant {
            player: Player {
                tpn,
                name: format!("Player {tpn}"),
                ..Player::default()
            },
            ..Entrant::default()
        })
        .collect();
    for round in games {
        for (white, black, outcome) in round {
            let mut put = |p: u32, opponent, colour, outcome| {
                entrants[p as usize - 1].rounds.push(RoundEntry::Game {
                    opponent,
                    colour,
                    outcome,
                    rated: true,
                })
            };
            put(white, black, Colour::White, outcome);
            put(black, white, Colour::Black, outcome.reversed());
        }
    }
    let mut rules = MatchRules::with_boards(2);
    rules.match_points = MatchPoints {
        win: Points::from_whole(3),
        draw: Points::ONE,
        loss: Points::ZERO,
    };
    rules.system = "FIDE_TEAM_TYPEA_GP_MP".parse().expect("code");
    Tournament {
        entrants,
        teams: ["A", "B", "C", "D"]
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let first = 2 * i as u32 + 1;
                Team::new(Some(i as u32 + 1), *name, vec![first, first + 1])
            })
            .collect(),
        team_section: Some(TeamSection::new(rules)),
        ..Tournament::default()
    }
}

#[test]
fn seed001_preset_ranks_by_board_one_after_gp_and_mp() {
    let t = seed001_shaped();
    let preset = Preset::find("pl-001").expect("preset");
    let opts = StandingsOptions {
        tiebreaks: Some(preset.tiebreaks()),
        ..StandingsOptions::default()
    };
    let s = compute_standings(&t, &opts).expect("standings");
    let table: Vec<(String, u32, String, String)> = s
        .rows
        .iter()
        .map(|r| {
            (
                r.name.clone(),
                r.rank,
                r.points.to_string(),
                r.values[0].to_string(),
            )
        })
        .collect();
    let row = |n: &str, rank, pts: &str, mp: &str| (n.to_string(), rank, pts.into(), mp.into());
    assert_eq!(
        table,
        [
            row("A", 1, "2.0", "2.0"),
            row("C", 2, "2.0", "2.0"),
            row("D", 2, "2.0", "2.0"),
            row("B", 4, "2.0", "2.0"),
        ]
    );
    // TBR is a place inside the tied group: A 1, C and D 2, B 4.
    let tbr: Vec<String> = s.rows.iter().map(|r| r.values[1].to_string()).collect();
    assert_eq!(tbr, ["1", "2", "2", "4"]);
}

/// Team keys need a team section.
#[test]
fn team_keys_are_refused_for_individuals() {
    let mut t = seed001_shaped();
    t.team_section = None;
    let opts = StandingsOptions {
        tiebreaks: Some(arbiter_standings::parse_list("BH:MP").expect("code")),
        ..StandingsOptions::default()
    };
    let e = compute_standings(&t, &opts).unwrap_err();
    assert!(e.to_string().contains("'BH:MP' is a team tie-break"), "{e}");
}

#[test]
fn board_results_and_crosstable_of_matches() {
    use arbiter_standings::teams::{board_results, match_crosstable, render_match_crosstable};
    let t = seed001_shaped();
    let boards: Vec<(u32, u32, String)> = board_results(&t)
        .expect("boards")
        .iter()
        .map(|b| (b.board, b.player, b.points.to_string()))
        .collect();
    let b = |board, player, pts: &str| (board, player, pts.to_string());
    assert_eq!(
        boards,
        [
            b(1, 1, "1.5"),
            b(1, 5, "1.0"),
            b(1, 7, "1.0"),
            b(1, 3, "0.5"),
            b(2, 4, "1.5"),
            b(2, 6, "1.0"),
            b(2, 8, "1.0"),
            b(2, 2, "0.5"),
        ]
    );
    let text = render_match_crosstable(&match_crosstable(&t).expect("crosstable"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "TPN  Team   MP   GP      R1      R2");
    assert_eq!(lines[1], "  1  A     2.0  2.0  2w 1.0  3w 1.0");
    assert_eq!(lines[2], "  2  B     2.0  2.0  1b 1.0  4w 1.0");
    // The crosstable of a team section is the one of matches.
    let via = arbiter_standings::crosstable::render_crosstable(
        &t,
        &StandingsOptions::default(),
        None,
        arbiter_standings::render::Format::Text,
        arbiter_standings::labels::Lang::En,
    )
    .expect("crosstable");
    assert_eq!(via, text);
}
