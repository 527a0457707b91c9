//! Grand Prix series (fees-and-series.md §2), read from TOML:
//!
//! ```toml
//! name = "Gran Prix Lupiae 2012-13"
//! events = ["ev1.arb", "ev2.trf"]  # in calendar order; read by the application layer
//! points = [25, 20, 17, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2]
//! min_points = 1                   # every participant gets at least this
//! best = "70%"                     # or a count; a percentage rounds up (10 -> 7, 19 -> 14)
//! bonus_per_event = 2              # for every event played, counted or not
//! identity = ["fide-id", "name+birth"]   # also "name"
//! tiebreaks = ["discarded", "best-single", "last-event-place"]  # also "events-played"
//! require_last_event = true        # prizes only for players of the last event
//! min_events = 5                   # prizes only for players of at least 5 events
//! bands_at = "last-event"          # or "first-event": whose attributes the prizes read
//! rating_list = "rapid"            # the rating shown as the band
//! [prizes]                         # a prize plan (plan.rs) over the series ranking
//! ```
//!
//! Points come from each event's final place after its tie-breaks (§2.2,
//! `ByTiebreak`); an event whose standings still share a place is refused.
//! The best results count (§2.3) — among equal results the earlier event's
//! is counted — and the bonus is added for every event played. "Events
//! held" for a percentage are the events handed over.

use std::cmp::Ordering;

use arbiter_model::date::{BirthDate, Date};
use arbiter_model::{Player, Points, Tournament};
use arbiter_standings::{RatingList, Standings};
use serde::{Deserialize, Serialize};

use crate::allocate::{Allocation, Options, allocate};
use crate::condition::{Subject, Truth, Who, parse_rating_list, rating_on};
use crate::error::AwardsError;
use crate::plan::PrizePlan;
use crate::ranking::{PlayerId, Ranked, Ranking};

/// How many results count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Best {
    All,
    Count(u32),
    /// Percent of the events held, rounded up.
    Percent(u32),
}

impl Best {
    /// The number of results counted out of `held` events.
    pub fn of(self, held: u32) -> u32 {
        match self {
            Best::All => held,
            Best::Count(n) => n.min(held),
            Best::Percent(p) => (p * held).div_ceil(100),
        }
    }
}

/// A key that identifies a player across events.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Identity {
    #[serde(rename = "fide-id")]
    FideId,
    #[serde(rename = "name+birth")]
    NameBirth,
    #[serde(rename = "name")]
    Name,
}

/// A series tie-break (§2.4), in the organiser's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum SeriesTiebreak {
    /// The best discarded result, then the next … (OTHELLO).
    #[serde(rename = "discarded")]
    Discarded,
    /// The highest single result, then the next …
    #[serde(rename = "best-single")]
    BestSingle,
    /// The better place in the last event (not playing it is worse).
    #[serde(rename = "last-event-place")]
    LastEventPlace,
    #[serde(rename = "events-played")]
    EventsPlayed,
}

/// Whose attributes (rating, age) the series prizes read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum BandsAt {
    #[default]
    #[serde(rename = "last-event")]
    LastEvent,
    #[serde(rename = "first-event")]
    FirstEvent,
}

/// A series definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub events: Vec<String>,
    pub points: Vec<u32>,
    pub min_points: u32,
    pub best: Best,
    pub bonus_per_event: u32,
    pub identity: Vec<Identity>,
    pub tiebreaks: Vec<SeriesTiebreak>,
    pub require_last_event: bool,
    pub min_events: Option<u32>,
    pub bands_at: BandsAt,
    pub rating_list: RatingList,
    pub prizes: Option<PrizePlan>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSeries {
    name: String,
    events: Vec<String>,
    points: Vec<u32>,
    #[serde(default)]
    min_points: u32,
    best: Option<toml::Value>,
    #[serde(default)]
    bonus_per_event: u32,
    identity: Option<Vec<Identity>>,
    #[serde(default)]
    tiebreaks: Vec<SeriesTiebreak>,
    #[serde(default)]
    require_last_event: bool,
    min_events: Option<u32>,
    #[serde(default)]
    bands_at: BandsAt,
    rating_list: Option<String>,
    prizes: Option<toml::Table>,
}

