//! The shell's `ApplicationHandler`: window events in, frames out, for any [`Scene`].

use super::gpu::{GpuSettings, Presented, WindowGpu};
use super::light::StepDown;
use super::screenshot;
use crate::clock::FixedClock;
use crate::scenes::{FrameInfo, InputState, Requests, Scene, Tick, Viewport, input::wheel_steps};
use anyhow::Context;
use glam::Vec2;
use horde_renderer::FrameCounters;
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::{DeviceEvent, DeviceId, ElementState, WindowEvent};
use winit::event_loop::ActiveEventLoop;
use winit::keyboard::{KeyCode, PhysicalKey};
use winit::window::{CursorGrabMode, Window, WindowId};

/// Frame times kept for the overlay's graph and FPS.
const FRAME_TIMES_KEPT: usize = 240;

/// The window, its GPU side and the frame loop around one scene.
pub(super) struct ShellApp<'s, S: Scene + ?Sized> {
    pub(super) scene: &'s mut S,
    gpu_settings: GpuSettings,
    size: (u32, u32),
    exit_after: Option<u64>,
    window: Option<Arc<Window>>,
    gpu: Option<WindowGpu>,
    adapter: String,
    input: InputState,
    clock: FixedClock,
    requests: Requests,
    frame_times: egui::util::History<f32>,
    counters: FrameCounters,
    started: Instant,
    last_frame: Instant,
    /// Where the scene was last drawn, physical pixels.
    viewport: Viewport,
    pub(super) presented: u64,
    screenshots: u32,
    /// Whether to step the quality down on a slow software adapter.
    step_down: StepDown,
    pub(super) error: Option<anyhow::Error>,
}

