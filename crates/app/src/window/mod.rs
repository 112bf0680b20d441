//! The native window: winit events, the GPU state for the window, egui, and the frame loop.
//!
//! The simulation runs at a fixed 1/60 s step, decoupled from the frame rate; each frame
//! draws the scene then the inspector. Swapping the backend recreates everything GPU-side
//! (context, surface, renderer, egui renderer) while the simulation carries on.

pub mod city;
pub mod input;
pub mod inspector;
pub mod overlay;
pub mod runner;
pub mod scene_gpu;
pub mod widgets;

use crate::cli::{RunArgs, StressArgs};
use crate::levels;
use crate::stress::{self, Report, Samples};
use crate::td::{TdCamera, TdScene};
use anyhow::{Context, Result};
use glam::Vec2;
use horde_core_sim::Board;
use horde_core_sim::level::{load_level, save_level, write_atomically};
use horde_renderer::target::{Acquired, SurfaceTarget};
use horde_renderer::{
    BackendChoice, GpuContext, GpuRequest, OffscreenTarget, Renderer, RendererConfig,
};
use input::{Command, Input};
use inspector::{Action, Inspector, RenderStats};
use overlay::Overlay;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use winit::application::ApplicationHandler;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, EventLoop};
use winit::window::{Window, WindowId};

/// Opens the window and runs until it is closed (or `--frames` frames were presented).
pub fn run(args: &RunArgs) -> Result<()> {
    match args.scene {
        crate::cli::Scene::Td => {}
        crate::cli::Scene::City => return city::run(args),
        crate::cli::Scene::Runner => return runner::run(args),
    }
    let backend = BackendChoice::resolve(args.gpu.backend)?;
    let board = levels::load(args.level.as_deref())?;
    let scene = TdScene::new(board, args.spawn.settings()?, args.seed);
    let adapters = horde_renderer::backend::list_adapters(wgpu::Backends::all());
    let inspector = Inspector::new(&scene, args.level.clone(), backend, adapters);
    let event_loop = EventLoop::new().context("cannot open a window (is a display available?)")?;
    let mut app = WindowApp::new(scene, inspector, (backend, args.gpu.adapter.clone()));
    app.exit_after = args.frames;
    event_loop
        .run_app(&mut app)
        .context("the event loop failed")?;
    match app.error {
        Some(error) => Err(error),
        None => {
            eprintln!("horde: presented {} frames", app.presented);
            Ok(())
        }
    }
}

/// `horde stress` in a window: the stress scene with a stats overlay; returns the report once
/// the measured frames are done (or the window is closed).
pub fn run_stress(args: &StressArgs) -> Result<Report> {
    let backend = BackendChoice::resolve(args.gpu.backend)?;
    let sim = stress::stress_simulation(args)?;
    let mut scene = TdScene::from_simulation(sim, args.seed);
    scene.show_grid = false;
    let inspector = Inspector::new(&scene, None, backend, Vec::new());
    let event_loop = EventLoop::new().context("cannot open a window (is a display available?)")?;
    let mut app = WindowApp::new(scene, inspector, (backend, args.gpu.adapter.clone()));
    // Each frame's time is recorded at the start of the next one.
    app.exit_after = Some(stress::WARM_UP_FRAMES + args.frames + 1);
    app.msaa = 1;
    app.stress = Some(StressRun {
        enemies: args.enemies as usize,
        enemy_draw_calls: 0,
        static_instances: args.static_instances,
        samples: Samples::with_capacity(args.frames as usize),
        last: (0.0, 0.0),
    });
    app.size = args.size;
    event_loop
        .run_app(&mut app)
        .context("the event loop failed")?;
    if let Some(error) = app.error {
        return Err(error);
    }
    let board = app.scene.sim.board();
    let board = [board.width(), board.height()];
    let (adapter, draw_calls, size) = match &app.gpu {
        Some(gpu) => {
            let summary = gpu.ctx.summary();
            let draws = app
                .scene
                .batches()
                .map_or(0, |b| gpu.renderer.batch_draw_calls(b.enemies));
            let (w, h) = gpu.target.size();
            ((summary.backend, summary.name), draws, [w, h])
        }
        None => (("none".to_string(), "none".to_string()), 0, [0, 0]),
    };
    let samples = app.stress.take().map(|s| s.samples).unwrap_or_default();
    Ok(stress::report(
        args, samples, adapter, draw_calls, board, size,
    ))
}

