//! The next round of a TRF file printed for people: board, White (name,
//! rating, score), Black, and the pairing-allocated bye.

use std::fmt::Write as _;
use std::path::Path;

use arbiter_desk::DeskError;
use arbiter_model::{RoundEntry, Tournament, Tpn};
use arbiter_pairing::Pairing;

use super::pair;
use crate::out;

/// Pairs the next round of the TRF at `path` with the system its `192` (or
/// `092`) names — the Dutch system when it names none, a refusal when it
/// names one this version does not run — and prints the boards for people.
pub fn human_pairing(path: &Path) -> Result<(), DeskError> {
    let doc = crate::out::read_trf(path)?;
    let system = arbiter_desk::system_of_file(&doc.tournament)?;
    let (problem, pairing) = pair::pair_next_round(system, &doc)?;
    let heading = if doc.tournament.info.name.is_empty() {
        path.display().to_string()
    } else {
        doc.tournament.info.name.clone()
    };
    out::line(format_args!("{heading} — {}", system.label()));
    out::print(&render(&problem.tournament, problem.round, &pairing));
    Ok(())
}

/// The boards as a table; scores are those before the round.
fn render(t: &Tournament, round: u32, pairing: &Pairing) -> String {
    let player = |tpn: Tpn| {
        let (name, rating) = t
            .entrant(tpn)
            .map(|e| (e.player.name.clone(), e.player.rating()))
            .unwrap_or_default();
        let rating = if rating == 0 {
            String::new()
        } else {
            rating.to_string()
        };
        let score = t.score_after(tpn, round - 1);
        format!(
            "{:>4} {:<30} {:>4} {:>5}",
            tpn,
            name,
            rating,
            score.to_string()
        )
    };
    let mut out = String::new();
    let _ = writeln!(out, "Round {round}");
    let _ = writeln!(
        out,
        "Board  {:>4} {:<30} {:>4} {:>5}   {:>4} {:<30} {:>4} {:>5}",
        "No", "White", "Rtg", "Pts", "No", "Black", "Rtg", "Pts"
    );
    for (i, b) in pairing.boards.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:>5}  {}   {}",
            i + 1,
            player(b.white),
            player(b.black)
        );
    }
    if let Some(bye) = pairing.bye {
        let _ = writeln!(out, "Bye:   {}", player(bye));
    }
    let not_paired: Vec<String> = t
        .entrants
        .iter()
        .filter_map(|e| match e.round(round)? {
            RoundEntry::Bye(kind) => Some(format!("{} ({kind:?} bye)", e.player.tpn)),
            RoundEntry::Absent => Some(format!("{} (absent)", e.player.tpn)),
            _ => None,
        })
        .collect();
    if !not_paired.is_empty() {
        let _ = writeln!(out, "Not paired: {}", not_paired.join(", "));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_model::{ByeKind, Entrant, Player, Ratings};
    use arbiter_pairing::Board;

    #[test]
    fn renders_boards_bye_and_absences() {
        let entrant = |tpn, name: &str, rating, rounds| Entrant {
            player: Player {
                tpn,
                name: name.into(),
                ratings: Ratings {
                    fide: rating,
                    ..Ratings::default()
                },
                ..Player::default()
            },
            rounds,
            ..Entrant::default()
        };
        let t = Tournament {
            entrants: vec![
                entrant(1, "Alpha, Ann", Some(2100), vec![]),
                entrant(2, "Beta, Bob", None, vec![]),
                entrant(3, "Gamma, Gus", Some(1800), vec![]),
                entrant(
                    4,
                    "Delta, Dan",
                    Some(1700),
                    vec![RoundEntry::Bye(ByeKind::Half)],
                ),
            ],
            ..Tournament::default()
        };
        let pairing = Pairing {
            boards: vec![Board { white: 2, black: 1 }],
            bye: Some(3),
        };
        let text = render(&t, 1, &pairing);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "Round 1");
        assert!(lines[2].starts_with("    1     2 Beta, Bob"));
        assert!(lines[2].contains("   1 Alpha, Ann"));
        assert!(lines[2].contains("2100   0.0"));
        assert!(lines[3].starts_with("Bye:      3 Gamma, Gus"));
        assert_eq!(lines[4], "Not paired: 4 (Half bye)");
    }
}
