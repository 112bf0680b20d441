//! Random picks that do not depend on the order work is done in: each is a pure function of
//! the run's seed and what is being decided (the tick, the tower's tile, the shot), mixed by an
//! integer hash. Towers deciding in parallel therefore choose exactly what they would choose
//! one after another, on any number of threads.

/// A 64-bit value mixed from `seed` and `words` (SplitMix64's finaliser over each word).
pub fn mix(seed: u64, words: &[u64]) -> u64 {
    let mut h = seed ^ 0x9e37_79b9_7f4a_7c15;
    for &w in words {
        h = finalise(h ^ w.wrapping_mul(0xbf58_476d_1ce4_e5b9));
    }
    finalise(h)
}

/// SplitMix64's output function.
fn finalise(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// An index in `0..n` from a mixed value (`n > 0`): the high bits scaled, so every index is
/// as likely as the next to within one part in 2⁶⁴.
pub fn below(value: u64, n: usize) -> usize {
    ((u128::from(value) * n as u128) >> 64) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_are_pure_and_spread() {
        assert_eq!(mix(7, &[1, 2, 3]), mix(7, &[1, 2, 3]));
        assert_ne!(mix(7, &[1, 2, 3]), mix(7, &[1, 2, 4]));
        assert_ne!(mix(7, &[1, 2]), mix(8, &[1, 2]));
        let mut counts = [0usize; 4];
        for tick in 0..4000 {
            counts[below(mix(1, &[tick]), 4)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(below(u64::MAX, 10), 9);
        assert_eq!(below(0, 10), 0);
    }
}
