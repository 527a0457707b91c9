//! Splitting a TRF text into lines and reading fixed columns.
//!
//! Spec 05 §1: lines end with CR, LF or CRLF (split on both ourselves);
//! columns are 1-based, inclusive and counted in characters, so a non-ASCII
//! name does not shift the columns after it.

use arbiter_model::Points;

/// One line of the file with its 1-based line number.
pub(crate) struct Line<'a> {
    pub number: usize,
    pub text: &'a str,
    /// Byte offset of every character, only for non-ASCII lines (for ASCII
    /// text, column c starts at byte c - 1).
    offsets: Option<Vec<usize>>,
}

impl<'a> Line<'a> {
    pub fn new(number: usize, text: &'a str) -> Self {
        let offsets = (!text.is_ascii()).then(|| text.char_indices().map(|(i, _)| i).collect());
        Line {
            number,
            text,
            offsets,
        }
    }

    /// Length in characters.
    pub fn len(&self) -> usize {
        self.offsets.as_ref().map_or(self.text.len(), Vec::len)
    }

    /// Byte offset where the character at 0-based index `i` starts (the end
    /// of the text beyond the last character).
    fn byte(&self, i: usize) -> usize {
        match &self.offsets {
            None => i.min(self.text.len()),
            Some(o) => o.get(i).copied().unwrap_or(self.text.len()),
        }
    }

    /// Columns `first..=last` (1-based) as far as the line reaches.
    fn slice(&self, first: usize, last: usize) -> &'a str {
        let from = self.byte(first.saturating_sub(1));
        let to = self.byte(last).max(from);
        &self.text[from..to]
    }

    /// The character at 1-based column `col`, a blank beyond the end.
    pub fn at(&self, col: usize) -> char {
        self.slice(col, col).chars().next().unwrap_or(' ')
    }

    /// Columns `first..=last`, trimmed.
    pub fn field(&self, first: usize, last: usize) -> &'a str {
        self.slice(first, last).trim()
    }

    /// Everything from column `first` on, trimmed.
    pub fn rest(&self, first: usize) -> &'a str {
        self.slice(first, self.len().max(first)).trim()
    }

    /// Everything from column `first` on, as written.
    pub fn rest_untrimmed(&self, first: usize) -> &'a str {
        self.slice(first, self.len().max(first))
    }

    /// The record code (columns 1-3).
    pub fn code(&self) -> &'a str {
        self.slice(1, 3)
    }

    /// Whitespace-separated tokens from column `first` on, each with its
    /// 1-based starting column.
    pub fn tokens(&self, first: usize) -> Vec<(usize, String)> {
        let mut out = Vec::new();
        let mut current: Option<(usize, String)> = None;
        let rest = self.slice(first, self.len().max(first));
        for (i, c) in rest.chars().enumerate() {
            if c.is_whitespace() {
                if let Some(t) = current.take() {
                    out.push(t);
                }
            } else {
                current
                    .get_or_insert_with(|| (first + i, String::new()))
                    .1
                    .push(c);
            }
        }
        out.extend(current);
        out
    }

    /// The first column from `first` on that is not a blank, if any.
    pub fn first_non_blank(&self, first: usize) -> Option<usize> {
        self.slice(first, self.len().max(first))
            .chars()
            .position(|c| c != ' ')
            .map(|i| first + i)
    }

    /// True when columns `first..=last` are all blank (or beyond the end).
    pub fn is_blank(&self, first: usize, last: usize) -> bool {
        self.slice(first, last).bytes().all(|b| b == b' ')
    }
}

/// A score for a 4-column field (`11.5`): one decimal, or none for a whole
/// number too wide for it (`205`), so that any value read from such a field
/// fits again.
pub(crate) fn points_field(p: Points) -> String {
    let s = p.to_string();
    if s.chars().count() > 4 && p.tenths() % 10 == 0 {
        (p.tenths() / 10).to_string()
    } else {
        s
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
