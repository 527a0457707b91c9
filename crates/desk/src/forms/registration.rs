//! Registration as typed: the arbiter's settings of the form (`registration
//! set`, the back office), and what a registrant fills in (the public form,
//! `registration add`). The player's fields are checked by the same
//! [`PlayerForm`] as `player add`; e-mail and phone here.

use arbiter_model::Player;
use arbiter_model::date::DateTime;
use arbiter_model::journal::{FormField, Offered, RegistrationConfig};

use super::PlayerForm;
use super::text::{free_text, list, optional_text};
use crate::error::DeskError;
use arbiter_standings::labels::Lang;

/// The longest text a registrant may type in one field.
pub const MAX_FIELD_CHARS: usize = 200;

/// The form's settings as typed; `None` keeps the current value (or the
/// default of a new form), an empty text clears an optional one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RegistrationSettingsForm {
    /// The form opens: `YYYY-MM-DD HH:MM` (local time).
    pub opens: Option<String>,
    /// The pre-registration deadline: `YYYY-MM-DD HH:MM`.
    pub closes: Option<String>,
    /// Late entries (on the day) until: `YYYY-MM-DD HH:MM`.
    pub late_until: Option<String>,
    /// The event's offset from UTC: `+01:00`; needed once a time is given.
    pub utc_offset: Option<String>,
    /// The sections offered, comma-separated (default: every section).
    pub sections: Option<String>,
    /// Places per section: `50` (each offered section) or `A=50,B=30`;
    /// empty: no limit.
    pub cap: Option<String>,
    /// The fields asked besides the name, comma-separated (default: every
    /// one: fide-id, born, sex, fed, club, email, phone).
    pub fields: Option<String>,
    /// The asked fields a registrant must fill in (default: email).
    pub required: Option<String>,
    /// The tags a registrant may claim, comma-separated (`resident`).
    pub tags: Option<String>,
}

impl RegistrationSettingsForm {
    /// These settings over `current` (`None`: a new form), for an event
    /// whose sections are `sections`. Errors name the field.
    pub fn apply(
        &self,
        current: Option<&RegistrationConfig>,
        sections: &[String],
    ) -> Result<RegistrationConfig, DeskError> {
        let mut c = current.cloned().unwrap_or_else(|| RegistrationConfig {
            opens: None,
            closes: None,
            late_until: None,
            utc_offset_seconds: 0,
            sections: sections
                .iter()
                .map(|s| Offered {
                    section: s.clone(),
                    cap: None,
                })
                .collect(),
            fields: FormField::ALL.to_vec(),
            required: vec![FormField::Email],
            tags: Vec::new(),
        });
        let mut written = Vec::new();
        for (field, value, slot) in [
            ("opens", &self.opens, &mut c.opens),
            ("closes", &self.closes, &mut c.closes),
            ("late-until", &self.late_until, &mut c.late_until),
        ] {
            if let Some(v) = value {
                let (time, offset) = local_time(field, v)?;
                *slot = time;
                written.extend(offset.map(|o| (field, o)));
            }
        }
        let given = self
            .utc_offset
            .as_deref()
            .map(|v| utc_offset("utc-offset", v))
            .transpose()?;
        match settle_offset(given, current.map(|c| c.utc_offset_seconds), &written)? {
            Some(offset) => c.utc_offset_seconds = offset,
            None if current.is_none()
                && (c.opens, c.closes, c.late_until) != (None, None, None) =>
            {
                return Err(DeskError::invalid(
                    "utc-offset",
                    "the times are the event's local time: give its offset from UTC \
                     (+01:00 for Italy in winter, +03:00 for Belarus)",
                ));
            }
            None => {}
        }
        if let Some(v) = &self.sections {
            let codes = list("sections", v)?;
            if codes.is_empty() {
                return Err(DeskError::invalid("sections", "no section given"));
            }
            if let Some(unknown) = codes.iter().find(|c| !sections.contains(c)) {
                return Err(DeskError::invalid(
                    "sections",
                    format!(
                        "no section '{unknown}' in this event (sections: {})",
                        sections.join(", ")
                    ),
                ));
            }
            c.sections = codes
                .into_iter()
                .map(|code| Offered {
                    cap: c.offered(&code).and_then(|o| o.cap),
                    section: code,
                })
                .collect();
        }
        if let Some(v) = &self.cap {
            caps(v, &mut c.sections)?;
        }
        if let Some(v) = &self.fields {
            c.fields = form_fields("fields", v)?;
            c.required.retain(|f| c.fields.contains(f));
        }
        if let Some(v) = &self.required {
            let required = form_fields("required", v)?;
            if let Some(f) = required.iter().find(|f| !c.fields.contains(f)) {
                return Err(DeskError::invalid(
                    "required",
                    format!("{} is not asked (add it to the fields)", f.name()),
                ));
            }
            c.required = required;
        }
        if let Some(v) = &self.tags {
            c.tags = list("tags", v)?
                .into_iter()
                .map(|t| t.to_lowercase())
                .collect();
        }
        Ok(c)
    }
}

