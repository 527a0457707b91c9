//! A registered player, and a section with its paired rounds.

use std::collections::BTreeMap;

use super::PlayerId;
use super::config::SectionConfig;
use super::events::{BoardPair, GameResult};
use super::teams::{MatchRound, TeamId};
use crate::player::Player;
use crate::points::Points;
use crate::round_entry::{ByeKind, RoundEntry};

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
    /// Rounds scored as a forfeit without an opponent (TRF `0000 - +` won,
    /// `0000 - -` lost: docs/rules/trf.md), by round.
    pub unpaired_forfeits: BTreeMap<u32, bool>,
}

impl Registration {
    /// True when the player is withdrawn for `round`.
    pub fn withdrawn_in(&self, round: u32) -> bool {
        self.withdrawn_from.is_some_and(|r| r <= round)
    }

    /// True when the arbiter decided that the player is not paired in
    /// `round`: a bye, a forfeit without opponent, or a withdrawal.
    pub fn not_pairable_in(&self, round: u32) -> bool {
        self.withdrawn_in(round)
            || self.byes.contains_key(&round)
            || self.unpaired_forfeits.contains_key(&round)
    }

    /// His entry for a round in which he has no board and no PAB: the
    /// forfeit without opponent, the bye, or else a zero-point absence.
    pub fn unpaired_entry(&self, round: u32) -> RoundEntry {
        match self.unpaired_forfeits.get(&round) {
            Some(&won) => RoundEntry::Forfeit {
                opponent: None,
                colour: None,
                won,
            },
            None => RoundEntry::Bye(self.byes.get(&round).copied().unwrap_or(ByeKind::Zero)),
        }
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
    /// [`Event::RoundPaired`](super::Event::RoundPaired) by player id): `acceleration[id][r - 1]` for
    /// every round `r` of the section. Empty without acceleration.
    pub acceleration: BTreeMap<PlayerId, Vec<Points>>,
    /// The matches of a round of a team section (whose `boards` are empty).
    pub matches: Option<MatchRound>,
}

impl RoundRecord {
    /// Number of boards still waiting for a result (the boards of the
    /// matches in a team section).
    pub fn missing_results(&self) -> usize {
        self.boards.iter().filter(|b| b.result.is_none()).count()
            + self.matches.as_ref().map_or(0, MatchRound::missing_results)
    }

    /// The board (1-based) of a player, if he has one.
    pub fn board_of(&self, id: PlayerId) -> Option<u32> {
        self.boards
            .iter()
            .position(|b| b.white == id || b.black == id)
            .map(|i| i as u32 + 1)
    }

    /// True when the player has a board or the PAB (or is lined up by his
    /// team).
    pub fn is_paired(&self, id: PlayerId) -> bool {
        self.bye == Some(id)
            || self.board_of(id).is_some()
            || self.matches.as_ref().is_some_and(|m| m.is_lined_up(id))
    }
}

/// One section: its configuration, its forbidden pairs and its rounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub code: String,
    pub config: SectionConfig,
    /// Pairs added with `forbid`.
    pub forbidden: Vec<(PlayerId, PlayerId)>,
    /// The TPN order of the latest pairing, or of the drawing of lots
    /// (empty before both).
    pub tpn_order: Vec<PlayerId>,
    /// The seed of the drawing of lots, once drawn.
    pub lots_seed: Option<u64>,
    /// A team section's team order of the latest pairing (team pairing
    /// numbers; empty before round 1 and in a section of individuals).
    pub team_order: Vec<TeamId>,
    /// `rounds[r - 1]` is round `r`.
    pub rounds: Vec<RoundRecord>,
    /// What an imported file said that the section does not model, given
    /// back by its export (docs/rules/trf.md "Import and export").
    pub kept: KeptRecords,
}

/// The system code and the records of an imported TRF that the event keeps
/// verbatim for its export.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct KeptRecords {
    /// The file's 192 code (`FIDE_DUTCH_2026_BAKU`), when it names the
    /// section's system.
    pub system_code: Option<String>,
    /// Records no part of Arbiter reads (172, 182, unknown codes), whole
    /// lines in file order: those before the first player record, then
    /// those after.
    pub before_players: Vec<String>,
    pub after_players: Vec<String>,
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
