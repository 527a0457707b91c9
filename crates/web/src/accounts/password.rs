//! Checking a password against its Argon2 PHC string in memory that each
//! thread keeps: the 19 MiB of blocks an Argon2id check needs are allocated
//! once per thread and reused, never handed back to the allocator, whose
//! per-thread arenas would otherwise keep a freed copy each (300 failed
//! logins at once took 550 MiB on 3 threads). With the checks on the
//! bounded pool of `security::password_checks`, their memory is the pool's
//! size times 19 MiB.

use std::cell::RefCell;

use argon2::password_hash::phc::{Output, PasswordHash};
use argon2::{Algorithm, Argon2, Block, Params, Version};

use super::AccountError;

thread_local! {
    /// The blocks of this thread's checks.
    static BLOCKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

fn hash_error(e: impl std::fmt::Display) -> AccountError {
    AccountError::Hash(e.to_string())
}

/// Is `password` the one `stored` (a PHC string) was made from?
pub(super) fn matches(password: &str, stored: &str) -> Result<bool, AccountError> {
    let parsed = PasswordHash::new(stored).map_err(hash_error)?;
    let (Some(salt), Some(expected)) = (&parsed.salt, &parsed.hash) else {
        return Err(hash_error("a stored hash without salt or output"));
    };
    let params = Params::try_from(&parsed).map_err(hash_error)?;
    let algorithm = Algorithm::try_from(parsed.algorithm.as_str()).map_err(hash_error)?;
    let version = match parsed.version {
        Some(v) => Version::try_from(v).map_err(hash_error)?,
        None => Version::default(),
    };
    let argon = Argon2::new(algorithm, version, params.clone());
    let mut out = vec![0u8; expected.len()];
    BLOCKS
        .with_borrow_mut(|blocks| {
            if blocks.len() < params.block_count() {
                blocks.resize(params.block_count(), Block::default());
            }
            argon.hash_password_into_with_memory(
                password.as_bytes(),
                salt,
                &mut out,
                &mut blocks[..params.block_count()],
            )
        })
        .map_err(hash_error)?;
    // `Output`'s comparison takes the same time wherever they differ.
    Ok(Output::new(&out).map_err(hash_error)? == *expected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::PasswordHasher;

    #[test]
    fn the_password_of_a_stored_hash_matches_and_no_other() {
        let stored = Argon2::default()
            .hash_password(b"correct horse")
            .unwrap()
            .to_string();
        assert!(matches("correct horse", &stored).unwrap());
        assert!(!matches("correct horsf", &stored).unwrap());
        assert!(!matches("", &stored).unwrap());
        // The blocks are kept for the thread's next check.
        assert_eq!(
            BLOCKS.with_borrow(Vec::len),
            Params::DEFAULT_M_COST as usize
        );
        assert!(matches!(
            matches("x", "not a hash"),
            Err(AccountError::Hash(_))
        ));
    }
}
