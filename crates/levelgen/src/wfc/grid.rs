//! The grid a finite map lives on: its size in cells and the order cells are numbered in.
//!
//! Cells are numbered `x + X·(z + Z·y)`: west to east first, then south to north, then bottom
//! to top, so each horizontal layer is contiguous. [`Size::index`] and [`Size::coords`] convert
//! between a cell's index and its `(x, y, z)`.

/// The most cells a grid may have (about 4.2 million: with the city set's 108 modules a solver
/// needs roughly 120 bytes a cell, half a gigabyte at the limit). Larger grids are refused
/// before anything is allocated.
pub const MAX_CELLS: u64 = 1 << 22;

/// A grid too large to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a {x}x{y}x{z} grid has {cells} cells; at most {MAX_CELLS}")]
pub struct TooManyCells {
    /// West to east.
    pub x: u32,
    /// Bottom to top.
    pub y: u32,
    /// South to north.
    pub z: u32,
    /// Cells asked for.
    pub cells: u64,
}

/// Grid size in cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    /// West to east.
    pub x: u32,
    /// Bottom to top.
    pub y: u32,
    /// South to north.
    pub z: u32,
}

impl Size {
    /// Number of cells.
    pub fn cells(self) -> usize {
        self.x as usize * self.y as usize * self.z as usize
    }

    /// This size if it has at most [`MAX_CELLS`] cells (no product can overflow: each side
    /// is a `u32`, the product is formed in `u128`).
    pub fn within_limit(self) -> Result<Size, TooManyCells> {
        let cells = u128::from(self.x) * u128::from(self.y) * u128::from(self.z);
        if cells <= u128::from(MAX_CELLS) {
            Ok(self)
        } else {
            Err(TooManyCells {
                x: self.x,
                y: self.y,
                z: self.z,
                cells: u64::try_from(cells).unwrap_or(u64::MAX),
            })
        }
    }

    /// The index of cell `(x, y, z)`: `x + X·(z + Z·y)`.
    pub fn index(self, x: u32, y: u32, z: u32) -> usize {
        x as usize + self.x as usize * (z as usize + self.z as usize * y as usize)
    }

    /// The `(x, y, z)` of cell index `c`, the inverse of [`Size::index`]: with
    /// `c = x + X·(z + Z·y)`, `x = c mod X`, `z = (c div X) mod Z`, `y = c div (X·Z)`.
    ///
    /// A grid with no cells along `x` or `z` has no cells at all; it gives `(0, 0, 0)`.
    pub fn coords(self, c: usize) -> (u32, u32, u32) {
        if self.x == 0 || self.z == 0 {
            return (0, 0, 0);
        }
        let x = c % self.x as usize;
        let rest = c / self.x as usize;
        let z = rest % self.z as usize;
        let y = rest / self.z as usize;
        (x as u32, y as u32, z as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::Size;

    #[test]
    fn index_and_coords_are_inverse() {
        let size = Size { x: 3, y: 4, z: 5 };
        for c in 0..size.cells() {
            let (x, y, z) = size.coords(c);
            assert!(x < size.x && y < size.y && z < size.z);
            assert_eq!(size.index(x, y, z), c);
        }
        assert_eq!(size.index(1, 2, 3), 1 + 3 * (3 + 5 * 2));
    }

    #[test]
    fn an_empty_grid_does_not_panic() {
        assert_eq!(Size { x: 0, y: 2, z: 0 }.coords(7), (0, 0, 0));
    }
}
