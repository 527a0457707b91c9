//! Conditions on a player (or a team) shared by prize categories and fee
//! rules: sex, age, birth date, rating range on a declared list, unrated,
//! title, federation, club, tag, section, registration time, and `any` /
//! `all` / `not` combinations (prizes.md §1, §4; fees-and-series.md §1.2).
//!
//! Every key present must hold. Missing data fails the key (a player with
//! no birth date is in no age category, one without a sex in neither
//! `sex = "w"` nor `sex = "m"`), because regulations award age or women's
//! prizes only on proof. A birth *year* decides an age key only when every
//! day of that year gives the same answer; otherwise the answer is
//! [`Truth::Unknown`] and the caller reports it when it matters.

use arbiter_model::date::{Date, DateTime};
use arbiter_model::{Player, Sex, Title};
use arbiter_standings::RatingList;
use serde::{Deserialize, Deserializer};

use crate::toml_time::{CivilDate, CivilDateTime};

/// A condition as written in a plan or fee file (`[categories.NAME]`,
/// `when = { … }`).
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// `"w"` (or `"f"`) / `"m"`.
    #[serde(default, deserialize_with = "sex")]
    pub sex: Option<Sex>,
    /// Full years on the reference date, at most.
    pub max_age: Option<u8>,
    /// Full years on the reference date, at least.
    pub min_age: Option<u8>,
    /// Born on or after this day.
    pub born_from: Option<CivilDate>,
    /// Born on or before this day.
    pub born_until: Option<CivilDate>,
    /// `[lo, hi]`, both inclusive (prizes.md §1 band boundaries).
    pub rating: Option<[u16; 2]>,
    pub rating_min: Option<u16>,
    pub rating_max: Option<u16>,
    /// The list the rating keys and `unrated` read: `standard` (default),
    /// `rapid`, `blitz`, `national`.
    #[serde(default, deserialize_with = "rating_list")]
    pub rating_list: Option<RatingList>,
    /// `true`: no rating on the list; `false`: rated on it.
    pub unrated: Option<bool>,
    /// A free tag the player carries (case-insensitive).
    pub tag: Option<String>,
    /// One title or a list (`["GM", "IM"]`).
    #[serde(default, deserialize_with = "titles")]
    pub title: Option<Vec<Title>>,
    /// One federation code or a list.
    #[serde(default, deserialize_with = "one_or_many")]
    pub federation: Option<Vec<String>>,
    /// The club, compared case-insensitively.
    pub club: Option<String>,
    /// One section code or a list.
    #[serde(default, deserialize_with = "one_or_many")]
    pub section: Option<Vec<String>>,
    /// Registered strictly after this time (fee surcharges).
    pub registered_after: Option<CivilDateTime>,
    /// At least one of these holds.
    pub any: Option<Vec<Condition>>,
    /// Every one of these holds.
    pub all: Option<Vec<Condition>>,
    /// This does not hold.
    pub not: Option<Box<Condition>>,
}

/// Three-valued answer: a birth year may not decide an age key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Truth {
    Yes,
    No,
    /// Why the data cannot decide (e.g. "born 1996: 11 or 12 on 2008-07-01").
    Unknown(String),
}

impl Truth {
    fn from_bool(b: bool) -> Truth {
        if b { Truth::Yes } else { Truth::No }
    }

    fn and(self, other: impl FnOnce() -> Truth) -> Truth {
        match self {
            Truth::No => Truth::No,
            Truth::Yes => other(),
            Truth::Unknown(why) => match other() {
                Truth::No => Truth::No,
                _ => Truth::Unknown(why),
            },
        }
    }

    fn or(self, other: impl FnOnce() -> Truth) -> Truth {
        match self {
            Truth::Yes => Truth::Yes,
            Truth::No => other(),
            Truth::Unknown(why) => match other() {
                Truth::Yes => Truth::Yes,
                _ => Truth::Unknown(why),
            },
        }
    }

    fn not(self) -> Truth {
        match self {
            Truth::Yes => Truth::No,
            Truth::No => Truth::Yes,
            u => u,
        }
    }
}

