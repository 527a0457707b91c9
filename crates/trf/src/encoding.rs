//! The character encoding of a file that is not UTF-8 (`docs/rules/trf.md`
//! "Encodings"): TRF-2026 files are UTF-8, but older writers used the
//! Windows code page of the arbiter's machine. Which one is decided from
//! the bytes alone and reported, never guessed silently.

use encoding_rs::{Encoding, WINDOWS_1250, WINDOWS_1251, WINDOWS_1252};

/// The text of `bytes`: UTF-8 (a byte-order mark dropped), or else one of
/// the code pages Latin-1 / Windows-1252, Windows-1250 or Windows-1251,
/// with the name of the one assumed.
pub(crate) fn decode(bytes: &[u8]) -> (String, Option<&'static str>) {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (text.to_string(), None);
    }
    let (encoding, name) = code_page(bytes);
    let (text, _, _) = encoding.decode(bytes);
    (text.into_owned(), Some(name))
}

/// Bytes that Windows-1250 uses for Central European letters (Ł ł Ą ą Ś ś
/// Ź ź Ż ż Ť ť Ľ ľ Ş ş) and Windows-1252 for symbols (£ ¥ ³ ¹ ¿ ¯ Œ œ Ÿ …),
/// which no name holds.
const CENTRAL_EUROPEAN: &[u8] = &[
    0x8C, 0x8D, 0x8F, 0x9C, 0x9D, 0x9F, 0xA3, 0xA5, 0xAA, 0xAF, 0xB3, 0xB9, 0xBA, 0xBC, 0xBE, 0xBF,
];

/// Decides the code page: Windows-1251 when most bytes above 0x7F stand in
/// runs of three or more (Cyrillic words are written with them alone);
/// Windows-1250 when a byte of [`CENTRAL_EUROPEAN`] touches a letter;
/// else Latin-1 (read as Windows-1252, its superset).
fn code_page(bytes: &[u8]) -> (&'static Encoding, &'static str) {
    let high = bytes.iter().filter(|&&b| b >= 0x80).count();
    let mut in_runs = 0;
    let mut run = 0;
    for &b in bytes.iter().chain(std::iter::once(&b' ')) {
        if b >= 0x80 {
            run += 1;
        } else {
            if run >= 3 {
                in_runs += run;
            }
            run = 0;
        }
    }
    if 2 * in_runs > high {
        return (WINDOWS_1251, "Windows-1251 (Cyrillic)");
    }
    let letter = |b: Option<&u8>| b.is_some_and(|b| b.is_ascii_alphabetic() || *b >= 0xC0);
    let central = bytes.iter().enumerate().any(|(i, b)| {
        CENTRAL_EUROPEAN.contains(b)
            && (letter(i.checked_sub(1).and_then(|j| bytes.get(j))) || letter(bytes.get(i + 1)))
    });
    if central {
        (WINDOWS_1250, "Windows-1250 (Central European)")
    } else {
        (WINDOWS_1252, "Latin-1 (Windows-1252)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_and_its_byte_order_mark() {
        assert_eq!(decode("Müller".as_bytes()), ("Müller".to_string(), None));
        assert_eq!(decode(b"\xEF\xBB\xBF012 x"), ("012 x".to_string(), None));
    }

    #[test]
    fn each_code_page_is_told_by_its_bytes() {
        // "Ó Súilleabháin" in Latin-1: single high bytes among letters.
        let irish = b"\xD3 S\xFAilleabh\xE1in";
        assert_eq!(
            decode(irish),
            ("Ó Súilleabháin".to_string(), Some("Latin-1 (Windows-1252)"))
        );
        // "Łukasz Wąs" in Windows-1250: Ł is 0xA3, ą is 0xB9.
        let polish = b"\xA3ukasz W\xB9s";
        assert_eq!(
            decode(polish),
            (
                "Łukasz Wąs".to_string(),
                Some("Windows-1250 (Central European)")
            )
        );
        // "Иванов, Пётр" in Windows-1251 (ё is 0xB8).
        let russian = b"\xC8\xE2\xE0\xED\xEE\xE2, \xCF\xB8\xF2\xF0";
        assert_eq!(
            decode(russian),
            ("Иванов, Пётр".to_string(), Some("Windows-1251 (Cyrillic)"))
        );
    }
}
