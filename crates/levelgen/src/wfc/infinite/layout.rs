//! Where the blocks of each layer lie.
//!
//! Every layer tiles the plane with square blocks of [`BLOCK`] × [`BLOCK`] columns; the layers
//! differ only in their offset. A block keeps its outer ring of columns (one column wide) as it
//! was in the layer below, as the constraint its interior is solved against, so blocks of one
//! layer never read each other and can be solved in any order, in parallel.
//!
//! The offsets, in units of half a block along (x, z), are `(0, 0)`, `(1, 0)`, `(1, 1)`,
//! `(0, 1)`. With `A₀`/`A₁` the columns on a ring of an x-offset of 0 / ½ block, and `B₀`/`B₁`
//! the same along z, a column is in the interior of layer `(a, b)` unless it is in `A_a` or
//! `B_b`. `A₀` and `A₁` never meet (for blocks of 4 or more columns), nor do `B₀` and `B₁`, so
//! every column avoids some `A` and some `B` and is re-solved in at least one of the four layers
//! — no trace of the background is left. Each seam line of one layer (a line of ring columns)
//! runs through the interiors of the next layer's blocks that are shifted across it: layer 2
//! re-solves layer 1's x-seams, layer 3 layer 2's z-seams, layer 4 layer 3's x-seams, and the
//! last layer's own seams were interior to an earlier, shifted layer. A final block depends on
//! 2 blocks of layer 3, 4 of layer 2 and 6 of layer 1: a fixed amount of work per block.

/// Side of a block, in columns.
pub const BLOCK: i32 = 16;

/// Layers of blocks above the background; the last one is the map.
pub const LAYERS: usize = 4;

/// Each layer's offset in columns along x and z.
pub const OFFSETS: [(i32, i32); LAYERS] = [
    (0, 0),
    (BLOCK / 2, 0),
    (BLOCK / 2, BLOCK / 2),
    (0, BLOCK / 2),
];

/// A block of one layer, by its index along x and z.
pub type BlockCoord = (i32, i32);

/// A rectangle of columns: `x0..x1` by `z0..z1` (ends excluded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    /// First column along x.
    pub x0: i32,
    /// First column along z.
    pub z0: i32,
    /// One past the last column along x.
    pub x1: i32,
    /// One past the last column along z.
    pub z1: i32,
}

impl Area {
    /// The area of `width × depth` columns from `(x, z)`.
    pub fn new(x: i32, z: i32, width: u32, depth: u32) -> Area {
        Area {
            x0: x,
            z0: z,
            x1: x.saturating_add(width.min(i32::MAX as u32) as i32),
            z1: z.saturating_add(depth.min(i32::MAX as u32) as i32),
        }
    }

    /// Whether every column of `other` is in this area.
    pub fn contains(&self, other: Area) -> bool {
        other.is_empty()
            || (self.x0 <= other.x0
                && self.z0 <= other.z0
                && other.x1 <= self.x1
                && other.z1 <= self.z1)
    }

    /// Columns along x (0 when empty).
    pub fn width(&self) -> u32 {
        (self.x1 as i64 - self.x0 as i64).max(0) as u32
    }

    /// Columns along z (0 when empty).
    pub fn depth(&self) -> u32 {
        (self.z1 as i64 - self.z0 as i64).max(0) as u32
    }

    /// How many columns column `(x, z)` lies outside the area, along x or z, whichever is
    /// more (0 inside).
    pub fn distance_to(&self, x: i32, z: i32) -> i32 {
        let dx = (self.x0 - x).max(x - (self.x1 - 1)).max(0);
        let dz = (self.z0 - z).max(z - (self.z1 - 1)).max(0);
        dx.max(dz)
    }

    /// Whether the area holds no column.
    pub fn is_empty(&self) -> bool {
        self.x1 <= self.x0 || self.z1 <= self.z0
    }
}

/// The block of `layer` holding column `(x, z)`.
pub fn block_of(layer: usize, x: i32, z: i32) -> BlockCoord {
    let (ox, oz) = OFFSETS[layer];
    ((x - ox).div_euclid(BLOCK), (z - oz).div_euclid(BLOCK))
}

/// The columns of block `b` of `layer`.
pub fn block_area(layer: usize, b: BlockCoord) -> Area {
    let (ox, oz) = OFFSETS[layer];
    let x0 = b.0 * BLOCK + ox;
    let z0 = b.1 * BLOCK + oz;
    Area {
        x0,
        z0,
        x1: x0 + BLOCK,
        z1: z0 + BLOCK,
    }
}

