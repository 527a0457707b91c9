//! Errors of standings computation: bad tournament data or impossible requests.

use arbiter_model::Tpn;

use crate::code::CodeError;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StandingsError {
    #[error("player {player}, round {round}: opponent {opponent} is not in the tournament")]
    UnknownOpponent {
        player: Tpn,
        round: u32,
        opponent: Tpn,
    },
    #[error("player {player}, round {round}: a player cannot be paired with himself")]
    SelfPairing { player: Tpn, round: u32 },
    #[error("two players have pairing number {0}")]
    DuplicateTpn(Tpn),
    #[error(transparent)]
    Code(#[from] CodeError),
    #[error(
        "FB (Fore Buchholz) does not exist in the 2009 rules; choose the 2023, 2024 or 2026 edition"
    )]
    ForeBuchholz2009,
    #[error(
        "tie-break '{0}' is a team tie-break: it needs a team section (TRF 310 teams with 192/352/362)"
    )]
    TeamKey(String),
    #[error("team section: {0}")]
    Teams(#[from] arbiter_model::team::TeamMatchError),
}
