//! The server's days: day D's challenge is the challenge game of a seed derived from the
//! server's secret and D, published once D has begun (UTC).

use sha2::{Digest, Sha256};

/// How far back a run's seed is looked for among the days: ten years.
const DAYS_BACK: i64 = 3_660;
/// How far ahead, to tell a day not begun from a seed of no day: a year.
const DAYS_AHEAD: i64 = 366;

/// The seed of day `day` (`YYYYMMDD`) for a server of `secret`: the first eight bytes of
/// SHA-256(secret, "horde-day", the day's digits), little-endian.
pub fn seed_of(secret: &[u8; 32], day: u64) -> u64 {
    let mut hash = Sha256::new();
    hash.update(secret);
    hash.update(b"horde-day");
    hash.update(day.to_string().as_bytes());
    let digest = hash.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// The day whose seed is `seed`, among the ten years before `today` and the year after it.
pub fn day_of_seed(secret: &[u8; 32], seed: u64, today: u64) -> Option<u64> {
    let now = horde_games::days_of(today)?;
    (now - DAYS_BACK..=now + DAYS_AHEAD)
        .map(horde_games::day_of)
        .find(|&day| seed_of(secret, day) == seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_day_has_its_own_seed_and_is_found_from_it() {
        let secret = [7u8; 32];
        let today = 20_261_204;
        let seed = seed_of(&secret, today);
        assert_ne!(seed, seed_of(&secret, 20_261_203));
        assert_ne!(seed, seed_of(&[8u8; 32], today));
        assert_eq!(day_of_seed(&secret, seed, today), Some(today));
        let tomorrow = seed_of(&secret, 20_261_205);
        assert_eq!(day_of_seed(&secret, tomorrow, today), Some(20_261_205));
        assert_eq!(day_of_seed(&secret, 12345, today), None);
    }
}
