//! The players of one round as the Dutch rules see them: pairing score, colour
//! state, float history, PAB eligibility and who they may meet (spec 02 §1,
//! §2.1, §12 item 1).

use std::collections::{HashMap, HashSet};

use arbiter_model::{ByeKind, Colour, Entrant, Points, RoundEntry, Scoring, Tournament, Tpn};

use super::colour::ColourState;
use crate::PairingError;

/// A float received in a past round (spec 02 §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    None,
    Up,
    Down,
}

/// One player to be paired this round.
#[derive(Clone, Debug)]
pub(crate) struct Competitor {
    pub tpn: Tpn,
    /// Effective TPN (spec 01 §4.3): ranking among players taken into account.
    pub rank: u32,
    /// Real score before the round.
    pub score: Points,
    /// Score plus this round's virtual points (spec 03 A.1).
    pub pairing_score: Points,
    pub colours: ColourState,
    /// Floats of rounds r−1 and r−2.
    pub floats: [Float; 2],
    /// C.04.1 Art. 4 / C2.
    pub pab_eligible: bool,
    /// Games actually played (C9: unplayed = rounds so far − this).
    pub played_games: u32,
    /// Last-round topscorer (Art. 1.8).
    pub topscorer: bool,
    /// Opponents of played games (C1).
    met: HashSet<Tpn>,
}

/// The round to pair: its players in ranking order (Art. 1.2: pairing score
/// descending, effective TPN ascending) and who may meet whom.
pub(crate) struct Field {
    pub players: Vec<Competitor>,
    /// Rounds before the one being paired.
    pub rounds_before: u32,
    pub initial_colour: Colour,
    /// Pairs that met in a played game (C1) or are forbidden (TRF 260/XXP):
    /// one bit per ordered pair, `row_words` words per player.
    blocked: Vec<u64>,
    row_words: usize,
    /// C3: 1 or 2 for a non-topscorer with an absolute preference for White
    /// or Black, 0 otherwise; two players with the same non-zero code may
    /// not meet.
    c3: Vec<u8>,
}

/// Points of one round entry the way bbpPairings values them (spec 02 §1.4):
/// a forfeit win without opponent (`0000 - +`) is a PAB; a forfeit loss
/// without opponent and an absence are zero-point byes.
pub(crate) fn entry_points(entry: &RoundEntry, s: &Scoring) -> Points {
    match *entry {
        RoundEntry::Game { outcome, .. } => s.game(outcome),
        RoundEntry::Forfeit {
            won: true,
            opponent: Some(_),
            ..
        } => s.forfeit_win,
        RoundEntry::Forfeit {
            won: true,
            opponent: None,
            ..
        } => s.pab,
        RoundEntry::Forfeit {
            won: false,
            opponent: Some(_),
            ..
        } => s.forfeit_loss,
        RoundEntry::Forfeit {
            won: false,
            opponent: None,
            ..
        } => s.zero_bye,
        RoundEntry::PairingBye => s.pab,
        RoundEntry::Bye(ByeKind::Full) => s.full_bye,
        RoundEntry::Bye(ByeKind::Half) => s.half_bye,
        RoundEntry::Bye(ByeKind::Zero) | RoundEntry::Absent => s.zero_bye,
    }
}

/// True when the entry came out of the pairing of its round (spec 01 §4.3):
/// a game, a forfeit naming the opponent, the PAB, or `0000 - +`.
fn took_part(entry: &RoundEntry) -> bool {
    match *entry {
        RoundEntry::Game { .. } | RoundEntry::PairingBye => true,
        RoundEntry::Forfeit { opponent, won, .. } => opponent.is_some() || won,
        RoundEntry::Bye(_) | RoundEntry::Absent => false,
    }
}

fn entry(e: &Entrant, round: u32) -> RoundEntry {
    e.round(round).copied().unwrap_or(RoundEntry::Absent)
}

/// Score after `rounds` rounds, with bbp's values (spec 02 §1.4).
fn score_after(e: &Entrant, rounds: u32, s: &Scoring) -> Points {
    (1..=rounds).map(|r| entry_points(&entry(e, r), s)).sum()
}

