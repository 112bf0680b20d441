//! Everything that draws into the window, tied to one GPU context: device and queue, the
//! window's surface with its depth and MSAA attachments, the instanced renderer and the egui
//! overlay. Rebuilt whole when the backend changes; presenting a frame is one call.

use super::overlay::{Overlay, OverlayFrame};
use anyhow::{Context, Result};
use horde_renderer::{Acquired, SurfaceTarget};
use horde_renderer::{
    FrameCounters, FrameParams, GpuContext, GpuRequest, Quality, Renderer, RendererConfig,
};
use std::sync::Arc;
use winit::event_loop::ActiveEventLoop;
use winit::window::Window;

/// How the window's GPU side is set up.
#[derive(Clone, Debug)]
pub struct GpuSettings {
    /// Backend and adapter name to ask for.
    pub request: (horde_renderer::BackendChoice, Option<String>),
    /// MSAA samples to ask for (fewer where the adapter cannot).
    pub msaa: u32,
    /// Wait for the display's refresh (off to measure frames as fast as they go).
    pub vsync: bool,
    /// How much of the light to draw ([`Quality::samples`] may raise `msaa`).
    pub quality: Quality,
    /// Whether the quality was asked for (`--quality`): else, on a slow software adapter, the
    /// window steps it down ([`super::light`]).
    pub quality_given: bool,
}

/// The window's GPU side.
pub struct WindowGpu {
    /// Device and queue.
    pub ctx: GpuContext,
    /// The window's surface, with depth and MSAA attachments.
    pub target: SurfaceTarget,
    /// The instanced renderer.
    pub renderer: Renderer,
    /// The egui overlay.
    pub overlay: Overlay,
}

/// The result of presenting one frame.
pub enum Presented {
    /// A frame was drawn and presented, with the renderer's counters.
    Frame(FrameCounters),
    /// Nothing was drawn: the window is minimised, or the surface was outdated or lost (a lost
    /// surface is recreated for the next frame).
    Skipped,
}

impl WindowGpu {
    /// Sets up drawing into `window` as `settings` ask.
    pub fn new(
        event_loop: &ActiveEventLoop,
        window: &Arc<Window>,
        settings: &GpuSettings,
    ) -> Result<WindowGpu> {
        let (backend, adapter_name) = settings.request.clone();
        let request = GpuRequest {
            backend,
            adapter_name,
            display: Some(Box::new(event_loop.owned_display_handle())),
        };
        let (ctx, surface) = GpuContext::with_surface(request, window.clone())?;
        let size = window.inner_size();
        let target = SurfaceTarget::new(
            &ctx,
            surface,
            (size.width, size.height),
            settings.quality.samples().unwrap_or(settings.msaa),
            settings.vsync,
        )
        .context("the adapter cannot present to this window")?;
        let mut renderer = Renderer::new(
            &ctx,
            RendererConfig {
                color_format: target.format(),
                samples: target.samples(),
            },
        );
        renderer.set_quality(&ctx, settings.quality);
        let overlay = Overlay::new(window, &ctx, target.overlay_format());
        log::info!(
            "rendering with {} at quality {}",
            ctx.summary(),
            settings.quality
        );
        Ok(WindowGpu {
            ctx,
            target,
            renderer,
            overlay,
        })
    }

    /// Whether the window has no area (minimised).
    pub fn minimised(&self) -> bool {
        let (w, h) = self.target.size();
        w == 0 || h == 0
    }

    /// Draws the renderer's batches with `params` and the overlay's `ui` on top, and presents.
    pub fn present(
        &mut self,
        window: &Arc<Window>,
        params: &FrameParams,
        ui: &OverlayFrame,
    ) -> Presented {
        let (w, h) = self.target.size();
        if w == 0 || h == 0 {
            return Presented::Skipped;
        }
        let frame = match self.target.acquire(&self.ctx) {
            Acquired::Frame(frame) => frame,
            Acquired::Skip => return Presented::Skipped,
            Acquired::Lost => {
                match self.ctx.instance.create_surface(window.clone()) {
                    Ok(surface) => self.target.replace_surface(&self.ctx, surface),
                    Err(e) => log::error!("cannot recreate the lost surface: {e}"),
                }
                return Presented::Skipped;
            }
        };
        let view = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let overlay_view = frame.texture.create_view(&wgpu::TextureViewDescriptor {
            format: Some(self.target.overlay_format()),
            ..Default::default()
        });
        let mut encoder = self
            .ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        let Some(attachments) = self.target.attachments() else {
            return Presented::Skipped;
        };
        let counters = self
            .renderer
            .render(&self.ctx, &mut encoder, &view, attachments, params);
        let extra = self
            .overlay
            .paint(&self.ctx, &mut encoder, &overlay_view, (w, h), ui);
        self.ctx
            .queue
            .submit(extra.into_iter().chain([encoder.finish()]));
        self.renderer.after_submit();
        self.overlay.after_submit();
        window.pre_present_notify();
        self.ctx.queue.present(frame);
        Presented::Frame(counters)
    }
}
