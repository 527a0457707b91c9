//! The Dutch engine on the spec's worked examples (spec 02 §7) and on small
//! hand-built brackets whose answers follow from the rules by hand.

use arbiter_model::{
    ByeKind, Colour, Entrant, ForbiddenGroup, Outcome, Player, RoundEntry, Tournament, Tpn,
};
use arbiter_pairing::dutch::Dutch;
use arbiter_pairing::{Board, Pairing, PairingError, PairingSystem};

use Colour::{Black, White};
use Outcome::{Draw, Loss, Win};

fn game(opponent: Tpn, colour: Colour, outcome: Outcome) -> RoundEntry {
    RoundEntry::Game {
        opponent,
        colour,
        outcome,
        rated: true,
    }
}

fn entrant(tpn: Tpn, rounds: Vec<RoundEntry>) -> Entrant {
    Entrant {
        player: Player {
            tpn,
            name: format!("Player {tpn}"),
            ..Player::default()
        },
        rounds,
        ..Entrant::default()
    }
}

fn event(entrants: Vec<Entrant>, total: u32, initial: Colour) -> Tournament {
    Tournament {
        entrants,
        total_rounds: Some(total),
        initial_colour: Some(initial),
        ..Tournament::default()
    }
}

fn boards(pairs: &[(Tpn, Tpn)], bye: Option<Tpn>) -> Pairing {
    Pairing {
        boards: pairs
            .iter()
            .map(|&(white, black)| Board { white, black })
            .collect(),
        bye,
    }
}

fn trf_event(text: &str) -> Tournament {
    arbiter_trf::parse(text).expect("valid TRF").tournament
}

/// Spec 02 §7.1 (`dutch_2025_C5`): C5 (lowest PAB score) beats C6/C7 and
/// splits the top scoregroup.
#[test]
fn c5_splits_the_top_group_to_give_the_pab_to_the_lowest_score() {
    let t = event(
        vec![
            entrant(1, vec![game(4, White, Win), game(2, Black, Win)]),
            entrant(2, vec![game(5, Black, Win), game(1, White, Loss)]),
            entrant(3, vec![game(6, White, Win), game(4, Black, Win)]),
            entrant(
                4,
                vec![
                    game(1, Black, Loss),
                    game(3, White, Loss),
                    RoundEntry::Bye(ByeKind::Zero),
                ],
            ),
            entrant(5, vec![game(2, White, Loss), game(6, Black, Win)]),
            entrant(6, vec![game(3, Black, Loss), game(5, White, Loss)]),
        ],
        3,
        White,
    );
    let p = Dutch.pair(&t, 3).expect("pairable");
    assert_eq!(p, boards(&[(1, 5), (3, 2)], Some(6)));
}

/// Spec 02 §7.2 (`dutch_2025_C9`): among the 0-pointers the PAB goes to the
/// one with the fewest unplayed games.
#[test]
fn c9_gives_the_pab_to_the_player_with_fewest_unplayed_games() {
    let mut t = trf_event(concat!(
        "012 Dutch 2025 C9 test\n",
        "001    1      Test0001 Player0001               2720                             1.0    1     3 w 1\n",
        "001    2      Test0002 Player0002               2701                             1.0    2     4 b 1\n",
        "001    3      Test0003 Player0003               2697                             0.0    3     1 b 0\n",
        "001    4      Test0004 Player0004               2689                             0.0    4     2 w 0\n",
        "001    5      Test0005 Player0005               2673                             0.0    5  0000 - Z\n",
        "XXR 3\n",
    ));
    // bbp infers White from round 1 (spec 01 §8); our engine needs it given.
    t.initial_colour = Some(White);
    let p = Dutch.pair(&t, 2).expect("pairable");
    assert_eq!(p, boards(&[(2, 1), (3, 5)], Some(4)));
}

