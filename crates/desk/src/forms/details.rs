//! The event's descriptive data (TRF headers 012-132), as typed.

use arbiter_model::EventInfo;
use arbiter_model::date::{Date, parse_date, parse_round_date};

use super::text::{free_text, list, optional_text, required_text};
use crate::error::DeskError;

/// Descriptive data as typed; `None` keeps the current value, an empty text
/// clears it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventDetailsForm {
    /// 012: name of the event.
    pub name: Option<String>,
    /// 022: city.
    pub city: Option<String>,
    /// 032: federation, three letters.
    pub fed: Option<String>,
    /// 042: start date, `YYYY-MM-DD`.
    pub start: Option<String>,
    /// 052: end date, `YYYY-MM-DD`, not before the start.
    pub end: Option<String>,
    /// 092: type of tournament, free text.
    pub kind: Option<String>,
    /// 102: chief arbiter.
    pub chief_arbiter: Option<String>,
    /// 112: deputy arbiters, comma-separated.
    pub deputies: Option<String>,
    /// 122: time control.
    pub time_control: Option<String>,
    /// 132: the date of each round, comma-separated `YYYY-MM-DD` (or TRF's
    /// `YY/MM/DD`, the century nearest the start), in order, between the
    /// start and the end.
    pub round_dates: Option<String>,
}

impl EventDetailsForm {
    /// True when nothing is given.
    pub fn is_empty(&self) -> bool {
        *self == EventDetailsForm::default()
    }

    /// These details over `info`, checked together.
    pub fn apply(&self, mut info: EventInfo) -> Result<EventInfo, DeskError> {
        if let Some(n) = &self.name {
            info.name = required_text("name", n)?;
        }
        for (field, value, slot) in [
            ("city", &self.city, &mut info.city),
            ("kind", &self.kind, &mut info.kind),
            (
                "chief-arbiter",
                &self.chief_arbiter,
                &mut info.chief_arbiter,
            ),
            ("time-control", &self.time_control, &mut info.time_control),
        ] {
            if let Some(v) = value {
                *slot = optional_text(field, v)?;
            }
        }
        if let Some(f) = &self.fed {
            info.federation = federation("fed", f)?;
        }
        if let Some(d) = &self.deputies {
            info.deputy_arbiters = list("deputies", d)?;
        }
        let start = match &self.start {
            Some(s) => optional_date("start", s)?,
            None => info.start_date,
        };
        let end = match &self.end {
            Some(s) => optional_date("end", s)?,
            None => info.end_date,
        };
        if let (Some(s), Some(e)) = (start, end)
            && e < s
        {
            let field = if self.end.is_some() { "end" } else { "start" };
            return Err(DeskError::invalid(
                field,
                format!("the event ends ({e}) before it starts ({s})"),
            ));
        }
        info.start_date = start;
        info.end_date = end;
        if let Some(d) = &self.round_dates {
            info.round_dates = round_dates(d, start, end)?.into_iter().map(Some).collect();
        }
        Ok(info)
    }
}

/// A three-letter federation code (FIDE's), upper case; empty for none.
pub fn federation(field: &str, text: &str) -> Result<Option<String>, DeskError> {
    let f = free_text(field, text)?.to_ascii_uppercase();
    if f.is_empty() {
        return Ok(None);
    }
    if f.len() != 3 || !f.bytes().all(|c| c.is_ascii_alphabetic()) {
        return Err(DeskError::invalid(
            field,
            format!("'{f}' is not a three-letter federation code"),
        ));
    }
    Ok(Some(f))
}

fn optional_date(field: &str, text: &str) -> Result<Option<Date>, DeskError> {
    let t = free_text(field, text)?;
    if t.is_empty() {
        return Ok(None);
    }
    parse_date(&t)
        .map(Some)
        .map_err(|e| DeskError::invalid(field, e.to_string()))
}

/// `2026-02-01,26/02/02`: every date valid, in order, inside the event.
fn round_dates(text: &str, start: Option<Date>, end: Option<Date>) -> Result<Vec<Date>, DeskError> {
    let field = "round-dates";
    let mut dates: Vec<Date> = Vec::new();
    for (i, item) in list(field, text)?.iter().enumerate() {
        let round = i + 1;
        let d = parse_round_date(item, start)
            .map_err(|e| DeskError::invalid(field, format!("round {round}: {e}")))?;
        if let Some(prev) = dates.last()
            && d < *prev
        {
            return Err(DeskError::invalid(
                field,
                format!("round {round} ({d}) comes before round {i} ({prev})"),
            ));
        }
        if start.is_some_and(|s| d < s) || end.is_some_and(|e| d > e) {
            return Err(DeskError::invalid(
                field,
                format!(
                    "round {round} ({d}) is outside the event ({} to {})",
                    start.map_or("?".into(), |s| s.to_string()),
                    end.map_or("?".into(), |e| e.to_string())
                ),
            ));
        }
        dates.push(d);
    }
    Ok(dates)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(f: impl FnOnce(&mut EventDetailsForm)) -> Result<EventInfo, DeskError> {
        let mut form = EventDetailsForm::default();
        f(&mut form);
        form.apply(EventInfo {
            name: "Open".into(),
            ..EventInfo::default()
        })
    }

    /// Issue 10 item 8.
    #[test]
    fn impossible_dates_are_refused_naming_the_field() {
        let e = set(|f| f.start = Some("2026-02-30".into())).unwrap_err();
        assert_eq!(
            e.to_string(),
            "start: '2026-02-30' is not a date (expected YYYY-MM-DD)"
        );
        let e = set(|f| {
            f.start = Some("2026-03-05".into());
            f.end = Some("2026-03-01".into());
        })
        .unwrap_err();
        assert_eq!(e.field(), Some("end"));
        let e = set(|f| f.round_dates = Some("abc".into())).unwrap_err();
        assert_eq!(e.field(), Some("round-dates"));
        let e = set(|f| f.name = Some(" ".into())).unwrap_err();
        assert_eq!(e.to_string(), "name: empty");
        let e = set(|f| f.city = Some("Rome\r012 X".into())).unwrap_err();
        assert_eq!(e.field(), Some("city"));
    }

    #[test]
    fn dates_are_typed() {
        let info = set(|f| {
            f.start = Some("2026-03-01".into());
            f.end = Some("2026-03-03".into());
            f.round_dates = Some("2026-03-01, 2026-03-02,2026-03-03".into());
        })
        .unwrap();
        let day = |d| Date::new(2026, 3, d).unwrap();
        assert_eq!(info.start_date, Some(day(1)));
        assert_eq!(info.round_dates, [Some(day(1)), Some(day(2)), Some(day(3))]);
        let e = set(|f| {
            f.start = Some("2026-03-01".into());
            f.round_dates = Some("2026-02-28".into());
        })
        .unwrap_err();
        assert!(e.to_string().contains("outside the event"), "{e}");
    }
}
