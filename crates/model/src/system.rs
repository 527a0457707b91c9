//! The pairing systems Arbiter runs, and every way they are spelled: the
//! `--system` value of an event, the engine flag (`--dutch`, spec 05 §7.2),
//! the ETT26 code of TRF record 192 (spec 05 §4) and the label shown to
//! people. This is the only map between them.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A pairing system (with its acceleration, where the system code carries
/// one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum System {
    /// FIDE Dutch system (C.04.3, 2026 rules).
    Dutch,
    /// The Dutch system with Baku acceleration (C.04.7 Art. 1, 2026 text).
    DutchBaku,
    /// The Italian federation's Italo-Swiss system (spec 06).
    ItaloSwiss,
    /// Round robin by the Berger tables (C.05 Annex 1, spec 04).
    RoundRobin,
    /// Double round robin, FIDE variant: the last two rounds of cycle 1
    /// swapped (spec 04 §4).
    DoubleRoundRobin,
    /// The FIDE Swiss Team Pairing System (C.04.6) on a team section; its
    /// match rules (colour type, scores, Baku) come from the full team code
    /// ([`TeamSystem`](crate::team::TeamSystem)).
    TeamSwiss,
}

/// How many pairing-allocated byes a player may receive (C.04.1 Art. 4,
/// C.04.3 C2; spec 06 §3.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PabRule {
    /// No PAB to a player who already had one or who already scored, in one
    /// round and without playing, at least the points of a win (C.04.3 C2).
    NoFullPointUnplayed,
    /// At most one PAB per player (spec 06 §3.7, `max_byes_per_player` 1).
    OnePab,
    /// The system has no PAB: the player left over rests (spec 04 §1).
    NoPab,
}

impl System {
    /// Every system, in the order help texts list them.
    pub const ALL: [System; 6] = [
        System::Dutch,
        System::DutchBaku,
        System::ItaloSwiss,
        System::RoundRobin,
        System::DoubleRoundRobin,
        System::TeamSwiss,
    ];

