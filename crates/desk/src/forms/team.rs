//! Team sections as typed: the settings of a section's matches and team
//! rules (`new --system team-swiss --boards 2 …`, `section set`), and a team
//! to register (`team add`).

use arbiter_model::journal::PlayerId;
use arbiter_model::journal::SectionConfig;
use arbiter_model::journal::teams::{FamilyPairings, MAX_ROSTER, TeamConfig};
use arbiter_model::team::{
    BoardColours, ColourPreferences, CompositionRule, MatchPoints, MatchRules, SexLimit, TeamPab,
    TeamScore, TeamSystem,
};
use arbiter_model::{Points, Scoring, System};

use crate::error::DeskError;
use crate::forms::player::{add_tag, tag};
use crate::forms::text::{optional_text, required_text};

/// The team settings of a section as typed; `None` keeps the current value
/// (or the default). The match settings are for a team section
/// (`--system team-swiss`) only; the team size and the limits on men and
/// women also give the teams of an individual-team event their rule
/// (seed 004).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamSettingsForm {
    /// Boards per match, 1-14.
    pub boards: Option<String>,
    /// Match points for a won, drawn and lost match (`2,1,0`, `3,1,0`).
    pub match_points: Option<String>,
    /// The score that ranks the teams and forms the score groups:
    /// `match-points` (default) or `game-points`.
    pub primary: Option<String>,
    /// The first team's colour on each board (`WB`, `WBWB`; default: White
    /// on odd boards).
    pub colours: Option<String>,
    /// C.04.6 colour preferences: `a` (default), `b` or `none`.
    pub colour_preferences: Option<String>,
    /// Teams of one family are not paired: `all` rounds, the first `N`
    /// rounds, or `none`.
    pub avoid_family_pairings: Option<String>,
    /// The value of the pairing-allocated bye, `MP,GP` (default: a drawn
    /// match, C.04.6 Art. 1.4).
    pub team_pab: Option<String>,
    /// Members of a team: `4`, `2-3`, `2-` (at least), `-3` (at most),
    /// `any`.
    pub team_size: Option<String>,
    /// Men in a team, in the same forms.
    pub team_men: Option<String>,
    /// Women in a team, in the same forms.
    pub team_women: Option<String>,
    /// The boards a reserve may play (`2`, `3,4`, `any`).
    pub reserve_boards: Option<String>,
    /// At most this many teams of one family (`any`: no limit).
    pub max_teams_per_family: Option<String>,
}

impl TeamSettingsForm {
    /// Applies these settings to `c` (whose system is already set): a team
    /// section gets or keeps its match rules, a section of individuals has
    /// none; `scoring_given` tells whether the form also sets the scoring.
    pub(crate) fn apply(
        &self,
        c: &mut SectionConfig,
        scoring_given: bool,
    ) -> Result<(), DeskError> {
        if c.system == System::TeamSwiss {
            self.apply_matches(c, scoring_given)?;
        } else {
            let only_teams = [
                ("boards", &self.boards),
                ("match-points", &self.match_points),
                ("primary", &self.primary),
                ("colours", &self.colours),
                ("colour-preferences", &self.colour_preferences),
                ("avoid-family-pairings", &self.avoid_family_pairings),
                ("team-pab", &self.team_pab),
                ("reserve-boards", &self.reserve_boards),
                ("max-teams-per-family", &self.max_teams_per_family),
            ];
            if let Some((field, _)) = only_teams.iter().find(|(_, v)| v.is_some()) {
                return Err(DeskError::invalid(
                    field,
                    "a setting of a team section (--system team-swiss)",
                ));
            }
            if c.team.take().is_some() && !scoring_given {
                c.scoring = Scoring::default();
            }
        }
        self.apply_composition(c)
    }

