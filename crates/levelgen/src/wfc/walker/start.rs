//! Putting the walker down at start-up: on the middle of a street near where it waits, one
//! from where auto-walk finds somewhere to go (not a closed yard). A street is a surface among
//! the set's cheapest ([`SurfaceCosts::cheapest`](super::costs::SurfaceCosts::cheapest)), at
//! ground level.

use super::body::BODY;
use super::state::Walker;
use super::terrain::Terrain;
use glam::Vec3;

/// Columns searched for a street to start on, around where the walker waits.
pub const START_SEARCH: i32 = 8;
/// Street columns tried for a way out before the walker is put on the nearest anyway.
pub const START_TRIES: usize = 24;
/// A start place's surface lies below this height (ground level, not a roof or a deck).
const GROUND: f32 = 0.5;

impl Walker {
    /// Puts the walker on the middle of the nearest column (spiralling out from its own, at
    /// most 8 columns) whose middle sample is a street at ground level and from
    /// where auto-walk finds somewhere to go; after 24 such columns without a way
    /// out, on the nearest of them. False, and the walker stays where it waits, while no
    /// street is known there.
    pub fn place<T: Terrain + ?Sized>(&mut self, terrain: &T) -> bool {
        let (cx, cz) = self.cell();
        let mut first: Option<((i32, i32), f32)> = None;
        let mut tries = 0;
        for r in 0..=START_SEARCH {
            for dz in -r..=r {
                for dx in -r..=r {
                    if dx.abs().max(dz.abs()) != r {
                        continue;
                    }
                    let cell = (cx + dx, cz + dz);
                    let costs = self.autopilot.costs();
                    let street = terrain.stands(cell).iter().find(|s| {
                        s.position() == (0.5, 0.5) && s.height < GROUND && costs.cheapest(s.module)
                    });
                    // Feet where the whole body rests there (a lane marking under a corner
                    // lifts it a little), not only its middle sample.
                    let middle = (cell.0 as f32 + 0.5, cell.1 as f32 + 0.5);
                    let Some(height) = street.and_then(|s| {
                        BODY.settle(|c| terrain.solids(c), middle, s.height)
                            .filter(|&h| BODY.connects(h, s.height))
                    }) else {
                        continue;
                    };
                    first.get_or_insert((cell, height));
                    let at = Vec3::new(cell.0 as f32 + 0.5, 0.0, cell.1 as f32 + 0.5);
                    if self.autopilot.plan(terrain, at, height, |_| 0) {
                        self.put(cell, height);
                        return true;
                    }
                    tries += 1;
                    if tries >= START_TRIES {
                        let (cell, height) = first.unwrap_or((cell, height));
                        self.put(cell, height);
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Puts the walker on the middle of `cell`, feet at `height`.
    fn put(&mut self, cell: (i32, i32), height: f32) {
        self.position = Vec3::new(cell.0 as f32 + 0.5, 0.0, cell.1 as f32 + 0.5);
        self.feet = height;
        self.placed = true;
    }
}
