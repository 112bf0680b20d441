//! The towers' choice by priority, made fast and kept exact: the best enemy within a reach by
//! its key, ties to the lower id — the same enemy [`crate::td::towers::targeting::best_within`] finds by
//! scanning every enemy in reach, found while looking at a few.
//!
//! For a key that does not depend on the tower (`first`, `last`, `strongest`, `weakest`),
//! each tick that some tower uses it, [`Ranking::prepare`] makes the priority's table: every
//! grid cell's least enemy ([`table`]). A tower then looks at the cells of its reach in two
//! passes: first the best of the cells' least enemies that are in reach, each decided by its
//! entry alone; then only the cells whose least enemy is out of reach (or whose least key is
//! shared, so that the least by id is not known) and could still come before the best so far:
//! their enemies are scanned. Any enemy in reach that beats the first pass's best stands in
//! such a cell. The same first pass, made before the spatial index is rebuilt, plans it
//! ([`Ranking::want_best`]): the index lists only the cells a look may scan.
//!
//! `closest` depends on the tower: its cells are visited in rings from the tower's cell
//! outwards, and a cell is skipped when no point of it (a bound computed as the distance is,
//! so that rounding cannot cross it) is nearer than the best so far ([`closest`]).
//!
//! Keys are compared as `f32::total_cmp` does (on their bits, as integers), then ids.
//!
//! The rooms: this file (the tables in use, the plan, the look), `table.rs` (a table's
//! entries and how it is made), `closest.rs`, `tests.rs`.

mod closest;
mod table;

use crate::td::board::Board;
use crate::td::enemies::{Enemies, KeyColumns};
use crate::td::fight::spatial::{CellBox, Grid, SpatialIndex, reaches};
use crate::td::towers::priority::Priority;
use closest::{closest, distance_key};
use table::{EMPTY, MAX_SLOTS, key_of, ordered, slot_of, tied};

/// The key of the enemy in storage slot `slot` for a tower at `at` (lower is better).
pub(crate) fn key(
    priority: Priority,
    enemies: &Enemies,
    board: &Board,
    slot: usize,
    at: [f32; 2],
) -> f32 {
    Keys::of(enemies, board).of_slot(priority, slot, at)
}

/// An enemy by its ordered key and its slot: the best so far of a look (its id is read only
/// to break a tie of keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Least {
    /// Its key, [`ordered`].
    key: i32,
    /// Its storage slot.
    slot: u32,
}

/// Whether the enemy in `slot`, of ordered key `key`, comes before `best` (before anything
/// when there is none yet): a lower key, or the same and a lower id.
#[inline]
fn comes_before(key: i32, slot: usize, best: &Option<Least>, ids: &[u64]) -> bool {
    best.is_none_or(|b| key < b.key || (key == b.key && ids[slot] < ids[b.slot as usize]))
}

/// Whether the cell of table entry `entry` may hold an enemy that comes before `best`.
#[inline]
fn may_beat(entry: u64, best: &Option<Least>, ids: &[u64]) -> bool {
    match tied(entry) {
        // Its least by id is one of those of the least key, whichever.
        true => best.is_none_or(|b| key_of(entry) <= b.key),
        false => comes_before(key_of(entry), slot_of(entry), best, ids),
    }
}

/// The priorities whose key does not depend on the tower, each with a table.
const TABLED: [Priority; 4] = [
    Priority::First,
    Priority::Last,
    Priority::Strongest,
    Priority::Weakest,
];

/// `priority`'s table, if it has one.
fn table_of(priority: Priority) -> Option<usize> {
    TABLED.iter().position(|&p| p == priority)
}

/// The keys the tables of `priorities` read, which the enemy pool may keep for them: the path
/// distance left (`first`, `last`) and the health (`strongest`, `weakest`).
pub(crate) fn keys_read(priorities: impl Iterator<Item = Priority>) -> KeyColumns {
    let mut keys = KeyColumns::default();
    for priority in priorities {
        match priority {
            Priority::First | Priority::Last => keys.path_left = true,
            Priority::Strongest | Priority::Weakest => keys.health = true,
            Priority::Random | Priority::Closest => {}
        }
    }
    keys
}

