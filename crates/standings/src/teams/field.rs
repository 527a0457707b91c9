//! The round-record model of a team section (tiebreaks.md §1, §8): one slot
//! per team and round, read from the match view, on the score a key asks
//! for. Unplayed rounds follow C.07 Art. 16 with team scores; the VUR logic
//! reads match points (a round is voluntarily unplayed when the match was not
//! played over the board, is no PAB and is not worth a won match), as FIDE's
//! reference checker does.

use std::collections::HashMap;

use arbiter_model::date::trf_date;
use arbiter_model::team::{MatchRules, RoundKind, TeamMatches, TeamRound, TeamScore};
use arbiter_model::{Colour, Points, Tournament};

use crate::edition::Edition;
use crate::field::{Field, Person, Slot, SlotKind};
use crate::options::{Mode, StandingsOptions};

/// A team section ready for tie-breaks.
pub(crate) struct TeamField<'a> {
    pub t: &'a Tournament,
    pub rules: &'a MatchRules,
    pub view: TeamMatches,
    /// Rounds counted.
    pub n: usize,
    pub mode: Mode,
    pub edition: Edition,
    /// Index of each team number in `view.teams`.
    pub index: HashMap<u32, usize>,
}

impl<'a> TeamField<'a> {
    pub fn new(
        t: &'a Tournament,
        rules: &'a MatchRules,
        view: TeamMatches,
        opts: &StandingsOptions,
    ) -> TeamField<'a> {
        // §13.2: without a round count, the last round with a played match or
        // a PAB.
        let counted = view
            .teams
            .iter()
            .filter_map(|team| {
                team.rounds
                    .iter()
                    .rposition(|r| r.played() || matches!(r.kind, RoundKind::PairingBye { .. }))
                    .map(|i| i + 1)
            })
            .max()
            .unwrap_or(0);
        let index = view
            .teams
            .iter()
            .enumerate()
            .map(|(i, team)| (team.tpn, i))
            .collect();
        TeamField {
            t,
            rules,
            view,
            n: opts.rounds.map_or(counted, |r| r as usize),
            mode: opts.mode.unwrap_or_else(|| Mode::detect(t)),
            edition: opts.edition.unwrap_or_else(|| {
                Edition::for_start_date(t.info.start_date.map(trf_date).as_deref())
            }),
            index,
        }
    }

    pub fn primary(&self) -> TeamScore {
        self.rules.system.primary
    }

    /// Win, draw and loss values of a score: the match points, or for game
    /// points those of every board.
    pub fn values(&self, score: TeamScore) -> (i64, i64, i64) {
        let boards = self.rules.boards() as i64;
        let s = &self.t.scoring;
        match score {
            TeamScore::MatchPoints => {
                let mp = &self.rules.match_points;
                (tenths(mp.win), tenths(mp.draw), tenths(mp.loss))
            }
            TeamScore::GamePoints => (
                boards * tenths(s.win),
                boards * tenths(s.draw),
                boards * tenths(s.loss),
            ),
        }
    }

    /// Team `i`'s round `r` (0-based); absent when the view has none.
    pub fn round(&self, i: usize, r: usize) -> Option<&TeamRound> {
        self.view.teams[i].rounds.get(r)
    }

    /// The slots on `score`, with the other factor of SB products taken from
    /// `weight` (the extended SB, C.07 13.2).
    pub fn field(&self, score: TeamScore, weight: TeamScore) -> Field {
        let (win, draw, loss) = self.values(score);
        let mp_win = tenths(self.rules.match_points.win);
        let people = self
            .view
            .teams
            .iter()
            .enumerate()
            .map(|(i, team)| {
                let slots = (0..self.n)
                    .map(|r| match self.round(i, r) {
                        Some(round) => self.slot(round, score, weight, mp_win),
                        None => Slot {
                            kind: SlotKind::Bye,
                            opp: None,
                            pts: 0,
                            weight: 0,
                            vur: true,
                        },
                    })
                    .collect();
                Person::new(team.tpn, None, slots, draw)
            })
            .collect();
        Field {
            n: self.n,
            win,
            draw,
            loss,
            mode: self.mode,
            edition: self.edition,
            unrated_rating: None,
            people,
        }
    }

    fn slot(&self, round: &TeamRound, score: TeamScore, weight: TeamScore, mp_win: i64) -> Slot {
        let (kind, opp) = match &round.kind {
            RoundKind::Match(m) => {
                let kind = if m.played {
                    SlotKind::Game {
                        colour: m.board_one_colour().unwrap_or(Colour::White),
                        outcome: m.outcome,
                    }
                } else {
                    SlotKind::Forfeit
                };
                (kind, self.index.get(&m.opponent).copied())
            }
            RoundKind::PairingBye { .. } => (SlotKind::Pab, None),
            RoundKind::Bye(_) => (SlotKind::Bye, None),
        };
        let otb_or_pab = matches!(kind, SlotKind::Game { .. } | SlotKind::Pab);
        Slot {
            kind,
            opp,
            pts: tenths(round.score(score)),
            weight: tenths(round.score(weight)),
            vur: !otb_or_pab && tenths(round.match_points) != mp_win,
        }
    }
}

fn tenths(p: Points) -> i64 {
    i64::from(p.tenths())
}
