//! A small RFC 4180 reader for player lists: comma- (or semicolon-)
//! separated, double-quoted fields with `""` escapes, header row first.
//! Hand-written rather than the `csv` crate's (which the ratings crate uses)
//! because errors name the line a record starts on, and `csv` does not
//! count the blank lines it skips. A cell the export guarded against
//! spreadsheet formulas (`'=…`) reads as it was typed.

use arbiter_standings::delimited::unguard;

/// One record and the 1-based line where it starts.
pub struct Record {
    pub line: usize,
    pub fields: Vec<String>,
}

/// Splits `text` into records. The delimiter is `;` when the header has a
/// `;` and no `,` (spreadsheets in many locales), `,` otherwise.
pub fn records(text: &str) -> Result<Vec<Record>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let header = text.lines().next().unwrap_or_default();
    let delim = if header.contains(';') && !header.contains(',') {
        ';'
    } else {
        ','
    };
    let mut out = Vec::new();
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut line = 1;
    let mut start = 1;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    field.push(c);
                }
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.is_empty() => quoted = true,
            c if c == delim => fields.push(std::mem::take(&mut field)),
            '\r' => {}
            '\n' => {
                fields.push(std::mem::take(&mut field));
                if fields.iter().any(|f| !f.trim().is_empty()) {
                    out.push(Record {
                        line: start,
                        fields: std::mem::take(&mut fields),
                    });
                }
                fields.clear();
                line += 1;
                start = line;
            }
            _ => field.push(c),
        }
    }
    if quoted {
        return Err(format!("line {start}: a quoted field is not closed"));
    }
    fields.push(field);
    if fields.iter().any(|f| !f.trim().is_empty()) {
        out.push(Record {
            line: start,
            fields,
        });
    }
    for f in out.iter_mut().flat_map(|r| r.fields.iter_mut()) {
        let typed = unguard(f);
        if typed.len() != f.len() {
            *f = typed.to_string();
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_fields_and_line_numbers() {
        let r = records("name,rating\n\"Smith, John\",2100\n\n\"Say \"\"Hi\"\"\",\r\n").unwrap();
        assert_eq!(r.len(), 3);
        assert_eq!(r[1].fields, ["Smith, John", "2100"]);
        assert_eq!(r[2].line, 4);
        assert_eq!(r[2].fields, ["Say \"Hi\"", ""]);
        assert!(records("a\n\"open").is_err());
        assert_eq!(records("name;rating\nX;1\n").unwrap()[1].fields, ["X", "1"]);
    }
}
