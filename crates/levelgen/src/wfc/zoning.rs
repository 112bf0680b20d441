//! Zoning: how tall a building may stand in each column of a map, so that a city has avenues
//! between its blocks, lower buildings beside them and taller ones further in, and now and then
//! a whole block left open as a park or plaza.
//!
//! A module set may give a `zoning` and mark some prototypes `built` (the lots, storeys and
//! roofs of buildings) and some `street`. The plane is cut into square blocks of `block`
//! columns, the grid shifted by the seed. The columns along a block's edges are its *avenue*:
//! their ground holds street modules, and only they do (so two blocks side by side have an
//! avenue two streets wide between them). A column `d` columns in from its block's nearest edge
//! may hold built modules only in its lowest `heights[d]` cells (the last entry holds further
//! in); a park block holds none. These are restrictions of the cells' domains before a map is
//! solved, so they are part of the problem, not a filter on its answer: what the solver finds
//! fits everywhere as always.
//!
//! The limit is a pure function of (zoning, seed, column), so the infinite map stays a pure
//! function of (module set, height, seed, position).

use crate::hash::hash_words;

/// Salt of the seed for the block grid's shift.
const SHIFT_SALT: u64 = 0x7a6f_6e65_7368_6966;
/// Salt of the seed for which blocks are parks.
const PARK_SALT: u64 = 0x7a6f_6e65_7061_726b;

/// A module set's zoning.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zoning {
    /// Columns along each side of a block.
    #[serde(deserialize_with = "block")]
    pub block: u32,
    /// `heights[d]`: how many cells from the ground a column `d` columns in from its block's
    /// nearest edge may fill with built modules; the last entry holds further in.
    #[serde(deserialize_with = "heights")]
    pub heights: Vec<u32>,
    /// The share of blocks left without any building (parks and plazas), `0..=1`.
    #[serde(default, deserialize_with = "parks")]
    pub parks: f64,
}

/// The smallest block: an edge on each side and one column between them.
pub const MIN_BLOCK: u32 = 3;
/// The largest block.
pub const MAX_BLOCK: u32 = 1024;
/// The most entries `heights` may have.
pub const MAX_HEIGHTS: usize = 64;

horde_files::rule!(block: u32, "block", "be 3..=1024 columns", |v| (MIN_BLOCK..=MAX_BLOCK).contains(v));
horde_files::rule!(parks: f64, "parks", "be a share in 0..=1", |v| (0.0..=1.0).contains(v));

/// One to [`MAX_HEIGHTS`] limits of at most 4096 cells each.
fn heights<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
    horde_files::list(d, "heights", 1..=MAX_HEIGHTS, |_, h: &u32| {
        horde_files::must(*h <= 4096, || {
            format!("a height must be at most 4096 cells, found {h}")
        })
    })
}

/// What zoning asks of one column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnZone {
    /// How many cells from the ground may hold built modules.
    pub built_below: u32,
    /// Whether the column is on an avenue: its ground holds a street module (and a column off
    /// the avenues holds none).
    pub avenue: bool,
}

impl ColumnZone {
    /// A column with nothing built and no street: what fits every column's zoning but the
    /// avenues' ground (the infinite map's background).
    pub const OPEN: ColumnZone = ColumnZone {
        built_below: 0,
        avenue: false,
    };
}

impl Zoning {
    /// What zoning asks of column `(x, z)`, for `seed`.
    pub fn column(&self, seed: u64, x: i32, z: i32) -> ColumnZone {
        let (block_x, along_x) = self.along(seed, 0, x);
        let (block_z, along_z) = self.along(seed, 1, z);
        let depth = along_x.min(along_z) as usize;
        let avenue = depth == 0;
        if self.parks > 0.0 {
            let draw = hash_words(&[seed, PARK_SALT, block_x as u64, block_z as u64]);
            // The top 53 bits as a share in [0, 1).
            if ((draw >> 11) as f64) * (1.0 / (1u64 << 53) as f64) < self.parks {
                return ColumnZone {
                    built_below: 0,
                    avenue,
                };
            }
        }
        let last = self.heights.len().saturating_sub(1);
        ColumnZone {
            built_below: self.heights.get(depth.min(last)).copied().unwrap_or(0),
            avenue,
        }
    }

