//! The event journal: every action an arbiter takes, as an append-only list of
//! [`Event`]s, and how they fold into the state of the event.
//!
//! The state of an event is never stored; it is the fold of its journal
//! ([`Journal::push`] one entry after the other). [`apply`] validates an event
//! against the state before changing it, so an invalid action is refused with a
//! [`JournalError`] and never reaches the journal. An undo is itself an entry
//! ([`Event::Undone`]): it cancels the latest entry that is still in force, and
//! the state is folded again without it — nothing is ever deleted.
//!
//! # Players, ids and TPNs
//! A player gets an event-wide *id* when registered ([`PlayerId`], 1, 2, 3 …
//! in registration order); it never changes and is what every command takes.
//! The *TPN* (C.04.2 Art. 2.3, spec 01 §4.1) is the player's place in his
//! section's initial ranking — rating descending, then title (GM, IM, WGM,
//! FM, WIM, CM, WFM, WCM, none), then name — and is what the TRF export and
//! the pairing engines see. The ranking is redone at every pairing up to round
//! 4; from round 5 on the order is frozen (Art. 2.3) and late entries are
//! inserted at their place in it, renumbering the players below (Art. 2.4,
//! spec 01 §4.2). The order used for each round is recorded in its
//! [`Event::RoundPaired`] entry.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::player::{Colour, Player, Tpn};
use crate::points::Points;
use crate::round_entry::{ByeKind, Outcome, RoundEntry};
use crate::scoring::Scoring;
use crate::tournament::{Entrant, EventInfo, ForbiddenGroup, Team, Tournament};

/// A player's event-wide registration number (see the module documentation).
pub type PlayerId = u32;

/// The last round from which the TPN order may still be recomputed from the
/// ranking (C.04.2 Art. 2.3: no TPN change after the pairing of round 4).
pub const LAST_RENUMBERED_ROUND: u32 = 4;

/// How one section is run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionConfig {
    /// Total number of rounds (TRF 142).
    pub rounds: u32,
    /// Pairing system, as the engine flag spells it (`dutch`).
    pub system: String,
    /// Tie-break codes in order (TRF 202), e.g. `BH/C1`.
    pub tiebreaks: Vec<String>,
    pub scoring: Scoring,
    /// Team-mates are never paired together (seed 004).
    pub avoid_team_pairings: bool,
    /// Colour of the top-ranked player in round 1 (Dutch 5.1, TRF 152).
    pub initial_colour: Colour,
    /// Virtual points added to pairing scores (C.04.7); absent in journals
    /// written before the option existed.
    #[serde(default)]
    pub acceleration: Acceleration,
}

impl SectionConfig {
    /// True for the systems whose whole schedule is fixed by the pairing
    /// numbers (`round-robin`, `double-round-robin`, spec 04): they cannot
    /// avoid a pair, and an absent player's scheduled game is forfeited.
    pub fn is_round_robin(&self) -> bool {
        matches!(self.system.as_str(), "round-robin" | "double-round-robin")
    }
}

/// How pairing scores are accelerated (C.04.7, spec 03 A).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Acceleration {
    /// No virtual points.
    #[default]
    None,
    /// Baku acceleration (C.04.7 Art. 1, 2026 text): computed by the pairing
    /// crate when each round is paired and recorded with the round.
    Baku,
}

/// The result of one board, as the arbiter enters it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `1/2`
    Draw,
    /// `0-1`
    BlackWins,
    /// `+/-`: White wins by forfeit.
    WhiteForfeitWin,
    /// `-/+`: Black wins by forfeit.
    BlackForfeitWin,
    /// `-/-`: neither player showed up.
    DoubleForfeit,
}

impl GameResult {
    /// Parses the arbiter's spellings `1-0 0-1 1/2 +/- -/+ -/-` (also `½-½`, `=`).
    pub fn parse(s: &str) -> Option<GameResult> {
        Some(match s.trim() {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2" | "1/2-1/2" | "½-½" | "=" => GameResult::Draw,
            "+/-" | "+-" => GameResult::WhiteForfeitWin,
            "-/+" | "-+" => GameResult::BlackForfeitWin,
            "-/-" | "--" => GameResult::DoubleForfeit,
            _ => return None,
        })
    }

    /// The canonical spelling.
    pub fn code(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::Draw => "1/2",
            GameResult::BlackWins => "0-1",
            GameResult::WhiteForfeitWin => "+/-",
            GameResult::BlackForfeitWin => "-/+",
            GameResult::DoubleForfeit => "-/-",
        }
    }

    /// The round entries of White and Black (C.04.2 Art. 3: forfeits are not
    /// played games and carry no colour for history, only the scheduled one).
    pub fn entries(self, white: Tpn, black: Tpn) -> (RoundEntry, RoundEntry) {
        let game = |opponent, colour, outcome| RoundEntry::Game {
            opponent,
            colour,
            outcome,
            rated: true,
        };
        let forfeit = |opponent, colour, won| RoundEntry::Forfeit {
            opponent: Some(opponent),
            colour: Some(colour),
            won,
        };
        let (w, b) = (Colour::White, Colour::Black);
        match self {
            GameResult::WhiteWins => (game(black, w, Outcome::Win), game(white, b, Outcome::Loss)),
            GameResult::Draw => (game(black, w, Outcome::Draw), game(white, b, Outcome::Draw)),
            GameResult::BlackWins => (game(black, w, Outcome::Loss), game(white, b, Outcome::Win)),
            GameResult::WhiteForfeitWin => (forfeit(black, w, true), forfeit(white, b, false)),
            GameResult::BlackForfeitWin => (forfeit(black, w, false), forfeit(white, b, true)),
            GameResult::DoubleForfeit => (forfeit(black, w, false), forfeit(white, b, false)),
        }
    }
}

/// One board: who has White and who has Black (player ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardPair {
    pub white: PlayerId,
    pub black: PlayerId,
}

