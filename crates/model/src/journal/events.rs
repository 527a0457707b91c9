//! The entries of the journal: one action of the arbiter each.

use serde::{Deserialize, Serialize};

use super::PlayerId;
use super::awards::{FeesSet, Payment, PrizePlanSet};
use super::config::SectionConfig;
use super::registration::{RegistrationConfig, Submission};
use super::section::KeptRecords;
use super::teams::TeamEvent;
use crate::player::{Colour, Player, Tpn};
use crate::round_entry::{ByeKind, Outcome, RoundEntry};
use crate::tournament::{EventInfo, Tournament};

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
    /// An imported file's system code and unread records, kept for the
    /// section's export.
    TrfRecordsKept {
        section: String,
        kept: KeptRecords,
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
    /// A round the player is not paired in but scored as a forfeit, won or
    /// lost (TRF `0000 - +` / `0000 - -`, kept by `import trf`).
    UnpairedForfeit {
        id: PlayerId,
        round: u32,
        won: bool,
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
        /// The arbiter accepted a pairing that breaks an absolute criterion
        /// (a round imported from a file that does); absent in journals
        /// written before the criteria were checked here.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        override_rules: bool,
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
    /// Pairing numbers drawn by lot before round 1 (Berger numbers of a
    /// round robin, spec 04 §1; lot numbers of the Italo-Swiss system,
    /// spec 06 §3.2): `order[n - 1]` drew number `n`. The seed makes the
    /// draw reproducible: the same seed over the same players in the same
    /// order gives the same numbers.
    LotsDrawn {
        section: String,
        seed: u64,
        order: Vec<PlayerId>,
    },
    /// The registration form's settings (registration).
    RegistrationConfigured(RegistrationConfig),
    /// An entry submitted on the form or by the arbiter (registration).
    RegistrationSubmitted(Submission),
    /// Entry `number` became player `player`, registered by the
    /// [`Event::PlayerRegistered`] just before it in the same command.
    RegistrationAccepted {
        number: u32,
        player: PlayerId,
    },
    RegistrationRejected {
        number: u32,
        reason: Option<String>,
    },
    /// The arbiter moved a pending entry to another section (it joins the
    /// end of that section's queue).
    RegistrationMoved {
        number: u32,
        section: String,
    },
    /// A pending entry cancelled: by the registrant through his status
    /// link, or by the arbiter on his word (`by_arbiter`).
    RegistrationWithdrawn {
        number: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        by_arbiter: bool,
    },
    /// A section's prize plan (awards).
    PrizePlanSet(PrizePlanSet),
    /// The event's entry fees (awards).
    FeesSet(FeesSet),
    /// A payment or a refund (awards).
    PaymentRecorded(Payment),
    /// Cancels entry `seq`, the latest entry still in force.
    Undone {
        seq: u64,
    },
    /// An entry of a team section (teams, line-ups, matches).
    Team(TeamEvent),
}

impl Event {
    /// The variant's name as stored (`round_paired`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Event::EventCreated { .. } => "event_created",
            Event::EventConfigured { .. } => "event_configured",
            Event::SectionCreated { .. } => "section_created",
            Event::TrfRecordsKept { .. } => "trf_records_kept",
            Event::SectionConfigured { .. } => "section_configured",
            Event::PlayerRegistered { .. } => "player_registered",
            Event::PlayerUpdated { .. } => "player_updated",
            Event::PlayerWithdrawn { .. } => "player_withdrawn",
            Event::PlayerReinstated { .. } => "player_reinstated",
            Event::ByeRequested { .. } => "bye_requested",
            Event::ByeCancelled { .. } => "bye_cancelled",
            Event::UnpairedForfeit { .. } => "unpaired_forfeit",
            Event::ForbiddenPairAdded { .. } => "forbidden_pair_added",
            Event::RoundPaired { .. } => "round_paired",
            Event::PairingEdited { .. } => "pairing_edited",
            Event::ResultRecorded { .. } => "result_recorded",
            Event::LotsDrawn { .. } => "lots_drawn",
            Event::RegistrationConfigured(_) => "registration_configured",
            Event::RegistrationSubmitted(_) => "registration_submitted",
            Event::RegistrationAccepted { .. } => "registration_accepted",
            Event::RegistrationRejected { .. } => "registration_rejected",
            Event::RegistrationMoved { .. } => "registration_moved",
            Event::RegistrationWithdrawn { .. } => "registration_withdrawn",
            Event::PrizePlanSet(_) => "prize_plan_set",
            Event::FeesSet(_) => "fees_set",
            Event::PaymentRecorded(_) => "payment_recorded",
            Event::Undone { .. } => "undone",
            Event::Team(e) => e.kind(),
        }
    }
}
