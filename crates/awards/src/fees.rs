//! Entry fees (fees-and-series.md §1), read from TOML:
//!
//! ```toml
//! currency = "BYN"
//! base = 20                  # or per section: [base] A = 70  B = 60
//! per = "player"             # player (default) | team: one fee per team entry
//! stacking = "best"          # best (default): the lowest applying rule | first
//! reference_date = 2012-10-04 # ages for `max_age`/`min_age` (default: the event's start)
//! sponsors = 500             # declared beside the fees: prize fund = fees + sponsors
//! utc_offset = "+03:00"      # the event's local time, for registration times (recorded in UTC)
//!
//! [[rule]]                   # reductions and exemptions
//! label = "GM/IM 2400+"
//! when = { title = ["GM", "IM"], rating_min = 2400 }
//! pay = 0                    # a fixed price, or pay_percent = 75 (of the base)
//!
//! [[surcharge]]              # applied in order after the reduction
//! label = "on the day"
//! when = { registered_after = 2012-10-04T00:00:00 }
//! add = 5                    # or raise_to = 50: the fee becomes at least 50
//! ```
//!
//! `when` takes every key of [`Condition`]; without `when` a rule always
//! applies. Default stacking (§1.3): one reduction, the best for the
//! player (the lowest price; the earlier rule on equal prices; none when no
//! rule is below the base); then every surcharge that applies.

use std::collections::{BTreeMap, BTreeSet};

use arbiter_model::Player;
use arbiter_model::date::{Date, DateTime};
use serde::{Deserialize, Serialize};

use crate::condition::{Condition, Context, Subject, Truth, Who};
use crate::error::AwardsError;
use crate::money::Cents;
use crate::ranking::PlayerId;
use crate::toml_time::CivilDate;

pub use crate::money::Method;
/// One payment (negative: a refund), as the journal records it.
pub use arbiter_model::journal::Payment;

/// Who pays one fee.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Per {
    #[default]
    Player,
    /// Team sections: one fee per team (seed 001).
    Team,
}

/// How several applying rules combine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Stacking {
    /// The single best reduction for the player.
    #[default]
    Best,
    /// The first rule (in file order) that applies.
    First,
}

/// What a rule does to the base fee.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Price {
    /// A fixed price.
    Pay(Cents),
    /// A percentage of the base.
    Percent(u32),
}

/// A reduction or exemption.
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    pub label: String,
    pub when: Condition,
    pub price: Price,
}

/// What a surcharge does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Raise {
    Add(Cents),
    /// The fee becomes at least this ("increased to 50 zł").
    To(Cents),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Surcharge {
    pub label: String,
    pub when: Condition,
    pub raise: Raise,
}

