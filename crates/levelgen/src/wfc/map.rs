//! A finished map: one module index per cell. (Its file format, the `--out` JSON of
//! `horde wfc`, belongs to the app.)

use super::grid::Size;

/// A solved grid: one module index per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// Grid size.
    pub size: Size,
    /// `cells[x + X·(z + Z·y)]`: the module in that cell.
    pub cells: Vec<u16>,
    /// Backtracks it took.
    pub backtracks: u64,
}
