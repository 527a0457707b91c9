//! A player's data as typed: the options of `player add` / `player update`,
//! the columns of a CSV list, the fields of the web's form.

use arbiter_model::date::{BirthDate, Date};
use arbiter_model::{Player, Sex, Title};

use super::Warning;
use super::details::federation;
use super::text::{TRF_NAME_WIDTH, free_text, optional_text, required_text};
use crate::error::DeskError;

/// The highest rating accepted (TRF writes four digits).
pub const MAX_RATING: u16 = 3500;

/// A player's fields as typed; `None` keeps the current value, an empty
/// text clears an optional one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerForm {
    /// `Lastname, Firstname`.
    pub name: Option<String>,
    /// FIDE standard rating, 0 (unrated) to 3500.
    pub rating: Option<String>,
    /// FIDE rapid rating, the same range.
    pub rapid: Option<String>,
    /// FIDE blitz rating, the same range.
    pub blitz: Option<String>,
    /// The national federation's rating, the same range.
    pub national: Option<String>,
    /// GM IM WGM FM WIM CM WFM WCM.
    pub title: Option<String>,
    /// `m` or `w`.
    pub sex: Option<String>,
    /// `YYYY-MM-DD`, or only `YYYY`.
    pub born: Option<String>,
    /// Three-letter federation.
    pub fed: Option<String>,
    pub fide_id: Option<String>,
    pub club: Option<String>,
    pub team: Option<String>,
    /// Every free label, separated by `;` (`resident;disabled`): the CSV
    /// column and the web's field; empty clears them.
    pub tags: Option<String>,
    /// Labels to add (`--tag resident --tag disabled`), after `tags`.
    pub tag: Vec<String>,
    /// Labels to remove (`--untag disabled`), last; each must be held.
    pub untag: Vec<String>,
}

/// The field names, as options (`--fide-id`) and CSV columns.
pub const FIELDS: [&str; 13] = [
    "name", "rating", "rapid", "blitz", "national", "title", "sex", "born", "fed", "fide-id",
    "club", "team", "tags",
];

/// What separates the tags of the `tags` field (a CSV column).
pub const TAG_SEPARATOR: char = ';';

impl PlayerForm {
    /// True when no field is given.
    pub fn is_empty(&self) -> bool {
        *self == PlayerForm::default()
    }

    fn slot(&mut self, field: &str) -> Option<&mut Option<String>> {
        Some(
            match field.trim().to_ascii_lowercase().replace('_', "-").as_str() {
                "name" => &mut self.name,
                "rating" => &mut self.rating,
                "rapid" => &mut self.rapid,
                "blitz" => &mut self.blitz,
                "national" => &mut self.national,
                "title" => &mut self.title,
                "sex" => &mut self.sex,
                "born" => &mut self.born,
                "fed" => &mut self.fed,
                "fide-id" => &mut self.fide_id,
                "club" => &mut self.club,
                "team" => &mut self.team,
                "tags" => &mut self.tags,
                _ => return None,
            },
        )
    }

    /// True when `field` names a field (a CSV column).
    pub fn knows(field: &str) -> bool {
        PlayerForm::default().slot(field).is_some()
    }

    /// Sets the field `field` (a CSV column) when `value` is not blank;
    /// `false` for an unknown field.
    pub fn set(&mut self, field: &str, value: &str) -> bool {
        match self.slot(field) {
            Some(slot) => {
                *slot = Some(value.to_string()).filter(|v| !v.trim().is_empty());
                true
            }
            None => false,
        }
    }