impl Series {
    /// Reads a series file; errors name the key.
    pub fn parse(text: &str) -> Result<Series, AwardsError> {
        let raw: RawSeries = toml::from_str(text)?;
        if raw.events.is_empty() {
            return Err(AwardsError::invalid("events", "no event"));
        }
        if raw.points.windows(2).any(|w| w[0] < w[1]) {
            return Err(AwardsError::invalid(
                "points",
                "must not increase with the place",
            ));
        }
        let best = match raw.best {
            None => Best::All,
            Some(toml::Value::Integer(n)) if n > 0 => {
                Best::Count(n.min(i64::from(u32::MAX)) as u32)
            }
            Some(toml::Value::String(s)) => s
                .trim()
                .strip_suffix('%')
                .and_then(|p| p.trim().parse::<u32>().ok())
                .filter(|p| (1..=100).contains(p))
                .map(Best::Percent)
                .ok_or_else(|| {
                    AwardsError::invalid(
                        "best",
                        format!("'{s}' is not a percentage such as \"70%\""),
                    )
                })?,
            Some(v) => {
                return Err(AwardsError::invalid(
                    "best",
                    format!(
                        "{} is neither a positive count nor a percentage",
                        v.type_str()
                    ),
                ));
            }
        };
        let identity = raw
            .identity
            .unwrap_or_else(|| vec![Identity::FideId, Identity::NameBirth]);
        if identity.is_empty() {
            return Err(AwardsError::invalid("identity", "no key"));
        }
        let rating_list = match raw.rating_list {
            None => RatingList::Fide,
            Some(s) => parse_rating_list(&s).ok_or_else(|| {
                AwardsError::invalid(
                    "rating_list",
                    format!("'{s}' is not a rating list (standard, rapid, blitz, national)"),
                )
            })?,
        };
        let prizes = raw
            .prizes
            .map(|t| PrizePlan::from_table(t, "prizes."))
            .transpose()?;
        Ok(Series {
            name: raw.name,
            events: raw.events,
            points: raw.points,
            min_points: raw.min_points,
            best,
            bonus_per_event: raw.bonus_per_event,
            identity,
            tiebreaks: raw.tiebreaks,
            require_last_event: raw.require_last_event,
            min_events: raw.min_events,
            bands_at: raw.bands_at,
            rating_list,
            prizes,
        })
    }

    /// The points of a place (1-based).
    pub fn points_of(&self, place: u32) -> u32 {
        let table = self.points.get(place as usize - 1).copied().unwrap_or(0);
        table.max(self.min_points)
    }
}

/// One event's final standings as the series reads them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesEvent {
    pub name: String,
    /// In ranking order.
    pub lines: Vec<EventLine>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventLine {
    pub rank: u32,
    pub rank_to: u32,
    pub player: Player,
}

impl SeriesEvent {
    /// The event `name` from its standings computed on `t`.
    pub fn from_standings(name: &str, standings: &Standings, t: &Tournament) -> SeriesEvent {
        SeriesEvent {
            name: name.to_string(),
            lines: standings
                .rows
                .iter()
                .filter_map(|r| {
                    t.entrant(r.tpn).map(|e| EventLine {
                        rank: r.rank,
                        rank_to: r.rank_to,
                        player: e.player.clone(),
                    })
                })
                .collect(),
        }
    }
}

/// One player's result in one event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct EventResult {
    pub place: u32,
    pub points: u32,
    pub counted: bool,
}

/// One line of the series standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeriesLine {
    pub rank: u32,
    pub rank_to: u32,
    /// The series' own number for the player (1, 2, … by first appearance),
    /// the `id` of the prize allocation.
    pub id: PlayerId,
    pub name: String,
    pub fide_id: Option<u64>,
    pub total: u32,
    /// One cell per event, `None` where he did not play.
    pub results: Vec<Option<EventResult>>,
    pub bonus: u32,
    pub events_played: u32,
    /// His rating on the series' list at `bands_at`.
    pub rating: Option<u16>,
    /// The prize plan's categories he belongs to (his band).
    pub categories: Vec<String>,
    /// May receive series prizes (`require_last_event`, `min_events`).
    pub eligible: bool,
}

/// The series standings and, with a `[prizes]` plan, their allocation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SeriesStandings {
    pub name: String,
    pub events: Vec<String>,
    /// How many results count.
    pub counted: u32,
    pub lines: Vec<SeriesLine>,
    pub prizes: Option<Allocation>,
}

/// A player as identified across events.
struct Person {
    fide_id: Option<u64>,
    name: String,
    birth: Option<BirthDate>,
    /// `(event, place)` per event played.
    places: Vec<Option<u32>>,
    /// The attributes at the first and at the last event played.
    first: Player,
    last: Player,
}

