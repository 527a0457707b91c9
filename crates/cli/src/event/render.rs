//! The desk's views as text for people (and TSV for scripts).

use std::fmt::Write as _;

use arbiter_desk::{
    Absence, LogCommand, PlayerList, PlayerRef, RoundView, Seat, TrfImported, Warning,
};
use arbiter_model::{ByeKind, Sex};
use arbiter_standings::delimited::{self, Separator};

/// `Rossi, Mario (id 3)`.
pub fn who(p: &PlayerRef) -> String {
    format!("{} (id {})", p.name, p.id)
}

fn seat(s: &Seat) -> String {
    format!(
        "{:>4} {:>4}  {:<28} {:>4} {:>5}",
        s.player.tpn,
        s.player.id,
        s.player.name,
        s.player.rating.map(|r| r.to_string()).unwrap_or_default(),
        s.score.to_string()
    )
}

fn absence(a: Absence) -> &'static str {
    match a {
        Absence::Bye(ByeKind::Full) => "full-point bye",
        Absence::Bye(ByeKind::Half) => "half-point bye",
        Absence::Bye(ByeKind::Zero) => "zero-point bye",
        Absence::Withdrawn => "withdrawn",
        Absence::NotPaired => "not paired",
    }
}

/// The boards of a round: its heading, a header naming the columns (TPN,
/// id, name, rating, points before the round), one line per board, the PAB
/// as the board after the last, then who does not play.
pub fn round_text(view: &RoundView) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}{}",
        view.heading,
        if view.edited {
            " (changed by hand)"
        } else {
            ""
        }
    );
    let side = |colour: &str| {
        format!(
            "{:>4} {:>4}  {:<28} {:>4} {:>5}",
            "TPN", "id", colour, "Rtg", "Pts"
        )
    };
    let _ = writeln!(out, " Bd {}     {}  Result", side("White"), side("Black"));
    for b in &view.boards {
        let line = format!(
            "{:>3} {}  -  {}  {}",
            b.number,
            seat(&b.white),
            seat(&b.black),
            b.result.map(|r| r.code()).unwrap_or("")
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    if let Some(bye) = &view.bye {
        let _ = writeln!(
            out,
            "{:>3} {}  -  pairing-allocated bye",
            view.boards.len() + 1,
            seat(bye)
        );
    }
    if !view.not_playing.is_empty() {
        let list: Vec<String> = view
            .not_playing
            .iter()
            .map(|(p, why)| format!("{} (TPN {}): {}", who(p), p.tpn, absence(*why)))
            .collect();
        let _ = writeln!(out, "not playing: {}", list.join("; "));
    }
    out
}

/// TSV (as every delimited output, [`delimited::line`]): board, White id,
/// Black id; the PAB as the last board with Black 0.
pub fn round_tsv(view: &RoundView) -> String {
    let mut out = String::new();
    for b in &view.boards {
        let cells = [
            b.number.to_string(),
            b.white.player.id.to_string(),
            b.black.player.id.to_string(),
        ];
        out.push_str(&delimited::line(cells, Separator::Tab));
    }
    if let Some(bye) = &view.bye {
        let board = (view.boards.len() + 1).to_string();
        let cells = [board, bye.player.id.to_string(), "0".into()];
        out.push_str(&delimited::line(cells, Separator::Tab));
    }
    out
}

/// `player list`: id, TPN, name, rating, title, federation, team, status.
pub fn players_text(list: &PlayerList) -> String {
    let mut out = String::from(
        "  id  TPN  name                            rating title fed  team / status\n",
    );
    for row in &list.rows {
        let p = &row.player;
        let _ = writeln!(
            out,
            "{:>4} {:>4}  {:<30} {:>6} {:<5} {:<4} {}{}{}",
            row.id,
            row.tpn,
            p.name,
            p.ratings.fide.map(|r| r.to_string()).unwrap_or_default(),
            p.title.map(|t| t.code()).unwrap_or_default(),
            p.federation.as_deref().unwrap_or_default(),
            p.team.as_deref().unwrap_or_default(),
            row.withdrawn_from
                .map(|r| format!(" [withdrawn from round {r}]"))
                .unwrap_or_default(),
            p.rating_list
                .as_ref()
                .map(|l| format!(" [{l}]"))
                .unwrap_or_default()
        );
    }
    out
}

/// `player list --format tsv` ([`delimited::line`]: formulas guarded): a
/// header, then one line per player with
/// every attribute the prize and fee rules read (empty when unknown; tags
/// separated by `;`, as the CSV import reads them).
pub fn players_tsv(list: &PlayerList) -> String {
    let mut out = String::from(
        "id\ttpn\tname\tsex\ttitle\tborn\tfed\tfide-id\trating\trapid\tblitz\tnational\tclub\tteam\ttags\twithdrawn-from\n",
    );
    let opt = |v: Option<String>| v.unwrap_or_default();
    for row in &list.rows {
        let p = &row.player;
        let r = &p.ratings;
        let cells = [
            row.id.to_string(),
            row.tpn.to_string(),
            p.name.clone(),
            opt(p.sex.map(|s| sex_code(s).to_string())),
            opt(p.title.map(|t| t.code().to_string())),
            opt(p.birth_date.map(|b| b.to_string())),
            opt(p.federation.clone()),
            opt(p.fide_id.map(|i| i.to_string())),
            opt(r.fide.map(|v| v.to_string())),
            opt(r.rapid.map(|v| v.to_string())),
            opt(r.blitz.map(|v| v.to_string())),
            opt(r.national.map(|v| v.to_string())),
            opt(p.club.clone()),
            opt(p.team.clone()),
            p.tags.join(";"),
            opt(row.withdrawn_from.map(|v| v.to_string())),
        ];
        out.push_str(&delimited::line(cells, Separator::Tab));
    }
    out
}

/// `m` or `w`, as the forms read them.
pub fn sex_code(s: Sex) -> &'static str {
    match s {
        Sex::Male => "m",
        Sex::Female => "w",
    }
}

/// `log`: every command with its entries.
pub fn log_text(commands: &[LogCommand]) -> String {
    let mut out = String::new();
    for c in commands {
        let _ = writeln!(out, "{}  $ {}", c.recorded_at, c.line);
        for e in &c.entries {
            let mark = match (e.undone_by, e.correction_of) {
                (Some(by), _) => format!("  [undone by #{by}]"),
                (None, Some(old)) => format!("  (correction of {})", old.code()),
                (None, None) => String::new(),
            };
            let _ = writeln!(out, "  #{:<5} {}{mark}", e.seq, e.summary);
        }
    }
    out
}

/// Warnings of a command, one line each.
pub fn warnings<'a>(warnings: impl IntoIterator<Item = &'a Warning>) -> Vec<String> {
    warnings
        .into_iter()
        .map(|w| format!("warning: {w}"))
        .collect()
}

/// `import trf`: one line, and the rounds imported as overrides.
pub fn imported(event: &str, i: &TrfImported) -> Vec<String> {
    let teams = if i.teams > 0 {
        format!("{} teams of ", i.teams)
    } else {
        String::new()
    };
    let mut lines = vec![format!(
        "imported {teams}{} players and {} rounds into {event}, section {} ({})",
        i.players,
        i.rounds,
        i.section,
        i.system.label()
    )];
    lines.extend(i.assumed.iter().map(|a| format!("note: {a}")));
    lines.extend(i.overrides.iter().map(|(round, why)| {
        format!(
            "warning: round {round} breaks an absolute criterion ({why}); imported as an override"
        )
    }));
    lines
}
