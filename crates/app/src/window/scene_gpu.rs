//! What the city and runner windows share: the window with its GPU context, surface, renderer
//! and overlay, opened in one call, and one frame presented (scene, then overlay) in another.

use super::overlay::{Overlay, OverlayFrame};
use anyhow::{Context, Result};
use horde_renderer::target::{Acquired, SurfaceTarget};
use horde_renderer::{FrameParams, GpuContext, GpuRequest, Renderer, RendererConfig};
use std::sync::Arc;
use winit::event_loop::ActiveEventLoop;
use winit::window::Window;

/// A scene's window and everything that draws into it.
pub struct SceneGpu {
    /// The window.
    pub window: Arc<Window>,
    /// Device and queue.
    pub ctx: GpuContext,
    /// The window's surface, with depth and MSAA attachments.
    pub target: SurfaceTarget,
    /// The instanced renderer.
    pub renderer: Renderer,
    /// The egui overlay.
    pub overlay: Overlay,
}

impl SceneGpu {
    /// Opens a 1280×720 window titled `title` and sets up drawing into it with the backend and
    /// adapter of `request`.
    pub fn open(
        event_loop: &ActiveEventLoop,
        title: &str,
        request: &GpuRequest,
    ) -> Result<SceneGpu> {
        let attributes = Window::default_attributes()
            .with_title(title)
            .with_inner_size(winit::dpi::PhysicalSize::new(1280, 720));
        let window = Arc::new(event_loop.create_window(attributes)?);
        let request = GpuRequest {
            backend: request.backend,
            adapter_name: request.adapter_name.clone(),
            display: Some(Box::new(event_loop.owned_display_handle())),
        };
        let (ctx, surface) = GpuContext::with_surface(request, window.clone())?;
        let size = window.inner_size();
        let target = SurfaceTarget::new(&ctx, surface, (size.width, size.height), 4, true)
            .context("the adapter cannot present to this window")?;
        let renderer = Renderer::new(
            &ctx,
            RendererConfig {
                color_format: target.format(),
                samples: target.samples(),
            },
        );
        let overlay = Overlay::new(&window, &ctx, target.overlay_format());
        log::info!("rendering with {}", ctx.summary());
        window.request_redraw();
        Ok(SceneGpu {
            window,
            ctx,
            target,
            renderer,
            overlay,
        })
    }

    /// Draws the scene with `params` and the overlay's `ui` on top, and presents. Returns
    /// whether a frame was presented (not when the window is minimised, or the surface was
    /// outdated or lost; a lost surface is recreated for the next frame).
    pub fn present(&mut self, params: &FrameParams, ui: &OverlayFrame, label: &str) -> bool {
        let (w, h) = self.target.size();
        if w == 0 || h == 0 {
            return false;
        }
        let frame = match self.target.acquire(&self.ctx) {
            Acquired::Frame(frame) => frame,
            Acquired::Skip => return false,
            Acquired::Lost => {
                if let Ok(surface) = self.ctx.instance.create_surface(self.window.clone()) {
                    self.target.replace_surface(&self.ctx, surface);
                }
                return false;
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
            .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(label) });
        let Some(attachments) = self.target.attachments() else {
            return false;
        };
        self.renderer
            .render(&self.ctx, &mut encoder, &view, attachments, params);
        let extra = self
            .overlay
            .paint(&self.ctx, &mut encoder, &overlay_view, (w, h), ui);
        self.ctx
            .queue
            .submit(extra.into_iter().chain([encoder.finish()]));
        self.renderer.after_submit();
        self.overlay.after_submit();
        self.window.pre_present_notify();
        self.ctx.queue.present(frame);
        true
    }

    /// Width over height of the surface (1 while minimised).
    pub fn aspect(&self) -> f32 {
        let (w, h) = self.target.size();
        if w == 0 || h == 0 {
            1.0
        } else {
            w as f32 / h as f32
        }
    }
}
