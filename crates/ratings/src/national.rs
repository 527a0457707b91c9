//! National rating lists from CSV, with a mapping from our fields to the
//! list's column names (every federation names them differently).

use std::io::{BufRead, BufReader, Chain, Cursor, Read};

use crate::bounded::{Bounded, Limits};
use crate::fide_list::{ListError, read_error};

/// A national list and how to read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NationalList {
    /// The list's name in the database (e.g. `FSI`, `PZSzach`).
    pub name: String,
    mapping: Vec<(Field, String)>,
}

/// The fields a national list can fill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Id,
    Name,
    FideId,
    Rating,
    Birth,
    Sex,
    Federation,
    Club,
}

impl Field {
    const ALL: [(&'static str, Field); 8] = [
        ("id", Field::Id),
        ("name", Field::Name),
        ("fide-id", Field::FideId),
        ("rating", Field::Rating),
        ("born", Field::Birth),
        ("sex", Field::Sex),
        ("fed", Field::Federation),
        ("club", Field::Club),
    ];

    fn key(self) -> &'static str {
        Field::ALL
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("?", |(k, _)| k)
    }
}

/// One player of a national list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NationalPlayer {
    pub national_id: String,
    pub name: String,
    pub fide_id: Option<u64>,
    pub rating: Option<u16>,
    /// As the list writes it.
    pub birth: Option<String>,
    /// `M` or `F`.
    pub sex: Option<char>,
    pub federation: Option<String>,
    pub club: Option<String>,
}

impl NationalList {
    /// `mapping` names, for each of our fields, the list's column:
    /// `id=Nr,name=Nazwisko,rating=Ranking,born=Rok` (fields: id, name,
    /// fide-id, rating, born, sex, fed, club; `id` and `name` are required).
    pub fn new(name: &str, mapping: &str) -> Result<NationalList, String> {
        let mut pairs = Vec::new();
        for part in mapping.split(',').filter(|p| !p.trim().is_empty()) {
            let (key, column) = part
                .split_once('=')
                .ok_or_else(|| format!("mapping: '{part}' is not FIELD=COLUMN"))?;
            let field = Field::ALL
                .iter()
                .find(|(k, _)| *k == key.trim())
                .map(|(_, f)| *f)
                .ok_or_else(|| {
                    format!(
                        "mapping: unknown field '{}' (fields: {})",
                        key.trim(),
                        Field::ALL.map(|(k, _)| k).join(", ")
                    )
                })?;
            pairs.push((field, column.trim().to_string()));
        }
        for needed in [Field::Id, Field::Name] {
            if !pairs.iter().any(|(f, _)| *f == needed) {
                return Err(format!("mapping: the field '{}' is required", needed.key()));
            }
        }
        if name.trim().is_empty() {
            return Err("list name: empty".into());
        }
        Ok(NationalList {
            name: name.trim().to_string(),
            mapping: pairs,
        })
    }

    /// The records of `input` (header row first; `,` or `;` separated), read
    /// as a stream within `limits`.
    pub fn records<R: Read>(
        &self,
        input: R,
        limits: Limits,
    ) -> Result<NationalRecords<R>, ListError> {
        let mut input = BufReader::new(Bounded::new(input, limits));
        let mut header = Vec::new();
        input.read_until(b'\n', &mut header).map_err(read_error)?;
        if header.is_empty() {
            return Err(ListError::Empty);
        }
        let bom = if header.starts_with(b"\xef\xbb\xbf") {
            3
        } else {
            0
        };
        let delimiter = if header.contains(&b';') && !header.contains(&b',') {
            b';'
        } else {
            b','
        };
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .flexible(true)
            .from_reader(Cursor::new(header[bom..].to_vec()).chain(input));
        let headers = reader.headers().map_err(|e| csv_error(e, 1))?.clone();
        let columns = self
            .mapping
            .iter()
            .map(|(field, name)| {
                headers
                    .iter()
                    .position(|h| h.trim() == name)
                    .map(|i| (*field, i))
                    .ok_or_else(|| ListError::Malformed {
                        line: 1,
                        message: format!("no column '{name}' (for the field {})", field.key()),
                    })
            })
            .collect::<Result<Vec<_>, ListError>>()?;
        Ok(NationalRecords {
            reader,
            columns,
            record: csv::ByteRecord::new(),
            line: 1,
            done: false,
        })
    }
}

/// A list's bytes as the CSV reader takes them: the header line read
/// first (to choose the separator), then the rest of the stream.
type Input<R> = Chain<Cursor<Vec<u8>>, BufReader<Bounded<R>>>;

/// The players of a national list, one per record, read as a stream; a
/// last record without a line break is an error (the list was cut there).
pub struct NationalRecords<R> {
    reader: csv::Reader<Input<R>>,
    columns: Vec<(Field, usize)>,
    record: csv::ByteRecord,
    line: u64,
    done: bool,
}

impl<R: Read> Iterator for NationalRecords<R> {
    type Item = Result<NationalPlayer, ListError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = match self.reader.read_byte_record(&mut self.record) {
            Ok(true) => {
                self.line = self.record.position().map_or(self.line + 1, |p| p.line());
                self.player()
            }
            Ok(false) if self.reader.get_ref().get_ref().1.get_ref().ends_a_line() => {
                return None;
            }
            Ok(false) => Err(ListError::Truncated(self.line)),
            Err(e) => Err(csv_error(e, self.line + 1)),
        };
        self.done = item.is_err();
        Some(item)
    }
}

