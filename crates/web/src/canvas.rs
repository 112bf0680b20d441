//! The canvas the page draws on (wasm32 only): made to fill the window, the GPU found for it
//! (WebGPU where the browser gives an adapter, else WebGL2), the surface and the renderer, and
//! one frame drawn and presented.

use crate::browser::js;
use crate::report::backend_name;
use horde_renderer::{Acquired, FrameParams, GpuContext, Renderer, RendererConfig, SurfaceTarget};
use wasm_bindgen::JsCast;

/// The id of the page's canvas.
pub const CANVAS_ID: &str = "horde";

/// The canvas, its GPU and its renderer.
pub struct Canvas {
    /// The GPU.
    pub ctx: GpuContext,
    /// The canvas's surface.
    pub target: SurfaceTarget,
    /// The renderer drawing into it.
    pub renderer: Renderer,
}

impl Canvas {
    /// Puts a canvas filling the window on the page and finds the GPU for it.
    pub async fn open() -> Result<Canvas, String> {
        let window = web_sys::window().ok_or("no window")?;
        let document = window.document().ok_or("no document")?;
        let body = document.body().ok_or("no body")?;
        let canvas: web_sys::HtmlCanvasElement = document
            .create_element("canvas")
            .map_err(js)?
            .dyn_into()
            .map_err(|_| "a canvas that is no canvas")?;
        let ratio = window.device_pixel_ratio().max(1.0);
        let size = |value: Result<wasm_bindgen::JsValue, _>, or: f64| {
            let css = value.ok().and_then(|v| v.as_f64()).unwrap_or(or);
            ((css * ratio) as u32).clamp(64, 4096)
        };
        let (width, height) = (
            size(window.inner_width(), 1280.0),
            size(window.inner_height(), 720.0),
        );
        canvas.set_width(width);
        canvas.set_height(height);
        canvas.set_id(CANVAS_ID);
        body.append_child(&canvas).map_err(js)?;
        crate::browser::console("finding the GPU");
        let (ctx, surface) = GpuContext::for_canvas(canvas)
            .await
            .map_err(|e| format!("no graphics in this browser: {e}"))?;
        let target = SurfaceTarget::new(&ctx, surface, (width, height), 1, true)
            .ok_or("the canvas cannot be drawn on")?;
        let config = RendererConfig {
            color_format: target.format(),
            samples: target.samples(),
        };
        let renderer = Renderer::new(&ctx, config);
        Ok(Canvas {
            ctx,
            target,
            renderer,
        })
    }

    /// The backend drawing, as the page names it (`webgpu` or `webgl2`).
    pub fn backend(&self) -> &'static str {
        backend_name(&format!("{:?}", self.ctx.info.backend))
    }

    /// Width over height of the picture.
    pub fn aspect(&self) -> f32 {
        let (width, height) = self.target.size();
        width as f32 / height.max(1) as f32
    }

    /// Draws the renderer's batches as `params` sees them and presents the picture (nothing
    /// where the browser gives no frame now).
    pub fn draw(&mut self, params: &FrameParams) {
        let frame = match self.target.acquire(&self.ctx) {
            Acquired::Frame(frame) => frame,
            Acquired::Skip | Acquired::Lost => return,
        };
        let Some(attachments) = self.target.attachments() else {
            return;
        };
        let view = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let mut encoder = self
            .ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        self.renderer
            .render(&self.ctx, &mut encoder, &view, attachments, params);
        self.ctx.queue.submit([encoder.finish()]);
        self.renderer.after_submit();
        self.ctx.queue.present(frame);
    }
}
