//! The runner scene's window: Space starts and restarts, W or Up jumps, S or Down (held)
//! crouches, P hands the run to the autopilot and back, Esc quits. A HUD shows the score, the
//! speed, the scenery slice, and the render thread's scenery stall per frame.

use super::overlay::Overlay;
use super::widgets::FrameTimes;
use crate::cli::RunArgs;
use crate::runner_scene::RunnerScene;
use anyhow::{Context, Result};
use horde_core_sim::runner::RunState;
use horde_renderer::target::{Acquired, SurfaceTarget};
use horde_renderer::{BackendChoice, GpuContext, GpuRequest, Renderer, RendererConfig};
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::{ElementState, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{Window, WindowId};

/// Opens the runner window and runs until it is closed (or `--frames` frames were presented).
pub fn run(args: &RunArgs) -> Result<()> {
    let backend = BackendChoice::resolve(args.gpu.backend)?;
    let event_loop = EventLoop::new().context("cannot open a window (is a display available?)")?;
    let settings = crate::runner_command::load_settings(None)?;
    let mut app = RunnerApp {
        scene: RunnerScene::new(settings, args.seed, args.autoplay)?,
        request: GpuRequest {
            backend,
            adapter_name: args.gpu.adapter.clone(),
            display: None,
        },
        gpu: None,
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
    let runner = &app.scene.runner;
    eprintln!(
        "horde: presented {} frames; runner {:?}, score {:.0}, distance {:.1}, {} runs, {} sections recycled in a pool of {}; scenery: {} rows, render-thread stall max {:.2} ms, {} of {} frames over 2 ms (in its own CPU time: max {:.2} ms, {} frames over 2 ms); after the first full view, at most {} rows in view not generated yet",
        app.presented,
        runner.state(),
        runner.score(),
        runner.distance(),
        runner.runs(),
        runner.sections_recycled(),
        runner.sections().len(),
        s.rows,
        s.max_stall_ms,
        s.frames_over_2ms,
        s.frames,
        s.max_stall_cpu_ms,
        s.frames_over_2ms_cpu,
        s.max_missing_after_fill
    );
    Ok(())
}

struct RunnerGpu {
    window: Arc<Window>,
    ctx: GpuContext,
    target: SurfaceTarget,
    renderer: Renderer,
    overlay: Overlay,
}

struct RunnerApp {
    scene: RunnerScene,
    request: GpuRequest,
    gpu: Option<RunnerGpu>,
    frame_times: FrameTimes,
    last_frame: Instant,
    presented: u64,
    exit_after: Option<u64>,
    error: Option<anyhow::Error>,
}

impl RunnerApp {
    fn start(&mut self, event_loop: &ActiveEventLoop) -> Result<()> {
        let attributes = Window::default_attributes()
            .with_title("Horde — runner")
            .with_inner_size(winit::dpi::PhysicalSize::new(1280, 720));
        let window = Arc::new(event_loop.create_window(attributes)?);
        let request = GpuRequest {
            backend: self.request.backend,
            adapter_name: self.request.adapter_name.clone(),
            display: Some(Box::new(event_loop.owned_display_handle())),
        };
        let (ctx, surface) = GpuContext::with_surface(request, window.clone())?;
        let size = window.inner_size();
        let target = SurfaceTarget::new(&ctx, surface, (size.width, size.height), 4, true)
            .context("the adapter cannot present to this window")?;
        let mut renderer = Renderer::new(
            &ctx,
            RendererConfig {
                color_format: target.format(),
                samples: target.samples(),
            },
        );
        self.scene.attach(&mut renderer);
        let overlay = Overlay::new(&window, &ctx, target.overlay_format());
        log::info!("rendering with {}", ctx.summary());
        window.request_redraw();
        self.gpu = Some(RunnerGpu {
            window,
            ctx,
            target,
            renderer,
            overlay,
        });
        Ok(())
    }

    fn frame(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        let dt = (now - self.last_frame).as_secs_f32().min(0.25);
        self.last_frame = now;
        self.frame_times.push(dt * 1e3);
        self.scene.advance(dt as f64);
        let Some(gpu) = self.gpu.as_mut() else { return };
        self.scene.update(&mut gpu.renderer);
        let (w, h) = gpu.target.size();
        if w == 0 || h == 0 {
            return;
        }
        let (scene, times) = (&mut self.scene, &self.frame_times);
        let window = gpu.window.clone();
        let ui = gpu.overlay.run(&gpu.ctx, &window, |ui| {
            let slice = scene.slice_name().to_string();
            let stats = scene.stats;
            let (runner, autopilot) = (&scene.runner, &mut scene.autopilot);
            egui::Area::new(egui::Id::unique("runner hud"))
                .fixed_pos(egui::pos2(10.0, 10.0))
                .show(ui.ctx(), |ui| {
                    egui::Frame::popup(ui.style()).show(ui, |ui| {
                        ui.heading(format!("Score: {:.0}", runner.score()));
                        ui.label(format!(
                            "speed {:.1}   distance {:.0}   slice: {}",
                            runner.speed(),
                            runner.distance(),
                            slice
                        ));
                        let s = stats;
                        ui.label(format!(
                            "{:.0} FPS   {} scenery rows, {} boxes   recycled {} (pool {})",
                            times.fps(),
                            s.rows,
                            s.scenery_instances,
                            runner.sections_recycled(),
                            runner.sections().len()
                        ));
                        ui.label(format!(
                            "scenery stall {:.2} ms (max {:.2}; CPU {:.2}, max {:.2})",
                            s.stall_ms, s.max_stall_ms, s.stall_cpu_ms, s.max_stall_cpu_ms
                        ));
                        ui.checkbox(autopilot, "autopilot (P)");
                        ui.small("Space start/restart · W/Up jump · S/Down crouch · Esc quit");
                    });
                });
            let message = match runner.state() {
                RunState::Ready => Some("Press Space to start".to_string()),
                RunState::GameOver => Some(format!(
                    "Game over\nYour score is {:.0}\nPress Space to restart",
                    runner.score()
                )),
                RunState::Running => None,
            };
            if let Some(message) = message {
                egui::Area::new(egui::Id::unique("runner message"))
                    .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, -60.0))
                    .show(ui.ctx(), |ui| {
                        egui::Frame::popup(ui.style()).show(ui, |ui| {
                            ui.label(
                                egui::RichText::new(message)
                                    .size(28.0)
                                    .color(egui::Color32::from_rgb(220, 40, 40)),
                            );
                        });
                    });
            }
        });
        let frame = match gpu.target.acquire(&gpu.ctx) {
            Acquired::Frame(frame) => frame,
            Acquired::Skip => return,
            Acquired::Lost => {
                if let Ok(surface) = gpu.ctx.instance.create_surface(gpu.window.clone()) {
                    gpu.target.replace_surface(&gpu.ctx, surface);
                }
                return;
            }
        };
        let view = frame
            .texture
            .create_view(&wgpu::TextureViewDescriptor::default());
        let overlay_view = frame.texture.create_view(&wgpu::TextureViewDescriptor {
            format: Some(gpu.target.overlay_format()),
            ..Default::default()
        });
        let mut encoder = gpu
            .ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("runner frame"),
            });
        let Some(attachments) = gpu.target.attachments() else {
            return;
        };
        let params = self.scene.frame_params(w as f32 / h as f32);
        gpu.renderer
            .render(&gpu.ctx, &mut encoder, &view, attachments, &params);
        let extra = gpu
            .overlay
            .paint(&gpu.ctx, &mut encoder, &overlay_view, (w, h), &ui);
        gpu.ctx
            .queue
            .submit(extra.into_iter().chain([encoder.finish()]));
        gpu.renderer.after_submit();
        gpu.overlay.after_submit();
        gpu.window.pre_present_notify();
        gpu.ctx.queue.present(frame);
        self.presented += 1;
        if self.exit_after.is_some_and(|n| self.presented >= n) {
            event_loop.exit();
        }
    }
}

impl ApplicationHandler for RunnerApp {
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
            WindowEvent::Focused(false) => self.scene.crouch_held = false,
            WindowEvent::RedrawRequested => self.frame(event_loop),
            WindowEvent::KeyboardInput { event, .. } if !consumed => {
                let pressed = event.state == ElementState::Pressed;
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                match code {
                    KeyCode::Space if pressed && !event.repeat => self.scene.press_start(),
                    KeyCode::KeyW | KeyCode::ArrowUp if pressed && !event.repeat => {
                        self.scene.press_jump()
                    }
                    KeyCode::KeyS | KeyCode::ArrowDown => self.scene.crouch_held = pressed,
                    KeyCode::KeyP if pressed && !event.repeat => {
                        self.scene.autopilot = !self.scene.autopilot
                    }
                    KeyCode::Escape if pressed => event_loop.exit(),
                    _ => {}
                }
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