/// The state of a windowed stress run.
struct StressRun {
    enemies: usize,
    /// Draw calls of the enemy batch in the last frame.
    enemy_draw_calls: u32,
    /// Upload once, then only draw (`--static-instances`).
    static_instances: bool,
    samples: Samples,
    /// The last frame's `(sim_ms, upload_ms)`, for the overlay.
    last: (f64, f64),
}

impl StressRun {
    /// The stats overlay: the same figures the JSON report carries.
    fn overlay(
        &self,
        ui: &mut egui::Ui,
        frame_times: &widgets::FrameTimes,
        stats: &RenderStats,
        alive: usize,
    ) {
        egui::Area::new(egui::Id::unique("stress stats"))
            .fixed_pos(egui::pos2(10.0, 10.0))
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    let c = &stats.counters;
                    ui.label(format!("enemies {} (alive {alive})", self.enemies));
                    ui.label(format!(
                        "{:.1} FPS   frame {:.1} ms",
                        frame_times.fps(),
                        frame_times.iter().last().unwrap_or(0.0)
                    ));
                    ui.label(format!(
                        "sim {:.2} ms   upload {:.2} ms",
                        self.last.0, self.last.1
                    ));
                    ui.label(format!(
                        "GPU {}   enemy draw calls {}   all draw calls {}   instances {}",
                        c.gpu_ms.map_or("n/a".to_string(), |g| format!("{g:.1} ms")),
                        self.enemy_draw_calls,
                        c.draw_calls,
                        c.instances
                    ));
                    ui.label(&stats.adapter);
                    frame_times.show(ui);
                });
            });
    }
}

/// Everything tied to one GPU context; rebuilt when the backend changes.
struct Gpu {
    ctx: GpuContext,
    target: SurfaceTarget,
    renderer: Renderer,
    overlay: Overlay,
}

struct WindowApp {
    scene: TdScene,
    camera: Option<TdCamera>,
    inspector: Inspector,
    gpu: Option<Gpu>,
    window: Option<Arc<Window>>,
    input: Input,
    /// Backend and adapter name for the next GPU set-up.
    request: (BackendChoice, Option<String>),
    exit_after: Option<u64>,
    presented: u64,
    last_frame: Instant,
    stats: RenderStats,
    actions: Vec<Action>,
    screenshots: u32,
    error: Option<anyhow::Error>,
    /// Where the scene is drawn: `x, y, width, height` in pixels.
    scene_rect: [f32; 4],
    /// Set for `horde stress` in a window.
    stress: Option<StressRun>,
    /// The window's initial inner size.
    size: (u32, u32),
    /// MSAA samples to ask for.
    msaa: u32,
}

impl WindowApp {
    fn new(
        scene: TdScene,
        inspector: Inspector,
        request: (BackendChoice, Option<String>),
    ) -> WindowApp {
        WindowApp {
            scene,
            camera: None,
            inspector,
            gpu: None,
            window: None,
            input: Input::default(),
            request,
            exit_after: None,
            presented: 0,
            last_frame: Instant::now(),
            stats: RenderStats::default(),
            actions: Vec::new(),
            screenshots: 0,
            error: None,
            scene_rect: [0.0, 0.0, 1.0, 1.0],
            stress: None,
            size: (1280, 720),
            msaa: 4,
        }
    }

