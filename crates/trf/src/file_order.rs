//! JaVaFo `XXC rank` (`docs/rules/trf.md` "XXC rank"): players are ranked
//! by the order of their 001 lines, not by their starting-rank numbers,
//! which stay the ids every record uses. An engine that ranks by id pairs
//! such a file exactly when the players are numbered in line order first
//! and the ids of its answer mapped back.

use std::collections::HashMap;

use arbiter_model::{RoundEntry, Tpn};

use crate::document::TrfDocument;

/// The ids of a document renumbered by [`ranked_by_file_order`]: new id
/// `i + 1` is the player of the `i`-th 001 line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileOrder {
    original: Vec<Tpn>,
}

impl FileOrder {
    /// The file's id of renumbered player `id` (0, "no player", stays 0).
    pub fn original(&self, id: Tpn) -> Tpn {
        match id {
            0 => 0,
            _ => self.original.get(id as usize - 1).copied().unwrap_or(id),
        }
    }
}

/// For a file with `XXC rank` (an individual event), the same document with
/// every player numbered by his 001 line's position, and the way back; `None`
/// when the file ranks by id already.
pub fn ranked_by_file_order(doc: &TrfDocument) -> Option<(TrfDocument, FileOrder)> {
    let t = &doc.tournament;
    if !doc.rank_by_file_order || t.team_section.is_some() {
        return None;
    }
    let new: HashMap<Tpn, Tpn> = doc
        .file_order
        .iter()
        .enumerate()
        .map(|(i, &tpn)| (tpn, i as Tpn + 1))
        .collect();
    let id = |tpn: Tpn| new.get(&tpn).copied().unwrap_or(tpn);
    let mut out = doc.clone();
    let r = &mut out.tournament;
    let mut lines: Vec<(_, usize)> = r
        .entrants
        .drain(..)
        .zip(doc.player_lines.iter().copied().chain(std::iter::repeat(0)))
        .collect();
    for (e, _) in &mut lines {
        e.player.tpn = id(e.player.tpn);
        for entry in &mut e.rounds {
            renumber_entry(entry, id);
        }
    }
    lines.sort_by_key(|(e, _)| e.player.tpn);
    out.player_lines = lines.iter().map(|&(_, line)| line).collect();
    r.entrants = lines.into_iter().map(|(e, _)| e).collect();
    r.acceleration = std::mem::take(&mut r.acceleration)
        .into_iter()
        .map(|(tpn, values)| (id(tpn), values))
        .collect();
    let groups = r.forbidden.iter_mut().map(|g| &mut g.players);
    let members = r.teams.iter_mut().map(|team| &mut team.members);
    for list in groups.chain(members) {
        list.iter_mut().for_each(|tpn| *tpn = id(*tpn));
    }
    for bye in &mut out.announced_byes {
        bye.players.iter_mut().for_each(|tpn| *tpn = id(*tpn));
    }
    out.absent_next_round
        .iter_mut()
        .for_each(|tpn| *tpn = id(*tpn));
    for g in &mut out.unfinished {
        (g.player, g.opponent) = (id(g.player), id(g.opponent));
    }
    out.file_order = (1..=doc.file_order.len() as Tpn).collect();
    out.rank_by_file_order = false;
    let original = doc.file_order.clone();
    Some((out, FileOrder { original }))
}

/// The opponent of a round entry under the new ids.
fn renumber_entry(entry: &mut RoundEntry, id: impl Fn(Tpn) -> Tpn) {
    match entry {
        RoundEntry::Game { opponent, .. } => *opponent = id(*opponent),
        RoundEntry::Forfeit {
            opponent: Some(opponent),
            ..
        } => *opponent = id(*opponent),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_model::{Colour, Outcome};

    #[test]
    fn players_are_numbered_in_line_order_and_mapped_back() {
        // Lines in the order 3, 1, 2: player 3 ranks first.
        let text = "001    3      Gamma                             2000                             1.0          1 w 1\n\
                    001    1      Alpha                             2400                             0.0          3 b 0\n\
                    001    2      Beta                              2300                             1.0       0000 - U\n\
                    XXC rank\nXXR 3\nXXP 1 2\n";
        let doc = crate::parse(text).unwrap();
        let (ranked, order) = ranked_by_file_order(&doc).unwrap();
        let t = &ranked.tournament;
        let names: Vec<_> = t.entrants.iter().map(|e| e.player.name.as_str()).collect();
        assert_eq!(names, ["Gamma", "Alpha", "Beta"]);
        assert_eq!(
            t.entrants[0].rounds[0],
            RoundEntry::Game {
                opponent: 2,
                colour: Colour::White,
                outcome: Outcome::Win,
                rated: true
            }
        );
        assert_eq!(t.forbidden[0].players, vec![2, 3]);
        assert_eq!(ranked.player_lines, vec![1, 2, 3]);
        assert!(!ranked.rank_by_file_order);
        assert_eq!([0, 1, 2, 3].map(|id| order.original(id)), [0, 3, 1, 2]);
        let plain = crate::parse(&text.replace("XXC rank\n", "")).unwrap();
        assert_eq!(ranked_by_file_order(&plain), None);
    }
}
