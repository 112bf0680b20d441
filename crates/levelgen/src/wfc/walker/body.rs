//! The walker's measures, in cells (a storey, one cell, is about 3 m): the body it walks with,
//! where its eye is, how fast it goes.

use crate::wfc::walkable::Body;

/// The walker's body: 0.6 m wide, 1.85 m tall, climbs 0.45 m (a stair's rise in the city set
/// is 0.37 m).
pub const BODY: Body = Body {
    radius: 0.1,
    height: 0.62,
    step: 0.15,
};

/// Eye height above the feet (about 1.6 m).
pub const EYE_HEIGHT: f32 = 0.53;

/// Walking speed, cells per second.
pub const WALK_SPEED: f32 = 2.5;