    /// Creates the GPU side for the window with the requested backend.
    fn start_gpu(&mut self, event_loop: &ActiveEventLoop, window: Arc<Window>) -> Result<()> {
        let (backend, adapter_name) = self.request.clone();
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
            self.msaa,
            self.stress.is_none(),
        )
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
        let summary = ctx.summary();
        log::info!("rendering with {summary}");
        self.stats.adapter = format!("{}: {}", summary.backend, summary.name);
        self.stats.samples = target.samples();
        self.inspector.message = format!("renderer: {summary}");
        self.gpu = Some(Gpu {
            ctx,
            target,
            renderer,
            overlay,
        });
        Ok(())
    }

    fn apply(&mut self, command: Command, event_loop: &ActiveEventLoop) {
        match command {
            Command::Wall | Command::SpawnPoint | Command::Destination => {
                self.edit_at_cursor(command)
            }
            Command::ToggleArrows => self.scene.show_arrows = !self.scene.show_arrows,
            Command::ToggleGrid => self.scene.show_grid = !self.scene.show_grid,
            Command::TogglePause => self.scene.paused = !self.scene.paused,
            Command::Screenshot => self.screenshot(),
            Command::Quit => event_loop.exit(),
        }
    }

    fn edit_at_cursor(&mut self, command: Command) {
        let Some(camera) = self.camera else { return };
        let [left, top, w, h] = self.scene_rect;
        let board = self.scene.sim.board();
        let cursor = self.input.cursor - Vec2::new(left, top);
        let Some((x, y)) = camera.pick_tile(cursor, Vec2::new(w, h), board.width(), board.height())
        else {
            return;
        };
        let kind = match command {
            Command::Wall => horde_core_sim::EditKind::Wall,
            Command::Destination => horde_core_sim::EditKind::Destination,
            _ => horde_core_sim::EditKind::SpawnPoint,
        };
        let _ = self.scene.edit(kind, x, y);
    }

    /// F12: renders the scene (without the inspector) offscreen at the window's size and saves
    /// `horde-screenshot-NNN.png` in the working folder.
    fn screenshot(&mut self) {
        let (Some(gpu), Some(camera)) = (self.gpu.as_mut(), self.camera) else {
            return;
        };
        // The picture is the scene's part of the window, without the inspector.
        let (w, h) = (self.scene_rect[2] as u32, self.scene_rect[3] as u32);
        if w == 0 || h == 0 || gpu.target.size().0 == 0 {
            return;
        }
        let config = gpu.renderer.config();
        let target =
            OffscreenTarget::with_format(&gpu.ctx, w, h, config.color_format, config.samples);
        let aspect = w as f32 / h as f32;
        let params = self.scene.frame_params(&camera, aspect);
        self.scene.sync(&mut gpu.renderer, &gpu.ctx);
        gpu.renderer.render_offscreen(&gpu.ctx, &target, &params);
        let result = target
            .read_rgba(&gpu.ctx)
            .map_err(anyhow::Error::from)
            .and_then(|pixels| crate::screenshot::encode_png(&pixels, w, h))
            .and_then(|png| {
                let path = loop {
                    self.screenshots += 1;
                    let path =
                        PathBuf::from(format!("horde-screenshot-{:03}.png", self.screenshots));
                    if !path.exists() {
                        break path;
                    }
                };
                write_atomically(&path, &png).with_context(|| path.display().to_string())?;
                Ok(path)
            });
        self.inspector.message = match result {
            Ok(path) => format!("saved {}", path.display()),
            Err(e) => format!("screenshot failed: {e:#}"),
        };
    }

    fn handle_actions(&mut self, event_loop: &ActiveEventLoop) {
        let mut actions = std::mem::take(&mut self.actions);
        for action in actions.drain(..) {
            match action {
                Action::Step => self.scene.step_once(),
                Action::Restart(seed) => self.scene.restart(seed),
                Action::NewBoard(w, h) => match Board::with_defaults(w, h) {
                    Ok(board) => self.new_board(board),
                    Err(e) => self.inspector.message = format!("new board: {e}"),
                },
                Action::Load(path) => match load_level(&path) {
                    Ok(board) => {
                        self.inspector.message = format!("loaded {}", path.display());
                        self.new_board(board);
                    }
                    Err(e) => self.inspector.message = e.to_string(),
                },
                Action::Save(path) => {
                    self.inspector.message = match save_level(self.scene.sim.board(), &path) {
                        Ok(()) => format!("saved {}", path.display()),
                        Err(e) => e.to_string(),
                    }
                }
                Action::SwitchRenderer(backend, adapter) => {
                    let previous = self.request.clone();
                    self.request = (backend, adapter);
                    if let Some(window) = self.window.clone() {
                        self.gpu = None;
                        if let Err(e) = self.start_gpu(event_loop, window.clone()) {
                            let message = format!("switch failed: {e:#}");
                            self.request = previous;
                            if let Err(e) = self.start_gpu(event_loop, window) {
                                self.error = Some(e);
                                event_loop.exit();
                            }
                            self.inspector.message = message;
                        }
                    }
                }
            }
        }
        self.actions = actions;
    }

    fn new_board(&mut self, board: Board) {
        self.scene.replace_board(board);
        let board = self.scene.sim.board();
        self.inspector.board_size = (board.width(), board.height());
        self.camera = None;
    }

    fn frame(&mut self, event_loop: &ActiveEventLoop) {
        let now = Instant::now();
        let dt = (now - self.last_frame).as_secs_f64();
        self.last_frame = now;
        self.inspector.frame_times.push((dt * 1e3) as f32);
        if let Some(stress) = &mut self.stress {
            let measured = self.presented > stress::WARM_UP_FRAMES;
            stress
                .samples
                .push(measured, stress.last.0, stress.last.1, dt * 1e3);
        } else {
            self.scene.advance(dt);
        }
        let Some(window) = self.window.clone() else {
            return;
        };
        let Some(gpu) = self.gpu.as_mut() else { return };
        let (w, h) = gpu.target.size();
        if w == 0 || h == 0 {
            return;
        }
        let (scene, inspector, stats, actions) = (
            &mut self.scene,
            &mut self.inspector,
            &self.stats,
            &mut self.actions,
        );
        let stress_run = &self.stress;
        let ui = gpu.overlay.run(&gpu.ctx, &window, |ui| match stress_run {
            Some(run) => {
                inspector.panel_width = 0.0;
                run.overlay(ui, &inspector.frame_times, stats, scene.sim.enemies().len());
            }
            None => inspector.show(ui, scene, stats, actions),
        });
        let pixels_per_point = ui.pixels_per_point;

        // The scene fills the window left of the inspector.
        let panel = (self.inspector.panel_width * pixels_per_point).min(w as f32 - 1.0);
        self.scene_rect = [0.0, 0.0, (w as f32 - panel).max(1.0), h as f32];
        let aspect = self.scene_rect[2] / self.scene_rect[3];
        let camera = self
            .camera
            .get_or_insert_with(|| self.scene.default_camera(aspect));
        let (forward, right) = self.input.pan_direction();
        let pan_speed = camera.distance * 0.6 * dt as f32;
        camera.pan(forward * pan_speed, right * pan_speed);
        let camera = *camera;

        let frame = match gpu.target.acquire(&gpu.ctx) {
            Acquired::Frame(frame) => frame,
            Acquired::Skip => {
                self.handle_actions(event_loop);
                return;
            }
            Acquired::Lost => {
                match gpu.ctx.instance.create_surface(window.clone()) {
                    Ok(surface) => gpu.target.replace_surface(&gpu.ctx, surface),
                    Err(e) => log::error!("cannot recreate the lost surface: {e}"),
                }
                self.handle_actions(event_loop);
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
        match &mut self.stress {
            Some(run) => {
                self.scene.sync_static(&mut gpu.renderer);
                let first = self.presented == 0;
                if let Some(batches) = self.scene.batches()
                    && (first || !run.static_instances)
                {
                    match stress::step_into_batch(
                        &mut self.scene.sim,
                        run.enemies,
                        &mut gpu.renderer,
                        &gpu.ctx,
                        batches.enemies,
                    ) {
                        Ok(last) => run.last = last,
                        Err(e) => {
                            self.error = Some(e);
                            event_loop.exit();
                        }
                    }
                } else {
                    // `--static-instances` after the first frame: nothing simulated or uploaded.
                    run.last = (0.0, 0.0);
                }
            }
            None => self.scene.sync(&mut gpu.renderer, &gpu.ctx),
        }
        let mut params = self.scene.frame_params(&camera, aspect);
        params.viewport = Some(self.scene_rect);
        let mut encoder = gpu
            .ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        let Some(attachments) = gpu.target.attachments() else {
            return;
        };
        self.stats.counters =
            gpu.renderer
                .render(&gpu.ctx, &mut encoder, &view, attachments, &params);
        if let (Some(run), Some(batches)) = (self.stress.as_mut(), self.scene.batches()) {
            run.enemy_draw_calls = gpu.renderer.batch_draw_calls(batches.enemies);
        }

        let extra = gpu
            .overlay
            .paint(&gpu.ctx, &mut encoder, &overlay_view, (w, h), &ui);
        gpu.ctx
            .queue
            .submit(extra.into_iter().chain([encoder.finish()]));
        gpu.renderer.after_submit();
        gpu.overlay.after_submit();
        window.pre_present_notify();
        gpu.ctx.queue.present(frame);
        self.presented += 1;
        if self.exit_after.is_some_and(|n| self.presented >= n) {
            event_loop.exit();
        }
        self.handle_actions(event_loop);
    }
}

impl ApplicationHandler for WindowApp {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.window.is_some() {
            return;
        }
        let attributes = Window::default_attributes()
            .with_title("Horde")
            .with_inner_size(winit::dpi::PhysicalSize::new(self.size.0, self.size.1));
        let window = match event_loop.create_window(attributes) {
            Ok(window) => Arc::new(window),
            Err(e) => {
                self.error = Some(anyhow::Error::from(e).context("cannot create the window"));
                event_loop.exit();
                return;
            }
        };
        if let Err(e) = self.start_gpu(event_loop, window.clone()) {
            self.error = Some(e);
            event_loop.exit();
            return;
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
            WindowEvent::Focused(false) => self.input.release_all(),
            WindowEvent::RedrawRequested => self.frame(event_loop),
            WindowEvent::KeyboardInput { event, .. } if !consumed => {
                if let Some(command) = self
                    .input
                    .key(event.physical_key, event.state, event.repeat)
                {
                    self.apply(command, event_loop);
                }
            }
            WindowEvent::ModifiersChanged(modifiers) => {
                self.input.shift = modifiers.state().shift_key()
            }
            WindowEvent::CursorMoved { position, .. } => {
                let delta = self
                    .input
                    .moved(Vec2::new(position.x as f32, position.y as f32));
                if self.input.orbiting
                    && let Some(camera) = self.camera.as_mut()
                {
                    camera.orbit(delta.x * 0.005, delta.y * 0.005);
                }
            }
            WindowEvent::MouseInput { state, button, .. }
                if !consumed || state == winit::event::ElementState::Released =>
            {
                if let Some(command) = self.input.button(button, state) {
                    self.apply(command, event_loop);
                }
            }
            WindowEvent::MouseWheel { delta, .. } if !consumed => {
                if let Some(camera) = self.camera.as_mut() {
                    camera.zoom(Input::wheel(delta));
                }
            }
            _ => {}
        }
    }

    fn about_to_wait(&mut self, _event_loop: &ActiveEventLoop) {
        // Draw continuously, except while minimised (a resize wakes the loop again).
        let minimised = self
            .gpu
            .as_ref()
            .is_some_and(|gpu| gpu.target.size() == (0, 0));
        if let (Some(window), false) = (&self.window, minimised) {
            window.request_redraw();
        }
    }
}
