//! Splitting a TRF text into lines and reading fixed columns.
//!
//! Spec 05 §1: lines end with CR, LF or CRLF (split on both ourselves);
//! columns are 1-based, inclusive and counted in characters, so a non-ASCII
//! name does not shift the columns after it.

/// One line of the file with its 1-based line number.
pub(crate) struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
    chars: Vec<char>,
}

impl<'a> Line<'a> {
    pub fn new(number: usize, text: &'a str) -> Self {
        Line {
            number,
            text,
            chars: text.chars().collect(),
        }
    }

    /// Length in characters.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// The character at 1-based column `col`, a blank beyond the end.
    pub fn at(&self, col: usize) -> char {
        col.checked_sub(1)
            .and_then(|i| self.chars.get(i).copied())
            .unwrap_or(' ')
    }

    /// Columns `first..=last` (1-based), blank-padded beyond the end.
    pub fn raw(&self, first: usize, last: usize) -> String {
        (first..=last).map(|c| self.at(c)).collect()
    }

    /// Columns `first..=last`, trimmed.
    pub fn field(&self, first: usize, last: usize) -> String {
        self.raw(first, last).trim().to_string()
    }

    /// Everything from column `first` on, trimmed.
    pub fn rest(&self, first: usize) -> String {
        self.raw(first, self.len().max(first)).trim().to_string()
    }

    /// The record code (columns 1-3).
    pub fn code(&self) -> String {
        self.chars.iter().take(3).collect()
    }

    /// Whitespace-separated tokens from column `first` on, each with its
    /// 1-based starting column.
    pub fn tokens(&self, first: usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut current: Option<(usize, String)> = None;
        for (i, &c) in self.chars.iter().enumerate().skip(first.saturating_sub(1)) {
            if c.is_whitespace() {
                if let Some(t) = current.take() {
                    out.push(t);
                }
            } else {
                current
                    .get_or_insert_with(|| (i + 1, String::new()))
                    .1
                    .push(c);
            }
        }
        out.extend(current);
        out
    }

    /// True when columns `first..=last` are all blank.
    pub fn is_blank(&self, first: usize, last: usize) -> bool {
        (first..=last).all(|c| self.at(c) == ' ')
    }
}

/// Splits `text` on CR, LF and CRLF, numbering the lines from 1.
pub(crate) fn split_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = text;
    let mut number = 0;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        number += 1;
        let end = rest.find(['\r', '\n']).unwrap_or(rest.len());
        let line = &rest[..end];
        let mut next = &rest[end..];
        if next.starts_with("\r\n") {
            next = &next[2..];
        } else if !next.is_empty() {
            next = &next[1..];
        }
        rest = next;
        Some((number, line))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_every_line_ending() {
        let lines: Vec<_> = split_lines("a\rb\nc\r\nd\r\re").collect();
        assert_eq!(
            lines,
            vec![(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, ""), (6, "e")]
        );
    }

    #[test]
    fn columns_count_characters() {
        let l = Line::new(1, "001 Ünal x");
        assert_eq!(l.at(5), 'Ü');
        assert_eq!(l.field(5, 8), "Ünal");
        assert_eq!(l.at(10), 'x');
        assert_eq!(l.at(40), ' ');
        assert_eq!(
            l.tokens(4),
            vec![(5, "Ünal".to_string()), (10, "x".to_string())]
        );
    }
}
