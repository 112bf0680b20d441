//! The enemies of a save as byte planes: every field is a column, and every column is stored
//! byte by byte — all the first bytes of its values, then all the second bytes, and so on
//! (little-endian). Values of one field have much in common (angles that are multiples of 90°,
//! tile centres, exponents of numbers in a narrow range), so the planes of their high bytes
//! are nearly constant and compress to almost nothing, which raw records would not.
//!
//! An enemy is [`BYTES_PER_ENEMY`] bytes, one in each plane, in this order: its id (`u64`),
//! the `f32` fields of [`EnemyRecord::floats`], the `u32` words of [`EnemyRecord::words`],
//! then the bytes of [`EnemyRecord::kinds`]; every offset follows from the record's field
//! counts, so a new field is a longer array there and nothing here. For `n` enemies plane `p` is bytes
//! `p·n .. (p+1)·n`. Both directions run in parallel over halves of the enemies, each leaf
//! turning a small block around in a buffer that stays in cache.

use crate::td::enemy::{Enemy, EnemyRecord, RECORD_BYTES, RECORD_FLOATS, RECORD_WORDS};
use crate::td::settings::check_params;

/// Where the floats start: after the id.
const FLOATS_AT: usize = 8;
/// Where the words start.
const WORDS_AT: usize = FLOATS_AT + 4 * RECORD_FLOATS;
/// Where the bytes start.
const KINDS_AT: usize = WORDS_AT + 4 * RECORD_WORDS;
/// Bytes one enemy takes: one in each plane.
pub(crate) const BYTES_PER_ENEMY: usize = KINDS_AT + RECORD_BYTES;

/// Enemies a leaf of the parallel split handles at most.
const LEAF: usize = 16 * 1024;
/// Enemies turned around at once in a leaf's buffer.
const BLOCK: usize = 256;

/// One enemy's bytes, plane by plane.
pub(crate) type Bytes = [u8; BYTES_PER_ENEMY];

/// The bytes of enemy `id` with `record`.
pub(crate) fn enemy_bytes(id: u64, record: &EnemyRecord) -> Bytes {
    let mut b = [0u8; BYTES_PER_ENEMY];
    b[..8].copy_from_slice(&id.to_le_bytes());
    for (k, value) in record.floats.iter().enumerate() {
        let at = FLOATS_AT + 4 * k;
        b[at..at + 4].copy_from_slice(&value.to_le_bytes());
    }
    for (k, value) in record.words.iter().enumerate() {
        let at = WORDS_AT + 4 * k;
        b[at..at + 4].copy_from_slice(&value.to_le_bytes());
    }
    b[KINDS_AT..].copy_from_slice(&record.kinds);
    b
}

/// The id and record in one enemy's bytes.
fn from_enemy_bytes(b: &Bytes) -> (u64, EnemyRecord) {
    let word = |at: usize| [b[at], b[at + 1], b[at + 2], b[at + 3]];
    let mut id = [0u8; 8];
    id.copy_from_slice(&b[..8]);
    let record = EnemyRecord {
        floats: std::array::from_fn(|k| f32::from_le_bytes(word(FLOATS_AT + 4 * k))),
        words: std::array::from_fn(|k| u32::from_le_bytes(word(WORDS_AT + 4 * k))),
        kinds: std::array::from_fn(|k| b[KINDS_AT + k]),
    };
    (u64::from_le_bytes(id), record)
}

/// The planes of `enemies` with `ids` (as long).
pub(crate) fn to_planes(ids: &[u64], enemies: &[Enemy]) -> Vec<u8> {
    let n = enemies.len();
    let mut out = vec![0u8; n * BYTES_PER_ENEMY];
    if n > 0 {
        write_planes(ids, enemies, out.chunks_mut(n).collect());
    }
    out
}