/// One action of the arbiter, as stored in the journal (JSON payload).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The first entry of every journal.
    EventCreated {
        name: String,
    },
    /// Descriptive data changed (TRF 012-132).
    EventConfigured {
        info: EventInfo,
    },
    SectionCreated {
        code: String,
        config: SectionConfig,
    },
    SectionConfigured {
        code: String,
        config: SectionConfig,
    },
    /// `player.tpn` is meaningless here: TPNs are assigned at pairing.
    PlayerRegistered {
        id: PlayerId,
        section: String,
        player: Player,
    },
    PlayerUpdated {
        id: PlayerId,
        player: Player,
    },
    /// Not paired from round `from_round` on (C.04.2 Art. 3.2).
    PlayerWithdrawn {
        id: PlayerId,
        from_round: u32,
    },
    PlayerReinstated {
        id: PlayerId,
        from_round: u32,
    },
    /// A requested bye (C.04.2 Art. 3.3): not paired in `round`.
    ByeRequested {
        id: PlayerId,
        round: u32,
        kind: ByeKind,
    },
    ByeCancelled {
        id: PlayerId,
        round: u32,
    },
    ForbiddenPairAdded {
        a: PlayerId,
        b: PlayerId,
    },
    /// A round paired by an engine; everything it was given is recorded.
    RoundPaired {
        section: String,
        round: u32,
        /// Engine flag (`dutch`).
        system: String,
        /// Program and version that computed the pairing.
        engine: String,
        /// Player ids in TPN order: `tpn_order[t - 1]` had TPN `t`.
        tpn_order: Vec<PlayerId>,
        /// The exact state handed to the engine (for audit and replay).
        input: Box<Tournament>,
        boards: Vec<BoardPair>,
        /// Pairing-allocated bye.
        bye: Option<PlayerId>,
    },
    /// A board set by hand (C.04.2 Art. 4.4): board `board` becomes
    /// `white`–`black` (`black == None`: `white` gets the PAB). Any other
    /// board holding one of them is dissolved and its other player left
    /// without an opponent; boards are renumbered to close the gaps.
    PairingEdited {
        section: String,
        round: u32,
        board: u32,
        white: PlayerId,
        black: Option<PlayerId>,
        /// The arbiter explicitly allowed a forbidden or repeated pair.
        override_rules: bool,
    },
    ResultRecorded {
        section: String,
        round: u32,
        board: u32,
        result: GameResult,
    },
    /// Cancels entry `seq`, the latest entry still in force.
    Undone {
        seq: u64,
    },
}

impl Event {
    /// The variant's name as stored (`round_paired`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::EventCreated { .. } => "event_created",
            Event::EventConfigured { .. } => "event_configured",
            Event::SectionCreated { .. } => "section_created",
            Event::SectionConfigured { .. } => "section_configured",
            Event::PlayerRegistered { .. } => "player_registered",
            Event::PlayerUpdated { .. } => "player_updated",
            Event::PlayerWithdrawn { .. } => "player_withdrawn",
            Event::PlayerReinstated { .. } => "player_reinstated",
            Event::ByeRequested { .. } => "bye_requested",
            Event::ByeCancelled { .. } => "bye_cancelled",
            Event::ForbiddenPairAdded { .. } => "forbidden_pair_added",
            Event::RoundPaired { .. } => "round_paired",
            Event::PairingEdited { .. } => "pairing_edited",
            Event::ResultRecorded { .. } => "result_recorded",
            Event::Undone { .. } => "undone",
        }
    }
}

/// Why an action is refused. Every message names what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    #[error("the journal must start with the creation of the event")]
    NotCreated,
    #[error("the event already exists")]
    AlreadyCreated,
    #[error("no section '{0}' in this event")]
    UnknownSection(String),
    #[error("section '{0}' already exists")]
    DuplicateSection(String),
    #[error("no player with id {0} in this event")]
    UnknownPlayer(PlayerId),
    #[error("player id {0} is already taken")]
    DuplicateId(PlayerId),
    #[error("FIDE id {fide_id} is already registered (player {existing}, {name})")]
    DuplicateFideId {
        fide_id: u64,
        existing: PlayerId,
        name: String,
    },
    #[error("round {round} does not exist: section '{section}' has {rounds} rounds")]
    RoundOutOfRange {
        section: String,
        round: u32,
        rounds: u32,
    },
    #[error("round {round} is already paired; {detail}")]
    RoundAlreadyPaired { round: u32, detail: String },
    #[error("round {round} is not paired yet")]
    RoundNotPaired { round: u32 },
    #[error("round {round} cannot be paired: {missing} result(s) of round {previous} are missing")]
    ResultsMissing {
        round: u32,
        previous: u32,
        missing: usize,
    },
    #[error("round {round} has no board {board} (boards 1-{boards})")]
    UnknownBoard { round: u32, board: u32, boards: u32 },
    #[error("board {board} of round {round} is the pairing-allocated bye: it has no result")]
    ResultForBye { round: u32, board: u32 },
    #[error("{0}")]
    Invalid(String),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("undo must cancel entry {expected}, the latest in force, not entry {got}")]
    UndoOutOfOrder { expected: u64, got: u64 },
}

/// A registered player and what the arbiter decided about him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registration {
    pub id: PlayerId,
    pub section: String,
    pub player: Player,
    /// Not paired from this round on.
    pub withdrawn_from: Option<u32>,
    /// Requested byes by round.
    pub byes: BTreeMap<u32, ByeKind>,
}

impl Registration {
    /// True when the player is withdrawn for `round`.
    pub fn withdrawn_in(&self, round: u32) -> bool {
        self.withdrawn_from.is_some_and(|r| r <= round)
    }
}

/// One board of a paired round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardRecord {
    pub white: PlayerId,
    pub black: PlayerId,
    pub result: Option<GameResult>,
}

/// A paired round: what the engine proposed and what is played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRecord {
    pub system: String,
    pub engine: String,
    pub proposed_boards: Vec<BoardPair>,
    pub proposed_bye: Option<PlayerId>,
    pub boards: Vec<BoardRecord>,
    pub bye: Option<PlayerId>,
    /// Set by hand at least once.
    pub edited: bool,
    /// Virtual points the engine was given (C.04.7; `input.acceleration` of
    /// [`Event::RoundPaired`] by player id): `acceleration[id][r - 1]` for
    /// every round `r` of the section. Empty without acceleration.
    pub acceleration: BTreeMap<PlayerId, Vec<Points>>,
}

impl RoundRecord {
    /// Number of boards still waiting for a result.
    pub fn missing_results(&self) -> usize {
        self.boards.iter().filter(|b| b.result.is_none()).count()
    }

    /// The board (1-based) of a player, if he has one.
    pub fn board_of(&self, id: PlayerId) -> Option<u32> {
        self.boards
            .iter()
            .position(|b| b.white == id || b.black == id)
            .map(|i| i as u32 + 1)
    }

    /// True when the player has a board or the PAB.
    pub fn is_paired(&self, id: PlayerId) -> bool {
        self.bye == Some(id) || self.board_of(id).is_some()
    }
}