impl Field {
    /// Prepares round `round` of `t` (spec 02 §12 item 1).
    pub fn prepare(t: &Tournament, round: u32) -> Result<Field, PairingError> {
        let total = t.total_rounds.ok_or_else(|| {
            PairingError::InvalidInput("the total number of rounds is not known (XXR / 142)".into())
        })?;
        let initial_colour = t.initial_colour.ok_or_else(|| {
            PairingError::InvalidInput("the initial colour is not known (XXC / 152)".into())
        })?;
        if round == 0 {
            return Err(PairingError::InvalidInput(
                "round numbers start at 1".into(),
            ));
        }
        let s = &t.scoring;
        let by_tpn: HashMap<Tpn, &Entrant> = t.entrants.iter().map(|e| (e.player.tpn, e)).collect();
        let to_pair = |e: &Entrant| e.round(round).is_none();
        let played = round - 1;
        // Topscorers (Art. 1.8, bbp reading): last round only, pairing score
        // strictly above half of rounds played × max(win, draw).
        let last_round = played + 1 >= total;
        let max_points = s.win.max(s.draw).tenths() as i64 * played as i64;

        let pre_round_score = |e: &Entrant, k: u32| -> Points {
            score_after(e, k - 1, s) + t.virtual_points(e.player.tpn, k)
        };

        let mut players = Vec::new();
        let mut rank = 0u32;
        for e in &t.entrants {
            let counted = to_pair(e) || (1..round).any(|r| took_part(&entry(e, r)));
            if !counted {
                continue;
            }
            rank += 1;
            if !to_pair(e) {
                continue;
            }
            let tpn = e.player.tpn;
            let score = score_after(e, played, s);
            let pairing_score = score + t.virtual_points(tpn, round);
            let mut history = Vec::new();
            let mut met = HashSet::new();
            let mut pab_eligible = true;
            for r in 1..round {
                let en = entry(e, r);
                match en {
                    RoundEntry::Game {
                        opponent, colour, ..
                    } => {
                        history.push(colour);
                        met.insert(opponent);
                    }
                    RoundEntry::PairingBye
                    | RoundEntry::Forfeit {
                        won: true,
                        opponent: None,
                        ..
                    } => pab_eligible = false,
                    _ => {
                        if entry_points(&en, s) >= s.win {
                            pab_eligible = false;
                        }
                    }
                }
            }
            let played_games = history.len() as u32;
            let mut floats = [Float::None; 2];
            for (back, f) in floats.iter_mut().enumerate() {
                let Some(k) = round.checked_sub(back as u32 + 1).filter(|&k| k >= 1) else {
                    continue;
                };
                *f = match entry(e, k) {
                    RoundEntry::Game { opponent, .. } => {
                        let mine = pre_round_score(e, k);
                        let theirs = by_tpn
                            .get(&opponent)
                            .map(|o| pre_round_score(o, k))
                            .unwrap_or(mine);
                        match mine.cmp(&theirs) {
                            std::cmp::Ordering::Greater => Float::Down,
                            std::cmp::Ordering::Less => Float::Up,
                            std::cmp::Ordering::Equal => Float::None,
                        }
                    }
                    other => {
                        if entry_points(&other, s) > s.loss {
                            Float::Down
                        } else {
                            Float::None
                        }
                    }
                };
            }
            let topscorer = last_round && 2 * pairing_score.tenths() as i64 > max_points;
            players.push(Competitor {
                tpn,
                rank,
                score,
                pairing_score,
                colours: ColourState::from_history(history),
                floats,
                pab_eligible,
                played_games,
                topscorer,
                met,
            });
        }
        players.sort_by(|a, b| {
            b.pairing_score
                .cmp(&a.pairing_score)
                .then(a.rank.cmp(&b.rank))
        });
        let n = players.len();
        let row_words = n.div_ceil(64);
        let mut blocked = vec![0u64; n * row_words];
        let index: HashMap<Tpn, usize> = players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.tpn, i))
            .collect();
        let mut block = |i: usize, j: usize| {
            if i != j {
                blocked[i * row_words + j / 64] |= 1 << (j % 64);
                blocked[j * row_words + i / 64] |= 1 << (i % 64);
            }
        };
        for (i, p) in players.iter().enumerate() {
            for opponent in &p.met {
                if let Some(&j) = index.get(opponent) {
                    block(i, j);
                }
            }
        }
        for group in &t.forbidden {
            let in_range = group
                .rounds
                .is_none_or(|(first, last)| first <= round && round <= last);
            if !in_range {
                continue;
            }
            let members: Vec<usize> = group
                .players
                .iter()
                .filter_map(|tpn| index.get(tpn).copied())
                .collect();
            for (k, &i) in members.iter().enumerate() {
                for &j in &members[k + 1..] {
                    block(i, j);
                }
            }
        }
        let c3 = players
            .iter()
            .map(|p| match p.colours.preference {
                Some(c) if p.colours.is_absolute() && !p.topscorer => match c {
                    Colour::White => 1,
                    Colour::Black => 2,
                },
                _ => 0,
            })
            .collect();
        Ok(Field {
            players,
            rounds_before: played,
            initial_colour,
            blocked,
            row_words,
            c3,
        })
    }

    pub fn len(&self) -> usize {
        self.players.len()
    }

    /// C1, C3 and forbidden pairs (spec 02 §6.1): may `i` meet `j` (`i != j`)?
    #[inline(always)]
    pub fn legal(&self, i: usize, j: usize) -> bool {
        let same_absolute = self.c3[i] != 0 && self.c3[i] == self.c3[j];
        !same_absolute && self.blocked[i * self.row_words + j / 64] >> (j % 64) & 1 == 0
    }
}