    fn apply_matches(&self, c: &mut SectionConfig, scoring_given: bool) -> Result<(), DeskError> {
        if scoring_given {
            return Err(DeskError::invalid(
                "scoring",
                "the boards of a team section score 1, ½, 0; set the match points \
                 (--match-points) instead",
            ));
        }
        c.scoring = TeamConfig::board_scoring();
        let colours = self
            .colours
            .as_deref()
            .map(|t| {
                t.parse::<BoardColours>()
                    .map_err(|e| DeskError::invalid("colours", e.to_string()))
            })
            .transpose()?;
        let boards = self.boards.as_deref().map(parse_boards).transpose()?;
        let mut team = match c.team.take() {
            Some(t) => t,
            None => {
                let n = boards
                    .or(colours.as_ref().map(BoardColours::boards))
                    .ok_or_else(|| {
                        DeskError::invalid(
                            "boards",
                            "missing: a team section needs its boards per match",
                        )
                    })?;
                TeamConfig {
                    rules: MatchRules::with_boards(n),
                    families: FamilyPairings::Allowed,
                }
            }
        };
        if let Some(n) = boards
            && n != team.boards()
        {
            team.rules.colours = BoardColours::alternating(n);
        }
        if let Some(colours) = colours {
            if boards.is_some_and(|n| n != colours.boards()) {
                return Err(DeskError::invalid(
                    "colours",
                    format!(
                        "'{colours}' has {} boards, --boards says {}",
                        colours.boards(),
                        boards.unwrap_or_default()
                    ),
                ));
            }
            team.rules.colours = colours;
        }
        if let Some(text) = &self.match_points {
            team.rules.match_points = parse_match_points(text)?;
        }
        let mut primary = team.rules.system.primary;
        if let Some(text) = &self.primary {
            primary = match text.trim().to_ascii_lowercase().as_str() {
                "match-points" | "mp" => TeamScore::MatchPoints,
                "game-points" | "gp" => TeamScore::GamePoints,
                other => {
                    return Err(DeskError::invalid(
                        "primary",
                        format!("'{other}': expected match-points or game-points"),
                    ));
                }
            };
        }
        let mut preferences = team.rules.system.preferences;
        if let Some(text) = &self.colour_preferences {
            preferences = match text.trim().to_ascii_lowercase().as_str() {
                "a" | "type-a" => ColourPreferences::TypeA,
                "b" | "type-b" => ColourPreferences::TypeB,
                "none" => ColourPreferences::None,
                other => {
                    return Err(DeskError::invalid(
                        "colour-preferences",
                        format!("'{other}': expected a, b or none (C.04.6 Art. 1.7)"),
                    ));
                }
            };
        }
        team.rules.system = team_system(preferences, primary)?;
        if let Some(text) = &self.avoid_family_pairings {
            team.families = parse_family_pairings(text)?;
        }
        if let Some(text) = &self.team_pab {
            team.rules.pab = parse_pab(text)?;
        }
        c.team = Some(team);
        Ok(())
    }

    fn apply_composition(&self, c: &mut SectionConfig) -> Result<(), DeskError> {
        let given = [
            &self.team_size,
            &self.team_men,
            &self.team_women,
            &self.reserve_boards,
            &self.max_teams_per_family,
        ];
        if given.iter().all(|v| v.is_none()) {
            return Ok(());
        }
        let mut rule = c.composition.take().unwrap_or_default();
        if let Some(t) = &self.team_size {
            let (min, max) = parse_range("team-size", t)?;
            if max.is_some_and(|m| m > MAX_ROSTER) {
                return Err(DeskError::invalid(
                    "team-size",
                    format!("a roster holds at most {MAX_ROSTER} players (TRF 310)"),
                ));
            }
            (rule.min_members, rule.max_members) = (min, max);
        }
        if let Some(t) = &self.team_men {
            let (min, max) = parse_range("team-men", t)?;
            rule.men = SexLimit { min, max };
        }
        if let Some(t) = &self.team_women {
            let (min, max) = parse_range("team-women", t)?;
            rule.women = SexLimit { min, max };
        }
        if let Some(t) = &self.reserve_boards {
            rule.reserve_boards = parse_board_list(t)?;
        }
        if let Some(t) = &self.max_teams_per_family {
            rule.max_teams_per_family = match any(t) {
                true => None,
                false => Some(positive("max-teams-per-family", t)?),
            };
        }
        c.composition = (rule != CompositionRule::default()).then_some(rule);
        Ok(())
    }
}