/// One section: its configuration, its forbidden pairs and its rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub code: String,
    pub config: SectionConfig,
    /// Pairs added with `forbid`.
    pub forbidden: Vec<(PlayerId, PlayerId)>,
    /// The TPN order of the latest pairing (empty before round 1).
    pub tpn_order: Vec<PlayerId>,
    /// `rounds[r - 1]` is round `r`.
    pub rounds: Vec<RoundRecord>,
}

impl Section {
    /// Number of rounds paired.
    pub fn rounds_paired(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// The round record of round `round` (1-based).
    pub fn round(&self, round: u32) -> Option<&RoundRecord> {
        self.rounds.get(round.checked_sub(1)? as usize)
    }

    /// Rounds whose every result is in.
    pub fn rounds_complete(&self) -> u32 {
        self.rounds
            .iter()
            .take_while(|r| r.missing_results() == 0)
            .count() as u32
    }
}

/// The folded state of an event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventState {
    pub info: Option<EventInfo>,
    pub sections: Vec<Section>,
    pub players: BTreeMap<PlayerId, Registration>,
    /// Who holds each FIDE id (no duplicate registration).
    fide_ids: BTreeMap<u64, PlayerId>,
}

/// The initial ranking order (C.04.2 Art. 2.2): rating descending, title
/// (GM first, untitled last), name.
pub fn initial_ranking_cmp(a: &Player, b: &Player) -> Ordering {
    let title_rank = |p: &Player| p.title.map_or(u8::MAX, |t| t as u8);
    b.rating()
        .cmp(&a.rating())
        .then_with(|| title_rank(a).cmp(&title_rank(b)))
        .then_with(|| a.name.cmp(&b.name))
}

impl EventState {
    /// The section `code`, or the first section when `code` is `None`.
    pub fn section(&self, code: Option<&str>) -> Result<&Section, JournalError> {
        match code {
            Some(c) => self
                .sections
                .iter()
                .find(|s| s.code == c)
                .ok_or_else(|| JournalError::UnknownSection(c.to_string())),
            None => self
                .sections
                .first()
                .ok_or_else(|| JournalError::Invalid("the event has no section".into())),
        }
    }

    fn section_mut(&mut self, code: &str) -> Result<&mut Section, JournalError> {
        self.sections
            .iter_mut()
            .find(|s| s.code == code)
            .ok_or_else(|| JournalError::UnknownSection(code.to_string()))
    }

    /// The registration of player `id`.
    pub fn player(&self, id: PlayerId) -> Result<&Registration, JournalError> {
        self.players.get(&id).ok_or(JournalError::UnknownPlayer(id))
    }

    /// The id the next registered player gets.
    pub fn next_player_id(&self) -> PlayerId {
        self.players.keys().next_back().map_or(1, |id| id + 1)
    }

    /// Players of section `code`, by id.
    pub fn players_of<'a>(&'a self, code: &'a str) -> impl Iterator<Item = &'a Registration> {
        self.players.values().filter(move |r| r.section == code)
    }

    /// The TPN order to use when pairing round `round` of `section`: the
    /// ranking redone up to round 4, then the frozen order with newcomers
    /// inserted at their place (module documentation).
    pub fn tpn_order_for(&self, section: &Section, round: u32) -> Vec<PlayerId> {
        let mut members: Vec<&Registration> = self.players_of(&section.code).collect();
        if round <= LAST_RENUMBERED_ROUND || section.tpn_order.is_empty() {
            members.sort_by(|a, b| initial_ranking_cmp(&a.player, &b.player).then(a.id.cmp(&b.id)));
            return members.iter().map(|r| r.id).collect();
        }
        let mut order: Vec<PlayerId> = section
            .tpn_order
            .iter()
            .copied()
            .filter(|id| self.players.contains_key(id))
            .collect();
        let known: BTreeSet<PlayerId> = order.iter().copied().collect();
        for newcomer in members.iter().filter(|r| !known.contains(&r.id)) {
            let at = order
                .iter()
                .position(|id| {
                    initial_ranking_cmp(&newcomer.player, &self.players[id].player).is_lt()
                })
                .unwrap_or(order.len());
            order.insert(at, newcomer.id);
        }
        order
    }

    /// The TPN order currently in force (the next round's order).
    pub fn current_tpn_order(&self, section: &Section) -> Vec<PlayerId> {
        let next = section.rounds_paired() + 1;
        if section.rounds_paired() > 0 && next <= LAST_RENUMBERED_ROUND {
            // Numbers already published stay until the next pairing renumbers.
            return self.tpn_order_for(section, LAST_RENUMBERED_ROUND + 1);
        }
        self.tpn_order_for(section, next)
    }

    /// The section as the rest of Arbiter sees it (TRF export, standings,
    /// pairing engines): entrants in TPN order with the rounds `1..=upto`,
    /// every one of which must be paired. Players not paired in a round are
    /// given their requested bye, else a zero-point bye (`Z`: absent,
    /// withdrawn or not yet entered, spec 01 §7).
    pub fn tournament(&self, section: &Section, upto: u32) -> Tournament {
        self.build(section, upto, &self.current_tpn_order(section), None)
    }

    /// The input of the pairing engine for round `round`: rounds before it,
    /// and for round `round` the entries of the players who are not to be
    /// paired (requested byes, withdrawals) — the [`crate`] pairing contract.
    pub fn pairing_input(&self, section: &Section, round: u32, order: &[PlayerId]) -> Tournament {
        self.build(section, round - 1, order, Some(round))
    }

    /// Players of `section` who are not to be paired in `round`, and why.
    pub fn not_paired_in(&self, section: &Section, round: u32) -> BTreeMap<PlayerId, ByeKind> {
        self.players_of(&section.code)
            .filter_map(|r| {
                if let Some(kind) = r.byes.get(&round) {
                    Some((r.id, *kind))
                } else if r.withdrawn_in(round) {
                    Some((r.id, ByeKind::Zero))
                } else {
                    None
                }
            })
            .collect()
    }

