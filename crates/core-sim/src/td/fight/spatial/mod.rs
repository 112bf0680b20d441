//! Where the enemies are, tick by tick: a grid over the board whose cells list the enemies
//! standing in them, so that a tower or an explosion looks only at the enemies near it.
//!
//! The index is rebuilt after the enemies' update of every tick that has towers. The update
//! pass keeps each enemy's place (`Enemies::places`: position and scale by storage slot) and,
//! from the place in hand, its cell on the index's grid (`Enemies::cells`), so the rebuild
//! reads 4 bytes an enemy, not the places. Before it, a plan ([`SpatialIndex::plan`],
//! [`SpatialIndex::want`]) names the cells this tick's towers and shells may read — each tower
//! kind says where (`Behaviour::wants`: a laser that keeps its target reads nothing, a mortar
//! whose shell is not due reads nothing) — and only those cells' enemies are sorted: a stable
//! counting sort in two levels (by band of 4,096 cells, then by cell within each band, bands
//! in parallel: every write lands in a region the cache holds) lists every planned cell's
//! enemies in storage order. A query of a cell not planned is a bug (a debug assertion); with
//! no plan, or a reach that is not finite, every cell is listed. Queries read the places, so
//! the index holds no copy of them. The order of a query's candidates is therefore a pure
//! function of the enemies' storage order and positions — the same on any number of threads,
//! planned or not — and so is any pick among them. Its buffers are kept between ticks: once
//! they have grown to the largest population and board seen, a rebuild allocates nothing.
//!
//! The rooms: this file (the plan, the sort, the queries), `plan.rs` (the plan's set of cells
//! the next rebuild must list, one bit a cell, which towers set in parallel), `grid.rs` (the
//! grid's geometry and a point's cell), `tests.rs`.

mod grid;
mod plan;

pub(crate) use grid::{CellBox, Grid};
use plan::CellSet;

use crate::td::board::Board;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

/// Places per parallel work item of a rebuild that finds their cells.
const CHUNK: usize = 8192;

/// The enemies by grid cell, as they stood after the last rebuild.
#[derive(Clone, Debug, Default)]
pub struct SpatialIndex {
    /// The grid's geometry.
    grid: Grid,
    /// Per storage slot: its cell, when [`SpatialIndex::rebuild`] found it (empty after
    /// [`SpatialIndex::rebuild_from_cells`], whose caller keeps the cells).
    cell_of: Vec<u32>,
    /// Per cell: where its slots start in `order` (one more entry than cells).
    starts: Vec<u32>,
    /// Slots sorted by cell, storage order within a cell. Atomic only so that the parts of
    /// the sort can write their slots into it in parallel (each entry is written once, by one
    /// part; relaxed stores and loads cost what plain ones do).
    order: SlotList,
    /// Scratch of the sort's first level: per part of the enemies and per band, its count,
    /// then where its next pair goes.
    cursors: Vec<u32>,
    /// Per band: where its pairs start (one more entry than bands).
    band_starts: Vec<u32>,
    /// The first level's result: `(cell << 32) | slot`, by band, storage order within each.
    pairs: PairList,
    /// Scratch of the second level: per cell, where its next slot goes.
    cell_cursors: Vec<u32>,
    /// Per cell, a bit: whether the index lists its enemies. All cells after
    /// [`SpatialIndex::rebuild`]; after a plan ([`SpatialIndex::plan`]), only those wanted.
    wanted: CellSet,
    /// Whether the last rebuild listed only the wanted cells.
    partial: bool,
    /// Whether a plan is being made for the next rebuild (wanting a cell is heeded).
    planned: bool,
}

/// The scale of the place of an enemy that is no target (animation on: not in its move clip):
/// not a number, so [`reaches`] is false for it whatever the reach.
pub const NOT_A_TARGET: f32 = f32::NAN;

/// Whether an enemy at `place` (`x, z, scale`) is within `reach` of `centre`: its horizontal
/// distance is at most `reach + 0.125 × scale` (the texts' targeting rule: the enemy's target
/// point is a sphere of that radius). Never for a place of scale [`NOT_A_TARGET`].
pub fn reaches(place: [f32; 3], centre: [f32; 2], reach: f32) -> bool {
    let [x, z, scale] = place;
    let (dx, dz) = (x - centre[0], z - centre[1]);
    let limit = reach + 0.125 * scale;
    dx * dx + dz * dz <= limit * limit
}