    /// The `--system` value (and the name in forms and JSON).
    pub fn name(self) -> &'static str {
        match self {
            System::Dutch => "dutch",
            System::DutchBaku => "dutch-baku",
            System::ItaloSwiss => "italo-swiss",
            System::RoundRobin => "round-robin",
            System::DoubleRoundRobin => "double-round-robin",
            System::TeamSwiss => "team-swiss",
        }
    }

    /// The system a `--system` value names (case-insensitive, leading
    /// dashes allowed, `_` for `-`).
    pub fn from_name(text: &str) -> Option<System> {
        let t = text
            .trim()
            .trim_start_matches('-')
            .to_ascii_lowercase()
            .replace('_', "-");
        System::ALL.into_iter().find(|s| s.name() == t)
    }

    /// The engine flag without its dashes (spec 05 §7.2). Baku acceleration
    /// is not a flag: the engine reads virtual points from the file
    /// (`250` / `XXA`).
    pub fn engine_flag(self) -> &'static str {
        match self {
            System::Dutch | System::DutchBaku => "dutch",
            System::ItaloSwiss => "italo-swiss",
            System::RoundRobin => "round-robin",
            System::DoubleRoundRobin => "double-round-robin",
            System::TeamSwiss => "team-swiss",
        }
    }

    /// The system an engine flag names (without its dashes).
    pub fn from_engine_flag(flag: &str) -> Option<System> {
        [
            System::Dutch,
            System::ItaloSwiss,
            System::RoundRobin,
            System::DoubleRoundRobin,
            System::TeamSwiss,
        ]
        .into_iter()
        .find(|s| s.engine_flag() == flag)
    }

    /// The ETT26 code written in TRF record 192 (and 092 by the generator).
    /// The Dutch system is written `FIDE_DUTCH_2025`, the spelling
    /// bbpPairings v6 accepts for the 2026 rules (spec 05 §4, §10 item 4).
    pub fn trf_code(self) -> &'static str {
        match self {
            System::Dutch => "FIDE_DUTCH_2025",
            System::DutchBaku => "FIDE_DUTCH_2025_BAKU",
            System::ItaloSwiss => "CUSTOM_SWISS",
            System::RoundRobin => "FIDE_ROUNDROBIN",
            System::DoubleRoundRobin => "FIDE_DOUBLEROUNDROBIN",
            System::TeamSwiss => "FIDE_TEAM",
        }
    }

    /// The system an ETT26 code names, when Arbiter runs it (spec 05 §4):
    /// `FIDE_DUTCH`, `FIDE_DUTCH_2025`, `FIDE_DUTCH_2026` (the 2026 rules
    /// under their draft and Handbook spellings) and their `_BAKU` forms;
    /// `CUSTOM_SWISS`; `FIDE_ROUNDROBIN`, `BERGER_ROUNDROBIN` (and its
    /// `_Gn` group forms), `CUSTOM_ROUNDROBIN`; `FIDE_DOUBLEROUNDROBIN`;
    /// the FIDE team Swiss codes (`FIDE_TEAM[_TYPEA|_TYPEB][_MP|_GP]…[_BAKU]`).
    ///
    /// `None` for every other code — among them `FIDE_DUTCH_2017` (other
    /// rules), `BERGER_DOUBLEROUNDROBIN` (cycle 1 without the swap of its
    /// last two rounds), Dubov, Burstein and the other team codes.
    pub fn from_trf_code(code: &str) -> Option<System> {
        if crate::team::TeamSystem::is_team_code(code.trim()) {
            let fide_swiss = code.trim().starts_with("FIDE_TEAM")
                && !code.contains("ROUNDROBIN")
                && code.parse::<crate::team::TeamSystem>().is_ok();
            return fide_swiss.then_some(System::TeamSwiss);
        }
        let code = code.trim().to_ascii_uppercase();
        let (base, baku) = match code.strip_suffix("_BAKU") {
            Some(base) => (base, true),
            None => (code.as_str(), false),
        };
        let system = match base {
            "FIDE_DUTCH" | "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" if baku => System::DutchBaku,
            "FIDE_DUTCH" | "FIDE_DUTCH_2025" | "FIDE_DUTCH_2026" => System::Dutch,
            _ if baku => return None,
            "CUSTOM_SWISS" => System::ItaloSwiss,
            "FIDE_ROUNDROBIN" | "BERGER_ROUNDROBIN" | "CUSTOM_ROUNDROBIN" => System::RoundRobin,
            "FIDE_DOUBLEROUNDROBIN" => System::DoubleRoundRobin,
            other => {
                let group = other.strip_prefix("BERGER_ROUNDROBIN_G")?;
                if group.is_empty() || !group.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                System::RoundRobin
            }
        };
        Some(system)
    }

    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            System::Dutch => "FIDE Dutch system",
            System::DutchBaku => "FIDE Dutch system, Baku acceleration",
            System::ItaloSwiss => "Italo-Swiss system",
            System::RoundRobin => "round robin",
            System::DoubleRoundRobin => "double round robin",
            System::TeamSwiss => "FIDE Swiss Team Pairing System",
        }
    }

    /// True for the systems whose whole schedule is fixed by the pairing
    /// numbers (spec 04): they cannot avoid a pair, and an absent player's
    /// scheduled game is forfeited.
    pub fn is_round_robin(self) -> bool {
        matches!(self, System::RoundRobin | System::DoubleRoundRobin)
    }

    /// How many times two players may meet over the board: twice in a
    /// double round robin (its schedule repeats every pair), once otherwise
    /// (C.04.1 Art. 2 / C.04.3 C1).
    pub fn meetings_allowed(self) -> usize {
        match self {
            System::DoubleRoundRobin => 2,
            _ => 1,
        }
    }

    /// True when the pairing numbers, once given for round 1, never change:
    /// Berger numbers (round robin, spec 04 §6) or lot numbers (Italo-Swiss,
    /// spec 06 §3.2), not a ranking to be redone.
    pub fn has_fixed_numbers(self) -> bool {
        self.is_round_robin() || self == System::ItaloSwiss
    }

    /// The rule that decides who may receive the pairing-allocated bye.
    pub fn pab_rule(self) -> PabRule {
        match self {
            System::Dutch | System::DutchBaku => PabRule::NoFullPointUnplayed,
            System::ItaloSwiss => PabRule::OnePab,
            System::RoundRobin | System::DoubleRoundRobin => PabRule::NoPab,
            // C.04.6: a team that had the PAB or won a match by forfeit.
            System::TeamSwiss => PabRule::NoFullPointUnplayed,
        }
    }

    /// True under Baku acceleration (C.04.7).
    pub fn is_accelerated(self) -> bool {
        self == System::DutchBaku
    }

    /// The same system with or without Baku acceleration; `None` when the
    /// system has no accelerated form (C.04.7 is for the Dutch system).
    pub fn with_baku(self, baku: bool) -> Option<System> {
        match (self, baku) {
            (System::Dutch | System::DutchBaku, true) => Some(System::DutchBaku),
            (System::Dutch | System::DutchBaku, false) => Some(System::Dutch),
            (other, false) => Some(other),
            (_, true) => None,
        }
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a text is not a pairing system.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a pairing system of this version (dutch, dutch-baku, italo-swiss, round-robin, double-round-robin, team-swiss)"
)]
pub struct SystemError(pub String);

