//! The teams to be paired in one round, prepared for the procedure: TPN
//! order, scoregroups, colour preferences, and which pairs are legal
//! (\[C1\], forbidden pairs).

use std::collections::BTreeSet;

use arbiter_model::{Colour, Points, Tpn};

use arbiter_model::team::ColourPreferences;

use super::input::TeamRound;
use super::preference::{self, Preference};
use crate::PairingError;

/// One team to be paired.
#[derive(Clone, Debug)]
pub(crate) struct Team {
    pub tpn: Tpn,
    pub primary: Points,
    pub secondary: Points,
    /// Index of its scoregroup among the distinct primary scores of the
    /// teams to be paired, highest first (art. 1.3.1): 0 is the top.
    pub group: usize,
    /// Board-1 colours of the matches played, oldest first (their number is
    /// the "matches played" of art. 3.4.3 and 4.3.1).
    pub colours: Vec<Colour>,
    /// Art. 1.7, for this round.
    pub preference: Option<Preference>,
    /// \[C2\]: may not receive the pairing-allocated bye.
    pub bye_barred: bool,
    /// Art. 1.5, previous round.
    pub floated: bool,
}

/// The teams of a round, in TPN order: a team is named by its index here.
#[derive(Clone, Debug)]
pub(crate) struct Field {
    pub round: u32,
    pub teams: Vec<Team>,
    /// `legal[a * n + b]`: `a` and `b` may meet (\[C1\] and forbidden pairs).
    legal: Vec<bool>,
    /// Art. 1.7: the colour preferences in use.
    pub preferences: ColourPreferences,
    /// Art. 4.2.2: the secondary score decides the first-team.
    pub secondary_for_colours: bool,
    pub initial_colour: Option<Colour>,
    /// \[C7\] and \[C10\] do not apply in the last two rounds.
    pub last_two_rounds: bool,
}

impl Field {
    /// The teams of `round` that are to be paired.
    pub fn prepare(input: &TeamRound) -> Result<Field, PairingError> {
        let invalid = |m: String| Err(PairingError::InvalidInput(m));
        if input.round == 0 {
            return invalid("rounds are numbered from 1".into());
        }
        if input.total_rounds < input.round {
            return invalid(format!(
                "round {} is to be paired but the tournament has {} rounds (record 142)",
                input.round, input.total_rounds
            ));
        }
        if input.system.baku {
            return invalid(format!(
                "{}: accelerated team pairings (C.04.7) are not supported",
                input.system.code
            ));
        }
        let mut seen = BTreeSet::new();
        if let Some(t) = input.teams.iter().find(|t| !seen.insert(t.tpn)) {
            return invalid(format!("team pairing number {} is used twice", t.tpn));
        }
        let last_round = input.round == input.total_rounds;
        let mut present: Vec<_> = input.teams.iter().filter(|t| t.to_pair).collect();
        present.sort_by_key(|t| t.tpn);
        let mut scores: Vec<Points> = present.iter().map(|t| t.primary).collect();
        scores.sort_unstable_by(|a, b| b.cmp(a));
        scores.dedup();
        let teams: Vec<Team> = present
            .iter()
            .map(|t| {
                let colours: Vec<Colour> = t.played.iter().map(|m| m.colour).collect();
                Team {
                    tpn: t.tpn,
                    primary: t.primary,
                    secondary: t.secondary,
                    group: scores.iter().position(|&s| s == t.primary).unwrap_or(0),
                    preference: preference::preference(
                        input.system.preferences,
                        &colours,
                        last_round,
                    ),
                    colours,
                    bye_barred: t.bye_barred,
                    floated: t.floated_last_round,
                }
            })
            .collect();
        let n = teams.len();
        let mut legal = vec![true; n * n];
        for (a, team) in present.iter().enumerate() {
            legal[a * n + a] = false;
            let met: BTreeSet<Tpn> = team.played.iter().map(|m| m.opponent).collect();
            for (b, other) in present.iter().enumerate() {
                if met.contains(&other.tpn) {
                    legal[a * n + b] = false;
                    legal[b * n + a] = false;
                }
            }
        }
        for &(x, y) in &input.forbidden {
            let index = |tpn| teams.iter().position(|t| t.tpn == tpn);
            if let (Some(a), Some(b)) = (index(x), index(y)) {
                legal[a * n + b] = false;
                legal[b * n + a] = false;
            }
        }
        Ok(Field {
            round: input.round,
            teams,
            legal,
            preferences: input.system.preferences,
            secondary_for_colours: input.system.secondary_for_colours.is_some(),
            initial_colour: input.initial_colour,
            last_two_rounds: input.round + 2 > input.total_rounds,
        })
    }

    /// True when teams `a` and `b` may be paired (\[C1\], forbidden pairs).
    pub fn legal(&self, a: usize, b: usize) -> bool {
        self.legal[a * self.teams.len() + b]
    }

    /// Type B preferences are in use (\[C9\], art. 4.3.4).
    pub fn type_b(&self) -> bool {
        self.preferences == ColourPreferences::TypeB
    }
}