/// A band of the sort's first level is `1 << BAND_SHIFT` cells in index order (4,096: its
/// counts and cursors, 16 KiB each, stay in the cache while its slots are placed); a cell's
/// band is a shift, not a division.
const BAND_SHIFT: u32 = 12;

/// The sort's scratch of `(cell, slot)` pairs, written by the first level's parts in parallel.
/// Not kept by a clone: every rebuild writes it whole before reading it.
#[derive(Debug, Default)]
struct PairList(Vec<AtomicU64>);

impl Clone for PairList {
    fn clone(&self) -> PairList {
        PairList(Vec::new())
    }
}

/// A list of slots the sort's parts may write into in parallel.
#[derive(Debug, Default)]
struct SlotList(Vec<AtomicU32>);

impl Clone for SlotList {
    fn clone(&self) -> SlotList {
        SlotList(
            self.0
                .iter()
                .map(|slot| AtomicU32::new(slot.load(Ordering::Relaxed)))
                .collect(),
        )
    }
}

impl SpatialIndex {
    /// Lists the enemies of `board` whose positions and scales by storage slot are `places`
    /// (`Enemies::places`) by cell. Allocates only when the population or the board outgrows
    /// every earlier one.
    pub fn rebuild(&mut self, board: &Board, places: &[[f32; 3]]) {
        self.grid = Grid::for_board(board);
        (self.partial, self.planned) = (false, false);
        let grid = self.grid;
        let mut cells = std::mem::take(&mut self.cell_of);
        cells.resize(places.len(), 0);
        cells
            .par_chunks_mut(CHUNK)
            .zip(places.par_chunks(CHUNK))
            .for_each(|(cells, places)| {
                for (cell, &[x, z, _]) in cells.iter_mut().zip(places) {
                    *cell = grid.cell_at([x, z]);
                }
            });
        self.sort_by_cell(&cells);
        self.cell_of = cells;
    }

    /// Starts the plan of the next rebuild on `grid` (the board's, [`Grid::for_board`]): until
    /// [`SpatialIndex::rebuild_from_cells`], [`SpatialIndex::want`] names the cells it must
    /// list; it lists no other (the enemies elsewhere are not sorted at all).
    pub(crate) fn plan(&mut self, grid: Grid) {
        self.grid = grid;
        self.planned = true;
        self.wanted.reset(self.grid.cells());
    }

    /// Plans that the next rebuild lists every cell a query of `reach` around `centre` looks
    /// at ([`SpatialIndex::within`]'s cells); an infinite or NaN reach wants them all. Towers
    /// may want cells in parallel.
    pub(crate) fn want(&self, centre: [f32; 2], reach: f32) {
        if !self.planned {
            return;
        }
        if !(reach.is_finite() && centre[0].is_finite() && centre[1].is_finite()) {
            self.wanted.add_all();
            return;
        }
        // A negative reach finds nothing, so wants nothing.
        if let Some(cells) = self.grid.cell_box(centre, reach) {
            self.wanted.add_box(&self.grid, cells);
        }
    }

    /// Plans that the next rebuild lists cell `cell` (of the plan's grid).
    pub(crate) fn want_cell(&self, cell: usize) {
        if self.planned {
            self.wanted.add(cell);
        }
    }

    /// How many enemies the last rebuild listed (all, unless it was planned).
    #[cfg(test)]
    pub(crate) fn listed(&self) -> usize {
        self.starts.last().map_or(0, |&n| n as usize)
    }

    /// Whether the index lists the enemies of `cell` (a query may look at it).
    pub(crate) fn lists(&self, cell: usize) -> bool {
        !self.partial || self.wanted.has(cell)
    }

    /// [`SpatialIndex::rebuild`] from every slot's cell on `grid` (the board's,
    /// [`Grid::for_board`]), found already (the enemies' update pass finds it with the place:
    /// `Enemies::cells`), so that the places are not read again. After a plan
    /// ([`SpatialIndex::plan`]) only the cells wanted are listed; without one, all.
    pub(crate) fn rebuild_from_cells(&mut self, grid: Grid, cells: &[u32]) {
        // A plan made for another grid does not count, nor one that wants most cells: then
        // everything is listed, with no test a slot (testing every slot against a plan that
        // keeps most of them costs more than sorting the rest: the test's branch mispredicts).
        let most = 2 * self.wanted.count() >= grid.cells();
        self.partial = std::mem::take(&mut self.planned) && grid == self.grid && !most;
        self.grid = grid;
        self.cell_of.clear();
        self.sort_by_cell(cells);
    }

