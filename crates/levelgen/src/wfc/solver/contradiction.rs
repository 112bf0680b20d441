//! A contradiction: what narrowing returns, as a value, when it leaves a cell with no module.
//! The wave, the boundary pass and the solver all speak it; the solver answers it by
//! backtracking.

/// A cell with no module left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("contradiction at cell {cell}")]
pub struct Contradiction {
    /// The cell's index.
    pub cell: usize,
}
