//! TOML dates and date-times (`2008-07-01`, `2012-10-04T00:00:00`) read
//! into the model's civil types. Offsets are refused: the event's times are
//! local (model `date`).

use arbiter_model::date::{Date, DateTime};
use serde::de::{MapAccess, Visitor, value::MapAccessDeserializer};
use serde::{Deserialize, Deserializer};
use toml::value::Datetime;

/// A TOML datetime, also when a table read into a `toml::Value` first (a
/// series' `[prizes]`) hands it over as its text.
fn datetime<'de, D: Deserializer<'de>>(d: D) -> Result<Datetime, D::Error> {
    struct Either;
    impl<'de> Visitor<'de> for Either {
        type Value = Datetime;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a TOML date or date-time")
        }
        fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Datetime, E> {
            s.parse().map_err(E::custom)
        }
        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Datetime, A::Error> {
            Datetime::deserialize(MapAccessDeserializer::new(map))
        }
    }
    d.deserialize_any(Either)
}

/// A TOML local date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CivilDate(pub Date);

/// A TOML local date-time (a bare date means its midnight).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct CivilDateTime(pub DateTime);

fn date_of(dt: &Datetime) -> Option<Date> {
    let d = dt.date?;
    Date::new(
        i16::try_from(d.year).ok()?,
        i8::try_from(d.month).ok()?,
        i8::try_from(d.day).ok()?,
    )
    .ok()
}

impl<'de> Deserialize<'de> for CivilDate {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let dt = datetime(d)?;
        match (date_of(&dt), dt.time, dt.offset) {
            (Some(date), None, None) => Ok(CivilDate(date)),
            _ => Err(serde::de::Error::custom(format!(
                "'{dt}' is not a date (expected YYYY-MM-DD)"
            ))),
        }
    }
}

impl<'de> Deserialize<'de> for CivilDateTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let dt = datetime(d)?;
        let err = || {
            serde::de::Error::custom(format!(
                "'{dt}' is not a local date-time (expected YYYY-MM-DDTHH:MM:SS)"
            ))
        };
        if dt.offset.is_some() {
            return Err(err());
        }
        let date = date_of(&dt).ok_or_else(err)?;
        let (h, m, s) = dt
            .time
            .map_or((0, 0, 0), |t| (t.hour, t.minute, t.second.unwrap_or(0)));
        let time = jiff::civil::Time::new(
            i8::try_from(h).map_err(|_| err())?,
            i8::try_from(m).map_err(|_| err())?,
            i8::try_from(s).map_err(|_| err())?,
            0,
        )
        .map_err(|_| err())?;
        Ok(CivilDateTime(date.to_datetime(time)))
    }
}