    /// These fields over `p`; `today` bounds birth dates. Errors name the
    /// field; a name too long for a TRF player record is a warning.
    pub fn apply(&self, mut p: Player, today: Date) -> Result<(Player, Vec<Warning>), DeskError> {
        if let Some(n) = &self.name {
            p.name = required_text("name", n)?;
        }
        for (field, value, list) in [
            ("rating", &self.rating, &mut p.ratings.fide),
            ("rapid", &self.rapid, &mut p.ratings.rapid),
            ("blitz", &self.blitz, &mut p.ratings.blitz),
            ("national", &self.national, &mut p.ratings.national),
        ] {
            if let Some(r) = value {
                *list = rating(field, r)?;
            }
        }
        if let Some(t) = &self.title {
            let t = free_text("title", t)?;
            p.title = if t.is_empty() {
                None
            } else {
                Some(
                    t.parse::<Title>()
                        .map_err(|e| DeskError::invalid("title", e.to_string()))?,
                )
            };
        }
        if let Some(s) = &self.sex {
            p.sex = match free_text("sex", s)?.to_ascii_lowercase().as_str() {
                "" => None,
                "m" => Some(Sex::Male),
                "w" | "f" => Some(Sex::Female),
                other => {
                    return Err(DeskError::invalid(
                        "sex",
                        format!("'{other}' (expected m or w)"),
                    ));
                }
            };
        }
        if let Some(b) = &self.born {
            let b = free_text("born", b)?;
            p.birth_date = if b.is_empty() {
                None
            } else {
                Some(birth_date(&b, today)?)
            };
        }
        if let Some(f) = &self.fed {
            p.federation = federation("fed", f)?;
        }
        if let Some(id) = &self.fide_id {
            let id = free_text("fide-id", id)?;
            p.fide_id = if id.is_empty() {
                None
            } else {
                Some(id.parse().ok().filter(|v| *v > 0).ok_or_else(|| {
                    DeskError::invalid("fide-id", format!("'{id}' is not a FIDE id"))
                })?)
            };
        }
        if let Some(c) = &self.club {
            p.club = optional_text("club", c)?;
        }
        if let Some(t) = &self.team {
            p.team = optional_text("team", t)?;
        }
        if let Some(t) = &self.tags {
            p.tags = Vec::new();
            for item in t.split(TAG_SEPARATOR).filter(|i| !i.trim().is_empty()) {
                add_tag(&mut p.tags, tag("tags", item)?);
            }
        }
        retag(&p.name, &mut p.tags, &self.tag, &self.untag)?;
        if p.name.is_empty() {
            return Err(DeskError::invalid("name", "missing"));
        }
        let chars = p.name.chars().count();
        let warnings = if chars > TRF_NAME_WIDTH {
            vec![Warning::LongName {
                name: p.name.clone(),
                chars,
            }]
        } else {
            Vec::new()
        };
        Ok((p, warnings))
    }
}

/// A rating on one list: 0 to [`MAX_RATING`], empty or 0 for unrated.
fn rating(field: &str, text: &str) -> Result<Option<u16>, DeskError> {
    let r = free_text(field, text)?;
    if r.is_empty() {
        return Ok(None);
    }
    let v: u16 = r.parse().ok().filter(|v| *v <= MAX_RATING).ok_or_else(|| {
        DeskError::invalid(
            field,
            format!("'{r}' is not a rating (0 to {MAX_RATING}; 0 = unrated)"),
        )
    })?;
    Ok((v > 0).then_some(v))
}

/// One tag: printable text without the separators `;` and `,`, in lower
/// case (conditions compare tags without regard to case).
pub(crate) fn tag(field: &str, text: &str) -> Result<String, DeskError> {
    let t = required_text(field, text)?;
    if t.contains([TAG_SEPARATOR, ',']) {
        return Err(DeskError::invalid(
            field,
            format!("'{t}' holds a ';' or ','; give one tag at a time"),
        ));
    }
    Ok(t.to_lowercase())
}

/// Adds the tags of `tag` (field `tag`) and removes those of `untag`
/// (field `untag`, each one `holder` must hold) from `tags`.
pub(crate) fn retag(
    holder: &str,
    tags: &mut Vec<String>,
    tag_texts: &[String],
    untag_texts: &[String],
) -> Result<(), DeskError> {
    for t in tag_texts {
        add_tag(tags, tag("tag", t)?);
    }
    for t in untag_texts {
        let t = tag("untag", t)?;
        let Some(i) = tags.iter().position(|x| *x == t) else {
            return Err(DeskError::invalid(
                "untag",
                format!(
                    "{holder} has no tag '{t}' (tags: {})",
                    if tags.is_empty() {
                        "none".to_string()
                    } else {
                        tags.join(", ")
                    }
                ),
            ));
        };
        tags.remove(i);
    }
    Ok(())
}

/// Adds `tag` unless already held.
pub(crate) fn add_tag(tags: &mut Vec<String>, tag: String) {
    if !tags.contains(&tag) {
        tags.push(tag);
    }
}

