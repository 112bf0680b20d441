//! GPU set-up shared by the commands that draw: `horde adapters` and the headless renderer
//! used by `horde screenshot` and the image tests.

use anyhow::Result;
use horde_renderer::backend::list_adapters;
use horde_renderer::target::{OFFSCREEN_FORMAT, supported_samples};
use horde_renderer::{
    BackendChoice, GpuContext, GpuRequest, OffscreenTarget, Renderer, RendererConfig,
};

use crate::cli::GpuFlags;

/// `horde adapters`: one line per adapter.
pub fn print_adapters() -> Result<()> {
    let adapters = list_adapters(wgpu::Backends::all());
    if adapters.is_empty() {
        println!("no adapters found");
    }
    for adapter in adapters {
        println!("{adapter}");
    }
    Ok(())
}

/// A headless context, renderer and offscreen target of `size`.
pub struct Offscreen {
    /// The GPU.
    pub ctx: GpuContext,
    /// The renderer, set up for the target.
    pub renderer: Renderer,
    /// The image.
    pub target: OffscreenTarget,
}

impl Offscreen {
    /// Sets up offscreen rendering on the backend and adapter the flags name (MSAA 4× where
    /// supported).
    pub fn new(gpu: &GpuFlags, size: (u32, u32)) -> Result<Offscreen> {
        Offscreen::with_samples(gpu, size, 4)
    }

    /// The same with at most `samples` MSAA samples (1 for none).
    pub fn with_samples(
        gpu: &GpuFlags,
        (width, height): (u32, u32),
        samples: u32,
    ) -> Result<Offscreen> {
        let backend = BackendChoice::resolve(gpu.backend)?;
        let ctx = GpuContext::headless(GpuRequest {
            backend,
            adapter_name: gpu.adapter.clone(),
            display: None,
        })?;
        let samples = supported_samples(&ctx, OFFSCREEN_FORMAT, samples);
        let renderer = Renderer::new(
            &ctx,
            RendererConfig {
                color_format: OFFSCREEN_FORMAT,
                samples,
            },
        );
        let target = OffscreenTarget::new(&ctx, width, height, samples);
        Ok(Offscreen {
            ctx,
            renderer,
            target,
        })
    }
}
