//! Free text (names, clubs, the event's city, arbiters, time control, …):
//! trimmed, and never holding a control character — a CR, LF or tab in a
//! name would write a record of its own into a TRF (issue 10 item 7).

use crate::error::DeskError;

/// Width of the name field of a TRF player record (001, columns 15-47).
pub const TRF_NAME_WIDTH: usize = 33;

/// `value` trimmed; refused when it holds a control character (C0, C1,
/// DEL) or a Unicode line or paragraph separator.
pub fn free_text(field: &str, value: &str) -> Result<String, DeskError> {
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
