//! The application layer's errors in the page's language. A
//! [`DeskError`] carries a kind, the request field at fault and an English
//! detail written by the desk; the face translates the first two (one
//! sentence per kind, the field by the label of its form input) and shows
//! the detail beside them, unchanged. No rule is decided here: the kind
//! and the field are the desk's.

use arbiter_desk::{DeskError, ErrorKind};

use super::Tr;

/// The catalogue message of each error kind (`$field` when one is named).
fn kind_key(kind: ErrorKind, has_field: bool) -> &'static str {
    match kind {
        ErrorKind::InvalidInput if has_field => "desk-error-invalid-field",
        ErrorKind::InvalidInput => "desk-error-invalid",
        ErrorKind::NotFound => "desk-error-not-found",
        ErrorKind::Refused => "desk-error-refused",
        ErrorKind::Conflict => "desk-error-conflict",
        ErrorKind::Storage => "desk-error-storage",
        ErrorKind::NoValidPairing => "desk-error-no-pairing",
        ErrorKind::SizeLimit => "desk-error-size-limit",
        ErrorKind::Internal => "desk-error-internal",
    }
}

/// The label of each request field the desk names (its option and CSV
/// column name), as the forms show it.
const FIELD_LABELS: [(&str, &str); 34] = [
    ("name", "field-name"),
    ("rating", "col-rating"),
    ("rapid", "field-rapid"),
    ("blitz", "field-blitz"),
    ("national", "field-national"),
    ("title", "admin-title-field"),
    ("sex", "field-sex"),
    ("born", "admin-born"),
    ("fed", "col-fed"),
    ("fide-id", "admin-fide-id"),
    ("club", "col-club"),
    ("team", "field-team"),
    ("tags", "field-tags"),
    ("untag", "field-tags"),
    ("rounds", "col-rounds"),
    ("system", "col-system"),
    ("tiebreaks", "admin-tiebreaks"),
    ("preset", "admin-tiebreaks"),
    ("scoring", "admin-scoring"),
    ("initial-colour", "admin-initial-colour"),
    ("avoid-team-pairings", "admin-avoid-team"),
    ("acceleration", "field-acceleration"),
    ("section", "col-section"),
    ("city", "admin-city"),
    ("start", "admin-start"),
    ("end", "admin-end"),
    ("deputies", "admin-deputies"),
    ("round-dates", "admin-round-dates"),
    ("round", "col-round"),
    ("board", "col-board"),
    ("result", "col-result"),
    ("amount", "field-amount"),
    ("method", "field-method"),
    ("note", "field-note"),
];

/// The label of request field `field` in this language (the field's own
/// name when it has none).
pub fn field_label(tr: &Tr, field: &str) -> String {
    FIELD_LABELS
        .iter()
        .find(|(name, _)| *name == field)
        .map_or_else(|| field.to_string(), |(_, key)| tr.t(key))
}

/// A desk error explained: the translated sentence, and the desk's own
/// detail (English) to show beside it.
pub fn explain(tr: &Tr, e: &DeskError) -> (String, String) {
    let headline = match e.field() {
        Some(f) => tr.ts(kind_key(e.kind(), true), "field", &field_label(tr, f)),
        None => tr.t(kind_key(e.kind(), false)),
    };
    (headline, e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, MISSING_MARK};

    #[test]
    fn every_kind_and_field_has_a_message_in_every_language() {
        let kinds = [
            ErrorKind::InvalidInput,
            ErrorKind::NotFound,
            ErrorKind::Refused,
            ErrorKind::Conflict,
            ErrorKind::Storage,
            ErrorKind::NoValidPairing,
            ErrorKind::SizeLimit,
            ErrorKind::Internal,
        ];
        for lang in Lang::ALL {
            let tr = Tr::new(lang);
            for kind in kinds {
                for has_field in [false, true] {
                    let text = tr.ts(kind_key(kind, has_field), "field", "x");
                    assert!(!text.contains(MISSING_MARK), "{lang:?} {kind:?}: {text}");
                }
            }
            for (field, _) in FIELD_LABELS {
                let label = field_label(&tr, field);
                assert!(!label.contains(MISSING_MARK), "{lang:?} {field}: {label}");
            }
        }
    }

    #[test]
    fn a_field_is_named_by_its_label() {
        let e = DeskError::invalid("rating", "'abc' is not a rating");
        let (headline, detail) = explain(&Tr::new(Lang::It), &e);
        assert_eq!(headline, "Valore non accettato nel campo «Elo».");
        assert_eq!(detail, "rating: 'abc' is not a rating");
        let (headline, _) = explain(&Tr::new(Lang::En), &DeskError::refused("no"));
        assert_eq!(
            headline,
            "The rules refuse this request; nothing was recorded."
        );
    }
}