    fn build(
        &self,
        section: &Section,
        upto: u32,
        order: &[PlayerId],
        pairing: Option<u32>,
    ) -> Tournament {
        let tpn_of: BTreeMap<PlayerId, Tpn> = order
            .iter()
            .enumerate()
            .map(|(i, id)| (*id, i as Tpn + 1))
            .collect();
        let mut rounds: BTreeMap<PlayerId, Vec<RoundEntry>> = BTreeMap::new();
        for (r, record) in section.rounds.iter().take(upto as usize).enumerate() {
            let round = r as u32 + 1;
            let mut entries: BTreeMap<PlayerId, RoundEntry> = BTreeMap::new();
            for b in &record.boards {
                if let Some(result) = b.result {
                    let (w, bl) = result.entries(tpn_of[&b.white], tpn_of[&b.black]);
                    entries.insert(b.white, w);
                    entries.insert(b.black, bl);
                }
            }
            if let Some(bye) = record.bye {
                entries.insert(bye, RoundEntry::PairingBye);
            }
            for id in order {
                let reg = &self.players[id];
                let entry = entries.remove(id).unwrap_or_else(|| {
                    RoundEntry::Bye(reg.byes.get(&round).copied().unwrap_or(ByeKind::Zero))
                });
                rounds.entry(*id).or_default().push(entry);
            }
        }
        if let Some(round) = pairing {
            for (id, kind) in self.not_paired_in(section, round) {
                rounds.entry(id).or_default().push(RoundEntry::Bye(kind));
            }
        }
        let entrants = order
            .iter()
            .map(|id| Entrant {
                player: Player {
                    tpn: tpn_of[id],
                    ..self.players[id].player.clone()
                },
                rounds: rounds.remove(id).unwrap_or_default(),
                reported_points: None,
                reported_rank: None,
            })
            .collect();
        let mut teams: Vec<Team> = Vec::new();
        for id in order {
            if let Some(name) = self.players[id].player.team.as_deref() {
                match teams.iter_mut().find(|t| t.name == name) {
                    Some(t) => t.members.push(tpn_of[id]),
                    None => teams.push(Team {
                        number: None,
                        name: name.to_string(),
                        members: vec![tpn_of[id]],
                    }),
                }
            }
        }
        // Written as an explicit range so that TRF26 `260` carries it.
        let every_round = Some((1, section.config.rounds));
        let mut forbidden: Vec<ForbiddenGroup> = section
            .forbidden
            .iter()
            .filter_map(|(a, b)| {
                Some(ForbiddenGroup {
                    players: vec![*tpn_of.get(a)?, *tpn_of.get(b)?],
                    rounds: every_round,
                })
            })
            .collect();
        if section.config.avoid_team_pairings {
            forbidden.extend(teams.iter().filter(|t| t.members.len() > 1).map(|t| {
                ForbiddenGroup {
                    players: t.members.clone(),
                    rounds: every_round,
                }
            }));
        }
        let config = &section.config;
        let acceleration = match pairing {
            // The engine's input: the caller computes this round's values.
            Some(_) => BTreeMap::new(),
            None => recorded_acceleration(section, order, &tpn_of),
        };
        Tournament {
            info: self.info.clone().unwrap_or_default(),
            entrants,
            total_rounds: Some(config.rounds),
            initial_colour: Some(config.initial_colour),
            scoring: config.scoring,
            system: Some(ett_code_of(config)),
            acceleration,
            forbidden,
            teams,
            tiebreaks: config.tiebreaks.clone(),
        }
    }

    /// True when `a` and `b` may not meet in `section` (forbidden pair or
    /// team-mates under `--avoid-team-pairings`).
    pub fn is_forbidden(&self, section: &Section, a: PlayerId, b: PlayerId) -> bool {
        let listed = section
            .forbidden
            .iter()
            .any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a));
        let team_mates = section.config.avoid_team_pairings
            && matches!(
                (self.players.get(&a), self.players.get(&b)),
                (Some(x), Some(y)) if x.player.team.is_some() && x.player.team == y.player.team
            );
        listed || team_mates
    }

    /// True when `a` and `b` already played a game (forfeits do not count,
    /// C.04.2 Art. 3.5) in a round before `round`.
    pub fn have_met(&self, section: &Section, a: PlayerId, b: PlayerId, round: u32) -> bool {
        section
            .rounds
            .iter()
            .take(round.saturating_sub(1) as usize)
            .flat_map(|r| &r.boards)
            .any(|bd| {
                ((bd.white, bd.black) == (a, b) || (bd.white, bd.black) == (b, a))
                    && matches!(
                        bd.result,
                        Some(GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins)
                    )
            })
    }

    /// True when `id` already had an unplayed round worth a win (PAB or
    /// full-point bye: C.04.1 C2 / Dutch C2).
    pub fn had_full_point_unplayed(&self, section: &Section, id: PlayerId, round: u32) -> bool {
        let reg = &self.players[&id];
        section
            .rounds
            .iter()
            .take(round.saturating_sub(1) as usize)
            .enumerate()
            .any(|(r, rec)| {
                rec.bye == Some(id) || reg.byes.get(&(r as u32 + 1)) == Some(&ByeKind::Full)
            })
    }
}

/// The virtual points of the section as recorded with its rounds, by TPN:
/// for a paired round the values its engine was given, for later rounds
/// those of the latest pairing (empty when no round was accelerated).
fn recorded_acceleration(
    section: &Section,
    order: &[PlayerId],
    tpn_of: &BTreeMap<PlayerId, Tpn>,
) -> BTreeMap<Tpn, Vec<Points>> {
    if section.rounds.iter().all(|r| r.acceleration.is_empty()) {
        return BTreeMap::new();
    }
    let latest = section.rounds.last().map(|r| &r.acceleration);
    let value = |record: Option<&BTreeMap<PlayerId, Vec<Points>>>, id, round: usize| {
        record
            .and_then(|a| a.get(id))
            .and_then(|v: &Vec<Points>| v.get(round).copied())
            .unwrap_or(Points::ZERO)
    };
    order
        .iter()
        .map(|id| {
            let values = (0..section.config.rounds as usize)
                .map(|r| match section.rounds.get(r) {
                    Some(record) => value(Some(&record.acceleration), id, r),
                    None => value(latest, id, r),
                })
                .collect();
            (tpn_of[id], values)
        })
        .collect()
}

/// The ETT26 code (TRF 192) of a section: its system's, with the suffix
/// `_BAKU` under Baku acceleration (spec 05 §4, e.g. `FIDE_DUTCH_2025_BAKU`).
pub fn ett_code_of(config: &SectionConfig) -> String {
    let code = ett_code(&config.system);
    match config.acceleration {
        Acceleration::None => code,
        Acceleration::Baku => format!("{code}_BAKU"),
    }
}