    /// Finds every slot's cell from `places` and sorts the slots by cell, stably (cells in
    /// index order, slots in storage order within each), in parallel and in two levels so
    /// that every write lands in a region small enough for the cache: first by band (a band
    /// is a range of [`BAND_SHIFT`]'s cells, so bands in order are cells in order), then each
    /// band by cell, bands in parallel.
    ///
    /// Level one cuts the slots into as many parts as there are threads; each part finds its
    /// slots' cells and counts them by band (one pass over its places), the counts become
    /// every part's start in every band (band by band, parts in storage order), and each part
    /// writes its `(cell, slot)` pairs there. Level two counts each band's pairs by cell,
    /// makes the counts the cells' starts and writes the slots in the pairs' order. Both
    /// levels are stable, so the result is the one stable sort by cell, the same for any
    /// number of parts.
    fn sort_by_cell(&mut self, cell_of: &[u32]) {
        let n = cell_of.len();
        let cells = self.grid.cells();
        let band_cells = 1usize << BAND_SHIFT;
        let bands = cells.div_ceil(band_cells).max(1);
        let parts = rayon::current_num_threads().clamp(1, 16).min(n.max(1));
        let part_len = n.div_ceil(parts).max(1);
        // Level one: each part's count of slots by band.
        self.cursors.clear();
        self.cursors.resize(parts * bands, 0);
        let wanted = self.partial.then_some(&self.wanted);
        let listed = |cell: u32| wanted.is_none_or(|w| w.has(cell as usize));
        self.cursors
            .par_chunks_mut(bands)
            .zip(cell_of.par_chunks(part_len))
            .for_each(|(counts, part)| match wanted {
                None => {
                    for &cell in part {
                        counts[(cell >> BAND_SHIFT) as usize] += 1;
                    }
                }
                Some(_) => {
                    for &cell in part.iter().filter(|&&cell| listed(cell)) {
                        counts[(cell >> BAND_SHIFT) as usize] += 1;
                    }
                }
            });
        // Every band's start, and every part's start within it.
        self.band_starts.clear();
        self.band_starts.resize(bands + 1, 0);
        let mut next = 0u32;
        for band in 0..bands {
            self.band_starts[band] = next;
            for part in 0..parts {
                let at = &mut self.cursors[part * bands + band];
                let count = *at;
                *at = next;
                next += count;
            }
        }
        self.band_starts[bands] = next;
        if self.pairs.0.len() != n {
            self.pairs.0.resize_with(n, || AtomicU64::new(0));
        }
        let pairs = &self.pairs.0;
        self.cursors
            .par_chunks_mut(bands)
            .zip(cell_of.par_chunks(part_len))
            .enumerate()
            .for_each(|(part, (cursor, cells_of_part))| {
                let base = part * part_len;
                for (k, &cell) in cells_of_part.iter().enumerate() {
                    if !listed(cell) {
                        continue;
                    }
                    let at = &mut cursor[(cell >> BAND_SHIFT) as usize];
                    let pair = (u64::from(cell) << 32) | (base + k) as u64;
                    pairs[*at as usize].store(pair, Ordering::Relaxed);
                    *at += 1;
                }
            });
        // Level two: each band's pairs by cell, bands in parallel; `starts` holds the counts,
        // then the starts, and a band's cursors live in the same cells' range of `cell_cursors`.
        self.starts.clear();
        self.starts.resize(cells + 1, 0);
        self.cell_cursors.clear();
        self.cell_cursors.resize(cells, 0);
        if self.order.0.len() != n {
            self.order.0.resize_with(n, || AtomicU32::new(0));
        }
        let (order, band_starts) = (&self.order.0, &self.band_starts);
        self.starts[..cells]
            .par_chunks_mut(band_cells)
            .zip(self.cell_cursors.par_chunks_mut(band_cells))
            .enumerate()
            .for_each(|(band, (starts, cursors))| {
                let first_cell = band * band_cells;
                let (from, to) = (band_starts[band] as usize, band_starts[band + 1] as usize);
                for pair in &pairs[from..to] {
                    let cell = (pair.load(Ordering::Relaxed) >> 32) as usize;
                    starts[cell - first_cell] += 1;
                }
                let mut next = from as u32;
                for (start, cursor) in starts.iter_mut().zip(cursors.iter_mut()) {
                    let count = *start;
                    *start = next;
                    *cursor = next;
                    next += count;
                }
                for pair in &pairs[from..to] {
                    let pair = pair.load(Ordering::Relaxed);
                    let at = &mut cursors[(pair >> 32) as usize - first_cell];
                    order[*at as usize].store(pair as u32, Ordering::Relaxed);
                    *at += 1;
                }
            });
        self.starts[cells] = self.band_starts[bands];
    }

