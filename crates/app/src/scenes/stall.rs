//! What background generation costs the render thread, frame by frame: the wall-clock time of
//! the render thread's generation work and the same in its own CPU time (wall clock also counts
//! time the thread spent descheduled), and whether the view has been complete since start-up.
//! Shared by the city and runner scenes.

use crate::stats::{Histogram, Stat};
use std::time::Instant;

/// One frame's measurement, started before the work.
pub struct StallTimer {
    start: Instant,
    cpu: Option<cpu_time::ThreadTime>,
}

impl StallTimer {
    /// Starts measuring on the calling thread.
    pub fn start() -> StallTimer {
        StallTimer {
            start: Instant::now(),
            cpu: cpu_time::ThreadTime::try_now().ok(),
        }
    }

    /// Wall-clock seconds since the start.
    pub fn elapsed_s(&self) -> f64 {
        self.start.elapsed().as_secs_f64()
    }
}

/// The render thread's generation work per frame.
#[derive(Clone, Debug, Default)]
pub struct StallStats {
    /// This frame's work, wall clock, ms.
    pub ms: f64,
    /// The largest so far, ms.
    pub max_ms: f64,
    /// Frames whose wall-clock stall exceeded 2 ms.
    pub frames_over_2ms: u64,
    /// This frame's work in the render thread's own CPU time, ms.
    pub cpu_ms: f64,
    /// The largest so far, ms.
    pub max_cpu_ms: f64,
    /// Frames whose stall in CPU time exceeded 2 ms.
    pub frames_over_2ms_cpu: u64,
    /// Frames measured.
    pub frames: u64,
    /// Every frame's wall-clock stall.
    wall: Histogram,
    /// Every frame's stall in CPU time.
    cpu: Histogram,
}

impl StallStats {
    /// Ends a frame's measurement.
    pub fn record(&mut self, timer: StallTimer) {
        self.ms = timer.elapsed_s() * 1e3;
        self.max_ms = self.max_ms.max(self.ms);
        self.frames += 1;
        self.frames_over_2ms += (self.ms > 2.0) as u64;
        self.wall.record(self.ms);
        if let Some(cpu) = timer.cpu.and_then(|t| t.try_elapsed().ok()) {
            self.cpu_ms = cpu.as_secs_f64() * 1e3;
            self.max_cpu_ms = self.max_cpu_ms.max(self.cpu_ms);
            self.frames_over_2ms_cpu += (self.cpu_ms > 2.0) as u64;
            self.cpu.record(self.cpu_ms);
        }
    }

    /// The figures in one sentence for the end of a run: the largest stall and the frames over
    /// 2 ms, in wall clock and in CPU time, and at most how many `pieces` (columns, rows) in
    /// view were missing once the view had been complete.
    pub fn describe(&self, view: &ViewFill, pieces: &str) -> String {
        format!(
            "render-thread stall max {:.2} ms, {} of {} frames over 2 ms (in its own CPU time: max {:.2} ms, {} frames over 2 ms); after the first full view, at most {} {pieces} in view not generated yet",
            self.max_ms,
            self.frames_over_2ms,
            self.frames,
            self.max_cpu_ms,
            self.frames_over_2ms_cpu,
            view.max_missing_after_fill
        )
    }

    /// Percentiles of the wall-clock stall over every frame measured.
    pub fn wall_stat(&self) -> Stat {
        self.wall.stat()
    }

    /// Percentiles of the stall in the render thread's CPU time.
    pub fn cpu_stat(&self) -> Stat {
        self.cpu.stat()
    }
}

/// Whether what should be in view has been generated.
#[derive(Clone, Copy, Debug, Default)]
pub struct ViewFill {
    /// Pieces (columns, rows) in view not arrived yet, this frame.
    pub missing: usize,
    /// Whether the view has been complete once (start-up is over).
    pub filled: bool,
    /// After start-up, the most pieces missing in one frame (0 is the goal: generation kept
    /// ahead).
    pub max_missing_after_fill: usize,
}

impl ViewFill {
    /// Records this frame's count of missing pieces.
    pub fn record(&mut self, missing: usize) {
        self.missing = missing;
        if self.filled {
            self.max_missing_after_fill = self.max_missing_after_fill.max(missing);
        }
        self.filled |= missing == 0;
    }
}
