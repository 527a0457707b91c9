//! The pairings checker (spec 05 §7.4): re-pairs every round of a finished
//! tournament from the file's own history and lists the rounds where the
//! pairing system disagrees with the file.

use std::cmp::Reverse;
use std::fmt::Write as _;

use arbiter_model::{Colour, Points, RoundEntry, Tournament, Tpn};

use crate::Progress;
use crate::round_input::{past_round, rounds_in_file, took_part};
use crate::{Pairing, PairingError, PairingSystem};

/// One pairing line: White and Black, or the PAB receiver and `0`.
pub type PairLine = (Tpn, Tpn);

/// What the checker found in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundVerdict {
    /// The system's pairing is the file's.
    Agrees,
    /// Some pairs differ: the system's disagreeing pairs and the file's
    /// pairings of the players involved, both in board order.
    Differs {
        checker: Vec<PairLine>,
        tournament: Vec<PairLine>,
    },
    /// The system found no valid pairing for the round.
    NoValidPairing,
}

/// The verdict on one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundCheck {
    pub round: u32,
    pub verdict: RoundVerdict,
}

/// Checks every round of `t` (spec 05 §7.4): the total number of rounds is
/// the file's `142`/`XXR` (which must not be less than the rounds in the
/// file) or else the rounds in the file. Each round is paired from the
/// file's history only, so a discrepancy never propagates. `progress` hears
/// `(round, rounds)` before each round is paired.
pub fn check(
    system: &dyn PairingSystem,
    t: &Tournament,
    progress: Progress<'_>,
) -> Result<Vec<RoundCheck>, PairingError> {
    let rounds = rounds_in_file(t);
    let mut t = t.clone();
    t.total_rounds = Some(total_rounds(t.total_rounds, rounds)?);
    (1..=rounds)
        .map(|round| {
            progress(round, rounds);
            let problem = past_round(&t, round)?;
            let verdict = verdict(system.pair(&problem.tournament, round), |engine| {
                compare(&t, round, engine)
            })?;
            Ok(RoundCheck { round, verdict })
        })
        .collect()
}

/// The total number of rounds a check pairs with (spec 05 §7.4): the file's
/// `142`/`XXR`, which must not be less than the `rounds` in the file, or
/// else those rounds.
pub(crate) fn total_rounds(declared: Option<u32>, rounds: u32) -> Result<u32, PairingError> {
    match declared {
        Some(total) if total < rounds => Err(PairingError::InvalidInput(format!(
            "the total number of rounds ({total}, record 142/XXR) is less than the {rounds} rounds in the file"
        ))),
        Some(total) => Ok(total),
        None => Ok(rounds),
    }
}

/// The verdict on a round from the system's answer: its lines (White and
/// Black, then the PAB receiver and `0`) judged by `compare`; no pairing is
/// a verdict, any other error stops the check.
pub(crate) fn verdict(
    answer: Result<Pairing, PairingError>,
    compare: impl FnOnce(&[PairLine]) -> RoundVerdict,
) -> Result<RoundVerdict, PairingError> {
    match answer {
        Ok(pairing) => {
            let mut engine: Vec<PairLine> =
                pairing.boards.iter().map(|b| (b.white, b.black)).collect();
            engine.extend(pairing.bye.map(|tpn| (tpn, 0)));
            Ok(compare(&engine))
        }
        Err(PairingError::NoValidPairing { .. }) => Ok(RoundVerdict::NoValidPairing),
        Err(e) => Err(e),
    }
}

/// The engine's lines that `agrees` rejects and the file's lines
/// (`file_line`) of every participant they involve, each line once, the
/// file's not yet in board order; `None` when every line agrees.
pub(crate) fn differences(
    engine: &[PairLine],
    agrees: impl Fn(&PairLine) -> bool,
    file_line: impl Fn(Tpn) -> Option<PairLine>,
) -> Option<(Vec<PairLine>, Vec<PairLine>)> {
    let checker: Vec<PairLine> = engine.iter().filter(|p| !agrees(p)).copied().collect();
    if checker.is_empty() {
        return None;
    }
    let mut involved: Vec<Tpn> = checker
        .iter()
        .flat_map(|&(w, b)| [w, b])
        .filter(|&tpn| tpn != 0)
        .collect();
    involved.sort_unstable();
    involved.dedup();
    let mut tournament: Vec<PairLine> = Vec::new();
    for line in involved.into_iter().filter_map(file_line) {
        let (w, b) = line;
        if !tournament.iter().any(|&l| l == line || l == (b, w)) {
            tournament.push(line);
        }
    }
    Some((checker, tournament))
}

