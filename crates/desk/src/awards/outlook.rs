//! The most each player can still score (`prizes --still-possible`): his
//! points after the complete rounds, plus for every later round what he
//! already has (a recorded result, the PAB, a requested bye, nothing when
//! withdrawn) or else the most one round can give under the section's
//! scoring. An upper bound, as `arbiter_awards::still_possible` needs.

use arbiter_awards::{Outlook, Ranking};
use arbiter_model::journal::{EventState, PlayerId, Section};
use arbiter_model::{Points, RoundEntry};

/// One [`Outlook`] per line of `ranking` (the standings after the complete
/// rounds of `sec`).
pub(super) fn outlook(state: &EventState, sec: &Section, ranking: &Ranking) -> Vec<Outlook> {
    let scoring = sec.config.scoring;
    let most = [
        scoring.win,
        scoring.draw,
        scoring.forfeit_win,
        scoring.pab,
        scoring.full_bye,
        scoring.half_bye,
    ]
    .into_iter()
    .max()
    .unwrap_or(Points::ZERO);
    let first = sec.rounds_complete() + 1;
    ranking
        .rows
        .iter()
        .map(|row| {
            let mut max_points = row.points;
            let mut may_play = false;
            for round in first..=sec.config.rounds {
                let (points, plays) = best_in_round(state, sec, row.id, round, most);
                max_points += points;
                may_play |= plays;
            }
            Outlook {
                id: row.id,
                max_points,
                may_play,
            }
        })
        .collect()
}

/// The most `id` can score in `round` (after the complete rounds), and
/// whether he plays a game in it.
fn best_in_round(
    state: &EventState,
    sec: &Section,
    id: PlayerId,
    round: u32,
    most: Points,
) -> (Points, bool) {
    let scoring = &sec.config.scoring;
    let Some(reg) = state.players.get(&id) else {
        return (Points::ZERO, false);
    };
    match sec.round(round) {
        Some(record) => {
            if record.bye == Some(id) {
                return (scoring.pab, false);
            }
            let Some(board) = record
                .boards
                .iter()
                .find(|b| b.white == id || b.black == id)
            else {
                return (scoring.points(&reg.unpaired_entry(round)), false);
            };
            match board.result {
                None => (most, true),
                Some(result) => {
                    let (white, black) = result.entries(0, 0);
                    let mine = if board.white == id { white } else { black };
                    (scoring.points(&mine), mine.is_played())
                }
            }
        }
        None if reg.withdrawn_in(round) => (scoring.zero_bye, false),
        None => match reg.byes.get(&round) {
            Some(kind) => (scoring.points(&RoundEntry::Bye(*kind)), false),
            None => (most, true),
        },
    }
}
