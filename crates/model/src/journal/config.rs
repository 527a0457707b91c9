//! How one section is run, and its TRF system code.

use serde::{Deserialize, Serialize};

use crate::player::Colour;
use crate::scoring::Scoring;

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

    /// True when the pairing numbers, once given for round 1, never change:
    /// they are Berger numbers (round robin, spec 04 §6) or lot numbers
    /// (Italo-Swiss, spec 06 §3.2, late entrants taking the next numbers,
    /// §3.9), not a ranking to be redone.
    pub fn has_fixed_numbers(&self) -> bool {
        self.is_round_robin() || self.system == "italo-swiss"
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