/// The ETT26 code (TRF 192) of an engine flag (spec 05 §4).
pub fn ett_code(system: &str) -> String {
    match system {
        "dutch" => "FIDE_DUTCH_2025".to_string(),
        "round-robin" => "FIDE_ROUNDROBIN".to_string(),
        "double-round-robin" => "FIDE_DOUBLEROUNDROBIN".to_string(),
        "italo-swiss" => "CUSTOM_SWISS".to_string(),
        other => other.to_ascii_uppercase().replace('-', "_"),
    }
}

/// Applies one event (not an undo: see [`Journal`]) to the state, after
/// checking it is allowed. On error the state is unchanged.
pub fn apply(state: &mut EventState, event: &Event) -> Result<(), JournalError> {
    if state.info.is_none() && !matches!(event, Event::EventCreated { .. }) {
        return Err(JournalError::NotCreated);
    }
    match event {
        Event::EventCreated { name } => {
            if state.info.is_some() {
                return Err(JournalError::AlreadyCreated);
            }
            state.info = Some(EventInfo {
                name: name.clone(),
                ..EventInfo::default()
            });
        }
        Event::EventConfigured { info } => state.info = Some(info.clone()),
        Event::SectionCreated { code, config } => {
            if state.sections.iter().any(|s| &s.code == code) {
                return Err(JournalError::DuplicateSection(code.clone()));
            }
            check_config(config)?;
            state.sections.push(Section {
                code: code.clone(),
                config: config.clone(),
                forbidden: Vec::new(),
                tpn_order: Vec::new(),
                rounds: Vec::new(),
            });
        }
        Event::SectionConfigured { code, config } => {
            check_config(config)?;
            let section = state.section_mut(code)?;
            if config.rounds < section.rounds_paired() {
                return Err(JournalError::Invalid(format!(
                    "section '{code}' has already paired {} rounds",
                    section.rounds_paired()
                )));
            }
            section.config = config.clone();
        }
        Event::PlayerRegistered {
            id,
            section,
            player,
        } => {
            state.section(Some(section))?;
            if state.players.contains_key(id) {
                return Err(JournalError::DuplicateId(*id));
            }
            check_player(state, *id, player)?;
            if let Some(fide_id) = player.fide_id {
                state.fide_ids.insert(fide_id, *id);
            }
            state.players.insert(
                *id,
                Registration {
                    id: *id,
                    section: section.clone(),
                    player: player.clone(),
                    withdrawn_from: None,
                    byes: BTreeMap::new(),
                },
            );
        }
        Event::PlayerUpdated { id, player } => {
            state.player(*id)?;
            check_player(state, *id, player)?;
            if let Some(reg) = state.players.get_mut(id) {
                if let Some(old) = reg.player.fide_id {
                    state.fide_ids.remove(&old);
                }
                if let Some(fide_id) = player.fide_id {
                    state.fide_ids.insert(fide_id, *id);
                }
                reg.player = player.clone();
            }
        }
        Event::PlayerWithdrawn { id, from_round } => {
            let reg = state.player(*id)?;
            if reg.withdrawn_from.is_some() {
                return Err(JournalError::Invalid(format!(
                    "player {id} is already withdrawn"
                )));
            }
            let section = state.section(Some(&reg.section))?;
            check_future_round(section, *from_round)?;
            if let Some(reg) = state.players.get_mut(id) {
                reg.withdrawn_from = Some(*from_round);
            }
        }
        Event::PlayerReinstated { id, from_round } => {
            let reg = state.player(*id)?;
            if reg.withdrawn_from.is_none() {
                return Err(JournalError::Invalid(format!(
                    "player {id} is not withdrawn"
                )));
            }
            let section = state.section(Some(&reg.section))?;
            check_future_round(section, *from_round)?;
            if let Some(reg) = state.players.get_mut(id) {
                reg.withdrawn_from = None;
            }
        }
        Event::ByeRequested { id, round, kind } => {
            let reg = state.player(*id)?;
            let section = state.section(Some(&reg.section))?;
            check_round_in_range(section, *round)?;
            if let Some(rec) = section.round(*round)
                && rec.is_paired(*id)
            {
                return Err(JournalError::RoundAlreadyPaired {
                    round: *round,
                    detail: format!("player {id} has a board; change the pairing first"),
                });
            }
            if reg.byes.contains_key(round) {
                return Err(JournalError::Invalid(format!(
                    "player {id} already has a bye in round {round}; cancel it first"
                )));
            }
            if let Some(reg) = state.players.get_mut(id) {
                reg.byes.insert(*round, *kind);
            }
        }
        Event::ByeCancelled { id, round } => {
            let reg = state.player(*id)?;
            if !reg.byes.contains_key(round) {
                return Err(JournalError::Invalid(format!(
                    "player {id} has no bye in round {round}"
                )));
            }
            let section = state.section(Some(&reg.section))?;
            if section.rounds_paired() >= *round {
                return Err(JournalError::RoundAlreadyPaired {
                    round: *round,
                    detail: "the bye is part of it".into(),
                });
            }
            if let Some(reg) = state.players.get_mut(id) {
                reg.byes.remove(round);
            }
        }
        Event::ForbiddenPairAdded { a, b } => {
            let (ra, rb) = (state.player(*a)?, state.player(*b)?);
            if a == b {
                return Err(JournalError::Invalid(
                    "a forbidden pair needs two different players".into(),
                ));
            }
            if ra.section != rb.section {
                return Err(JournalError::Invalid(format!(
                    "players {a} and {b} are in different sections"
                )));
            }
            let code = ra.section.clone();
            let section = state.section_mut(&code)?;
            if !section
                .forbidden
                .iter()
                .any(|&(x, y)| (x, y) == (*a, *b) || (x, y) == (*b, *a))
            {
                section.forbidden.push((*a, *b));
            }
        }
        Event::RoundPaired {
            section,
            round,
            system,
            engine,
            tpn_order,
            input,
            boards,
            bye,
        } => {
            let sec = state.section(Some(section))?;
            check_next_round(sec, *round)?;
            check_round_cover(state, sec, *round, boards, *bye)?;
            let members: BTreeSet<PlayerId> = state.players_of(section).map(|r| r.id).collect();
            let ordered: BTreeSet<PlayerId> = tpn_order.iter().copied().collect();
            if members != ordered || ordered.len() != tpn_order.len() {
                return Err(JournalError::Invalid(
                    "the TPN order does not list every player of the section once".into(),
                ));
            }
            let sec = state.section_mut(section)?;
            sec.tpn_order = tpn_order.clone();
            sec.rounds.push(RoundRecord {
                system: system.clone(),
                engine: engine.clone(),
                proposed_boards: boards.clone(),
                proposed_bye: *bye,
                boards: boards
                    .iter()
                    .map(|b| BoardRecord {
                        white: b.white,
                        black: b.black,
                        result: None,
                    })
                    .collect(),
                bye: *bye,
                edited: false,
                acceleration: input
                    .acceleration
                    .iter()
                    .filter_map(|(tpn, values)| {
                        let id = tpn_order.get((*tpn as usize).checked_sub(1)?)?;
                        Some((*id, values.clone()))
                    })
                    .collect(),
            });
        }
        Event::PairingEdited {
            section,
            round,
            board,
            white,
            black,
            override_rules,
        } => {
            let sec = state.section(Some(section))?;
            let rec = sec
                .round(*round)
                .ok_or(JournalError::RoundNotPaired { round: *round })?;
            if *round != sec.rounds_paired() {
                return Err(JournalError::Invalid(format!(
                    "only the latest round ({}) can be changed",
                    sec.rounds_paired()
                )));
            }
            let edited = edit_round(
                state,
                sec,
                *round,
                rec,
                *board,
                *white,
                *black,
                *override_rules,
            )?;
            let sec = state.section_mut(section)?;
            sec.rounds[*round as usize - 1] = edited;
        }
        Event::ResultRecorded {
            section,
            round,
            board,
            result,
        } => {
            let sec = state.section(Some(section))?;
            let rec = sec
                .round(*round)
                .ok_or(JournalError::RoundNotPaired { round: *round })?;
            let boards = rec.boards.len() as u32;
            if *board == 0 || *board > boards {
                if *board == boards + 1 && rec.bye.is_some() {
                    return Err(JournalError::ResultForBye {
                        round: *round,
                        board: *board,
                    });
                }
                return Err(JournalError::UnknownBoard {
                    round: *round,
                    board: *board,
                    boards,
                });
            }
            let sec = state.section_mut(section)?;
            sec.rounds[*round as usize - 1].boards[*board as usize - 1].result = Some(*result);
        }
        Event::Undone { .. } => {
            return Err(JournalError::Invalid(
                "an undo is folded by the journal, not applied".into(),
            ));
        }
    }
    Ok(())
}

