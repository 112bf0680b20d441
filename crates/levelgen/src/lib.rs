//! Pure procedural level generation for Horde: no GPU, no windowing, no global randomness.
//!
//! - [`wfc`]: Wave Function Collapse — module sets with face connectors, rotated variants and
//!   exclusions; a solver with weighted lowest-entropy collapse from a priority queue, bit-set
//!   propagation over per-direction compatibility masks, boundary conditions and backtracking
//!   (docs/ARCHITECTURE.md, level generation); an infinite map made lazily in blocks around a
//!   walker; and the walker itself ([`wfc::walker`]): its moves among the module shapes and
//!   auto-walk's path planning, generic over the terrain it walks, with walking costs from the
//!   module set.
//! - [`scatter`]: noise-driven scatter of scenery along the runner's band — slices chosen by
//!   distance from the origin, chunk settings by distance from the slice centre, layers of
//!   fractal Perlin noise filtered into non-overlapping placements, and roads joined across
//!   chunks and slices that no placement stands on, generated in parallel and identical for
//!   any thread count.
//! - [`hash`]: seeded, platform-independent 64-bit mixing shared by both, so that their output
//!   is a pure function of seed and position.

pub mod hash;
pub mod scatter;
pub mod wfc;
