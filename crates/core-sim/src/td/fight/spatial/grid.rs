//! The spatial index's grid over a board: square cells of a tile (or, on boards of more than
//! a million tiles, of a power of two of tiles a side), the cell of a world point and the
//! cells a query around a point looks at.

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
    pub(crate) columns: u32,
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
    pub(crate) fn cells(&self) -> usize {
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

    /// The cells a query of `reach` around `centre` looks at: every enemy that reaches
    /// `centre` stands in one of them (its target point reaches at most a quarter beyond
    /// `reach`). `None` when the reach is not a number or negative, or the grid has no cell.
    pub(crate) fn cell_box(&self, centre: [f32; 2], reach: f32) -> Option<CellBox> {
        if reach.is_nan() || reach < 0.0 || self.cells() == 0 {
            return None;
        }
        // The largest scale is 2: a target point reaches 0.25 beyond `reach`.
        let outer = reach + 0.25;
        let (x0, z0) = self.cell_xz([centre[0] - outer, centre[1] - outer]);
        let (x1, z1) = self.cell_xz([centre[0] + outer, centre[1] + outer]);
        Some(CellBox { x0, x1, z0, z1 })
    }

    /// A lower bound of the squared horizontal distance from `p` to any point the grid puts
    /// in cell (`cx`, `cz`), computed as the towers' distance is (`dx² + dz²` in `f32`): the
    /// cell's square, widened by a margin beyond rounding, and unbounded outwards on the
    /// grid's edges (points off the board are clamped into the edge cells). Rounding is
    /// monotonic, so no enemy's computed distance is below it.
    pub(crate) fn distance_bound(&self, cx: u32, cz: u32, p: [f32; 2]) -> f32 {
        let scale = self.bound_scale();
        let bx = self.column_gap(cx, p[0], scale);
        let bz = self.row_gap(cz, p[1], scale);
        bx * bx + bz * bz
    }

    /// What [`Grid::column_gap`] and [`Grid::row_gap`] need, found once: a cell's side in
    /// world units, and the margin (far above the rounding of any coordinate on the board:
    /// 2^-16 of its size).
    #[inline]
    pub(crate) fn bound_scale(&self) -> (f32, f32) {
        let tiles = 1.0 / self.cells_per_tile;
        let (w, h) = (self.columns as f32 * tiles, self.rows as f32 * tiles);
        let margin = (self.origin[0].abs() + self.origin[1].abs() + w + h + 1.0) / 65536.0;
        (tiles, margin)
    }

    /// How far world `x` lies outside column `c`, widened by the margin ([`Grid::bound_scale`];
    /// unbounded outwards on the grid's edges): [`Grid::distance_bound`]'s `x` part.
    #[inline]
    pub(crate) fn column_gap(&self, c: u32, x: f32, scale: (f32, f32)) -> f32 {
        gap(c, self.columns, self.origin[0], x, scale)
    }

    /// How far world `z` lies outside row `c`: [`Grid::column_gap`] for rows.
    #[inline]
    pub(crate) fn row_gap(&self, c: u32, z: f32, scale: (f32, f32)) -> f32 {
        gap(c, self.rows, self.origin[1], z, scale)
    }

    /// The cell index holding `p`.
    #[inline]
    pub(crate) fn cell_at(&self, p: [f32; 2]) -> u32 {
        let (x, z) = self.cell_xz(p);
        z * self.columns + x
    }
}

/// How far `v` lies outside cell `c` of `n` along an axis from `origin`, cells `tiles` wide,
/// the cell widened by `margin` (and unbounded outwards at either end).
#[inline]
fn gap(c: u32, n: u32, origin: f32, v: f32, (tiles, margin): (f32, f32)) -> f32 {
    let lo = if c == 0 {
        f32::NEG_INFINITY
    } else {
        origin + c as f32 * tiles - margin
    };
    let hi = if c + 1 >= n {
        f32::INFINITY
    } else {
        origin + (c + 1) as f32 * tiles + margin
    };
    (lo - v).max(v - hi).max(0.0)
}

/// The cells a query looks at: columns `x0..=x1`, rows `z0..=z1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CellBox {
    /// The first and last column.
    pub x0: u32,
    /// The last column.
    pub x1: u32,
    /// The first row.
    pub z0: u32,
    /// The last row.
    pub z1: u32,
}
