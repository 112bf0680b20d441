//! The city scene's window: walk with WASD (or let it walk), look with the middle mouse button,
//! Space toggles auto-walk. An overlay shows the generator's counters and the render thread's
//! stall per frame.

use super::input::{Command, Input};
use super::scene_gpu::SceneGpu;
use super::widgets::FrameTimes;
use crate::city_scene::CityScene;
use crate::cli::RunArgs;
use anyhow::{Context, Result};
use horde_renderer::{BackendChoice, GpuRequest};
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::window::WindowId;

/// Opens the city window and runs until it is closed (or `--frames` frames were presented).
pub fn run(args: &RunArgs) -> Result<()> {
    let backend = BackendChoice::resolve(args.gpu.backend)?;
    let event_loop = EventLoop::new().context("cannot open a window (is a display available?)")?;
    let mut app = CityApp {
        scene: CityScene::new(args.seed)?,
        request: GpuRequest {
            backend,
            adapter_name: args.gpu.adapter.clone(),
            display: None,
        },
        gpu: None,
        input: Input::default(),
        frame_times: FrameTimes::default(),
        last_frame: Instant::now(),
        presented: 0,
        exit_after: args.frames,
        error: None,
    };
    event_loop
        .run_app(&mut app)
        .context("the event loop failed")?;
    if let Some(error) = app.error {
        return Err(error);
    }
    let s = app.scene.stats;
    eprintln!(
        "horde: presented {} frames; {} columns, {} backtracks, {} shown cells regenerated, render-thread stall max {:.2} ms, {} of {} frames over 2 ms (in its own CPU time: max {:.2} ms, {} frames over 2 ms); after the first full view, at most {} columns in view not generated yet",
        app.presented,
        s.columns,
        s.backtracks,
        s.regenerated_shown,
        s.stall.max_ms,
        s.stall.frames_over_2ms,
        s.stall.frames,
        s.stall.max_cpu_ms,
        s.stall.frames_over_2ms_cpu,
        s.view.max_missing_after_fill
    );
    Ok(())
}

struct CityApp {
    scene: CityScene,
    request: GpuRequest,
    gpu: Option<SceneGpu>,
    input: Input,
    frame_times: FrameTimes,
    last_frame: Instant,
    presented: u64,
    exit_after: Option<u64>,
    error: Option<anyhow::Error>,
}

impl CityApp {
    fn start(&mut self, event_loop: &ActiveEventLoop) -> Result<()> {
        let mut gpu = SceneGpu::open(event_loop, "Horde — city", &self.request)?;
        self.scene.attach(&mut gpu.renderer);
        self.gpu = Some(gpu);
        Ok(())
    }

    fn frame(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        let dt = (now - self.last_frame).as_secs_f32().min(0.25);
        self.last_frame = now;
        self.frame_times.push(dt * 1e3);
        let (forward, right) = self.input.pan_direction();
        self.scene.walk(forward, right, dt);
        let Some(gpu) = self.gpu.as_mut() else { return };
        self.scene.update(&mut gpu.renderer);
        let (scene, times) = (&mut self.scene, &self.frame_times);
        let window = gpu.window.clone();
        let ui = gpu.overlay.run(&gpu.ctx, &window, |ui| {
            egui::Area::new(egui::Id::unique("city stats"))
                .fixed_pos(egui::pos2(10.0, 10.0))
                .show(ui.ctx(), |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        let s = scene.stats;
                        ui.label(format!(
                            "{:.0} FPS   {} columns   {} instances   {} in view not generated yet",
                            times.fps(),
                            s.columns,
                            s.instances,
                            s.view.missing
                        ));
                        ui.label(format!(
                            "stall {:.2} ms (max {:.2}; CPU {:.2}, max {:.2})   backtracks {}   regenerated shown {}",
                            s.stall.ms,
                            s.stall.max_ms,
                            s.stall.cpu_ms,
                            s.stall.max_cpu_ms,
                            s.backtracks,
                            s.regenerated_shown
                        ));
                        ui.checkbox(&mut scene.auto_walk, "auto-walk (Space)");
                        ui.small("WASD walk · middle-drag look · Esc quit");
                    });
                });
        });
        let params = self.scene.frame_params(gpu.aspect());
        if !gpu.present(&params, &ui, "city frame") {
            return;
        }
        self.presented += 1;
        if self.exit_after.is_some_and(|n| self.presented >= n) {
            event_loop.exit();
        }
    }
}

impl ApplicationHandler for CityApp {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.gpu.is_none()
            && let Err(e) = self.start(event_loop)
        {
            self.error = Some(e);
            event_loop.exit();
        }
        self.last_frame = Instant::now();
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let Some(gpu) = self.gpu.as_mut() else { return };
        let consumed = gpu.overlay.on_window_event(&gpu.window, &event);
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => gpu.target.resize(&gpu.ctx, (size.width, size.height)),
            WindowEvent::Focused(false) => self.input.release_all(),
            WindowEvent::RedrawRequested => self.frame(event_loop),
            WindowEvent::KeyboardInput { event, .. } if !consumed => {
                match self
                    .input
                    .key(event.physical_key, event.state, event.repeat)
                {
                    Some(Command::TogglePause) => self.scene.auto_walk = !self.scene.auto_walk,
                    Some(Command::Quit) => event_loop.exit(),
                    _ => {}
                }
            }
            WindowEvent::CursorMoved { position, .. } => {
                let delta = self
                    .input
                    .moved(glam::Vec2::new(position.x as f32, position.y as f32));
                if self.input.orbiting {
                    self.scene.yaw += delta.x * 0.005;
                    self.scene.pitch = (self.scene.pitch - delta.y * 0.005).clamp(-1.4, 1.4);
                }
            }
            WindowEvent::MouseInput { state, button, .. } => {
                let _ = self.input.button(button, state);
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        if let Some(gpu) = &self.gpu
            && gpu.target.size() != (0, 0)
        {
            gpu.window.request_redraw();
        }
    }
}
