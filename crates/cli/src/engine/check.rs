//! `arbiter SYSTEM IN -c`: the pairings checker (spec 05 §7.4).

use std::path::Path;

use arbiter_pairing::checker;

use super::failure::Failure;
use super::input;
use super::progress::RoundProgress;

pub fn run(system_flag: &str, path: &Path) -> Result<(), Failure> {
    let system = input::system(system_flag)?;
    let doc = input::load(path)?;
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
    let checks = checker::check(system.as_ref(), &doc.tournament, &mut |r, n| {
        progress.round(r, n)
    })?;
    drop(progress);
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    print!("{}", checker::report(&stem, &checks));
    Ok(())
}

/// True when the ETT26 code of record `192` names the system of the flag
/// (spec 05 §4).
fn file_system_matches(flag: &str, code: &str) -> bool {
    match flag {
        "dutch" => code.starts_with("FIDE_DUTCH"),
        "round-robin" => code.contains("ROUNDROBIN") && !code.contains("DOUBLE"),
        "double-round-robin" => code.contains("DOUBLEROUNDROBIN"),
        "italo-swiss" => code == "CUSTOM_SWISS",
        _ => false,
    }
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
            "BERGER_DOUBLEROUNDROBIN"
        ));
    }
}
