//! The arbiter's options for the Italo-Swiss system (spec 06 §3.1). Every
//! point the readable regulation does not settle is a switch here; the
//! defaults are the spec's.

/// Which player of the last pair of the previous round the rotation restarts
/// from (spec 06 §2 Art. 6, §4 A1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ResumeFrom {
    /// FSI text: the player who had White in the last pair.
    #[default]
    WhiteOfLastPair,
    /// FID (draughts) text: the player who had Black.
    BlackOfLastPair,
}

/// Where the scan for lower-score opponents begins (spec 06 §3.4, §4 A4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LowerScoreScan {
    /// FID Art. 5: after the last player of the higher score group scanned.
    #[default]
    AfterLastOfHigherScore,
    /// Every score group is scanned from the player after the primo.
    FromPrimo,
}

/// Who rests in an odd field (spec 06 §3.7; \[OURS\], FSI Art. 10 unread).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ByePolicy {
    /// The player left over by the pass rests, if he may (backtracking
    /// otherwise, then the pre-selection of §3.7).
    #[default]
    LeftoverPlayer,
    /// A phantom with lot N + 1 and no points is paired like anyone; whoever
    /// is paired with it rests.
    PhantomPlayer,
}

/// How colours are given once a pair is formed (spec 06 §3.5; \[OURS\]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColourPolicy {
    /// Both expectations, then the stronger one, then the last difference
    /// in history, then the primo.
    #[default]
    Balanced,
    /// The primo alternates his last colour (White if none).
    PrimoAlternates,
}

/// What happens when no pairing without a rematch exists (spec 06 §3.8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnNoPairing {
    /// No pairing is produced (the arbiter pairs by hand).
    #[default]
    ReportToArbiter,
    /// Allow 1, 2, … rematches, already-met opponents coming after all
    /// others in the candidate order; rematches are flagged.
    AllowFewestRematches,
}

/// Options of the Italo-Swiss system (spec 06 §3.1).
///
/// Two items of the spec's table are not here because the tournament
/// already holds them: the points of the bye (`bye_points`, default 1) are
/// `Scoring::pab` (TRF `162`/`BBU`), and a late entrant's starting points
/// (`late_entry_points`, default 0) are whatever his round entries before
/// arrival score (an absence scores 0; a requested `H`/`F` bye gives ½/1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItaloSwissConfig {
    pub resume_from: ResumeFrom,
    pub lower_score_scan: LowerScoreScan,
    pub bye_policy: ByePolicy,
    /// Pairing byes a player may receive (default 1; \[OURS\]).
    pub max_byes_per_player: u32,
    pub colour_policy: ColourPolicy,
    /// Skip a candidate whose colours would give someone three equal
    /// colours in a row or a White/Black difference above 2 (default off).
    pub colour_limits_in_pairing: bool,
    /// A forfeited game counts as a meeting for repeat avoidance (default
    /// off: the two may be paired again).
    pub forfeit_counts_as_met: bool,
    pub on_no_pairing: OnNoPairing,
}

impl Default for ItaloSwissConfig {
    fn default() -> Self {
        ItaloSwissConfig {
            resume_from: ResumeFrom::default(),
            lower_score_scan: LowerScoreScan::default(),
            bye_policy: ByePolicy::default(),
            max_byes_per_player: 1,
            colour_policy: ColourPolicy::default(),
            colour_limits_in_pairing: false,
            forfeit_counts_as_met: false,
            on_no_pairing: OnNoPairing::default(),
        }
    }
}
