//! State checksums: one 64-bit number for the whole game as it stands, so that two games can
//! be compared without comparing them field by field — a replay against its recording, a
//! loaded save against the game it came from, one thread against two.
//!
//! What is hashed is what a save holds ([`crate::td::save`]), so the two cannot drift apart:
//! the save's record, in save format 4's layout ([`CHECKSUM_STATE`]), of everything but the
//! enemies (board, spawner or scenario position,
//! lives, counters, random source, towers with their targets and launch progress, shells,
//! explosions, the tick), postcard-encoded, and then every enemy's saved fields with its id
//! (and the speed factor a tower gave it for its next update, where one did).
//! Left out are what is not game: the seconds per tick the game is played at, and each enemy's
//! colour (the window paints enemies, `horde sim` does not).
//!
//! The hash is xxh3 (64 bits), whose output is specified and the same on every build and
//! platform, fed fixed-width little-endian bytes. The enemies are hashed each on its own and
//! their hashes added (wrapping): a sum does not depend on the order of the pool, nor on how
//! its halves were shared out between threads, so the enemies are hashed in parallel and the
//! number is the same on any thread count; each enemy's id is in its bytes, so it is the
//! checksum of the enemies by id.

use crate::td::enemy::Enemy;
use crate::td::save::columns::{BYTES_PER_ENEMY, enemy_bytes};
use crate::td::save::format4::checksum_bytes;
use crate::td::save::record::GameRecord;
use crate::td::simulation::Simulation;
use rayon::prelude::*;
use xxhash_rust::xxh3::{xxh3_64, xxh3_64_with_seed};

/// The layout of the game state the checksum hashes, which recordings name (`#! state 4`):
/// save format 4's, frozen (`format4`). What a game uses beyond that format
/// is hashed after it, so this stays 4, and every game format 4 could hold keeps its checksum,
/// as long as the rules of the game do not change.
pub const CHECKSUM_STATE: u32 = 4;

/// Enemies hashed by one task of the parallel sum.
const LEAF: usize = 16 * 1024;

/// Seeds the enemies' hashes apart from the head's.
const ENEMY_SEED: u64 = 0x484f_5244_4545_4e45;

/// The checksum of the whole game state of `sim` (see the module docs).
pub fn checksum(sim: &Simulation) -> u64 {
    // Encoding plain data into memory cannot fail; an empty head would still differ from
    // any real game's.
    let mut head = checksum_bytes(GameRecord::head(sim, 0.0));
    // What a game uses beyond format 5 (endless waves), as its save's tail: nothing for the
    // others.
    head.extend(crate::td::save::tail::tail_of(sim));
    let enemies = enemies_sum(sim);
    let mut bytes = head;
    bytes.extend_from_slice(&enemies.to_le_bytes());
    xxh3_64(&bytes)
}

impl Simulation {
    /// The checksum of the whole game state (`checksum`): the same for the same game on any
    /// thread count and for a loaded save as for the game it came from.
    pub fn checksum(&self) -> u64 {
        checksum(self)
    }
}

/// The wrapping sum of every enemy's hash.
fn enemies_sum(sim: &Simulation) -> u64 {
    let (ids, states) = sim.enemies().slots();
    let factors = sim.enemies().speed_factors();
    let sums = ids.par_chunks(LEAF).zip(states.par_chunks(LEAF));
    if !factors.is_empty() {
        return sums
            .zip(factors.par_chunks(LEAF))
            .map(|((ids, states), factors)| {
                let each = ids.iter().zip(states).zip(factors);
                each.fold(0u64, |sum, ((&id, enemy), &factor)| {
                    sum.wrapping_add(enemy_hash(id, enemy, factor))
                })
            })
            .reduce(|| 0, u64::wrapping_add);
    }
    sums.map(|(ids, states)| {
        ids.iter().zip(states).fold(0u64, |sum, (&id, enemy)| {
            sum.wrapping_add(enemy_hash(id, enemy, 1.0))
        })
    })
    .reduce(|| 0, u64::wrapping_add)
}

/// One enemy's hash: its saved fields with its id, and the speed factor towers gave it for
/// its next update where that is not 1 (a game with no slowing tower hashes as before).
#[inline]
fn enemy_hash(id: u64, enemy: &Enemy, speed_factor: f32) -> u64 {
    let mut record = enemy.record();
    // The colour is the painter's, not the game's.
    record.words[2] = 0;
    let bytes = enemy_bytes(id, &record);
    if speed_factor == 1.0 {
        return xxh3_64_with_seed(&bytes, ENEMY_SEED);
    }
    let mut longer = [0u8; BYTES_PER_ENEMY + 4];
    longer[..BYTES_PER_ENEMY].copy_from_slice(&bytes);
    longer[BYTES_PER_ENEMY..].copy_from_slice(&speed_factor.to_le_bytes());
    xxh3_64_with_seed(&longer, ENEMY_SEED)
}

/// A checksum as recordings and CSV files write it: 16 lowercase hex digits.
pub fn to_hex(checksum: u64) -> String {
    format!("{checksum:016x}")
}

/// A checksum written by [`to_hex`] (1 to 16 hex digits, either case), or `None`.
pub fn from_hex(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 16 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u64::from_str_radix(text, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trips_and_refuses_what_is_not_hex() {
        for value in [0, 1, 0xdead_beef, u64::MAX] {
            assert_eq!(from_hex(&to_hex(value)), Some(value));
        }
        assert_eq!(to_hex(255), "00000000000000ff");
        for bad in ["", "xyz", "+12", "-1", "12345678901234567", "0x12", "1 2"] {
            assert_eq!(from_hex(bad), None, "{bad}");
        }
        assert_eq!(from_hex("FF"), Some(255));
    }
}