/// The ETT26 team code of these preferences and primary score, the other
/// score used for colours (C.04.6 4.2): `FIDE_TEAM_TYPEA_MP_GP`,
/// `FIDE_TEAM_MP_GP` without preferences.
fn team_system(
    preferences: ColourPreferences,
    primary: TeamScore,
) -> Result<TeamSystem, DeskError> {
    let kind = match preferences {
        ColourPreferences::TypeA => "_TYPEA",
        ColourPreferences::TypeB => "_TYPEB",
        ColourPreferences::None => "",
    };
    format!(
        "FIDE_TEAM{kind}_{}_{}",
        primary.code(),
        primary.other().code()
    )
    .parse()
    .map_err(|e: arbiter_model::team::TeamSystemError| DeskError::internal(e.to_string()))
}

fn any(text: &str) -> bool {
    let t = text.trim();
    t.is_empty() || t.eq_ignore_ascii_case("any")
}

fn positive(field: &str, text: &str) -> Result<usize, DeskError> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| {
            DeskError::invalid(field, format!("'{}' is not a positive number", text.trim()))
        })
}

fn parse_boards(text: &str) -> Result<usize, DeskError> {
    positive("boards", text)
        .ok()
        .filter(|n| *n <= MAX_ROSTER)
        .ok_or_else(|| {
            DeskError::invalid(
                "boards",
                format!(
                    "'{}' is not a number of boards (1 to {MAX_ROSTER})",
                    text.trim()
                ),
            )
        })
}

/// `4` (exactly), `2-3`, `2-` (at least), `-3` (at most), `any`.
fn parse_range(field: &str, text: &str) -> Result<(Option<usize>, Option<usize>), DeskError> {
    if any(text) {
        return Ok((None, None));
    }
    let t = text.trim();
    let bad = || {
        DeskError::invalid(
            field,
            format!("'{t}': expected a number (4), a range (2-3, 2-, -3) or any"),
        )
    };
    let number = |s: &str| -> Result<Option<usize>, DeskError> {
        match s.trim() {
            "" => Ok(None),
            n => n.parse::<usize>().map(Some).map_err(|_| bad()),
        }
    };
    let (min, max) = match t.split_once('-') {
        None => {
            let n = number(t)?;
            (n, n)
        }
        Some((a, b)) => (number(a)?, number(b)?),
    };
    if let (Some(a), Some(b)) = (min, max)
        && a > b
    {
        return Err(bad());
    }
    Ok((min, max))
}

/// `2`, `3,4` or `any`.
fn parse_board_list(text: &str) -> Result<Option<Vec<usize>>, DeskError> {
    if any(text) {
        return Ok(None);
    }
    let mut boards = text
        .split(',')
        .map(|b| positive("reserve-boards", b))
        .collect::<Result<Vec<_>, _>>()?;
    boards.sort_unstable();
    boards.dedup();
    Ok(Some(boards))
}

/// `3,1,0`: a won match worth more than a lost one, a drawn one between.
fn parse_match_points(text: &str) -> Result<MatchPoints, DeskError> {
    let bad = |why: &str| DeskError::invalid("match-points", format!("'{}': {why}", text.trim()));
    let values = text
        .split(',')
        .map(|v| v.trim().parse::<Points>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| bad(&e.to_string()))?;
    let [win, draw, loss] = values[..] else {
        return Err(bad("expected three values, win,draw,loss (e.g. 3,1,0)"));
    };
    if loss < Points::ZERO || !(win > loss && draw <= win && draw >= loss) {
        return Err(bad(
            "a won match must be worth more than a lost one, a drawn one between, nothing negative",
        ));
    }
    Ok(MatchPoints { win, draw, loss })
}

