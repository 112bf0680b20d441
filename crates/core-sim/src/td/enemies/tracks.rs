//! What the pool keeps beside the enemies for the spatial index and the towers, written by the
//! update pass while each enemy is in cache and moved with the swap-removals: every enemy's
//! place, its cell on the index's grid, and the priority tables' keys (path distance left,
//! health), each kept only from when it is first asked for.

use super::Enemies;
use super::pass::place_of;
use crate::td::board::Board;
use crate::td::spatial::Grid;

impl Enemies {
    /// From now on, keeps every enemy's position and scale as the update leaves it (what the
    /// spatial index reads; about 12 bytes an enemy and no extra pass). Computes them once for
    /// the enemies there are when it is first asked.
    pub fn track_places(&mut self) {
        if !self.tracking {
            self.tracking = true;
            self.places.clear();
            self.places.reserve(self.states.capacity());
            self.places.extend(self.states.iter().map(place_of));
        }
    }

    /// From now on, keeps every enemy's cell on `grid` (the spatial index's) as well as its
    /// place ([`Enemies::track_places`]), found by the update pass from the place in hand: 4
    /// bytes an enemy, and the index need not read the places again. Finds them once for the
    /// enemies there are when first asked, and again when the grid changes.
    pub(crate) fn track_cells(&mut self, grid: Grid) {
        self.track_places();
        if self.grid != Some(grid) {
            self.grid = Some(grid);
            self.cells.reserve(self.states.capacity());
            self.find_cells();
        }
    }

    /// Finds every slot's cell from its place, where the cells are tracked.
    pub(super) fn find_cells(&mut self) {
        if let Some(grid) = self.grid {
            self.cells.clear();
            (self.cells).extend(self.places.iter().map(|&[x, z, _]| grid.cell_at([x, z])));
        }
    }

    /// Keeps, from now on, every enemy's path distance left on `board` (`path`) and its health
    /// (`health`) as the update leaves them, written by the update pass while the enemy is in
    /// cache: the keys of the towers' priority tables, which then read 4 bytes an enemy, not
    /// the enemies. Finds them for the enemies there are when first asked; a key not asked
    /// for is no longer kept.
    pub(crate) fn track_keys(&mut self, board: &Board, path: bool, health: bool) {
        if path && !self.keys.0 {
            self.path_left.clear();
            self.path_left.reserve(self.states.capacity());
            (self.path_left).extend(self.states.iter().map(|e| e.path_left(board)));
        }
        if health && !self.keys.1 {
            self.health.clear();
            self.health.reserve(self.states.capacity());
            self.health.extend(self.states.iter().map(|e| e.health));
        }
        if !path {
            self.path_left.clear();
        }
        if !health {
            self.health.clear();
        }
        self.keys = (path, health);
    }

    /// Every enemy's path distance left by slot as the last update left it, while tracked
    /// ([`Enemies::track_keys`]; else empty).
    pub(crate) fn path_lefts(&self) -> &[f32] {
        &self.path_left
    }

    /// Every enemy's health by slot as the last update left it, while tracked
    /// ([`Enemies::track_keys`]; else empty).
    pub(crate) fn healths(&self) -> &[f32] {
        &self.health
    }

    /// Every enemy's cell on the spatial index's grid by slot, once [`Enemies::track_cells`]
    /// was called (else empty).
    pub(crate) fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// Every enemy's position `(x, z)` and scale by slot, once [`Enemies::track_places`] was
    /// called (else empty).
    pub fn places(&self) -> &[[f32; 3]] {
        &self.places
    }
}
