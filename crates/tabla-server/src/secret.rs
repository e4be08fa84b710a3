//! Random ids, seat tokens and the dice sequence. Tokens are 160 random bits, kept only as
//! SHA-256 hashes and compared in constant time; rolls are drawn from a per-game secret and
//! the ply, so the same ply always rolls the same and an undo cannot fish for a better roll.

use rand::Rng;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Random bytes from the thread's CSPRNG (ChaCha, seeded by the operating system).
fn random<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    rand::rng().fill(&mut b[..]);
    b
}

/// A new game id: 10 characters of `[0-9A-Za-z]` (about 59 bits; ids are public, so this
/// only keeps them from being guessed in sequence).
pub fn new_id() -> String {
    const ALPHABET: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut rng = rand::rng();
    (0..10).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

/// Whether `id` could be one of ours (checked before touching storage).
pub fn plausible_id(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// A new seat token: 160 random bits as 40 hex digits.
pub fn new_token() -> String {
    random::<20>().iter().map(|b| format!("{b:02x}")).collect()
}

/// The stored form of a token.
pub fn hash_token(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

/// A seat's token in the rematch of its game: derived from its token in the old game, so that
/// only whoever holds the old token can learn it, and nothing but hashes is stored.
pub fn rematch_token(token: &str) -> String {
    let h = Sha256::digest(format!("tabla rematch\0{token}").as_bytes());
    h[..20].iter().map(|b| format!("{b:02x}")).collect()
}

/// Which of `seats` (stored hashes) `token` belongs to. Every seat is compared, in constant
/// time, whatever matches, so timing tells nothing about the token.
pub fn seat_of(token: &str, seats: &[Option<[u8; 32]>]) -> Option<usize> {
    let h = hash_token(token);
    let mut found = None;
    for (i, s) in seats.iter().enumerate() {
        let stored = s.unwrap_or([0; 32]);
        let same: bool = stored.ct_eq(&h).into();
        if same && s.is_some() {
            found = Some(i);
        }
    }
    found
}

/// A new game's secret, from which its dice and its computer seats' seeds are drawn.
pub fn new_secret() -> [u8; 32] {
    random()
}

/// The secret of the `n`-th game (1, 2, …) of a server started with `--seed seed`: the same
/// seed and number, the same dice and computer choices. Only for tests: whoever knows the seed
/// and the number can foresee every roll.
pub fn seeded_secret(seed: u64, n: u64) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update(b"tabla seeded secret");
    h.update(seed.to_le_bytes());
    h.update(n.to_le_bytes());
    h.finalize().into()
}

/// The seed for whatever is drawn at `ply` of the game with `secret`, for `purpose`.
fn derive(secret: &[u8; 32], purpose: &[u8], ply: usize) -> u64 {
    let mut h = Sha256::new();
    h.update(purpose);
    h.update(secret);
    h.update((ply as u64).to_le_bytes());
    let d = h.finalize();
    u64::from_le_bytes(d[..8].try_into().expect("8 bytes"))
}

/// The seed of the roll at `ply`: fixed when the game is created.
pub fn roll_seed(secret: &[u8; 32], ply: usize) -> u64 {
    derive(secret, b"tabla roll", ply)
}

/// The seed of a computer seat's search at `ply`.
pub fn ai_seed(secret: &[u8; 32], ply: usize) -> u64 {
    derive(secret, b"tabla computer", ply)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_distinct_and_found_by_hash() {
        let a = new_token();
        let b = new_token();
        assert_eq!(a.len(), 40);
        assert_ne!(a, b);
        let seats = [Some(hash_token(&a)), None, Some(hash_token(&b))];
        assert_eq!(seat_of(&a, &seats), Some(0));
        assert_eq!(seat_of(&b, &seats), Some(2));
        assert_eq!(seat_of("nope", &seats), None);
        assert!(plausible_id(&new_id()));
        assert!(!plausible_id("../etc") && !plausible_id(""));
    }

    #[test]
    fn rolls_depend_on_secret_and_ply_only() {
        let s = [3; 32];
        assert_eq!(roll_seed(&s, 4), roll_seed(&s, 4));
        assert_ne!(roll_seed(&s, 4), roll_seed(&s, 5));
        assert_ne!(roll_seed(&s, 4), roll_seed(&[4; 32], 4));
        assert_ne!(roll_seed(&s, 4), ai_seed(&s, 4));
    }

    #[test]
    fn seeded_secrets_depend_on_seed_and_number_only() {
        assert_eq!(seeded_secret(7, 1), seeded_secret(7, 1));
        assert_ne!(seeded_secret(7, 1), seeded_secret(7, 2));
        assert_ne!(seeded_secret(7, 1), seeded_secret(8, 1));
        assert_ne!(seeded_secret(7, 1), new_secret());
    }
}
