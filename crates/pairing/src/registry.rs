//! The engine of each pairing system ([`System`], the one map of system
//! spellings, lives in the model).

use arbiter_model::System;

use crate::PairingSystem;

/// The engine that pairs `system`. Baku acceleration is not the engine's:
/// the caller puts the virtual points in the input
/// ([`crate::acceleration`]).
pub fn engine(system: System) -> Box<dyn PairingSystem> {
    match system {
        System::Dutch | System::DutchBaku => Box::new(crate::dutch::Dutch),
        System::ItaloSwiss => Box::new(crate::italo_swiss::ItaloSwiss::default()),
        System::RoundRobin => Box::new(crate::round_robin::RoundRobin::single()),
        System::DoubleRoundRobin => Box::new(crate::round_robin::RoundRobin::double()),
        System::TeamSwiss => Box::new(crate::team_swiss::TeamSwiss),
    }
}

/// The engine of a command-line flag without its leading dashes
/// (`dutch`, `italo-swiss`, `round-robin`, `double-round-robin`,
/// `team-swiss`), or `None`
/// when no such system is built into this version.
pub fn by_flag(flag: &str) -> Option<Box<dyn PairingSystem>> {
    System::from_engine_flag(flag).map(engine)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_is_named_by_its_flag() {
        for system in System::ALL {
            assert_eq!(engine(system).name(), system.engine_flag());
        }
    }

    #[test]
    fn unknown_flags_select_nothing() {
        assert!(by_flag("burstein").is_none());
        assert!(by_flag("").is_none());
        assert!(by_flag("--dutch").is_none());
        assert!(by_flag("dutch-baku").is_none());
    }
}
