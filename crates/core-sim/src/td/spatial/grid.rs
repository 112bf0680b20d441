//! The spatial index's grid over a board: square cells of a tile (or, on boards of more than
//! a million tiles, of a power of two of tiles a side), and the cell of a world point.

use crate::td::board::Board;

/// The most cells the grid may have; larger boards group tiles into square cells.
const MAX_CELLS: usize = 1 << 20;

/// The grid's geometry (a copy goes into the parallel pass while the buffers are written, and
/// into the enemies' update pass, which finds each enemy's cell with its place).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Grid {
    /// Cells per tile along a side: the reciprocal of the tiles per cell side (a power of
    /// two), so a position's cell is a multiplication, not a division.
    pub(super) cells_per_tile: f32,
    /// Cells across (`x`) and along (`z`).
    pub(super) columns: u32,
    pub(super) rows: u32,
    /// World `x` and `z` of the board's south-west corner.
    pub(super) origin: [f32; 2],
}

impl Grid {
    /// The grid over `board`: a cell a tile, or on boards of more than [`MAX_CELLS`] tiles a
    /// square of tiles a power of two on a side.
    pub(crate) fn for_board(board: &Board) -> Grid {
        let (w, h) = (board.width(), board.height());
        let mut cell_tiles = 1u32;
        while (w.div_ceil(cell_tiles) as usize) * (h.div_ceil(cell_tiles) as usize) > MAX_CELLS {
            cell_tiles *= 2;
        }
        Grid {
            // A power of two: multiplying by it is exactly dividing by its reciprocal.
            cells_per_tile: 1.0 / cell_tiles as f32,
            columns: w.div_ceil(cell_tiles),
            rows: h.div_ceil(cell_tiles),
            origin: [-(w as f32) * 0.5, -(h as f32) * 0.5],
        }
    }

    /// Cells in all.
    pub(super) fn cells(&self) -> usize {
        (self.columns * self.rows) as usize
    }

    /// The cell column and row holding world point `p`, clamped to the grid.
    pub(super) fn cell_xz(&self, p: [f32; 2]) -> (u32, u32) {
        // Truncation is the floor for the non-negative values it is used on (and `floor` is
        // a library call on the baseline x86-64 target); below 0, and NaN, is cell 0, and `as`
        // saturates beyond the grid.
        let clamp = |v: f32, n: u32| {
            let c = v * self.cells_per_tile;
            if c >= 0.0 { (c as u32).min(n - 1) } else { 0 }
        };
        (
            clamp(p[0] - self.origin[0], self.columns),
            clamp(p[1] - self.origin[1], self.rows),
        )
    }

    /// The cell index holding `p`.
    #[inline]
    pub(crate) fn cell_at(&self, p: [f32; 2]) -> u32 {
        let (x, z) = self.cell_xz(p);
        z * self.columns + x
    }
}
