//! From a tournament file to the pairing problem of one round (spec 05 §6.5,
//! §7.4): which round is to be paired, who is not paired in it, the total
//! number of rounds and the initial colour.
//!
//! A TRF does not say which round comes next; the engines infer it from the
//! round columns. Two readings exist:
//! * *next round* (`-p`): the columns hold the rounds played so far plus, in
//!   the round to be paired, the players who are not to be paired;
//! * *past rounds* (`-c`, generator model): every column is a finished round.

use arbiter_model::{ByeKind, Colour, RoundEntry, Tournament, Tpn};

use crate::PairingError;

/// True when the entry came out of the pairing of its round (spec 05 §6.5):
/// a game, a forfeit against an opponent, the PAB (`U`), or a forfeit win
/// without opponent (`0000 - +`, which bbp treats as a PAB).
pub fn took_part(entry: &RoundEntry) -> bool {
    match *entry {
        RoundEntry::Game { .. } | RoundEntry::PairingBye => true,
        RoundEntry::Forfeit { opponent, won, .. } => opponent.is_some() || won,
        RoundEntry::Bye(_) | RoundEntry::Absent => false,
    }
}

/// P of spec 05 §6.5: the largest of the highest round in which any player
/// took part in the pairing and `k - 1` for every entry in round `k`.
pub fn rounds_before_last_column(t: &Tournament) -> u32 {
    t.entrants
        .iter()
        .map(|e| {
            let taking_part = e
                .rounds
                .iter()
                .rposition(took_part)
                .map_or(0, |i| i as u32 + 1);
            let recorded = (e.rounds.len() as u32).saturating_sub(1);
            taking_part.max(recorded)
        })
        .max()
        .unwrap_or(0)
}

/// The round `-p` pairs (spec 05 §6.5): P + 1, or P + 2 when every player
/// already has an entry in round P + 1 (that round then counts as complete).
pub fn round_to_pair(t: &Tournament) -> u32 {
    let p = rounds_before_last_column(t);
    let everyone_has_next =
        !t.entrants.is_empty() && t.entrants.iter().all(|e| e.rounds.len() as u32 > p);
    if everyone_has_next { p + 2 } else { p + 1 }
}

/// The number of rounds in a finished file (`-c`, generator model; spec 05
/// §6.5): P, or P + 1 when some player has an entry after round P (e.g. a
/// last-round `0000 - Z`).
pub fn rounds_in_file(t: &Tournament) -> u32 {
    let p = rounds_before_last_column(t);
    if t.entrants.iter().any(|e| e.rounds.len() as u32 > p) {
        p + 1
    } else {
        p
    }
}

/// The colour of the top-ranked player in round 1: `152` / `XXC` when the
/// file gives it, otherwise inferred from the history (spec 05 §6.5):
/// in the first round F in which any entry has a colour (forfeits included),
/// walk the players in pairing-number order counting those who took part in
/// the pairing in some round up to F; the first counted player with a colour
/// in round F gives it, reversed when he is counted at an odd position.
pub fn initial_colour(t: &Tournament) -> Option<Colour> {
    t.initial_colour.or_else(|| inferred_initial_colour(t))
}

fn entry_colour(entry: &RoundEntry) -> Option<Colour> {
    match *entry {
        RoundEntry::Game { colour, .. } => Some(colour),
        RoundEntry::Forfeit { colour, .. } => colour,
        _ => None,
    }
}

fn inferred_initial_colour(t: &Tournament) -> Option<Colour> {
    let first_coloured = t
        .entrants
        .iter()
        .filter_map(|e| e.rounds.iter().position(|r| entry_colour(r).is_some()))
        .min()?;
    let mut by_tpn: Vec<_> = t.entrants.iter().collect();
    by_tpn.sort_by_key(|e| e.player.tpn);
    let counted = by_tpn
        .into_iter()
        .filter(|e| e.rounds.iter().take(first_coloured + 1).any(took_part));
    for (position, e) in counted.enumerate() {
        if let Some(colour) = e.rounds.get(first_coloured).and_then(entry_colour) {
            return Some(if position % 2 == 0 {
                colour
            } else {
                colour.opposite()
            });
        }
    }
    None
}

