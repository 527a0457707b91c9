//! FIDE's monthly rating list in its fixed-width TXT form.
//!
//! FIDE publishes a combined list (`players_list_foa.txt`: standard, rapid
//! and blitz side by side) and one list per rating type. Every file starts
//! with a header line naming its columns; each column's text starts where its
//! name starts in the header and ends where the next name starts. The reader
//! takes the positions from the header, so a shifted layout is read right
//! and an unknown one is refused, not misread:
//!
//! ```text
//! ID Number      Name            …  Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag
//! ```
//!
//! A single-type list has one rating column named by the list's month
//! (`SEP26`) followed by `Gms` and `K`; that name also gives the list's date.
//! Lines are UTF-8, or Latin-1 where they are not valid UTF-8; columns count
//! characters.

use std::io::{BufRead, BufReader, Read};

use arbiter_model::date::Date;

use crate::bounded::{Bounded, Limits, Overflow};

/// Why a rating list cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ListError {
    #[error("line {line}: {message} (field {field})")]
    Field {
        line: u64,
        field: &'static str,
        message: String,
    },
    #[error("line 1: not a FIDE rating list header ({0})")]
    Header(String),
    #[error("the file is empty")]
    Empty,
    #[error("{0}")]
    TooLarge(Overflow),
    #[error(
        "line {0}: the list ends in the middle of this line (cut short?); \
         every line of a list ends with a line break"
    )]
    Truncated(u64),
    #[error("line 1: a header, and no player after it (an empty or cut list)")]
    NoPlayers,
    #[error("line {line}: {message}")]
    Malformed { line: u64, message: String },
    #[error("reading the list: {0}")]
    Io(#[from] std::io::Error),
}

/// Which rating a single-type list holds (a combined list holds all three).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatingKind {
    Standard,
    Rapid,
    Blitz,
}

/// One rating of a listed player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ListRating {
    pub rating: u16,
    /// Rated games in the last period.
    pub games: u16,
    /// Development coefficient, when the list gives it.
    pub k: Option<u8>,
}

/// One player of the list, as FIDE writes him.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListedPlayer {
    pub fide_id: u64,
    /// `Lastname, Firstname`.
    pub name: String,
    pub federation: Option<String>,
    /// `M` or `F`.
    pub sex: Option<char>,
    /// Title column as written (`GM`, `WIM`, …).
    pub title: Option<String>,
    /// Women's title column.
    pub women_title: Option<String>,
    /// Other titles (`IA,FT`), as written.
    pub other_titles: Option<String>,
    /// FIDE Online Arena title.
    pub foa_title: Option<String>,
    pub standard: Option<ListRating>,
    pub rapid: Option<ListRating>,
    pub blitz: Option<ListRating>,
    pub birth_year: Option<i16>,
    /// Flag `i` (inactive).
    pub inactive: bool,
}

/// The columns a list may have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Id,
    Name,
    Fed,
    Sex,
    Title,
    WomenTitle,
    OtherTitles,
    Foa,
    Rating(RatingKind),
    Games(RatingKind),
    K(RatingKind),
    BirthYear,
    Flag,
}

impl Column {
    fn field(self) -> &'static str {
        match self {
            Column::Id => "ID Number",
            Column::Name => "Name",
            Column::Fed => "Fed",
            Column::Sex => "Sex",
            Column::Title => "Tit",
            Column::WomenTitle => "WTit",
            Column::OtherTitles => "OTit",
            Column::Foa => "FOA",
            Column::Rating(_) => "rating",
            Column::Games(_) => "games",
            Column::K(_) => "K",
            Column::BirthYear => "B-day",
            Column::Flag => "Flag",
        }
    }
}

/// Where each column of a list starts (in characters), from its header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    columns: Vec<(Column, usize)>,
    /// The month named by a single-type list's rating column.
    pub list_date: Option<Date>,
}