    /// Calls `each` with the slot of every enemy of `places` (those of the rebuild) that
    /// `reaches` `centre`, in a fixed order: cells row by row, storage order within a cell.
    pub fn within(
        &self,
        places: &[[f32; 3]],
        centre: [f32; 2],
        reach: f32,
        mut each: impl FnMut(usize),
    ) {
        let Some(CellBox { x0, x1, z0, z1 }) = self.cell_box(centre, reach) else {
            return;
        };
        for cz in z0..=z1 {
            for cx in x0..=x1 {
                let cell = (cz * self.grid.columns + cx) as usize;
                debug_assert!(
                    self.lists(cell),
                    "a query looked at cell {cell}, not planned"
                );
                let (start, end) = (self.starts[cell] as usize, self.starts[cell + 1] as usize);
                let slots = &self.order.0[start..end];
                for slot in slots {
                    let slot = slot.load(Ordering::Relaxed) as usize;
                    if reaches(places[slot], centre, reach) {
                        each(slot);
                    }
                }
            }
        }
    }

    /// The cells a query of `reach` around `centre` looks at ([`SpatialIndex::within`]'s):
    /// every enemy that reaches `centre` stands in one of them. `None` when there is no enemy
    /// or the reach is not a number or negative.
    pub(crate) fn cell_box(&self, centre: [f32; 2], reach: f32) -> Option<CellBox> {
        if self.order.0.is_empty() {
            return None;
        }
        self.grid.cell_box(centre, reach)
    }

    /// The grid the index lists its enemies on.
    pub(crate) fn grid(&self) -> Grid {
        self.grid
    }

    /// The cell column and row holding world point `p`, clamped to the grid.
    pub(crate) fn cell_xz(&self, p: [f32; 2]) -> (u32, u32) {
        self.grid.cell_xz(p)
    }

    /// The grid's cells across (`x`).
    pub(crate) fn columns(&self) -> u32 {
        self.grid.columns
    }

    /// Per storage slot: its cell, as [`SpatialIndex::rebuild`] found it (empty after
    /// [`SpatialIndex::rebuild_from_cells`]).
    #[cfg(test)]
    pub(crate) fn cell_of(&self) -> &[u32] {
        &self.cell_of
    }

    /// Where `cell`'s enemies lie in the index's order: positions `start..end`.
    pub(crate) fn span(&self, cell: usize) -> (usize, usize) {
        debug_assert!(
            self.lists(cell),
            "a query looked at cell {cell}, not planned"
        );
        (self.starts[cell] as usize, self.starts[cell + 1] as usize)
    }

    /// The storage slot at position `at` of the index's order.
    pub(crate) fn slot_at(&self, at: usize) -> usize {
        self.order.0[at].load(Ordering::Relaxed) as usize
    }

    /// The place of the enemy at position `at` of the index's order, from `places` (those of
    /// the rebuild) through its slot.
    pub(crate) fn place_at(&self, at: usize, places: &[[f32; 3]]) -> [f32; 3] {
        places[self.slot_at(at)]
    }

    /// How many enemies [`SpatialIndex::within`] finds.
    pub fn count_within(&self, places: &[[f32; 3]], centre: [f32; 2], reach: f32) -> usize {
        let mut n = 0;
        self.within(places, centre, reach, |_| n += 1);
        n
    }

    /// The `k`-th (from 0) enemy [`SpatialIndex::within`] finds, if there are more than `k`.
    pub fn nth_within(
        &self,
        places: &[[f32; 3]],
        centre: [f32; 2],
        reach: f32,
        k: usize,
    ) -> Option<usize> {
        let (mut seen, mut found) = (0, None);
        self.within(places, centre, reach, |slot| {
            if seen == k {
                found = Some(slot);
            }
            seen += 1;
        });
        found
    }
}

#[cfg(test)]
mod tests;