impl FromStr for System {
    type Err = SystemError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        System::from_name(s).ok_or_else(|| SystemError(s.trim().to_string()))
    }
}

impl Serialize for System {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for System {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_round_trips() {
        for s in System::ALL {
            assert_eq!(System::from_name(s.name()), Some(s));
            assert_eq!(System::from_trf_code(s.trf_code()), Some(s));
            let flag = System::from_engine_flag(s.engine_flag()).unwrap();
            assert_eq!(flag.with_baku(s.is_accelerated()), Some(s));
            assert!(!s.label().is_empty());
        }
    }

    #[test]
    fn trf_codes_of_spec_05_section_4() {
        let code = |c| System::from_trf_code(c);
        assert_eq!(code("FIDE_DUTCH_2026"), Some(System::Dutch));
        assert_eq!(code("FIDE_DUTCH"), Some(System::Dutch));
        assert_eq!(code("FIDE_DUTCH_2026_BAKU"), Some(System::DutchBaku));
        assert_eq!(code("CUSTOM_SWISS"), Some(System::ItaloSwiss));
        assert_eq!(code("BERGER_ROUNDROBIN_G2"), Some(System::RoundRobin));
        assert_eq!(code("CUSTOM_ROUNDROBIN"), Some(System::RoundRobin));
        assert_eq!(code("FIDE_TEAM_TYPEB_GP_BAKU"), Some(System::TeamSwiss));
        for other in [
            "FIDE_DUTCH_2017",
            "FIDE_BURSTEIN",
            "FIDE_DUBOV_BAKU",
            "BERGER_DOUBLEROUNDROBIN",
            "FIDE_TEAM_ROUNDROBIN",
            "CUSTOM_TEAM_SWISS",
            "CUSTOM_SWISS_BAKU",
            "BERGER_ROUNDROBIN_G",
            "",
        ] {
            assert_eq!(code(other), None, "{other}");
        }
    }

    #[test]
    fn names_are_forgiving_flags_are_exact() {
        assert_eq!(
            System::from_name(" --Italo_Swiss"),
            Some(System::ItaloSwiss)
        );
        assert_eq!(System::from_engine_flag("dutch-baku"), None);
        assert_eq!(System::from_engine_flag("--dutch"), None);
        assert!("burstein".parse::<System>().is_err());
        assert_eq!(System::ItaloSwiss.with_baku(true), None);
        assert_eq!(System::DutchBaku.with_baku(false), Some(System::Dutch));
    }
}
