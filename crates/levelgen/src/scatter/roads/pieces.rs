//! What a road is to the caller: the side of the track it runs on, which road it is, the part
//! of it inside one chunk, and a whole road put together again.

/// Which side of the track a road runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// `x > 0`.
    Right,
    /// `x < 0`.
    Left,
}

impl Side {
    /// Both sides, `+x` first.
    pub const BOTH: [Side; 2] = [Side::Right, Side::Left];

    /// `+1` or `-1`: the sign of `x` on this side.
    pub fn sign(self) -> f64 {
        match self {
            Side::Right => 1.0,
            Side::Left => -1.0,
        }
    }

    pub(super) fn index(self) -> usize {
        match self {
            Side::Right => 0,
            Side::Left => 1,
        }
    }
}

/// Which road: its pass (slice index counting repeats of the last), side and lane on that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoadId {
    /// The pass of a slice the road runs through (0 is the first slice).
    pub pass: u32,
    /// The side of the track.
    pub side: Side,
    /// Its number among the pass's roads on that side, from 0.
    pub lane: u16,
}

/// The part of one road inside one chunk: at least two points, in order along the road
/// (`z` never decreasing).
#[derive(Clone, Debug, PartialEq)]
pub struct RoadPiece {
    /// The road.
    pub road: RoadId,
    /// World `(x, z)` of its points.
    pub points: Vec<[f32; 2]>,
}

/// A whole road as `Scatter::join_roads` puts it together.
#[derive(Clone, Debug, PartialEq)]
pub struct Road {
    /// Full width, world units.
    pub width: f32,
    /// World `(x, z)` of its points, `z` increasing; consecutive points are at most
    /// a quarter of a chunk side apart.
    pub points: Vec<[f32; 2]>,
}
