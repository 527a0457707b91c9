//! `import trf FILE EVENT`: a new event from a Tournament Report File.
//!
//! Player ids are the file's starting ranks; each round becomes the entries
//! the arbiter would have made: requested byes, the pairing, the results.
//! A round of the file that breaks an absolute criterion (a rematch, a
//! forbidden pair, a second PAB) is history: it is imported as an override
//! and reported. A team file (310-362) becomes a team section
//! ([`crate::teams::import`]).

use std::collections::BTreeMap;
use std::path::Path;

use arbiter_model::journal::{
    BoardPair, Event, GameResult, Journal, KeptRecords, PlayerId, SectionConfig,
};
use arbiter_model::{ByeKind, Colour, Outcome, RoundEntry, System, Tournament};
use arbiter_trf::TrfDocument;

use crate::desk::Desk;
use crate::error::DeskError;
use crate::forms::section::MAX_ROUNDS;
use crate::forms::text::{free_text, required_text};
use crate::origin::Origin;

/// What the file held.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfImported {
    pub section: String,
    pub players: usize,
    /// Teams of a team file (0 for individuals).
    pub teams: usize,
    pub rounds: u32,
    pub system: System,
    /// Rounds imported as overrides, with the criterion they break.
    pub overrides: Vec<(u32, String)>,
    /// What the import chose where the file is silent.
    pub assumed: Vec<String>,
}

impl Desk {
    /// Creates the event file `path` from `doc` (read with
    /// [`read_trf`](crate::read_trf)) as section `section`.
    pub fn import_trf(
        path: &Path,
        origin: &Origin,
        section: &str,
        doc: &TrfDocument,
    ) -> Result<(Desk, TrfImported), DeskError> {
        let section = required_text("section", section)?;
        let (events, journal, imported) = if doc.tournament.team_section.is_some() {
            crate::teams::import::events_of(doc, &section)?
        } else {
            events_of(doc, &section)?
        };
        Ok((
            Desk::create_folded(path, origin, events, journal)?,
            imported,
        ))
    }
}

/// The pairing system a file names (record 192, or an ETT26 code in 092;
/// spec 05 §4): the Dutch system when it names none.
pub fn system_of_file(t: &Tournament) -> Result<System, DeskError> {
    match t.system.as_deref() {
        None => Ok(System::Dutch),
        Some(code) => System::from_trf_code(code).ok_or_else(|| {
            DeskError::refused(format!(
                "the file's pairing system {code} (record 192) is not one this version runs \
                 ({})",
                System::ALL.map(System::trf_code).join(", ")
            ))
        }),
    }
}

/// The first entries of an imported event: the event with the file's
/// header data, the section, the players (ids = starting ranks).
pub(crate) fn opening(t: &Tournament, section: &str, config: SectionConfig) -> Vec<Event> {
    let mut events = vec![
        Event::EventCreated {
            name: t.info.name.clone(),
        },
        Event::EventConfigured {
            info: t.info.clone(),
        },
        Event::SectionCreated {
            code: section.to_string(),
            config,
        },
    ];
    events.extend(t.entrants.iter().map(|e| Event::PlayerRegistered {
        id: e.player.tpn,
        section: section.to_string(),
        player: e.player.clone(),
    }));
    events
}

/// The rounds of the section a file describes, `played` of them paired:
/// its 142/XXR, at least the rounds played, at most [`MAX_ROUNDS`].
pub(crate) fn section_rounds(t: &Tournament, played: u32) -> Result<u32, DeskError> {
    let rounds = t.total_rounds.unwrap_or(played).max(played);
    if rounds == 0 {
        return Err(DeskError::malformed(
            "neither a number of rounds (142/XXR) nor a played round",
        ));
    }
    if rounds > MAX_ROUNDS {
        return Err(DeskError::size_limit(format!(
            "{rounds} rounds: a section has at most {MAX_ROUNDS}"
        )));
    }
    Ok(rounds)
}

/// Checks the free texts of the file's players as registration does.
pub(crate) fn check_texts(t: &Tournament) -> Result<(), DeskError> {
    free_text("name", &t.info.name)?;
    for e in &t.entrants {
        let p = &e.player;
        let at = |e: DeskError| e.context(format_args!("player {}", p.tpn));
        required_text("name", &p.name).map_err(at)?;
        for (field, value) in [("club", &p.club), ("team", &p.team)] {
            if let Some(v) = value {
                free_text(field, v).map_err(at)?;
            }
        }
    }
    Ok(())
}

