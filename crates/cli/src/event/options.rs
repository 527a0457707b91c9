//! Parsing of the values arbiters type: section settings and player fields.

use arbiter_model::journal::{Acceleration, SectionConfig};
use arbiter_model::{Colour, EventInfo, Player, Points, Ratings, Scoring, Sex, Title};
use clap::Args;

use super::error::CliError;

/// How a section is run (`arbiter new`, `arbiter section add`).
#[derive(Args, Clone, Debug)]
pub struct SectionArgs {
    /// Total number of rounds.
    #[arg(long)]
    pub rounds: u32,
    #[command(flatten)]
    pub settings: SectionSettings,
}

/// Section settings that have defaults (`dutch`, 1-½-0, White).
#[derive(Args, Clone, Debug, Default)]
pub struct SectionSettings {
    /// Pairing system (engine flag without dashes): dutch, ...
    #[arg(long)]
    pub system: Option<String>,
    /// Tie-break codes in order, comma-separated (e.g. BH/C1,BH,PS).
    #[arg(long)]
    pub tiebreaks: Option<String>,
    /// Points for win, draw, loss (e.g. 1,0.5,0 or 3,1,0).
    #[arg(long)]
    pub scoring: Option<String>,
    /// Players of one team are never paired together (refused for a round
    /// robin, whose schedule is fixed).
    #[arg(long)]
    pub avoid_team_pairings: bool,
    /// Colour of the top-ranked player in round 1: white or black (Dutch 5.1;
    /// drawn by lot before round 1, default white).
    #[arg(long)]
    pub initial_colour: Option<String>,
    /// Acceleration of the pairing scores: baku (C.04.7, Dutch system only;
    /// needs win = 2 draws, loss 0) or none.
    #[arg(long)]
    pub acceleration: Option<String>,
}

impl SectionSettings {
    /// The configuration with these settings over `base`.
    pub fn apply(&self, mut base: SectionConfig) -> Result<SectionConfig, CliError> {
        if let Some(system) = &self.system {
            let flag = system.trim().trim_start_matches('-').to_ascii_lowercase();
            if arbiter_pairing::registry::by_flag(&flag).is_none() && flag != "dutch" {
                return Err(CliError::refused(format!(
                    "--system {system}: no such pairing system in this version"
                )));
            }
            base.system = flag;
        }
        if let Some(t) = &self.tiebreaks {
            base.tiebreaks = parse_tiebreaks(t)?;
        }
        if let Some(s) = &self.scoring {
            base.scoring = parse_scoring(s)?;
        }
        if self.avoid_team_pairings {
            base.avoid_team_pairings = true;
        }
        if let Some(a) = &self.acceleration {
            base.acceleration = match a.trim().to_ascii_lowercase().as_str() {
                "baku" => Acceleration::Baku,
                "none" => Acceleration::None,
                _ => {
                    return Err(CliError::refused(format!(
                        "--acceleration {a}: expected baku or none"
                    )));
                }
            };
        }
        if base.acceleration == Acceleration::Baku {
            if base.system != "dutch" {
                return Err(CliError::refused(format!(
                    "--acceleration baku is for the Dutch system (C.04.7), not {}",
                    base.system
                )));
            }
            arbiter_pairing::acceleration::check_scoring(&base.scoring)
                .map_err(|e| CliError::refused(format!("--acceleration baku: {e}")))?;
        }
        if base.avoid_team_pairings && base.is_round_robin() {
            return Err(CliError::refused(format!(
                "--avoid-team-pairings cannot be kept by a {}: its Berger schedule is fixed \
                 by the pairing numbers and cannot avoid any pair (spec 04 §6); use the \
                 Varma restricted drawing of lots to separate team-mates instead",
                base.system
            )));
        }
        if let Some(c) = &self.initial_colour {
            base.initial_colour = match c.to_ascii_lowercase().as_str() {
                "white" | "w" => Colour::White,
                "black" | "b" => Colour::Black,
                _ => {
                    return Err(CliError::refused(format!(
                        "--initial-colour {c}: expected white or black"
                    )));
                }
            };
        }
        Ok(base)
    }
}

