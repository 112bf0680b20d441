//! The stress view: `horde stress` in the shell's window. The stress simulation drawn on the
//! tower-defense board, stepped and uploaded through the same fused path as the headless
//! measurement, with a stats overlay that shows the figures the JSON report carries. Each
//! frame's time is recorded when the next frame starts.

use super::WARM_UP_FRAMES;
use super::report::{Drawing, Samples};
use super::step::step_into_view;
use crate::overlay;
use crate::scenes::td::TdView;
use crate::scenes::td::view as td_view;
use crate::scenes::td::widgets::frame_time_graph;
use crate::scenes::{FrameInfo, InputState, Reporting, Requests, Scene, Tick, Viewport};
use crate::staging::WriteTimes;
use horde_core_sim::td::game::Simulation;
use horde_games::{Mode, Session};
use horde_renderer::{AdapterSummary, FrameCounters, FrameParams, GpuContext, Renderer};

/// The stress run shown in a window.
pub struct StressScene {
    /// The stress simulation, as a session plays it.
    pub session: Session,
    /// How it is drawn: the tower-defense view, with no game around it.
    pub view: TdView,
    /// Enemies held on the board.
    enemies: usize,
    /// Upload once, then only draw (`--static-instances`).
    static_instances: bool,
    /// Frames measured after the warm-up.
    pub samples: Samples,
    /// How long the last frame's write took.
    last: WriteTimes,
    /// Whether the instances were written at least once.
    written: bool,
    /// What it drew with: the adapter, the enemy batch's draw calls and path in the last
    /// frame, the window's drawing area.
    pub drawing: Drawing,
}

impl StressScene {
    /// The stress window of `sim` drawn by `view`, with `enemies` held on the board, room for
    /// `frames` measured frames, and, with `static_instances`, one upload only.
    pub fn new(
        (sim, view): (Simulation, TdView),
        enemies: usize,
        frames: usize,
        static_instances: bool,
    ) -> StressScene {
        StressScene {
            session: Session::new(sim, None, Mode::Sandbox),
            view,
            enemies,
            static_instances,
            samples: Samples::with_capacity(frames),
            last: WriteTimes::default(),
            written: false,
            drawing: Drawing::none(),
        }
    }

    /// Frames the window must present: the warm-up, the measured ones, and one more whose
    /// start records the last measured frame's time.
    pub fn frames_to_present(measured: u64) -> u64 {
        WARM_UP_FRAMES + measured + 1
    }
}

impl Scene for StressScene {
    fn title(&self) -> String {
        "Horde — stress".to_string()
    }

    fn attach(&mut self, renderer: &mut Renderer) {
        self.view.attach(renderer);
        self.written = false;
    }

    fn gpu_ready(&mut self, adapter: &AdapterSummary) {
        self.drawing.backend = adapter.backend.clone();
        self.drawing.adapter = adapter.name.clone();
    }

    fn update(&mut self, tick: Tick, _input: &InputState) {
        // The previous frame ends as this one starts.
        let measured = tick.frame > WARM_UP_FRAMES;
        self.samples.push(
            measured,
            self.last.sim_ms,
            self.last.upload_ms,
            tick.frame_seconds * 1e3,
        );
    }

    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, _requests: &mut Requests) -> f32 {
        overlay::hud(ui.ctx(), "stress stats", |ui| {
            let c = info.counters;
            ui.label(format!(
                "enemies {} (alive {})",
                self.enemies,
                self.session.sim().enemies().len()
            ));
            let counts = self.session.sim().counts();
            if !self.session.sim().towers().is_empty() {
                ui.label(format!(
                    "towers {}   killed {}   shells {}",
                    self.session.sim().towers().len(),
                    counts.killed,
                    counts.shots
                ));
            }
            ui.label(format!(
                "{:.1} FPS   frame {:.1} ms",
                info.fps(),
                info.last_frame_ms()
            ));
            ui.label(format!(
                "sim {:.2} ms   upload {:.2} ms",
                self.last.sim_ms, self.last.upload_ms
            ));
            ui.label(format!(
                "GPU {}   enemy draw calls {} ({})   all draw calls {}   instances {}",
                c.gpu_ms.map_or("n/a".to_string(), |g| format!("{g:.1} ms")),
                self.drawing.enemy_draw_calls,
                self.drawing.cube_path,
                c.draw_calls,
                c.instances
            ));
            ui.label(info.adapter);
            frame_time_graph(ui, info.frame_times);
        });
        0.0
    }

    fn prepare(&mut self, renderer: &mut Renderer, ctx: &GpuContext) -> anyhow::Result<()> {
        self.view.sync_board(renderer, self.session.sim(), None);
        if self.static_instances && self.written {
            // `--static-instances` after the first frame: nothing simulated or uploaded.
            self.last = WriteTimes::default();
            return Ok(());
        }
        self.last = step_into_view(
            &mut self.session,
            self.enemies,
            &mut self.view,
            renderer,
            ctx,
        )?;
        self.written = true;
        Ok(())
    }

    fn frame_params(&mut self, viewport: Viewport) -> FrameParams {
        self.drawing.size = [viewport.width as u32, viewport.height as u32];
        let aspect = viewport.aspect();
        td_view::frame_params(&td_view::default_camera(self.session.sim(), aspect), aspect)
    }

    fn rendered(&mut self, renderer: &Renderer, counters: &FrameCounters) {
        self.drawing.quality = renderer.quality().name();
        self.drawing.shadow_draw_calls = counters.shadow_draw_calls;
        self.drawing.gpu_shadow_ms = counters.gpu_shadow_ms;
        self.drawing.gpu_scene_ms = counters.gpu_ms;
        if let Some(batches) = self.view.batches() {
            self.drawing.enemy_draw_calls = renderer.batch_draw_calls(batches.enemies);
            self.drawing.cube_path = renderer.draw_path(batches.enemies).name();
        }
    }
}

/// The stress test as a scene the title screen opens: `args`' enemies on the stress board,
/// drawn until the player leaves it (its summary: frames, enemies, frame times).
pub fn window_scene(args: &crate::cli::StressArgs) -> anyhow::Result<Box<dyn Reporting>> {
    let sim = super::step::stress_simulation(args)?;
    let frames = 36_000;
    let scene = StressScene::new(
        (sim, super::step::stress_view(args)),
        args.enemies as usize,
        frames,
        args.static_instances,
    );
    Ok(Box::new(scene))
}

/// The stress scene's `--json` summary when the title screen opened it.
#[derive(serde::Serialize)]
struct Summary {
    frames: u64,
    enemies: usize,
    alive: usize,
    /// Frame times (p50, p95, max), milliseconds, after the warm-up.
    frame_ms: crate::stats::Stat,
    /// The scene: `stress`.
    scene: &'static str,
}

impl Reporting for StressScene {
    fn exit_line(&self) -> String {
        format!(
            "stress test: {} enemies held, {} alive",
            self.enemies,
            self.session.sim().enemies().len()
        )
    }

    fn summary_json(&self, frames: u64) -> anyhow::Result<String> {
        Ok(serde_json::to_string(&Summary {
            frames,
            enemies: self.enemies,
            alive: self.session.sim().enemies().len(),
            frame_ms: crate::stats::Stat::of(&mut self.samples.frame_times()),
            scene: "stress",
        })?)
    }
}
