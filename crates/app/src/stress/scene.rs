//! The stress view: `horde stress` in the shell's window. The stress simulation drawn on the
//! tower-defense board, stepped and uploaded through the same fused path as the headless
//! measurement, with a stats overlay that shows the figures the JSON report carries. Each
//! frame's time is recorded when the next frame starts.

use super::WARM_UP_FRAMES;
use super::report::Samples;
use super::step::step_into_batch;
use crate::scenes::td::TdScene;
use crate::scenes::td::widgets::frame_time_graph;
use crate::scenes::{FrameInfo, InputState, Requests, Scene, Tick, Viewport};
use horde_core_sim::Simulation;
use horde_renderer::{AdapterSummary, FrameCounters, FrameParams, GpuContext, Renderer};

/// The stress run shown in a window.
pub struct StressScene {
    /// The board and its batches; the simulation is the stress simulation.
    pub scene: TdScene,
    /// Enemies held on the board.
    enemies: usize,
    /// Upload once, then only draw (`--static-instances`).
    static_instances: bool,
    /// Frames measured after the warm-up.
    pub samples: Samples,
    /// The last frame's `(sim_ms, upload_ms)`.
    last: (f64, f64),
    /// Whether the instances were written at least once.
    written: bool,
    /// Draw calls of the enemy batch in the last frame.
    pub enemy_draw_calls: u32,
    /// How the last frame drew the enemies ([`horde_renderer::DrawPath::name`]).
    pub cube_path: &'static str,
    /// The adapter drawn with.
    pub adapter: Option<AdapterSummary>,
    /// The window's drawing area, pixels.
    pub size: [u32; 2],
}

impl StressScene {
    /// The stress view of `sim` (started with `seed`) with `enemies` held on the board, room
    /// for `frames` measured frames, and, with `static_instances`, one upload only.
    pub fn new(
        sim: Simulation,
        seed: u64,
        enemies: usize,
        frames: usize,
        static_instances: bool,
    ) -> StressScene {
        let mut scene = TdScene::from_simulation(sim, seed);
        scene.show_grid = false;
        StressScene {
            scene,
            enemies,
            static_instances,
            samples: Samples::with_capacity(frames),
            last: (0.0, 0.0),
            written: false,
            enemy_draw_calls: 0,
            cube_path: "none",
            adapter: None,
            size: [0, 0],
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
        self.scene.attach(renderer);
        self.written = false;
    }

    fn gpu_ready(&mut self, adapter: &AdapterSummary) {
        self.adapter = Some(adapter.clone());
    }

    fn update(&mut self, tick: Tick, _input: &InputState) {
        // The previous frame ends as this one starts.
        let measured = tick.frame > WARM_UP_FRAMES;
        self.samples
            .push(measured, self.last.0, self.last.1, tick.frame_seconds * 1e3);
    }

    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, _requests: &mut Requests) -> f32 {
        egui::Area::new(egui::Id::unique("stress stats"))
            .fixed_pos(egui::pos2(10.0, 10.0))
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    let c = info.counters;
                    ui.label(format!(
                        "enemies {} (alive {})",
                        self.enemies,
                        self.scene.sim.enemies().len()
                    ));
                    let counts = self.scene.sim.counts();
                    if !self.scene.sim.towers().is_empty() {
                        ui.label(format!(
                            "towers {}   killed {}   shells {}",
                            self.scene.sim.towers().len(),
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
                        self.last.0, self.last.1
                    ));
                    ui.label(format!(
                        "GPU {}   enemy draw calls {} ({})   all draw calls {}   instances {}",
                        c.gpu_ms.map_or("n/a".to_string(), |g| format!("{g:.1} ms")),
                        self.enemy_draw_calls,
                        self.cube_path,
                        c.draw_calls,
                        c.instances
                    ));
                    ui.label(info.adapter);
                    frame_time_graph(ui, info.frame_times);
                });
            });
        0.0
    }

    fn prepare(&mut self, renderer: &mut Renderer, ctx: &GpuContext) -> anyhow::Result<()> {
        self.scene.sync_static(renderer);
        let Some(batches) = self.scene.batches() else {
            return Ok(());
        };
        if self.static_instances && self.written {
            // `--static-instances` after the first frame: nothing simulated or uploaded.
            self.last = (0.0, 0.0);
            return Ok(());
        }
        self.last = step_into_batch(
            &mut self.scene.sim,
            self.enemies,
            renderer,
            ctx,
            batches.enemies,
        )?;
        self.scene.sync_fight(renderer);
        self.written = true;
        Ok(())
    }

    fn frame_params(&mut self, viewport: Viewport) -> FrameParams {
        self.size = [viewport.width as u32, viewport.height as u32];
        let aspect = viewport.aspect();
        self.scene
            .frame_params(&self.scene.default_camera(aspect), aspect)
    }

    fn rendered(&mut self, renderer: &Renderer, _counters: &FrameCounters) {
        if let Some(batches) = self.scene.batches() {
            self.enemy_draw_calls = renderer.batch_draw_calls(batches.enemies);
            self.cube_path = renderer.draw_path(batches.enemies).name();
        }
    }

    fn exit_line(&self) -> String {
        format!(
            "stress: {} enemies, {} frames measured",
            self.enemies,
            self.samples.len()
        )
    }

    fn summary_json(&self, frames: u64) -> anyhow::Result<String> {
        Ok(serde_json::json!({ "frames": frames, "enemies": self.enemies }).to_string())
    }
}