impl Layout {
    /// Reads the header line. `single` is the rating a single-type list
    /// holds (its rating column is named by a month, not by the type).
    pub fn from_header(header: &str, single: RatingKind) -> Result<Layout, ListError> {
        let mut columns = Vec::new();
        let mut list_date = None;
        let words = header_words(header);
        let mut i = 0;
        while i < words.len() {
            let (start, word) = words[i];
            // "ID Number" is two words.
            if word == "ID" && words.get(i + 1).is_some_and(|w| w.1 == "Number") {
                columns.push((Column::Id, start));
                i += 2;
                continue;
            }
            let column = match word {
                "Name" => Column::Name,
                "Fed" => Column::Fed,
                "Sex" => Column::Sex,
                "Tit" => Column::Title,
                "WTit" => Column::WomenTitle,
                "OTit" => Column::OtherTitles,
                "FOA" => Column::Foa,
                "SRtng" => Column::Rating(RatingKind::Standard),
                "SGm" => Column::Games(RatingKind::Standard),
                "SK" => Column::K(RatingKind::Standard),
                "RRtng" => Column::Rating(RatingKind::Rapid),
                "RGm" => Column::Games(RatingKind::Rapid),
                "Rk" => Column::K(RatingKind::Rapid),
                "BRtng" => Column::Rating(RatingKind::Blitz),
                "BGm" => Column::Games(RatingKind::Blitz),
                "BK" => Column::K(RatingKind::Blitz),
                "Gms" | "Gm" => Column::Games(single),
                "K" => Column::K(single),
                "B-day" | "Bday" | "Born" => Column::BirthYear,
                "Flag" => Column::Flag,
                other => match month_column(other) {
                    Some(date) => {
                        list_date = Some(date);
                        Column::Rating(single)
                    }
                    None => {
                        return Err(ListError::Header(format!("unknown column '{other}'")));
                    }
                },
            };
            columns.push((column, start));
            i += 1;
        }
        for needed in [Column::Id, Column::Name] {
            if !columns.iter().any(|(c, _)| *c == needed) {
                return Err(ListError::Header(format!("no '{}' column", needed.field())));
            }
        }
        if !columns.iter().any(|(c, _)| matches!(c, Column::Rating(_))) {
            return Err(ListError::Header("no rating column".into()));
        }
        Ok(Layout { columns, list_date })
    }

    /// Reads one data line (`number` is its 1-based line number).
    pub fn parse(&self, number: u64, line: &str) -> Result<ListedPlayer, ListError> {
        let chars = Columns::new(line);
        let mut p = ListedPlayer::default();
        for (k, &(column, start)) in self.columns.iter().enumerate() {
            let end = self.columns.get(k + 1).map(|c| c.1);
            let text = chars.slice(start, end);
            let err = |message: String| ListError::Field {
                line: number,
                field: column.field(),
                message,
            };
            let some = |t: &str| (!t.is_empty()).then(|| t.to_string());
            match column {
                Column::Id => {
                    p.fide_id = number_in(text)
                        .filter(|&id: &u64| id > 0)
                        .ok_or_else(|| err(format!("'{text}' is not a FIDE id")))?;
                }
                Column::Name => {
                    if text.is_empty() {
                        return Err(err("the name is missing".into()));
                    }
                    p.name = text.to_string();
                }
                Column::Fed => p.federation = some(text),
                Column::Sex => {
                    p.sex = match text {
                        "" => None,
                        "M" | "m" => Some('M'),
                        "F" | "f" | "W" | "w" => Some('F'),
                        _ => return Err(err(format!("'{text}' is not M or F"))),
                    }
                }
                Column::Title => p.title = some(text),
                Column::WomenTitle => p.women_title = some(text),
                Column::OtherTitles => p.other_titles = some(text),
                Column::Foa => p.foa_title = some(text),
                Column::Rating(kind) => {
                    if !text.is_empty() {
                        let rating = number_in(text)
                            .filter(|&r: &u16| r <= 3500)
                            .ok_or_else(|| err(format!("'{text}' is not a rating")))?;
                        if rating > 0 {
                            *slot(&mut p, kind) = Some(ListRating {
                                rating,
                                games: 0,
                                k: None,
                            });
                        }
                    }
                }
                Column::Games(kind) => {
                    let games = if text.is_empty() {
                        0
                    } else {
                        number_in(text)
                            .ok_or_else(|| err(format!("'{text}' is not a number of games")))?
                    };
                    if let Some(r) = slot(&mut p, kind) {
                        r.games = games;
                    }
                }
                Column::K(kind) => {
                    let k = if text.is_empty() {
                        None
                    } else {
                        Some(number_in(text).ok_or_else(|| {
                            err(format!("'{text}' is not a development coefficient"))
                        })?)
                    };
                    if let Some(r) = slot(&mut p, kind) {
                        r.k = k;
                    }
                }
                Column::BirthYear => {
                    p.birth_year = match number_in::<i16>(text) {
                        _ if text.is_empty() => None,
                        // FIDE writes 0000 for an unknown year.
                        Some(0) => None,
                        Some(y) if (1800..=9999).contains(&y) => Some(y),
                        _ => return Err(err(format!("'{text}' is not a year"))),
                    }
                }
                Column::Flag => p.inactive = text.contains('i'),
            }
        }
        Ok(p)
    }
}

fn slot(p: &mut ListedPlayer, kind: RatingKind) -> &mut Option<ListRating> {
    match kind {
        RatingKind::Standard => &mut p.standard,
        RatingKind::Rapid => &mut p.rapid,
        RatingKind::Blitz => &mut p.blitz,
    }
}

