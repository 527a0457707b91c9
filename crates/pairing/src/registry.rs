//! The pairing systems selectable by name, as the engine command line's
//! system flag spells them (`--dutch` → `dutch`, spec 05 §7.2).

use crate::PairingSystem;

/// The pairing system selected by a command-line flag without its leading
/// dashes (`dutch`, `italo-swiss`, `round-robin`, `double-round-robin`,
/// `team-swiss`), or
/// `None` when no such system is built into this version.
pub fn by_flag(flag: &str) -> Option<Box<dyn PairingSystem>> {
    match flag {
        "dutch" => Some(Box::new(crate::dutch::Dutch)),
        "italo-swiss" => Some(Box::new(crate::italo_swiss::ItaloSwiss::default())),
        "round-robin" => Some(Box::new(crate::round_robin::RoundRobin::single())),
        "double-round-robin" => Some(Box::new(crate::round_robin::RoundRobin::double())),
        "team-swiss" => Some(Box::new(crate::team_swiss::TeamSwiss)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dutch_system_is_built_in() {
        assert_eq!(by_flag("dutch").map(|s| s.name()), Some("dutch"));
    }

    #[test]
    fn unknown_flags_select_nothing() {
        assert!(by_flag("burstein").is_none());
        assert!(by_flag("").is_none());
        assert!(by_flag("--dutch").is_none());
    }
}
