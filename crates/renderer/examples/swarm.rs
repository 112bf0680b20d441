//! A swarm of cubes placed by your own model matrices, drawn with one instanced draw call:
//! `cargo run -p horde-renderer --example swarm -- [--count N] [--out swarm.png]` animates it
//! in a window, or with `--out` draws one frame into a PNG offscreen, with no window at all.

use glam::camera::rh::{proj::directx::perspective, view::look_at_mat4};
use glam::{Mat4, Quat, Vec3};
use horde_renderer::{
    Acquired, BatchId, FrameCounters, FrameParams, GpuContext, GpuRequest, Instance, MeshKind,
    OFFSCREEN_FORMAT, OffscreenTarget, Renderer, RendererConfig, SurfaceTarget,
};
use std::{error::Error, sync::Arc, time::Instant};
use winit::application::ApplicationHandler;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::window::{Window, WindowId};

/// `count` cubes at `t` seconds: a sunflower spiral on the ground, each cube spinning and
/// bobbing, coloured by its angle. These matrices are the caller's; the renderer only draws.
pub fn swarm(count: usize, t: f32) -> Vec<Instance> {
    (0..count)
        .map(|i| {
            let (r, a) = (0.9 * (i as f32).sqrt(), i as f32 * 2.399_963);
            let bob = 0.3 + 0.25 * (2.0 * t + 0.3 * r).sin();
            let at = Vec3::new(r * a.cos(), bob, r * a.sin());
            let spin = Quat::from_rotation_y(t + a) * Quat::from_rotation_x(0.4);
            let model = Mat4::from_scale_rotation_translation(Vec3::splat(0.6), spin, at);
            let c = |phase: f32| (150.0 + 100.0 * (a + phase).cos()) as u8;
            Instance::new(model, [c(0.0), c(2.1), c(4.2), 255])
        })
        .collect()
}

/// A camera above the swarm's edge looking at its centre, for a picture `aspect` wide.
pub fn camera(count: usize, aspect: f32) -> FrameParams {
    let reach = 0.9 * (count.max(1) as f32).sqrt() + 4.0;
    let eye = Vec3::new(0.0, 1.2 * reach, 1.6 * reach);
    FrameParams::new(
        look_at_mat4(eye, Vec3::ZERO, Vec3::Y),
        perspective(0.8, aspect, 0.1, 10.0 * reach),
        Vec3::new(0.3, 1.0, 0.5), // towards the light
        0.35,                     // ambient share
        [0.08, 0.08, 0.1, 1.0],   // background
    )
}

/// `count` cubes at `t` seconds drawn offscreen: the RGBA8 pixels, top row first, and counters.
pub fn draw_offscreen(
    ctx: &GpuContext,
    count: usize,
    t: f32,
    (width, height): (u32, u32),
) -> Result<(Vec<u8>, FrameCounters), Box<dyn Error>> {
    let config = RendererConfig {
        color_format: OFFSCREEN_FORMAT,
        samples: 1,
    };
    let mut renderer = Renderer::new(ctx, config);
    let cubes = renderer.add_batch(MeshKind::Cube, "swarm");
    renderer.set_instances(cubes, &swarm(count, t));
    let target = OffscreenTarget::new(ctx, width, height, 1);
    let counters =
        renderer.render_offscreen(ctx, &target, &camera(count, width as f32 / height as f32));
    Ok((target.read_rgba(ctx)?, counters))
}

/// The window and its GPU side, made once the event loop runs.
struct Shown(Arc<Window>, GpuContext, SurfaceTarget, Renderer, BatchId);

/// The swarm animated in a window until it is closed.
struct App(usize, Instant, Option<Shown>, Option<Box<dyn Error>>);

fn open(event_loop: &ActiveEventLoop) -> Result<Shown, Box<dyn Error>> {
    let window = Arc::new(event_loop.create_window(Window::default_attributes())?);
    let request = GpuRequest {
        display: Some(Box::new(event_loop.owned_display_handle())),
        ..Default::default()
    };
    let (ctx, surface) = GpuContext::with_surface(request, window.clone())?;
    let size = (window.inner_size().width, window.inner_size().height);
    let target = SurfaceTarget::new(&ctx, surface, size, 4, true).ok_or("cannot present")?;
    let config = RendererConfig {
        color_format: target.format(),
        samples: target.samples(),
    };
    let mut renderer = Renderer::new(&ctx, config);
    let cubes = renderer.add_batch(MeshKind::Cube, "swarm");
    Ok(Shown(window, ctx, target, renderer, cubes))
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        match self.2.is_none().then(|| open(event_loop)) {
            Some(Ok(shown)) => self.2 = Some(shown),
            Some(Err(e)) => (self.3, _) = (Some(e), event_loop.exit()),
            None => {}
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        let Some(Shown(window, ctx, target, renderer, cubes)) = &mut self.2 else {
            return;
        };
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => target.resize(ctx, (size.width, size.height)),
            WindowEvent::RedrawRequested => {
                let ((width, height), frame) = (target.size(), target.acquire(ctx));
                if let (Acquired::Frame(frame), Some(attachments)) = (frame, target.attachments()) {
                    // Each frame the caller moves its cubes, and the batch is uploaded again.
                    renderer.set_instances(*cubes, &swarm(self.0, self.1.elapsed().as_secs_f32()));
                    let view = frame.texture.create_view(&Default::default());
                    let mut encoder = ctx.device.create_command_encoder(&Default::default());
                    let params = camera(self.0, width as f32 / height.max(1) as f32);
                    renderer.render(ctx, &mut encoder, &view, attachments, &params);
                    ctx.queue.submit([encoder.finish()]);
                    renderer.after_submit();
                    window.pre_present_notify();
                    ctx.queue.present(frame);
                }
                window.request_redraw();
            }
            _ => {}
        }
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let (mut count, mut out, mut args) = (4096, None, std::env::args().skip(1));
    while let Some(arg) = args.next() {
        let value = args.next().ok_or(format!("{arg} takes a value"))?;
        match arg.as_str() {
            "--count" => count = value.parse().map_err(|e| format!("--count {value}: {e}"))?,
            "--out" => out = Some(value),
            _ => return Err(format!("unknown flag {arg}: try --count N, --out x.png").into()),
        }
    }
    let Some(out) = out else {
        let mut app = App(count, Instant::now(), None, None);
        EventLoop::new()?.run_app(&mut app)?;
        return app.3.map_or(Ok(()), Err);
    };
    let ctx = GpuContext::headless(GpuRequest::default())?;
    let (width, height) = (960, 540);
    let (rgba, counters) = draw_offscreen(&ctx, count, 1.0, (width, height))?;
    image::save_buffer(&out, &rgba, width, height, image::ExtendedColorType::Rgba8)?;
    let (calls, gpu) = (counters.draw_calls, ctx.summary());
    println!("{out}: {count} cubes, {calls} draw call, {width}x{height}, {gpu}");
    Ok(())
}