fn normalised(name: &str) -> String {
    name.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn same_birth(a: BirthDate, b: BirthDate) -> bool {
    match (a.day(), b.day()) {
        (Some(x), Some(y)) => x == y,
        _ => a.year() == b.year(),
    }
}

/// The series standings of `events` (in calendar order). `reference_date`
/// is the day ages are computed on when the plan names none (the last
/// event's date).
pub fn series_standings(
    series: &Series,
    events: &[SeriesEvent],
    reference_date: Option<Date>,
) -> Result<SeriesStandings, AwardsError> {
    let n = events.len();
    let people = identify(series, events)?;
    let counted = series.best.of(n as u32);
    let last = n.checked_sub(1);
    let mut lines: Vec<SeriesLine> = people
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut results: Vec<Option<EventResult>> = p
                .places
                .iter()
                .map(|pl| {
                    pl.map(|place| EventResult {
                        place,
                        points: series.points_of(place),
                        counted: false,
                    })
                })
                .collect();
            let mut order: Vec<usize> = (0..n).filter(|&e| results[e].is_some()).collect();
            order.sort_by_key(|&e| (std::cmp::Reverse(results[e].map_or(0, |r| r.points)), e));
            for &e in order.iter().take(counted as usize) {
                if let Some(r) = results[e].as_mut() {
                    r.counted = true;
                }
            }
            let played = order.len() as u32;
            let bonus = played * series.bonus_per_event;
            let total = results
                .iter()
                .flatten()
                .filter(|r| r.counted)
                .map(|r| r.points)
                .sum::<u32>()
                + bonus;
            let snapshot = band_snapshot(series, p);
            let eligible = (!series.require_last_event
                || last.is_some_and(|l| p.places[l].is_some()))
                && series.min_events.is_none_or(|m| played >= m);
            SeriesLine {
                rank: 0,
                rank_to: 0,
                id: i as PlayerId + 1,
                name: snapshot.name.clone(),
                fide_id: p.fide_id,
                total,
                results,
                bonus,
                events_played: played,
                rating: rating_on(snapshot, series.rating_list),
                categories: Vec::new(),
                eligible,
            }
        })
        .collect();
    lines.sort_by(|a, b| compare(series, a, b, last).then(a.id.cmp(&b.id)));
    let mut i = 0;
    while i < lines.len() {
        let mut j = i + 1;
        while j < lines.len() && compare(series, &lines[i], &lines[j], last) == Ordering::Equal {
            j += 1;
        }
        for line in &mut lines[i..j] {
            line.rank = i as u32 + 1;
            line.rank_to = j as u32;
        }
        i = j;
    }
    let prizes = match &series.prizes {
        None => None,
        Some(plan) => {
            let ctx = plan.context(reference_date);
            for line in &mut lines {
                let p = band_snapshot(series, &people[line.id as usize - 1]);
                for c in &plan.categories {
                    let s = Subject {
                        who: Who::Player(p),
                        section: None,
                        registered_at: None,
                    };
                    let t = c.condition.eval(&s, &ctx).map_err(|e| {
                        AwardsError::invalid(format!("prizes.categories.{}", c.name), e.to_string())
                    })?;
                    if t == Truth::Yes {
                        line.categories.push(c.name.clone());
                    }
                }
            }
            let ranking = Ranking::new(
                lines
                    .iter()
                    .map(|l| Ranked {
                        id: l.id,
                        rank: l.rank,
                        rank_to: l.rank_to,
                        points: Points::from_whole(l.total as i32),
                        player: band_snapshot(series, &people[l.id as usize - 1]).clone(),
                        games_played: l.events_played,
                        may_win: l.eligible,
                    })
                    .collect(),
            )?;
            let opts = Options {
                section: None,
                event_start: reference_date,
            };
            Some(allocate(plan, &ranking, &opts)?)
        }
    };
    Ok(SeriesStandings {
        name: series.name.clone(),
        events: events.iter().map(|e| e.name.clone()).collect(),
        counted,
        lines,
        prizes,
    })
}

/// The attributes the prizes read (`bands_at`).
fn band_snapshot<'p>(series: &Series, p: &'p Person) -> &'p Player {
    match series.bands_at {
        BandsAt::LastEvent => &p.last,
        BandsAt::FirstEvent => &p.first,
    }
}