impl<'s, S: Scene + ?Sized> ShellApp<'s, S> {
    pub(super) fn new(
        scene: &'s mut S,
        gpu_settings: GpuSettings,
        size: (u32, u32),
        exit_after: Option<u64>,
    ) -> ShellApp<'s, S> {
        ShellApp {
            scene,
            gpu_settings,
            size,
            exit_after,
            window: None,
            gpu: None,
            adapter: String::new(),
            input: InputState::default(),
            clock: FixedClock::default(),
            requests: Requests::default(),
            frame_times: egui::util::History::new(0..FRAME_TIMES_KEPT, f32::INFINITY),
            counters: FrameCounters::default(),
            started: Instant::now(),
            last_frame: Instant::now(),
            viewport: Viewport {
                x: 0.0,
                y: 0.0,
                width: 1.0,
                height: 1.0,
            },
            presented: 0,
            screenshots: 0,
            step_down: StepDown::default(),
            error: None,
        }
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: anyhow::Error) {
        self.error.get_or_insert(error);
        event_loop.exit();
    }

    /// Sets up the GPU side for the window and lets the scene create its batches.
    fn start_gpu(
        &mut self,
        event_loop: &ActiveEventLoop,
        window: &Arc<Window>,
    ) -> anyhow::Result<()> {
        let mut gpu = WindowGpu::new(event_loop, window, &self.gpu_settings)?;
        self.scene.attach(&mut gpu.renderer);
        let summary = gpu.ctx.summary();
        self.adapter = format!("{}: {}", summary.backend, summary.name);
        let software = gpu.ctx.info.device_type == wgpu::DeviceType::Cpu;
        self.step_down = StepDown::new(software, self.gpu_settings.quality_given);
        self.scene.gpu_ready(&summary);
        self.gpu = Some(gpu);
        Ok(())
    }

    /// One frame: time, input held, overlay, batches, draw, present, then the requests.
    fn frame(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        let frame_seconds = (now - self.last_frame).as_secs_f64();
        self.last_frame = now;
        self.frame_times.add(
            (now - self.started).as_secs_f64(),
            (frame_seconds * 1e3) as f32,
        );
        let steps = self.clock.advance_capped(
            frame_seconds * self.scene.time_scale(),
            self.scene.max_steps_per_frame(),
        );
        let tick = Tick {
            steps,
            frame_seconds,
            frame: self.presented,
        };
        self.scene.update(tick, &self.input);
        let Some(window) = self.window.clone() else {
            return;
        };
        let Some(gpu) = self.gpu.as_mut() else { return };
        if gpu.minimised() {
            return;
        }
        let (scene, requests) = (&mut *self.scene, &mut self.requests);
        let info = FrameInfo {
            frame_times: &self.frame_times,
            counters: &self.counters,
            adapter: &self.adapter,
            samples: gpu.target.samples(),
            quality: gpu.renderer.quality(),
        };
        let mut panel_points = 0.0;
        let ui = gpu.overlay.run(&gpu.ctx, &window, |ui| {
            panel_points = scene.overlay(ui, &info, requests);
        });
        // The scene fills the window left of the overlay's panel.
        let (w, h) = gpu.target.size();
        let panel = (panel_points * ui.pixels_per_point).clamp(0.0, w as f32 - 1.0);
        self.viewport = Viewport {
            x: 0.0,
            y: 0.0,
            width: (w as f32 - panel).max(1.0),
            height: (h as f32).max(1.0),
        };
        if let Err(error) = self.scene.prepare(&mut gpu.renderer, &gpu.ctx) {
            self.fail(event_loop, error);
            return;
        }
        let mut params = self.scene.frame_params(self.viewport);
        if panel > 0.0 {
            let v = self.viewport;
            params.viewport = Some([v.x, v.y, v.width, v.height]);
        }
        if let Presented::Frame(counters) = gpu.present(&window, &params, &ui) {
            self.counters = counters;
            let quality = gpu.renderer.quality();
            if let Some(lower) = self
                .step_down
                .observe((frame_seconds * 1e3) as f32, quality)
            {
                self.requests.quality = Some(lower);
            }
            self.scene.rendered(&gpu.renderer, &self.counters);
            self.presented += 1;
            if self.exit_after.is_some_and(|n| self.presented >= n) {
                event_loop.exit();
            }
        }
        self.carry_out_requests(event_loop);
    }

    /// Does what the scene (or a shell key) asked during the frame.
    fn carry_out_requests(&mut self, event_loop: &ActiveEventLoop) {
        let requests = std::mem::take(&mut self.requests);
        if requests.quit {
            event_loop.exit();
        }
        if requests.screenshot {
            if self.presented < 2 {
                // The overlay's panel is laid out once a frame or two was drawn: until then
                // the scene's part of the window is not known, and the picture waits.
                self.requests.screenshot = true;
            } else {
                self.screenshot();
            }
        }
        if let Some(request) = requests.switch_renderer {
            self.switch_renderer(event_loop, request);
        }
        if let Some(quality) = requests.quality {
            self.set_quality(quality);
        }
        if requests.capture_cursor && !self.input.captured {
            self.capture_cursor(true);
        }
    }

    /// Captures the cursor for looking (hidden, locked or at least confined to the window),
    /// or releases it and tells the scene.
    fn capture_cursor(&mut self, capture: bool) {
        let Some(window) = self.window.as_ref() else {
            return;
        };
        if capture {
            let grabbed = window
                .set_cursor_grab(CursorGrabMode::Locked)
                .or_else(|_| window.set_cursor_grab(CursorGrabMode::Confined));
            if let Err(e) = grabbed {
                log::warn!("cannot hold the cursor in the window: {e}");
            }
        } else {
            let _ = window.set_cursor_grab(CursorGrabMode::None);
        }
        window.set_cursor_visible(!capture);
        self.input.captured = capture;
        if !capture {
            self.scene.cursor_released();
        }
    }

    /// F12: the scene's part of the window, without the overlay, as the next free
    /// `horde-screenshot-NNN.png` in the working folder.
    fn screenshot(&mut self) {
        let Some(gpu) = self.gpu.as_mut() else { return };
        let viewport = Viewport {
            x: 0.0,
            y: 0.0,
            ..self.viewport
        };
        let params = self.scene.frame_params(viewport);
        let message = match screenshot::save_numbered(gpu, &params, viewport, &mut self.screenshots)
        {
            Ok(path) => format!("saved {}", path.display()),
            Err(e) => format!("screenshot failed: {e:#}"),
        };
        self.scene.message(message);
    }

    /// Draws at `quality` from now on (kept when the backend is switched); the target's MSAA
    /// stays as the window was opened with.
    fn set_quality(&mut self, quality: horde_renderer::Quality) {
        self.gpu_settings.quality = quality;
        if let Some(gpu) = self.gpu.as_mut() {
            gpu.renderer.set_quality(&gpu.ctx, quality);
            log::info!("drawing at quality {quality}");
        }
    }

    /// Rebuilds the GPU side on another backend; on failure goes back to the previous one.
    fn switch_renderer(
        &mut self,
        event_loop: &ActiveEventLoop,
        request: (horde_renderer::BackendChoice, Option<String>),
    ) {
        let Some(window) = self.window.clone() else {
            return;
        };
        let previous = std::mem::replace(&mut self.gpu_settings.request, request);
        self.gpu = None;
        if let Err(e) = self.start_gpu(event_loop, &window) {
            self.gpu_settings.request = previous;
            if let Err(again) = self.start_gpu(event_loop, &window) {
                self.fail(event_loop, again);
            }
            self.scene.message(format!("switch failed: {e:#}"));
        }
    }
}