/// What a condition is evaluated against besides the subject.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Context {
    /// The day ages are computed on.
    pub reference_date: Option<Date>,
    /// Rating given to unrated players by the rating keys (prizes.md §1
    /// `TreatAs(1399)`); `None`: unrated players fail every rating range.
    pub unrated_rating: Option<u16>,
}

/// Who a condition is about.
#[derive(Clone, Copy, Debug)]
pub struct Subject<'a> {
    pub who: Who<'a>,
    pub section: Option<&'a str>,
    /// When the entry was registered (fee surcharges); supplied by the
    /// application layer.
    pub registered_at: Option<DateTime>,
}

/// A player, or a team entry (fees per team).
#[derive(Clone, Copy, Debug)]
pub enum Who<'a> {
    Player(&'a Player),
    /// `tag` tests the team's own tags; every other player key holds when
    /// it holds for every member.
    Team {
        tags: &'a [String],
        members: &'a [Player],
    },
}

/// A condition that cannot be checked at all (a configuration error, not a
/// player's missing data).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConditionError {
    #[error(
        "an age condition needs a reference date (set reference_date or the event's start date)"
    )]
    NoReferenceDate,
    #[error("a registration-time condition needs the registration time of every entry")]
    NoRegistrationTime,
}

/// Why a condition is malformed (reported with its key by the file parsers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The key inside the condition (`rating`, `any[1].max_age`).
    pub key: String,
    pub message: String,
}

impl Condition {
    /// Checks the keys against each other.
    pub fn validate(&self) -> Result<(), Invalid> {
        let bad = |key: &str, message: &str| {
            Err(Invalid {
                key: key.to_string(),
                message: message.to_string(),
            })
        };
        if let Some([lo, hi]) = self.rating
            && lo > hi
        {
            return bad("rating", "the lower bound is above the upper bound");
        }
        if let (Some(lo), Some(hi)) = (self.min_age, self.max_age)
            && lo > hi
        {
            return bad("min_age", "min_age is above max_age");
        }
        if let (Some(from), Some(until)) = (self.born_from, self.born_until)
            && from.0 > until.0
        {
            return bad("born_from", "born_from is after born_until");
        }
        if self.tag.as_deref().is_some_and(|t| t.trim().is_empty()) {
            return bad("tag", "empty tag");
        }
        for (name, list) in [("any", &self.any), ("all", &self.all)] {
            if let Some(list) = list {
                if list.is_empty() {
                    return bad(name, "an empty list");
                }
                for (i, c) in list.iter().enumerate() {
                    c.validate().map_err(|e| Invalid {
                        key: format!("{name}[{i}].{}", e.key),
                        ..e
                    })?;
                }
            }
        }
        if let Some(c) = &self.not {
            c.validate().map_err(|e| Invalid {
                key: format!("not.{}", e.key),
                ..e
            })?;
        }
        Ok(())
    }

    /// True when some key (here or nested) reads the registration time.
    pub fn uses_registration(&self) -> bool {
        self.registered_after.is_some() || self.nested().any(Condition::uses_registration)
    }

    /// True when some key (here or nested) reads an age.
    pub fn uses_age(&self) -> bool {
        self.max_age.is_some() || self.min_age.is_some() || self.nested().any(Condition::uses_age)
    }

    fn nested(&self) -> impl Iterator<Item = &Condition> {
        self.any
            .iter()
            .flatten()
            .chain(self.all.iter().flatten())
            .chain(self.not.as_deref())
    }

