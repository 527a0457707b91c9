//! `export trf`: a section as a TRF-2026 file (the rounds whose results are
//! all in), with what is already known of the rounds to come; a team
//! section as a TRF-2026 team file (310-362, families as 260) of the
//! players on its teams.

use std::collections::BTreeMap;

use arbiter_model::journal::{EventState, KeptRecords, PlayerId, Section};
use arbiter_model::{ByeKind, Tournament};
use arbiter_standings::StandingsOptions;
use arbiter_trf::{AnnouncedBye, LineEnding, OtherRecord, TrfDocument, WriteWarning};

use crate::desk::Desk;
use crate::error::DeskError;
use crate::teams::export as teams;
use crate::trf_file::trf_text;
use crate::views::Heading;

/// A section's TRF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfExport {
    pub heading: Heading,
    pub text: String,
    /// Rounds in the file.
    pub rounds: u32,
    /// A round paired but still missing results `(round, missing)`: not in
    /// the file.
    pub incomplete: Option<(u32, usize)>,
    /// Why the file has no ranks, when it has none although rounds were
    /// played.
    pub unranked: Option<String>,
    /// What the writer had to shorten (names longer than their TRF field).
    pub warnings: Vec<WriteWarning>,
    /// The names of a team section's players on no team, not in the file.
    pub left_out: Vec<String>,
}

impl Desk {
    /// The TRF-2026 text of `section` (default: the first).
    pub fn export_trf(&self, section: Option<&str>) -> Result<TrfExport, DeskError> {
        let state = self.state();
        let sec = self.section(section)?;
        let complete = sec.rounds_complete();
        let incomplete = (complete < sec.rounds_paired()).then(|| {
            (
                complete + 1,
                sec.round(complete + 1).map_or(0, |r| r.missing_results()),
            )
        });
        let mut t = state.tournament(sec, complete);
        let team = sec.config.is_team_section();
        let left_out = if team {
            teams::leave_out_players_off_teams(&mut t)
        } else {
            Vec::new()
        };
        let unranked = if team {
            teams::fill_team_totals(&mut t, complete)
        } else {
            fill_points_and_ranks(&mut t, complete)
        };
        let mut doc = TrfDocument::new(t);
        doc.other_records = kept_records(&sec.kept);
        doc.announced_byes = if team {
            teams::announced_absences(state, sec, complete)
        } else {
            announced_byes(state, sec, complete)
        };
        let written = trf_text(&doc, LineEnding::Cr)
            .map_err(|e| e.context(format_args!("section '{}'", sec.code)))?;
        Ok(TrfExport {
            heading: self.heading(sec, None),
            text: written.text,
            rounds: complete,
            incomplete,
            unranked,
            warnings: written.warnings,
            left_out,
        })
    }
}

/// The records an imported file had that Arbiter does not read, where they
/// stood (docs/rules/trf.md "Import and export").
fn kept_records(kept: &KeptRecords) -> Vec<OtherRecord> {
    let record = |before_players| {
        move |text: &String| OtherRecord {
            text: text.clone(),
            before_players,
        }
    };
    let before = kept.before_players.iter().map(record(true));
    before
        .chain(kept.after_players.iter().map(record(false)))
        .collect()
}

/// TRF26 `240` records for what the arbiter already knows about the rounds
/// not in the file: requested byes, and the withdrawals for the next round.
fn announced_byes(state: &EventState, sec: &Section, complete: u32) -> Vec<AnnouncedBye> {
    let order = state.current_tpn_order(sec);
    let tpn = |id: PlayerId| order.iter().position(|x| *x == id).map(|i| i as u32 + 1);
    let mut byes: BTreeMap<(u32, u8), (ByeKind, Vec<u32>)> = BTreeMap::new();
    for reg in state.players_of(&sec.code) {
        let Some(t) = tpn(reg.id) else { continue };
        let next = complete + 1;
        let mut pending: Vec<(u32, ByeKind)> = reg
            .byes
            .range(next..)
            .map(|(round, kind)| (*round, *kind))
            .collect();
        if reg.withdrawn_in(next) && next <= sec.config.rounds && !reg.byes.contains_key(&next) {
            pending.push((next, ByeKind::Zero));
        }
        for (round, kind) in pending {
            byes.entry((round, kind as u8))
                .or_insert_with(|| (kind, Vec::new()))
                .1
                .push(t);
        }
    }
    byes.into_iter()
        .map(|((round, _), (kind, mut players))| {
            players.sort_unstable();
            AnnouncedBye {
                kind,
                round,
                players,
            }
        })
        .collect()
}

/// Score and rank columns of the 001 records (TRF columns 81-89): the score
/// under the section's scoring, the rank by the section's tie-breaks. Why
/// there are no ranks, when the standings cannot be computed.
fn fill_points_and_ranks(t: &mut Tournament, rounds: u32) -> Option<String> {
    let scores: Vec<_> = t
        .entrants
        .iter()
        .map(|e| t.score_after(e.player.tpn, rounds))
        .collect();
    for (e, score) in t.entrants.iter_mut().zip(scores) {
        e.reported_points = Some(score);
    }
    if rounds == 0 {
        return None;
    }
    match arbiter_standings::compute_standings(t, &StandingsOptions::default()) {
        Ok(standings) => {
            let rank: BTreeMap<_, _> = standings.rows.iter().map(|r| (r.tpn, r.rank)).collect();
            for e in &mut t.entrants {
                e.reported_rank = rank.get(&e.player.tpn).copied();
            }
            None
        }
        Err(err) => Some(err.to_string()),
    }
}