    /// Which block `v` lies in along `axis` (0: x, 1: z) and how many columns it lies in from
    /// that block's nearer edge.
    fn along(&self, seed: u64, axis: u64, v: i32) -> (i64, u32) {
        let side = i64::from(self.block.max(1));
        let shift = (hash_words(&[seed, SHIFT_SALT, axis]) % side as u64) as i64;
        let shifted = i64::from(v) + shift;
        let (block, within) = (shifted.div_euclid(side), shifted.rem_euclid(side));
        (block, within.min(side - 1 - within) as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::Zoning;

    fn zoning(parks: f64) -> Zoning {
        Zoning {
            block: 10,
            heights: vec![0, 2, 3, 6],
            parks,
        }
    }

    #[test]
    fn buildings_rise_from_the_block_edges_inwards() {
        let z = zoning(0.0);
        for seed in 0..20 {
            // Where a block starts along x, and a row along z through some block's middle.
            let x0 = (1..=10)
                .find(|&x| z.along(seed, 0, x).0 != z.along(seed, 0, x - 1).0)
                .expect("a block starts within ten columns");
            let middle = (0..10)
                .find(|&k| z.along(seed, 1, k).1 == 4)
                .expect("a block's middle within ten columns");
            // From one edge to the other the limits go up and down again, wherever the seed
            // puts the block.
            let row: Vec<u32> = (x0..x0 + 10)
                .map(|x| z.column(seed, x, middle).built_below)
                .collect();
            assert_eq!(row, [0, 2, 3, 6, 6, 6, 6, 3, 2, 0], "seed {seed}");
            // Across the block edge the next block starts again at 0.
            assert_eq!(z.column(seed, x0 + 10, middle).built_below, 0);
            // The edges are avenues, the rest not.
            let avenues: Vec<bool> = (x0..x0 + 11)
                .map(|x| z.column(seed, x, middle).avenue)
                .collect();
            let mut want = [false; 11];
            (want[0], want[9], want[10]) = (true, true, true);
            assert_eq!(avenues, want, "seed {seed}");
        }
    }

    #[test]
    fn limits_are_a_function_of_seed_and_column() {
        let z = zoning(0.3);
        let a: Vec<u32> = (-50..50)
            .map(|x| z.column(4, x, 2 * x - 7).built_below)
            .collect();
        let b: Vec<u32> = (-50..50)
            .map(|x| z.column(4, x, 2 * x - 7).built_below)
            .collect();
        assert_eq!(a, b);
        let other: Vec<u32> = (-50..50)
            .map(|x| z.column(5, x, 2 * x - 7).built_below)
            .collect();
        assert_ne!(a, other, "another seed shifts the blocks");
    }

    #[test]
    fn parks_take_about_their_share_of_blocks() {
        let z = &zoning(0.25);
        // The columns furthest in (four from each edge) of 40 x 40 blocks: 0 only in a park.
        let middles = |axis| (0..400).filter(move |&v| z.along(1, axis, v).1 == 4);
        let (mut parks, mut columns) = (0, 0);
        for x in middles(0) {
            for zz in middles(1) {
                columns += 1;
                parks += i32::from(z.column(1, x, zz).built_below == 0);
            }
        }
        let share = f64::from(parks) / f64::from(columns);
        assert!(
            (0.18..0.32).contains(&share),
            "{parks} park columns of {columns}"
        );
        // Without a share of parks, every column off the avenues may be built on.
        let none = &zoning(0.0);
        let inner = |axis| (0..400).filter(move |&v| none.along(1, axis, v).1 > 0);
        for x in inner(0).step_by(7) {
            assert!(inner(1).all(|zz| none.column(1, x, zz).built_below > 0));
        }
    }
}
