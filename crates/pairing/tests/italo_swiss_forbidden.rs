//! Italo-Swiss with forbidden pairs (C.04.1: absolute, like a repeat
//! pairing): a forbidden opponent is passed over like one already met.
//! Expected pairings are computed by hand from spec 06 §3.4/§3.5.

use arbiter_model::{
    Colour, Entrant, ForbiddenGroup, Outcome, Player, RoundEntry, Tournament, Tpn,
};
use arbiter_pairing::italo_swiss::{ItaloSwiss, ItaloSwissConfig, OnNoPairing};
use arbiter_pairing::{Board, PairingError, PairingSystem};

fn empty(n: Tpn) -> Tournament {
    Tournament {
        entrants: (1..=n)
            .map(|tpn| Entrant {
                player: Player {
                    tpn,
                    name: format!("Player {tpn}"),
                    ..Player::default()
                },
                ..Entrant::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

fn play(t: &mut Tournament, white: Tpn, black: Tpn, outcome: Outcome) {
    let game = |opponent, colour, outcome| RoundEntry::Game {
        opponent,
        colour,
        outcome,
        rated: true,
    };
    t.entrants[white as usize - 1]
        .rounds
        .push(game(black, Colour::White, outcome));
    t.entrants[black as usize - 1]
        .rounds
        .push(game(white, Colour::Black, outcome.reversed()));
}

fn boards(pairs: &[(Tpn, Tpn)]) -> Vec<Board> {
    pairs
        .iter()
        .map(|&(white, black)| Board { white, black })
        .collect()
}

/// Spec 06 §5 Example 1 after round 1 (1–2 0-1, 3–4 0-1, 5–6 1-0, 7–8 ½).
fn example_1_after_round_1() -> Tournament {
    let mut t = empty(8);
    play(&mut t, 1, 2, Outcome::Loss);
    play(&mut t, 3, 4, Outcome::Loss);
    play(&mut t, 5, 6, Outcome::Win);
    play(&mut t, 7, 8, Outcome::Draw);
    t
}

fn forbid(players: Vec<Tpn>, rounds: Option<(u32, u32)>) -> ForbiddenGroup {
    ForbiddenGroup { players, rounds }
}

#[test]
fn round_1_skips_a_forbidden_neighbour() {
    // Unconstrained: 1–2, 3–4. With 1–2 forbidden, primo 1 takes the next
    // candidate 3; from 3 the primo is 4, whose first candidate is 2.
    // No colour history: the primo has White.
    let mut t = empty(4);
    t.forbidden.push(forbid(vec![1, 2], None));
    let p = ItaloSwiss::default().pair(&t, 1).unwrap();
    assert_eq!(p.boards, boards(&[(1, 3), (4, 2)]));
    assert_eq!(p.bye, None);
}

#[test]
fn example_1_round_2_with_a_forbidden_pair() {
    // Unconstrained, spec 06 §5 gives 2–4, 7–5, 8–1, 6–3 (start 7).
    // With 2–4 forbidden (by hand):
    // * from 7 the primo is 2 (score 1). Score-1 scan from 3: 4 (forbidden,
    //   but considered), 5 → candidates 5; then score ½ from 6: 7, 8; score 0
    //   from 1: 1 (met), 3, 6. 2–5: 2 had B, 5 had W → 2–5.
    // * from 5 the top score still free is 4's 1 → primo 4. Score ½ from 5:
    //   7, 8; score 0 from 1: 1, 3 (met), 6. 4–7: 4 had B, 7 had W → 4–7.
    // * from 7: primo 8 (½). Score 0 from 1: 1 → 8–1 (8 had B, 1 had W).
    // * from 1: primo 3, candidate 6 → 3 had W, 6 had B → 6–3.
    let mut t = example_1_after_round_1();
    t.forbidden.push(forbid(vec![2, 4], None));
    let round = ItaloSwiss::default().pair_round(&t, 2).unwrap();
    assert_eq!(round.start, 7);
    let formed: Vec<(Tpn, Tpn)> = round.pairs.iter().map(|p| (p.primo, p.secondo)).collect();
    assert_eq!(formed, [(2, 5), (4, 7), (8, 1), (3, 6)]);
    let p = ItaloSwiss::default().pair(&t, 2).unwrap();
    assert_eq!(p.boards, boards(&[(2, 5), (4, 7), (8, 1), (6, 3)]));
}

#[test]
fn a_forbidden_group_outside_its_rounds_does_not_apply() {
    // Team of 2 and 4 forbidden only in rounds 3-5: round 2 is the spec's.
    let mut t = example_1_after_round_1();
    t.forbidden.push(forbid(vec![2, 4, 6], Some((3, 5))));
    let p = ItaloSwiss::default().pair(&t, 2).unwrap();
    assert_eq!(p.boards, boards(&[(2, 4), (7, 5), (8, 1), (6, 3)]));
}

#[test]
fn a_forbidden_pair_is_never_allowed_even_as_a_fallback() {
    // Two players, forbidden: no pairing, whatever the §3.8 option.
    let mut t = empty(2);
    t.forbidden.push(forbid(vec![1, 2], None));
    for on_no_pairing in [
        OnNoPairing::ReportToArbiter,
        OnNoPairing::AllowFewestRematches,
    ] {
        let system = ItaloSwiss {
            config: ItaloSwissConfig {
                on_no_pairing,
                ..ItaloSwissConfig::default()
            },
        };
        assert_eq!(
            system.pair(&t, 1),
            Err(PairingError::NoValidPairing { round: 1 })
        );
    }
    // A rematch, by contrast, is allowed by the fallback.
    let mut again = empty(2);
    play(&mut again, 1, 2, Outcome::Draw);
    let fallback = ItaloSwiss {
        config: ItaloSwissConfig {
            on_no_pairing: OnNoPairing::AllowFewestRematches,
            ..ItaloSwissConfig::default()
        },
    };
    let round = fallback.pair_round(&again, 2).unwrap();
    assert!(round.pairs[0].rematch);
}

#[test]
fn a_team_of_four_in_eight_never_meets() {
    // Players 1, 3, 5, 7 form one team: in round 1 the primo 1 skips 3, 5, 7
    // (all forbidden) and takes 2; from 2 the primo 3 takes 4, and so on:
    // 1–2, 3–4, 5–6, 7–8 is unconstrained already. Round 2 after all
    // White wins: scores 1:1 3:1 5:1 7:1 — all team-mates — so each primo
    // must drop to score 0.
    let mut t = empty(8);
    t.forbidden.push(forbid(vec![1, 3, 5, 7], None));
    let system = ItaloSwiss::default();
    assert_eq!(
        system.pair(&t, 1).unwrap().boards,
        boards(&[(1, 2), (3, 4), (5, 6), (7, 8)])
    );
    for (w, b) in [(1, 2), (3, 4), (5, 6), (7, 8)] {
        play(&mut t, w, b, Outcome::Win);
    }
    // Start 7 (White of the last pair), primo 7 (score 1). Score 1 from 8:
    // 1, 3, 5 all forbidden; last considered 5. Score 0 from 6: 6, 8 (met),
    // 2, 4 → 7–6. From 6: primo 1 (scan 7, 8, 1). Score 1: 3, 5 forbidden,
    // last 5; score 0 from 6: 8, 2 (met), 4 → 1–8. From 8: primo 3. Score 1:
    // 5 forbidden; score 0 from 6: 2 → 3–2. From 2: primo 5, score 0: 4.
    // Colours: every winner had White, every loser Black → loser gets White.
    let round = system.pair_round(&t, 2).unwrap();
    let formed: Vec<(Tpn, Tpn)> = round.pairs.iter().map(|p| (p.primo, p.secondo)).collect();
    assert_eq!(formed, [(7, 6), (1, 8), (3, 2), (5, 4)]);
    assert_eq!(
        system.pair(&t, 2).unwrap().boards,
        boards(&[(6, 7), (8, 1), (2, 3), (4, 5)])
    );
}