/// Every block of `layer` that holds a column of `area`, row by row.
pub fn blocks_over(layer: usize, area: Area) -> impl Iterator<Item = BlockCoord> {
    let (first, last) = if area.is_empty() {
        ((0, 0), (-1, -1))
    } else {
        (
            block_of(layer, area.x0, area.z0),
            block_of(layer, area.x1 - 1, area.z1 - 1),
        )
    };
    (first.1..=last.1).flat_map(move |j| (first.0..=last.0).map(move |i| (i, j)))
}

/// Whether column `(x, z)` is on the fixed outer ring of its block in `layer`.
pub fn on_ring(layer: usize, x: i32, z: i32) -> bool {
    let (ox, oz) = OFFSETS[layer];
    let a = (x - ox).rem_euclid(BLOCK);
    let b = (z - oz).rem_euclid(BLOCK);
    a == 0 || a == BLOCK - 1 || b == 0 || b == BLOCK - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_is_re_solved_in_some_layer() {
        for z in -2 * BLOCK..2 * BLOCK {
            for x in -2 * BLOCK..2 * BLOCK {
                assert!(
                    (0..LAYERS).any(|layer| !on_ring(layer, x, z)),
                    "({x}, {z}) is on a ring in every layer"
                );
            }
        }
    }

    #[test]
    fn each_seam_of_the_first_three_layers_is_crossed_by_a_later_interior() {
        // A seam segment of layer k: ring columns of one block edge. Some later layer must
        // hold most of it (all but where its own seams cross) in block interiors.
        for (layer, &(ox, oz)) in OFFSETS.iter().enumerate().take(LAYERS - 1) {
            for x in 0..2 * BLOCK {
                for z in 0..2 * BLOCK {
                    if !on_ring(layer, x, z) {
                        continue;
                    }
                    let later = (layer + 1..LAYERS).any(|k| !on_ring(k, x, z));
                    let earlier = (0..layer).any(|k| !on_ring(k, x, z));
                    assert!(
                        later || earlier,
                        "layer {layer}: ({x}, {z}) never re-solved"
                    );
                }
            }
            // The layer's x-seam (or z-seam) lines run inside the next shifted layer.
            let next = (layer + 1..LAYERS)
                .find(|&k| OFFSETS[k].0 != ox || OFFSETS[k].1 != oz)
                .unwrap_or(LAYERS - 1);
            let crossing = (0..BLOCK)
                .filter(|&t| {
                    let (x, z) = if OFFSETS[next].0 != ox {
                        (ox, oz + t) // an x-seam: constant x, running along z
                    } else {
                        (ox + t, oz) // a z-seam
                    };
                    !on_ring(next, x, z)
                })
                .count();
            assert!(
                crossing >= (BLOCK - 4) as usize,
                "layer {layer}: {crossing}"
            );
        }
    }

    #[test]
    fn blocks_tile_the_plane_and_cover_an_area() {
        for layer in 0..LAYERS {
            for (x, z) in [(0, 0), (-1, -1), (15, 16), (-17, 33), (1000, -1000)] {
                let b = block_of(layer, x, z);
                let area = block_area(layer, b);
                assert!((area.x0..area.x1).contains(&x) && (area.z0..area.z1).contains(&z));
            }
            let area = Area::new(-5, 3, 40, 17);
            let blocks: Vec<_> = blocks_over(layer, area).collect();
            for z in area.z0..area.z1 {
                for x in area.x0..area.x1 {
                    assert!(blocks.contains(&block_of(layer, x, z)));
                }
            }
            assert!(blocks.len() <= 4 * 3);
        }
        assert_eq!(blocks_over(0, Area::new(0, 0, 0, 5)).count(), 0);
        let area = Area::new(-5, 3, 40, 17);
        assert_eq!((area.width(), area.depth()), (40, 17));
        assert_eq!(area.distance_to(0, 10), 0);
        assert_eq!(area.distance_to(-8, 10), 3);
        assert_eq!(area.distance_to(40, 25), 6);
        assert_eq!(Area::new(0, 0, 0, 5).width(), 0);
    }

    #[test]
    fn a_final_block_needs_a_fixed_number_of_lower_blocks() {
        let mut area = block_area(LAYERS - 1, (3, -2));
        let mut total = 0;
        for layer in (0..LAYERS - 1).rev() {
            let blocks: Vec<_> = blocks_over(layer, area).collect();
            total += blocks.len();
            let first = block_area(layer, blocks[0]);
            let last = block_area(layer, blocks[blocks.len() - 1]);
            area = Area {
                x0: first.x0,
                z0: first.z0,
                x1: last.x1,
                z1: last.z1,
            };
        }
        assert_eq!(total, 2 + 4 + 6);
    }
}
