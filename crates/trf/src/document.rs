//! What a TRF file holds beyond the [`Tournament`]: the notation it used,
//! announced absences, and records we do not interpret (kept verbatim).

use arbiter_model::{ByeKind, Colour, Outcome, Points, RoundEntry, Tournament, Tpn};

use crate::error::TrfWarning;

/// A TRF file as read: the tournament plus what is needed to write the file
/// back in the same dialect.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfDocument {
    pub tournament: Tournament,
    /// JaVaFo `XXC rank`: players are ranked by the order of the 001 lines
    /// in the file instead of their starting-rank numbers (spec 05 §6.1).
    pub rank_by_file_order: bool,
    /// Starting ranks in the order of the 001 lines of the file.
    pub file_order: Vec<Tpn>,
    /// TRF26 `240` records: byes / absences announced for a round.
    pub announced_byes: Vec<AnnouncedBye>,
    /// JaVaFo `XXZ`: players absent in the round to be paired.
    pub absent_next_round: Vec<Tpn>,
    /// `162 X`: points for an unknown result (no round entry uses it).
    pub unknown_result_points: Option<Points>,
    /// Which records carried each piece of information.
    pub records: RecordsUsed,
    /// Records this reader does not interpret, verbatim, in file order.
    pub other_records: Vec<OtherRecord>,
    /// 1-based line of each entrant's 001 record (same order as
    /// `tournament.entrants`); empty for a document built in memory.
    pub player_lines: Vec<usize>,
    /// (line, column) of each code of the 202/212 record (same order as
    /// `tournament.tiebreaks`); empty for a document built in memory.
    pub tiebreak_positions: Vec<(usize, usize)>,
    /// 1-based line of each team's 310 record (same order as
    /// `tournament.teams`); empty for a document built in memory.
    pub team_lines: Vec<usize>,
    /// The `320` record as read: its line and the PAB team of each round
    /// (0 = none), checked against the players' entries by `validate`.
    pub team_pab_rounds: Option<(usize, Vec<u32>)>,
    /// 1-based line of each `330` record (same order as the team section's
    /// `forfeited_matches`); empty for a document built in memory.
    pub team_forfeit_lines: Vec<usize>,
    /// What was read leniently, in file order (see [`TrfWarning`]).
    pub warnings: Vec<TrfWarning>,
    /// The games of the round in progress, in file order; empty when every
    /// game has its result.
    pub unfinished: Vec<UnfinishedGame>,
}

/// A game of the round in progress: paired, no result yet (`docs/rules/trf.md`
/// "A round in progress"). The player's `rounds` end before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnfinishedGame {
    pub round: u32,
    pub player: Tpn,
    pub opponent: Tpn,
    pub colour: Colour,
    /// 1-based line of the player's 001 record (0 when built in memory).
    pub line: usize,
}

/// A TRF26 `240` record: players who get a bye (or are absent) in a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnnouncedBye {
    pub kind: ByeKind,
    pub round: u32,
    pub players: Vec<Tpn>,
}

/// A record kept as it was (unknown code, team record, national rating...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherRecord {
    /// The whole line, without its line end.
    pub text: String,
    /// True when it came before the first 001 line (written among the
    /// headers again).
    pub before_players: bool,
}

impl OtherRecord {
    /// True for a national-rating record (a federation code, spec 05 §5):
    /// read into the players' national ratings and written from them.
    pub fn is_national_rating(&self) -> bool {
        self.text
            .get(..3)
            .is_some_and(crate::teams::is_federation_code)
    }
}

