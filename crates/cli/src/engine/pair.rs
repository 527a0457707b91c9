//! `arbiter SYSTEM IN -p [OUT]`: pairs the next round of a TRF (spec 05
//! §6.5, §7.3).

use std::fmt::Write as _;
use std::path::Path;

use arbiter_model::{ByeKind, System, Tpn};
use arbiter_pairing::round_input::{self, ColourNeed, RoundProblem};
use arbiter_pairing::{Pairing, PairingError, registry};
use arbiter_trf::TrfDocument;

use super::failure::Failure;
use super::input;
use crate::out;

pub fn run(flag: &str, path: &Path, output: Option<&Path>) -> Result<(), Failure> {
    let system = input::system(flag)?;
    let (doc, order) = input::load_ranked(path)?;
    input::require_total_rounds(&doc, path)?;
    input::require_no_round_in_progress(&doc, path)?;
    if !system.is_round_robin() {
        input::require_initial_colour(&doc, path)?;
    }
    let (_, mut pairing) = pair_next_round(system, &doc)?;
    if let Some(order) = order {
        for b in &mut pairing.boards {
            (b.white, b.black) = (order.original(b.white), order.original(b.black));
        }
        pairing.bye = pairing.bye.map(|id| order.original(id));
    }
    deliver(&pairing, output, path)
}

/// Writes the pairing in the engine format to `output` (a bare name next to
/// `input`), or to stdout without one.
pub fn deliver(pairing: &Pairing, output: Option<&Path>, input: &Path) -> Result<(), Failure> {
    let text = engine_output(pairing);
    match output {
        None => {
            out::print(&text);
            Ok(())
        }
        Some(out) => input::write_output(&input::output_path(out, Some(input)), &text),
    }
}

/// The next round's problem and its pairing. A round robin needs no
/// initial colour (its table fixes the colours, spec 04 §3).
pub fn pair_next_round(
    system: System,
    doc: &TrfDocument,
) -> Result<(RoundProblem, Pairing), PairingError> {
    let t = &doc.tournament;
    let round = round_input::round_to_pair(t);
    let colour = if system.is_round_robin() {
        ColourNeed::NotNeeded
    } else {
        ColourNeed::Required
    };
    let problem = round_input::next_round(t, &announced_absences(doc, round), colour)?;
    let pairing = super::progress::long_pairing(problem.round, || {
        registry::engine(system).pair(&problem.tournament, problem.round)
    })?;
    Ok((problem, pairing))
}

/// Players marked absent in `round` outside the round columns: `240`
/// records of that round (with their kind) and JaVaFo `XXZ` (zero-point).
fn announced_absences(doc: &TrfDocument, round: u32) -> Vec<(Tpn, ByeKind)> {
    let mut out: Vec<(Tpn, ByeKind)> = doc
        .announced_byes
        .iter()
        .filter(|b| b.round == round)
        .flat_map(|b| b.players.iter().map(move |&tpn| (tpn, b.kind)))
        .collect();
    out.extend(
        doc.absent_next_round
            .iter()
            .map(|&tpn| (tpn, ByeKind::Zero)),
    );
    out
}

/// The engine output of spec 05 §7.3: the number of lines that follow, one
/// `white black` line per board in board order, then `bye 0`.
pub fn engine_output(pairing: &Pairing) -> String {
    let lines = pairing.boards.len() + usize::from(pairing.bye.is_some());
    let mut out = format!("{lines}\n");
    for b in &pairing.boards {
        let _ = writeln!(out, "{} {}", b.white, b.black);
    }
    if let Some(bye) = pairing.bye {
        let _ = writeln!(out, "{bye} 0");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_pairing::Board;

    #[test]
    fn output_format_of_the_spec_example() {
        // bbp test dutch_2025_C9 (spec 05 §7.3): 3 / 2 1 / 3 5 / 4 0.
        let pairing = Pairing {
            boards: vec![Board { white: 2, black: 1 }, Board { white: 3, black: 5 }],
            bye: Some(4),
        };
        assert_eq!(engine_output(&pairing), "3\n2 1\n3 5\n4 0\n");
    }
}
