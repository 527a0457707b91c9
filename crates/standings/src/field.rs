//! The round-record model every tie-break reads (tiebreaks.md §1): one slot
//! per participant and round 1..n, with points, scheduled opponent, VUR status,
//! and the scores derived from them (real, adjusted, 2009 view).

use std::collections::HashMap;

use arbiter_model::date::trf_date;
use arbiter_model::{ByeKind, Colour, Outcome, RoundEntry, Tournament, Tpn};

use crate::edition::Edition;
use crate::error::StandingsError;
use crate::options::{Mode, RatingList, StandingsOptions};

/// What happened to a participant in one round (§1 table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SlotKind {
    /// A game played over the board (result letters `1 = 0 W D L`).
    Game { colour: Colour, outcome: Outcome },
    /// A forfeit against a scheduled opponent (a double forfeit is a loss for
    /// both).
    Forfeit,
    /// Pairing-allocated bye.
    Pab,
    /// Any other round without opponent: full, half or zero bye, or a blank
    /// round (absent, withdrawn).
    Bye,
}

/// One participant's round.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    pub kind: SlotKind,
    /// The scheduled opponent (games and forfeits), as an index.
    pub opp: Option<usize>,
    /// Points awarded, in tenths.
    pub pts: i64,
    /// The factor of this round in Sonneborn-Berger products (tenths): the
    /// points awarded, or for a team the other score of the match in the
    /// extended Sonneborn-Berger (C.07 13.2: EMGSB weighs opponents' match
    /// points by the game points scored).
    pub weight: i64,
    /// Voluntarily unplayed round (§1): not OTB, not a PAB, and not worth a win.
    pub vur: bool,
}

impl Slot {
    /// A game played over the board.
    pub fn otb(&self) -> bool {
        matches!(self.kind, SlotKind::Game { .. })
    }
}

/// One participant with the scores derived from the slots.
#[derive(Clone, Debug)]
pub(crate) struct Person {
    pub tpn: Tpn,
    pub rating: Option<u16>,
    pub slots: Vec<Slot>,
    /// Real score (tenths).
    pub score: i64,
    /// Adjusted score seen by opponents in a Swiss (Art. 16.3): requested
    /// byes after the last non-VUR round count as draws.
    pub adj_swiss: i64,
    /// The same in a round robin: such rounds count 0 (§6).
    pub adj_rr: i64,
    /// 2009 rules: every unplayed round counts as a draw (§7.2).
    pub score_2009: i64,
}

/// The analysed tournament.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    /// Number of rounds counted.
    pub n: usize,
    /// Points of a win, draw and loss (tenths).
    pub win: i64,
    pub draw: i64,
    pub loss: i64,
    pub mode: Mode,
    pub edition: Edition,
    pub unrated_rating: Option<u16>,
    pub people: Vec<Person>,
}

