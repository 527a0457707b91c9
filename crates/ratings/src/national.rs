//! National rating lists from CSV, with a mapping from our fields to the
//! list's column names (every federation names them differently).

use std::io::Read;

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

    /// Reads every record (header row first; `,` or `;` separated).
    pub fn read(&self, mut input: impl Read) -> Result<Vec<NationalPlayer>, String> {
        let mut bytes = Vec::new();
        input
            .read_to_end(&mut bytes)
            .map_err(|e| format!("reading the list: {e}"))?;
        let text = std::str::from_utf8(&bytes).map_err(|e| {
            let line = bytes[..e.valid_up_to()]
                .iter()
                .filter(|&&b| b == b'\n')
                .count()
                + 1;
            format!("line {line}: not UTF-8 text")
        })?;
        let text = text.trim_start_matches('\u{feff}');
        let header = text.lines().next().unwrap_or_default();
        let delimiter = if header.contains(';') && !header.contains(',') {
            b';'
        } else {
            b','
        };
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .flexible(true)
            .from_reader(text.as_bytes());
        let headers = reader
            .headers()
            .map_err(|e| format!("line 1: {e}"))?
            .clone();
        let columns = self
            .mapping
            .iter()
            .map(|(field, name)| {
                headers
                    .iter()
                    .position(|h| h.trim() == name)
                    .map(|i| (*field, i))
                    .ok_or_else(|| {
                        format!("line 1: no column '{name}' (for the field {})", field.key())
                    })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let mut out = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| format!("{e}"))?;
            let line = record.position().map_or(0, |p| p.line());
            let mut p = NationalPlayer::default();
            for &(field, i) in &columns {
                let text = record.get(i).unwrap_or("").trim();
                let err = |what: &str| {
                    format!(
                        "line {line}: '{text}' is not {what} (field {})",
                        field.key()
                    )
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
            if p.national_id.is_empty() {
                return Err(format!(
                    "line {line}: the national id is missing (field id)"
                ));
            }
            if p.name.is_empty() {
                return Err(format!("line {line}: the name is missing (field name)"));
            }
            out.push(p);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_mapped_list() {
        let list =
            NationalList::new("PZSzach", "id=Nr,name=Nazwisko,rating=Ranking,sex=Plec").unwrap();
        let csv = "Nr;Nazwisko;Ranking;Plec\n17;Kowalska, Anna;1850;K\n18;Nowak, Jan;;M\n";
        let players = list.read(csv.as_bytes()).unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].national_id, "17");
        assert_eq!(players[0].rating, Some(1850));
        assert_eq!(players[0].sex, Some('F'));
        assert_eq!(players[1].rating, None);
    }

    #[test]
    fn errors_name_the_line_and_field() {
        let list = NationalList::new("X", "id=Nr,name=Name,rating=Elo").unwrap();
        let err = list
            .read("Nr,Name,Elo\n1,A,1500\n2,B,15x0\n".as_bytes())
            .unwrap_err();
        assert_eq!(err, "line 3: '15x0' is not a rating (field rating)");
        let err = NationalList::new("X", "id=Nr,name=Name,elo=Elo").unwrap_err();
        assert!(err.starts_with("mapping: unknown field 'elo'"), "{err}");
        let missing = list.read("Nr,Nom\n1,A\n".as_bytes()).unwrap_err();
        assert_eq!(missing, "line 1: no column 'Name' (for the field name)");
    }
}
