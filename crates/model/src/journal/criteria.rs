//! The absolute criteria every pairing of the journal meets, whoever made
//! it (an engine, an arbiter by hand, an import): no forbidden pair, no
//! rematch except where a double round robin schedules one (C.04.1 Art. 2,
//! C.04.3 C1, C3; spec 04 §4), and the PAB rule of the section's system
//! (C.04.1 Art. 4, C.04.3 C2; spec 06 §3.7). A logged override is the only
//! exception ([`Event::RoundPaired`](super::Event::RoundPaired) and
//! [`Event::PairingEdited`](super::Event::PairingEdited) carry it).

use super::PlayerId;
use super::error::JournalError;
use super::events::{BoardPair, GameResult};
use super::section::Section;
use super::state::EventState;
use crate::points::Points;
use crate::system::PabRule;

impl EventState {
    /// Games `a` and `b` played against each other over the board (forfeits
    /// are no meeting, C.04.2 Art. 3.5) in the rounds before `round`.
    pub fn meetings(&self, section: &Section, a: PlayerId, b: PlayerId, round: u32) -> usize {
        section
            .rounds
            .iter()
            .take(round.saturating_sub(1) as usize)
            .flat_map(|r| &r.boards)
            .filter(|bd| {
                ((bd.white, bd.black) == (a, b) || (bd.white, bd.black) == (b, a))
                    && matches!(
                        bd.result,
                        Some(GameResult::WhiteWins | GameResult::Draw | GameResult::BlackWins)
                    )
            })
            .count()
    }

    /// Why `white` may not meet `black` in `round`, if he may not.
    pub fn check_pair(
        &self,
        section: &Section,
        round: u32,
        white: PlayerId,
        black: PlayerId,
    ) -> Result<(), JournalError> {
        let (a, b) = (white, black);
        if self.is_forbidden(section, a, b) {
            return Err(JournalError::ForbiddenPair { a, b });
        }
        if self.meetings(section, a, b, round) >= section.config.system.meetings_allowed() {
            return Err(JournalError::Rematch { a, b });
        }
        Ok(())
    }

    /// Why `id` may not receive the pairing-allocated bye of `round`, if he
    /// may not.
    pub fn check_pab(
        &self,
        section: &Section,
        round: u32,
        id: PlayerId,
    ) -> Result<(), JournalError> {
        let refuse = |reason: String| Err(JournalError::PabRefused { id, reason });
        let rule = section.config.system.pab_rule();
        if rule == PabRule::NoPab {
            return refuse(format!(
                "a {} has no pairing-allocated bye (the player left over rests)",
                section.config.system.label()
            ));
        }
        let scoring = &section.config.scoring;
        for r in 1..round {
            let Some(rec) = section.round(r) else { break };
            if rec.bye == Some(id) {
                return refuse(format!("he already received it in round {r}"));
            }
            if rule == PabRule::OnePab {
                continue;
            }
            let unplayed = match rec.boards.iter().find(|b| b.white == id || b.black == id) {
                Some(b) => match (b.result, b.white == id) {
                    (Some(GameResult::WhiteForfeitWin), true)
                    | (Some(GameResult::BlackForfeitWin), false) => Some(scoring.forfeit_win),
                    _ => None,
                },
                None => Some(self.players.get(&id).map_or(scoring.zero_bye, |reg| {
                    scoring.points(&reg.unpaired_entry(r))
                })),
            };
            if let Some(points) = unplayed.filter(|p| *p >= scoring.win && *p > Points::ZERO) {
                return refuse(format!(
                    "he already scored {points} without playing in round {r}, the points of a win"
                ));
            }
        }
        Ok(())
    }

    /// The first absolute criterion the pairing of `round` breaks.
    pub fn check_round(
        &self,
        section: &Section,
        round: u32,
        boards: &[BoardPair],
        bye: Option<PlayerId>,
    ) -> Result<(), JournalError> {
        for b in boards {
            self.check_pair(section, round, b.white, b.black)?;
        }
        match bye {
            Some(id) => self.check_pab(section, round, id),
            None => Ok(()),
        }
    }
}
