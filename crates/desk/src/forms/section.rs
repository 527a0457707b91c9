//! How a section is run, as typed (`new`, `section add`, `section set`).

use arbiter_model::journal::SectionConfig;
use arbiter_model::{Colour, Points, Scoring, System};
use arbiter_standings::parse_list;
use arbiter_standings::presets::Preset;

use crate::error::DeskError;
use crate::forms::team::TeamSettingsForm;

/// The most rounds a section may have: a TRF round block is numbered with
/// two digits (spec 05 §2; issue 10 item 5).
pub const MAX_ROUNDS: u32 = 99;

/// A section's settings as typed; `None` keeps the current value (or the
/// default for a new section).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SectionForm {
    /// Total number of rounds, 1-99.
    pub rounds: Option<String>,
    /// A [`System`] name: `dutch`, `dutch-baku`, `italo-swiss`,
    /// `round-robin`, `double-round-robin`, `team-swiss` (a team section).
    pub system: Option<String>,
    /// Tie-break codes in order (`BH/C1,BH,PS`), or a national preset
    /// (`pl-002`); empty for none.
    pub tiebreaks: Option<String>,
    /// Points for win, draw and loss (`1,0.5,0`, `3,1,0`).
    pub scoring: Option<String>,
    /// Team-mates never paired together.
    pub avoid_team_pairings: Option<bool>,
    /// `white` or `black`: the colour of the top-ranked player in round 1.
    pub initial_colour: Option<String>,
    /// `baku` or `none` (C.04.7; the Dutch system only).
    pub acceleration: Option<String>,
    /// The matches of a team section and the rule teams follow.
    pub team: TeamSettingsForm,
}

impl SectionForm {
    /// True when no setting is given.
    pub fn is_empty(&self) -> bool {
        *self == SectionForm::default()
    }

    /// The configuration of a new section (`rounds` is required).
    pub fn new_config(&self) -> Result<SectionConfig, DeskError> {
        if self.rounds.is_none() {
            return Err(DeskError::invalid(
                "rounds",
                "missing: a section needs its number of rounds",
            ));
        }
        self.apply(SectionConfig::new(1))
    }

    /// These settings over `base`, checked together (Baku needs the Dutch
    /// system and its scoring; a round robin cannot keep team-mates apart;
    /// a team section has boards, a section of individuals none).
    pub fn apply(&self, mut c: SectionConfig) -> Result<SectionConfig, DeskError> {
        if let Some(r) = &self.rounds {
            c.rounds = parse_rounds(r)?;
        }
        if let Some(s) = &self.system {
            let system = System::from_name(s).ok_or_else(|| {
                DeskError::invalid(
                    "system",
                    format!(
                        "'{}' is not a pairing system of this version (known: {})",
                        s.trim(),
                        System::ALL.map(System::name).join(", ")
                    ),
                )
            })?;
            // The acceleration stays unless it is set too.
            let baku = system.is_accelerated() || c.system.is_accelerated();
            c.system = match system.with_baku(baku) {
                Some(s) => s,
                None if self.acceleration.is_some() => system,
                None => {
                    return Err(DeskError::invalid(
                        "system",
                        format!(
                            "the section uses Baku acceleration, which is for the Dutch system \
                             (C.04.7), not the {}; set the acceleration to none as well",
                            system.label()
                        ),
                    ));
                }
            };
        }
        if let Some(a) = &self.acceleration {
            let baku = match a.trim().to_ascii_lowercase().as_str() {
                "baku" => true,
                "none" => false,
                _ => {
                    return Err(DeskError::invalid(
                        "acceleration",
                        format!("'{}': expected baku or none", a.trim()),
                    ));
                }
            };
            c.system = c.system.with_baku(baku).ok_or_else(|| {
                DeskError::invalid(
                    "acceleration",
                    format!(
                        "Baku acceleration is for the Dutch system (C.04.7), not the {}",
                        c.system.label()
                    ),
                )
            })?;
        }
        if let Some(t) = &self.tiebreaks {
            (c.tiebreaks, c.tiebreak_preset) = parse_tiebreaks(t)?;
        }
        if let Some(s) = &self.scoring {
            c.scoring = parse_scoring(s)?;
        }
        if let Some(avoid) = self.avoid_team_pairings {
            c.avoid_team_pairings = avoid;
        }
        if let Some(colour) = &self.initial_colour {
            c.initial_colour = match colour.trim().to_ascii_lowercase().as_str() {
                "white" | "w" => Colour::White,
                "black" | "b" => Colour::Black,
                _ => {
                    return Err(DeskError::invalid(
                        "initial-colour",
                        format!("'{}': expected white or black", colour.trim()),
                    ));
                }
            };
        }
        if c.system.is_accelerated() {
            arbiter_pairing::acceleration::check_scoring(&c.scoring).map_err(|e| {
                DeskError::invalid(
                    if self.scoring.is_some() {
                        "scoring"
                    } else {
                        "acceleration"
                    },
                    e.to_string(),
                )
            })?;
        }
        self.team.apply(&mut c, self.scoring.is_some())?;
        if c.avoid_team_pairings && c.is_round_robin() {
            return Err(DeskError::invalid(
                "avoid-team-pairings",
                format!(
                    "a {} cannot keep team-mates apart: its Berger schedule is fixed by the \
                     pairing numbers and cannot avoid any pair (spec 04 §6); use the Varma \
                     restricted drawing of lots to separate team-mates instead",
                    c.system.name()
                ),
            ));
        }
        Ok(c)
    }
}