impl<S: Scene + ?Sized> ApplicationHandler for ShellApp<'_, S> {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        let attributes = Window::default_attributes()
            .with_title(self.scene.title())
            .with_inner_size(winit::dpi::PhysicalSize::new(self.size.0, self.size.1));
        let window = match event_loop
            .create_window(attributes)
            .context("cannot create the window")
        {
            Ok(window) => Arc::new(window),
            Err(e) => return self.fail(event_loop, e),
        };
        if let Err(e) = self.start_gpu(event_loop, &window) {
            return self.fail(event_loop, e);
        }
        window.request_redraw();
        self.window = Some(window);
        self.last_frame = Instant::now();
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _id: WindowId, event: WindowEvent) {
        let Some(window) = self.window.clone() else {
            return;
        };
        let consumed = self
            .gpu
            .as_mut()
            .is_some_and(|gpu| gpu.overlay.on_window_event(&window, &event));
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => {
                if let Some(gpu) = self.gpu.as_mut() {
                    gpu.target.resize(&gpu.ctx, (size.width, size.height));
                }
                window.request_redraw();
            }
            WindowEvent::Focused(false) => {
                self.input.release_all();
                if self.input.captured {
                    self.capture_cursor(false);
                }
                self.scene.focus_lost();
            }
            WindowEvent::RedrawRequested => self.frame(event_loop),
            WindowEvent::KeyboardInput { event, .. } => {
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                let pressed = event.state == ElementState::Pressed;
                // Releases always count, so no key stays held behind egui's back.
                if consumed && pressed {
                    return;
                }
                self.input.key(code, event.state);
                match code {
                    KeyCode::Escape if pressed && self.input.captured => {
                        self.capture_cursor(false);
                    }
                    KeyCode::Escape if pressed => {
                        if !self.scene.escape(&mut self.requests) {
                            event_loop.exit();
                        }
                    }
                    KeyCode::F12 if pressed && !event.repeat => self.requests.screenshot = true,
                    _ => self
                        .scene
                        .key(code, pressed, event.repeat, &mut self.requests),
                }
                if self.requests.quit {
                    event_loop.exit();
                }
            }
            WindowEvent::ModifiersChanged(modifiers) => {
                self.input.shift = modifiers.state().shift_key();
            }
            WindowEvent::CursorMoved { position, .. } => {
                let delta = self
                    .input
                    .cursor_moved(Vec2::new(position.x as f32, position.y as f32));
                // A captured cursor's movement comes as raw motion (`device_event`) instead.
                if !self.input.captured {
                    self.scene.cursor_moved(delta, &self.input);
                }
            }
            WindowEvent::MouseInput { state, button, .. } => {
                let pressed = state == ElementState::Pressed;
                if consumed && pressed {
                    return;
                }
                self.input.button(button, state);
                self.scene
                    .mouse_button(button, pressed, &self.input, &mut self.requests);
            }
            WindowEvent::MouseWheel { delta, .. } if !consumed => {
                self.scene.wheel(wheel_steps(delta));
            }
            _ => {}
        }
    }

    fn device_event(&mut self, _event_loop: &ActiveEventLoop, _id: DeviceId, event: DeviceEvent) {
        if let (true, DeviceEvent::MouseMotion { delta }) = (self.input.captured, event) {
            let delta = Vec2::new(delta.0 as f32, delta.1 as f32);
            self.scene.cursor_moved(delta, &self.input);
        }
    }

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        // Draw continuously, except while minimised (a resize wakes the loop again).
        let minimised = self.gpu.as_ref().is_some_and(WindowGpu::minimised);
        if let (Some(window), false) = (&self.window, minimised) {
            window.request_redraw();
        }
    }
}