/// An event's fee schedule.
#[derive(Clone, Debug, PartialEq)]
pub struct FeeSchedule {
    pub currency: String,
    /// The base fee of every section, or per section code.
    pub base: Base,
    pub per: Per,
    pub stacking: Stacking,
    pub reference_date: Option<Date>,
    pub sponsors: Cents,
    /// The offset from UTC of the event's local time: registration times
    /// are recorded in UTC and compared with `registered_after` (a local
    /// time) once shifted by it.
    pub utc_offset: Option<jiff::tz::Offset>,
    pub rules: Vec<Rule>,
    pub surcharges: Vec<Surcharge>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Base {
    All(Cents),
    PerSection(BTreeMap<String, Cents>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSchedule {
    currency: String,
    base: toml::Value,
    #[serde(default)]
    per: Per,
    #[serde(default)]
    stacking: Stacking,
    reference_date: Option<CivilDate>,
    #[serde(default)]
    sponsors: Cents,
    utc_offset: Option<String>,
    #[serde(default, rename = "rule")]
    rules: Vec<RawRule>,
    #[serde(default, rename = "surcharge")]
    surcharges: Vec<RawSurcharge>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRule {
    label: String,
    #[serde(default)]
    when: Condition,
    pay: Option<Cents>,
    pay_percent: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSurcharge {
    label: String,
    #[serde(default)]
    when: Condition,
    add: Option<Cents>,
    raise_to: Option<Cents>,
}

fn amount(v: toml::Value, key: &str) -> Result<Cents, AwardsError> {
    let c = Cents::deserialize(v).map_err(|e| AwardsError::invalid(key, e.to_string()))?;
    if c < Cents::ZERO {
        return Err(AwardsError::invalid(key, "negative"));
    }
    Ok(c)
}

/// `+HH:MM`, `-HH:MM` or `Z`.
fn offset(text: &str) -> Result<jiff::tz::Offset, AwardsError> {
    let bad = || {
        AwardsError::invalid(
            "utc_offset",
            format!("'{text}' is not an offset from UTC such as \"+02:00\" or \"-05:00\""),
        )
    };
    let t = text.trim();
    if t == "Z" {
        return Ok(jiff::tz::Offset::UTC);
    }
    let (sign, rest) = match t.as_bytes().first() {
        Some(b'+') => (1, &t[1..]),
        Some(b'-') => (-1, &t[1..]),
        _ => return Err(bad()),
    };
    let (h, m) = rest.split_once(':').ok_or_else(bad)?;
    let two = |s: &str| {
        (s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<i32>().ok())
            .flatten()
    };
    match (two(h), two(m)) {
        (Some(h), Some(m)) if h <= 14 && m < 60 => {
            jiff::tz::Offset::from_seconds(sign * (h * 3600 + m * 60)).map_err(|_| bad())
        }
        _ => Err(bad()),
    }
}

fn checked(when: &Condition, key: &str) -> Result<(), AwardsError> {
    when.validate()
        .map_err(|e| AwardsError::invalid(format!("{key}.when.{}", e.key), e.message))
}

impl FeeSchedule {
    /// Reads a fee schedule; errors name the key (`rule[2].pay_percent: …`).
    pub fn parse(text: &str) -> Result<FeeSchedule, AwardsError> {
        let raw: RawSchedule = toml::from_str(text)?;
        let base = match raw.base {
            toml::Value::Table(t) => {
                let mut map = BTreeMap::new();
                for (section, v) in t {
                    let a = amount(v, &format!("base.{section}"))?;
                    map.insert(section, a);
                }
                if map.is_empty() {
                    return Err(AwardsError::invalid("base", "no section"));
                }
                Base::PerSection(map)
            }
            v => Base::All(amount(v, "base")?),
        };
        let mut rules = Vec::new();
        for (i, r) in raw.rules.into_iter().enumerate() {
            let key = format!("rule[{}]", i + 1);
            checked(&r.when, &key)?;
            let price = match (r.pay, r.pay_percent) {
                (Some(p), None) if p >= Cents::ZERO => Price::Pay(p),
                (None, Some(p)) if p <= 100 => Price::Percent(p),
                (Some(_), None) => {
                    return Err(AwardsError::invalid(format!("{key}.pay"), "negative"));
                }
                (None, Some(_)) => {
                    return Err(AwardsError::invalid(
                        format!("{key}.pay_percent"),
                        "at most 100 (a surcharge raises a fee)",
                    ));
                }
                _ => {
                    return Err(AwardsError::invalid(
                        key,
                        "a rule needs exactly one of pay and pay_percent",
                    ));
                }
            };
            rules.push(Rule {
                label: r.label,
                when: r.when,
                price,
            });
        }
        let mut surcharges = Vec::new();
        for (i, s) in raw.surcharges.into_iter().enumerate() {
            let key = format!("surcharge[{}]", i + 1);
            checked(&s.when, &key)?;
            let raise = match (s.add, s.raise_to) {
                (Some(a), None) if a >= Cents::ZERO => Raise::Add(a),
                (None, Some(t)) if t >= Cents::ZERO => Raise::To(t),
                _ => {
                    return Err(AwardsError::invalid(
                        key,
                        "a surcharge needs exactly one of add and raise_to (not negative)",
                    ));
                }
            };
            surcharges.push(Surcharge {
                label: s.label,
                when: s.when,
                raise,
            });
        }
        if raw.sponsors < Cents::ZERO {
            return Err(AwardsError::invalid("sponsors", "negative"));
        }
        let utc_offset = raw.utc_offset.as_deref().map(offset).transpose()?;
        Ok(FeeSchedule {
            currency: raw.currency,
            base,
            per: raw.per,
            stacking: raw.stacking,
            reference_date: raw.reference_date.map(|d| d.0),
            sponsors: raw.sponsors,
            utc_offset,
            rules,
            surcharges,
        })
    }

    /// True when some rule or surcharge reads the registration time.
    pub fn uses_registration(&self) -> bool {
        self.rules.iter().any(|r| r.when.uses_registration())
            || self.surcharges.iter().any(|s| s.when.uses_registration())
    }

    /// The base fee of `section`.
    pub fn base_of(&self, section: &str) -> Result<Cents, AwardsError> {
        match &self.base {
            Base::All(c) => Ok(*c),
            Base::PerSection(map) => map.get(section).copied().ok_or_else(|| {
                AwardsError::invalid(format!("base.{section}"), "no base fee for this section")
            }),
        }
    }

    /// The fee an entry owes.
    pub fn due(&self, entry: &Entry, event_start: Option<Date>) -> Result<Due, AwardsError> {
        let ctx = Context {
            reference_date: self.reference_date.or(event_start),
            unrated_rating: None,
        };
        let subject = entry.subject();
        let holds = |when: &Condition, key: String| -> Result<bool, AwardsError> {
            match when
                .eval(&subject, &ctx)
                .map_err(|e| AwardsError::invalid(&key, e.to_string()))?
            {
                Truth::Yes => Ok(true),
                Truth::No => Ok(false),
                Truth::Unknown(reason) => Err(AwardsError::Undecided {
                    key,
                    id: entry.id,
                    reason,
                }),
            }
        };
        let base = self.base_of(&entry.section)?;
        let mut fee = base;
        let mut rule = None;
        for (i, r) in self.rules.iter().enumerate() {
            if !holds(&r.when, format!("rule[{}].when", i + 1))? {
                continue;
            }
            let price = match r.price {
                Price::Pay(p) => p,
                Price::Percent(p) => base.percent(p),
            };
            match self.stacking {
                Stacking::First => {
                    fee = price;
                    rule = Some(r.label.clone());
                    break;
                }
                Stacking::Best if price < fee => {
                    fee = price;
                    rule = Some(r.label.clone());
                }
                Stacking::Best => {}
            }
        }
        let mut surcharges = Vec::new();
        for (i, s) in self.surcharges.iter().enumerate() {
            if !holds(&s.when, format!("surcharge[{}].when", i + 1))? {
                continue;
            }
            let before = fee;
            fee = match s.raise {
                Raise::Add(a) => fee + a,
                Raise::To(t) => fee.max(t),
            };
            if fee != before {
                surcharges.push(s.label.clone());
            }
        }
        Ok(Due {
            id: entry.id,
            name: entry.name.clone(),
            base,
            rule,
            surcharges,
            due: fee,
        })
    }
}

/// One entry that pays a fee: a player, or a team in a team section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The player's id, or the team's number.
    pub id: PlayerId,
    pub name: String,
    pub section: String,
    pub payer: Payer,
    /// When the entry was registered (from the journal); needed by
    /// `registered_after`.
    pub registered_at: Option<DateTime>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payer {
    Player(Player),
    /// A team: `tag` conditions test its own tags (`second`, `local`),
    /// every other key holds when it holds for every member.
    Team {
        tags: Vec<String>,
        members: Vec<Player>,
    },
}

impl Entry {
    fn subject(&self) -> Subject<'_> {
        Subject {
            who: match &self.payer {
                Payer::Player(p) => Who::Player(p),
                Payer::Team { tags, members } => Who::Team { tags, members },
            },
            section: Some(&self.section),
            registered_at: self.registered_at,
        }
    }
}

/// The fee of one entry and how it was reached.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Due {
    pub id: PlayerId,
    pub name: String,
    pub base: Cents,
    /// The reduction applied (`None`: the base).
    pub rule: Option<String>,
    pub surcharges: Vec<String>,
    pub due: Cents,
}

/// One line of the ledger.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LedgerLine {
    pub id: PlayerId,
    pub name: String,
    pub due: Cents,
    /// The reduction's label, or `base`; surcharges follow after ` + `.
    pub rule: String,
    pub paid: Cents,
    /// `due - paid` (negative when overpaid).
    pub outstanding: Cents,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RuleTotal {
    pub rule: String,
    pub entries: u32,
    pub due: Cents,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MethodTotal {
    pub method: Method,
    pub payments: u32,
    pub paid: Cents,
}

/// The fee ledger of an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ledger {
    pub currency: String,
    /// Whose the entries are: players, or teams (their ids are team ids).
    pub per: Per,
    pub entries: Vec<LedgerLine>,
    /// By the rule that set the fee (`base` for none), in order of first use.
    pub by_rule: Vec<RuleTotal>,
    pub by_method: Vec<MethodTotal>,
    pub due: Cents,
    pub paid: Cents,
    pub outstanding: Cents,
    pub sponsors: Cents,
    /// Fees collected (payments net of refunds) plus the sponsors.
    pub prize_fund: Cents,
}

/// The ledger of `entries` given `payments`.
pub fn ledger(
    schedule: &FeeSchedule,
    entries: &[Entry],
    payments: &[Payment],
    event_start: Option<Date>,
) -> Result<Ledger, AwardsError> {
    let mut ids = BTreeSet::new();
    for e in entries {
        if !ids.insert(e.id) {
            return Err(AwardsError::DuplicateId {
                what: "fee entries".into(),
                id: e.id,
            });
        }
        let is_team = matches!(e.payer, Payer::Team { .. });
        if is_team != (schedule.per == Per::Team) {
            return Err(AwardsError::invalid(
                "per",
                format!(
                    "entry {} is a {} but the fees are per {}",
                    e.id,
                    if is_team { "team" } else { "player" },
                    if schedule.per == Per::Team {
                        "team"
                    } else {
                        "player"
                    }
                ),
            ));
        }
    }
    let mut paid: BTreeMap<PlayerId, Cents> = BTreeMap::new();
    let mut methods: BTreeMap<Method, (u32, Cents)> = BTreeMap::new();
    for (i, p) in payments.iter().enumerate() {
        if !ids.contains(&p.id) {
            return Err(AwardsError::UnknownEntry {
                index: i + 1,
                id: p.id,
            });
        }
        *paid.entry(p.id).or_default() += p.amount;
        let m = methods.entry(p.method).or_default();
        m.0 += 1;
        m.1 += p.amount;
    }
    let mut lines = Vec::with_capacity(entries.len());
    let mut by_rule: Vec<RuleTotal> = Vec::new();
    for e in entries {
        let due = schedule.due(e, event_start)?;
        let mut rule = due.rule.clone().unwrap_or_else(|| "base".to_string());
        for s in &due.surcharges {
            rule.push_str(" + ");
            rule.push_str(s);
        }
        match by_rule.iter_mut().find(|t| t.rule == rule) {
            Some(t) => {
                t.entries += 1;
                t.due += due.due;
            }
            None => by_rule.push(RuleTotal {
                rule: rule.clone(),
                entries: 1,
                due: due.due,
            }),
        }
        let p = paid.get(&e.id).copied().unwrap_or_default();
        lines.push(LedgerLine {
            id: e.id,
            name: e.name.clone(),
            due: due.due,
            rule,
            paid: p,
            outstanding: due.due - p,
        });
    }
    let total_due: Cents = lines.iter().map(|l| l.due).sum();
    let total_paid: Cents = lines.iter().map(|l| l.paid).sum();
    Ok(Ledger {
        currency: schedule.currency.clone(),
        per: schedule.per,
        entries: lines,
        by_rule,
        by_method: methods
            .into_iter()
            .map(|(method, (payments, paid))| MethodTotal {
                method,
                payments,
                paid,
            })
            .collect(),
        due: total_due,
        paid: total_paid,
        outstanding: total_due - total_paid,
        sponsors: schedule.sponsors,
        prize_fund: total_paid + schedule.sponsors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_offsets_are_read_or_named() {
        let at = |o: &str| {
            FeeSchedule::parse(&format!(
                "currency = \"PLN\"\nbase = 30\nutc_offset = \"{o}\""
            ))
        };
        assert_eq!(
            at("+02:00").unwrap().utc_offset.map(|o| o.seconds()),
            Some(7200)
        );
        assert_eq!(
            at("-05:30").unwrap().utc_offset.map(|o| o.seconds()),
            Some(-19800)
        );
        assert_eq!(at("Z").unwrap().utc_offset.map(|o| o.seconds()), Some(0));
        for bad in ["2", "+2:00", "+02:60", "+15:00", "CET"] {
            let e = at(bad).unwrap_err().to_string();
            assert!(e.starts_with("utc_offset: "), "{bad}: {e}");
        }
    }
}