/// The notation a file used for each piece of information. The writer uses
/// the same records, and TRF26 ones for information the file did not carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RecordsUsed {
    /// `142` / `XXR` (total rounds).
    pub r142: bool,
    pub xxr: bool,
    /// `152` / `XXC white1|black1` (initial colour).
    pub r152: bool,
    pub xxc_colour: bool,
    /// `162` (with the symbol used for the zero-point bye, `A` or bbp's `Z`).
    pub r162: bool,
    pub r162_zero_symbol: Option<char>,
    /// bbpPairings `BB?` point lines.
    pub bb: bool,
    /// JaVaFo `XXS`.
    pub xxs: bool,
    /// `192` (the system may also come from an ETT code in `092`).
    pub r192: bool,
    /// `212` instead of `202` for the tie-breaks.
    pub r212: bool,
    /// `250` / `XXA` (acceleration).
    pub r250: bool,
    pub xxa: bool,
    /// `260` / `XXP` (forbidden pairs).
    pub r260: bool,
    pub xxp: bool,
    /// `062`/`072`/`082` (players, rated players, teams): written, counted
    /// from the data, when the file had them and for documents built in
    /// memory (exports).
    pub counts: bool,
}

/// The family of a file, from the records it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Only records of TRF16.
    Trf16,
    /// TRF-2026 records (142, 152, 162, 192, 240, 250, 260, ...).
    Trf26,
    /// TRF16 with JaVaFo `XX?` (or bbpPairings `BB?`) extensions.
    Javafo,
    /// Both TRF26 records and JaVaFo/bbp extensions.
    Mixed,
}

impl TrfDocument {
    /// A document for a tournament built in memory (written as TRF26, with
    /// the counts 062/072/082).
    pub fn new(tournament: Tournament) -> Self {
        TrfDocument {
            tournament,
            records: RecordsUsed {
                counts: true,
                ..RecordsUsed::default()
            },
            ..TrfDocument::default()
        }
    }

    /// Players announced absent (240 of any kind, or XXZ) in `round`; XXZ
    /// applies to the round to be paired, which the caller names.
    pub fn announced_absent(&self, round: u32, round_to_pair: u32) -> Vec<Tpn> {
        let mut out: Vec<Tpn> = self
            .announced_byes
            .iter()
            .filter(|b| b.round == round)
            .flat_map(|b| b.players.iter().copied())
            .collect();
        if round == round_to_pair {
            out.extend(&self.absent_next_round);
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The dialect of the file, judged by its records.
    pub fn dialect(&self) -> Dialect {
        let r = &self.records;
        let trf26 = r.r142
            || r.r152
            || r.r162
            || r.r192
            || r.r212
            || r.r250
            || r.r260
            || !self.announced_byes.is_empty()
            || !self.tournament.tiebreaks.is_empty();
        let javafo = r.xxr
            || r.xxc_colour
            || r.xxs
            || r.xxa
            || r.xxp
            || r.bb
            || self.rank_by_file_order
            || !self.absent_next_round.is_empty();
        match (trf26, javafo) {
            (false, false) => Dialect::Trf16,
            (true, false) => Dialect::Trf26,
            (false, true) => Dialect::Javafo,
            (true, true) => Dialect::Mixed,
        }
    }

    /// The round in progress, when some game of the file has no result.
    pub fn round_in_progress(&self) -> Option<u32> {
        self.unfinished.first().map(|g| g.round)
    }

    /// The tournament with the games of the round in progress entered as
    /// played (a draw stands for the result still unknown): for checking the
    /// pairing of that round, which no result of it decides, never for
    /// scores.
    pub fn pairings_so_far(&self) -> Tournament {
        let mut t = self.tournament.clone();
        for g in &self.unfinished {
            if let Some(e) = t.entrants.iter_mut().find(|e| e.player.tpn == g.player) {
                e.rounds.resize(g.round as usize - 1, RoundEntry::Absent);
                e.rounds.push(RoundEntry::Game {
                    opponent: g.opponent,
                    colour: g.colour,
                    outcome: Outcome::Draw,
                    rated: true,
                });
            }
        }
        t
    }

    /// The 1-based line of the `index`-th entrant, 0 when unknown.
    pub(crate) fn line_of(&self, index: usize) -> usize {
        self.player_lines.get(index).copied().unwrap_or(0)
    }
}