/// `2013-11-29 23:59` or `2013-11-29T23:59[:SS]`, maybe followed by its
/// offset from UTC (`+02:00`, `Z`); empty for none. Returns the local time
/// and the offset written.
fn local_time(field: &str, text: &str) -> Result<(Option<DateTime>, Option<i32>), DeskError> {
    let t = free_text(field, text)?;
    if t.is_empty() {
        return Ok((None, None));
    }
    if t.len() == 10 {
        return Err(DeskError::invalid(
            field,
            format!("'{t}' has no time of day: give it, e.g. '{t} 23:59'"),
        ));
    }
    // The date's own '-' are in its first 10 characters.
    let zone_at = t
        .char_indices()
        .skip(10)
        .find(|(_, c)| matches!(c, '+' | '-' | 'Z' | 'z' | '['))
        .map_or(t.len(), |(i, _)| i);
    let (time, zone) = (t[..zone_at].trim(), &t[zone_at..]);
    let offset = match zone {
        "" => None,
        "Z" | "z" => Some(0),
        z if z.starts_with('[') => {
            return Err(DeskError::invalid(
                field,
                format!("'{t}': a time zone name is not read; give the offset from UTC (+01:00)"),
            ));
        }
        z => Some(utc_offset(field, z)?),
    };
    let time = time
        .replacen(' ', "T", 1)
        .parse::<DateTime>()
        .map_err(|_| {
            DeskError::invalid(
                field,
                format!("'{t}' is not a date and time (expected YYYY-MM-DD HH:MM)"),
            )
        })?;
    Ok((Some(time), offset))
}

/// The offset from UTC a form sets: the one given, which every offset
/// written after a time must equal; else the one written after the times
/// (all the same), which must equal the current one. `None`: none given
/// nor written.
fn settle_offset(
    given: Option<i32>,
    current: Option<i32>,
    written: &[(&str, i32)],
) -> Result<Option<i32>, DeskError> {
    let expected = given.or(current).or(written.first().map(|w| w.1));
    if let Some(expected) = expected
        && let Some((field, offset)) = written.iter().find(|w| w.1 != expected)
    {
        let whose = if given.is_some() || current.is_none() {
            "the event's offset"
        } else {
            "the event's offset (give --utc-offset to change it)"
        };
        return Err(DeskError::invalid(
            field,
            format!(
                "the time is given at {}, but {whose} is {}",
                offset_text(*offset),
                offset_text(expected)
            ),
        ));
    }
    Ok(given.or(written.first().map(|w| w.1)))
}

