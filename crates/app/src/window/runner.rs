//! The runner scene's window: Space starts and restarts, W or Up jumps, S or Down (held)
//! crouches, P hands the run to the autopilot and back, Esc quits. A HUD shows the score, the
//! speed, the scenery slice, and the render thread's scenery stall per frame.

use super::scene_gpu::SceneGpu;
use super::widgets::FrameTimes;
use crate::cli::RunArgs;
use crate::runner_scene::RunnerScene;
use anyhow::{Context, Result};
use horde_core_sim::runner::RunState;
use horde_renderer::{BackendChoice, GpuRequest};
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::{ElementState, WindowEvent};
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::WindowId;

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
        s.stall.max_ms,
        s.stall.frames_over_2ms,
        s.stall.frames,
        s.stall.max_cpu_ms,
        s.stall.frames_over_2ms_cpu,
        s.view.max_missing_after_fill
    );
    Ok(())
}

struct RunnerApp {
    scene: RunnerScene,
    request: GpuRequest,
    gpu: Option<SceneGpu>,
    frame_times: FrameTimes,
    last_frame: Instant,
    presented: u64,
    exit_after: Option<u64>,
    error: Option<anyhow::Error>,
}

impl RunnerApp {
    fn start(&mut self, event_loop: &ActiveEventLoop) -> Result<()> {
        let mut gpu = SceneGpu::open(event_loop, "Horde — runner", &self.request)?;
        self.scene.attach(&mut gpu.renderer);
        self.gpu = Some(gpu);
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
                            s.stall.ms, s.stall.max_ms, s.stall.cpu_ms, s.stall.max_cpu_ms
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
        let params = self.scene.frame_params(gpu.aspect());
        if !gpu.present(&params, &ui, "runner frame") {
            return;
        }
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
