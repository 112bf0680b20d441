//! The GPU's own time for the frame's passes, where the adapter has timestamp queries.

use crate::context::GpuContext;

/// GPU time of the scene pass and the shadow pass, from the passes' timestamps through
/// `wgpu-profiler`, read back a frame or more later without ever waiting (the profiler keeps
/// a few frames in flight and drops one rather than stall).
pub(crate) struct GpuTimer {
    /// The profiler the passes' queries come from.
    pub profiler: wgpu_profiler::GpuProfiler,
    period_ns: f32,
    /// The scene pass's latest time, milliseconds.
    pub latest_ms: Option<f64>,
    /// The shadow pass's latest time, milliseconds (none where no shadows were drawn).
    pub latest_shadow_ms: Option<f64>,
}

impl std::fmt::Debug for GpuTimer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GpuTimer")
            .field("period_ns", &self.period_ns)
            .field("latest_ms", &self.latest_ms)
            .finish_non_exhaustive()
    }
}

impl GpuTimer {
    /// A timer for `ctx`, or `None` where the profiler cannot be set up.
    pub fn new(ctx: &GpuContext) -> Option<GpuTimer> {
        let settings = wgpu_profiler::GpuProfilerSettings {
            enable_timer_queries: true,
            enable_debug_groups: false,
            max_num_pending_frames: 3,
        };
        match wgpu_profiler::GpuProfiler::new(&ctx.device, settings) {
            Ok(profiler) => Some(GpuTimer {
                profiler,
                period_ns: ctx.queue.get_timestamp_period(),
                latest_ms: None,
                latest_shadow_ms: None,
            }),
            Err(error) => {
                log::warn!("no GPU timing: {error}");
                None
            }
        }
    }

    /// Takes the newest finished frame's pass times, if one has come back.
    pub fn collect(&mut self) {
        let Some(results) = self.profiler.process_finished_frame(self.period_ns) else {
            return;
        };
        let time_of = |label: &str| {
            let result = results.iter().find(|r| r.label == label)?;
            let time = result.time.clone()?;
            Some((time.end - time.start) * 1e3)
        };
        self.latest_ms = time_of("scene").or(self.latest_ms);
        self.latest_shadow_ms = time_of("shadow");
    }
}