/// Step 4 of spec 05 §7.4: an engine pair (w, b) agrees when the file shows
/// b as w's opponent and w's recorded colour is not Black; an engine PAB
/// agrees when the file gives that player a pairing entry without opponent.
fn compare(t: &Tournament, round: u32, engine: &[PairLine]) -> RoundVerdict {
    let entry = |tpn: Tpn| t.entrant(tpn).and_then(|e| e.round(round)).copied();
    let agrees = |&(white, black): &PairLine| match entry(white) {
        Some(e) if black == 0 => took_part(&e) && e.opponent().is_none(),
        Some(e) => e.opponent() == Some(black) && colour_of(&e) != Some(Colour::Black),
        None => false,
    };
    let file_line = |tpn: Tpn| {
        let e = entry(tpn).filter(took_part)?;
        Some(match (e.opponent(), colour_of(&e)) {
            (None, _) => (tpn, 0),
            (Some(opp), Some(Colour::Black)) => (opp, tpn),
            (Some(opp), _) => (tpn, opp),
        })
    };
    match differences(engine, agrees, file_line) {
        None => RoundVerdict::Agrees,
        Some((checker, mut tournament)) => {
            sort_in_board_order(t, round, &mut tournament);
            RoundVerdict::Differs {
                checker,
                tournament,
            }
        }
    }
}

fn colour_of(entry: &RoundEntry) -> Option<Colour> {
    match *entry {
        RoundEntry::Game { colour, .. } => Some(colour),
        RoundEntry::Forfeit { colour, .. } => colour,
        _ => None,
    }
}

/// Board order of spec 05 §7.3: the PAB last; then by the higher real score
/// of the higher-ranked member, the real score of the other member, and the
/// smaller rank of the higher-ranked member (rank = real score, then TPN).
fn sort_in_board_order(t: &Tournament, round: u32, lines: &mut [PairLine]) {
    let score = |tpn: Tpn| t.score_after(tpn, round - 1);
    let key = |&(w, b): &PairLine| -> (bool, Reverse<Points>, Reverse<Points>, Tpn) {
        if b == 0 {
            return (true, Reverse(score(w)), Reverse(Points::ZERO), w);
        }
        let rank = |tpn: Tpn| (Reverse(score(tpn)), tpn);
        let (high, low) = if rank(w) <= rank(b) { (w, b) } else { (b, w) };
        (false, Reverse(score(high)), Reverse(score(low)), high)
    };
    lines.sort_by_key(key);
}

