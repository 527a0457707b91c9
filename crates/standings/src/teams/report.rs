//! Reports of a team section (teams.md §5 step 4, §6.2): the crosstable of
//! matches (round by round: opponent, colour of board 1, game points) and
//! every player's results by board, for board prizes.

use std::collections::BTreeMap;

use arbiter_model::team::{RoundKind, TeamMatches, TeamScore};
use arbiter_model::{ByeKind, Colour, Points, Tournament, Tpn};
use serde::Serialize;

use crate::error::StandingsError;

/// One team's round in the crosstable of matches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum MatchCell {
    Match {
        opponent: u32,
        /// Colour of this team's board-1 player.
        colour: Option<Colour>,
        game_points: Points,
        opponent_game_points: Points,
        /// Forfeited as a whole (330) or with no board played.
        forfeit: bool,
    },
    /// Pairing-allocated bye.
    Pab,
    /// Team bye (`F`/`H`) or absent (`Zero`).
    Bye(ByeKind),
}

/// One line of the crosstable of matches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchRow {
    pub tpn: u32,
    pub name: String,
    pub match_points: Points,
    pub game_points: Points,
    /// Round 1 first.
    pub cells: Vec<MatchCell>,
}

/// The crosstable of matches of a team section, in team-number order.
pub fn match_crosstable(t: &Tournament) -> Result<Vec<MatchRow>, StandingsError> {
    let view = TeamMatches::of(t)?;
    Ok(view
        .teams
        .iter()
        .map(|team| MatchRow {
            tpn: team.tpn,
            name: team_name(t, team.tpn),
            match_points: team.total(TeamScore::MatchPoints),
            game_points: team.total(TeamScore::GamePoints),
            cells: team
                .rounds
                .iter()
                .map(|r| match &r.kind {
                    RoundKind::Match(m) => MatchCell::Match {
                        opponent: m.opponent,
                        colour: m.board_one_colour(),
                        game_points: r.game_points,
                        opponent_game_points: m.opponent_game_points,
                        forfeit: m.forfeited || !m.played,
                    },
                    RoundKind::PairingBye { .. } => MatchCell::Pab,
                    RoundKind::Bye(kind) => MatchCell::Bye(*kind),
                })
                .collect(),
        })
        .collect())
}

/// The crosstable as text: `TPN Team MP GP R1 R2 ...`, a cell `7w 2.5`
/// (opponent, board-1 colour, game points; `F` after a forfeit), `PAB`,
/// `FPB`, `HPB` or `---`.
pub fn render_match_crosstable(rows: &[MatchRow]) -> String {
    let rounds = rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
    let mut table: Vec<Vec<String>> = vec![
        ["TPN", "Team", "MP", "GP"]
            .iter()
            .map(|s| s.to_string())
            .chain((1..=rounds).map(|r| format!("R{r}")))
            .collect(),
    ];
    for r in rows {
        let mut line = vec![
            r.tpn.to_string(),
            r.name.clone(),
            r.match_points.to_string(),
            r.game_points.to_string(),
        ];
        line.extend(r.cells.iter().map(|c| match c {
            MatchCell::Match {
                opponent,
                colour,
                game_points,
                forfeit,
                ..
            } => {
                let c = match colour {
                    Some(Colour::White) => "w",
                    Some(Colour::Black) => "b",
                    None => "-",
                };
                let f = if *forfeit { "F" } else { "" };
                format!("{opponent}{c} {game_points}{f}")
            }
            MatchCell::Pab => "PAB".into(),
            MatchCell::Bye(ByeKind::Full) => "FPB".into(),
            MatchCell::Bye(ByeKind::Half) => "HPB".into(),
            MatchCell::Bye(ByeKind::Zero) => "---".into(),
        }));
        line.resize(4 + rounds, String::new());
        table.push(line);
    }
    let widths: Vec<usize> = (0..4 + rounds)
        .map(|c| {
            table
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    table
        .iter()
        .map(|l| {
            let cells: Vec<String> = l
                .iter()
                .zip(&widths)
                .enumerate()
                .map(|(c, (v, w))| {
                    if c == 1 {
                        format!("{v:<w$}")
                    } else {
                        format!("{v:>w$}")
                    }
                })
                .collect();
            cells.join("  ").trim_end().to_string() + "\n"
        })
        .collect()
}

/// One player's results on one board (a reserve who moved up has a line per
/// board played).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardScore {
    pub board: u32,
    pub team: u32,
    pub player: Tpn,
    pub name: String,
    /// Rounds on this board (games and forfeits).
    pub rounds: u32,
    /// Games played over the board.
    pub played: u32,
    /// Points on this board (TRF 162 values, forfeits included).
    pub points: Points,
}

/// Every player's results board by board (board 1 first, best score first,
/// then fewer rounds, then TPN). Pairing-allocated byes are not board games.
/// Minimum-game rules for board prizes belong to the prize regulations.
pub fn board_results(t: &Tournament) -> Result<Vec<BoardScore>, StandingsError> {
    let view = TeamMatches::of(t)?;
    let mut by_key: BTreeMap<(u32, Tpn), BoardScore> = BTreeMap::new();
    for team in &view.teams {
        for round in &team.rounds {
            let Some(m) = round.side() else { continue };
            for (b, board) in m.boards.iter().enumerate() {
                let board_no = b as u32 + 1;
                let e = by_key
                    .entry((board_no, board.player))
                    .or_insert_with(|| BoardScore {
                        board: board_no,
                        team: team.tpn,
                        player: board.player,
                        name: t
                            .entrant(board.player)
                            .map(|e| e.player.name.clone())
                            .unwrap_or_default(),
                        rounds: 0,
                        played: 0,
                        points: Points::ZERO,
                    });
                e.rounds += 1;
                e.played += u32::from(board.entry.is_played());
                e.points += board.points;
            }
        }
    }
    let mut out: Vec<BoardScore> = by_key.into_values().collect();
    out.sort_by(|a, b| {
        a.board
            .cmp(&b.board)
            .then(b.points.cmp(&a.points))
            .then(a.rounds.cmp(&b.rounds))
            .then(a.player.cmp(&b.player))
    });
    Ok(out)
}

/// The name of team `tpn`.
pub(crate) fn team_name(t: &Tournament, tpn: u32) -> String {
    t.teams
        .iter()
        .find(|x| x.number == Some(tpn))
        .map(|x| x.name.clone())
        .unwrap_or_default()
}