/// Series order: total, then the tie-breaks in order (better first).
fn compare(series: &Series, a: &SeriesLine, b: &SeriesLine, last: Option<usize>) -> Ordering {
    let sorted = |l: &SeriesLine, counted: Option<bool>| -> Vec<u32> {
        let mut v: Vec<u32> = l
            .results
            .iter()
            .flatten()
            .filter(|r| counted.is_none_or(|c| r.counted == c))
            .map(|r| r.points)
            .collect();
        v.sort_unstable_by(|x, y| y.cmp(x));
        v
    };
    let mut ord = b.total.cmp(&a.total);
    for tb in &series.tiebreaks {
        if ord != Ordering::Equal {
            break;
        }
        ord = match tb {
            // Lexicographic, a longer list wins on an equal prefix.
            SeriesTiebreak::Discarded => sorted(b, Some(false)).cmp(&sorted(a, Some(false))),
            SeriesTiebreak::BestSingle => sorted(b, None).cmp(&sorted(a, None)),
            SeriesTiebreak::LastEventPlace => {
                let place = |l: &SeriesLine| last.and_then(|e| l.results[e]).map(|r| r.place);
                match (place(a), place(b)) {
                    (Some(x), Some(y)) => x.cmp(&y),
                    (Some(_), None) => Ordering::Less,
                    (None, Some(_)) => Ordering::Greater,
                    (None, None) => Ordering::Equal,
                }
            }
            SeriesTiebreak::EventsPlayed => b.events_played.cmp(&a.events_played),
        };
    }
    ord
}

/// Matches the players of every event to series persons by the identity
/// keys, in order; an ambiguous match is reported, never guessed.
fn identify(series: &Series, events: &[SeriesEvent]) -> Result<Vec<Person>, AwardsError> {
    let n = events.len();
    let mut people: Vec<Person> = Vec::new();
    let mut problems = Vec::new();
    for (e, ev) in events.iter().enumerate() {
        for line in &ev.lines {
            let p = &line.player;
            if line.rank_to != line.rank {
                problems.push(format!(
                    "{}: {} shares place {}-{}; the series needs the event's tie-breaks to separate every place",
                    ev.name, p.name, line.rank, line.rank_to
                ));
                continue;
            }
            let name = normalised(&p.name);
            let fide_conflict =
                |q: &Person| matches!((q.fide_id, p.fide_id), (Some(x), Some(y)) if x != y);
            let mut found: Option<usize> = None;
            let mut keyed = false;
            let mut ambiguous = false;
            for key in &series.identity {
                let candidates: Vec<usize> = match key {
                    Identity::FideId => match p.fide_id {
                        None => continue,
                        Some(f) => (0..people.len())
                            .filter(|&i| people[i].fide_id == Some(f))
                            .collect(),
                    },
                    Identity::NameBirth => match p.birth_date {
                        None => continue,
                        Some(b) => (0..people.len())
                            .filter(|&i| {
                                let q = &people[i];
                                q.name == name
                                    && q.birth.is_some_and(|qb| same_birth(qb, b))
                                    && !fide_conflict(q)
                            })
                            .collect(),
                    },
                    Identity::Name => (0..people.len())
                        .filter(|&i| people[i].name == name && !fide_conflict(&people[i]))
                        .collect(),
                };
                keyed = true;
                match candidates.len() {
                    0 => continue,
                    1 => {
                        found = Some(candidates[0]);
                        break;
                    }
                    _ => {
                        problems.push(format!(
                            "{}: {} matches {} series players by {:?}",
                            ev.name,
                            p.name,
                            candidates.len(),
                            key
                        ));
                        ambiguous = true;
                        break;
                    }
                }
            }
            if ambiguous {
                continue;
            }
            if found.is_none() && !keyed && people.iter().any(|q| q.name == name) {
                problems.push(format!(
                    "{}: {} has the name of a series player but no FIDE id or birth date to tell them apart",
                    ev.name, p.name
                ));
                continue;
            }
            let idx = match found {
                Some(i) => {
                    if people[i].places[e].is_some() {
                        problems.push(format!(
                            "{}: two players of the event match {}",
                            ev.name, p.name
                        ));
                        continue;
                    }
                    i
                }
                None => {
                    people.push(Person {
                        fide_id: None,
                        name: name.clone(),
                        birth: None,
                        places: vec![None; n],
                        first: p.clone(),
                        last: p.clone(),
                    });
                    people.len() - 1
                }
            };
            let q = &mut people[idx];
            q.fide_id = q.fide_id.or(p.fide_id);
            if q.birth.is_none_or(|b| b.day().is_none()) && p.birth_date.is_some() {
                q.birth = p.birth_date.or(q.birth);
            }
            q.places[e] = Some(line.rank);
            q.last = p.clone();
        }
    }
    if problems.is_empty() {
        Ok(people)
    } else {
        Err(AwardsError::Ambiguous(problems))
    }
}
