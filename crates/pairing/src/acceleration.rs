//! Baku acceleration (C.04.7 Art. 1, 2026; spec 03 A.2): virtual points
//! added to the pairing score of the upper part of the field in the first
//! rounds. They are written to `Tournament::acceleration` (TRF `250` /
//! `XXA`), which the Swiss engines read as virtual points per round.

use arbiter_model::{Points, Scoring, Tournament, Tpn};

/// Why Baku acceleration cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BakuError {
    /// C.04.7 1.1: a win must be worth exactly two draws and a loss nothing.
    #[error(
        "Baku acceleration needs a win worth exactly two draws and a loss worth nothing \
         (scoring is win {win}, draw {draw}, loss {loss})"
    )]
    Scoring {
        win: Points,
        draw: Points,
        loss: Points,
    },
    #[error("Baku acceleration needs the total number of rounds (record 142 or XXR)")]
    UnknownRounds,
    #[error("the last member of group GA (pairing number {0}) is not a player of the tournament")]
    UnknownPlayer(Tpn),
}

/// Size of group GA for `players` participants: the first half rounded up to
/// an even number, 2·⌈N/4⌉ (C.04.7 1.2).
pub fn group_a_size(players: usize) -> usize {
    2 * players.div_ceil(4)
}

/// `(full, accelerated)`: rounds `1..=full` give GA a win's worth, rounds
/// `full+1..=accelerated` a draw's worth, where accelerated = ⌈R/2⌉ and
/// full = ⌈accelerated/2⌉ (C.04.7 1.4).
pub fn accelerated_rounds(total_rounds: u32) -> (u32, u32) {
    let accelerated = total_rounds.div_ceil(2);
    (accelerated.div_ceil(2), accelerated)
}

/// The virtual points of one GA member in every round `1..=total_rounds`.
fn group_a_points(total_rounds: u32, scoring: &Scoring) -> Vec<Points> {
    let (full, accelerated) = accelerated_rounds(total_rounds);
    (1..=total_rounds)
        .map(|r| {
            if r <= full {
                scoring.win
            } else if r <= accelerated {
                scoring.draw
            } else {
                Points::ZERO
            }
        })
        .collect()
}

/// C.04.7 1.1: Baku needs a win worth exactly two draws and a loss worth
/// nothing (checked before an event is set up with it).
pub fn check_scoring(scoring: &Scoring) -> Result<(), BakuError> {
    if scoring.win == Points(2 * scoring.draw.0) && scoring.loss == Points::ZERO {
        Ok(())
    } else {
        Err(BakuError::Scoring {
            win: scoring.win,
            draw: scoring.draw,
            loss: scoring.loss,
        })
    }
}

/// Virtual points by initial rank and round: `result[rank - 1][round - 1]`
/// for ranks `1..=n_players` and rounds `1..=total_rounds` (C.04.7 1.2–1.4;
/// GB rows are all zero).
pub fn baku_virtual_points(
    n_players: usize,
    total_rounds: u32,
    scoring: &Scoring,
) -> Result<Vec<Vec<Points>>, BakuError> {
    check_scoring(scoring)?;
    let ga = group_a_points(total_rounds, scoring);
    let gb = vec![Points::ZERO; total_rounds as usize];
    let ga_size = group_a_size(n_players);
    Ok((0..n_players)
        .map(|rank| {
            if rank < ga_size {
                ga.clone()
            } else {
                gb.clone()
            }
        })
        .collect())
}

/// Fills `Tournament::acceleration` for every entrant (zeros for GB), GA
/// being the first 2·⌈N/4⌉ pairing numbers (TPN order = initial ranking).
pub fn apply_baku(tournament: &mut Tournament) -> Result<(), BakuError> {
    let last = group_a_size(tournament.entrants.len()) as Tpn;
    apply_baku_through(tournament, last.min(tournament.entrants.len() as Tpn))
}

/// As [`apply_baku`] with GA = pairing numbers `1..=last_of_group_a`.
///
/// Late entries (C.04.7 1.3): after they are inserted into the ranking and
/// pairing numbers reassigned, the participant who was last in GA stays the
/// last GA member; pass his new pairing number (GA may grow and become odd).
pub fn apply_baku_through(
    tournament: &mut Tournament,
    last_of_group_a: Tpn,
) -> Result<(), BakuError> {
    check_scoring(&tournament.scoring)?;
    let rounds = tournament.total_rounds.ok_or(BakuError::UnknownRounds)?;
    if last_of_group_a > 0 && tournament.entrant(last_of_group_a).is_none() {
        return Err(BakuError::UnknownPlayer(last_of_group_a));
    }
    let ga = group_a_points(rounds, &tournament.scoring);
    let gb = vec![Points::ZERO; rounds as usize];
    tournament.acceleration = tournament
        .entrants
        .iter()
        .map(|e| {
            let tpn = e.player.tpn;
            let points = if tpn <= last_of_group_a { &ga } else { &gb };
            (tpn, points.clone())
        })
        .collect();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_a_examples_of_the_rule() {
        // C.04.7 1.2 examples (spec 03 A.2).
        assert_eq!(group_a_size(161), 82);
        assert_eq!(group_a_size(178), 90);
        assert_eq!(group_a_size(10), 6);
        assert_eq!(group_a_size(12), 6);
        assert_eq!(group_a_size(9), 6);
    }

    #[test]
    fn schedule_table_of_spec_03() {
        let table = [
            (5, 2, 3),
            (6, 2, 3),
            (7, 2, 4),
            (8, 2, 4),
            (9, 3, 5),
            (10, 3, 5),
            (11, 3, 6),
            (12, 3, 6),
            (13, 4, 7),
        ];
        for (r, full, acc) in table {
            assert_eq!(accelerated_rounds(r), (full, acc), "{r} rounds");
        }
    }

    #[test]
    fn three_one_zero_scoring_is_rejected() {
        let s = Scoring::with_game_points(Points(30), Points(10), Points(0));
        assert!(matches!(
            baku_virtual_points(20, 9, &s),
            Err(BakuError::Scoring { .. })
        ));
        let two_one = Scoring::with_game_points(Points(20), Points(10), Points(0));
        let v = baku_virtual_points(4, 5, &two_one).unwrap();
        assert_eq!(v[0][0], Points(20));
        assert_eq!(v[1][2], Points(10));
        assert_eq!(v[2], vec![Points::ZERO; 5]);
    }
}