    /// Evaluates the condition.
    pub fn eval(&self, s: &Subject, ctx: &Context) -> Result<Truth, ConditionError> {
        let mut t = Truth::Yes;
        if let Some(sections) = &self.section {
            let hit = s
                .section
                .is_some_and(|code| sections.iter().any(|x| x == code));
            t = t.and(|| Truth::from_bool(hit));
        }
        if let Some(after) = self.registered_after {
            let at = s.registered_at.ok_or(ConditionError::NoRegistrationTime)?;
            t = t.and(|| Truth::from_bool(at > after.0));
        }
        if let Some(tag) = &self.tag {
            let has = |tags: &[String]| tags.iter().any(|x| x.eq_ignore_ascii_case(tag.trim()));
            let hit = match s.who {
                Who::Player(p) => has(&p.tags),
                Who::Team { tags, .. } => has(tags),
            };
            t = t.and(|| Truth::from_bool(hit));
        }
        if t == Truth::No {
            return Ok(t);
        }
        let personal = match s.who {
            Who::Player(p) => self.personal(p, ctx)?,
            Who::Team { members, .. } => {
                let mut all = Truth::Yes;
                for m in members {
                    let one = self.personal(m, ctx)?;
                    all = all.and(|| one);
                }
                all
            }
        };
        t = t.and(|| personal);
        for c in self.all.iter().flatten() {
            let v = c.eval(s, ctx)?;
            t = t.and(|| v);
        }
        if let Some(list) = &self.any {
            let mut any = Truth::No;
            for c in list {
                let v = c.eval(s, ctx)?;
                any = any.or(|| v);
            }
            t = t.and(|| any);
        }
        if let Some(c) = &self.not {
            let v = c.eval(s, ctx)?.not();
            t = t.and(|| v);
        }
        Ok(t)
    }

    /// The keys about one person.
    fn personal(&self, p: &Player, ctx: &Context) -> Result<Truth, ConditionError> {
        let mut t = Truth::Yes;
        if let Some(sex) = self.sex {
            t = t.and(|| Truth::from_bool(p.sex == Some(sex)));
        }
        if let Some(titles) = &self.title {
            t = t.and(|| Truth::from_bool(p.title.is_some_and(|x| titles.contains(&x))));
        }
        if let Some(feds) = &self.federation {
            let hit = p
                .federation
                .as_deref()
                .is_some_and(|f| feds.iter().any(|x| x.eq_ignore_ascii_case(f.trim())));
            t = t.and(|| Truth::from_bool(hit));
        }
        if let Some(club) = &self.club {
            let hit = p
                .club
                .as_deref()
                .is_some_and(|c| c.trim().eq_ignore_ascii_case(club.trim()));
            t = t.and(|| Truth::from_bool(hit));
        }
        let list = self.rating_list.unwrap_or_default();
        let own = rating_on(p, list);
        if let Some(unrated) = self.unrated {
            t = t.and(|| Truth::from_bool(own.is_none() == unrated));
        }
        let lo = self
            .rating
            .map(|r| r[0])
            .into_iter()
            .chain(self.rating_min)
            .max();
        let hi = self
            .rating
            .map(|r| r[1])
            .into_iter()
            .chain(self.rating_max)
            .min();
        if lo.is_some() || hi.is_some() {
            let hit = own
                .or(ctx.unrated_rating)
                .is_some_and(|r| lo.is_none_or(|lo| r >= lo) && hi.is_none_or(|hi| r <= hi));
            t = t.and(|| Truth::from_bool(hit));
        }
        if let Some(from) = self.born_from {
            t = t.and(|| born_between(p, Some(from.0), None));
        }
        if let Some(until) = self.born_until {
            t = t.and(|| born_between(p, None, Some(until.0)));
        }
        if self.min_age.is_some() || self.max_age.is_some() {
            let on = ctx.reference_date.ok_or(ConditionError::NoReferenceDate)?;
            t = t.and(|| age_between(p, on, self.min_age, self.max_age));
        }
        Ok(t)
    }
}

/// The player's rating on `list`, `None` when unrated there.
pub fn rating_on(p: &Player, list: RatingList) -> Option<u16> {
    let r = match list {
        RatingList::Fide => p.ratings.fide,
        RatingList::Rapid => p.ratings.rapid,
        RatingList::Blitz => p.ratings.blitz,
        RatingList::National => p.ratings.national,
    };
    r.filter(|&r| r > 0)
}