/// The state handed to a pairing system for round `round` (the contract of
/// [`crate::PairingSystem`]): every entrant's entries for rounds
/// `1..round` (a missing entry becomes an absence), plus the round-`round`
/// entry of each player who is not to be paired; `total_rounds` and
/// `initial_colour` resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundProblem {
    pub round: u32,
    pub tournament: Tournament,
}

/// The problem of the next round of a file read for pairing (`-p`).
///
/// `absent` lists the players marked absent for the round to be paired
/// outside the round columns (TRF26 `240`, JaVaFo `XXZ`): they are not
/// paired, with the kind of bye given there (bbp reads every `240` as a
/// zero-point absence; the kind does not change the pairing).
///
/// `colour` says whether the system needs the initial colour: a round
/// robin does not (the Berger table fixes every colour, spec 04 §3), so its
/// file needs no `152`/`XXC` and no history to infer one from.
pub fn next_round(
    t: &Tournament,
    absent: &[(Tpn, ByeKind)],
    colour: ColourNeed,
) -> Result<RoundProblem, PairingError> {
    let round = round_to_pair(t);
    let total = t.total_rounds.ok_or_else(|| {
        PairingError::InvalidInput(
            "the total number of rounds in the tournament must be given (record 142 or XXR)"
                .to_string(),
        )
    })?;
    if total < round {
        return Err(PairingError::InvalidInput(format!(
            "the total number of rounds ({total}, record 142/XXR) is less than the round to be paired ({round})"
        )));
    }
    for &(tpn, _) in absent {
        if t.entrant(tpn).is_none() {
            return Err(PairingError::InvalidInput(format!(
                "player {tpn} is marked absent in round {round} but has no 001 record"
            )));
        }
    }
    let mut problem = round_problem(t, round, colour)?;
    for e in &mut problem.tournament.entrants {
        if let Some(&(_, kind)) = absent.iter().find(|(tpn, _)| *tpn == e.player.tpn)
            && e.rounds.len() < round as usize
        {
            e.rounds.push(RoundEntry::Bye(kind));
        }
    }
    Ok(problem)
}

/// The problem of round `round` of a file whose columns are all past rounds
/// (`-c`, spec 05 §7.4 steps 1-2): the history of rounds `1..round` as
/// recorded, and the round-`round` entries of players who did not take part
/// in that round's pairing (`H`, `F`, `Z`, absences, a missing entry).
/// Needs the initial colour; keeps `total_rounds` as given.
pub fn past_round(t: &Tournament, round: u32) -> Result<RoundProblem, PairingError> {
    let mut problem = round_problem(t, round, ColourNeed::Required)?;
    for (e, original) in problem.tournament.entrants.iter_mut().zip(&t.entrants) {
        if original.round(round).is_none() {
            e.rounds.push(RoundEntry::Absent);
        }
    }
    Ok(problem)
}

/// Whether a pairing system needs the colour of the top-ranked player in
/// round 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourNeed {
    /// The Swiss systems: from `152`/`XXC` or the history, else an error.
    Required,
    /// Round robins: the Berger table fixes the colours; the colour is
    /// resolved when the file gives it and left unknown otherwise.
    NotNeeded,
}