/// `+01:00`, `-05:30`.
pub(crate) fn offset_text(seconds: i32) -> String {
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.unsigned_abs() / 60;
    format!("{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

/// The offsets from UTC civil time uses: from UTC−12:00 (Baker Island) to
/// UTC+14:00 (Line Islands).
const OFFSETS: std::ops::RangeInclusive<i32> = -12 * 3600..=14 * 3600;

/// `+01:00`, `-05:00` (or `+01`): seconds east of UTC, within [`OFFSETS`].
fn utc_offset(field: &str, text: &str) -> Result<i32, DeskError> {
    let t = free_text(field, text)?;
    let bad = || {
        DeskError::invalid(
            field,
            format!(
                "'{t}' is not an offset from UTC such as +01:00 or -05:00 (from -12:00 to +14:00)"
            ),
        )
    };
    if !t.starts_with(['+', '-']) {
        return Err(bad());
    }
    jiff::fmt::temporal::DateTimeParser::new()
        .parse_time_zone(&t)
        .ok()
        .and_then(|tz| tz.to_fixed_offset().ok())
        .map(|o| o.seconds())
        .filter(|s| OFFSETS.contains(s))
        .ok_or_else(bad)
}

/// `50` for every offered section, `A=50,B=30` for some, empty for none.
fn caps(text: &str, offered: &mut [Offered]) -> Result<(), DeskError> {
    let field = "cap";
    let number = |t: &str| {
        t.trim()
            .parse::<u32>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| {
                DeskError::invalid(
                    field,
                    format!("'{}' is not a number of places (1 or more)", t.trim()),
                )
            })
    };
    let items = list(field, text)?;
    if items.is_empty() {
        offered.iter_mut().for_each(|o| o.cap = None);
        return Ok(());
    }
    if let [one] = items.as_slice()
        && !one.contains('=')
    {
        let n = number(one)?;
        offered.iter_mut().for_each(|o| o.cap = Some(n));
        return Ok(());
    }
    for (i, item) in items.iter().enumerate() {
        let Some((code, n)) = item.split_once('=') else {
            return Err(DeskError::invalid(
                field,
                format!("'{item}': expected SECTION=PLACES (A=50,B=30) or one number"),
            ));
        };
        let n = number(n)?;
        let code = code.trim();
        if items[..i].iter().any(|earlier| {
            earlier
                .split_once('=')
                .is_some_and(|(c, _)| c.trim() == code)
        }) {
            return Err(DeskError::invalid(
                field,
                format!("section '{code}' is given two caps"),
            ));
        }
        let slot = offered
            .iter_mut()
            .find(|o| o.section == code)
            .ok_or_else(|| {
                DeskError::invalid(
                    field,
                    format!("section '{code}' is not offered on the form"),
                )
            })?;
        slot.cap = Some(n);
    }
    Ok(())
}

fn form_fields(field: &str, text: &str) -> Result<Vec<FormField>, DeskError> {
    let mut out = Vec::new();
    for name in list(field, text)? {
        let f = FormField::named(&name.to_ascii_lowercase()).ok_or_else(|| {
            DeskError::invalid(
                field,
                format!(
                    "no field '{name}' (fields: {})",
                    FormField::ALL.map(FormField::name).join(", ")
                ),
            )
        })?;
        if !out.contains(&f) {
            out.push(f);
        }
    }
    Ok(out)
}

/// Who fills the form in: the public form obeys the window, the offered
/// sections, the required fields and the claimable tags; the arbiter
/// (a pre-registration by phone) only needs a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Channel {
    Online,
    Arbiter,
}

/// A registrant's fields as typed (the public form, `registration add`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RegistrationForm {
    /// `Lastname, Firstname`.
    pub name: Option<String>,
    pub fide_id: Option<String>,
    /// `YYYY-MM-DD`, or only `YYYY`.
    pub born: Option<String>,
    /// `m` or `w`.
    pub sex: Option<String>,
    /// Three-letter federation.
    pub fed: Option<String>,
    pub club: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    /// A section code (needed when the form offers several).
    pub section: Option<String>,
    /// The tags claimed (`resident`).
    pub tags: Vec<String>,
    /// The language of the form (the page's): what he is sent is in it.
    pub language: Option<Lang>,
}

/// A registrant's fields, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Registrant {
    pub section: String,
    /// Name, FIDE id, birth date, sex, federation, club, tags claimed.
    pub player: Player,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub language: Option<Lang>,
}

impl RegistrationForm {
    fn text(&self, field: FormField) -> Option<&str> {
        match field {
            FormField::FideId => self.fide_id.as_deref(),
            FormField::Born => self.born.as_deref(),
            FormField::Sex => self.sex.as_deref(),
            FormField::Fed => self.fed.as_deref(),
            FormField::Club => self.club.as_deref(),
            FormField::Email => self.email.as_deref(),
            FormField::Phone => self.phone.as_deref(),
        }
        .filter(|v| !v.trim().is_empty())
    }