/// The earliest and latest possible birth days.
fn birth_span(p: &Player) -> Option<(Date, Date)> {
    let b = p.birth_date?;
    match b.day() {
        Some(d) => Some((d, d)),
        None => Some((
            Date::new(b.year(), 1, 1).ok()?,
            Date::new(b.year(), 12, 31).ok()?,
        )),
    }
}

/// Decides a predicate that holds on a set of days: yes when it holds on
/// both ends of the birth span (the predicates are monotone), no when on
/// neither, unknown otherwise.
fn decide(p: &Player, holds: impl Fn(Date) -> bool, what: impl FnOnce() -> String) -> Truth {
    let Some((first, last)) = birth_span(p) else {
        return Truth::No;
    };
    match (holds(first), holds(last)) {
        (true, true) => Truth::Yes,
        (false, false) => Truth::No,
        _ => Truth::Unknown(what()),
    }
}

fn born_between(p: &Player, from: Option<Date>, until: Option<Date>) -> Truth {
    let holds = |d: Date| from.is_none_or(|f| d >= f) && until.is_none_or(|u| d <= u);
    let limit = from
        .map(|f| format!("born_from = {f}"))
        .or(until.map(|u| format!("born_until = {u}")))
        .unwrap_or_default();
    decide(p, holds, || {
        format!(
            "{} is born in {}: the year alone does not decide {limit}",
            p.name,
            p.birth_date.map(|b| b.year()).unwrap_or_default()
        )
    })
}

fn age_between(p: &Player, on: Date, min: Option<u8>, max: Option<u8>) -> Truth {
    let age = |born: Date| {
        let mut a = i32::from(on.year()) - i32::from(born.year());
        if (on.month(), on.day()) < (born.month(), born.day()) {
            a -= 1;
        }
        a
    };
    let holds = |d: Date| {
        let a = age(d);
        min.is_none_or(|m| a >= i32::from(m)) && max.is_none_or(|m| a <= i32::from(m))
    };
    decide(p, holds, || {
        let year = p.birth_date.map(|b| b.year()).unwrap_or_default();
        format!(
            "{} is born in {year}: {} or {} full years on {on}; the full birth date decides",
            p.name,
            i32::from(on.year()) - i32::from(year) - 1,
            i32::from(on.year()) - i32::from(year),
        )
    })
}

fn sex<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Sex>, D::Error> {
    let s = String::deserialize(d)?;
    match s.trim().to_ascii_lowercase().as_str() {
        "w" | "f" => Ok(Some(Sex::Female)),
        "m" => Ok(Some(Sex::Male)),
        _ => Err(serde::de::Error::custom(format!(
            "'{s}' is not a sex (\"w\" or \"m\")"
        ))),
    }
}

/// Reads a rating-list name.
pub fn parse_rating_list(s: &str) -> Option<RatingList> {
    match s.trim().to_ascii_lowercase().as_str() {
        "standard" | "fide" => Some(RatingList::Fide),
        "rapid" => Some(RatingList::Rapid),
        "blitz" => Some(RatingList::Blitz),
        "national" => Some(RatingList::National),
        _ => None,
    }
}

/// Deserialises an optional rating-list name.
pub fn rating_list<'de, D: Deserializer<'de>>(d: D) -> Result<Option<RatingList>, D::Error> {
    let s = String::deserialize(d)?;
    parse_rating_list(&s).map(Some).ok_or_else(|| {
        serde::de::Error::custom(format!(
            "'{s}' is not a rating list (standard, rapid, blitz, national)"
        ))
    })
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

fn one_or_many<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
    let list = match OneOrMany::deserialize(d)? {
        OneOrMany::One(s) => vec![s],
        OneOrMany::Many(v) => v,
    };
    if list.is_empty() {
        return Err(serde::de::Error::custom("an empty list"));
    }
    Ok(Some(
        list.into_iter().map(|s| s.trim().to_string()).collect(),
    ))
}