/// A birth date or year, not after `today` and not before 1900.
fn birth_date(text: &str, today: Date) -> Result<BirthDate, DeskError> {
    let born: BirthDate = text
        .parse()
        .map_err(|e: arbiter_model::date::DateError| DeskError::invalid("born", e.to_string()))?;
    let future = match born {
        BirthDate::Day(d) => d > today,
        BirthDate::Year(y) => y > today.year(),
    };
    if future {
        return Err(DeskError::invalid(
            "born",
            format!("{born} is in the future (today is {today})"),
        ));
    }
    if born.year() < 1900 {
        return Err(DeskError::invalid("born", format!("{born} is before 1900")));
    }
    Ok(born)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> Date {
        Date::new(2026, 3, 1).unwrap()
    }

    fn add(f: impl FnOnce(&mut PlayerForm)) -> Result<(Player, Vec<Warning>), DeskError> {
        let mut form = PlayerForm {
            name: Some("Rossi, Mario".into()),
            ..PlayerForm::default()
        };
        f(&mut form);
        form.apply(Player::default(), today())
    }

    #[test]
    fn fields_are_checked_and_named() {
        let field = |f: fn(&mut PlayerForm)| add(f).unwrap_err().field().map(str::to_string);
        assert_eq!(
            field(|f| f.born = Some("2999-01-01".into())).as_deref(),
            Some("born")
        );
        assert_eq!(
            field(|f| f.born = Some("2026-03-02".into())).as_deref(),
            Some("born")
        );
        assert_eq!(
            field(|f| f.rating = Some("abc".into())).as_deref(),
            Some("rating")
        );
        assert_eq!(
            field(|f| f.rating = Some("4000".into())).as_deref(),
            Some("rating")
        );
        assert_eq!(field(|f| f.sex = Some("q".into())).as_deref(), Some("sex"));
        assert_eq!(field(|f| f.fed = Some("IT".into())).as_deref(), Some("fed"));
        assert_eq!(
            field(|f| f.name = Some(String::new())).as_deref(),
            Some("name")
        );
        assert_eq!(
            field(|f| f.name = Some("E, A\rXXP 1 3\r### ".into())).as_deref(),
            Some("name")
        );
        assert_eq!(
            field(|f| f.club = Some("A\tB".into())).as_deref(),
            Some("club")
        );
        let (p, w) = add(|f| {
            f.born = Some("1994".into());
            f.rating = Some("2100".into());
            f.rapid = Some("1750".into());
            f.national = Some("0".into());
            f.tags = Some("Resident; disabled;".into());
            f.tag = vec!["NC".into(), "resident".into()];
        })
        .unwrap();
        assert_eq!(p.birth_date, Some(BirthDate::Year(1994)));
        assert_eq!(
            (
                p.ratings.fide,
                p.ratings.rapid,
                p.ratings.blitz,
                p.ratings.national
            ),
            (Some(2100), Some(1750), None, None)
        );
        assert_eq!(p.tags, ["resident", "disabled", "nc"]);
        assert!(w.is_empty());
    }

    /// Issue 12: tags are added one at a time and removed by `untag`; a
    /// tag holding a separator, or one the player does not hold, is
    /// refused naming the field.
    #[test]
    fn tags_are_added_and_removed() {
        let field = |f: fn(&mut PlayerForm)| add(f).unwrap_err().field().map(str::to_string);
        assert_eq!(
            field(|f| f.tag = vec!["a;b".into()]).as_deref(),
            Some("tag")
        );
        assert_eq!(field(|f| f.tag = vec![" ".into()]).as_deref(), Some("tag"));
        assert_eq!(
            field(|f| f.tags = Some("x,y".into())).as_deref(),
            Some("tags")
        );
        assert_eq!(
            field(|f| f.untag = vec!["member".into()]).as_deref(),
            Some("untag")
        );
        assert_eq!(
            field(|f| f.blitz = Some("3501".into())).as_deref(),
            Some("blitz")
        );
        let (p, _) = add(|f| {
            f.tag = vec!["Resident".into(), "member".into()];
            f.untag = vec!["RESIDENT".into()];
        })
        .unwrap();
        assert_eq!(p.tags, ["member"]);
    }

    /// Issue 10 item 7: a name longer than the TRF field is accepted with a
    /// warning.
    #[test]
    fn a_long_name_is_a_warning() {
        let long = "Wolfeschlegelsteinhausen, Hubert Blaine";
        let (p, w) = add(|f| f.name = Some(long.into())).unwrap();
        assert_eq!(p.name, long);
        assert_eq!(
            w,
            [Warning::LongName {
                name: long.into(),
                chars: 39
            }]
        );
    }
}