fn check_config(config: &SectionConfig) -> Result<(), JournalError> {
    if config.rounds == 0 {
        return Err(JournalError::Invalid(
            "a section needs at least one round".into(),
        ));
    }
    Ok(())
}

/// No duplicate registration: one FIDE id per event.
fn check_player(state: &EventState, id: PlayerId, player: &Player) -> Result<(), JournalError> {
    if player.name.trim().is_empty() {
        return Err(JournalError::Invalid("a player needs a name".into()));
    }
    if let Some(fide_id) = player.fide_id
        && let Some(other) = state
            .fide_ids
            .get(&fide_id)
            .filter(|holder| **holder != id)
            .and_then(|holder| state.players.get(holder))
    {
        return Err(JournalError::DuplicateFideId {
            fide_id,
            existing: other.id,
            name: other.player.name.clone(),
        });
    }
    Ok(())
}

fn check_round_in_range(section: &Section, round: u32) -> Result<(), JournalError> {
    if round == 0 || round > section.config.rounds {
        return Err(JournalError::RoundOutOfRange {
            section: section.code.clone(),
            round,
            rounds: section.config.rounds,
        });
    }
    Ok(())
}

/// A round not paired yet (withdrawals act on the future only).
fn check_future_round(section: &Section, round: u32) -> Result<(), JournalError> {
    if round <= section.rounds_paired() {
        return Err(JournalError::RoundAlreadyPaired {
            round,
            detail: "a withdrawal or return takes effect from a round not paired yet".into(),
        });
    }
    if round > section.config.rounds + 1 {
        return check_round_in_range(section, round);
    }
    Ok(())
}

/// The next round may be paired: it exists and the previous one is complete.
fn check_next_round(section: &Section, round: u32) -> Result<(), JournalError> {
    let paired = section.rounds_paired();
    if round != paired + 1 {
        return Err(JournalError::Invalid(format!(
            "the next round to pair is {}, not {round}",
            paired + 1
        )));
    }
    check_round_in_range(section, round)?;
    if let Some(prev) = section.rounds.last() {
        let missing = prev.missing_results();
        if missing > 0 {
            return Err(JournalError::ResultsMissing {
                round,
                previous: paired,
                missing,
            });
        }
    }
    Ok(())
}

/// A pairing names each player at most once, and none who is excused —
/// except in a round robin, where an excused player keeps his scheduled
/// board and loses it by forfeit (spec 04 §6). Players it leaves out (the
/// free player of a round robin with an odd number, spec 04 §1) get a
/// zero-point round in the fold.
fn check_round_cover(
    state: &EventState,
    section: &Section,
    round: u32,
    boards: &[BoardPair],
    bye: Option<PlayerId>,
) -> Result<(), JournalError> {
    let excused = state.not_paired_in(section, round);
    let mut seen = BTreeSet::new();
    for id in boards.iter().flat_map(|b| [b.white, b.black]).chain(bye) {
        let reg = state.player(id)?;
        if reg.section != section.code {
            return Err(JournalError::Invalid(format!(
                "player {id} is not in section '{}'",
                section.code
            )));
        }
        if excused.contains_key(&id) && (bye == Some(id) || !section.config.is_round_robin()) {
            return Err(JournalError::Invalid(format!(
                "player {id} is not to be paired in round {round} (bye or withdrawal)"
            )));
        }
        if !seen.insert(id) {
            return Err(JournalError::Invalid(format!(
                "player {id} appears twice in the pairing of round {round}"
            )));
        }
    }
    Ok(())
}