fn titles<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<Title>>, D::Error> {
    let Some(list) = one_or_many(d)? else {
        return Ok(None);
    };
    list.iter()
        .map(|s| s.parse::<Title>().map_err(serde::de::Error::custom))
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_model::date::BirthDate;

    fn cond(text: &str) -> Condition {
        toml::from_str(text).unwrap()
    }

    fn player(birth: &str) -> Player {
        Player {
            name: "Kid".into(),
            birth_date: Some(birth.parse().unwrap()),
            ..Player::default()
        }
    }

    fn eval(c: &Condition, p: &Player, on: Date) -> Truth {
        let s = Subject {
            who: Who::Player(p),
            section: None,
            registered_at: None,
        };
        let ctx = Context {
            reference_date: Some(on),
            unrated_rating: None,
        };
        c.eval(&s, &ctx).unwrap()
    }

    /// prizes.md §1: "under n" = younger than n on the reference date.
    #[test]
    fn ages_are_full_years_on_the_reference_day() {
        let u16 = cond("max_age = 15");
        let on = Date::new(2008, 7, 1).unwrap();
        assert_eq!(eval(&u16, &player("1992-07-02"), on), Truth::Yes);
        assert_eq!(eval(&u16, &player("1992-07-01"), on), Truth::No);
        assert_eq!(eval(&u16, &player("1993"), on), Truth::Yes);
        assert_eq!(eval(&u16, &player("1991"), on), Truth::No);
        assert!(matches!(eval(&u16, &player("1992"), on), Truth::Unknown(_)));
        assert_eq!(eval(&u16, &Player::default(), on), Truth::No);
    }

    /// Seed 004: "1994 г.р. и моложе" is a birth-year rule: the year decides.
    #[test]
    fn birth_years_decide_year_boundaries() {
        let junior = cond("born_from = 1994-01-01");
        let on = Date::new(2012, 10, 4).unwrap();
        assert_eq!(eval(&junior, &player("1994"), on), Truth::Yes);
        assert_eq!(eval(&junior, &player("1993-12-31"), on), Truth::No);
        let mid = cond("born_from = 1994-06-01");
        assert!(matches!(eval(&mid, &player("1994"), on), Truth::Unknown(_)));
        assert_eq!(
            player("1994").birth_date,
            Some(BirthDate::Year(1994)),
            "a year-only birth date"
        );
    }

    #[test]
    fn any_all_not_and_unknown_combine_like_kleene_logic() {
        let on = Date::new(2008, 7, 1).unwrap();
        let mut p = player("1992");
        p.sex = Some(Sex::Female);
        let either = cond("any = [{ max_age = 15 }, { sex = \"w\" }]");
        assert_eq!(eval(&either, &p, on), Truth::Yes);
        let both = cond("all = [{ max_age = 15 }, { sex = \"m\" }]");
        assert_eq!(eval(&both, &p, on), Truth::No);
        let neither = cond("not = { max_age = 15 }");
        assert!(matches!(eval(&neither, &p, on), Truth::Unknown(_)));
    }

    #[test]
    fn rating_ranges_are_inclusive_and_exclude_the_unrated() {
        let band = cond("rating = [1600, 1799]\nrating_list = \"rapid\"");
        let on = Date::new(2013, 12, 1).unwrap();
        let mut p = Player::default();
        assert_eq!(eval(&band, &p, on), Truth::No);
        for (r, want) in [(1599, Truth::No), (1600, Truth::Yes), (1799, Truth::Yes)] {
            p.ratings.rapid = Some(r);
            assert_eq!(eval(&band, &p, on), want, "{r}");
        }
        p.ratings.rapid = Some(1800);
        assert_eq!(eval(&band, &p, on), Truth::No);
    }

    #[test]
    fn malformed_conditions_name_their_key() {
        let c = cond("any = [{ rating = [1800, 1600] }]");
        assert_eq!(c.validate().unwrap_err().key, "any[0].rating");
        let e = toml::from_str::<Condition>("sex = \"x\"").unwrap_err();
        assert!(e.to_string().contains("not a sex"), "{e}");
        let e = toml::from_str::<Condition>("raiting = 3").unwrap_err();
        assert!(e.to_string().contains("raiting"), "{e}");
    }
}