    /// The fields checked against `config` for `channel`; `today` bounds
    /// birth dates. Every field at fault is reported, each error naming
    /// its field (`name`, `fide-id`, `born`, `email`, `section`, `tags`…).
    /// Fields the form does not ask are dropped.
    pub fn check(
        &self,
        config: &RegistrationConfig,
        sections: &[String],
        channel: Channel,
        today: arbiter_model::date::Date,
    ) -> Result<Registrant, Vec<DeskError>> {
        let online = channel == Channel::Online;
        let mut errors = Vec::new();
        let asked = |f: FormField| !online || config.asks(f);
        let too_long = |field: &str, v: &str| {
            (v.chars().count() > MAX_FIELD_CHARS).then(|| {
                DeskError::invalid(field, format!("longer than {MAX_FIELD_CHARS} characters"))
            })
        };
        // The player's fields, one by one through `player add`'s form (so
        // that every error is found), then together.
        let mut player_form = PlayerForm {
            name: self.name.clone(),
            ..PlayerForm::default()
        };
        match self.name.as_deref().and_then(|n| too_long("name", n)) {
            Some(e) => errors.push(e),
            None => errors.extend(player_form.apply(Player::default(), today).err()),
        }
        let mut player_errors = Vec::new();
        for f in FormField::ALL.into_iter().filter(|f| !f.is_personal()) {
            let Some(v) = self.text(f).filter(|_| asked(f)) else {
                continue;
            };
            if let Some(e) = too_long(f.name(), v) {
                player_errors.push(e);
                continue;
            }
            let mut one = PlayerForm {
                name: Some("-".into()),
                ..PlayerForm::default()
            };
            one.set(f.name(), v);
            if let Err(e) = one.apply(Player::default(), today) {
                player_errors.push(e);
            }
            player_form.set(f.name(), v);
        }
        let player = if errors.is_empty() && player_errors.is_empty() {
            match player_form.apply(Player::default(), today) {
                Ok((p, _)) => Some(p),
                Err(e) => {
                    errors.push(e);
                    None
                }
            }
        } else {
            None
        };
        errors.extend(player_errors);
        let mut contact =
            |f: FormField, check: fn(&str, &str) -> Result<String, DeskError>| match self
                .text(f)
                .filter(|_| asked(f))
            {
                Some(v) => match too_long(f.name(), v).map_or_else(|| check(f.name(), v), Err) {
                    Ok(v) => Some(v),
                    Err(e) => {
                        errors.push(e);
                        None
                    }
                },
                None => None,
            };
        let email = contact(FormField::Email, email);
        let phone = contact(FormField::Phone, phone);
        if online {
            for f in &config.required {
                if self.text(*f).is_none() {
                    errors.push(DeskError::invalid(f.name(), "missing"));
                }
            }
        }
        let section = self.section_of(config, sections, online);
        let section = section.map_err(|e| errors.push(e)).ok();
        let tags = self.claimed_tags(config, online);
        let tags = tags.map_err(|e| errors.push(e)).ok();
        match (player, section, tags) {
            (Some(mut player), Some(section), Some(tags)) if errors.is_empty() => {
                player.tags = tags;
                Ok(Registrant {
                    section,
                    player,
                    email,
                    phone,
                    language: self.language,
                })
            }
            _ => {
                errors.sort_by_key(|e| field_order(e.field()));
                errors.dedup_by(|a, b| a.field() == b.field());
                Err(errors)
            }
        }
    }

    fn section_of(
        &self,
        config: &RegistrationConfig,
        sections: &[String],
        online: bool,
    ) -> Result<String, DeskError> {
        let offered: Vec<&str> = config.sections.iter().map(|o| o.section.as_str()).collect();
        let choices: Vec<&str> = if online {
            offered
        } else {
            sections.iter().map(String::as_str).collect()
        };
        match self
            .section
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            Some(code) if choices.contains(&code) => Ok(code.to_string()),
            Some(code) => Err(DeskError::invalid(
                "section",
                format!(
                    "'{code}' is not a section of the form (choose {})",
                    choices.join(", ")
                ),
            )),
            None => match choices.as_slice() {
                [one] => Ok(one.to_string()),
                _ => Err(DeskError::invalid(
                    "section",
                    format!("choose one of {}", choices.join(", ")),
                )),
            },
        }
    }

    fn claimed_tags(
        &self,
        config: &RegistrationConfig,
        online: bool,
    ) -> Result<Vec<String>, DeskError> {
        let mut tags: Vec<String> = Vec::new();
        for t in &self.tags {
            let Some(tag) = optional_text("tags", t)?.map(|t| t.to_lowercase()) else {
                continue;
            };
            if online && !config.tags.contains(&tag) {
                return Err(DeskError::invalid(
                    "tags",
                    format!(
                        "'{tag}' cannot be claimed on this form{}",
                        if config.tags.is_empty() {
                            String::new()
                        } else {
                            format!(" (only {})", config.tags.join(", "))
                        }
                    ),
                ));
            }
            if !tags.contains(&tag) {
                tags.push(tag);
            }
        }
        Ok(tags)
    }
}

