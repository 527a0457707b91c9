//! `import trf FILE.trf EVENT`: a new event from a Tournament Report File.
//!
//! Player ids are the file's starting ranks; each round becomes the entries
//! the arbiter would have made: requested byes, the pairing, the results.

use std::path::Path;

use arbiter_model::journal::{Acceleration, BoardPair, Event, GameResult, PlayerId, SectionConfig};
use arbiter_model::{ByeKind, Colour, Outcome, RoundEntry, Tournament};

use super::error::CliError;
use super::session::Session;

pub fn run(file: &Path, event: &Path, section: &str) -> Result<(), CliError> {
    let doc = crate::exit::read_trf(file).map_err(|e| CliError {
        code: crate::exit::of_trf(e.kind()),
        ..CliError::refused(e.to_string())
    })?;
    let events = events_of(&doc.tournament, section)
        .map_err(|e| CliError::refused(format!("{}: {e}", file.display())))?;
    Session::create(event, events)?;
    println!(
        "imported {} players and {} rounds",
        doc.tournament.entrants.len(),
        doc.tournament.rounds_paired()
    );
    Ok(())
}

/// The engine flag of an ETT26 code (spec 05 §4).
fn flag_of(system: Option<&str>) -> &'static str {
    match system {
        Some(c) if c.contains("DOUBLEROUNDROBIN") => "double-round-robin",
        Some(c) if c.contains("ROUNDROBIN") => "round-robin",
        Some("CUSTOM_SWISS") => "italo-swiss",
        _ => "dutch",
    }
}

fn events_of(t: &Tournament, section: &str) -> Result<Vec<Event>, String> {
    let played = t.rounds_paired();
    let rounds = t.total_rounds.unwrap_or(played).max(played);
    if rounds == 0 {
        return Err("neither a number of rounds (142/XXR) nor a played round".into());
    }
    let mut events = vec![
        Event::EventCreated {
            name: t.info.name.clone(),
        },
        Event::EventConfigured {
            info: t.info.clone(),
        },
        Event::SectionCreated {
            code: section.to_string(),
            config: SectionConfig {
                rounds,
                system: flag_of(t.system.as_deref()).to_string(),
                tiebreaks: t.tiebreaks.clone(),
                scoring: t.scoring,
                avoid_team_pairings: false,
                initial_colour: t.initial_colour.unwrap_or(Colour::White),
                acceleration: match t.system.as_deref() {
                    Some(c) if c.ends_with("_BAKU") && c.contains("DUTCH") => Acceleration::Baku,
                    _ => Acceleration::None,
                },
            },
        },
    ];
    let order: Vec<PlayerId> = t.entrants.iter().map(|e| e.player.tpn).collect();
    for e in &t.entrants {
        events.push(Event::PlayerRegistered {
            id: e.player.tpn,
            section: section.to_string(),
            player: e.player.clone(),
        });
    }
    for g in &t.forbidden {
        if g.rounds.is_some() {
            return Err("forbidden pairs limited to some rounds cannot be imported".into());
        }
        for (i, a) in g.players.iter().enumerate() {
            for b in &g.players[i + 1..] {
                events.push(Event::ForbiddenPairAdded { a: *a, b: *b });
            }
        }
    }
    for round in 1..=played {
        let mut boards = Vec::new();
        let mut results = Vec::new();
        let mut bye = None;
        for e in &t.entrants {
            let me = e.player.tpn;
            let at = |what: &str| format!("round {round}, player {me}: {what} cannot be imported");
            match e.round(round).copied().unwrap_or(RoundEntry::Absent) {
                RoundEntry::Game {
                    opponent,
                    colour: Colour::White,
                    outcome,
                    rated,
                } => {
                    if !rated {
                        return Err(at("a game of less than one move (W/D/L)"));
                    }
                    boards.push(BoardPair {
                        white: me,
                        black: opponent,
                    });
                    results.push(match outcome {
                        Outcome::Win => GameResult::WhiteWins,
                        Outcome::Draw => GameResult::Draw,
                        Outcome::Loss => GameResult::BlackWins,
                    });
                }
                RoundEntry::Forfeit {
                    opponent: Some(opponent),
                    colour,
                    won,
                } => {
                    let theirs = t.entrant(opponent).and_then(|o| o.round(round).copied());
                    let their_win = matches!(theirs, Some(RoundEntry::Forfeit { won: true, .. }));
                    let white =
                        colour == Some(Colour::White) || (colour.is_none() && me < opponent);
                    if white {
                        boards.push(BoardPair {
                            white: me,
                            black: opponent,
                        });
                        results.push(match (won, their_win) {
                            (true, _) => GameResult::WhiteForfeitWin,
                            (false, true) => GameResult::BlackForfeitWin,
                            (false, false) => GameResult::DoubleForfeit,
                        });
                    }
                }
                RoundEntry::Forfeit { opponent: None, .. } => {
                    return Err(at("a forfeit without opponent"));
                }
                RoundEntry::PairingBye => bye = Some(me),
                RoundEntry::Bye(kind) => events.push(Event::ByeRequested {
                    id: me,
                    round,
                    kind,
                }),
                RoundEntry::Absent => events.push(Event::ByeRequested {
                    id: me,
                    round,
                    kind: ByeKind::Zero,
                }),
                RoundEntry::Game { .. } => {}
            }
        }
        events.push(Event::RoundPaired {
            section: section.to_string(),
            round,
            system: "import".into(),
            engine: "TRF import".into(),
            tpn_order: order.clone(),
            // The file's virtual points (250/XXA) were the engine's input.
            input: Box::new(Tournament {
                acceleration: t.acceleration.clone(),
                ..Tournament::default()
            }),
            boards,
            bye,
        });
        for (i, result) in results.into_iter().enumerate() {
            events.push(Event::ResultRecorded {
                section: section.to_string(),
                round,
                board: i as u32 + 1,
                result,
            });
        }
    }
    Ok(events)
}
