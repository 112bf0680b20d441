//! What a frame cost.

/// Figures for one rendered frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameCounters {
    /// Draw calls issued in the scene pass (one per non-empty batch, and the sky's at
    /// `high`).
    pub draw_calls: u32,
    /// Draw calls issued in the shadow pass (one per opaque non-empty batch where the sun
    /// casts shadows, else none).
    pub shadow_draw_calls: u32,
    /// Instances drawn, all batches together.
    pub instances: u64,
    /// Bytes handed to the GPU this frame (instance data and uniforms).
    pub bytes_uploaded: u64,
    /// CPU time spent encoding and submitting the frame, milliseconds.
    pub cpu_ms: f64,
    /// GPU time of the scene pass, milliseconds, where timestamp queries exist. This is the
    /// latest available measurement (usually from a frame or two earlier).
    pub gpu_ms: Option<f64>,
    /// GPU time of the shadow pass, milliseconds, where timestamp queries exist and the sun
    /// casts shadows (as late as `gpu_ms`).
    pub gpu_shadow_ms: Option<f64>,
}
