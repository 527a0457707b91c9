//! Delimited text as every export writes it (standings, crosstables, team
//! standings, the players CSV, and every TSV a face prints): cells guarded
//! against spreadsheet formulas, whatever the separator; CSV cells quoted
//! as RFC 4180 says; TSV cells on one line.

/// The characters that make a spreadsheet read a cell starting with them
/// as a formula (OWASP, "CSV injection"): a name such as `=HYPERLINK(…)`
/// typed into a registration form must reach the organiser's spreadsheet
/// as text.
const FORMULA_START: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// The quote that keeps a spreadsheet from reading a cell as a formula;
/// importers remove it again ([`unguard`]).
const GUARD: char = '\'';

/// The separator of a delimited file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Separator {
    Comma,
    Tab,
}

/// One line of cells, ended by `\n`.
pub fn line<S: AsRef<str>>(cells: impl IntoIterator<Item = S>, sep: Separator) -> String {
    let (cell, joint): (fn(&str) -> String, &str) = match sep {
        Separator::Comma => (csv_cell, ","),
        Separator::Tab => (tsv_cell, "\t"),
    };
    let cells: Vec<String> = cells.into_iter().map(|c| cell(c.as_ref())).collect();
    cells.join(joint) + "\n"
}

/// `text`, with a leading `'` when it starts like a formula (not a number,
/// nor a lone `-` that marks an empty cell).
fn guarded(text: &str) -> String {
    let formula = text.starts_with(FORMULA_START)
        && text.chars().nth(1).is_some()
        && text.parse::<f64>().is_err();
    if formula {
        format!("{GUARD}{text}")
    } else {
        text.to_string()
    }
}

/// A CSV cell: [`guarded`]; a cell holding a separator (`,` or `;`), a
/// quote or a line break is quoted, its quotes doubled.
fn csv_cell(text: &str) -> String {
    let guarded = guarded(text);
    if guarded.contains([',', ';', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// A TSV cell: [`guarded`], tabs and line breaks become spaces (after the
/// guard, so a cell starting with a tab keeps its guard).
fn tsv_cell(text: &str) -> String {
    guarded(text).replace(['\t', '\n', '\r'], " ")
}

/// A cell as written, without the formula guard [`line`] added.
pub fn unguard(cell: &str) -> &str {
    match cell.strip_prefix(GUARD) {
        Some(rest) if rest.starts_with(FORMULA_START) => rest,
        _ => cell,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_guarded_and_numbers_are_not() {
        let row = [
            "=HYPERLINK(\"x\")",
            "+1",
            "-0.5",
            "@SUM(A1)",
            "-",
            "-1+2",
            "Anna",
        ];
        assert_eq!(
            line(row, Separator::Comma),
            "\"'=HYPERLINK(\"\"x\"\")\",+1,-0.5,'@SUM(A1),-,'-1+2,Anna\n"
        );
        assert_eq!(unguard("'=1+1"), "=1+1");
        assert_eq!(unguard("'-1+2"), "-1+2");
        assert_eq!(unguard("'Anna"), "'Anna");
        assert_eq!(unguard("O'Brien"), "O'Brien");
    }

    #[test]
    fn separators_quotes_and_line_breaks() {
        assert_eq!(
            line(["a,b", "c;d", "say \"hi\"", "two\nlines"], Separator::Comma),
            "\"a,b\",\"c;d\",\"say \"\"hi\"\"\",\"two\nlines\"\n"
        );
        assert_eq!(
            line(["a\tb", "two\nlines", "=x"], Separator::Tab),
            "a b\ttwo lines\t'=x\n"
        );
    }

    #[test]
    fn tsv_cells_are_guarded_as_csv_cells_are() {
        let row = [
            "=HYPERLINK(\"http://x\";\"y\")",
            "+1",
            "-0.5",
            "@SUM(A1)",
            "-",
            "\t=1",
            "Anna",
        ];
        assert_eq!(
            line(row, Separator::Tab),
            "'=HYPERLINK(\"http://x\";\"y\")\t+1\t-0.5\t'@SUM(A1)\t-\t' =1\tAnna\n"
        );
    }
}
