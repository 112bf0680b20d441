//! What the pool keeps beside the enemies for the spatial index and the towers ([`Kept`]),
//! written by the update pass while each enemy is in cache and moved with the swap-removals:
//! every enemy's place, its cell on the index's grid, and the priority tables' keys (path
//! distance left, health), each kept only from when it is first asked for.

use super::pass::{Tracks, place_of};
use crate::maths::Maths;
use crate::td::board::Board;
use crate::td::enemy::Enemy;
use crate::td::fight::spatial::Grid;

/// Which of the priority tables' keys the pool keeps for every enemy, by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct KeyColumns {
    /// The path distance left to its destination (the `first` and `last` tables' key).
    pub(crate) path_left: bool,
    /// The health (the `strongest` and `weakest` tables' key).
    pub(crate) health: bool,
}

/// What a fight asks the pool to keep for every enemy from its update on, by name
/// ([`super::Enemies::keep`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Columns {
    /// The grid on which every enemy's cell is kept (with its place).
    pub(crate) cells: Grid,
    /// The keys kept; a key not named is no longer kept.
    pub(crate) keys: KeyColumns,
}

/// Per slot, what is kept beside the enemies: each vector as long as the pool while kept,
/// empty while not.
#[derive(Clone, Debug, Default)]
pub(super) struct Kept {
    /// Whether `places` is kept.
    tracking: bool,
    /// The enemy's position `(x, z)` and scale as its last update left it.
    places: Vec<[f32; 3]>,
    /// The spatial index's grid, once cells were asked for: then `cells` holds every slot's
    /// cell on it, written with the place.
    grid: Option<Grid>,
    /// The cell of its place.
    cells: Vec<u32>,
    /// Which of `path_left` and `health` are kept.
    keys: KeyColumns,
    /// The path distance left to its destination and the health, as the update left them
    /// (the priority tables' keys).
    path_left: Vec<f32>,
    health: Vec<f32>,
    /// The maths of the turns, the pool's one record of it: the places are found with it,
    /// and the update pass turns with it.
    pub(super) maths: Maths,
}

impl Kept {
    /// Makes room for `additional` more enemies in what is kept.
    pub(super) fn reserve(&mut self, additional: usize) {
        if self.tracking {
            self.places.reserve(additional);
        }
        if self.grid.is_some() {
            self.cells.reserve(additional);
        }
        if self.keys.path_left {
            self.path_left.reserve(additional);
        }
        if self.keys.health {
            self.health.reserve(additional);
        }
    }

    /// Keeps what is kept of `enemy`, new in the last slot, on `board`.
    pub(super) fn push(&mut self, enemy: &Enemy, board: &Board) {
        if self.tracking {
            let place = place_of(enemy, self.maths);
            self.places.push(place);
            if let Some(grid) = self.grid {
                self.cells.push(grid.cell_at([place[0], place[1]]));
            }
        }
        if self.keys.path_left {
            self.path_left.push(enemy.path_left(board));
        }
        if self.keys.health {
            self.health.push(enemy.health);
        }
    }

    /// Moves what is kept as the enemies' swap-removal of `index` moved them.
    pub(super) fn swap_remove(&mut self, index: usize) {
        if self.tracking {
            self.places.swap_remove(index);
        }
        if self.grid.is_some() {
            self.cells.swap_remove(index);
        }
        if self.keys.path_left {
            self.path_left.swap_remove(index);
        }
        if self.keys.health {
            self.health.swap_remove(index);
        }
    }

    /// Forgets every slot's (what is kept stays kept).
    pub(super) fn clear(&mut self) {
        self.places.clear();
        self.cells.clear();
        self.path_left.clear();
        self.health.clear();
    }

    /// Finds the places and cells of `states` again (a changed pool); the keys are dropped,
    /// to be found again when next asked for (the board may have changed).
    pub(super) fn refill(&mut self, states: &[Enemy]) {
        if self.tracking {
            self.places.clear();
            let maths = self.maths;
            self.places
                .extend(states.iter().map(|e| place_of(e, maths)));
        }
        self.find_cells();
        self.keys = KeyColumns::default();
        self.path_left.clear();
        self.health.clear();
    }

    /// Finds every slot's cell from its place, where the cells are kept.
    fn find_cells(&mut self) {
        if let Some(grid) = self.grid {
            self.cells.clear();
            (self.cells).extend(self.places.iter().map(|&[x, z, _]| grid.cell_at([x, z])));
        }
    }

    /// Where the update pass writes them.
    pub(super) fn tracks(&mut self) -> Tracks<'_> {
        Tracks {
            places: &mut self.places,
            cells: &mut self.cells,
            grid: self.grid.unwrap_or_default(),
            path_left: &mut self.path_left,
            health: &mut self.health,
        }
    }

    /// Keeps every enemy's place from now on, finding those of `states` when first asked
    /// (with room for the pool's `capacity`).
    pub(super) fn track_places(&mut self, (states, capacity): (&[Enemy], usize)) {
        if !self.tracking {
            self.tracking = true;
            self.places.clear();
            self.places.reserve(capacity);
            let maths = self.maths;
            self.places
                .extend(states.iter().map(|e| place_of(e, maths)));
        }
    }

    /// Keeps every enemy's place and its cell on `grid` from now on, finding those of
    /// `states` when first asked and again when the grid changes.
    pub(super) fn track_cells(&mut self, grid: Grid, (states, capacity): (&[Enemy], usize)) {
        self.track_places((states, capacity));
        if self.grid != Some(grid) {
            self.grid = Some(grid);
            self.cells.reserve(capacity);
            self.find_cells();
        }
    }

    /// Keeps the keys named in `keys` of every enemy on `board` from now on, finding those of
    /// `states` when first asked; a key not named is no longer kept.
    pub(super) fn track_keys(
        &mut self,
        (board, states, capacity): (&Board, &[Enemy], usize),
        keys: KeyColumns,
    ) {
        if keys.path_left && !self.keys.path_left {
            self.path_left.clear();
            self.path_left.reserve(capacity);
            (self.path_left).extend(states.iter().map(|e| e.path_left(board)));
        }
        if keys.health && !self.keys.health {
            self.health.clear();
            self.health.reserve(capacity);
            self.health.extend(states.iter().map(|e| e.health));
        }
        if !keys.path_left {
            self.path_left.clear();
        }
        if !keys.health {
            self.health.clear();
        }
        self.keys = keys;
    }

    /// Every slot's place (empty while not kept).
    pub(super) fn places(&self) -> &[[f32; 3]] {
        &self.places
    }

    /// Every slot's cell (empty while not kept).
    pub(super) fn cells(&self) -> &[u32] {
        &self.cells
    }

    /// Every slot's path distance left (empty while not kept).
    pub(super) fn path_lefts(&self) -> &[f32] {
        &self.path_left
    }

    /// Every slot's health (empty while not kept).
    pub(super) fn healths(&self) -> &[f32] {
        &self.health
    }
}
