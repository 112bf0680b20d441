//! What a walker needs to know of the map it walks: column by column, the solids it stands on
//! and bumps into, and the places to stand that auto-walk plans over. Whoever holds columns
//! (the city scene, a test's patch of hand-made boxes) implements [`Terrain`]; the walker
//! never asks how they were made.

use crate::wfc::walkable::{Solid, Stand};

/// Columns a walker can walk, by map position `(x, z)` (column `(x, z)` spans `x..x + 1`,
/// `z..z + 1`; coordinates as in [`Solid`](crate::wfc::walkable::Solid)). A column that is not
/// known answers empty lists: nothing to stand on there, nothing to bump into.
pub trait Terrain {
    /// The solids of column `(x, z)`, each a box that lies inside the column.
    fn solids(&self, column: (i32, i32)) -> &[Solid];

    /// The places to stand in column `(x, z)`, as
    /// [`column_stands`](crate::wfc::walkable::column_stands) lists them for the walker's
    /// [`BODY`](super::body::BODY) over [`Terrain::solids`] (ordered by sample, then height).
    fn stands(&self, column: (i32, i32)) -> &[Stand];

    /// Whether `p = (x, y, z)` lies strictly inside a solid of its column.
    fn inside_solid(&self, p: [f32; 3]) -> bool {
        let column = (p[0].floor() as i32, p[2].floor() as i32);
        self.solids(column).iter().any(|s| s.contains(p))
    }
}