fn events_of(
    doc: &TrfDocument,
    section: &str,
) -> Result<(Vec<Event>, Journal, TrfImported), DeskError> {
    let t = &doc.tournament;
    check_texts(t)?;
    // The round in progress (games without results) is paired too.
    let played = t.rounds_paired().max(doc.round_in_progress().unwrap_or(0));
    let rounds = section_rounds(t, played)?;
    let system = system_of_file(t)?;
    let mut imported = TrfImported {
        section: section.to_string(),
        players: t.entrants.len(),
        teams: 0,
        rounds: played,
        system,
        overrides: Vec::new(),
        assumed: Vec::new(),
    };
    let config = SectionConfig {
        rounds,
        system,
        tiebreaks: t.tiebreaks.clone(),
        tiebreak_preset: None,
        scoring: t.scoring,
        avoid_team_pairings: false,
        initial_colour: t.initial_colour.unwrap_or(Colour::White),
        team: None,
        composition: None,
    };
    let mut events = opening(t, section, config);
    imported
        .assumed
        .extend(crate::import_teams::keep_team_lists(t, &mut events)?);
    events.extend(kept_records(doc, section, system));
    let order: Vec<PlayerId> = t.entrants.iter().map(|e| e.player.tpn).collect();
    for g in &t.forbidden {
        // A range over every round (as an export writes it) is no limit.
        if g.rounds
            .is_some_and(|(first, last)| first > 1 || last < rounds)
        {
            return Err(DeskError::refused(
                "forbidden pairs limited to some rounds cannot be imported",
            ));
        }
        for (i, a) in g.players.iter().enumerate() {
            for b in &g.players[i + 1..] {
                events.push(Event::ForbiddenPairAdded { a: *a, b: *b });
            }
        }
    }
    // Folded as we go, to see which rounds break an absolute criterion.
    let mut journal = Journal::default();
    fold_from(&mut journal, &events, 0)?;
    for round in 1..=played {
        let RoundOfFile {
            boards,
            results,
            bye,
            byes,
        } = round_of(doc, round)?;
        let mut folded = events.len();
        events.extend(byes);
        fold_from(&mut journal, &events, folded)?;
        folded = events.len();
        let sec = journal.state().section(Some(section))?;
        let breach = journal.state().check_round(sec, round, &boards, bye).err();
        if let Some(e) = &breach {
            imported.overrides.push((round, e.to_string()));
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
            override_rules: breach.is_some(),
        });
        for (i, result) in results.into_iter().enumerate() {
            let Some(result) = result else { continue };
            events.push(Event::ResultRecorded {
                section: section.to_string(),
                round,
                board: i as u32 + 1,
                result,
            });
        }
        fold_from(&mut journal, &events, folded)?;
    }
    let folded = events.len();
    events.extend(announced(doc, played, rounds));
    fold_from(&mut journal, &events, folded)?;
    Ok((events, journal, imported))
}

/// The file's own spelling of the section's system (record 192) and the
/// records Arbiter does not read, kept for the export (docs/rules/trf.md
/// "Import and export"); nothing when there is nothing to keep.
fn kept_records(doc: &TrfDocument, section: &str, system: System) -> Option<Event> {
    let t = &doc.tournament;
    let system_code = t
        .system
        .clone()
        .filter(|code| code.as_str() != system.trf_code() && doc.records.r192);
    let unread = doc.other_records.iter().filter(|o| !o.is_national_rating());
    let (before, after): (Vec<_>, Vec<_>) = unread.partition(|o| o.before_players);
    let text = |records: Vec<&arbiter_trf::OtherRecord>| -> Vec<String> {
        records.into_iter().map(|o| o.text.clone()).collect()
    };
    let kept = KeptRecords {
        system_code,
        before_players: text(before),
        after_players: text(after),
    };
    (kept != KeptRecords::default()).then(|| Event::TrfRecordsKept {
        section: section.to_string(),
        kept,
    })
}

