//! How the matches of a team section are scored and coloured (teams.md §2-§4,
//! TRF-2026 records 192, 320, 352, 362; C.04.6 Art. 1.4).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::player::Colour;
use crate::points::Points;

/// The two team scores (C.07 Art. 11): match points and game points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TeamScore {
    /// Match points (MP): points for a won, drawn or lost match.
    MatchPoints,
    /// Game points (GP): the sum of the board results.
    GamePoints,
}

impl TeamScore {
    /// The other score (C.07 13.1: the secondary score of MPvGP).
    pub fn other(self) -> TeamScore {
        match self {
            TeamScore::MatchPoints => TeamScore::GamePoints,
            TeamScore::GamePoints => TeamScore::MatchPoints,
        }
    }

    /// `MP` or `GP`, as in the ETT26 codes and the tie-break modifiers.
    pub fn code(self) -> &'static str {
        match self {
            TeamScore::MatchPoints => "MP",
            TeamScore::GamePoints => "GP",
        }
    }
}

/// Points for a won, drawn and lost match (TRF 362 `TW TD TL`; default
/// 2 / 1 / 0, teams.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPoints {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
}

impl Default for MatchPoints {
    fn default() -> Self {
        MatchPoints {
            win: Points::from_whole(2),
            draw: Points::ONE,
            loss: Points::ZERO,
        }
    }
}

/// The colour-preference model of the team Swiss (C.04.6 Art. 1.7; ETT26
/// `_TYPEA`, `_TYPEB`, or neither).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ColourPreferences {
    TypeA,
    TypeB,
    /// No colour preferences.
    None,
}

/// An ETT26 team tournament type (TRF 192), e.g. `FIDE_TEAM_TYPEA_MP_GP`:
/// `FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP][_GP|_MP][_BAKU]` (spec 05 §4). Bare
/// `FIDE_TEAM` is `FIDE_TEAM_TYPEA_MP_GP`, `FIDE_TEAM_BAKU` its Baku form; a
/// code with scores but no type has no colour preferences. Other team codes
/// (`CUSTOM_TEAM_SWISS_GP`, `FIDE_TEAM_ROUNDROBIN`, ...) carry at most the
/// primary score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamSystem {
    /// The code as written.
    pub code: String,
    pub preferences: ColourPreferences,
    /// The score that ranks teams and forms the score groups.
    pub primary: TeamScore,
    /// The secondary score used for colours (C.04.6 4.2), when the code names
    /// one (`_MP_GP`); `None` for `_MP` / `_GP` alone.
    pub secondary_for_colours: Option<TeamScore>,
    /// Baku acceleration (`_BAKU`).
    pub baku: bool,
}

impl Default for TeamSystem {
    fn default() -> Self {
        TeamSystem {
            code: "FIDE_TEAM_TYPEA_MP_GP".into(),
            preferences: ColourPreferences::TypeA,
            primary: TeamScore::MatchPoints,
            secondary_for_colours: Some(TeamScore::GamePoints),
            baku: false,
        }
    }
}

/// Why a text is not a team tournament type.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an ETT26 team tournament type (e.g. FIDE_TEAM_TYPEA_MP_GP)")]
pub struct TeamSystemError(pub String);

impl TeamSystem {
    /// True for every ETT26 code of a team event (the word TEAM appears).
    pub fn is_team_code(code: &str) -> bool {
        code.split('_').any(|w| w == "TEAM")
    }
}

impl FromStr for TeamSystem {
    type Err = TeamSystemError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let code = s.trim();
        let bad = || TeamSystemError(code.to_string());
        if !TeamSystem::is_team_code(code) {
            return Err(bad());
        }
        let words: Vec<&str> = code.split('_').collect();
        let scores: Vec<TeamScore> = words
            .iter()
            .filter_map(|w| match *w {
                "MP" => Some(TeamScore::MatchPoints),
                "GP" => Some(TeamScore::GamePoints),
                _ => None,
            })
            .collect();
        let typed = |w: &str| words.contains(&w);
        let fide_swiss = words.first() == Some(&"FIDE")
            && words.iter().all(|w| {
                matches!(
                    *w,
                    "FIDE" | "TEAM" | "TYPEA" | "TYPEB" | "MP" | "GP" | "BAKU"
                )
            });
        let preferences = if typed("TYPEA") {
            ColourPreferences::TypeA
        } else if typed("TYPEB") {
            ColourPreferences::TypeB
        } else if fide_swiss && scores.is_empty() {
            ColourPreferences::TypeA
        } else {
            ColourPreferences::None
        };
        if scores.len() > 2 || (scores.len() == 2 && scores[0] == scores[1]) {
            return Err(bad());
        }
        let primary = scores.first().copied().unwrap_or(TeamScore::MatchPoints);
        let secondary_for_colours = match scores.len() {
            2 => Some(scores[1]),
            0 if fide_swiss => Some(primary.other()),
            _ => None,
        };
        Ok(TeamSystem {
            code: code.to_string(),
            preferences,
            primary,
            secondary_for_colours,
            baku: typed("BAKU"),
        })
    }
}

impl fmt::Display for TeamSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code)
    }
}

/// The colours of the first team board by board (TRF 352, e.g. `WBWB`); the
/// other team has the opposite colour on every board. Its length is the
/// number of boards of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardColours(pub Vec<Colour>);

