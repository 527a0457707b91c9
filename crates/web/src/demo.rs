//! `arbiter serve --demo`: events made in a scratch folder through the
//! application layer, as an arbiter would make them, so a newcomer sees a
//! real tournament: a played 9-round Swiss open and a festival of five
//! groups in the middle of its round 5, both with prizes (the open with
//! its entry fees paid but five), and a family team cup (a team section of
//! 2 boards, seed 001's rules) in the middle of its round 4.
//!
//! The games' results are invented by a fixed pseudo-random draw weighted
//! by rating, so every run shows the same tournament.

use std::path::Path;

use arbiter_desk::{
    Desk, DeskError, EventDetailsForm, NewEvent, Origin, PaymentForm, PlayerForm, SectionForm,
    TeamForm, TeamSettingsForm,
};

use crate::data_dir::EventName;

const FIRST: [&str; 20] = [
    "Anna",
    "Marco",
    "Olga",
    "Piotr",
    "Giulia",
    "Ivan",
    "Zofia",
    "Luca",
    "Elena",
    "Tomasz",
    "Sofia",
    "Dmitri",
    "Chiara",
    "Jan",
    "Irina",
    "Paolo",
    "Agnieszka",
    "Sergei",
    "Marta",
    "Davide",
];
const LAST: [&str; 20] = [
    "Rossi",
    "Kowalski",
    "Ivanova",
    "Bianchi",
    "Nowak",
    "Petrov",
    "Ferrari",
    "Wiśniewska",
    "Smirnov",
    "Romano",
    "Wójcik",
    "Volkova",
    "Colombo",
    "Kamiński",
    "Popov",
    "Ricci",
    "Lewandowska",
    "Sokolov",
    "Marino",
    "Zieliński",
];
const FEDS: [&str; 4] = ["ITA", "POL", "RUS", "ENG"];

/// A fixed sequence of pseudo-random numbers (SplitMix64).
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// 0..n
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The result of a game between ratings `white` and `black`: the
/// stronger side wins more often, a third of the games are drawn.
fn invented_result(draw: &mut Draw, white: u16, black: u16) -> &'static str {
    let edge = (i64::from(white) - i64::from(black)).clamp(-400, 400);
    let roll = draw.below(1000) as i64;
    let white_wins = 330 + edge * 5 / 8;
    let draws = 330;
    if roll < white_wins {
        "1-0"
    } else if roll < white_wins + draws {
        "1/2"
    } else {
        "0-1"
    }
}

fn player(draw: &mut Draw, i: usize, base: u16) -> PlayerForm {
    let name = format!(
        "{}, {}",
        LAST[(i * 7 + draw.below(3) as usize) % LAST.len()],
        FIRST[(i * 3 + draw.below(5) as usize) % FIRST.len()]
    );
    PlayerForm {
        name: Some(name),
        rating: Some((base + draw.below(500) as u16).to_string()),
        fed: Some(FEDS[draw.below(4) as usize].to_string()),
        ..PlayerForm::default()
    }
}

/// Pairs and plays `rounds` rounds of `section`; in the last one only
/// `last_results` boards get a result.
fn play(
    desk: &mut Desk,
    origin: &Origin,
    draw: &mut Draw,
    section: &str,
    rounds: u32,
    last_results: Option<usize>,
) -> Result<(), DeskError> {
    for r in 1..=rounds {
        let view = desk.pair_next_round(origin, Some(section))?;
        let boards: Vec<(u32, u16, u16)> = view
            .boards
            .iter()
            .map(|b| {
                (
                    b.number,
                    b.white.player.rating.unwrap_or(1500),
                    b.black.player.rating.unwrap_or(1500),
                )
            })
            .collect();
        let played = if r == rounds {
            last_results.unwrap_or(boards.len())
        } else {
            boards.len()
        };
        for (board, w, b) in boards.into_iter().take(played) {
            let result = invented_result(draw, w, b);
            desk.record_result(origin, Some(section), r, board, result)?;
        }
    }
    Ok(())
}

fn details(
    name: &str,
    (city, fed): (&str, &str),
    (start, end): (&str, &str),
    rounds: &[&str],
) -> EventDetailsForm {
    EventDetailsForm {
        name: Some(name.into()),
        city: Some(city.into()),
        fed: Some(fed.into()),
        start: Some(start.into()),
        end: Some(end.into()),
        chief_arbiter: Some("Bianchi, Laura".into()),
        time_control: Some("90'/40 + 30' + 30\"".into()),
        round_dates: Some(rounds.join(",")),
        ..EventDetailsForm::default()
    }
}

