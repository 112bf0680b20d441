//! What the renderer's GPU tests share: a context on a backend, or a visible skip where the
//! machine has no adapter and `HORDE_REQUIRE_GPU` is unset; a renderer for offscreen pictures;
//! the scene seen from above (`above.rs`) and the colour maths of `high` (`tone.rs`).
#![allow(dead_code)] // each test file uses part of it

pub mod above;
pub mod tone;

use horde_renderer::{
    BackendChoice, GpuContext, GpuRequest, OFFSCREEN_FORMAT, Quality, Renderer, RendererConfig,
};

/// A context on `backend`, or `None` (said on stderr) where it has no adapter and
/// `HORDE_REQUIRE_GPU` is unset.
pub fn context(backend: BackendChoice) -> Option<GpuContext> {
    match GpuContext::headless(GpuRequest {
        backend,
        ..GpuRequest::default()
    }) {
        Ok(ctx) => Some(ctx),
        Err(e) if std::env::var_os("HORDE_REQUIRE_GPU").is_some() => {
            panic!("HORDE_REQUIRE_GPU is set but {backend} has no adapter: {e}")
        }
        Err(e) => {
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "SKIPPED (HORDE_REQUIRE_GPU unset): no {backend} adapter ({e})"
            );
            None
        }
    }
}

/// A renderer for single-sampled offscreen pictures, drawing at `quality`.
pub fn renderer(ctx: &GpuContext, quality: Quality) -> Renderer {
    let mut renderer = Renderer::new(
        ctx,
        RendererConfig {
            color_format: OFFSCREEN_FORMAT,
            samples: 1,
        },
    );
    renderer.set_quality(ctx, quality);
    renderer
}
