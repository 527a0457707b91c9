//! The prize plan of a section, read from TOML (issue 12 schema):
//!
//! ```toml
//! currency = "PLN"
//! sharing = "hort"            # none | hort | equal
//! one_prize_per_player = true # default
//! reference_date = 2008-07-01 # ages on this day (default: the event's start)
//! rounding = "unit"           # unit (default, prizes.md §3.3) | cent
//! unrated_rating = 1399       # rating of the unrated for rating keys (default: none)
//!
//! [categories.women]
//! sex = "w"
//! min_entrants = 3            # players of the category with at least one game
//!
//! [[prize]]
//! label = "1st place"
//! place = 1                   # within the category; overall without one
//! amount = 2000               # or item = "cup" (+ value = 50 to order it)
//! cumulative = false          # true: outside one_prize_per_player
//! ```
//!
//! A category takes every key of [`Condition`] except `registered_after`.

use std::collections::BTreeMap;

use arbiter_model::date::Date;
use serde::Deserialize;

use crate::condition::{Condition, Context};
use crate::error::AwardsError;
use crate::money::Cents;
use crate::toml_time::CivilDate;

/// How players tied on score share cash prizes (prizes.md §3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sharing {
    /// Indivisible: the tie-breaks decide (§3.1).
    #[default]
    None,
    /// Half by tie-break, half pooled (§3.3).
    Hort,
    /// Pooled and split equally (§3.2).
    Equal,
}

/// How shared amounts are rounded (prizes.md §3.3 recommendation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rounding {
    /// Each payout down to the whole currency unit; the remainder goes to
    /// the members in tie-break order, a unit at a time.
    #[default]
    Unit,
    /// The same to the cent.
    Cent,
}

impl Rounding {
    /// The step in cents.
    pub fn step(self) -> i64 {
        match self {
            Rounding::Unit => 100,
            Rounding::Cent => 1,
        }
    }
}

/// A category: a condition and an optional minimum of entrants.
#[derive(Clone, Debug, PartialEq)]
pub struct Category {
    pub name: String,
    pub condition: Condition,
    /// Void below this many category players who played at least one game.
    pub min_entrants: Option<u32>,
}

/// Cash or in kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PrizeKind {
    Cash(Cents),
    /// Never shared; `value` orders it among the others.
    Item {
        name: String,
        value: Cents,
    },
}

/// One prize of the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct Prize {
    /// Position in the plan (0-based): the last ordering key.
    pub index: usize,
    pub label: String,
    /// Index into [`PrizePlan::categories`]; `None` = overall.
    pub category: Option<usize>,
    /// Place within the category (1-based).
    pub place: u32,
    pub kind: PrizeKind,
    /// Outside `one_prize_per_player`.
    pub cumulative: bool,
}

impl Prize {
    /// What orders the prize (its amount, or an item's `value`).
    pub fn value(&self) -> Cents {
        match &self.kind {
            PrizeKind::Cash(a) => *a,
            PrizeKind::Item { value, .. } => *value,
        }
    }

    /// The cash amount, `None` for an item.
    pub fn cash(&self) -> Option<Cents> {
        match self.kind {
            PrizeKind::Cash(a) => Some(a),
            PrizeKind::Item { .. } => None,
        }
    }
}

