//! The one fixed-step clock: every simulation in the app (tower defense, runner, city walker)
//! advances in steps of [`STEP`] seconds, whatever the frame rate, and the headless commands
//! use the same step so a window and a command line agree.

/// The fixed simulation step, in seconds: one tick of the games' own clock
/// ([`horde_core_sim::TICKS_PER_SECOND`]).
pub const STEP: f64 = 1.0 / horde_core_sim::TICKS_PER_SECOND as f64;

/// The same step for simulations that count time in `f32` (the tower-defense core).
pub const STEP_F32: f32 = horde_core_sim::DT;

/// The most steps one frame may run; beyond that the simulation slows down rather than
/// spiralling (a frame that took a second runs 8 steps, not 60).
pub const MAX_STEPS_PER_FRAME: u32 = 8;

/// Turns wall-clock time into whole fixed steps, carrying the remainder to the next frame.
#[derive(Clone, Copy, Debug, Default)]
pub struct FixedClock {
    accumulator: f64,
}

impl FixedClock {
    /// Adds `seconds` (already scaled by any time scale; 0 while paused) and returns how many
    /// steps are due now, at most [`MAX_STEPS_PER_FRAME`]. When the cap is hit, the backlog
    /// beyond one step is dropped.
    pub fn advance(&mut self, seconds: f64) -> u32 {
        self.advance_capped(seconds, MAX_STEPS_PER_FRAME)
    }

    /// [`FixedClock::advance`] with at most `cap` steps (at least 1) instead of
    /// [`MAX_STEPS_PER_FRAME`]: a scene that fast-forwards takes more and bounds them by time.
    pub fn advance_capped(&mut self, seconds: f64, cap: u32) -> u32 {
        let cap = cap.max(1);
        if seconds.is_finite() && seconds > 0.0 {
            self.accumulator += seconds;
        }
        let due = (self.accumulator / STEP).floor();
        let steps = due.min(f64::from(cap)) as u32;
        self.accumulator -= f64::from(steps) * STEP;
        if steps == cap {
            self.accumulator = self.accumulator.min(STEP);
        }
        steps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_f32_step_is_the_nearest_f32_to_a_sixtieth() {
        assert_eq!(STEP_F32, STEP as f32);
    }

    #[test]
    fn steps_follow_wall_clock_and_carry_the_remainder() {
        let mut clock = FixedClock::default();
        assert_eq!(clock.advance(STEP * 0.5), 0);
        assert_eq!(clock.advance(STEP * 0.6), 1);
        assert_eq!(clock.advance(STEP * 2.0), 2);
        assert_eq!(clock.advance(0.0), 0);
    }

    #[test]
    fn a_fast_forwarding_scene_takes_more_steps_up_to_its_cap() {
        let mut clock = FixedClock::default();
        // 100× for a 60th of a second: 100 steps due.
        assert_eq!(clock.advance_capped(100.0 * STEP, 800), 100);
        assert_eq!(clock.advance_capped(1000.0 * STEP, 800), 800);
        // The backlog beyond the cap is dropped, never run later.
        assert!(clock.advance_capped(0.0, 800) <= 1);
    }

    #[test]
    fn a_long_frame_runs_at_most_eight_steps_and_drops_the_backlog() {
        let mut clock = FixedClock::default();
        assert_eq!(clock.advance(1.0), MAX_STEPS_PER_FRAME);
        assert!(clock.advance(0.0) <= 1);
        assert_eq!(clock.advance(f64::NAN), 0);
        assert_eq!(clock.advance(-1.0), 0);
    }
}