/// The demo's prize plan: places shared equally between players level on
/// points (prizes.md §3.2), a prize for the best under 1800.
const PRIZE_PLAN: &str = "currency = \"EUR\"\nsharing = \"equal\"\n\
    [categories.under_1800]\nrating_max = 1799\n\
    [[prize]]\nlabel = \"1st place\"\nplace = 1\namount = 300\n\
    [[prize]]\nlabel = \"2nd place\"\nplace = 2\namount = 200\n\
    [[prize]]\nlabel = \"3rd place\"\nplace = 3\namount = 100\n\
    [[prize]]\nlabel = \"Best under 1800\"\ncategory = \"under_1800\"\namount = 50\n";

/// The demo's entry fee, with sponsors' money in the prize fund.
const FEES: &str = "currency = \"EUR\"\nbase = 25\nsponsors = 500\n";

/// A prize plan for `section`, the entry fees, and the fees of all but the
/// last five of `players` paid.
fn prizes_and_fees(
    desk: &mut Desk,
    origin: &Origin,
    section: &str,
    players: u32,
) -> Result<(), DeskError> {
    desk.set_prize_plan(origin, Some(section), "demo-prizes.toml", PRIZE_PLAN)?;
    desk.set_fees(origin, "demo-fees.toml", FEES)?;
    for id in 1..=players.saturating_sub(5) {
        let form = PaymentForm {
            id,
            amount: "25".into(),
            method: Some(if id % 3 == 0 { "card" } else { "cash" }.into()),
            note: None,
        };
        desk.pay(origin, &form)?;
    }
    Ok(())
}

/// Creates the demo events in `dir`; returns their names.
pub fn create(dir: &Path) -> Result<Vec<EventName>, DeskError> {
    let origin = Origin::new("arbiter serve --demo");
    let mut draw = Draw(2026);
    let mut made = Vec::new();

    // A 9-round Swiss open, every round played.
    let open = EventName::parse("city-open").map_err(|e| DeskError::internal(e.to_string()))?;
    let (mut desk, _) = Desk::create(
        &dir.join(format!("{open}.arb")),
        &origin,
        &NewEvent {
            name: "City Open 2026".into(),
            section: "main".into(),
            config: SectionForm {
                rounds: Some("9".into()),
                tiebreaks: Some("BH/C1,BH,SB,PS".into()),
                ..SectionForm::default()
            },
        },
    )?;
    desk.set_details(
        &origin,
        &details(
            "City Open 2026",
            ("Bologna", "ITA"),
            ("2026-03-14", "2026-03-18"),
            &[
                "2026-03-14 10:00",
                "2026-03-14 16:00",
                "2026-03-15 10:00",
                "2026-03-15 16:00",
                "2026-03-16 10:00",
                "2026-03-16 16:00",
                "2026-03-17 10:00",
                "2026-03-17 16:00",
                "2026-03-18 09:30",
            ],
        ),
    )?;
    for i in 0..40 {
        desk.add_player(&origin, Some("main"), &player(&mut draw, i, 1500))?;
    }
    play(&mut desk, &origin, &mut draw, "main", 9, None)?;
    prizes_and_fees(&mut desk, &origin, "main", 40)?;
    made.push(open);

    // A festival of five groups, in the middle of round 5.
    let fest = EventName::parse("festival").map_err(|e| DeskError::internal(e.to_string()))?;
    let groups = [
        ("A", 2000u16),
        ("B", 1700),
        ("C", 1450),
        ("D", 1200),
        ("E", 900),
    ];
    let (mut desk, _) = Desk::create(
        &dir.join(format!("{fest}.arb")),
        &origin,
        &NewEvent {
            name: "Spring Festival".into(),
            section: groups[0].0.into(),
            config: SectionForm {
                rounds: Some("7".into()),
                tiebreaks: Some("BH/C1,BH,PS".into()),
                ..SectionForm::default()
            },
        },
    )?;
    desk.set_details(
        &origin,
        &details(
            "Spring Festival",
            ("Kraków", "POL"),
            ("2026-04-10", "2026-04-13"),
            &[
                "2026-04-10",
                "2026-04-11",
                "2026-04-11",
                "2026-04-12",
                "2026-04-12",
                "2026-04-13",
                "2026-04-13",
            ],
        ),
    )?;
    for (code, _) in &groups[1..] {
        desk.add_section(
            &origin,
            code,
            &SectionForm {
                rounds: Some("7".into()),
                tiebreaks: Some("BH/C1,BH,PS".into()),
                ..SectionForm::default()
            },
        )?;
    }
    for (g, (code, base)) in groups.iter().enumerate() {
        for i in 0..(12 + 2 * g) {
            desk.add_player(&origin, Some(code), &player(&mut draw, i + 20 * g, *base))?;
        }
        play(&mut desk, &origin, &mut draw, code, 5, Some(3))?;
    }
    desk.set_prize_plan(&origin, Some("A"), "demo-prizes.toml", PRIZE_PLAN)?;
    made.push(fest);
    made.push(team_cup(dir, &origin, &mut draw)?);
    Ok(made)
}