/// Every cell's least enemy for each priority in use this tick. Its buffers are kept between
/// ticks: once grown to the largest grid seen, a tick allocates nothing.
#[derive(Clone, Debug, Default)]
pub struct Ranking {
    /// Per tabled priority ([`TABLED`]): every cell's entry ([`table`]).
    tables: [Vec<u64>; 4],
    /// Per tabled priority: whether its table holds this tick's enemies.
    ready: [bool; 4],
    /// Scratch: per part of the slots, every cell's entry of the part.
    parts: Vec<u64>,
    /// The grid the tables are made on.
    grid: Grid,
}

impl Ranking {
    /// Makes the tables of the `priorities` in use (the others are marked stale) on `grid`
    /// (the spatial index's), `cell_of` holding every slot's cell on it. Where `cell_of` does
    /// not cover every enemy, or there are more enemies than a table holds, none is made (the
    /// looks scan every enemy in reach).
    pub(crate) fn prepare(
        &mut self,
        priorities: impl Iterator<Item = Priority>,
        (grid, cell_of): (Grid, &[u32]),
        enemies: &Enemies,
        board: &Board,
    ) {
        let mut used = [false; 4];
        for priority in priorities {
            if let Some(table) = table_of(priority) {
                used[table] = true;
            }
        }
        self.grid = grid;
        self.ready = [false; 4];
        // Without every enemy's cell (or with more enemies than a table holds), no table: the
        // looks scan every enemy in reach.
        if cell_of.len() != enemies.len() || cell_of.len() >= MAX_SLOTS {
            return;
        }
        let keys = Keys::of(enemies, board);
        for (at, _) in used.iter().enumerate().filter(|(_, used)| **used) {
            let out = &mut self.tables[at];
            out.resize(grid.cells(), EMPTY);
            // One loop per priority: the key's choice is made once, not for every enemy.
            let parts = &mut self.parts;
            match TABLED[at] {
                Priority::Last => table::fill(out, parts, cell_of, |s| -keys.path_left(s)),
                Priority::Strongest => table::fill(out, parts, cell_of, |s| -keys.health(s)),
                Priority::Weakest => table::fill(out, parts, cell_of, |s| keys.health(s)),
                _ => table::fill(out, parts, cell_of, |s| keys.path_left(s)),
            }
            self.ready[at] = true;
        }
    }

    /// `priority`'s table, if it has one made this tick.
    fn table(&self, priority: Priority) -> Option<&[u64]> {
        table_of(priority)
            .filter(|&t| self.ready[t])
            .map(|t| &self.tables[t][..])
    }

    /// Plans ([`SpatialIndex::want_cell`]) the cells that [`Ranking::best`] for `priority`
    /// within `range` of `at` may read, given every slot's place and id: with the priority's
    /// table made, only the cells its second pass may scan; otherwise every cell of the reach.
    /// With the table, returns what the look needs of the plan (the first pass's best and the
    /// cells left to scan), where the cells are few enough to keep.
    pub(crate) fn want_best(
        &self,
        index: &SpatialIndex,
        (places, ids): (&[[f32; 3]], &[u64]),
        (at, range): ([f32; 2], f32),
        priority: Priority,
    ) -> Option<Planned> {
        // (`closest` has no table.)
        let Some(table) = self.table(priority) else {
            index.want(at, range);
            return None;
        };
        let mut planned = Planned {
            query: (at, range, priority),
            first: None,
            open: [0; KEPT_OPEN],
            count: 0,
        };
        let Some(looked) = Looked::new(table, self.grid, (places, ids), (at, range)) else {
            return Some(planned);
        };
        planned.first = looked.least_in_reach();
        let mut count = 0;
        looked.open(&planned.first, |cell, _| {
            index.want_cell(cell);
            if let Some(kept) = planned.open.get_mut(count) {
                *kept = cell as u32;
            }
            count += 1;
        });
        planned.count = count as u8;
        (count <= KEPT_OPEN).then_some(planned)
    }