/// Spec 02 §7.3: the only legal pairing; the reference (narrow count field)
/// gives the PAB to an ineligible player, wide fields give this one.
#[test]
fn wide_fields_keep_the_pab_on_the_only_eligible_player() {
    let t = trf_event(concat!(
        "001    1      Test0001 Player0001              2490                              7.0    1  0000 - F     2 w 1     2 w =     2 w =     4 b 1     4 b 1     3 b 1     6 b 1\n",
        "001    2      Test0002 Player0002              2480                              4.0    2     5 b 0     1 b 0     1 b =     1 b =  0000 - F  0000 - U  0000 - U     5 b 0\n",
        "001    3      Test0003 Player0003              2470                              5.5    3     4 b +  0000 - U     4 b 1  0000 - U     5 w =     7 w =     1 w 0     7 b =\n",
        "001    4      Test0004 Player0004              2460                              2.5    4     3 w -     6 w 0     3 w 0     7 b =     1 w 0     1 w 0     7 w +  0000 - U\n",
        "001    5      Test0005 Player0005              2450                              5.0    5     2 w 1     7 w 1  0000 - +     6 w =     3 b =     6 b 0     6 w 0     2 w 1\n",
        "001    6      Test0006 Player0006              2440                              4.5    6     7 w -     4 b 1     7 w 0     5 b =     7 w 1     5 w 1     5 b 1     1 w 0\n",
        "001    7      Test0007 Player0007              2430                              3.5    7     6 b +     5 b 0     6 b 1     4 w =     6 b 0     3 b =     4 b -     3 w =\n",
        "XXR 9\n",
        "XXC white1\n",
    ));
    let p = Dutch.pair(&t, 9).expect("pairable");
    assert_eq!(p, boards(&[(7, 1), (2, 3), (5, 4)], Some(6)));
}

/// Round 1, homogeneous bracket: S1[i] meets S2[i]; the initial colour goes
/// to odd TPNs of S1 (Art. 5.2.5).
#[test]
fn round_one_pairs_top_half_against_bottom_half() {
    let t = event((1..=8).map(|i| entrant(i, vec![])).collect(), 5, White);
    let p = Dutch.pair(&t, 1).expect("pairable");
    assert_eq!(p, boards(&[(1, 5), (6, 2), (3, 7), (8, 4)], None));
    let t = event((1..=5).map(|i| entrant(i, vec![])).collect(), 5, Black);
    let p = Dutch.pair(&t, 1).expect("pairable");
    // The lowest player takes the PAB (C5); S1 = {1, 2}, S2 = {3, 4}.
    assert_eq!(p, boards(&[(3, 1), (2, 4)], Some(5)));
}

fn forbid(pairs: &[(Tpn, Tpn)]) -> Vec<ForbiddenGroup> {
    pairs
        .iter()
        .map(|&(a, b)| ForbiddenGroup {
            players: vec![a, b],
            rounds: None,
        })
        .collect()
}

/// Art. 4.2: when S1[1]–S2[1] is impossible, the next transposition of S2
/// (lexicographic on the first N1 positions) is used.
#[test]
fn the_first_transposition_that_works_is_taken() {
    let mut t = event((1..=8).map(|i| entrant(i, vec![])).collect(), 5, White);
    t.forbidden = forbid(&[(1, 5)]);
    let p = Dutch.pair(&t, 1).expect("pairable");
    // 6-5-7-8: 1-6, 2-5, 3-7, 4-8.
    assert_eq!(p, boards(&[(1, 6), (5, 2), (3, 7), (8, 4)], None));
    t.forbidden = forbid(&[(1, 5), (1, 6), (2, 5)]);
    let p = Dutch.pair(&t, 1).expect("pairable");
    // 7-5? no (2-5 forbidden): 7-6-5-8 gives 1-7, 2-6, 3-5, 4-8.
    assert_eq!(p, boards(&[(1, 7), (6, 2), (3, 5), (8, 4)], None));
}

