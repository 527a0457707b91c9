//! The commands of team sections — `team add|list|absent|withdraw|forfeit|
//! crosstable|boards`, `lineup` — and how `pair`, `pairings` and `result`
//! show and take matches; the desk's team views as text and TSV.

use std::fmt::Write as _;
use std::path::PathBuf;

use arbiter_desk::teams::{
    BoardResults, MatchRoundView, MatchSide, TeamAbsence, TeamList, TeamRef,
};
use arbiter_desk::{Desk, DeskError, TeamForm};
use arbiter_model::journal::GameResult;
use arbiter_model::journal::teams::TeamId;
use arbiter_standings::delimited::{self, Separator};
use arbiter_standings::teams::render_match_crosstable;
use clap::Subcommand;

use super::render::who;
use super::{SectionSelect, origin};
use crate::out;

#[derive(Subcommand, Clone, Debug)]
pub enum TeamCommand {
    /// Register a team of a team section; prints its id.
    Add {
        /// The event file.
        event: PathBuf,
        /// Name of the team.
        #[arg(long)]
        name: String,
        /// Club, family or federation (teams of one family can be kept
        /// apart and limited in number).
        #[arg(long)]
        family: Option<String>,
        /// Player ids in board order, comma-separated: the first boards,
        /// then the reserves.
        #[arg(long)]
        players: String,
        /// The captain's player id.
        #[arg(long)]
        captain: Option<String>,
        /// A label for fee rules and prizes (e.g. second, local); repeat
        /// for several: --tag second --tag local.
        #[arg(long)]
        tag: Vec<String>,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// List the teams with ids, pairing numbers and rosters.
    List {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Change a team's tags (labels for fee rules and prizes).
    Update {
        /// The event file.
        event: PathBuf,
        /// Team id (as printed at registration).
        team: TeamId,
        /// Add a tag; repeat for several.
        #[arg(long)]
        tag: Vec<String>,
        /// Remove a tag the team holds; repeat for several.
        #[arg(long)]
        untag: Vec<String>,
    },
    /// A team does not play in a round (not paired).
    Absent {
        /// The event file.
        event: PathBuf,
        /// Team id (as printed at registration).
        team: TeamId,
        /// Round number.
        #[arg(long)]
        round: u32,
    },
    /// Withdraw a team: not paired from the next round (or --from-round).
    Withdraw {
        /// The event file.
        event: PathBuf,
        /// Team id.
        team: TeamId,
        #[arg(long)]
        from_round: Option<u32>,
    },
    /// A match forfeited as a whole: +- the team listed first wins, -+ the
    /// second, -- both lose.
    Forfeit {
        /// The event file.
        event: PathBuf,
        /// Round number.
        round: u32,
        /// Match number.
        #[arg(name = "MATCH")]
        number: u32,
        /// +- -+ or --
        #[arg(allow_hyphen_values = true)]
        result: String,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// The crosstable of matches (opponent, board-1 colour, game points).
    Crosstable {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        section: SectionSelect,
    },
    /// Every player's results board by board (board prizes).
    Boards {
        /// The event file.
        event: PathBuf,
        #[command(flatten)]
        section: SectionSelect,
    },
}

/// Runs a `team` command.
pub fn team(c: TeamCommand) -> Result<(), DeskError> {
    match c {
        TeamCommand::Add {
            event,
            name,
            family,
            players,
            captain,
            tag,
            section,
        } => {
            let form = TeamForm {
                name: Some(name),
                family,
                players: Some(players),
                captain,
                tag,
            };
            let added =
                Desk::open(&event)?.add_team(&origin(), section.section.as_deref(), &form)?;
            let members: Vec<String> = added.members.iter().map(who).collect();
            out::line(format_args!(
                "registered team {}: {} (section {}): {}",
                added.id,
                added.name,
                added.section,
                members.join(", ")
            ));
        }
        TeamCommand::List { event, section } => {
            let list = Desk::open_read_only(&event)?.teams(section.section.as_deref())?;
            out::print(&teams_text(&list));
        }
        TeamCommand::Update {
            event,
            team,
            tag,
            untag,
        } => {
            let r = Desk::open(&event)?.retag_team(&origin(), team, &tag, &untag)?;
            let tags = if r.tags.is_empty() {
                "none".to_string()
            } else {
                r.tags.join(", ")
            };
            let unchanged = if r.changed { "" } else { " (unchanged)" };
            out::line(format_args!(
                "team {} ({}): tags {tags}{unchanged}",
                r.team.id, r.team.name
            ));
        }
        TeamCommand::Absent { event, team, round } => {
            let o = Desk::open(&event)?.team_absent(&origin(), team, round)?;
            out::line(format_args!(
                "{} does not play in round {}",
                team_name(&o.team),
                o.round
            ));
        }
        TeamCommand::Withdraw {
            event,
            team,
            from_round,
        } => {
            let o = Desk::open(&event)?.withdraw_team(&origin(), team, from_round)?;
            out::line(format_args!(
                "{} is withdrawn from round {}",
                team_name(&o.team),
                o.round
            ));
        }
        TeamCommand::Forfeit {
            event,
            round,
            number,
            result,
            section,
        } => {
            let f = Desk::open(&event)?.forfeit_match(
                &origin(),
                section.section.as_deref(),
                round,
                number,
                &result,
            )?;
            out::line(format_args!(
                "round {} match {}: {} - {} forfeited {}",
                f.round,
                f.number,
                team_name(&f.first),
                team_name(&f.second),
                f.result.code()
            ));
        }
        TeamCommand::Crosstable { event, section } => {
            let table =
                Desk::open_read_only(&event)?.match_crosstable(section.section.as_deref())?;
            out::print(&format!(
                "{}\n{}",
                table.heading,
                render_match_crosstable(&table.lines)
            ));
        }
        TeamCommand::Boards { event, section } => {
            let results =
                Desk::open_read_only(&event)?.board_results(section.section.as_deref())?;
            out::print(&boards_text(&results));
        }
    }
    Ok(())
}

/// `lineup EVENT ROUND TEAM ID,ID…`.
pub fn lineup(
    event: &std::path::Path,
    round: u32,
    team: TeamId,
    players: &str,
) -> Result<(), DeskError> {
    let set = Desk::open(event)?.set_lineup(&origin(), round, team, players)?;
    let boards: Vec<String> = set
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| format!("board {} {}", i + 1, who(p)))
        .collect();
    out::line(format_args!(
        "round {}: {} lines up {}{}",
        set.round,
        team_name(&set.team),
        boards.join(", "),
        if set.paired {
            " (its match's boards changed)"
        } else {
            ""
        }
    ));
    Ok(())
}

/// `result EVENT ROUND MATCH BOARD RESULT` in a team section.
pub fn board_result(
    event: &std::path::Path,
    section: Option<&str>,
    round: u32,
    number: u32,
    board: &str,
    result: &str,
) -> Result<(), DeskError> {
    let board = board.trim().parse::<u32>().map_err(|_| {
        DeskError::invalid("board", format!("'{}' is not a board number", board.trim()))
    })?;
    let r =
        Desk::open(event)?.record_board_result(&origin(), section, round, number, board, result)?;
    let game = format!(
        "round {} match {} board {}: {} - {} {}",
        r.round,
        r.number,
        r.board,
        who(&r.white),
        who(&r.black),
        r.result.code()
    );
    out::line(match r.previous {
        Some(old) if old == r.result => format!("{game} (already recorded; nothing changed)"),
        Some(old) => format!("{game} (corrected from {})", old.code()),
        None => game,
    });
    Ok(())
}

/// `Team 3 (id 3)`.
fn team_name(t: &TeamRef) -> String {
    format!("{} (id {})", t.name, t.id)
}

fn side(s: &MatchSide) -> String {
    format!(
        "{:>4} {:>4}  {:<28} {:>5} {:>5}",
        s.team.tpn,
        s.team.id,
        s.team.name,
        s.match_points.to_string(),
        s.game_points.to_string()
    )
}

fn result_code(r: Option<GameResult>) -> &'static str {
    r.map(|r| r.code()).unwrap_or("")
}

/// The matches of a round: per match the white team (board-1 White) and
/// the black team with their match and game points before the round and
/// the score so far, then one line per board; the bye; who does not play.
pub fn matches_text(view: &MatchRoundView) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}", view.heading);
    let head = |colour: &str| {
        format!(
            "{:>4} {:>4}  {:<28} {:>5} {:>5}",
            "TPN", "id", colour, "MP", "GP"
        )
    };
    let _ = writeln!(
        out,
        "  M {}     {}  Score",
        head("White team"),
        head("Black team")
    );
    for m in &view.matches {
        let (w, b) = (m.white_team(), m.black_team());
        let (gw, gb) = if w.team.id == m.first.team.id {
            m.score
        } else {
            (m.score.1, m.score.0)
        };
        let forfeit = m
            .forfeit
            .map(|f| format!(" (forfeited {})", f.code()))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{:>3} {}  -  {}  {gw} - {gb}{forfeit}",
            m.number,
            side(w),
            side(b)
        );
        for bd in &m.boards {
            let seat = |p: &Option<arbiter_desk::PlayerRef>| match p {
                Some(p) => format!("{:>4} {:>4}  {:<28}", p.tpn, p.id, p.name),
                None => format!("{:>4} {:>4}  {:<28}", "", "", "(empty seat)"),
            };
            let line = format!(
                "    board {}: {}  -  {}  {}",
                bd.board,
                seat(&bd.white),
                seat(&bd.black),
                result_code(bd.result)
            );
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    if let Some((s, lineup)) = &view.bye {
        let players: Vec<String> = lineup.iter().map(who).collect();
        let _ = writeln!(
            out,
            "{:>3} {}  -  pairing-allocated bye ({})",
            view.matches.len() + 1,
            side(s),
            players.join(", ")
        );
    }
    if !view.not_playing.is_empty() {
        let list: Vec<String> = view
            .not_playing
            .iter()
            .map(|(t, why)| {
                format!(
                    "{} (TPN {}): {}",
                    team_name(t),
                    t.tpn,
                    match why {
                        TeamAbsence::Absent => "absent",
                        TeamAbsence::Withdrawn => "withdrawn",
                    }
                )
            })
            .collect();
        let _ = writeln!(out, "not playing: {}", list.join("; "));
    }
    out
}