/// Errors in the order of the form.
fn field_order(field: Option<&str>) -> usize {
    let order = ["name", "section"];
    match field {
        Some(f) => order.iter().position(|o| *o == f).unwrap_or_else(|| {
            FormField::named(f).map_or(usize::MAX, |x| order.len() + x as usize)
        }),
        None => usize::MAX,
    }
}

/// The longest e-mail address: a forward path holds at most 256
/// characters, angle brackets included (RFC 5321 §4.5.3.1.3).
pub const MAX_EMAIL_CHARS: usize = 254;

/// The longest local part, before the `@` (RFC 5321 §4.5.3.1.1).
const MAX_LOCAL_PART_CHARS: usize = 64;

/// An e-mail address: one `@`, a local part, a domain with a dot; no
/// spaces, no control character (CR and LF could start a header of the
/// mail sent there), none of the characters that delimit or group
/// addresses in a header (`<>()[],;:"\`), at most
/// [`MAX_EMAIL_CHARS`] characters. Whether it exists only a message
/// sent there could tell.
pub fn email(field: &str, text: &str) -> Result<String, DeskError> {
    let t = free_text(field, text)?;
    if t.chars().count() > MAX_EMAIL_CHARS {
        return Err(DeskError::invalid(
            field,
            format!("longer than {MAX_EMAIL_CHARS} characters"),
        ));
    }
    let ok = match t.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && local.chars().count() <= MAX_LOCAL_PART_CHARS
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !t
                    .chars()
                    .any(|c| c.is_whitespace() || c.is_control() || "<>()[],;:\"\\".contains(c))
        }
        None => false,
    };
    if !ok {
        return Err(DeskError::invalid(
            field,
            format!("'{t}' is not an e-mail address"),
        ));
    }
    Ok(t)
}