/// The words of a header and the character column where each starts.
fn header_words(header: &str) -> Vec<(usize, &str)> {
    let mut words = Vec::new();
    let mut start = None;
    let mut byte_start = 0;
    for (col, (byte, c)) in header.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => {
                start = Some(col);
                byte_start = byte;
            }
            (true, Some(s)) => {
                words.push((s, &header[byte_start..byte]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        words.push((s, &header[byte_start..]));
    }
    words
}

/// `SEP26` → 2026-09-01.
fn month_column(word: &str) -> Option<Date> {
    const MONTHS: [&str; 12] = [
        "JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC",
    ];
    if word.len() != 5 || !word.is_ascii() {
        return None;
    }
    let month = MONTHS
        .iter()
        .position(|m| word[..3].eq_ignore_ascii_case(m))?;
    let yy: i16 = number_in(&word[3..])?;
    Date::new(2000 + yy, month as i8 + 1, 1).ok()
}

/// A number written only with ASCII digits.
fn number_in<T: std::str::FromStr>(text: &str) -> Option<T> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// A line cut into character columns without allocating for ASCII lines.
enum Columns<'a> {
    Ascii(&'a str),
    Chars(Vec<(usize, char)>, &'a str),
}

impl<'a> Columns<'a> {
    fn new(line: &'a str) -> Columns<'a> {
        if line.is_ascii() {
            Columns::Ascii(line)
        } else {
            Columns::Chars(line.char_indices().collect(), line)
        }
    }

    /// Characters `start..end` (to the end of the line when `end` is None),
    /// trimmed.
    fn slice(&self, start: usize, end: Option<usize>) -> &'a str {
        match self {
            Columns::Ascii(s) => {
                let a = start.min(s.len());
                let b = end.map_or(s.len(), |e| e.min(s.len()));
                s[a..b.max(a)].trim()
            }
            Columns::Chars(idx, s) => {
                let byte = |col: usize| idx.get(col).map_or(s.len(), |&(b, _)| b);
                let a = byte(start);
                let b = end.map_or(s.len(), byte);
                s[a..b.max(a)].trim()
            }
        }
    }
}

/// Reads a whole list as a stream, within [`Limits`]: its layout, then one
/// player per non-blank line. A last line without a line break is an error
/// (the list was cut there).
pub struct ListReader<R> {
    input: BufReader<Bounded<R>>,
    pub layout: Layout,
    line: u64,
    raw: Vec<u8>,
}

impl<R: Read> ListReader<R> {
    /// Reads the header of `input`.
    pub fn new(input: R, single: RatingKind, limits: Limits) -> Result<ListReader<R>, ListError> {
        let mut input = BufReader::new(Bounded::new(input, limits));
        let mut raw = Vec::new();
        match input.read_until(b'\n', &mut raw) {
            Ok(0) => return Err(ListError::Empty),
            Ok(_) => {}
            Err(e) => return Err(read_error(e)),
        }
        let header = decode(&raw);
        let header = header.trim_start_matches('\u{feff}').trim_end();
        let layout = Layout::from_header(header, single)?;
        if !raw.ends_with(b"\n") {
            return Err(ListError::Truncated(1));
        }
        Ok(ListReader {
            input,
            layout,
            line: 1,
            raw,
        })
    }
}

impl<R: Read> Iterator for ListReader<R> {
    type Item = Result<ListedPlayer, ListError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.raw.clear();
            match self.input.read_until(b'\n', &mut self.raw) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(read_error(e))),
            }
            self.line += 1;
            let text = decode(&self.raw);
            let text = text.trim_end_matches(['\n', '\r']);
            if text.trim().is_empty() {
                continue;
            }
            if !self.raw.ends_with(b"\n") {
                return Some(Err(ListError::Truncated(self.line)));
            }
            return Some(self.layout.parse(self.line, text));
        }
    }
}

/// A failed read: a broken limit, else the I/O error.
pub(crate) fn read_error(e: std::io::Error) -> ListError {
    match Overflow::of(&e) {
        Some(overflow) => ListError::TooLarge(overflow),
        None => ListError::Io(e),
    }
}

/// UTF-8 where valid, else Latin-1 (every byte one character).
fn decode(raw: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(raw) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => std::borrow::Cow::Owned(raw.iter().map(|&b| b as char).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn month_columns_name_the_list_date() {
        assert_eq!(month_column("SEP26"), Date::new(2026, 9, 1).ok());
        assert_eq!(month_column("jan05"), Date::new(2005, 1, 1).ok());
        assert_eq!(month_column("SRtng"), None);
    }

    #[test]
    fn header_words_keep_character_columns() {
        assert_eq!(
            header_words("ID Number  Näme Fed"),
            vec![(0, "ID"), (3, "Number"), (11, "Näme"), (16, "Fed")]
        );
    }

    #[test]
    fn latin1_lines_are_decoded() {
        assert_eq!(decode(b"N\xfa\xf1ez"), "Núñez");
        assert_eq!(decode("Núñez".as_bytes()), "Núñez");
    }
}