/// `all`, a number of first rounds, or `none`.
fn parse_family_pairings(text: &str) -> Result<FamilyPairings, DeskError> {
    match text.trim().to_ascii_lowercase().as_str() {
        "all" | "yes" | "" => Ok(FamilyPairings::Avoided),
        "none" | "no" => Ok(FamilyPairings::Allowed),
        n => n
            .parse::<u32>()
            .ok()
            .filter(|n| *n > 0)
            .map(FamilyPairings::AvoidedUpTo)
            .ok_or_else(|| {
                DeskError::invalid(
                    "avoid-family-pairings",
                    format!("'{n}': expected all, none or a number of first rounds"),
                )
            }),
    }
}

/// `MP,GP` (`1,2`), or `draw` for the default (a drawn match).
fn parse_pab(text: &str) -> Result<Option<TeamPab>, DeskError> {
    if text.trim().eq_ignore_ascii_case("draw") {
        return Ok(None);
    }
    let bad = || {
        DeskError::invalid(
            "team-pab",
            format!(
                "'{}': expected match points and game points, e.g. 1,2, or draw",
                text.trim()
            ),
        )
    };
    let values = text
        .split(',')
        .map(|v| v.trim().parse::<Points>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| bad())?;
    match values[..] {
        [match_points, game_points]
            if match_points >= Points::ZERO && game_points >= Points::ZERO =>
        {
            Ok(Some(TeamPab {
                match_points,
                game_points,
            }))
        }
        _ => Err(bad()),
    }
}

/// A team to register, as typed (`team add`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamForm {
    pub name: Option<String>,
    /// Club, family or federation.
    pub family: Option<String>,
    /// Player ids in board order, comma-separated (`5,6,7`): the first
    /// boards, then the reserves.
    pub players: Option<String>,
    /// The captain's player id.
    pub captain: Option<String>,
    /// Labels for fee rules and prizes (`--tag second --tag local`), as a
    /// player's `--tag`.
    pub tag: Vec<String>,
}

/// A team form checked: name, family, roster, captain, tags.
pub(crate) struct TeamFields {
    pub name: String,
    pub family: Option<String>,
    pub members: Vec<PlayerId>,
    pub captain: Option<PlayerId>,
    pub tags: Vec<String>,
}

impl TeamForm {
    pub(crate) fn fields(&self) -> Result<TeamFields, DeskError> {
        let name = required_text("name", self.name.as_deref().unwrap_or_default())?;
        let family = match &self.family {
            Some(f) => optional_text("family", f)?,
            None => None,
        };
        let players = self.players.as_deref().ok_or_else(|| {
            DeskError::invalid("players", "missing: the team's players in board order")
        })?;
        let members = parse_players(players)?;
        let captain = self
            .captain
            .as_deref()
            .map(|c| player_id("captain", c))
            .transpose()?;
        let mut tags = Vec::new();
        for t in &self.tag {
            add_tag(&mut tags, tag("tag", t)?);
        }
        Ok(TeamFields {
            name,
            family,
            members,
            captain,
            tags,
        })
    }
}

/// A player id.
fn player_id(field: &str, text: &str) -> Result<PlayerId, DeskError> {
    text.trim()
        .parse::<PlayerId>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| DeskError::invalid(field, format!("'{}' is not a player id", text.trim())))
}

