//! `player list` as a CSV file: the columns the CSV import reads
//! ([`FIELDS`], in that order), one line per player in TPN order, so the
//! file imports again into another event or section.

use arbiter_model::{Player, Sex};
use arbiter_standings::delimited::{Separator, line};

use crate::desk::Desk;
use crate::error::DeskError;
use crate::forms::player::{FIELDS, TAG_SEPARATOR};

impl Desk {
    /// The players of `section` (default: the first) as CSV, the header
    /// being the import's column names.
    pub fn players_csv(&self, section: Option<&str>) -> Result<String, DeskError> {
        let list = self.players(section)?;
        let mut out = line(FIELDS, Separator::Comma);
        for row in &list.rows {
            out.push_str(&line(fields(&row.player), Separator::Comma));
        }
        Ok(out)
    }
}

/// The value of each of [`FIELDS`] for `p`, as the import reads it.
fn fields(p: &Player) -> [String; 13] {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let number = |v: Option<u16>| v.map(|r| r.to_string()).unwrap_or_default();
    let r = &p.ratings;
    [
        p.name.clone(),
        number(r.fide),
        number(r.rapid),
        number(r.blitz),
        number(r.national),
        p.title.map(|t| t.code().to_string()).unwrap_or_default(),
        p.sex
            .map(|s| match s {
                Sex::Male => "m",
                Sex::Female => "w",
            })
            .unwrap_or_default()
            .to_string(),
        p.birth_date.map(|b| b.to_string()).unwrap_or_default(),
        text(&p.federation),
        p.fide_id.map(|i| i.to_string()).unwrap_or_default(),
        text(&p.club),
        text(&p.team),
        p.tags.join(&TAG_SEPARATOR.to_string()),
    ]
}