    /// The storage slot of the best enemy for `priority` within `range` of `at` (ties to the
    /// lower id), if any is in reach: what [`crate::td::towers::targeting::best_within`] finds, in two
    /// passes when the priority's table was made this tick (the module's docs), else by
    /// scanning every enemy in reach.
    pub fn best(
        &self,
        (index, enemies, board): (&SpatialIndex, &Enemies, &Board),
        at: [f32; 2],
        range: f32,
        priority: Priority,
    ) -> Option<usize> {
        let (places, ids) = (enemies.places(), enemies.ids());
        if priority == Priority::Closest {
            return closest(index, places, ids, at, range);
        }
        let scan = Scan {
            index,
            keys: Keys::of(enemies, board),
            query: (at, range, priority),
        };
        let Some(table) = self.table(priority) else {
            let mut best: Option<Least> = None;
            index.within(places, at, range, |slot| scan.consider(slot, &mut best));
            return best.map(|b| b.slot as usize);
        };
        debug_assert!(self.grid == index.grid(), "tables of another grid");
        let looked = Looked::new(table, self.grid, (places, ids), (at, range))?;
        let first = looked.least_in_reach();
        let mut best = first;
        looked.open(&first, |cell, entry| scan.cell(cell, entry, &mut best));
        best.map(|b| b.slot as usize)
    }

    /// [`Ranking::best`] for the query `planned` was made for, from the plan's first pass
    /// (this tick's, [`Ranking::want_best`]): only the cells it left open are scanned.
    pub(crate) fn best_planned(
        &self,
        planned: &Planned,
        (index, enemies, board): (&SpatialIndex, &Enemies, &Board),
    ) -> Option<usize> {
        let (_, _, priority) = planned.query;
        let scan = Scan {
            index,
            keys: Keys::of(enemies, board),
            query: planned.query,
        };
        let mut best = planned.first;
        if let Some(table) = self.table(priority) {
            for &cell in &planned.open[..usize::from(planned.count)] {
                scan.cell(cell as usize, table[cell as usize], &mut best);
            }
        }
        best.map(|b| b.slot as usize)
    }
}

/// The cells of a plan ([`Planned`]) kept for the look; a plan that leaves more open is not
/// kept (the look looks again).
const KEPT_OPEN: usize = 8;

/// What the look by priority needs of its plan ([`Ranking::want_best`]): the query, the first
/// pass's best, and the cells left to scan (in the order the look scans them).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Planned {
    /// The tower's tile centre, its range and its priority.
    query: ([f32; 2], f32, Priority),
    /// The best of the cells' least enemies in reach.
    first: Option<Least>,
    /// The cells left to scan.
    open: [u32; KEPT_OPEN],
    /// How many of `open` are cells.
    count: u8,
}

impl Planned {
    /// Whether this is the plan of the choice for `priority` within `range` of `at`.
    pub(crate) fn is_for(&self, at: [f32; 2], range: f32, priority: Priority) -> bool {
        let (a, r, p) = self.query;
        a[0].to_bits() == at[0].to_bits()
            && a[1].to_bits() == at[1].to_bits()
            && r.to_bits() == range.to_bits()
            && p == priority
    }
}

/// The second pass of a look: the enemies of a cell compared with the best so far.
struct Scan<'a> {
    index: &'a SpatialIndex,
    keys: Keys<'a>,
    /// The tower's tile centre, its range and its priority.
    query: ([f32; 2], f32, Priority),
}

