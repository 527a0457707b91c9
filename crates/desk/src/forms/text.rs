//! Free text (names, clubs, the event's city, arbiters, time control, …):
//! trimmed, and never holding a control character — a CR, LF or tab in a
//! name would write a record of its own into a TRF — nor a bidirectional
//! embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), which
//! would show a name in another order than it is stored and compared
//! (Unicode Technical Standard #39, §3.3 "Bidi spoofing").

use crate::error::DeskError;

/// Width of the name field of a TRF player record (001, columns 15-47).
pub const TRF_NAME_WIDTH: usize = 33;

/// `value` trimmed; refused when it holds a control character (C0, C1,
/// DEL), a Unicode line or paragraph separator, or a bidirectional control.
pub fn free_text(field: &str, value: &str) -> Result<String, DeskError> {
    if let Some(c) = value.chars().find(|c| is_bidi_control(*c)) {
        return Err(DeskError::invalid(
            field,
            format!(
                "contains the bidirectional control U+{:04X}, which reorders how text \
                 is shown; only printable text is allowed",
                c as u32
            ),
        ));
    }
    if let Some(c) = value
        .chars()
        .find(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}'))
    {
        return Err(DeskError::invalid(
            field,
            format!(
                "contains the control character {} ({}); only printable text is allowed",
                describe(c),
                format_args!("U+{:04X}", c as u32)
            ),
        ));
    }
    Ok(value.trim().to_string())
}

/// A free text that must not be empty.
pub fn required_text(field: &str, value: &str) -> Result<String, DeskError> {
    let text = free_text(field, value)?;
    if text.is_empty() {
        return Err(DeskError::invalid(field, "empty"));
    }
    Ok(text)
}

/// A free text where empty means "none".
pub fn optional_text(field: &str, value: &str) -> Result<Option<String>, DeskError> {
    Ok(Some(free_text(field, value)?).filter(|t| !t.is_empty()))
}

/// The embeddings, overrides and isolates of the Unicode bidirectional
/// algorithm (UAX #9, table 4).
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn describe(c: char) -> &'static str {
    match c {
        '\r' => "CR (carriage return)",
        '\n' => "LF (line feed)",
        '\t' => "tab",
        _ => "",
    }
}

/// A comma-separated list of free texts, each trimmed; empty items dropped.
pub fn list(field: &str, value: &str) -> Result<Vec<String>, DeskError> {
    value
        .split(',')
        .map(|item| free_text(field, item))
        .filter(|item| !matches!(item, Ok(t) if t.is_empty()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bidi_controls_are_refused_naming_the_field() {
        for bad in ["Rossi \u{202E}oiraM", "\u{2066}Anna\u{2069}", "x\u{202A}"] {
            let e = free_text("name", bad).unwrap_err();
            assert_eq!(e.field(), Some("name"), "{bad:?}");
            assert!(
                e.to_string()
                    .starts_with("name: contains the bidirectional control U+20"),
                "{e}"
            );
        }
        // Right-to-left letters themselves are text.
        assert_eq!(free_text("name", "محمد").unwrap(), "محمد");
    }

    #[test]
    fn control_characters_are_refused_naming_the_field() {
        for bad in [
            "E, A\rXXP 1 3\r### ",
            "a\nb",
            "tab\there",
            "bell\u{7}",
            "c1\u{85}",
            "ls\u{2028}",
        ] {
            let e = free_text("name", bad).unwrap_err();
            assert_eq!(e.field(), Some("name"), "{bad:?}");
            assert!(
                e.to_string()
                    .starts_with("name: contains the control character"),
                "{e}"
            );
        }
        assert!(
            free_text("name", "E, A\rX")
                .unwrap_err()
                .to_string()
                .contains("CR")
        );
        assert_eq!(free_text("club", "  Łódź, ŠK  ").unwrap(), "Łódź, ŠK");
        assert!(required_text("name", "  ").is_err());
        assert_eq!(list("deputies", "A, ,B").unwrap(), ["A", "B"]);
    }
}
