//! The window's light on a software adapter: where no `--quality` was given and the adapter
//! draws on the CPU, the window measures its first frames at `high` and steps down to
//! `medium` when they fall under 30 frames a second, saying so in the log.

use horde_renderer::Quality;

/// Frames not counted at first (pipelines compiling, the first uploads).
const WARM_UP: usize = 10;
/// Frames measured before deciding.
const MEASURED: usize = 30;
/// The slowest frame rate `high` is kept at, frames a second.
const LEAST_FPS: f32 = 30.0;

/// Whether, and once, to step the window's quality down.
#[derive(Debug, Default)]
pub struct StepDown {
    /// Frame times seen so far, milliseconds (warm-up included).
    frames: Vec<f32>,
    /// Still watching: a software adapter, no quality asked for, nothing decided yet.
    watching: bool,
}

impl StepDown {
    /// Watches the frames where `software` (the adapter draws on the CPU) and the quality was
    /// not `given` on the command line.
    pub fn new(software: bool, given: bool) -> StepDown {
        StepDown {
            frames: Vec::with_capacity(WARM_UP + MEASURED),
            watching: software && !given,
        }
    }

    /// A frame of `frame_ms` drawn at `quality`: the level to step down to, once, where the
    /// measured frames' median at `high` falls under 30 frames a second.
    pub fn observe(&mut self, frame_ms: f32, quality: Quality) -> Option<Quality> {
        if !self.watching || quality != Quality::High {
            self.watching = false;
            return None;
        }
        self.frames.push(frame_ms);
        if self.frames.len() < WARM_UP + MEASURED {
            return None;
        }
        self.watching = false;
        let measured = &mut self.frames[WARM_UP..];
        measured.sort_by(f32::total_cmp);
        let median = measured[measured.len() / 2];
        let fps = 1000.0 / median.max(1e-3);
        if fps >= LEAST_FPS {
            return None;
        }
        log::info!(
            "quality high draws {fps:.1} frames a second on this software adapter, under \
             {LEAST_FPS}: stepping down to medium (--quality high keeps it)"
        );
        Some(Quality::Medium)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_software_adapter_steps_down_once_and_a_fast_one_does_not() {
        let mut slow = StepDown::new(true, false);
        let mut said = None;
        for _ in 0..WARM_UP + MEASURED {
            said = said.or(slow.observe(50.0, Quality::High));
        }
        assert_eq!(said, Some(Quality::Medium));
        assert_eq!(slow.observe(50.0, Quality::High), None, "once");
        let mut fast = StepDown::new(true, false);
        for _ in 0..WARM_UP + MEASURED + 5 {
            assert_eq!(fast.observe(16.0, Quality::High), None);
        }
        // Asked for on the command line, or on a GPU: never.
        for mut kept in [StepDown::new(true, true), StepDown::new(false, false)] {
            for _ in 0..WARM_UP + MEASURED + 5 {
                assert_eq!(kept.observe(90.0, Quality::High), None);
            }
        }
        // Warm-up frames are not counted: slow ones first, then fast.
        let mut warming = StepDown::new(true, false);
        for i in 0..WARM_UP + MEASURED {
            let ms = if i < WARM_UP { 500.0 } else { 20.0 };
            assert_eq!(warming.observe(ms, Quality::High), None);
        }
    }
}
