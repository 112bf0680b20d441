//! A priority's table: every grid cell's least enemy by key, one 64-bit entry a cell, made in
//! one parallel pass over the enemies in storage order.
//!
//! An entry packs the least key (as [`ordered`], biased so that unsigned order is the keys'
//! order), the least slot among the enemies of that key, and a bit that says whether more than
//! one enemy of the cell has that key. The towers break ties by id, not slot: a cell whose
//! least key is *tied* is not decided by its entry, and a look scans it. Without a tie the
//! entry's enemy is the cell's least by (key, id). Each part of the slots fills its own table
//! and the parts are merged cell by cell; the least key, its least slot and whether it is
//! shared do not depend on how the slots were cut, so the table is the same on any number of
//! threads. Entries of 8 bytes keep a part's table in a core's cache on the boards of a
//! million enemies.

use rayon::prelude::*;

/// A cell with no enemy: after every real entry.
pub(super) const EMPTY: u64 = u64::MAX;

/// The most enemies a table can hold: a slot takes 31 bits of an entry (and the last value
/// would make an entry that reads as [`EMPTY`]).
pub(super) const MAX_SLOTS: usize = (1 << 31) - 1;

/// Cells per parallel work item of the merge.
const CHUNK: usize = 8192;

/// `key` as an integer that orders as `f32::total_cmp` orders keys.
pub(super) fn ordered(key: f32) -> i32 {
    let bits = key.to_bits() as i32;
    bits ^ ((((bits >> 31) as u32) >> 1) as i32)
}

/// An entry's least key, [`ordered`].
#[inline]
pub(super) fn key_of(entry: u64) -> i32 {
    ((entry >> 32) as u32 ^ 0x8000_0000) as i32
}

/// An entry's slot: the least slot among the enemies of the least key.
#[inline]
pub(super) fn slot_of(entry: u64) -> usize {
    ((entry >> 1) & 0x7FFF_FFFF) as usize
}

/// Whether more than one enemy of the entry's cell has its least key.
#[inline]
pub(super) fn tied(entry: u64) -> bool {
    entry & 1 == 1
}

/// `entry` with the enemy in `slot`, of ordered key `key`, counted. No branch: which of the
/// two comes first is as unpredictable as the enemies' order.
#[inline(always)]
fn counted(entry: u64, key: i32, slot: usize) -> u64 {
    let biased = u64::from(key as u32 ^ 0x8000_0000);
    let enemy = (biased << 32) | ((slot as u64) << 1);
    let least = entry >> 32;
    // Tied when the key equals the least so far; untied again when a lower key comes.
    let tie = ((entry & 1) | u64::from(biased == least)) & !u64::from(biased < least);
    enemy.min(entry & !1) | tie
}

/// The entry of a cell whose enemies are those of `a`'s and `b`'s: the lower key's, or where
/// both have the same key, its lower slot, tied. No branch either.
#[inline]
fn merged(a: u64, b: u64) -> u64 {
    let same = u64::from(a >> 32 == b >> 32);
    (a & !same).min(b & !same) | same
}

/// Fills `table` (one entry a cell) with every cell's least enemy by `keyed`, given each
/// slot's cell (`cell_of`, fewer than [`MAX_SLOTS`]); `parts` is scratch. Each part of the
/// slots fills its own table, in parallel; the parts are merged cell by cell.
pub(super) fn fill(
    table: &mut [u64],
    parts: &mut Vec<u64>,
    cell_of: &[u32],
    keyed: impl Fn(usize) -> f32 + Sync,
) {
    let (n, cells) = (cell_of.len(), table.len());
    debug_assert!(n < MAX_SLOTS);
    if cells == 0 {
        return;
    }
    let count = rayon::current_num_threads().clamp(1, 16).min(n.max(1));
    let part_len = n.div_ceil(count).max(1);
    parts.resize(count * cells, EMPTY);
    parts
        .par_chunks_mut(cells)
        .enumerate()
        .for_each(|(part, least)| {
            least.fill(EMPTY);
            let (from, to) = ((part * part_len).min(n), ((part + 1) * part_len).min(n));
            for (slot, &cell) in cell_of.iter().enumerate().take(to).skip(from) {
                let entry = &mut least[cell as usize];
                *entry = counted(*entry, ordered(keyed(slot)), slot);
            }
        });
    let parts = &parts[..];
    table
        .par_chunks_mut(CHUNK)
        .enumerate()
        .for_each(|(chunk, least)| {
            for (k, entry) in least.iter_mut().enumerate() {
                let cell = chunk * CHUNK + k;
                *entry =
                    (1..count).fold(parts[cell], |e, part| merged(e, parts[part * cells + cell]));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell's entry is its least key, the least slot of that key, and whether it is
    /// shared, however the slots are cut into parts.
    #[test]
    fn entries_are_the_least_key_its_least_slot_and_its_tie() {
        // Cell 0: keys 3, 1, 1 (tied at 1); cell 1: 5, 2, 7 (2 alone); cell 2: empty;
        // cell 3: -0.0 and 0.0 (not tied: -0 comes first), then 4.
        let cells = [0u32, 0, 1, 1, 0, 1, 3, 3, 3];
        let keys = [3.0f32, 1.0, 5.0, 2.0, 1.0, 7.0, 0.0, -0.0, 4.0];
        for threads in [1, 2, 3, 9] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("pool");
            let mut table = vec![0; 4];
            pool.install(|| fill(&mut table, &mut Vec::new(), &cells, |s| keys[s]));
            assert_eq!(
                (key_of(table[0]), slot_of(table[0]), tied(table[0])),
                (ordered(1.0), 1, true)
            );
            assert_eq!(
                (key_of(table[1]), slot_of(table[1]), tied(table[1])),
                (ordered(2.0), 3, false)
            );
            assert_eq!(table[2], EMPTY);
            assert_eq!(
                (key_of(table[3]), slot_of(table[3]), tied(table[3])),
                (ordered(-0.0), 7, false)
            );
        }
    }

    /// `ordered` orders as `f32::total_cmp`: signed zeros, infinities and NaNs included.
    #[test]
    fn ordered_keys_sort_as_the_total_order() {
        let keys = [
            f32::NEG_INFINITY,
            -f32::NAN,
            -1e30,
            -1.0,
            -0.0,
            0.0,
            1e-40,
            1.0,
            f32::INFINITY,
            f32::NAN,
        ];
        for a in keys {
            for b in keys {
                assert_eq!(ordered(a).cmp(&ordered(b)), a.total_cmp(&b), "{a} {b}");
                let entry = |k: f32| counted(EMPTY, ordered(k), 0);
                assert_eq!(key_of(entry(a)), ordered(a));
                assert_eq!(entry(a).cmp(&entry(b)), a.total_cmp(&b), "{a} {b} entries");
            }
        }
    }
}
