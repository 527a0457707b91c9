//! `arbiter --team-swiss IN -p [OUT]` and `-c`: the Swiss Team Pairing
//! System (C.04.6) on a TRF-2026 team file. Output as the engines'
//! (spec 05 §7.3) with team pairing numbers: the number of lines, then
//! `WHITE BLACK` per match (WHITE = the team whose board-1 player has
//! White), `TEAM 0` for the bye.

use std::path::Path;

use arbiter_model::System;
use arbiter_pairing::{round_input, team_swiss};

use super::check::print_report;
use super::failure::Failure;
use super::input;
use super::pair::deliver;

/// Pairs the next round: the round after the last one any player took part
/// in; teams named by a `240` record of that round, or whose players' entries
/// in it all say they are not paired, are absent.
pub fn pair(path: &Path, output: Option<&Path>) -> Result<(), Failure> {
    let doc = input::load(path)?;
    let t = &doc.tournament;
    let round = round_input::round_to_pair(t);
    let mut absent = team_swiss::history::absent_by_entries(t, round);
    absent.extend(
        doc.announced_byes
            .iter()
            .filter(|b| b.round == round)
            .flat_map(|b| b.players.iter().copied()),
    );
    let pairing = team_swiss::pair_section(t, round, &absent)?;
    deliver(&pairing, output, path)
}

/// Checks every round of the file and lists the rounds that differ (spec 05
/// §7.4's layout).
pub fn check(path: &Path) -> Result<(), Failure> {
    let doc = input::load(path)?;
    if let Some(code) = &doc.tournament.system
        && System::from_trf_code(code) != Some(System::TeamSwiss)
    {
        return Err(Failure::invalid(format!(
            "{}: the pairing system in the file ({code}, record 192) is not the FIDE Swiss Team Pairing System (--team-swiss)",
            path.display()
        )));
    }
    print_report(path, &team_swiss::check(&doc.tournament)?);
    Ok(())
}
