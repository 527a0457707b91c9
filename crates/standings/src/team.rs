//! Team classification of an individual Swiss (teams.md §6.1): each team's
//! score is the sum of its counted members' points, its tie-breaks the sums
//! of their tie-break values in list order; complete teams rank first.

use std::collections::BTreeMap;

use arbiter_model::{Sex, Tournament, Tpn};
use serde_json::json;

use crate::delimited::{self, Separator};
use crate::labels::{Lang, pick};
use crate::ranking::Standings;
use crate::render::Format;
use crate::value::Value;

/// Which members count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TeamRules {
    /// Count the best `n` members by individual place; `None`: every member
    /// (a fixed roster, e.g. seed 004's 3 men + 1 woman).
    pub counted: Option<usize>,
    /// Of the counted members, at least this many women (taken first, best
    /// placed first).
    pub min_women: usize,
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRow {
    pub rank: u32,
    pub rank_to: u32,
    pub name: String,
    /// Counted members, best placed first.
    pub members: Vec<Tpn>,
    /// Their names, same order (the table shows names, not numbers).
    pub member_names: Vec<String>,
    /// Enough members (and women) were available.
    pub complete: bool,
    pub points: Value,
    /// Sums of the members' tie-break values, in the standings' order.
    pub values: Vec<Value>,
}

impl TeamRow {
    /// `2`, or `2-3` when shared.
    pub fn place(&self) -> String {
        if self.rank_to > self.rank {
            format!("{}-{}", self.rank, self.rank_to)
        } else {
            self.rank.to_string()
        }
    }
}

/// The teams of `t`: its declared teams (TRF 013/310), else the players'
/// `team` field.
fn rosters(t: &Tournament) -> Vec<(String, Vec<Tpn>)> {
    if !t.teams.is_empty() {
        return t
            .teams
            .iter()
            .map(|team| (team.name.clone(), team.members.clone()))
            .collect();
    }
    let mut by_name: BTreeMap<String, Vec<Tpn>> = BTreeMap::new();
    for e in &t.entrants {
        if let Some(team) = e.player.team.as_deref().filter(|s| !s.trim().is_empty()) {
            by_name
                .entry(team.trim().to_string())
                .or_default()
                .push(e.player.tpn);
        }
    }
    by_name.into_iter().collect()
}

/// Team standings from individual `standings` of `t`.
pub fn team_standings(t: &Tournament, standings: &Standings, rules: &TeamRules) -> Vec<TeamRow> {
    let position: BTreeMap<Tpn, usize> = standings
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| (r.tpn, i))
        .collect();
    let woman = |tpn: Tpn| {
        t.entrant(tpn)
            .is_some_and(|e| e.player.sex == Some(Sex::Female))
    };
    let mut rows: Vec<TeamRow> = rosters(t)
        .into_iter()
        .map(|(name, members)| {
            let mut ranked: Vec<usize> = members
                .iter()
                .filter_map(|m| position.get(m).copied())
                .collect();
            ranked.sort_unstable();
            let (counted, complete) = match rules.counted {
                None => (ranked, true),
                Some(n) => {
                    let women: Vec<usize> = ranked
                        .iter()
                        .copied()
                        .filter(|&i| woman(standings.rows[i].tpn))
                        .take(rules.min_women)
                        .collect();
                    let mut counted = women.clone();
                    counted.extend(
                        ranked
                            .iter()
                            .copied()
                            .filter(|i| !women.contains(i))
                            .take(n.saturating_sub(women.len())),
                    );
                    counted.sort_unstable();
                    let complete = counted.len() == n && women.len() == rules.min_women.min(n);
                    (counted, complete)
                }
            };
            let rows: Vec<&crate::ranking::Row> =
                counted.iter().map(|&i| &standings.rows[i]).collect();
            let points = Value::sum(&rows.iter().map(|r| r.points).collect::<Vec<_>>());
            let values = (0..standings.tiebreaks.len())
                .map(|k| Value::sum(&rows.iter().map(|r| r.values[k]).collect::<Vec<_>>()))
                .collect();
            TeamRow {
                rank: 0,
                rank_to: 0,
                name,
                members: rows.iter().map(|r| r.tpn).collect(),
                member_names: rows.iter().map(|r| r.name.clone()).collect(),
                complete,
                points,
                values,
            }
        })
        .collect();
    let ascending: Vec<bool> = standings
        .tiebreaks
        .iter()
        .map(|tb| tb.ascending())
        .collect();
    let cmp = |a: &TeamRow, b: &TeamRow| {
        b.complete
            .cmp(&a.complete)
            .then(a.points.rank_cmp(b.points, false))
            .then_with(|| {
                a.values
                    .iter()
                    .zip(&b.values)
                    .zip(&ascending)
                    .map(|((x, y), asc)| x.rank_cmp(*y, *asc))
                    .find(|o| o.is_ne())
                    .unwrap_or(std::cmp::Ordering::Equal)
            })
    };
    rows.sort_by(|a, b| cmp(a, b).then(a.name.cmp(&b.name)));
    let mut i = 0;
    while i < rows.len() {
        let mut j = i + 1;
        while j < rows.len() && cmp(&rows[i], &rows[j]).is_eq() {
            j += 1;
        }
        for row in &mut rows[i..j] {
            row.rank = i as u32 + 1;
            row.rank_to = j as u32;
        }
        i = j;
    }
    rows
}