impl Scan<'_> {
    /// Makes the enemy in `slot` (in reach) the best if it comes before it.
    #[inline]
    fn consider(&self, slot: usize, best: &mut Option<Least>) {
        let (at, _, priority) = self.query;
        let enemy = Least {
            key: ordered(self.keys.of_slot(priority, slot, at)),
            slot: slot as u32,
        };
        if comes_before(enemy.key, slot, best, self.keys.enemies.ids()) {
            *best = Some(enemy);
        }
    }

    /// Scans cell `cell`, of table entry `entry`, unless nothing in it may come before the
    /// best so far.
    fn cell(&self, cell: usize, entry: u64, best: &mut Option<Least>) {
        if !may_beat(entry, best, self.keys.enemies.ids()) {
            return;
        }
        let (at, range, _) = self.query;
        let places = self.keys.enemies.places();
        let (start, end) = self.index.span(cell);
        for pos in start..end {
            if reaches(self.index.place_at(pos, places), at, range) {
                self.consider(self.index.slot_at(pos), best);
            }
        }
    }
}

/// At most this many cells of a box are put in order of their entries (on the stack); a look
/// at more goes through them in the box's order.
const ORDERED: usize = 64;

/// What a look by table reads: the table, the box of cells around the tower, every slot's
/// place and id, and the query; and the cells of the box that may hold an enemy in reach,
/// by entry (lowest key first), where they are few enough.
struct Looked<'a> {
    table: &'a [u64],
    grid: Grid,
    cells: CellBox,
    places: &'a [[f32; 3]],
    ids: &'a [u64],
    at: [f32; 2],
    range: f32,
    /// The cells near enough (their entries and cells), by entry; valid when `in_order`.
    near: [(u64, u32); ORDERED],
    /// How many of `near` are cells.
    count: usize,
    /// Whether `near` holds every cell that may hold an enemy in reach.
    in_order: bool,
}

impl<'a> Looked<'a> {
    /// The look at `table` (on `grid`) for `range` around `at`; `None` where the range is not
    /// a number or negative.
    fn new(
        table: &'a [u64],
        grid: Grid,
        (places, ids): (&'a [[f32; 3]], &'a [u64]),
        (at, range): ([f32; 2], f32),
    ) -> Option<Looked<'a>> {
        let mut looked = Looked {
            table,
            grid,
            cells: grid.cell_box(at, range)?,
            places,
            ids,
            at,
            range,
            near: [(EMPTY, 0); ORDERED],
            count: 0,
            in_order: true,
        };
        let (mut near, mut count) = (looked.near, 0);
        looked.each_near(|cell, entry| {
            if count < ORDERED {
                near[count] = (entry, cell as u32);
            }
            count += 1;
        });
        if count <= ORDERED {
            near[..count].sort_unstable();
            (looked.near, looked.count) = (near, count);
        } else {
            looked.in_order = false;
        }
        Some(looked)
    }

    /// Calls `visit` with the cells of the box that hold enemies and have a point in reach,
    /// row by row, with their entries. A cell whose every point is beyond the farthest reach
    /// (`range` plus a quarter: the largest scale is 2; by a bound computed as the distance
    /// is, so that rounding cannot cross it) holds no enemy in reach.
    fn each_near(&self, mut visit: impl FnMut(usize, u64)) {
        let CellBox { x0, x1, z0, z1 } = self.cells;
        let outer = self.range + 0.25;
        let (grid, scale) = (self.grid, self.grid.bound_scale());
        for z in z0..=z1 {
            // `Grid::distance_bound`, a row at a time.
            let bz = grid.row_gap(z, self.at[1], scale);
            let bz = bz * bz;
            if bz > outer * outer {
                continue;
            }
            let row = (z * grid.columns) as usize;
            for x in x0..=x1 {
                let entry = self.table[row + x as usize];
                let bx = grid.column_gap(x, self.at[0], scale);
                if entry != EMPTY && bx * bx + bz <= outer * outer {
                    visit(row + x as usize, entry);
                }
            }
        }
    }

    /// Calls `visit` with the near cells and their entries, by entry where they are in order
    /// (then `visit` may stop the walk by returning `false`), else row by row.
    fn each(&self, mut visit: impl FnMut(usize, u64) -> bool) {
        if self.in_order {
            for &(entry, cell) in &self.near[..self.count] {
                if !visit(cell as usize, entry) {
                    return;
                }
            }
            return;
        }
        self.each_near(|cell, entry| {
            visit(cell, entry);
        });
    }

    /// Whether the least enemy of entry `entry` (untied) is in reach.
    fn in_reach(&self, entry: u64) -> bool {
        reaches(self.places[slot_of(entry)], self.at, self.range)
    }

    /// The first pass: the best of the enemies that are their cell's least by (key, id) —
    /// the entry's, where its key is not tied — and in reach. In order, the walk ends at the
    /// first key beyond the best's.
    fn least_in_reach(&self) -> Option<Least> {
        let mut best: Option<Least> = None;
        self.each(|_, entry| {
            let (key, slot) = (key_of(entry), slot_of(entry));
            if best.is_some_and(|b| key > b.key) {
                // In order: no later entry comes before the best.
                return false;
            }
            if !tied(entry) && comes_before(key, slot, &best, self.ids) && self.in_reach(entry) {
                best = Some(Least {
                    key,
                    slot: slot as u32,
                });
            }
            true
        });
        best
    }

    /// Calls `visit` with every near cell (and its entry) that the first pass, whose best is
    /// `best`, did not decide and that may hold an enemy before it: its least key is tied or
    /// its least enemy is out of reach. In order, lowest entries first, the walk ends at the
    /// first key beyond the best's.
    fn open(&self, best: &Option<Least>, mut visit: impl FnMut(usize, u64)) {
        self.each(|cell, entry| {
            if best.is_some_and(|b| key_of(entry) > b.key) {
                return false;
            }
            if may_beat(entry, best, self.ids) && (tied(entry) || !self.in_reach(entry)) {
                visit(cell, entry);
            }
            true
        });
    }
}

