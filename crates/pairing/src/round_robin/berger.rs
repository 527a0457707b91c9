//! FIDE Berger tables (C.05 Annex 1; spec 04 §2).
//!
//! Players are numbered 1 … N by drawing of lots. With N odd a dummy number
//! n = N + 1 completes the table and whoever is scheduled against it has a
//! rest round. Otherwise n = N. A single cycle has n − 1 rounds of n/2
//! boards.

use arbiter_model::Tpn;

/// The even table size n for `players` participants (N, or N + 1 when N is
/// odd: the extra number marks the rest round; spec 04 §1).
pub fn table_size(players: u32) -> u32 {
    players + players % 2
}

/// Rounds in one cycle for `players` participants: n − 1 (spec 04 §1).
pub fn rounds_per_cycle(players: u32) -> u32 {
    table_size(players).saturating_sub(1)
}

/// The boards of Berger round `round` of the table for `players`
/// participants, board order, as `(white, black)` (spec 04 §2.2 closed form,
/// which reproduces the FIDE tables of §2.3).
///
/// With `players` odd the board against the dummy number N + 1 is left out:
/// that player rests ([`rest_player`]). Empty when `round` is not in
/// `1..=rounds_per_cycle(players)` or `players < 2`.
pub fn berger_round(players: u32, round: u32) -> Vec<(Tpn, Tpn)> {
    let n = table_size(players);
    if players < 2 || round == 0 || round >= n {
        return Vec::new();
    }
    // Residues modulo m = n - 1 are written 1 … m (0 becomes m).
    let m = n - 1;
    let residue = |x: u32| match x % m {
        0 => m,
        r => r,
    };
    // §2.2: the opponent k of player n; n has White in even rounds.
    let k = if round % 2 == 1 {
        round.div_ceil(2)
    } else {
        (round + n) / 2
    };
    let mut boards = Vec::with_capacity((n / 2) as usize);
    boards.push(if round.is_multiple_of(2) {
        (n, k)
    } else {
        (k, n)
    });
    for b in 2..=n / 2 {
        boards.push((residue(k + b - 1), residue(k + m - (b - 1))));
    }
    if players % 2 == 1 {
        boards.retain(|&(w, b)| w != n && b != n);
    }
    boards
}

/// The player who rests in Berger round `round` when `players` is odd (the
/// opponent of the dummy number N + 1); `None` for an even field or a round
/// outside the table.
pub fn rest_player(players: u32, round: u32) -> Option<Tpn> {
    let n = table_size(players);
    if players.is_multiple_of(2) || players < 2 || round == 0 || round >= n {
        return None;
    }
    Some(if round % 2 == 1 {
        round.div_ceil(2)
    } else {
        (round + n) / 2
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_players() {
        assert_eq!(berger_round(4, 1), vec![(1, 4), (2, 3)]);
        assert_eq!(berger_round(4, 2), vec![(4, 3), (1, 2)]);
        assert_eq!(berger_round(4, 3), vec![(2, 4), (3, 1)]);
        assert!(berger_round(4, 4).is_empty());
        assert!(berger_round(4, 0).is_empty());
    }

    #[test]
    fn three_players_rest_against_the_dummy() {
        assert_eq!(berger_round(3, 1), vec![(2, 3)]);
        assert_eq!(rest_player(3, 1), Some(1));
        assert_eq!(rest_player(3, 2), Some(3));
        assert_eq!(rest_player(3, 3), Some(2));
        assert_eq!(rest_player(4, 1), None);
    }

    #[test]
    fn two_players_and_fewer() {
        assert_eq!(berger_round(2, 1), vec![(1, 2)]);
        assert!(berger_round(1, 1).is_empty());
        assert!(berger_round(0, 1).is_empty());
    }
}