/// History up to `round - 1` (gaps filled with absences) and the round-`round`
/// entries that are not part of the pairing; initial colour resolved.
fn round_problem(
    t: &Tournament,
    round: u32,
    need: ColourNeed,
) -> Result<RoundProblem, PairingError> {
    let colour = initial_colour(t);
    if colour.is_none() && need == ColourNeed::Required {
        return Err(PairingError::InvalidInput(
            "the initial colour is unknown: give record 152 (W or B) or XXC white1/black1"
                .to_string(),
        ));
    }
    let mut tournament = t.clone();
    tournament.initial_colour = colour;
    let past = round as usize - 1;
    for e in &mut tournament.entrants {
        let next = e.rounds.get(past).copied();
        e.rounds.truncate(past);
        e.rounds.resize(past, RoundEntry::Absent);
        if let Some(entry) = next
            && !took_part(&entry)
        {
            e.rounds.push(entry);
        }
    }
    Ok(RoundProblem { round, tournament })
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_model::{Entrant, Outcome, Player};

    fn game(opponent: Tpn, colour: Colour) -> RoundEntry {
        RoundEntry::Game {
            opponent,
            colour,
            outcome: Outcome::Draw,
            rated: true,
        }
    }

    fn forfeit(opponent: Option<Tpn>, colour: Option<Colour>, won: bool) -> RoundEntry {
        RoundEntry::Forfeit {
            opponent,
            colour,
            won,
        }
    }

    fn tournament(lines: Vec<Vec<RoundEntry>>) -> Tournament {
        Tournament {
            entrants: lines
                .into_iter()
                .enumerate()
                .map(|(i, rounds)| Entrant {
                    player: Player {
                        tpn: i as Tpn + 1,
                        ..Player::default()
                    },
                    rounds,
                    ..Entrant::default()
                })
                .collect(),
            total_rounds: Some(9),
            ..Tournament::default()
        }
    }

    use Colour::{Black, White};
    const Z: RoundEntry = RoundEntry::Bye(ByeKind::Zero);
    const H: RoundEntry = RoundEntry::Bye(ByeKind::Half);

    /// Two rounds played; players 1 and 4 announced for round 3.
    fn two_rounds_with_byes_announced() -> Tournament {
        tournament(vec![
            vec![game(2, White), game(3, Black), H],
            vec![game(1, Black), game(4, White)],
            vec![game(4, White), game(1, White)],
            vec![game(3, Black), game(2, Black), Z],
        ])
    }

    #[test]
    fn next_round_follows_the_last_paired_round() {
        let t = two_rounds_with_byes_announced();
        assert_eq!(rounds_before_last_column(&t), 2);
        assert_eq!(round_to_pair(&t), 3);
    }

    #[test]
    fn a_column_filled_by_everyone_counts_as_complete() {
        // Every player has a round-3 entry that is not a pairing: round 3 is
        // complete and round 4 is paired (spec 05 §6.5 special case).
        let mut t = two_rounds_with_byes_announced();
        t.entrants[1].rounds.push(Z);
        t.entrants[2].rounds.push(H);
        assert_eq!(round_to_pair(&t), 4);
    }

    #[test]
    fn an_entry_further_right_makes_the_gap_a_round_without_pairing() {
        // A lone `0000 - Z` in round 4 of a 2-round file: round 4 is paired.
        let mut t = tournament(vec![
            vec![game(2, White), game(3, Black)],
            vec![game(1, Black), game(4, White)],
            vec![game(4, White), game(1, White)],
            vec![game(3, Black), game(2, Black)],
        ]);
        t.entrants[2].rounds.extend([RoundEntry::Absent, Z]);
        assert_eq!(round_to_pair(&t), 4);
        let p = next_round(&t, &[], ColourNeed::Required).unwrap();
        assert_eq!(p.round, 4);
        // Round 3 became an absence for everyone; player 3 keeps his Z.
        assert_eq!(p.tournament.entrants[0].rounds[2], RoundEntry::Absent);
        assert_eq!(p.tournament.entrants[0].rounds.len(), 3);
        assert_eq!(p.tournament.entrants[2].rounds.len(), 4);
    }

    #[test]
    fn a_forfeit_win_without_opponent_is_a_past_pairing() {
        let t = tournament(vec![
            vec![game(2, White)],
            vec![game(1, Black)],
            vec![forfeit(None, None, true)],
            vec![RoundEntry::Absent, forfeit(None, None, true)],
        ]);
        assert_eq!(rounds_before_last_column(&t), 2);
        assert_eq!(round_to_pair(&t), 3);
    }

    #[test]
    fn players_with_a_next_round_entry_are_not_paired() {
        let t = two_rounds_with_byes_announced();
        let p = next_round(&t, &[(2, ByeKind::Zero)], ColourNeed::Required).unwrap();
        assert_eq!(p.round, 3);
        let lens: Vec<_> = p
            .tournament
            .entrants
            .iter()
            .map(|e| e.rounds.len())
            .collect();
        // 1 (H), 2 (240) and 4 (Z) are not paired; 3 is.
        assert_eq!(lens, vec![3, 3, 2, 3]);
        assert_eq!(p.tournament.entrants[1].rounds[2], Z);
        assert_eq!(p.tournament.entrants[0].rounds[2], H);
    }

    #[test]
    fn pairing_needs_the_total_number_of_rounds() {
        let mut t = two_rounds_with_byes_announced();
        t.total_rounds = None;
        assert!(matches!(
            next_round(&t, &[], ColourNeed::Required),
            Err(PairingError::InvalidInput(_))
        ));
        t.total_rounds = Some(2);
        assert!(matches!(
            next_round(&t, &[], ColourNeed::Required),
            Err(PairingError::InvalidInput(_))
        ));
        t.total_rounds = Some(3);
        assert!(next_round(&t, &[], ColourNeed::Required).is_ok());
    }

    #[test]
    fn unknown_absent_player_is_an_error() {
        let t = two_rounds_with_byes_announced();
        assert!(next_round(&t, &[(7, ByeKind::Zero)], ColourNeed::Required).is_err());
    }

    #[test]
    fn a_trailing_bye_counts_as_a_round_of_a_finished_file() {
        let t = two_rounds_with_byes_announced();
        assert_eq!(rounds_in_file(&t), 3);
        let complete = tournament(vec![
            vec![game(2, White), game(3, Black)],
            vec![game(1, Black)],
        ]);
        assert_eq!(rounds_in_file(&complete), 2);
    }

    #[test]
    fn initial_colour_from_the_file_wins() {
        let mut t = two_rounds_with_byes_announced();
        t.initial_colour = Some(Black);
        assert_eq!(initial_colour(&t), Some(Black));
    }

    #[test]
    fn initial_colour_is_the_round_one_colour_of_the_top_player() {
        let t = two_rounds_with_byes_announced();
        assert_eq!(initial_colour(&t), Some(White));
    }

    #[test]
    fn initial_colour_skips_players_not_paired_and_flips_at_odd_positions() {
        // Player 1 absent in round 1 (not counted); player 2 had the PAB
        // (counted at position 0, no colour); player 3 is counted at
        // position 1 with Black → the initial colour is White.
        let t = tournament(vec![
            vec![Z, game(3, White)],
            vec![RoundEntry::PairingBye, game(4, Black)],
            vec![game(4, Black), game(1, Black)],
            vec![game(3, White), game(2, White)],
        ]);
        assert_eq!(initial_colour(&t), Some(White));
    }

    #[test]
    fn initial_colour_counts_forfeit_colours() {
        // Round 1 holds only byes; the first colours appear in round 2, on a
        // forfeit of player 1 scheduled with Black.
        let t = tournament(vec![
            vec![H, forfeit(Some(2), Some(Black), false)],
            vec![Z, forfeit(Some(1), Some(White), true)],
        ]);
        assert_eq!(initial_colour(&t), Some(Black));
    }

    #[test]
    fn initial_colour_unknown_before_any_game() {
        let t = tournament(vec![vec![H], vec![]]);
        assert_eq!(initial_colour(&t), None);
        assert!(matches!(
            next_round(&t, &[], ColourNeed::Required),
            Err(PairingError::InvalidInput(_))
        ));
        // A round robin pairs without it (spec 04 §3).
        let p = next_round(&t, &[], ColourNeed::NotNeeded).unwrap();
        assert_eq!((p.round, p.tournament.initial_colour), (1, None));
    }

    #[test]
    fn past_round_keeps_history_and_non_pairing_entries() {
        let t = tournament(vec![
            vec![game(2, White), H, game(3, White)],
            vec![game(1, Black), game(3, White)],
            vec![Z, game(2, Black), game(1, Black)],
        ]);
        let p = past_round(&t, 2).unwrap();
        assert_eq!(p.round, 2);
        let e = &p.tournament.entrants;
        assert_eq!(e[0].rounds, vec![game(2, White), H]);
        assert_eq!(e[1].rounds, vec![game(1, Black)]);
        assert_eq!(e[2].rounds, vec![Z]);
        // Player 2's missing round-3 entry is an absence: not paired.
        let p = past_round(&t, 3).unwrap();
        assert_eq!(p.tournament.entrants[1].rounds.len(), 3);
        assert_eq!(p.tournament.entrants[1].rounds[2], RoundEntry::Absent);
        assert_eq!(p.tournament.entrants[0].rounds.len(), 2);
    }
}
