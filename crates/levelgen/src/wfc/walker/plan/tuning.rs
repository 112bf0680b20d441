//! Auto-walk's measures: the bodies it plans for, the window's size, when it plans again,
//! what a target scores, what walking near a wall or where it has been costs, and how long
//! each goal lasts.

use crate::wfc::walkable::{Body, SAMPLES};
use crate::wfc::walker::body::BODY;

/// The body path search plans for: a little wider than [`BODY`], so that a path point beside
/// a wall is never one the body only fits at by a rounding error.
pub(super) const PLAN_BODY: Body = Body {
    radius: BODY.radius + 0.01,
    ..BODY
};
/// A wide body: places where it does not fit are close to a wall, and cost
/// [`NEAR_WALL_COST`] more, so that paths keep to the middle of streets.
pub(super) const WIDE_BODY: Body = Body {
    radius: 0.3,
    ..BODY
};
/// Columns searched around the walker when planning.
pub const PLAN_RADIUS: i32 = 8;
/// Samples per side of the planning window.
pub(super) const WINDOW: usize = (2 * PLAN_RADIUS as usize + 1) * SAMPLES;
/// Plans again when fewer path points than this are left.
pub(super) const REPLAN_LEFT: usize = 6;
/// Plans again after this many seconds on one plan.
pub(super) const PLAN_AGE_S: f32 = 2.0;
/// Plans no more often than this, in seconds (a walker with nowhere to go retries slowly).
pub(super) const RETRY_S: f32 = 0.2;
/// The nearest target considered, in cells from the walker.
pub(super) const MIN_TARGET: f32 = 3.0;
/// Samples around a high place counted for its room ([`AutoWalk::room`]).
pub(super) const ROOM_SAMPLES: i32 = 4;
/// The most room counted (a roof 9×9 samples, nearly two cells each way).
pub(super) const ROOM_MAX: usize = 81;
/// What each place of room up there adds to a climb's score.
pub(super) const ROOM_SCORE: f32 = 0.08;
/// The nearest target along a deck or a roof, in cells (they can be short).
pub(super) const MIN_LEVEL_TARGET: f32 = 1.5;
/// The least span of the places up there, connected to a climb's target, that a climb
/// prefers (cells; twice [`MIN_LEVEL_TARGET`], so that walking along up there always has
/// somewhere to go): a stair's head with a bridge's end is worth a climb only after
/// [`SHORT_CLIMB_AFTER_S`] of climbing found nothing better ([`SHORT_CLIMB_PENALTY`]).
pub(super) const CLIMB_SPAN: f32 = 2.0 * MIN_LEVEL_TARGET;
/// What a climb to less than [`CLIMB_SPAN`] loses from its score (more than any height or
/// room within reach gains).
pub(super) const SHORT_CLIMB_PENALTY: f32 = 100.0;
/// Seconds of looking for a climb with room up there before a short one will do.
pub(super) const SHORT_CLIMB_AFTER_S: f32 = 10.0;
/// What each cell of that span (at most [`SPAN_MAX`]) adds to a climb's score.
pub(super) const SPAN_SCORE: f32 = 0.5;
/// The most span counted.
pub(super) const SPAN_MAX: f32 = 8.0;
/// Cost added per cell walked for each recent visit of its column (at most four counted).
pub(super) const VISITED_COST: f32 = 0.8;
/// Cost added per cell walked close to a wall.
pub(super) const NEAR_WALL_COST: f32 = 1.0;
/// Frames in a row without moving after which the path is dropped and the heading turned.
pub(super) const STUCK_FRAMES: u32 = 30;
/// Seconds of wandering the streets before auto-walk looks for higher ground.
pub(super) const CLIMB_AFTER_S: f32 = 12.0;
/// Seconds spent looking for higher ground before giving up (none within reach).
pub(super) const CLIMB_FOR_S: f32 = 25.0;
/// Seconds spent walking along up there before coming down.
pub(super) const STAY_UP_S: f32 = 15.0;
/// Seconds spent looking for the way down before wandering on wherever it is.
pub(super) const DESCEND_FOR_S: f32 = 30.0;
/// Feet this far above the street count as above it (half a storey: on a stair flight, a
/// deck, a roof), for the walker's odometer.
pub const UP: f32 = 0.5;
/// Feet this high have climbed a storey (a deck at 1.1, a one-storey roof at 1.15).
pub(super) const CLIMBED: f32 = 1.0;
/// What the score of a target gains per storey of height when climbing (loses descending).
pub(super) const HEIGHT_SCORE: f32 = 6.0;
