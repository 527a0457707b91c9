//! Converting a document to TRF-2026 records (spec 05 §6.6).

use arbiter_model::ByeKind;

use crate::document::{AnnouncedBye, RecordsUsed, TrfDocument};
use crate::limits::MAX_ROUNDS;
use crate::validate::rounds_in_the_past;

/// The same tournament with JaVaFo and bbpPairings records replaced by their
/// TRF-2026 equivalents: `XXR` → `142`, `XXC white1|black1` → `152`,
/// `BB?`/`XXS` → `162` (an `XXS` line remains only for values 162 cannot
/// express), `XXA` → `250`, `XXP` → `260` over rounds 1 to the total (99,
/// [`MAX_ROUNDS`], when unknown), `XXZ` → `240 Z` for the round to be paired. `XXC rank`
/// has no TRF-2026 equivalent and stays.
pub fn to_trf26(doc: &TrfDocument) -> TrfDocument {
    let mut out = doc.clone();
    let t = &mut out.tournament;
    let last = t.total_rounds.unwrap_or(MAX_ROUNDS);
    for g in &mut t.forbidden {
        g.rounds.get_or_insert((1, last));
    }
    if !out.absent_next_round.is_empty() {
        let round = rounds_in_the_past(t) + 1;
        out.announced_byes.push(AnnouncedBye {
            kind: ByeKind::Zero,
            round,
            players: std::mem::take(&mut out.absent_next_round),
        });
    }
    out.records = RecordsUsed {
        r142: t.total_rounds.is_some(),
        r152: t.initial_colour.is_some(),
        r162: true,
        r192: doc.records.r192,
        r212: doc.records.r212,
        r250: !t.acceleration.is_empty(),
        r260: !t.forbidden.is_empty(),
        counts: doc.records.counts,
        ..RecordsUsed::default()
    };
    out
}
