//! Random input never makes the reader panic, and whatever it accepts the
//! writer turns into text it accepts again.

mod common;

use arbiter_trf::{parse, parse_bytes, validate};
use common::codes;

/// xorshift64*: a small deterministic generator, enough for fuzzing.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SEED_FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus/dutch/small-102242150.trf"
);

/// Characters that matter to the format, plus some that do not.
const ALPHABET: &[char] = &[
    ' ', '0', '1', '9', '=', '+', '-', 'w', 'b', 'W', 'B', 'U', 'H', 'F', 'Z', 'X', '.', '\r',
    '\n', 'é', '\t', '#', 'A',
];

/// Parse, validate, write, parse again: nothing may panic, and the
/// writer's output must be readable.
fn exercise(text: &str) {
    if let Ok(doc) = parse(text) {
        let _ = validate(&doc, &codes);
        let out = common::text(&doc);
        let again = parse(&out).unwrap_or_else(|e| panic!("own output rejected: {e}\n{out}"));
        assert_eq!(again.tournament, doc.tournament, "{text:?}");
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2000 {
        let len = rng.below(400);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        if let Ok(doc) = parse_bytes(&bytes) {
            let _ = validate(&doc, &codes);
            let _ = arbiter_trf::write(&doc);
        }
        // Also as (lossy) text, so the parser itself sees the garbage.
        exercise(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn mutated_corpus_files_never_panic() {
    let original = std::fs::read_to_string(SEED_FILE)
        .unwrap_or_else(|e| panic!("corpus file {SEED_FILE} missing: {e}"));
    let base: Vec<char> = original.chars().collect();
    let mut rng = Rng(42);
    for _ in 0..3000 {
        let mut text = base.clone();
        for _ in 0..1 + rng.below(4) {
            let at = rng.below(text.len());
            match rng.below(3) {
                0 => text[at] = ALPHABET[rng.below(ALPHABET.len())],
                1 => {
                    text.remove(at);
                }
                _ => text.insert(at, ALPHABET[rng.below(ALPHABET.len())]),
            }
        }
        let text: String = text.into_iter().collect();
        exercise(&text);
        // Cut the file short anywhere.
        let cut: String = text.chars().take(rng.below(text.len() + 1)).collect();
        exercise(&cut);
    }
}