impl SectionArgs {
    /// The configuration of a new section.
    pub fn config(&self) -> Result<SectionConfig, CliError> {
        if self.rounds == 0 {
            return Err(CliError::refused(
                "--rounds: a section needs at least one round",
            ));
        }
        self.settings.apply(SectionConfig {
            rounds: self.rounds,
            system: "dutch".into(),
            tiebreaks: Vec::new(),
            scoring: Scoring::default(),
            avoid_team_pairings: false,
            initial_colour: Colour::White,
            acceleration: Acceleration::None,
        })
    }
}

/// Descriptive data of the event (`event set`), as the TRF headers hold it.
#[derive(Args, Clone, Debug, Default)]
pub struct EventDetails {
    /// 012: name of the event.
    #[arg(long)]
    pub name: Option<String>,
    /// 022: city.
    #[arg(long)]
    pub city: Option<String>,
    /// 032: federation.
    #[arg(long)]
    pub fed: Option<String>,
    /// 042: start date, YYYY-MM-DD.
    #[arg(long)]
    pub start: Option<String>,
    /// 052: end date, YYYY-MM-DD.
    #[arg(long)]
    pub end: Option<String>,
    /// 092: type of tournament, free text.
    #[arg(long)]
    pub kind: Option<String>,
    /// 102: chief arbiter.
    #[arg(long)]
    pub chief_arbiter: Option<String>,
    /// 112: deputy arbiters, comma-separated.
    #[arg(long)]
    pub deputies: Option<String>,
    /// 122: time control.
    #[arg(long)]
    pub time_control: Option<String>,
    /// 132: round dates, comma-separated (YY/MM/DD as TRF writes them).
    #[arg(long)]
    pub round_dates: Option<String>,
}

impl EventDetails {
    /// These details over `info`.
    pub fn apply(&self, mut info: EventInfo) -> Result<EventInfo, CliError> {
        let list = |s: &str| {
            s.split(',')
                .map(|x| x.trim().to_string())
                .collect::<Vec<_>>()
        };
        if let Some(n) = &self.name {
            if n.trim().is_empty() {
                return Err(CliError::refused("--name: empty"));
            }
            info.name = n.trim().to_string();
        }
        for (value, slot) in [
            (&self.city, &mut info.city),
            (&self.fed, &mut info.federation),
            (&self.start, &mut info.start_date),
            (&self.end, &mut info.end_date),
            (&self.kind, &mut info.kind),
            (&self.chief_arbiter, &mut info.chief_arbiter),
            (&self.time_control, &mut info.time_control),
        ] {
            if let Some(v) = value {
                *slot = Some(v.trim().to_string()).filter(|v| !v.is_empty());
            }
        }
        if let Some(d) = &self.deputies {
            info.deputy_arbiters = list(d);
        }
        if let Some(d) = &self.round_dates {
            info.round_dates = list(d);
        }
        Ok(info)
    }
}

/// `BH/C1,BH,PS` → `["BH/C1", "BH", "PS"]`.
fn parse_tiebreaks(text: &str) -> Result<Vec<String>, CliError> {
    let codes: Vec<String> = text.split(',').map(|c| c.trim().to_string()).collect();
    if let Some(i) = codes.iter().position(|c| c.is_empty() || c.contains(' ')) {
        return Err(CliError::refused(format!(
            "--tiebreaks {text}: code {} is empty or contains a blank",
            i + 1
        )));
    }
    Ok(codes)
}

/// `1,0.5,0` → the scoring with those game points (byes follow TRF26 162).
fn parse_scoring(text: &str) -> Result<Scoring, CliError> {
    let values: Result<Vec<Points>, _> = text.split(',').map(str::parse::<Points>).collect();
    match values.map_err(|e| e.to_string()) {
        Ok(v) if v.len() == 3 => Ok(Scoring::with_game_points(v[0], v[1], v[2])),
        Ok(_) => Err(CliError::refused(format!(
            "--scoring {text}: expected three values, win,draw,loss (e.g. 1,0.5,0)"
        ))),
        Err(e) => Err(CliError::refused(format!("--scoring {text}: {e}"))),
    }
}

