//! The plan of a rebuild: the set of cells the next rebuild must list, one bit a cell. Towers
//! name their cells in parallel (each bit is set by an atomic `or`, so the set is the same
//! whatever the order), the rebuild reads it.

use super::grid::{CellBox, Grid};
use std::sync::atomic::{AtomicU64, Ordering};

/// A set of cells of a grid, one bit a cell, that threads may add to at once.
#[derive(Debug, Default)]
pub(super) struct CellSet(Vec<AtomicU64>);

impl Clone for CellSet {
    fn clone(&self) -> CellSet {
        CellSet(
            self.0
                .iter()
                .map(|w| AtomicU64::new(w.load(Ordering::Relaxed)))
                .collect(),
        )
    }
}

impl CellSet {
    /// Empties the set and sizes it for `cells` cells.
    pub(super) fn reset(&mut self, cells: usize) {
        let words = cells.div_ceil(64);
        self.0.truncate(words);
        for word in &mut self.0 {
            *word.get_mut() = 0;
        }
        self.0.resize_with(words, || AtomicU64::new(0));
    }

    /// Adds every cell.
    pub(super) fn add_all(&self) {
        for word in &self.0 {
            word.store(u64::MAX, Ordering::Relaxed);
        }
    }

    /// Adds cell `cell` (nothing beyond the set's cells).
    #[inline]
    pub(super) fn add(&self, cell: usize) {
        if let Some(word) = self.0.get(cell / 64) {
            word.fetch_or(1 << (cell % 64), Ordering::Relaxed);
        }
    }

    /// Adds the cells of `grid` in `cells`, a row's run a word at a time.
    pub(super) fn add_box(&self, grid: &Grid, cells: CellBox) {
        let CellBox { x0, x1, z0, z1 } = cells;
        for z in z0..=z1 {
            let row = (z * grid.columns) as usize;
            let (mut from, to) = (row + x0 as usize, row + x1 as usize + 1);
            while from < to {
                let bit = from % 64;
                let run = (64 - bit).min(to - from);
                let mask = if run == 64 {
                    u64::MAX
                } else {
                    ((1u64 << run) - 1) << bit
                };
                if let Some(word) = self.0.get(from / 64) {
                    word.fetch_or(mask, Ordering::Relaxed);
                }
                from += run;
            }
        }
    }

    /// Whether cell `cell` is in the set.
    #[inline]
    pub(super) fn has(&self, cell: usize) -> bool {
        self.0
            .get(cell / 64)
            .is_some_and(|w| w.load(Ordering::Relaxed) >> (cell % 64) & 1 == 1)
    }

    /// How many cells are in the set.
    pub(super) fn count(&self) -> usize {
        let ones = self
            .0
            .iter()
            .map(|w| w.load(Ordering::Relaxed).count_ones());
        ones.map(|n| n as usize).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::td::board::Board;

    #[test]
    fn boxes_and_cells_added_are_in_the_set_and_no_other() {
        let board = Board::with_defaults(100, 3).expect("board");
        let grid = Grid::for_board(&board);
        let mut set = CellSet::default();
        set.reset(grid.cells());
        let cells = CellBox {
            x0: 60,
            x1: 70,
            z0: 1,
            z1: 2,
        };
        set.add_box(&grid, cells);
        set.add(5);
        set.add(100_000);
        let expected = |cell: usize| {
            let (x, z) = (cell % 100, cell / 100);
            cell == 5 || ((60..=70).contains(&x) && (1..=2).contains(&z))
        };
        for cell in 0..grid.cells() {
            assert_eq!(set.has(cell), expected(cell), "cell {cell}");
        }
        assert_eq!(set.count(), 23);
        set.reset(grid.cells());
        assert_eq!(set.count(), 0);
        set.add_all();
        assert!((0..grid.cells()).all(|c| set.has(c)));
    }
}