/// The checker's report in bbp's layout (spec 05 §7.4): `<stem>: Round #r`
/// per round, a two-column block for each round that differs, and an empty
/// line at the end.
pub fn report(stem: &str, checks: &[RoundCheck]) -> String {
    let mut out = String::new();
    for c in checks {
        let _ = writeln!(out, "{stem}: Round #{}", c.round);
        match &c.verdict {
            RoundVerdict::Agrees => {}
            RoundVerdict::NoValidPairing => {
                let _ = writeln!(out, "No valid pairing exists for round {}.", c.round);
                out.push('\n');
            }
            RoundVerdict::Differs {
                checker,
                tournament,
            } => {
                out.push_str("  Checker pairings        Tournament pairings \n");
                for i in 0..checker.len().max(tournament.len()) {
                    let cell = |line: Option<&PairLine>| {
                        line.map_or_else(|| " ".repeat(9), |&(w, b)| format!("{w:>3} - {b:>3}"))
                    };
                    let row = format!(
                        "    {}                {}",
                        cell(checker.get(i)),
                        cell(tournament.get(i))
                    );
                    let _ = writeln!(out, "{}", row.trim_end());
                }
                out.push('\n');
            }
        }
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Pairing};
    use arbiter_model::{Entrant, Outcome, Player};

    /// Pairs every round with a fixed answer.
    struct Fixed(Vec<Pairing>);

    impl PairingSystem for Fixed {
        fn name(&self) -> &'static str {
            "fixed"
        }
        fn pair(&self, _: &Tournament, round: u32) -> Result<Pairing, PairingError> {
            self.0
                .get(round as usize - 1)
                .cloned()
                .ok_or(PairingError::NoValidPairing { round })
        }
    }

    fn game(opponent: Tpn, colour: Colour, outcome: Outcome) -> RoundEntry {
        RoundEntry::Game {
            opponent,
            colour,
            outcome,
            rated: true,
        }
    }

    fn pairing(boards: &[(Tpn, Tpn)], bye: Option<Tpn>) -> Pairing {
        Pairing {
            boards: boards
                .iter()
                .map(|&(white, black)| Board { white, black })
                .collect(),
            bye,
        }
    }

    /// 5 players, 2 rounds. Round 1: 1-4 (1-0), 5-2 (½), 3 PAB.
    /// Round 2: 3-1 (0-1), 2-4 (1-0), 5 PAB.
    fn five_players() -> Tournament {
        use Colour::{Black, White};
        use Outcome::{Draw, Loss, Win};
        let rounds = vec![
            vec![game(4, White, Win), game(3, Black, Win)],
            vec![game(5, Black, Draw), game(4, White, Win)],
            vec![RoundEntry::PairingBye, game(1, White, Loss)],
            vec![game(1, Black, Loss), game(2, Black, Loss)],
            vec![game(2, White, Draw), RoundEntry::PairingBye],
        ];
        Tournament {
            entrants: rounds
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
            ..Tournament::default()
        }
    }

    #[test]
    fn identical_pairings_agree() {
        let system = Fixed(vec![
            pairing(&[(1, 4), (5, 2)], Some(3)),
            pairing(&[(3, 1), (2, 4)], Some(5)),
        ]);
        let mut heard = Vec::new();
        let checks = check(&system, &five_players(), &mut |r, n| heard.push((r, n))).unwrap();
        assert_eq!(heard, [(1, 2), (2, 2)], "progress before each round");
        assert!(checks.iter().all(|c| c.verdict == RoundVerdict::Agrees));
        assert_eq!(report("t", &checks), "t: Round #1\nt: Round #2\n\n");
    }

    #[test]
    fn differing_round_lists_both_sides_in_board_order() {
        // Round 2 engine: 1-3 (colours swapped), 4-2 (swapped), 5 PAB.
        let system = Fixed(vec![
            pairing(&[(1, 4), (5, 2)], Some(3)),
            pairing(&[(1, 3), (4, 2)], Some(5)),
        ]);
        let checks = check(&system, &five_players(), &mut |_, _| {}).unwrap();
        assert_eq!(checks[0].verdict, RoundVerdict::Agrees);
        // Scores after round 1: 1:1, 2:½, 3:1, 4:0, 5:½. Board order of the
        // file's pairs: 3-1 (top member 1 with 1 point, other 1 point), then
        // 2-4 (top member 2 with ½).
        assert_eq!(
            checks[1].verdict,
            RoundVerdict::Differs {
                checker: vec![(1, 3), (4, 2)],
                tournament: vec![(3, 1), (2, 4)],
            }
        );
        assert_eq!(
            report("t", &checks),
            "t: Round #1\nt: Round #2\n  Checker pairings        Tournament pairings \n      1 -   3                  3 -   1\n      4 -   2                  2 -   4\n\n\n"
        );
    }

    #[test]
    fn a_wrong_bye_is_reported_with_zero() {
        let system = Fixed(vec![
            pairing(&[(1, 4), (3, 2)], Some(5)),
            pairing(&[(3, 1), (2, 4)], Some(5)),
        ]);
        let checks = check(&system, &five_players(), &mut |_, _| {}).unwrap();
        match &checks[0].verdict {
            RoundVerdict::Differs {
                checker,
                tournament,
            } => {
                assert_eq!(checker, &vec![(3, 2), (5, 0)]);
                assert_eq!(tournament, &vec![(5, 2), (3, 0)]);
            }
            v => panic!("unexpected {v:?}"),
        }
    }

    #[test]
    fn no_pairing_is_reported_not_an_error() {
        let system = Fixed(vec![pairing(&[(1, 4), (5, 2)], Some(3))]);
        let checks = check(&system, &five_players(), &mut |_, _| {}).unwrap();
        assert_eq!(checks[1].verdict, RoundVerdict::NoValidPairing);
        assert!(
            report("t", &checks)
                .ends_with("t: Round #2\nNo valid pairing exists for round 2.\n\n\n")
        );
    }

    #[test]
    fn total_rounds_below_the_file_is_an_error() {
        let mut t = five_players();
        t.total_rounds = Some(1);
        assert!(check(&Fixed(vec![]), &t, &mut |_, _| {}).is_err());
    }
}
