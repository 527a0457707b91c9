//! A player's data as typed: the options of `player add` / `player update`,
//! the columns of a CSV list, the fields of the web's form.

use arbiter_model::date::{BirthDate, Date};
use arbiter_model::{Player, Ratings, Sex, Title};

use super::Warning;
use super::details::federation;
use super::text::{TRF_NAME_WIDTH, free_text, list, optional_text, required_text};
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
    /// Free labels, comma-separated (`resident,disabled`).
    pub tags: Option<String>,
}

/// The field names, as options (`--fide-id`) and CSV columns.
pub const FIELDS: [&str; 10] = [
    "name", "rating", "title", "sex", "born", "fed", "fide-id", "club", "team", "tags",
];

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
        if let Some(r) = &self.rating {
            let r = free_text("rating", r)?;
            let v: u16 = if r.is_empty() {
                0
            } else {
                r.parse().ok().filter(|v| *v <= MAX_RATING).ok_or_else(|| {
                    DeskError::invalid(
                        "rating",
                        format!("'{r}' is not a rating (0 to {MAX_RATING}; 0 = unrated)"),
                    )
                })?
            };
            p.ratings = Ratings {
                fide: (v > 0).then_some(v),
                ..p.ratings
            };
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
            p.tags = list("tags", t)?
                .into_iter()
                .map(|t| t.to_lowercase())
                .collect();
        }
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
            f.tags = Some("Resident, disabled".into());
        })
        .unwrap();
        assert_eq!(p.birth_date, Some(BirthDate::Year(1994)));
        assert_eq!(p.ratings.fide, Some(2100));
        assert_eq!(p.tags, ["resident", "disabled"]);
        assert!(w.is_empty());
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
