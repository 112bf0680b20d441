//! Roads: the map generator's paths, polylines along the band beside the track, joined across
//! chunk borders and slice boundaries, kept clear of scenery.
//!
//! - `roads/plan.rs`: the settings prepared for a seed and a band: how many roads each pass
//!   lays on each side, their lanes, and the gates between passes.
//! - `roads/curve.rs`: a road's centre line through its pass, sampled on the world's lattice.
//! - `roads/clip.rs`: the segments' geometry: nearness to a point, a polyline cut at a chunk's
//!   `x` borders.
//! - `roads/join.rs`: roads cut into chunks and joined again, and the segments near a chunk.
//! - `roads/pieces.rs`: what a road is to the caller: its side, which road it is, its part in
//!   one chunk, and a whole road put together again.
//!
//! # How a road is laid
//!
//! Every *pass* of a slice (the configured slices, then the last one repeating) lays `count`
//! roads, alternating between the track's sides (`+x` first). On a side a road's centre line
//! stays in its *lane*: from `track_clearance + width/2` to `track_distance` from the track, and
//! inside the band. Roads meet at *gates* on the boundaries between passes: where `m` roads of
//! one side come in and `n` go out, the boundary has `min(m, n)` gates on that side (`n` at the
//! start of the map, `m` where no road goes on), each in its own stretch of the lane at a place
//! hashed from the seed. A road runs from its entry gate to its exit gate — road `j` of `n`
//! uses gate `j·g/n` of `g` — so where the count changes roads merge into a gate or branch
//! from one, and no road ends in the middle of nowhere.
//!
//! Between its gates, a road's distance from the track at `z` is the straight line between the
//! gates plus `wander · 4t(1 − t) · fBm(z)` (`t` from 0 to 1 along the pass), clamped to its
//! lane: it meets both gates exactly and strays most in the middle of the slice.
//!
//! # Why the pieces join
//!
//! A road is sampled on a lattice fixed in the world, `POINTS_PER_CHUNK` (8) points per chunk
//! side along `z`, so chunk borders and pass boundaries are lattice points; a lattice step
//! longer than a quarter chunk side is bisected (each half a pure function of its ends) until
//! it is not. A chunk keeps the parts of its rows' roads inside its square, cutting steps at
//! its `x` borders from the step's own ends. Both chunks beside a border therefore compute the
//! same points, bit for bit, whichever is generated first and on whatever thread:
//! `Scatter::join_roads` puts the pieces back together into whole polylines, and chains a
//! road into the next pass's road that leaves the gate it arrives at.

mod clip;
mod curve;
mod join;
mod pieces;
mod plan;

pub(crate) use clip::near_segment;
pub use pieces::{Road, RoadId, RoadPiece, Side};
pub(crate) use plan::RoadPlan;