/// `9` → 9; 1 to [`MAX_ROUNDS`].
pub fn parse_rounds(text: &str) -> Result<u32, DeskError> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|r| (1..=MAX_ROUNDS).contains(r))
        .ok_or_else(|| {
            DeskError::invalid(
                "rounds",
                format!(
                    "'{}' is not a number of rounds (1 to {MAX_ROUNDS}, the most a TRF file holds)",
                    text.trim()
                ),
            )
        })
}

/// A tie-break list: a preset's (with its name) or FIDE codes, each checked
/// (MTB26 / C.07), stored in their canonical spelling.
pub fn parse_tiebreaks(text: &str) -> Result<(Vec<String>, Option<String>), DeskError> {
    if let Some(p) = Preset::find(text) {
        let codes = p.tiebreaks().iter().map(|t| t.to_string()).collect();
        return Ok((codes, Some(p.name.to_string())));
    }
    let codes = parse_list(text).map_err(|e| {
        DeskError::invalid(
            "tiebreaks",
            format!(
                "{e} (give FIDE codes such as BH/C1,BH,PS or a preset: {})",
                Preset::names().join(", ")
            ),
        )
    })?;
    Ok((codes.iter().map(|t| t.to_string()).collect(), None))
}

/// `1,0.5,0` → the scoring with those game points (byes follow TRF26 162).
/// A win must be worth more than a loss, and a draw between the two.
pub fn parse_scoring(text: &str) -> Result<Scoring, DeskError> {
    let bad = |why: String| DeskError::invalid("scoring", format!("'{}': {why}", text.trim()));
    let values = text
        .split(',')
        .map(str::parse::<Points>)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| bad(e.to_string()))?;
    let [win, draw, loss] = values[..] else {
        return Err(bad(
            "expected three values, win,draw,loss (e.g. 1,0.5,0)".into()
        ));
    };
    if loss < Points::ZERO || !(win > loss && draw <= win && draw >= loss) {
        return Err(bad(
            "a win must be worth more than a loss, a draw no more than a win and no less than a loss, and a loss nothing negative".into(),
        ));
    }
    Ok(Scoring::with_game_points(win, draw, loss))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(f: impl FnOnce(&mut SectionForm)) -> Result<SectionConfig, DeskError> {
        let mut form = SectionForm {
            rounds: Some("9".into()),
            ..SectionForm::default()
        };
        f(&mut form);
        form.new_config()
    }

    /// Issue 10 item 8: refused at set time, naming the field.
    #[test]
    fn what_later_failed_is_refused_when_set() {
        let field = |f: fn(&mut SectionForm)| form(f).unwrap_err().field().map(str::to_string);
        assert_eq!(
            field(|f| f.tiebreaks = Some("FOO".into())).as_deref(),
            Some("tiebreaks")
        );
        assert_eq!(
            field(|f| f.scoring = Some("1,2,3".into())).as_deref(),
            Some("scoring")
        );
        assert_eq!(
            field(|f| f.rounds = Some("99999999".into())).as_deref(),
            Some("rounds")
        );
        assert_eq!(
            field(|f| f.rounds = Some("0".into())).as_deref(),
            Some("rounds")
        );
        assert_eq!(
            field(|f| f.system = Some("burstein".into())).as_deref(),
            Some("system")
        );
        assert_eq!(
            field(|f| {
                f.system = Some("italo-swiss".into());
                f.acceleration = Some("baku".into());
            })
            .as_deref(),
            Some("acceleration")
        );
        assert!(form(|f| f.scoring = Some("3,1,0".into())).is_ok());
        assert!(form(|f| f.scoring = Some("1,0,0".into())).is_ok());
    }

    #[test]
    fn presets_are_stored_with_their_codes() {
        let c = form(|f| f.tiebreaks = Some("PL-002".into())).unwrap();
        assert_eq!(c.tiebreaks, ["BH/M1", "BH", "WIN", "PS"]);
        assert_eq!(c.tiebreak_preset.as_deref(), Some("pl-002"));
        let c = form(|f| f.tiebreaks = Some("bh/c1, bh ,PS".into())).unwrap();
        assert_eq!(c.tiebreaks, ["BH/C1", "BH", "PS"]);
        assert_eq!(c.tiebreak_preset, None);
        let c = form(|f| f.tiebreaks = Some(String::new())).unwrap();
        assert!(c.tiebreaks.is_empty());
    }

    #[test]
    fn acceleration_and_system_spellings() {
        let c = form(|f| f.acceleration = Some("baku".into())).unwrap();
        assert_eq!(c.system, System::DutchBaku);
        let c = form(|f| f.system = Some("dutch-baku".into())).unwrap();
        assert_eq!(c.system, System::DutchBaku);
        let e = form(|f| {
            f.acceleration = Some("baku".into());
            f.scoring = Some("3,1,0".into());
        })
        .unwrap_err();
        assert_eq!(e.field(), Some("scoring"));
    }
}