/// What the file already says of the rounds not yet paired: byes and
/// forfeits without opponent entered in the players' blocks, `240` records
/// and JaVaFo's `XXZ` (absent in the next round), each once, as the
/// arbiter's requests (spec 05 §5, §6.1).
fn announced(doc: &TrfDocument, played: u32, rounds: u32) -> Vec<Event> {
    let t = &doc.tournament;
    let bye = |id, round, kind| Event::ByeRequested { id, round, kind };
    let mut found: BTreeMap<(PlayerId, u32), Event> = BTreeMap::new();
    for e in &t.entrants {
        let id = e.player.tpn;
        for round in played + 1..=rounds {
            let event = match e.round(round) {
                Some(RoundEntry::Bye(kind)) => bye(id, round, *kind),
                Some(&RoundEntry::Forfeit {
                    opponent: None,
                    won,
                    ..
                }) => Event::UnpairedForfeit { id, round, won },
                _ => continue,
            };
            found.insert((id, round), event);
        }
    }
    for b in doc
        .announced_byes
        .iter()
        .filter(|b| b.round > played && b.round <= rounds)
    {
        for &id in &b.players {
            found
                .entry((id, b.round))
                .or_insert(bye(id, b.round, b.kind));
        }
    }
    if played < rounds {
        for &id in &doc.absent_next_round {
            found
                .entry((id, played + 1))
                .or_insert(bye(id, played + 1, ByeKind::Zero));
        }
    }
    found.into_values().collect()
}

/// Folds `events[from..]` (numbered after the `from` before them) into
/// `journal`, validating each.
pub(crate) fn fold_from(
    journal: &mut Journal,
    events: &[Event],
    from: usize,
) -> Result<(), DeskError> {
    let seq = from as u64;
    journal
        .extend(
            events[from..]
                .iter()
                .cloned()
                .enumerate()
                .map(|(i, e)| (seq + i as u64 + 1, e)),
        )
        .map_err(|(_, e)| DeskError::from(e))
}

/// One round of the file as the arbiter would have entered it.
struct RoundOfFile {
    boards: Vec<BoardPair>,
    /// The result of each board, in board order (none yet for a game of
    /// the round in progress).
    results: Vec<Option<GameResult>>,
    bye: Option<PlayerId>,
    /// The requested byes (and absences) of the round.
    byes: Vec<Event>,
}

/// One round of the file: boards, their results, the PAB, and the byes.
fn round_of(doc: &TrfDocument, round: u32) -> Result<RoundOfFile, DeskError> {
    let t = &doc.tournament;
    let mut boards = Vec::new();
    let mut results = Vec::new();
    let mut bye = None;
    let mut byes = Vec::new();
    for e in &t.entrants {
        let me = e.player.tpn;
        let unfinished = doc
            .unfinished
            .iter()
            .find(|g| g.player == me && g.round == round);
        if let Some(g) = unfinished {
            if g.colour == Colour::White {
                boards.push(BoardPair {
                    white: me,
                    black: g.opponent,
                });
                results.push(None);
            }
            continue;
        }
        let at = |what: &str| {
            DeskError::refused(format!(
                "round {round}, player {me}: {what} cannot be imported"
            ))
        };
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
                results.push(Some(match outcome {
                    Outcome::Win => GameResult::WhiteWins,
                    Outcome::Draw => GameResult::Draw,
                    Outcome::Loss => GameResult::BlackWins,
                }));
            }
            RoundEntry::Forfeit {
                opponent: Some(opponent),
                colour,
                won,
            } => {
                let theirs = t.entrant(opponent).and_then(|o| o.round(round).copied());
                let their_win = matches!(theirs, Some(RoundEntry::Forfeit { won: true, .. }));
                let white = colour == Some(Colour::White) || (colour.is_none() && me < opponent);
                if white {
                    boards.push(BoardPair {
                        white: me,
                        black: opponent,
                    });
                    results.push(Some(match (won, their_win) {
                        (true, _) => GameResult::WhiteForfeitWin,
                        (false, true) => GameResult::BlackForfeitWin,
                        (false, false) => GameResult::DoubleForfeit,
                    }));
                }
            }
            RoundEntry::Forfeit {
                opponent: None,
                won,
                ..
            } => byes.push(Event::UnpairedForfeit { id: me, round, won }),
            RoundEntry::PairingBye => bye = Some(me),
            RoundEntry::Bye(kind) => byes.push(Event::ByeRequested {
                id: me,
                round,
                kind,
            }),
            RoundEntry::Absent => byes.push(Event::ByeRequested {
                id: me,
                round,
                kind: ByeKind::Zero,
            }),
            RoundEntry::Game { .. } => {}
        }
    }
    Ok(RoundOfFile {
        boards,
        results,
        bye,
        byes,
    })
}