impl Field {
    pub fn new(t: &Tournament, opts: &StandingsOptions) -> Result<Field, StandingsError> {
        let mut index = HashMap::new();
        for (i, e) in t.entrants.iter().enumerate() {
            if index.insert(e.player.tpn, i).is_some() {
                return Err(StandingsError::DuplicateTpn(e.player.tpn));
            }
        }
        let n = opts
            .rounds
            .map(|r| r as usize)
            .unwrap_or_else(|| counted_rounds(t));
        let s = &t.scoring;
        let win = i64::from(s.win.tenths());
        let draw = i64::from(s.draw.tenths());
        let mut people = Vec::with_capacity(t.entrants.len());
        for e in &t.entrants {
            let mut slots = Vec::with_capacity(n);
            for r in 0..n {
                let entry = e.rounds.get(r).copied().unwrap_or(RoundEntry::Absent);
                let opp = match entry.opponent() {
                    None => None,
                    Some(o) if o == e.player.tpn => {
                        return Err(StandingsError::SelfPairing {
                            player: o,
                            round: r as u32 + 1,
                        });
                    }
                    Some(o) => Some(*index.get(&o).ok_or(StandingsError::UnknownOpponent {
                        player: e.player.tpn,
                        round: r as u32 + 1,
                        opponent: o,
                    })?),
                };
                let kind = match entry {
                    RoundEntry::Game {
                        colour, outcome, ..
                    } => SlotKind::Game { colour, outcome },
                    RoundEntry::Forfeit { .. } if opp.is_some() => SlotKind::Forfeit,
                    RoundEntry::PairingBye => SlotKind::Pab,
                    RoundEntry::Forfeit { .. } | RoundEntry::Bye(_) | RoundEntry::Absent => {
                        SlotKind::Bye
                    }
                };
                // `0000 - +` / `0000 - -` are a full / zero bye (§1).
                let entry = match entry {
                    RoundEntry::Forfeit {
                        opponent: None,
                        won,
                        ..
                    } => RoundEntry::Bye(if won { ByeKind::Full } else { ByeKind::Zero }),
                    other => other,
                };
                let pts = i64::from(s.points(&entry).tenths());
                let vur = !matches!(kind, SlotKind::Game { .. } | SlotKind::Pab) && pts != win;
                slots.push(Slot {
                    kind,
                    opp,
                    pts,
                    weight: pts,
                    vur,
                });
            }
            people.push(Person::new(
                e.player.tpn,
                rating(e, opts.rating_list),
                slots,
                draw,
            ));
        }
        Ok(Field {
            n,
            win,
            draw,
            loss: i64::from(s.loss.tenths()),
            mode: opts.mode.unwrap_or_else(|| Mode::detect(t)),
            edition: opts.edition.unwrap_or_else(|| {
                Edition::for_start_date(t.info.start_date.map(trf_date).as_deref())
            }),
            unrated_rating: opts.unrated_rating,
            people,
        })
    }

    /// The score of `q` as its opponents see it (Art. 16.3 adjusted score;
    /// unplayed rounds as draws under the 2009 rules).
    pub fn seen_score(&self, q: usize, edition: Edition, swiss: bool) -> i64 {
        let p = &self.people[q];
        if !edition.has_dummy_opponent() {
            p.score_2009
        } else if swiss {
            p.adj_swiss
        } else {
            p.adj_rr
        }
    }
}

impl Person {
    pub(crate) fn new(tpn: Tpn, rating: Option<u16>, slots: Vec<Slot>, draw: i64) -> Person {
        let score = slots.iter().map(|s| s.pts).sum();
        // Last round that is not a VUR (1-based; 0 when none).
        let last_non_vur = slots.iter().rposition(|s| !s.vur).map_or(0, |i| i + 1);
        let late: Vec<&Slot> = slots
            .iter()
            .skip(last_non_vur)
            .filter(|s| s.opp.is_none())
            .collect();
        let late_pts: i64 = late.iter().map(|s| s.pts).sum();
        let adj_rr = score - late_pts;
        let adj_swiss = adj_rr + draw * late.len() as i64;
        let score_2009 = slots
            .iter()
            .map(|s| if s.otb() { s.pts } else { draw })
            .sum();
        Person {
            tpn,
            rating,
            slots,
            score,
            adj_swiss,
            adj_rr,
            score_2009,
        }
    }
}

/// The number of rounds FIDE's checker counts without `XXR`: the last round
/// in which somebody played a game or received the PAB (§13.2).
fn counted_rounds(t: &Tournament) -> usize {
    t.entrants
        .iter()
        .filter_map(|e| {
            e.rounds
                .iter()
                .rposition(|r| matches!(r, RoundEntry::Game { .. } | RoundEntry::PairingBye))
                .map(|i| i + 1)
        })
        .max()
        .unwrap_or(0)
}

/// The participant's rating on the chosen list; 0 counts as unrated.
fn rating(e: &arbiter_model::Entrant, list: RatingList) -> Option<u16> {
    let r = &e.player.ratings;
    match list {
        RatingList::Fide => r.fide,
        RatingList::Rapid => r.rapid,
        RatingList::Blitz => r.blitz,
        RatingList::National => r.national,
    }
    .filter(|&v| v > 0)
}