/// The family teams of the cup: (name, family), board 1 first.
const FAMILIES: [(&str, &str); 8] = [
    ("Rossi I", "Rossi"),
    ("Nowak", "Nowak"),
    ("Ivanov I", "Ivanov"),
    ("Bianchi", "Bianchi"),
    ("Rossi II", "Rossi"),
    ("Kowalski", "Kowalski"),
    ("Ivanov II", "Ivanov"),
    ("Ferrari", "Ferrari"),
];

/// A family team cup shaped like seed 001: 8 teams of 2 (two with a
/// reserve, who may only play board 2), teams of one family never paired,
/// at most 2 teams per family, the home team White on board 1; ranked by
/// game points, then match points 3/1/0, then board 1. Match 4 of round 3
/// is forfeited; round 4 is being played: 2 of its 4 matches have every
/// result.
fn team_cup(dir: &Path, origin: &Origin, draw: &mut Draw) -> Result<EventName, DeskError> {
    let cup = EventName::parse("team-cup").map_err(|e| DeskError::internal(e.to_string()))?;
    let (mut desk, _) = Desk::create(
        &dir.join(format!("{cup}.arb")),
        origin,
        &NewEvent {
            name: "Family Team Cup 2026".into(),
            section: "main".into(),
            config: SectionForm {
                system: Some("team-swiss".into()),
                rounds: Some("5".into()),
                tiebreaks: Some("MPvGP,TBR".into()),
                team: TeamSettingsForm {
                    boards: Some("2".into()),
                    match_points: Some("3,1,0".into()),
                    primary: Some("game-points".into()),
                    avoid_family_pairings: Some("all".into()),
                    max_teams_per_family: Some("2".into()),
                    reserve_boards: Some("2".into()),
                    ..TeamSettingsForm::default()
                },
                ..SectionForm::default()
            },
        },
    )?;
    desk.set_details(
        origin,
        &details(
            "Family Team Cup 2026",
            ("Torino", "ITA"),
            ("2026-05-23", "2026-05-24"),
            &[
                "2026-05-23",
                "2026-05-23",
                "2026-05-23",
                "2026-05-24",
                "2026-05-24",
            ],
        ),
    )?;
    let mut with_reserve = Vec::new();
    for (t, (name, family)) in FAMILIES.iter().enumerate() {
        let size = if t % 3 == 1 { 3 } else { 2 };
        let mut ids = Vec::new();
        for b in 0..size {
            let form = PlayerForm {
                name: Some(format!(
                    "{}, {}",
                    family,
                    FIRST[(t * 3 + b * 11) % FIRST.len()]
                )),
                rating: Some(
                    (2100 - 60 * t as u16 - 150 * b as u16 + draw.below(80) as u16).to_string(),
                ),
                fed: Some(FEDS[t % FEDS.len()].to_string()),
                ..PlayerForm::default()
            };
            ids.push(desk.add_player(origin, Some("main"), &form)?.id.to_string());
        }
        let team = desk.add_team(
            origin,
            Some("main"),
            &TeamForm {
                name: Some((*name).into()),
                family: Some((*family).into()),
                players: Some(ids.join(",")),
                captain: None,
                tag: Vec::new(),
            },
        )?;
        if size == 3 {
            with_reserve.push((team.id, format!("{},{}", ids[0], ids[2])));
        }
    }
    for round in 1..=4 {
        if round == 2 {
            // The reserves play board 2.
            for (team, lineup) in &with_reserve {
                desk.set_lineup(origin, round, *team, lineup)?;
            }
        }
        let view = desk.pair_next_matches(origin, Some("main"))?;
        let played = if round == 4 { 2 } else { view.matches.len() };
        for m in view.matches.iter().take(played) {
            if round == 3 && m.number == 4 {
                // The second team did not come: the match is forfeited.
                desk.forfeit_match(origin, Some("main"), round, m.number, "+-")?;
                continue;
            }
            for b in &m.boards {
                let (Some(w), Some(bl)) = (&b.white, &b.black) else {
                    continue;
                };
                let result =
                    invented_result(draw, w.rating.unwrap_or(1500), bl.rating.unwrap_or(1500));
                desk.record_board_result(origin, Some("main"), round, m.number, b.board, result)?;
            }
        }
    }
    Ok(cup)
}