/// TSV ([`delimited::line`]), one row per board: `match board white_team black_team white
/// black` (team ids and player ids; white team = the team whose board-1
/// player has White; 0 for an empty seat); the bye team as the match after
/// the last with board 0, black team 0 and no players.
pub fn matches_tsv(view: &MatchRoundView) -> String {
    let mut out = String::new();
    for m in &view.matches {
        let (w, b) = (m.white_team().team.id, m.black_team().team.id);
        for bd in &m.boards {
            let id = |p: &Option<arbiter_desk::PlayerRef>| p.as_ref().map_or(0, |p| p.id);
            let cells = [
                m.number.to_string(),
                bd.board.to_string(),
                w.to_string(),
                b.to_string(),
                id(&bd.white).to_string(),
                id(&bd.black).to_string(),
            ];
            out.push_str(&delimited::line(cells, Separator::Tab));
        }
    }
    if let Some((s, _)) = &view.bye {
        let number = (view.matches.len() + 1).to_string();
        let team = s.team.id.to_string();
        let cells = [number.as_str(), "0", &team, "0", "0", "0"];
        out.push_str(&delimited::line(cells, Separator::Tab));
    }
    out
}

/// `team list`: id, TPN, name, family, roster (reserves after `|`), tags,
/// status.
fn teams_text(list: &TeamList) -> String {
    let mut out = format!(
        "{}\n  id  TPN  team                          family        players\n",
        list.heading
    );
    for row in &list.rows {
        let mut players: Vec<String> = row.members.iter().map(who).collect();
        if players.len() > list.boards {
            players.insert(list.boards, "| reserves:".into());
        }
        let mut status = String::new();
        if !row.tags.is_empty() {
            let _ = write!(status, " [tags: {}]", row.tags.join(", "));
        }
        if let Some(r) = row.withdrawn_from {
            let _ = write!(status, " [withdrawn from round {r}]");
        }
        if !row.absent.is_empty() {
            let rounds: Vec<String> = row.absent.iter().map(ToString::to_string).collect();
            let _ = write!(status, " [absent in round {}]", rounds.join(", "));
        }
        let _ = writeln!(
            out,
            "{:>4} {:>4}  {:<29} {:<13} {}{status}",
            row.team.id,
            row.team.tpn,
            row.team.name,
            row.family.as_deref().unwrap_or_default(),
            players.join(", ")
        );
    }
    out
}

/// `team boards`: board, team, player, rounds, games played, points.
fn boards_text(results: &BoardResults) -> String {
    let mut out = format!(
        "{}\nBoard  Team                           Player                         Rounds Played  Points\n",
        results.heading
    );
    for r in &results.rows {
        let _ = writeln!(
            out,
            "{:>5}  {:<30} {:<30} {:>6} {:>6} {:>7}",
            r.board,
            r.team.name,
            r.player.name,
            r.rounds,
            r.played,
            r.points.to_string()
        );
    }
    out
}