/// The round after a manual change of one board (see [`Event::PairingEdited`]).
#[allow(clippy::too_many_arguments)]
fn edit_round(
    state: &EventState,
    section: &Section,
    round: u32,
    rec: &RoundRecord,
    board: u32,
    white: PlayerId,
    black: Option<PlayerId>,
    override_rules: bool,
) -> Result<RoundRecord, JournalError> {
    for id in std::iter::once(white).chain(black) {
        let reg = state.player(id)?;
        if reg.section != section.code {
            return Err(JournalError::Invalid(format!(
                "player {id} is not in section '{}'",
                section.code
            )));
        }
        if reg.withdrawn_in(round) || reg.byes.contains_key(&round) {
            return Err(JournalError::Invalid(format!(
                "player {id} has a bye or is withdrawn in round {round}; cancel that first"
            )));
        }
    }
    if black == Some(white) {
        return Err(JournalError::Invalid("a player cannot play himself".into()));
    }
    if !override_rules {
        if let Some(b) = black {
            if state.is_forbidden(section, white, b) {
                return Err(JournalError::Invalid(format!(
                    "players {white} and {b} may not be paired (forbidden pair); use --override to pair them anyway"
                )));
            }
            if state.have_met(section, white, b, round) {
                return Err(JournalError::Invalid(format!(
                    "players {white} and {b} have already played each other; use --override to pair them again"
                )));
            }
        } else if state.had_full_point_unplayed(section, white, round) {
            return Err(JournalError::Invalid(format!(
                "player {white} already had a bye worth a win; use --override to give another"
            )));
        }
    }
    let boards = rec.boards.len() as u32;
    let mut out = rec.clone();
    out.edited = true;
    let involved = |b: &BoardRecord| {
        b.white == white || b.black == white || Some(b.white) == black || Some(b.black) == black
    };
    if black.is_none() {
        if rec.boards.iter().any(|b| involved(b) && b.result.is_some()) {
            return Err(JournalError::Invalid(format!(
                "player {white}'s board already has a result; it cannot be re-paired"
            )));
        }
        out.boards.retain(|b| !involved(b));
        out.bye = Some(white);
        return Ok(out);
    }
    if board == 0 || board > boards + 1 {
        return Err(JournalError::UnknownBoard {
            round,
            board,
            boards,
        });
    }
    let target = board as usize - 1;
    let touched = |i: usize, b: &BoardRecord| i == target || involved(b);
    if let Some(b) = rec
        .boards
        .iter()
        .enumerate()
        .find(|(i, b)| touched(*i, b) && b.result.is_some())
    {
        return Err(JournalError::Invalid(format!(
            "board {} of round {round} already has a result; it cannot be re-paired",
            b.0 + 1
        )));
    }
    let new_board = BoardRecord {
        white,
        black: black.unwrap_or_default(),
        result: None,
    };
    let mut boards_out: Vec<Option<BoardRecord>> = rec
        .boards
        .iter()
        .map(|b| (!involved(b)).then_some(*b))
        .collect();
    if target < boards_out.len() {
        boards_out[target] = Some(new_board);
    } else {
        boards_out.push(Some(new_board));
    }
    out.boards = boards_out.into_iter().flatten().collect();
    if out.bye == Some(white) || out.bye == black {
        out.bye = None;
    }
    Ok(out)
}

/// A journal in force: the entries not undone and their fold.
#[derive(Clone, Debug, Default)]
pub struct Journal {
    /// `(seq, event)` of every entry in force, oldest first.
    in_force: Vec<(u64, Event)>,
    state: EventState,
}

impl Journal {
    /// Folds stored entries (oldest first).
    pub fn replay<'a>(
        entries: impl IntoIterator<Item = (u64, &'a Event)>,
    ) -> Result<Journal, (u64, JournalError)> {
        let mut j = Journal::default();
        j.extend(entries.into_iter().map(|(seq, e)| (seq, e.clone())))?;
        Ok(j)
    }

    /// The folded state.
    pub fn state(&self) -> &EventState {
        &self.state
    }

    /// Entries in force, oldest first.
    pub fn in_force(&self) -> &[(u64, Event)] {
        &self.in_force
    }

    /// The entry an undo would cancel now (never the creation of the event).
    pub fn undo_target(&self) -> Result<u64, JournalError> {
        match self.in_force.as_slice() {
            [] | [_] => Err(JournalError::NothingToUndo),
            [.., (seq, _)] => Ok(*seq),
        }
    }

    /// Validates and adds one entry.
    pub fn push(&mut self, seq: u64, event: Event) -> Result<(), JournalError> {
        self.extend([(seq, event)]).map_err(|(_, e)| e)
    }

    /// Validates and adds entries in order. A run of undos is folded once,
    /// so undoing a large import stays linear. On error the journal is left
    /// as it was before the failing entry's run; callers discard it.
    pub fn extend(
        &mut self,
        entries: impl IntoIterator<Item = (u64, Event)>,
    ) -> Result<(), (u64, JournalError)> {
        let mut stale = false;
        for (seq, event) in entries {
            if let Event::Undone { seq: target } = event {
                let expected = self.undo_target().map_err(|e| (seq, e))?;
                if target != expected {
                    return Err((
                        seq,
                        JournalError::UndoOutOfOrder {
                            expected,
                            got: target,
                        },
                    ));
                }
                self.in_force.pop();
                stale = true;
                continue;
            }
            if stale {
                self.refold().map_err(|e| (seq, e))?;
                stale = false;
            }
            apply(&mut self.state, &event).map_err(|e| (seq, e))?;
            self.in_force.push((seq, event));
        }
        if stale {
            self.refold().map_err(|e| (0, e))?;
        }
        Ok(())
    }

