//! `arbiter SYSTEM IN -c`: the pairings checker (spec 05 §7.4).

use std::path::Path;

use arbiter_model::{System, Tournament};
use arbiter_pairing::{checker, registry, team_event};

use super::failure::Failure;
use super::input;
use super::progress::RoundProgress;

pub fn run(system_flag: &str, path: &Path) -> Result<(), Failure> {
    let system = input::system(system_flag)?;
    let (doc, order) = input::load_ranked(path)?;
    refuse_team_event(&doc.tournament, system_flag, path)?;
    input::require_initial_colour(&doc, path)?;
    if doc.records.r192
        && let Some(code) = &doc.tournament.system
        && !file_system_matches(system_flag, code)
    {
        return Err(Failure::invalid(format!(
            "{}: the pairing system in the file ({code}, record 192) does not match the command line flag --{system_flag}",
            path.display()
        )));
    }
    let mut progress = RoundProgress::new("checking");
    // The round in progress is checked too: its pairing, not its results.
    let mut checks = checker::check(
        registry::engine(system).as_ref(),
        &doc.pairings_so_far(),
        &mut |r, n| progress.round(r, n),
    )?;
    drop(progress);
    if let Some(order) = order {
        for c in &mut checks {
            if let checker::RoundVerdict::Differs {
                checker,
                tournament,
            } = &mut c.verdict
            {
                for (w, b) in checker.iter_mut().chain(tournament.iter_mut()) {
                    (*w, *b) = (order.original(*w), order.original(*b));
                }
            }
        }
    }
    print_report(path, &checks);
    Ok(())
}

/// A team competition written as individual games is refused (exit 3): its
/// rounds were paired team against team, which no individual system
/// reproduces (docs/rules/trf.md, "Team events written as individual
/// games").
fn refuse_team_event(t: &Tournament, system_flag: &str, path: &Path) -> Result<(), Failure> {
    let Some(found) = team_event::team_event(t) else {
        return Ok(());
    };
    Err(Failure::invalid(format!(
        "{}: a team event: in {} of its {} rounds every game is between the players of two \
         teams of its team lists, each team meeting one other team; its pairings are of \
         teams, which --{system_flag} -c cannot check as an individual Swiss (a TRF-2026 \
         team file is checked with --team-swiss -c)",
        path.display(),
        found.matches,
        found.played
    )))
}

/// Prints the checker's report on the file at `path` (named by its stem).
pub fn print_report(path: &Path, checks: &[checker::RoundCheck]) {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    crate::out::print(&checker::report(&stem, checks));
}

/// True when the ETT26 code of record `192` names the system of the flag
/// (spec 05 §4).
fn file_system_matches(flag: &str, code: &str) -> bool {
    System::from_trf_code(code).is_some_and(|s| s.engine_flag() == flag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn system_codes() {
        assert!(file_system_matches("dutch", "FIDE_DUTCH_2025"));
        assert!(file_system_matches("dutch", "FIDE_DUTCH_2026_BAKU"));
        assert!(!file_system_matches("dutch", "FIDE_BURSTEIN"));
        assert!(file_system_matches("round-robin", "FIDE_ROUNDROBIN"));
        assert!(!file_system_matches("round-robin", "FIDE_DOUBLEROUNDROBIN"));
        assert!(file_system_matches(
            "double-round-robin",
            "FIDE_DOUBLEROUNDROBIN"
        ));
        assert!(file_system_matches("italo-swiss", "CUSTOM_SWISS"));
    }
}