/// A section's prize plan.
#[derive(Clone, Debug, PartialEq)]
pub struct PrizePlan {
    pub currency: String,
    pub sharing: Sharing,
    pub one_prize_per_player: bool,
    pub reference_date: Option<Date>,
    pub rounding: Rounding,
    pub unrated_rating: Option<u16>,
    /// In name order.
    pub categories: Vec<Category>,
    /// In plan order.
    pub prizes: Vec<Prize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlan {
    currency: String,
    #[serde(default)]
    sharing: Sharing,
    #[serde(default = "yes")]
    one_prize_per_player: bool,
    reference_date: Option<CivilDate>,
    #[serde(default)]
    rounding: Rounding,
    unrated_rating: Option<u16>,
    #[serde(default)]
    categories: BTreeMap<String, toml::Table>,
    #[serde(default, rename = "prize")]
    prizes: Vec<RawPrize>,
}

fn yes() -> bool {
    true
}

fn one() -> u32 {
    1
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPrize {
    label: String,
    category: Option<String>,
    #[serde(default = "one")]
    place: u32,
    amount: Option<Cents>,
    item: Option<String>,
    value: Option<Cents>,
    #[serde(default)]
    cumulative: bool,
}

impl PrizePlan {
    /// Reads a plan; errors name the key (`prize[2].category: …`).
    pub fn parse(text: &str) -> Result<PrizePlan, AwardsError> {
        let raw: RawPlan = toml::from_str(text)?;
        PrizePlan::from_raw(raw, "")
    }

    /// Reads the plan held in a table of another file (a series'
    /// `[prizes]`); `prefix` starts every key in messages.
    pub(crate) fn from_table(table: toml::Table, prefix: &str) -> Result<PrizePlan, AwardsError> {
        let raw = RawPlan::deserialize(toml::Value::Table(table))
            .map_err(|e| AwardsError::invalid(prefix.trim_end_matches('.'), e.to_string()))?;
        PrizePlan::from_raw(raw, prefix)
    }

    fn from_raw(raw: RawPlan, prefix: &str) -> Result<PrizePlan, AwardsError> {
        let key = |k: &str| format!("{prefix}{k}");
        if raw.currency.trim().is_empty() {
            return Err(AwardsError::invalid(key("currency"), "empty"));
        }
        let mut categories = Vec::new();
        for (name, mut table) in raw.categories {
            let at = key(&format!("categories.{name}"));
            let min_entrants = match table.remove("min_entrants") {
                None => None,
                Some(v) => Some(
                    v.as_integer()
                        .and_then(|n| u32::try_from(n).ok())
                        .filter(|&n| n > 0)
                        .ok_or_else(|| {
                            AwardsError::invalid(
                                format!("{at}.min_entrants"),
                                "expected a positive integer",
                            )
                        })?,
                ),
            };
            let condition = Condition::deserialize(toml::Value::Table(table))
                .map_err(|e| AwardsError::invalid(&at, e.to_string()))?;
            condition
                .validate()
                .map_err(|e| AwardsError::invalid(format!("{at}.{}", e.key), e.message))?;
            if condition.uses_registration() {
                return Err(AwardsError::invalid(
                    format!("{at}.registered_after"),
                    "only fee rules may test the registration time",
                ));
            }
            categories.push(Category {
                name,
                condition,
                min_entrants,
            });
        }
        let mut prizes: Vec<Prize> = Vec::new();
        for (index, p) in raw.prizes.into_iter().enumerate() {
            let at = |k: &str| key(&format!("prize[{}].{k}", index + 1));
            if p.label.trim().is_empty() {
                return Err(AwardsError::invalid(at("label"), "empty"));
            }
            let category = match &p.category {
                None => None,
                Some(name) => Some(categories.iter().position(|c| &c.name == name).ok_or_else(
                    || {
                        AwardsError::invalid(
                            at("category"),
                            format!("no [categories.{name}] in the plan"),
                        )
                    },
                )?),
            };
            if p.place == 0 {
                return Err(AwardsError::invalid(at("place"), "places start at 1"));
            }
            let kind = match (p.amount, p.item, p.value) {
                (Some(a), None, None) if a > Cents::ZERO => PrizeKind::Cash(a),
                (Some(_), None, None) => {
                    return Err(AwardsError::invalid(
                        at("amount"),
                        "must be positive (a prize without cash is an item)",
                    ));
                }
                (None, Some(name), value) if !name.trim().is_empty() => PrizeKind::Item {
                    name,
                    value: value.unwrap_or_default(),
                },
                (None, Some(_), _) => return Err(AwardsError::invalid(at("item"), "empty")),
                (Some(_), Some(_), _) => {
                    return Err(AwardsError::invalid(
                        at("item"),
                        "a prize is an amount or an item, not both",
                    ));
                }
                (Some(_), None, Some(_)) => {
                    return Err(AwardsError::invalid(
                        at("value"),
                        "only an item has a value (an amount is its own value)",
                    ));
                }
                (None, None, _) => {
                    return Err(AwardsError::invalid(
                        at("amount"),
                        "a prize needs an amount or an item",
                    ));
                }
            };
            let prize = Prize {
                index,
                label: p.label,
                category,
                place: p.place,
                kind,
                cumulative: p.cumulative,
            };
            if let Some(twin) = prizes.iter().find(|q| {
                q.category == prize.category
                    && q.place == prize.place
                    && q.cumulative == prize.cumulative
                    && q.cash().is_some() == prize.cash().is_some()
            }) {
                return Err(AwardsError::invalid(
                    at("place"),
                    format!(
                        "'{}' already is the prize of this place (make one of them cumulative)",
                        twin.label
                    ),
                ));
            }
            prizes.push(prize);
        }
        Ok(PrizePlan {
            currency: raw.currency,
            sharing: raw.sharing,
            one_prize_per_player: raw.one_prize_per_player,
            reference_date: raw.reference_date.map(|d| d.0),
            rounding: raw.rounding,
            unrated_rating: raw.unrated_rating,
            categories,
            prizes,
        })
    }

    /// The category called `name`.
    pub fn category(&self, name: &str) -> Result<usize, AwardsError> {
        self.categories
            .iter()
            .position(|c| c.name == name)
            .ok_or_else(|| AwardsError::UnknownCategory(name.to_string()))
    }

    /// The evaluation context: the plan's reference date, else `event_start`.
    pub fn context(&self, event_start: Option<Date>) -> Context {
        Context {
            reference_date: self.reference_date.or(event_start),
            unrated_rating: self.unrated_rating,
        }
    }

    /// True when `prize` is subject to `one_prize_per_player`.
    pub fn is_exclusive(&self, prize: &Prize) -> bool {
        self.one_prize_per_player && !prize.cumulative
    }

    /// The name of a prize's category (`overall` without one).
    pub fn category_name(&self, prize: &Prize) -> &str {
        prize
            .category
            .map_or("overall", |c| self.categories[c].name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAN: &str = r#"
currency = "PLN"
sharing = "hort"
reference_date = 2008-07-01

[categories.women]
sex = "w"
[categories.band_e]
rating = [1600, 1799]
rating_list = "rapid"
min_entrants = 3

[[prize]]
label = "1st place"
amount = 2000
[[prize]]
label = "Best woman"
category = "women"
amount = 500.5
[[prize]]
label = "Cup"
item = "cup"
cumulative = true
"#;

    #[test]
    fn reads_the_issue_schema() {
        let plan = PrizePlan::parse(PLAN).unwrap();
        assert_eq!(plan.sharing, Sharing::Hort);
        assert!(plan.one_prize_per_player);
        assert_eq!(plan.reference_date, Some(Date::new(2008, 7, 1).unwrap()));
        assert_eq!(plan.categories.len(), 2);
        assert_eq!(plan.categories[0].name, "band_e");
        assert_eq!(plan.categories[0].min_entrants, Some(3));
        assert_eq!(plan.prizes[1].category, Some(1));
        assert_eq!(plan.prizes[1].kind, PrizeKind::Cash(Cents(50050)));
        assert_eq!(
            plan.prizes[2].kind,
            PrizeKind::Item {
                name: "cup".into(),
                value: Cents::ZERO
            }
        );
        assert!(plan.prizes[2].cumulative);
    }

    #[test]
    fn errors_name_the_key() {
        let cases = [
            (
                "currency = \"PLN\"\n[[prize]]\nlabel = \"x\"\ncategory = \"u8\"\namount = 5",
                "prize[1].category",
            ),
            (
                "currency = \"PLN\"\n[[prize]]\nlabel = \"x\"\namount = 5\nitem = \"cup\"",
                "prize[1].item",
            ),
            (
                "currency = \"PLN\"\n[[prize]]\nlabel = \"x\"\nplace = 0\namount = 5",
                "prize[1].place",
            ),
            (
                "currency = \"PLN\"\n[categories.u16]\nmax_agee = 15",
                "categories.u16",
            ),
            (
                "currency = \"PLN\"\n[categories.u16]\nmin_entrants = 0",
                "categories.u16.min_entrants",
            ),
            (
                "currency = \"PLN\"\n[categories.x]\nrating = [2000, 1800]",
                "categories.x.rating",
            ),
            ("currency = \"PLN\"\nsharing = \"halves\"", "sharing"),
            (
                "currency = \"PLN\"\n[[prize]]\nlabel = \"x\"\namount = 1.234",
                "amount",
            ),
            (
                "currency = \"PLN\"\n[[prize]]\nlabel = \"a\"\namount = 5\n[[prize]]\nlabel = \"b\"\namount = 4",
                "prize[2].place",
            ),
        ];
        for (text, key) in cases {
            let e = PrizePlan::parse(text).unwrap_err().to_string();
            assert!(e.contains(key), "{key} not in: {e}");
        }
    }
}