    /// The state folded again from the entries in force.
    fn refold(&mut self) -> Result<(), JournalError> {
        let mut state = EventState::default();
        for (_, e) in &self.in_force {
            apply(&mut state, e)?;
        }
        self.state = state;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> SectionConfig {
        SectionConfig {
            rounds: 9,
            system: "dutch".into(),
            tiebreaks: vec!["BH".into()],
            scoring: Scoring::default(),
            avoid_team_pairings: true,
            initial_colour: Colour::White,
            acceleration: Acceleration::None,
        }
    }

    fn player(name: &str, rating: u16, fide_id: Option<u64>, team: Option<&str>) -> Player {
        Player {
            name: name.into(),
            ratings: crate::player::Ratings {
                fide: Some(rating),
                ..Default::default()
            },
            fide_id,
            team: team.map(str::to_string),
            ..Player::default()
        }
    }

    fn journal() -> Journal {
        let mut j = Journal::default();
        let mut seq = 0;
        let mut push = |j: &mut Journal, e| {
            seq += 1;
            j.push(seq, e).unwrap();
        };
        push(
            &mut j,
            Event::EventCreated {
                name: "Open".into(),
            },
        );
        push(
            &mut j,
            Event::SectionCreated {
                code: "A".into(),
                config: config(),
            },
        );
        for (id, (name, rating, team)) in [
            ("Bravo", 1800, Some("X")),
            ("Alpha", 2000, Some("X")),
            ("Delta", 1800, None),
            ("Charlie", 1500, None),
        ]
        .into_iter()
        .enumerate()
        {
            push(
                &mut j,
                Event::PlayerRegistered {
                    id: id as u32 + 1,
                    section: "A".into(),
                    player: player(name, rating, Some(100 + id as u64), team),
                },
            );
        }
        j
    }

    #[test]
    fn tpns_follow_the_initial_ranking() {
        let j = journal();
        let s = j.state().section(None).unwrap();
        // Alpha 2000, then Bravo/Delta 1800 by name, then Charlie 1500.
        assert_eq!(j.state().tpn_order_for(s, 1), vec![2, 1, 3, 4]);
    }

    #[test]
    fn duplicate_fide_id_is_refused() {
        let mut j = journal();
        let e = Event::PlayerRegistered {
            id: 9,
            section: "A".into(),
            player: player("Echo", 1000, Some(101), None),
        };
        assert!(matches!(
            j.push(99, e),
            Err(JournalError::DuplicateFideId { existing: 2, .. })
        ));
    }

    fn pair_round_one(j: &mut Journal, seq: u64) {
        let s = j.state().section(None).unwrap();
        let order = j.state().tpn_order_for(s, 1);
        let input = j.state().pairing_input(s, 1, &order);
        j.push(
            seq,
            Event::RoundPaired {
                section: "A".into(),
                round: 1,
                system: "dutch".into(),
                engine: "test".into(),
                tpn_order: order,
                input: Box::new(input),
                boards: vec![
                    BoardPair { white: 2, black: 3 },
                    BoardPair { white: 4, black: 1 },
                ],
                bye: None,
            },
        )
        .unwrap();
    }

    #[test]
    fn results_fold_into_round_entries_and_undo_restores() {
        let mut j = journal();
        let before = j.state().clone();
        pair_round_one(&mut j, 10);
        let result = |board, result| Event::ResultRecorded {
            section: "A".into(),
            round: 1,
            board,
            result,
        };
        j.push(11, result(1, GameResult::WhiteWins)).unwrap();
        assert!(matches!(
            j.clone().push(
                12,
                Event::RoundPaired {
                    section: "A".into(),
                    round: 2,
                    system: "dutch".into(),
                    engine: "test".into(),
                    tpn_order: vec![2, 1, 3, 4],
                    input: Box::default(),
                    boards: vec![],
                    bye: None,
                }
            ),
            Err(JournalError::ResultsMissing { missing: 1, .. })
        ));
        assert!(matches!(
            j.clone().push(12, result(3, GameResult::Draw)),
            Err(JournalError::UnknownBoard { boards: 2, .. })
        ));
        j.push(12, result(2, GameResult::BlackForfeitWin)).unwrap();
        let s = j.state().section(None).unwrap();
        let t = j.state().tournament(s, 1);
        // TPNs: 1 = Alpha (id 2), 2 = Bravo (id 1), 3 = Delta (3), 4 = Charlie (4).
        assert_eq!(t.score_after(1, 1), Points::ONE);
        assert_eq!(t.score_after(2, 1), Points::ONE);
        assert_eq!(
            t.entrant(4).unwrap().rounds[0],
            RoundEntry::Forfeit {
                opponent: Some(2),
                colour: Some(Colour::White),
                won: false
            }
        );
        // Alpha and Bravo are team-mates.
        assert!(t.is_forbidden(1, 2, 2));
        for target in [12, 11, 10] {
            assert_eq!(j.undo_target(), Ok(target));
            j.push(100 + target, Event::Undone { seq: target }).unwrap();
        }
        assert_eq!(j.state(), &before);
    }

    #[test]
    fn tpns_freeze_after_round_four_and_late_entries_are_inserted() {
        let mut j = journal();
        let mut seq = 10;
        for round in 1..=4 {
            let s = j.state().section(None).unwrap();
            let order = j.state().tpn_order_for(s, round);
            let mut next = |j: &mut Journal, e| {
                seq += 1;
                j.push(seq, e).unwrap();
            };
            next(
                &mut j,
                Event::RoundPaired {
                    section: "A".into(),
                    round,
                    system: "dutch".into(),
                    engine: "test".into(),
                    tpn_order: order,
                    input: Box::default(),
                    boards: vec![
                        BoardPair { white: 1, black: 3 },
                        BoardPair { white: 2, black: 4 },
                    ],
                    bye: None,
                },
            );
            for board in 1..=2 {
                next(
                    &mut j,
                    Event::ResultRecorded {
                        section: "A".into(),
                        round,
                        board,
                        result: GameResult::Draw,
                    },
                );
            }
        }
        // Charlie's rating is corrected to the top, and Foxtrot arrives.
        let mut charlie = j.state().player(4).unwrap().player.clone();
        charlie.ratings.fide = Some(2500);
        j.push(
            100,
            Event::PlayerUpdated {
                id: 4,
                player: charlie,
            },
        )
        .unwrap();
        j.push(
            101,
            Event::PlayerRegistered {
                id: 5,
                section: "A".into(),
                player: player("Foxtrot", 1900, None, None),
            },
        )
        .unwrap();
        let s = j.state().section(None).unwrap();
        // Before round 4 the ranking is redone (Art. 2.3)...
        assert_eq!(j.state().tpn_order_for(s, 4), vec![4, 2, 5, 1, 3]);
        // ...from round 5 the order is frozen; Foxtrot (1900) goes between
        // Alpha (2000) and Bravo (1800) (Art. 2.4).
        assert_eq!(j.state().tpn_order_for(s, 5), vec![2, 5, 1, 3, 4]);
        let t = j.state().tournament(s, 4);
        assert_eq!(t.entrants[1].player.name, "Foxtrot");
        assert_eq!(
            t.entrants[1].rounds,
            vec![RoundEntry::Bye(ByeKind::Zero); 4]
        );
        assert_eq!(t.score_after(1, 4), Points(20));
    }

    #[test]
    fn manual_pairing_of_team_mates_needs_override() {
        let mut j = journal();
        pair_round_one(&mut j, 10);
        let edit = |override_rules| Event::PairingEdited {
            section: "A".into(),
            round: 1,
            board: 1,
            white: 2,
            black: Some(1),
            override_rules,
        };
        assert!(j.clone().push(11, edit(false)).is_err());
        j.push(11, edit(true)).unwrap();
        let rec = j.state().section(None).unwrap().round(1).unwrap();
        assert_eq!(
            rec.boards,
            vec![BoardRecord {
                white: 2,
                black: 1,
                result: None
            }]
        );
        assert_eq!(rec.proposed_boards.len(), 2);
    }
}
