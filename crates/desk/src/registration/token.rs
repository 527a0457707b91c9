//! The registrant's private status link: an unguessable token (256 random
//! bits from the operating system, as hex), of which the journal keeps only
//! a hash — the event file does not give the links away.

use blake2::{Blake2b512, Digest};

use crate::error::DeskError;

/// A fresh token: 64 hex digits.
pub(super) fn fresh() -> Result<String, DeskError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| DeskError::internal(format!("no random numbers from the system: {e}")))?;
    Ok(hex(&bytes))
}

/// What the journal stores of `token`.
pub(super) fn hash(token: &str) -> String {
    hex(&Blake2b512::digest(token.as_bytes()))
}

/// True for the shape of a token (what [`fresh`] makes): anything else
/// is not looked up.
pub(super) fn well_formed(token: &str) -> bool {
    token.len() == 64 && token.bytes().all(|b| b.is_ascii_hexdigit())
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_fresh_and_hashed() {
        let (a, b) = (fresh().unwrap(), fresh().unwrap());
        assert!(well_formed(&a) && well_formed(&b));
        assert_ne!(a, b);
        assert_eq!(hash(&a), hash(&a));
        assert_ne!(hash(&a), hash(&b));
        assert_eq!(hash(&a).len(), 128);
        assert!(!well_formed("../etc") && !well_formed(&a[1..]));
    }
}
