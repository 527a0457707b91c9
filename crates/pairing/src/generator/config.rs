//! The random tournament generator's configuration file (spec 05 §7.7):
//! one `Key=Value` per line, `#` in the first column starts a comment, no
//! trimming around `=`; unknown keys are errors.

use arbiter_model::{Points, Scoring};

use super::rng::Rng;

/// The keys given in a configuration file; `None` = drawn at random.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ConfigSpec {
    pub players: Option<u32>,
    pub rounds: Option<u32>,
    pub draw_percentage: Option<u32>,
    pub forfeit_rate: Option<f64>,
    pub retired_rate: Option<f64>,
    pub half_point_bye_rate: Option<f64>,
    pub highest_rating: Option<u32>,
    pub lowest_rating: Option<u32>,
    pub scoring: Scoring,
}

/// A complete generator configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratorConfig {
    pub players: u32,
    pub rounds: u32,
    /// Draw rate among played games, in percent (capped by the rating gap).
    pub draw_percentage: u32,
    /// About one scheduled game in `forfeit_rate` is forfeited.
    pub forfeit_rate: f64,
    /// ⌊players / retired_rate⌋ players get zero-point byes.
    pub retired_rate: f64,
    /// ⌊players / half_point_bye_rate⌋ players take half-point byes.
    pub half_point_bye_rate: f64,
    pub highest_rating: u32,
    pub lowest_rating: u32,
    pub scoring: Scoring,
}

/// Why a configuration cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// A malformed line or value (engine exit code 3).
    #[error("line {line}: {message}")]
    Line { line: usize, message: String },
    /// Values that contradict each other (exit code 3).
    #[error("{0}")]
    Inconsistent(String),
    /// A value the tournament file cannot hold (exit code 4).
    #[error("{0}")]
    TooLarge(String),
}

/// Largest pairing number and rating a TRF can hold (4 columns).
pub const MAX_FOUR_DIGITS: u32 = 9999;

/// Reads a configuration file's text.
pub fn parse_config(text: &str) -> Result<ConfigSpec, ConfigError> {
    let mut spec = ConfigSpec::default();
    for (index, line) in text.split(['\r', '\n']).enumerate() {
        let number = index + 1;
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |message: String| ConfigError::Line {
            line: number,
            message,
        };
        let (key, value) = line
            .split_once('=')
            .ok_or_else(|| err(format!("'{line}' is not of the form Key=Value")))?;
        let unsigned = || {
            value
                .parse::<u32>()
                .map_err(|_| err(format!("{key}: '{value}' is not an unsigned integer")))
        };
        let rate = |min: f64| {
            value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= min)
                .ok_or_else(|| {
                    err(format!(
                        "{key}: '{value}' is not a number of at least {min}"
                    ))
                })
        };
        let points = || {
            value
                .parse::<Points>()
                .ok()
                .filter(|p| *p >= Points::ZERO)
                .ok_or_else(|| {
                    err(format!(
                        "{key}: '{value}' is not a non-negative number with at most one decimal"
                    ))
                })
        };
        let s = &mut spec.scoring;
        match key {
            "PlayersNumber" => spec.players = Some(unsigned()?),
            "RoundsNumber" => spec.rounds = Some(unsigned()?),
            "DrawPercentage" => {
                let v = unsigned()?;
                if v > 100 {
                    return Err(err(format!("DrawPercentage: {v} is above 100")));
                }
                spec.draw_percentage = Some(v);
            }
            "ForfeitRate" => spec.forfeit_rate = Some(rate(1.0)?),
            "RetiredRate" => spec.retired_rate = Some(rate(2.0)?),
            "HalfPointByeRate" | "HalfPointByteRate" => spec.half_point_bye_rate = Some(rate(1.0)?),
            "HighestRating" => spec.highest_rating = Some(unsigned()?),
            "LowestRating" => spec.lowest_rating = Some(unsigned()?),
            // A win's value is also the forfeit win's, the full-point bye's
            // and the PAB's (TRF26 162), even after PointsForPAB.
            "PointsForWin" => {
                let v = points()?;
                s.win = v;
                s.forfeit_win = v;
                s.full_bye = v;
                s.pab = v;
            }
            "PointsForDraw" => {
                let v = points()?;
                s.draw = v;
                s.half_bye = v;
            }
            "PointsForLoss" => s.loss = points()?,
            "PointsForZPB" => s.zero_bye = points()?,
            "PointsForForfeitLoss" => {
                let v = points()?;
                s.forfeit_loss = v;
                s.zero_bye = v;
            }
            "PointsForPAB" => s.pab = points()?,
            _ => return Err(err(format!("unknown key '{key}'"))),
        }
    }
    Ok(spec)
}

