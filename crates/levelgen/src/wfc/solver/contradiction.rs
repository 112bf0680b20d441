//! The value a failed narrowing of domains is: the cell left with no module. The wave
//! returns it, the boundary solve returns it, and the solver answers it by backtracking.

/// A cell with no module left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("contradiction at cell {cell}")]
pub struct Contradiction {
    /// The cell's index.
    pub cell: usize,
}
