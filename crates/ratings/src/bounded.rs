//! The bounds of a rating list, checked while it is read: a list is read as
//! a stream (never loaded whole), and a stream that grows beyond
//! [`Limits::bytes`] or holds a line longer than [`Limits::line`] is
//! refused at that point, so an endless input (`/dev/zero`, a pipe) ends
//! with an error after a bounded read. The limits are the README's
//! ("Rating lists").

use std::io::{self, Read};

/// How much of a list is read before it is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The whole list (FIDE's combined list is about 200 MB).
    pub bytes: u64,
    /// One line (a FIDE line has about 170 characters).
    pub line: u64,
}

/// The limits of every list imported.
pub const LIMITS: Limits = Limits {
    bytes: 1 << 30,
    line: 64 << 10,
};

/// Which limit a list broke, and on which line (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Overflow {
    #[error("line {line}: the list is larger than {limit} bytes")]
    List { line: u64, limit: u64 },
    #[error("line {line}: the line is longer than {limit} bytes")]
    Line { line: u64, limit: u64 },
}

impl Overflow {
    /// The overflow an I/O error of a [`Bounded`] reader carries.
    pub fn of(e: &io::Error) -> Option<Overflow> {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<Overflow>())
            .copied()
    }
}

/// A reader that fails with an [`Overflow`] once its input breaks a limit,
/// and knows whether the input ended with a line break.
pub struct Bounded<R> {
    inner: R,
    limits: Limits,
    read: u64,
    /// Line breaks read.
    breaks: u64,
    /// Bytes since the last line break.
    run: u64,
}

impl<R: Read> Bounded<R> {
    pub fn new(inner: R, limits: Limits) -> Bounded<R> {
        Bounded {
            inner,
            limits,
            read: 0,
            breaks: 0,
            run: 0,
        }
    }

    /// Whether everything read so far ends with a line break (or nothing
    /// was read): a list whose last line has none was cut short.
    pub fn ends_a_line(&self) -> bool {
        self.run == 0
    }
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &b in &buf[..n] {
            self.read += 1;
            if b == b'\n' {
                self.breaks += 1;
                self.run = 0;
            } else {
                self.run += 1;
            }
            let line = self.breaks + 1;
            if self.read > self.limits.bytes {
                let limit = self.limits.bytes;
                return Err(io::Error::other(Overflow::List { line, limit }));
            }
            if self.run > self.limits.line {
                let limit = self.limits.line;
                return Err(io::Error::other(Overflow::Line { line, limit }));
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: Limits = Limits {
        bytes: 100,
        line: 10,
    };

    fn read_all(input: &[u8]) -> (Result<Vec<u8>, Option<Overflow>>, bool) {
        let mut r = Bounded::new(input, SMALL);
        let mut out = Vec::new();
        let res = r
            .read_to_end(&mut out)
            .map(|_| out)
            .map_err(|e| Overflow::of(&e));
        (res, r.ends_a_line())
    }

    #[test]
    fn a_line_beyond_the_limit_is_refused() {
        assert_eq!(read_all(b"0123456789\n").0, Ok(b"0123456789\n".to_vec()));
        let long = Overflow::Line { line: 2, limit: 10 };
        assert_eq!(read_all(b"a\n01234567890\nb\n").0, Err(Some(long)));
    }

    #[test]
    fn a_list_beyond_the_limit_is_refused() {
        let ok = b"123456789\n".repeat(10);
        assert!(read_all(&ok).0.is_ok());
        let input = [ok, b"1\n".to_vec()].concat();
        let big = Overflow::List {
            line: 11,
            limit: 100,
        };
        assert_eq!(read_all(&input).0, Err(Some(big)));
    }

    #[test]
    fn an_endless_input_ends_after_a_line() {
        let mut r = Bounded::new(io::repeat(0), SMALL);
        let e = io::copy(&mut r, &mut io::sink()).unwrap_err();
        let long = Overflow::Line { line: 1, limit: 10 };
        assert_eq!(Overflow::of(&e), Some(long));
    }

    #[test]
    fn a_cut_last_line_is_seen() {
        assert!(read_all(b"a\nb\n").1);
        assert!(read_all(b"").1);
        assert!(!read_all(b"a\nb").1);
    }
}
