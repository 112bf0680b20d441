//! Pure procedural level generation for Horde: no GPU, no windowing, no global randomness.
//!
//! - [`wfc`]: Wave Function Collapse — module sets with face connectors, rotated variants and
//!   exclusions; a solver with weighted lowest-entropy collapse, AC-4 constraint propagation,
//!   boundary conditions and backtracking (DESIGN §8).
//!
//! Still to come: the infinite map generated around a walker, and the noise-driven scatter of
//! scenery.

pub mod wfc;