/// Writes the planes of `enemies` into `planes` (each as long as `enemies`).
fn write_planes(ids: &[u64], enemies: &[Enemy], mut planes: Vec<&mut [u8]>) {
    let n = enemies.len();
    if n > LEAF {
        let mid = n / 2;
        let (a, b): (Vec<_>, Vec<_>) = planes.into_iter().map(|p| p.split_at_mut(mid)).unzip();
        rayon::join(
            || write_planes(&ids[..mid], &enemies[..mid], a),
            || write_planes(&ids[mid..], &enemies[mid..], b),
        );
        return;
    }
    let mut buffer = [[0u8; BLOCK]; BYTES_PER_ENEMY];
    for (block, (ids, enemies)) in ids.chunks(BLOCK).zip(enemies.chunks(BLOCK)).enumerate() {
        for (k, (&id, enemy)) in ids.iter().zip(enemies).enumerate() {
            for (row, byte) in buffer.iter_mut().zip(enemy_bytes(id, &enemy.record())) {
                row[k] = byte;
            }
        }
        let (start, m) = (block * BLOCK, enemies.len());
        for (plane, row) in planes.iter_mut().zip(&buffer) {
            plane[start..start + m].copy_from_slice(&row[..m]);
        }
    }
}

/// Ids and enemies, by storage slot.
pub(crate) type Slots = (Vec<u64>, Vec<Enemy>);

/// The ids and enemies of `n` enemies from their planes, on a board of `tiles` tiles; an error
/// when `planes` is not `n × BYTES_PER_ENEMY` bytes long, or naming the first enemy no game
/// could have made ([`Enemy::from_record`], and characteristics within the settings' limits).
pub(crate) fn from_planes(planes: &[u8], n: usize, tiles: usize) -> Result<Slots, String> {
    if Some(planes.len()) != n.checked_mul(BYTES_PER_ENEMY) {
        return Err(format!(
            "{} bytes of enemies do not hold {n} of them",
            planes.len()
        ));
    }
    let mut ids = vec![0u64; n];
    let mut enemies = vec![Enemy::PLACEHOLDER; n];
    if n > 0 {
        let planes: Vec<&[u8]> = planes.chunks(n).collect();
        read_planes(&planes, &mut ids, &mut enemies, tiles)?;
    }
    Ok((ids, enemies))
}

/// Fills `ids` and `enemies` from `planes` (each as long as they are).
fn read_planes(
    planes: &[&[u8]],
    ids: &mut [u64],
    enemies: &mut [Enemy],
    tiles: usize,
) -> Result<(), String> {
    let n = enemies.len();
    if n > LEAF {
        let mid = n / 2;
        let (a, b): (Vec<_>, Vec<_>) = planes.iter().map(|p| p.split_at(mid)).unzip();
        let (ids_a, ids_b) = ids.split_at_mut(mid);
        let (enemies_a, enemies_b) = enemies.split_at_mut(mid);
        let (left, right) = rayon::join(
            || read_planes(&a, ids_a, enemies_a, tiles),
            || read_planes(&b, ids_b, enemies_b, tiles),
        );
        return left.and(right);
    }
    let mut buffer = [[0u8; BLOCK]; BYTES_PER_ENEMY];
    for (block, (ids, enemies)) in ids
        .chunks_mut(BLOCK)
        .zip(enemies.chunks_mut(BLOCK))
        .enumerate()
    {
        let (start, m) = (block * BLOCK, enemies.len());
        for (row, plane) in buffer.iter_mut().zip(planes) {
            row[..m].copy_from_slice(&plane[start..start + m]);
        }
        for (k, (id, enemy)) in ids.iter_mut().zip(enemies.iter_mut()).enumerate() {
            let bytes: Bytes = std::array::from_fn(|p| buffer[p][k]);
            let (read_id, record) = from_enemy_bytes(&bytes);
            *id = read_id;
            *enemy = Enemy::from_record(&record, tiles)?;
            check_params(&enemy.params).map_err(|e| format!("an enemy's {e}"))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_give_back_every_field() {
        let record = EnemyRecord {
            floats: std::array::from_fn(|f| f as f32 * 0.37 - 2.0),
            words: [7, u32::MAX, 0xff00_00ff],
            kinds: [0b1_0110, 0b1011, 0x34, 0x12],
        };
        assert_eq!(
            from_enemy_bytes(&enemy_bytes(1 << 40 | 3, &record)),
            (1 << 40 | 3, record)
        );
    }

    #[test]
    fn wrong_lengths_are_refused() {
        assert!(from_planes(&[0; BYTES_PER_ENEMY * 3], 2, 10).is_err());
        assert!(from_planes(&[0; 5], 0, 10).is_err());
        assert!(from_planes(&[], 0, 10).is_ok());
    }
}