/// Art. 4.3: when no transposition works, the first exchange in the order
/// (fewest players, smallest BSN-sum difference, ...) is used.
#[test]
fn the_first_exchange_that_works_is_taken() {
    let mut t = event((1..=6).map(|i| entrant(i, vec![])).collect(), 5, White);
    // 1 may meet only 2 or 3: no transposition of S2 = {4, 5, 6} works.
    t.forbidden = forbid(&[(1, 4), (1, 5), (1, 6)]);
    let p = Dutch.pair(&t, 1).expect("pairable");
    // First exchange 3↔4: S1 = {1, 2, 4}, S2 = {3, 5, 6}.
    assert_eq!(p, boards(&[(1, 3), (5, 2), (6, 4)], None));
    // With 1-3 also forbidden, 3↔4 and 3↔5 fail (1 needs 2 or 3 in S2):
    // 2↔4 gives S1 = {1, 3, 4}, S2 = {2, 5, 6}: 1-2, 3-5, 4-6.
    t.forbidden = forbid(&[(1, 4), (1, 5), (1, 6), (1, 3)]);
    let p = Dutch.pair(&t, 1).expect("pairable");
    assert_eq!(p, boards(&[(1, 2), (3, 5), (6, 4)], None));
}

/// C1: players who met may not meet again; with no legal pairing the engine
/// says so.
#[test]
fn no_valid_pairing_is_reported() {
    let t = event(
        vec![
            entrant(1, vec![game(2, White, Draw)]),
            entrant(2, vec![game(1, Black, Draw)]),
        ],
        3,
        White,
    );
    assert_eq!(
        Dutch.pair(&t, 2),
        Err(PairingError::NoValidPairing { round: 2 })
    );
}

/// A missing total number of rounds or initial colour is bad input.
#[test]
fn missing_configuration_is_invalid_input() {
    let mut t = event((1..=4).map(|i| entrant(i, vec![])).collect(), 5, White);
    t.total_rounds = None;
    assert!(matches!(
        Dutch.pair(&t, 1),
        Err(PairingError::InvalidInput(_))
    ));
    t.total_rounds = Some(5);
    t.initial_colour = None;
    assert!(matches!(
        Dutch.pair(&t, 1),
        Err(PairingError::InvalidInput(_))
    ));
}

/// C12: an exchange that grants every colour preference beats the
/// transposition that leaves two players without theirs.
#[test]
fn colour_preferences_decide_between_candidates() {
    // Round 1 was 1-3 and 4-2, all drawn: 1 and 4 want Black, 2 and 3 White.
    let t = event(
        vec![
            entrant(1, vec![game(3, White, Draw)]),
            entrant(2, vec![game(4, Black, Draw)]),
            entrant(3, vec![game(1, Black, Draw)]),
            entrant(4, vec![game(2, White, Draw)]),
        ],
        5,
        White,
    );
    let p = Dutch.pair(&t, 2).expect("pairable");
    // 1-4 / 2-3 would cost two preferences; exchange 2↔3 gives 1-2 / 3-4.
    assert_eq!(p, boards(&[(2, 1), (3, 4)], None));
}

/// C14: a resident who downfloated last round (here through the PAB) is not
/// the one to float again when another choice exists.
#[test]
fn last_rounds_downfloater_does_not_float_again() {
    let t = event(
        vec![
            entrant(1, vec![game(3, White, Win)]),
            entrant(2, vec![game(4, Black, Win)]),
            entrant(3, vec![game(1, Black, Loss)]),
            entrant(4, vec![game(2, White, Loss)]),
            entrant(5, vec![RoundEntry::PairingBye]),
        ],
        5,
        White,
    );
    let p = Dutch.pair(&t, 2).expect("pairable");
    // 1-2 would float #5 again; 1-5 floats #2, who meets #3 (4 met him).
    assert_eq!(p, boards(&[(5, 1), (2, 3)], Some(4)));
}