/// Renders team standings (`Rank Team PTS <codes> Members` in TSV/CSV; the
/// members by name, separated by `; `).
pub fn render_teams(rows: &[TeamRow], standings: &Standings, format: Format, lang: Lang) -> String {
    let codes: Vec<&str> = standings.tiebreaks.iter().map(|t| t.code()).collect();
    let cells = |r: &TeamRow| -> Vec<String> {
        let mut v = vec![r.place(), r.name.clone(), r.points.to_string()];
        v.extend(r.values.iter().map(ToString::to_string));
        v.push(r.member_names.join("; "));
        v
    };
    let titles: Vec<&str> = pick(
        lang,
        [
            "Rank|Team|Pts|Members",
            "Pos.|Squadra|Punti|Componenti",
            "M-ce|Drużyna|Pkt|Skład",
            "Место|Команда|Очки|Состав",
        ],
    )
    .split('|')
    .collect();
    let mut header: Vec<String> = titles[..3].iter().map(|s| s.to_string()).collect();
    header.extend(codes.iter().map(|c| c.to_string()));
    header.push(titles[3].to_string());
    match format {
        Format::Json => {
            let doc: Vec<_> = rows
                .iter()
                .map(|r| {
                    json!({
                        "rank": r.rank, "rank_to": r.rank_to, "place": r.place(),
                        "team": r.name, "members": r.members, "member_names": r.member_names,
                        "complete": r.complete,
                        "points": r.points.to_string(),
                        "values": r.values.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    })
                })
                .collect();
            let mut s = serde_json::to_string_pretty(&json!({ "tiebreaks": codes, "teams": doc }))
                .unwrap_or_default();
            s.push('\n');
            s
        }
        Format::Tsv | Format::Csv => {
            let sep = if format == Format::Tsv {
                Separator::Tab
            } else {
                Separator::Comma
            };
            std::iter::once(header)
                .chain(rows.iter().map(cells))
                .map(|r| delimited::line(r, sep))
                .collect()
        }
        Format::Text => {
            let all: Vec<Vec<String>> = std::iter::once(header)
                .chain(rows.iter().map(cells))
                .collect();
            let widths: Vec<usize> = (0..all[0].len())
                .map(|c| all.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
                .collect();
            let last = widths.len() - 1;
            all.iter()
                .map(|r| {
                    let line: Vec<String> = r
                        .iter()
                        .enumerate()
                        .map(|(c, v)| {
                            let pad = " ".repeat(widths[c] - v.chars().count());
                            if c == 1 || c == last {
                                format!("{v}{pad}")
                            } else {
                                format!("{pad}{v}")
                            }
                        })
                        .collect();
                    line.join("  ").trim_end().to_string() + "\n"
                })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use arbiter_model::{Colour, Entrant, Outcome, Player, RoundEntry, Team};

    use super::*;
    use crate::code::parse_list;
    use crate::options::StandingsOptions;
    use crate::ranking::compute_standings;

    fn game(opponent: Tpn, outcome: Outcome) -> RoundEntry {
        RoundEntry::Game {
            opponent,
            colour: Colour::White,
            outcome,
            rated: true,
        }
    }

    /// Round 1: 1-5 1-0, 2-6 ½, 3-7 0-1, 4-8 1-0. Teams A {1,2,3,4} (4 a
    /// woman) and B {5,6,7,8} (8 a woman).
    fn event() -> Tournament {
        let results = [
            (1, 5, Outcome::Win),
            (2, 6, Outcome::Draw),
            (3, 7, Outcome::Loss),
            (4, 8, Outcome::Win),
        ];
        let mut entrants: Vec<Entrant> = (1..=8)
            .map(|tpn| Entrant {
                player: Player {
                    tpn,
                    name: format!("P{tpn}"),
                    sex: Some(if tpn % 4 == 0 { Sex::Female } else { Sex::Male }),
                    ..Player::default()
                },
                ..Entrant::default()
            })
            .collect();
        for (w, b, o) in results {
            entrants[w as usize - 1].rounds.push(game(b, o));
            entrants[b as usize - 1].rounds.push(game(w, o.reversed()));
        }
        Tournament {
            entrants,
            teams: vec![
                Team::new(None, "A", vec![1, 2, 3, 4]),
                Team::new(None, "B", vec![5, 6, 7, 8]),
            ],
            ..Tournament::default()
        }
    }

    #[test]
    fn team_points_are_the_sum_of_the_members() {
        let t = event();
        let opts = StandingsOptions {
            tiebreaks: Some(parse_list("WIN").unwrap()),
            ..StandingsOptions::default()
        };
        let s = compute_standings(&t, &opts).unwrap();
        let rows = team_standings(&t, &s, &TeamRules::default());
        assert_eq!(rows[0].name, "A");
        assert_eq!(rows[0].points.to_string(), "2.5");
        assert_eq!(rows[0].values, vec![Value::Int(2)]);
        assert_eq!(rows[1].points.to_string(), "1.5");
        assert_eq!(rows[1].place(), "2");
        let text = render_teams(&rows, &s, Format::Tsv, Lang::En);
        assert_eq!(text.lines().next(), Some("Rank\tTeam\tPts\tWIN\tMembers"));
        // Members by name, best placed first (1 and 4 won, 2 drew, 3 lost).
        assert_eq!(text.lines().nth(1), Some("1\tA\t2.5\t2\tP1; P4; P2; P3"));
    }

    #[test]
    fn best_members_with_a_woman_first() {
        let t = event();
        let s = compute_standings(&t, &StandingsOptions::default()).unwrap();
        let rules = TeamRules {
            counted: Some(2),
            min_women: 1,
        };
        let rows = team_standings(&t, &s, &rules);
        // A: woman 4 (1 point) + best other 1 (1 point) = 2; B: woman 8 (0)
        // + 7 (1) = 1.
        assert_eq!(rows[0].name, "A");
        assert_eq!(rows[0].points.to_string(), "2.0");
        let mut members = rows[0].members.clone();
        members.sort_unstable();
        assert_eq!(members, [1, 4]);
        assert!(rows.iter().all(|r| r.complete));
        assert_eq!(rows[1].points.to_string(), "1.0");
    }
}
