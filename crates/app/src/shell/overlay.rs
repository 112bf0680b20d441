//! The egui overlay of a window: input, the UI pass, texture bookkeeping, and painting on top
//! of the scene. The shell has one for its window, whatever the scene.

use horde_renderer::GpuContext;
use winit::window::Window;

/// egui state for one window and GPU context.
pub struct Overlay {
    ctx: egui::Context,
    state: egui_winit::State,
    renderer: egui_wgpu::Renderer,
    /// Textures egui no longer needs, freed once the next frame is submitted.
    pending_free: Vec<egui::TextureId>,
}

/// One run of the UI, ready to paint.
pub struct OverlayFrame {
    jobs: Vec<egui::ClippedPrimitive>,
    /// Physical pixels per egui point.
    pub pixels_per_point: f32,
}

impl Overlay {
    /// An overlay for `window`, drawing into views of `format` (non-sRGB where possible).
    pub fn new(window: &Window, gpu: &GpuContext, format: wgpu::TextureFormat) -> Overlay {
        let ctx = egui::Context::default();
        let state = egui_winit::State::new(
            ctx.clone(),
            egui::ViewportId::ROOT,
            window,
            Some(window.scale_factor() as f32),
            None,
            Some(gpu.device.limits().max_texture_dimension_2d as usize),
        );
        let renderer =
            egui_wgpu::Renderer::new(&gpu.device, format, egui_wgpu::RendererOptions::default());
        Overlay {
            ctx,
            state,
            renderer,
            pending_free: Vec::new(),
        }
    }

    /// Passes a window event to egui; returns whether egui consumed it.
    pub fn on_window_event(&mut self, window: &Window, event: &winit::event::WindowEvent) -> bool {
        self.state.on_window_event(window, event).consumed
    }

    /// Runs the UI. Texture changes are applied at once, even if the frame ends up not drawn.
    pub fn run(
        &mut self,
        gpu: &GpuContext,
        window: &Window,
        ui: impl FnMut(&mut egui::Ui),
    ) -> OverlayFrame {
        let raw_input = self.state.take_egui_input(window);
        let output = self.ctx.run_ui(raw_input, ui);
        self.state
            .handle_platform_output(window, output.platform_output);
        let pixels_per_point = output.pixels_per_point;
        let jobs = self.ctx.tessellate(output.shapes, pixels_per_point);
        let mut textures = output.textures_delta;
        for (id, deltas) in &textures.set {
            for delta in deltas {
                self.renderer
                    .update_texture(&gpu.device, &gpu.queue, *id, delta);
            }
        }
        self.pending_free.extend(textures.free.iter().copied());
        textures.clear();
        OverlayFrame {
            jobs,
            pixels_per_point,
        }
    }

    /// Records the overlay pass over `view` (`size` in pixels) into `encoder`; returns the
    /// command buffers to submit before it.
    pub fn paint(
        &mut self,
        gpu: &GpuContext,
        encoder: &mut wgpu::CommandEncoder,
        view: &wgpu::TextureView,
        (width, height): (u32, u32),
        frame: &OverlayFrame,
    ) -> Vec<wgpu::CommandBuffer> {
        let screen = egui_wgpu::ScreenDescriptor {
            size_in_pixels: [width, height],
            pixels_per_point: frame.pixels_per_point,
        };
        let extra =
            self.renderer
                .update_buffers(&gpu.device, &gpu.queue, encoder, &frame.jobs, &screen);
        let pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
            label: Some("overlay"),
            color_attachments: &[Some(wgpu::RenderPassColorAttachment {
                view,
                depth_slice: None,
                resolve_target: None,
                ops: wgpu::Operations {
                    load: wgpu::LoadOp::Load,
                    store: wgpu::StoreOp::Store,
                },
            })],
            depth_stencil_attachment: None,
            timestamp_writes: None,
            occlusion_query_set: None,
            multiview_mask: None,
        });
        let mut pass = pass.forget_lifetime();
        self.renderer.render(&mut pass, &frame.jobs, &screen);
        extra
    }

    /// Frees the textures egui let go of; call once the frame is submitted.
    pub fn after_submit(&mut self) {
        for id in self.pending_free.drain(..) {
            self.renderer.free_texture(&id);
        }
    }
}