impl<R> NationalRecords<R> {
    /// The player of the record just read.
    fn player(&self) -> Result<NationalPlayer, ListError> {
        let line = self.line;
        let record = csv::StringRecord::from_byte_record(self.record.clone()).map_err(|_| {
            ListError::Malformed {
                line,
                message: "not UTF-8 text (save the list as UTF-8)".into(),
            }
        })?;
        let mut p = NationalPlayer::default();
        for &(field, i) in &self.columns {
            let text = record.get(i).unwrap_or("").trim();
            let err = |what: &str| ListError::Field {
                line,
                field: field.key(),
                message: format!("'{text}' is not {what}"),
            };
            let some = || (!text.is_empty()).then(|| text.to_string());
            match field {
                Field::Id => p.national_id = text.to_string(),
                Field::Name => p.name = text.to_string(),
                Field::FideId => {
                    p.fide_id = match text {
                        "" | "0" => None,
                        t => Some(t.parse().map_err(|_| err("a FIDE id"))?),
                    }
                }
                Field::Rating => {
                    p.rating = match text {
                        "" | "0" => None,
                        t => Some(
                            t.parse()
                                .ok()
                                .filter(|r| *r <= 3500)
                                .ok_or_else(|| err("a rating"))?,
                        ),
                    }
                }
                Field::Birth => p.birth = some(),
                Field::Sex => {
                    p.sex = match text.to_ascii_uppercase().as_str() {
                        "" => None,
                        "M" => Some('M'),
                        "F" | "W" | "K" => Some('F'),
                        _ => return Err(err("a sex (M or F)")),
                    }
                }
                Field::Federation => p.federation = some(),
                Field::Club => p.club = some(),
            }
        }
        let missing = |field: &'static str, what: &str| ListError::Field {
            line,
            field,
            message: format!("the {what} is missing"),
        };
        if p.national_id.is_empty() {
            return Err(missing("id", "national id"));
        }
        if p.name.is_empty() {
            return Err(missing("name", "name"));
        }
        Ok(p)
    }
}

/// A CSV error (at `line` when it names none): a broken limit, an I/O
/// error, else a malformed record.
fn csv_error(e: csv::Error, line: u64) -> ListError {
    let line = e.position().map_or(line, |p| p.line());
    let message = e.to_string();
    match e.into_kind() {
        csv::ErrorKind::Io(e) => read_error(e),
        _ => ListError::Malformed { line, message },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounded::LIMITS;

    fn read(list: &NationalList, csv: &str) -> Result<Vec<NationalPlayer>, String> {
        list.records(csv.as_bytes(), LIMITS)
            .and_then(|r| r.collect::<Result<Vec<_>, _>>())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn reads_a_mapped_list() {
        let list =
            NationalList::new("PZSzach", "id=Nr,name=Nazwisko,rating=Ranking,sex=Plec").unwrap();
        let csv = "Nr;Nazwisko;Ranking;Plec\n17;Kowalska, Anna;1850;K\n18;Nowak, Jan;;M\n";
        let players = read(&list, csv).unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].national_id, "17");
        assert_eq!(players[0].rating, Some(1850));
        assert_eq!(players[0].sex, Some('F'));
        assert_eq!(players[1].rating, None);
    }

    #[test]
    fn errors_name_the_line_and_field() {
        let list = NationalList::new("X", "id=Nr,name=Name,rating=Elo").unwrap();
        let err = read(&list, "Nr,Name,Elo\n1,A,1500\n2,B,15x0\n").unwrap_err();
        assert_eq!(err, "line 3: '15x0' is not a rating (field rating)");
        let err = NationalList::new("X", "id=Nr,name=Name,elo=Elo").unwrap_err();
        assert!(err.starts_with("mapping: unknown field 'elo'"), "{err}");
        let missing = read(&list, "Nr,Nom\n1,A\n").unwrap_err();
        assert_eq!(missing, "line 1: no column 'Name' (for the field name)");
        let nameless = read(&list, "Nr,Name,Elo\n1,,1500\n").unwrap_err();
        assert_eq!(nameless, "line 2: the name is missing (field name)");
    }

    #[test]
    fn a_cut_last_record_is_refused() {
        let list = NationalList::new("X", "id=Nr,name=Name,rating=Elo").unwrap();
        let err = read(&list, "Nr,Name,Elo\n1,A,1500\n2,B,15").unwrap_err();
        assert!(
            err.starts_with("line 3: the list ends in the middle"),
            "{err}"
        );
        assert_eq!(read(&list, "Nr,Name,Elo\r\n1,A,1500\r\n").unwrap().len(), 1);
    }

    #[test]
    fn a_list_beyond_the_limits_is_refused_where_it_breaks_them() {
        let list = NationalList::new("X", "id=Nr,name=Name").unwrap();
        let small = Limits {
            bytes: 30,
            line: 12,
        };
        let err = |csv: &str| {
            list.records(csv.as_bytes(), small)
                .and_then(|r| r.collect::<Result<Vec<_>, _>>())
                .unwrap_err()
                .to_string()
        };
        // 8 + 7 + 7 + 7 bytes, then line 5 crosses 30.
        assert_eq!(
            err("Nr,Name\n1,Anna\n2,Bert\n3,Cleo\n4,Dora\n"),
            "line 5: the list is larger than 30 bytes"
        );
        assert_eq!(
            err("Nr,Name\n1,Annabelle Lee\n"),
            "line 2: the line is longer than 12 bytes"
        );
    }
}
