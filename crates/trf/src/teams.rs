//! Team records: TRF16 `013` and TRF26 `310` (spec 05 §5), and the TRF26
//! national-rating records (a federation code in columns 1-3, the 001
//! layout in columns 5-79).

use arbiter_model::{Team, Tpn};

use crate::error::TrfError;
use crate::text::Line;

/// `013`: name 5-36, members at 37-40, 42-45, ... (no team number).
pub(crate) fn read_013(line: &Line) -> Result<Team, TrfError> {
    Ok(Team {
        number: None,
        name: line.field(5, 36).to_string(),
        members: members(line, 37)?,
    })
}

/// `310`: number 5-7, name 9-40, members at 74-77, 79-82, ... (nickname,
/// strength factor, match and game points and rank are not part of the
/// model; the line itself is written back unchanged).
pub(crate) fn read_310(line: &Line) -> Result<Team, TrfError> {
    let text = line.field(5, 7);
    let number = text
        .parse::<u32>()
        .ok()
        .filter(|_| text.bytes().all(|b| b.is_ascii_digit()));
    let Some(number) = number else {
        return Err(TrfError::new(
            line.number,
            5,
            "team number",
            format!("'{text}' is not a team number"),
        ));
    };
    Ok(Team {
        number: Some(number),
        name: line.field(9, 40).to_string(),
        members: members(line, 74)?,
    })
}

/// Starting ranks in 4-column fields every 5 columns from `first`; blank
/// and `0000` fields are empty boards.
fn members(line: &Line, first: usize) -> Result<Vec<Tpn>, TrfError> {
    let mut out = Vec::new();
    let mut col = first;
    while col <= line.len() {
        let text = line.field(col, col + 3);
        if !text.is_empty() && text != "0000" {
            match text.parse::<Tpn>() {
                Ok(t) if t > 0 && text.bytes().all(|b| b.is_ascii_digit()) => out.push(t),
                _ => {
                    return Err(TrfError::new(
                        line.number,
                        col,
                        "team member",
                        format!("'{text}' is not a starting rank"),
                    ));
                }
            }
        }
        col += 5;
    }
    Ok(out)
}

/// The team records of `teams`: `310` for numbered teams, `013` otherwise.
pub(crate) fn write(teams: &[Team]) -> Vec<String> {
    teams
        .iter()
        .map(|t| {
            let ids: Vec<String> = t.members.iter().map(|m| format!("{m:>4}")).collect();
            let name: String = t.name.chars().take(32).collect();
            let line = match t.number {
                Some(n) => format!("310 {n:>3} {name:<32}{:33}{}", "", ids.join(" ")),
                None => format!("013 {name:<32}{}", ids.join(" ")),
            };
            line.trim_end().to_string()
        })
        .collect()
}

/// A national-rating record: its starting rank (5-8) and rating (49-52),
/// when the line has that shape.
pub(crate) fn national_rating(line: &Line) -> Option<(Tpn, u16)> {
    let tpn = line.field(5, 8).parse::<Tpn>().ok()?;
    let rating = line.field(49, 52).parse::<u16>().ok()?;
    Some((tpn, rating)).filter(|&(t, r)| t > 0 && r > 0)
}

/// True for a record code that is a federation (three upper-case letters,
/// not a JaVaFo `XX?` or bbpPairings `BB?` code).
pub(crate) fn is_federation_code(code: &str) -> bool {
    code.len() == 3
        && code.bytes().all(|b| b.is_ascii_uppercase())
        && !code.starts_with("XX")
        && !code.starts_with("BB")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_records_round_trip() {
        let t013 = Team {
            number: None,
            name: "Lions".into(),
            members: vec![1, 7, 12],
        };
        let t310 = Team {
            number: Some(3),
            name: "Tigers".into(),
            members: vec![2, 0x10],
        };
        let lines = write(&[t013.clone(), t310.clone()]);
        assert_eq!(lines[0], format!("013 {:<32}   1    7   12", "Lions"));
        assert_eq!(lines[1].chars().nth(73), Some(' '));
        assert_eq!(&lines[1][73..82], "   2   16");
        assert_eq!(read_013(&Line::new(1, &lines[0])).unwrap(), t013);
        assert_eq!(read_310(&Line::new(1, &lines[1])).unwrap(), t310);
    }
}