/// A phone number: digits with spaces, `+`, `-`, `.`, `/` or brackets;
/// 5 to 20 digits.
pub fn phone(field: &str, text: &str) -> Result<String, DeskError> {
    let t = free_text(field, text)?;
    let digits = t.chars().filter(char::is_ascii_digit).count();
    let allowed = t
        .chars()
        .all(|c| c.is_ascii_digit() || " +-./()".contains(c));
    if !allowed || !(5..=20).contains(&digits) {
        return Err(DeskError::invalid(
            field,
            format!("'{t}' is not a phone number (digits, spaces, + - / . and brackets)"),
        ));
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_model::date::{BirthDate, Date};

    fn today() -> Date {
        Date::new(2013, 11, 20).unwrap()
    }

    fn sections() -> Vec<String> {
        vec!["A".into(), "B".into()]
    }

    fn config() -> RegistrationConfig {
        RegistrationSettingsForm {
            sections: Some("A".into()),
            tags: Some("Resident".into()),
            ..RegistrationSettingsForm::default()
        }
        .apply(None, &sections())
        .unwrap()
    }

    fn fields(errors: &[DeskError]) -> Vec<&str> {
        errors.iter().filter_map(|e| e.field()).collect()
    }

    #[test]
    fn settings_are_checked_and_named() {
        let set = |f: RegistrationSettingsForm| f.apply(None, &sections());
        let c = set(RegistrationSettingsForm {
            closes: Some("2013-11-29 23:59".into()),
            late_until: Some("2013-11-30T15:30".into()),
            utc_offset: Some("+01:00".into()),
            cap: Some("50".into()),
            fields: Some("born,email,phone".into()),
            required: Some("born, Email".into()),
            ..RegistrationSettingsForm::default()
        })
        .unwrap();
        assert_eq!(c.closes, Some("2013-11-29T23:59".parse().unwrap()));
        assert_eq!(c.late_until, Some("2013-11-30T15:30".parse().unwrap()));
        assert_eq!(c.utc_offset_seconds, 3600);
        assert_eq!(
            c.sections.iter().map(|o| o.cap).collect::<Vec<_>>(),
            [Some(50), Some(50)]
        );
        assert_eq!(
            c.fields,
            [FormField::Born, FormField::Email, FormField::Phone]
        );
        assert_eq!(c.required, [FormField::Born, FormField::Email]);
        // A later form keeps what it does not give; caps per section.
        let c2 = RegistrationSettingsForm {
            cap: Some("B=10".into()),
            fields: Some("email".into()),
            ..RegistrationSettingsForm::default()
        }
        .apply(Some(&c), &sections())
        .unwrap();
        assert_eq!(c2.sections[0].cap, Some(50));
        assert_eq!(c2.sections[1].cap, Some(10));
        assert_eq!(c2.required, [FormField::Email], "born is no longer asked");
        assert_eq!(c2.closes, c.closes);
        // An offset written after a time: the event's, or refused.
        let c3 = set(RegistrationSettingsForm {
            closes: Some("2013-11-29 23:59+02:00".into()),
            ..RegistrationSettingsForm::default()
        })
        .unwrap();
        assert_eq!(c3.closes, c.closes);
        assert_eq!(c3.utc_offset_seconds, 7200);
        let later = |closes: &str| RegistrationSettingsForm {
            closes: Some(closes.into()),
            ..RegistrationSettingsForm::default()
        };
        let c4 = later("2013-11-28T20:00Z").apply(Some(&c3), &sections());
        assert_eq!(
            c4.unwrap_err().to_string(),
            "closes: the time is given at +00:00, but the event's offset (give --utc-offset \
             to change it) is +02:00"
        );
        let c5 = later("2013-11-28 20:00 +02:00").apply(Some(&c3), &sections());
        assert_eq!(c5.unwrap().utc_offset_seconds, 7200);

        let field = |f: RegistrationSettingsForm| set(f).unwrap_err().field().map(str::to_string);
        let bad = [
            (
                RegistrationSettingsForm {
                    closes: Some("2013-11-29".into()),
                    utc_offset: Some("+01:00".into()),
                    ..Default::default()
                },
                "closes",
            ),
            (
                RegistrationSettingsForm {
                    opens: Some("2013-11-31 10:00".into()),
                    utc_offset: Some("+01:00".into()),
                    ..Default::default()
                },
                "opens",
            ),
            (
                RegistrationSettingsForm {
                    closes: Some("2013-11-29 23:59".into()),
                    ..Default::default()
                },
                "utc-offset",
            ),
            (
                RegistrationSettingsForm {
                    utc_offset: Some("CET".into()),
                    ..Default::default()
                },
                "utc-offset",
            ),
            (
                RegistrationSettingsForm {
                    utc_offset: Some("+25:00".into()),
                    ..Default::default()
                },
                "utc-offset",
            ),
            (
                RegistrationSettingsForm {
                    closes: Some("2013-11-29 23:59+02:00".into()),
                    utc_offset: Some("+01:00".into()),
                    ..Default::default()
                },
                "closes",
            ),
            (
                RegistrationSettingsForm {
                    closes: Some("2013-11-29 23:59+02:00".into()),
                    late_until: Some("2013-11-30 12:00+01:00".into()),
                    ..Default::default()
                },
                "late-until",
            ),
            (
                RegistrationSettingsForm {
                    closes: Some("2013-11-29 23:59+2:0".into()),
                    ..Default::default()
                },
                "closes",
            ),
            (
                RegistrationSettingsForm {
                    closes: Some("2013-11-29 23:59[Europe/Rome]".into()),
                    ..Default::default()
                },
                "closes",
            ),
            (
                RegistrationSettingsForm {
                    cap: Some("A=5,A=7".into()),
                    ..Default::default()
                },
                "cap",
            ),
            (
                RegistrationSettingsForm {
                    sections: Some("A,Z".into()),
                    ..Default::default()
                },
                "sections",
            ),
            (
                RegistrationSettingsForm {
                    cap: Some("0".into()),
                    ..Default::default()
                },
                "cap",
            ),
            (
                RegistrationSettingsForm {
                    sections: Some("A".into()),
                    cap: Some("B=3".into()),
                    ..Default::default()
                },
                "cap",
            ),
            (
                RegistrationSettingsForm {
                    fields: Some("email,shoe-size".into()),
                    ..Default::default()
                },
                "fields",
            ),
            (
                RegistrationSettingsForm {
                    fields: Some("email".into()),
                    required: Some("phone".into()),
                    ..Default::default()
                },
                "required",
            ),
        ];
        for (form, name) in bad {
            assert_eq!(field(form.clone()).as_deref(), Some(name), "{form:?}");
        }
    }

    #[test]
    fn every_field_at_fault_is_named() {
        let form = RegistrationForm {
            name: Some(" ".into()),
            fide_id: Some("12x".into()),
            born: Some("2099-01-01".into()),
            email: Some("mario.rossi".into()),
            phone: Some("call me".into()),
            section: Some("B".into()),
            tags: vec!["vip".into()],
            ..RegistrationForm::default()
        };
        let errors = form
            .check(&config(), &sections(), Channel::Online, today())
            .unwrap_err();
        assert_eq!(
            fields(&errors),
            [
                "name", "section", "fide-id", "born", "email", "phone", "tags"
            ]
        );
        // A missing required field is named too.
        let errors = RegistrationForm {
            name: Some("Rossi, Mario".into()),
            ..RegistrationForm::default()
        }
        .check(&config(), &sections(), Channel::Online, today())
        .unwrap_err();
        assert_eq!(fields(&errors), ["email"]);
        assert_eq!(errors[0].to_string(), "email: missing");
    }

    #[test]
    fn a_good_form_gives_the_registrant() {
        let form = RegistrationForm {
            name: Some("Rossi, Mario".into()),
            born: Some("1990-05-17".into()),
            sex: Some("m".into()),
            fed: Some("ita".into()),
            email: Some("mario@example.org".into()),
            phone: Some("+39 347 1831559".into()),
            tags: vec!["Resident".into()],
            ..RegistrationForm::default()
        };
        let r = form
            .check(&config(), &sections(), Channel::Online, today())
            .unwrap();
        assert_eq!(r.section, "A", "the only section offered");
        assert_eq!(r.player.name, "Rossi, Mario");
        assert_eq!(
            r.player.birth_date,
            Some(BirthDate::Day(Date::new(1990, 5, 17).unwrap()))
        );
        assert_eq!(r.player.federation.as_deref(), Some("ITA"));
        assert_eq!(r.player.tags, ["resident"]);
        assert_eq!(r.email.as_deref(), Some("mario@example.org"));
        assert_eq!(r.phone.as_deref(), Some("+39 347 1831559"));
        // Fields the form does not ask are dropped; the arbiter may enter
        // any section and needs no e-mail.
        let mut narrow = config();
        narrow.fields = vec![FormField::Email];
        narrow.required = vec![];
        let r = form
            .check(&narrow, &sections(), Channel::Online, today())
            .unwrap();
        assert_eq!((r.player.birth_date, r.phone), (None, None));
        let by_phone = RegistrationForm {
            name: Some("Verdi, Anna".into()),
            section: Some("B".into()),
            ..RegistrationForm::default()
        };
        let r = by_phone
            .check(&config(), &sections(), Channel::Arbiter, today())
            .unwrap();
        assert_eq!(r.section, "B");
    }

    #[test]
    fn contact_data_is_checked() {
        for good in ["a@b.it", "mario.rossi+chess@example.co.uk"] {
            assert!(email("email", good).is_ok(), "{good}");
        }
        for bad in [
            "a@b",
            "@b.it",
            "a b@c.it",
            "a@@b.it",
            "a@.it",
            "a@b.",
            "plain",
            // A second recipient or a header smuggled in.
            "a@b.it\r\nBcc: c@d.it",
            "a@b.it\nSubject: x",
            "a@b.it,c@d.it",
            "A <a@b.it>",
            "\"a\"@b.it",
            "a;b@c.it",
        ] {
            assert_eq!(
                email("email", bad).unwrap_err().field(),
                Some("email"),
                "{bad}"
            );
        }
        let longest = format!("{}@{}.it", "l".repeat(64), "d".repeat(MAX_EMAIL_CHARS - 68));
        assert_eq!(longest.chars().count(), MAX_EMAIL_CHARS);
        assert!(email("email", &longest).is_ok());
        for bad in [
            format!("{}@{}.it", "l".repeat(64), "d".repeat(MAX_EMAIL_CHARS - 67)),
            format!("{}@b.it", "l".repeat(65)),
        ] {
            assert_eq!(
                email("email", &bad).unwrap_err().message(),
                if bad.len() > MAX_EMAIL_CHARS {
                    format!("longer than {MAX_EMAIL_CHARS} characters")
                } else {
                    format!("'{bad}' is not an e-mail address")
                }
            );
        }
        for good in ["347/1831559", "+375 (29) 265-22-54", "12345"] {
            assert!(phone("phone", good).is_ok(), "{good}");
        }
        for bad in ["1234", "call 347", "+1 234 567 890 123 456 789 012"] {
            assert_eq!(
                phone("phone", bad).unwrap_err().field(),
                Some("phone"),
                "{bad}"
            );
        }
    }
}