impl ConfigSpec {
    /// Fills the missing values at random. Every random default is drawn
    /// even when the key is given, always in the same order (rounds, forfeit
    /// rate, retired rate, HPB rate, draw percentage, players, highest
    /// rating, lowest rating), so one key does not shift the others.
    pub fn resolve(&self, rng: &mut Rng) -> Result<GeneratorConfig, ConfigError> {
        let rounds = rng.between(5, 15);
        let forfeit_rate = f64::from(rng.between(6, 30));
        let retired_rate = f64::from(rng.between(15, 3225));
        let half_point_bye_rate = f64::from(rng.between(15, 3225));
        let draw_percentage = rng.between(10, 50);
        let players = rng.between(15, 215);
        let highest_rating = rng.between(2400, 2800);
        let lowest_rating = rng.between(1400, 2300);
        let config = GeneratorConfig {
            players: self.players.unwrap_or(players),
            rounds: self.rounds.unwrap_or(rounds),
            draw_percentage: self.draw_percentage.unwrap_or(draw_percentage),
            forfeit_rate: self.forfeit_rate.unwrap_or(forfeit_rate),
            retired_rate: self.retired_rate.unwrap_or(retired_rate),
            half_point_bye_rate: self.half_point_bye_rate.unwrap_or(half_point_bye_rate),
            highest_rating: self.highest_rating.unwrap_or(highest_rating),
            lowest_rating: self.lowest_rating.unwrap_or(lowest_rating),
            scoring: self.scoring,
        };
        config.validate()?;
        Ok(config)
    }
}

impl GeneratorConfig {
    /// Checks that the values can be generated and written.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.players == 0 || self.rounds == 0 {
            return Err(ConfigError::Inconsistent(
                "the numbers of players and rounds must be positive".to_string(),
            ));
        }
        if self.highest_rating < self.lowest_rating {
            return Err(ConfigError::Inconsistent(format!(
                "HighestRating {} is below LowestRating {}",
                self.highest_rating, self.lowest_rating
            )));
        }
        if self.players > MAX_FOUR_DIGITS {
            return Err(ConfigError::TooLarge(format!(
                "{} players: a TRF holds at most {MAX_FOUR_DIGITS}",
                self.players
            )));
        }
        if self.highest_rating > MAX_FOUR_DIGITS {
            return Err(ConfigError::TooLarge(format!(
                "rating {}: a TRF holds at most {MAX_FOUR_DIGITS}",
                self.highest_rating
            )));
        }
        if self.scoring.forfeit_loss != self.scoring.zero_bye {
            return Err(ConfigError::TooLarge(
                "a forfeit loss and a zero-point bye worth different points cannot be written in record 162"
                    .to_string(),
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_corpus_p310_configuration() {
        let text = "PlayersNumber=60\r\nRoundsNumber=9\r\nDrawPercentage=35\r\nForfeitRate=15\r\nRetiredRate=100\r\nHalfPointByeRate=50\r\nPointsForWin=3.0\r\nPointsForDraw=1.0\r\n";
        let spec = parse_config(text).unwrap();
        assert_eq!(spec.players, Some(60));
        assert_eq!(spec.rounds, Some(9));
        assert_eq!(spec.draw_percentage, Some(35));
        assert_eq!(spec.forfeit_rate, Some(15.0));
        assert_eq!(spec.scoring.win, Points(30));
        assert_eq!(spec.scoring.pab, Points(30));
        assert_eq!(spec.scoring.draw, Points(10));
        assert_eq!(spec.scoring.half_bye, Points(10));
    }

    #[test]
    fn comments_and_typo_key_accepted() {
        let spec = parse_config("# a comment\n\nHalfPointByteRate=40\n").unwrap();
        assert_eq!(spec.half_point_bye_rate, Some(40.0));
    }

    #[test]
    fn win_after_pab_resets_the_pab() {
        let spec = parse_config("PointsForPAB=0.5\nPointsForWin=2.0\n").unwrap();
        assert_eq!(spec.scoring.pab, Points(20));
        let spec = parse_config("PointsForWin=2.0\nPointsForPAB=0.5\n").unwrap();
        assert_eq!(spec.scoring.pab, Points(5));
    }

    #[test]
    fn no_trimming_and_unknown_keys_are_errors() {
        let e = parse_config("PlayersNumber = 9\n").unwrap_err();
        assert!(matches!(e, ConfigError::Line { line: 1, .. }));
        assert!(parse_config("Players=9").is_err());
        assert!(parse_config("PlayersNumber").is_err());
        assert!(parse_config("DrawPercentage=101").is_err());
        assert!(parse_config("RetiredRate=1.5").is_err());
        assert!(parse_config("PointsForWin=1.25").is_err());
    }

    #[test]
    fn defaults_are_drawn_in_their_ranges() {
        let mut rng = Rng::new(1);
        let c = ConfigSpec::default().resolve(&mut rng).unwrap();
        assert!((15..=215).contains(&c.players));
        assert!((5..=15).contains(&c.rounds));
        assert!((10..=50).contains(&c.draw_percentage));
        assert!((2400..=2800).contains(&c.highest_rating));
        assert!((1400..=2300).contains(&c.lowest_rating));
    }

    #[test]
    fn inconsistent_values_are_refused() {
        let spec = parse_config("HighestRating=1500\nLowestRating=1600").unwrap();
        assert!(matches!(
            spec.resolve(&mut Rng::new(1)),
            Err(ConfigError::Inconsistent(_))
        ));
        let spec = parse_config("PointsForZPB=0.5").unwrap();
        assert!(matches!(
            spec.resolve(&mut Rng::new(1)),
            Err(ConfigError::TooLarge(_))
        ));
    }
}