/// The enemies' keys, read where the update pass kept them (the same values: the enemies have
/// not changed since), else from the enemies. The choice is the same for every slot, so its
/// branch is always predicted.
struct Keys<'a> {
    enemies: &'a Enemies,
    board: &'a Board,
    /// Every slot's path distance left, if kept (else empty).
    lefts: &'a [f32],
    /// Every slot's health, if kept (else empty).
    healths: &'a [f32],
}

impl<'a> Keys<'a> {
    /// The keys of `enemies` on `board`.
    fn of(enemies: &'a Enemies, board: &'a Board) -> Keys<'a> {
        let n = enemies.len();
        let kept = |keys: &'a [f32]| if keys.len() == n { keys } else { &[] };
        Keys {
            enemies,
            board,
            lefts: kept(enemies.path_lefts()),
            healths: kept(enemies.healths()),
        }
    }

    /// Slot `s`'s path distance left.
    #[inline]
    fn path_left(&self, s: usize) -> f32 {
        match self.lefts.get(s) {
            Some(&left) => left,
            None => self.enemies.path_left(s, self.board),
        }
    }

    /// Slot `s`'s health.
    #[inline]
    fn health(&self, s: usize) -> f32 {
        match self.healths.get(s) {
            Some(&health) => health,
            None => self.enemies.health_of(s),
        }
    }

    /// Slot `s`'s key for `priority` for a tower at `at` ([`key`]).
    fn of_slot(&self, priority: Priority, s: usize, at: [f32; 2]) -> f32 {
        match priority {
            Priority::Random | Priority::First => self.path_left(s),
            Priority::Last => -self.path_left(s),
            Priority::Strongest => -self.health(s),
            Priority::Weakest => self.health(s),
            Priority::Closest => distance_key(self.enemies.places()[s], at),
        }
    }
}

#[cfg(test)]
mod tests;