impl BoardColours {
    /// The default for `boards` boards: the first team White on odd boards
    /// (teams.md §3).
    pub fn alternating(boards: usize) -> BoardColours {
        BoardColours(
            (0..boards)
                .map(|b| {
                    if b % 2 == 0 {
                        Colour::White
                    } else {
                        Colour::Black
                    }
                })
                .collect(),
        )
    }

    /// Boards per match.
    pub fn boards(&self) -> usize {
        self.0.len()
    }

    /// The first team's colour on board `board` (1-based).
    pub fn first_team(&self, board: usize) -> Option<Colour> {
        self.0.get(board.checked_sub(1)?).copied()
    }
}

/// Why a text is not a board colour sequence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a board colour sequence (W and B, one per board, e.g. WBWB)")]
pub struct BoardColoursError(pub String);

impl FromStr for BoardColours {
    type Err = BoardColoursError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let colours = t
            .chars()
            .map(|c| match c.to_ascii_uppercase() {
                'W' => Some(Colour::White),
                'B' => Some(Colour::Black),
                _ => None,
            })
            .collect::<Option<Vec<_>>>();
        match colours {
            Some(v) if !v.is_empty() => Ok(BoardColours(v)),
            _ => Err(BoardColoursError(t.to_string())),
        }
    }
}

impl fmt::Display for BoardColours {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.0 {
            f.write_str(if *c == Colour::White { "W" } else { "B" })?;
        }
        Ok(())
    }
}

/// The value of a team's pairing-allocated bye (TRF 320): match points and
/// game points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamPab {
    pub match_points: Points,
    pub game_points: Points,
}

/// The rules of the matches of a team section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRules {
    /// Board colours of the first team (352); its length is the number of
    /// boards per match.
    pub colours: BoardColours,
    pub match_points: MatchPoints,
    pub system: TeamSystem,
    /// The PAB value stated by the regulations (320); `None`: the default of
    /// C.04.6 Art. 1.4, the points of a drawn match.
    pub pab: Option<TeamPab>,
}

impl MatchRules {
    /// Rules for `boards` boards with every default: first team White on odd
    /// boards, 2/1/0, `FIDE_TEAM_TYPEA_MP_GP`, PAB worth a drawn match.
    pub fn with_boards(boards: usize) -> MatchRules {
        MatchRules {
            colours: BoardColours::alternating(boards),
            match_points: MatchPoints::default(),
            system: TeamSystem::default(),
            pab: None,
        }
    }

    /// Boards per match.
    pub fn boards(&self) -> usize {
        self.colours.boards()
    }

    /// What a PAB is worth: the 320 values, else (C.04.6 Art. 1.4) the match
    /// points of a drawn match and the game points of a draw on every board
    /// (`board_draw` = the individual draw value, TRF 162 `D`).
    pub fn pab_value(&self, board_draw: Points) -> TeamPab {
        self.pab.unwrap_or(TeamPab {
            match_points: self.match_points.draw,
            game_points: Points(board_draw.tenths() * self.boards() as i32),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sys(code: &str) -> TeamSystem {
        code.parse().unwrap()
    }

    #[test]
    fn reads_ett26_team_codes() {
        let a = sys("FIDE_TEAM_TYPEA_MP_GP");
        assert_eq!(a.preferences, ColourPreferences::TypeA);
        assert_eq!(a.primary, TeamScore::MatchPoints);
        assert_eq!(a.secondary_for_colours, Some(TeamScore::GamePoints));
        let gp = sys("FIDE_TEAM_TYPEB_GP_MP");
        assert_eq!(gp.preferences, ColourPreferences::TypeB);
        assert_eq!(gp.primary, TeamScore::GamePoints);
        assert_eq!(gp.secondary_for_colours, Some(TeamScore::MatchPoints));
        let none = sys("FIDE_TEAM_MP_GP");
        assert_eq!(none.preferences, ColourPreferences::None);
        let mp = sys("FIDE_TEAM_TYPEA_MP");
        assert_eq!(mp.secondary_for_colours, None);
        let bare = sys("FIDE_TEAM");
        assert_eq!(bare.preferences, ColourPreferences::TypeA);
        assert_eq!(bare.secondary_for_colours, Some(TeamScore::GamePoints));
        assert!(sys("FIDE_TEAM_BAKU").baku);
        assert_eq!(sys("CUSTOM_TEAM_SWISS_GP").primary, TeamScore::GamePoints);
        assert_eq!(
            sys("FIDE_TEAM_ROUNDROBIN").preferences,
            ColourPreferences::None
        );
        assert!("FIDE_DUTCH_2025".parse::<TeamSystem>().is_err());
        assert!("FIDE_TEAM_MP_MP".parse::<TeamSystem>().is_err());
        assert_eq!(a.to_string(), "FIDE_TEAM_TYPEA_MP_GP");
    }

    #[test]
    fn board_colours_and_pab_default() {
        let c: BoardColours = "WBWB".parse().unwrap();
        assert_eq!(c, BoardColours::alternating(4));
        assert_eq!(c.first_team(2), Some(Colour::Black));
        assert_eq!(c.first_team(5), None);
        assert_eq!(c.to_string(), "WBWB");
        assert!("WXB".parse::<BoardColours>().is_err());
        assert!("".parse::<BoardColours>().is_err());
        // C.04.6 1.4: 4 boards -> 1 MP (a drawn match) and 2 GP.
        let rules = MatchRules::with_boards(4);
        assert_eq!(
            rules.pab_value(Points::HALF),
            TeamPab {
                match_points: Points::ONE,
                game_points: Points::from_whole(2)
            }
        );
    }
}
