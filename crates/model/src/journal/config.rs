//! How one section is run.

use serde::{Deserialize, Serialize};

use super::teams::TeamConfig;
use crate::player::Colour;
use crate::scoring::Scoring;
use crate::system::System;
use crate::team::CompositionRule;

/// How one section is run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredConfig", into = "StoredConfig")]
pub struct SectionConfig {
    /// Total number of rounds (TRF 142).
    pub rounds: u32,
    /// Pairing system, acceleration included (TRF 192).
    pub system: System,
    /// Tie-break codes in order (TRF 202), e.g. `BH/C1`.
    pub tiebreaks: Vec<String>,
    /// The national list the tie-breaks were taken from (`pl-002`), whose
    /// labels the standings use.
    pub tiebreak_preset: Option<String>,
    pub scoring: Scoring,
    /// Team-mates are never paired together (seed 004).
    pub avoid_team_pairings: bool,
    /// Colour of the top-ranked player in round 1 (Dutch 5.1, TRF 152).
    pub initial_colour: Colour,
    /// The matches of a team section (its system is the team Swiss); `None`
    /// for a section of individuals.
    pub team: Option<TeamConfig>,
    /// What a team must look like: a team section's rosters, or the teams
    /// (the players' `team` field) of an individual-team event (seed 004).
    pub composition: Option<CompositionRule>,
}

impl SectionConfig {
    /// A section of `rounds` rounds with the defaults: Dutch, no tie-breaks,
    /// 1-½-0, White for the top-ranked player.
    pub fn new(rounds: u32) -> SectionConfig {
        SectionConfig {
            rounds,
            system: System::Dutch,
            tiebreaks: Vec::new(),
            tiebreak_preset: None,
            scoring: Scoring::default(),
            avoid_team_pairings: false,
            initial_colour: Colour::White,
            team: None,
            composition: None,
        }
    }

    /// True for the systems whose schedule is fixed by the pairing numbers.
    pub fn is_round_robin(&self) -> bool {
        self.system.is_round_robin()
    }

    /// True for a team section (teams play matches).
    pub fn is_team_section(&self) -> bool {
        self.team.is_some()
    }
}

/// How pairing scores are accelerated (C.04.7, spec 03 A): the stored
/// spelling of [`System::DutchBaku`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Acceleration {
    #[default]
    None,
    Baku,
}

/// A section's configuration as journals store it: the system as its
/// engine flag and the acceleration beside it (the layout of every journal
/// written so far; `acceleration` is absent in the oldest).
#[derive(Serialize, Deserialize)]
struct StoredConfig {
    rounds: u32,
    system: String,
    tiebreaks: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    tiebreak_preset: Option<String>,
    scoring: Scoring,
    avoid_team_pairings: bool,
    initial_colour: Colour,
    #[serde(default)]
    acceleration: Acceleration,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    team: Option<TeamConfig>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    composition: Option<CompositionRule>,
}

impl TryFrom<StoredConfig> for SectionConfig {
    type Error = String;

    fn try_from(c: StoredConfig) -> Result<Self, Self::Error> {
        let system = System::from_engine_flag(&c.system)
            .and_then(|s| s.with_baku(c.acceleration == Acceleration::Baku))
            .ok_or_else(|| {
                format!(
                    "unknown pairing system '{}' (acceleration {:?})",
                    c.system, c.acceleration
                )
            })?;
        Ok(SectionConfig {
            rounds: c.rounds,
            system,
            tiebreaks: c.tiebreaks,
            tiebreak_preset: c.tiebreak_preset,
            scoring: c.scoring,
            avoid_team_pairings: c.avoid_team_pairings,
            initial_colour: c.initial_colour,
            team: c.team,
            composition: c.composition,
        })
    }
}

impl From<SectionConfig> for StoredConfig {
    fn from(c: SectionConfig) -> Self {
        StoredConfig {
            rounds: c.rounds,
            system: c.system.engine_flag().to_string(),
            tiebreaks: c.tiebreaks,
            tiebreak_preset: c.tiebreak_preset,
            scoring: c.scoring,
            avoid_team_pairings: c.avoid_team_pairings,
            initial_colour: c.initial_colour,
            acceleration: if c.system.is_accelerated() {
                Acceleration::Baku
            } else {
                Acceleration::None
            },
            team: c.team,
            composition: c.composition,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Journals written before the system type keep loading, and the
    /// layout written is theirs.
    #[test]
    fn stored_layout_is_unchanged() {
        let old = r#"{"rounds":9,"system":"dutch","tiebreaks":["BH"],"scoring":{"win":10,"draw":5,"loss":0,"forfeit_win":10,"forfeit_loss":0,"pab":10,"full_bye":10,"half_bye":5,"zero_bye":0},"avoid_team_pairings":false,"initial_colour":"White","acceleration":"baku"}"#;
        let c: SectionConfig = serde_json::from_str(old).unwrap();
        assert_eq!(c.system, System::DutchBaku);
        assert_eq!(serde_json::to_string(&c).unwrap(), old);
        let oldest = old.replace(r#","acceleration":"baku""#, "");
        let oldest = oldest.replace("dutch", "italo-swiss");
        let c: SectionConfig = serde_json::from_str(&oldest).unwrap();
        assert_eq!(c.system, System::ItaloSwiss);
        let bad = old.replace("dutch", "italo-swiss");
        assert!(serde_json::from_str::<SectionConfig>(&bad).is_err());
    }
}