/// The fields of a player as typed (flags of `player add`, columns of a CSV).
#[derive(Args, Clone, Debug, Default)]
pub struct PlayerFields {
    /// `Lastname, Firstname`.
    #[arg(long)]
    pub name: Option<String>,
    /// FIDE standard rating.
    #[arg(long)]
    pub rating: Option<String>,
    /// FIDE title: GM IM WGM FM WIM CM WFM WCM.
    #[arg(long)]
    pub title: Option<String>,
    /// m or w.
    #[arg(long)]
    pub sex: Option<String>,
    /// Birth date, YYYY-MM-DD (or only YYYY).
    #[arg(long)]
    pub born: Option<String>,
    /// Federation, three letters.
    #[arg(long)]
    pub fed: Option<String>,
    #[arg(long = "fide-id")]
    pub fide_id: Option<String>,
    #[arg(long)]
    pub club: Option<String>,
    #[arg(long)]
    pub team: Option<String>,
}

/// The field names, as flags and CSV columns.
pub const FIELD_NAMES: [&str; 9] = [
    "name", "rating", "title", "sex", "born", "fed", "fide-id", "club", "team",
];

impl PlayerFields {
    /// Sets one field by its name (CSV column); `false` for an unknown name.
    pub fn set(&mut self, field: &str, value: String) -> bool {
        let value = Some(value).filter(|v| !v.trim().is_empty());
        let slot = match field.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "name" => &mut self.name,
            "rating" => &mut self.rating,
            "title" => &mut self.title,
            "sex" => &mut self.sex,
            "born" => &mut self.born,
            "fed" => &mut self.fed,
            "fide-id" => &mut self.fide_id,
            "club" => &mut self.club,
            "team" => &mut self.team,
            _ => return false,
        };
        *slot = value;
        true
    }

    /// These fields over `base` (an update changes only what is given).
    /// Errors name the field.
    pub fn apply(&self, mut p: Player) -> Result<Player, String> {
        if let Some(n) = &self.name {
            if n.trim().is_empty() {
                return Err("name: empty".into());
            }
            p.name = n.trim().to_string();
        }
        if let Some(r) = &self.rating {
            let v: u16 = r
                .trim()
                .parse()
                .ok()
                .filter(|v| *v <= 3500)
                .ok_or_else(|| format!("rating: '{r}' is not a rating (0-3500)"))?;
            p.ratings = Ratings {
                fide: (v > 0).then_some(v),
                ..p.ratings
            };
        }
        if let Some(t) = &self.title {
            p.title = Some(t.parse::<Title>().map_err(|e| format!("title: {e}"))?);
        }
        if let Some(s) = &self.sex {
            p.sex = Some(match s.trim().to_ascii_lowercase().as_str() {
                "m" => Sex::Male,
                "w" | "f" => Sex::Female,
                _ => return Err(format!("sex: '{s}' (expected m or w)")),
            });
        }
        if let Some(b) = &self.born {
            p.birth_date = Some(b.parse().map_err(|e| format!("born: {e}"))?);
        }
        if let Some(f) = &self.fed {
            let f = f.trim().to_ascii_uppercase();
            if f.len() != 3 || !f.bytes().all(|c| c.is_ascii_alphabetic()) {
                return Err(format!("fed: '{f}' is not a three-letter federation"));
            }
            p.federation = Some(f);
        }
        if let Some(id) = &self.fide_id {
            p.fide_id = Some(
                id.trim()
                    .parse()
                    .ok()
                    .filter(|v| *v > 0)
                    .ok_or_else(|| format!("fide-id: '{id}' is not a FIDE id"))?,
            );
        }
        if let Some(c) = &self.club {
            p.club = Some(c.trim().to_string());
        }
        if let Some(t) = &self.team {
            p.team = Some(t.trim().to_string());
        }
        if p.name.is_empty() {
            return Err("name: missing".into());
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scoring_and_tiebreaks() {
        let s = parse_scoring("3,1,0").unwrap();
        assert_eq!((s.win, s.draw, s.loss), (Points(30), Points(10), Points(0)));
        assert!(parse_scoring("1,0.5").is_err());
        assert_eq!(
            parse_tiebreaks("BH/C1,BH,PS").unwrap(),
            ["BH/C1", "BH", "PS"]
        );
        assert!(parse_tiebreaks("BH,,PS").is_err());
    }
}
