//! What the page needs of a scene (step, keys, picture, camera, a status line), and the
//! fixed tick every scene steps at.

use horde_renderer::{FrameParams, Instance};

/// Seconds of game time one tick is (the native window's fixed step).
pub const STEP: f64 = 1.0 / horde_core_sim::TICKS_PER_SECOND as f64;

/// What the page needs of a scene.
pub trait Shown {
    /// The scene's name, as `?scene=` names it.
    fn name(&self) -> &'static str;

    /// One fixed tick ([`STEP`]).
    fn step(&mut self);

    /// A key pressed (`down`) or let go: its `KeyboardEvent.code` (`Space`, `KeyW`, …).
    fn key(&mut self, code: &str, down: bool);

    /// Puts what is to be drawn in `out` (cleared first) and says `true`; or says `false`,
    /// leaving `out` alone, where nothing changed since the last call.
    fn refill(&mut self, out: &mut Vec<Instance>) -> bool;

    /// The camera, light and background for a picture of `aspect` (width over height).
    fn camera(&self, aspect: f32) -> FrameParams;

    /// A line that says where the scene stands (for the player, and for a test that reads
    /// it on `<body>`), or why it stopped.
    fn status(&self) -> String;
}
