//! Pure procedural level generation for Horde: no GPU, no windowing, no global randomness.
//!
//! This crate will hold the Wave Function Collapse solver with its module sets and infinite
//! map, and the noise-driven scatter of scenery (DESIGN §8). It is empty until those issues are
//! built: nothing here is implemented yet, and nothing pretends to be.