/// Player ids in board order, comma-separated (`players` of `team add` and
/// `lineup`).
pub fn parse_players(text: &str) -> Result<Vec<PlayerId>, DeskError> {
    let ids = text
        .split(',')
        .filter(|s| !s.trim().is_empty())
        .map(|s| player_id("players", s))
        .collect::<Result<Vec<_>, _>>()?;
    if ids.is_empty() {
        return Err(DeskError::invalid("players", "no player ids (e.g. 5,6,7)"));
    }
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::forms::SectionForm;

    fn form(f: impl FnOnce(&mut TeamSettingsForm)) -> Result<SectionConfig, DeskError> {
        let mut form = SectionForm {
            rounds: Some("7".into()),
            system: Some("team-swiss".into()),
            ..SectionForm::default()
        };
        f(&mut form.team);
        form.new_config()
    }

    /// Seed 001: 2 boards, home team White on board 1 and Black on board 2,
    /// ranked by game points, 3/1/0, families never paired, at most 2 teams
    /// per family, reserves on board 2.
    #[test]
    fn seed_001_settings() {
        let c = form(|f| {
            f.boards = Some("2".into());
            f.match_points = Some("3,1,0".into());
            f.primary = Some("game-points".into());
            f.colours = Some("WB".into());
            f.avoid_family_pairings = Some("all".into());
            f.max_teams_per_family = Some("2".into());
            f.reserve_boards = Some("2".into());
            f.team_size = Some("2-3".into());
        })
        .unwrap();
        let team = c.team.as_ref().unwrap();
        assert_eq!(team.rules.system.code, "FIDE_TEAM_TYPEA_GP_MP");
        assert_eq!(team.rules.colours.to_string(), "WB");
        assert_eq!(team.rules.match_points.win, Points::from_whole(3));
        assert_eq!(team.families, FamilyPairings::Avoided);
        assert_eq!(c.scoring.pab, Points::HALF);
        assert_eq!(
            c.composition.as_ref().unwrap().to_string(),
            "2 to 3 members, reserves only on board 2, at most 2 teams per family"
        );
    }

    #[test]
    fn refusals_name_the_field() {
        let field = |f: fn(&mut TeamSettingsForm)| form(f).unwrap_err().field().map(str::to_string);
        assert_eq!(field(|_| {}).as_deref(), Some("boards"));
        assert_eq!(
            field(|f| f.boards = Some("15".into())).as_deref(),
            Some("boards")
        );
        assert_eq!(
            field(|f| {
                f.boards = Some("4".into());
                f.colours = Some("WB".into());
            })
            .as_deref(),
            Some("colours")
        );
        assert_eq!(
            field(|f| {
                f.boards = Some("2".into());
                f.match_points = Some("1,2,0".into());
            })
            .as_deref(),
            Some("match-points")
        );
        assert_eq!(
            field(|f| {
                f.boards = Some("2".into());
                f.team_size = Some("3-2".into());
            })
            .as_deref(),
            Some("team-size")
        );
        let dutch = SectionForm {
            rounds: Some("9".into()),
            team: TeamSettingsForm {
                boards: Some("4".into()),
                ..TeamSettingsForm::default()
            },
            ..SectionForm::default()
        };
        assert_eq!(dutch.new_config().unwrap_err().field(), Some("boards"));
    }

    /// Team tags read as a player's: lower case, each once; a tag holding a
    /// separator is refused naming the field.
    #[test]
    fn team_tags() {
        let team = |tags: &[&str]| TeamForm {
            name: Some("Kowalscy".into()),
            players: Some("5,6".into()),
            tag: tags.iter().map(|t| t.to_string()).collect(),
            ..TeamForm::default()
        };
        let fields = team(&["Local", "second", "local"]).fields().unwrap();
        assert_eq!(fields.tags, ["local", "second"]);
        let e = team(&["local;second"]).fields().err().unwrap();
        assert_eq!(e.field(), Some("tag"));
    }

    /// Seed 004: an individual section whose teams are 3 men + 1 woman.
    #[test]
    fn individual_team_rule() {
        let c = SectionForm {
            rounds: Some("9".into()),
            team: TeamSettingsForm {
                team_size: Some("4".into()),
                team_men: Some("3".into()),
                team_women: Some("1".into()),
                ..TeamSettingsForm::default()
            },
            ..SectionForm::default()
        }
        .new_config()
        .unwrap();
        assert!(c.team.is_none());
        assert_eq!(c.composition.unwrap().to_string(), "3 men + 1 woman");
    }
}
