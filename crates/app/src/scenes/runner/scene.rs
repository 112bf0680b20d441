//! The runner scene: the endless runner game (`horde_core_sim::runner::Runner`) at the shell's fixed
//! step, drawn as instanced cubes, with scenery on both sides of the track streamed chunk row by
//! chunk row from the scatter generator on a background worker. The render thread only takes
//! finished rows (already turned into boxes), never waiting, and the look changes with the
//! slice the player is in. Headless (`horde screenshot`), the scene makes the rows in view
//! in its own thread instead, so that a picture is a pure function of the flags.
//!
//! Space starts and restarts, W or Up jumps, S or Down (held) crouches, P hands the run to the
//! autopilot and back.

use super::generator::{self, Row};
use crate::clock::STEP;
use crate::live::{LiveFiles, ReloadCounts, Slot};
use crate::overlay;
use crate::scenes::stall::{StallStats, StallTimer, ViewFill};
use crate::scenes::{FrameInfo, InputState, Reporting, Requests, Scene, Tick, Viewport};
use crate::stats::Stat;
use crate::worker::Worker;
use horde_core_sim::runner::{
    RunFigures, RunState, Runner, RunnerInput, RunnerSettings, with_autopilot,
};
use horde_levelgen::scenery::{Scatter, ScatterSettings};
use horde_looks::{
    runner_camera as frame_params, runner_instances as game_instances, scenery_row,
    scenery_rows_in_view as rows_in_view,
};
use horde_renderer::{BatchId, FrameParams, GpuContext, Instance, MeshKind, Renderer};
use serde::Serialize;
use std::collections::{HashMap, HashSet};
use winit::keyboard::KeyCode;

/// Scenery generated ahead of the player (beyond what is drawn, `horde_looks::VIEW_AHEAD`:
/// the generator's slack).
const GENERATE_AHEAD: f32 = 300.0;

/// Counters for the HUD and the exit line.
#[derive(Clone, Debug, Default)]
pub struct RunnerStats {
    /// Scenery rows held.
    pub rows: usize,
    /// Scenery boxes drawn.
    pub scenery_instances: usize,
    /// The render thread's time on scenery: taking rows, dropping old ones, refilling the
    /// batch.
    pub stall: StallStats,
    /// Scenery rows within view not arrived yet.
    pub view: ViewFill,
    /// Why the scenery generator stopped, if it did (shown in the overlay and logged).
    pub failure: Option<String>,
}

/// The runner, its scenery and their batches.
pub struct RunnerScene {
    /// The game.
    pub runner: Runner,
    /// The autopilot plays (the player's keys still start and restart).
    pub autopilot: bool,
    /// Inputs latched until the next fixed step.
    pending: RunnerInput,
    /// Crouch key held.
    pub crouch_held: bool,
    /// The scenery's generator (the background threads use a copy): settings and slices.
    scatter: Scatter,
    /// Where rows come from: the background worker, or this thread (`None`).
    generator: Option<Worker<i32, Row>>,
    requested: HashSet<i32>,
    rows: HashMap<i32, Vec<Instance>>,
    scenery_dirty: bool,
    /// The rows the scenery batch was last filled for.
    drawn: (i32, i32),
    game_batch: Option<BatchId>,
    scenery_batch: Option<BatchId>,
    /// Counters.
    pub stats: RunnerStats,
    /// The settings and scenery files, watched: an edit applies live.
    pub live: LiveFiles,
}

/// The live-file slot of the runner settings.
const SETTINGS: Slot<RunnerSettings> =
    Slot::new(0, |text, path| Ok(RunnerSettings::parse(text, path)?));
/// The live-file slot of the scenery settings.
const SCENERY: Slot<ScatterSettings> =
    Slot::new(1, |text, path| Ok(ScatterSettings::parse(text, path)?));

impl RunnerScene {
    /// The runner `args` describe (`--settings`, `--scenery`, `--autoplay`, `--seed`), opened
    /// as `opening` says: scenery made on a background thread in a window, in this thread for
    /// a picture, where the autopilot always plays (a player standing at the start shows
    /// nothing of the run).
    pub fn open(
        scene_args: &crate::scenes::given::SceneArgs,
        opening: crate::scenes::opening::Opening,
    ) -> anyhow::Result<RunnerScene> {
        let args: super::args::RunnerFlags = scene_args.flags()?;
        let (settings, scenery) = (args.settings.as_deref(), args.scenery.as_deref());
        let game = RunnerSettings::load_or_built_in(settings)?;
        let scatter = ScatterSettings::load_or_built_in(scenery)?;
        let mut scene = if opening.picture {
            RunnerScene::in_thread(game, scatter, scene_args.seed, true)
        } else {
            RunnerScene::new(game, scatter, scene_args.seed, args.autoplay)?
        };
        scene.watch(opening.live, settings, scenery);
        Ok(scene)
    }

    /// The game with `settings`, and the scenery generator for `scenery` and `seed`.
    pub fn new(
        settings: RunnerSettings,
        scenery: ScatterSettings,
        seed: u64,
        autopilot: bool,
    ) -> anyhow::Result<RunnerScene> {
        let scatter = Scatter::new(scenery, seed);
        let generator = generator::start(scatter.clone())?;
        let mut scene = RunnerScene::generating_here(settings, scatter, seed, autopilot);
        scene.generator = Some(generator);
        Ok(scene)
    }

    /// The same scene making its scenery rows in this thread, the rows in view before each
    /// frame is drawn (for deterministic pictures: no worker, no waiting for one).
    pub fn in_thread(
        settings: RunnerSettings,
        scenery: ScatterSettings,
        seed: u64,
        autopilot: bool,
    ) -> RunnerScene {
        RunnerScene::generating_here(settings, Scatter::new(scenery, seed), seed, autopilot)
    }

    fn generating_here(
        settings: RunnerSettings,
        scatter: Scatter,
        seed: u64,
        autopilot: bool,
    ) -> RunnerScene {
        RunnerScene {
            runner: Runner::new(settings, seed),
            autopilot,
            pending: RunnerInput::default(),
            crouch_held: false,
            scatter,
            generator: None,
            requested: HashSet::new(),
            rows: HashMap::new(),
            scenery_dirty: true,
            drawn: (0, -1),
            game_batch: None,
            scenery_batch: None,
            stats: RunnerStats::default(),
            live: LiveFiles::off(),
        }
    }

    /// Watches the runner settings at `settings` and the scenery settings at `scenery` through
    /// `live`.
    pub fn watch(
        &mut self,
        mut live: LiveFiles,
        settings: Option<&std::path::Path>,
        scenery: Option<&std::path::Path>,
    ) {
        live.watch(&SETTINGS, settings);
        live.watch(&SCENERY, scenery);
        self.live = live;
    }

    /// New scenery settings: every row is made again from them (the runner runs on), by a new
    /// background generator if the scene had one. Until a row's new boxes arrive its old ones
    /// stay shown, so the view never has a hole; with another chunk size the old rows cover
    /// other ground and go at once. Errors: its thread could not start; the old scenery is
    /// kept.
    pub fn replace_scenery(&mut self, scenery: ScatterSettings) -> anyhow::Result<()> {
        let scatter = Scatter::new(scenery, self.scatter.seed());
        if self.generator.is_some() {
            let old = self.generator.replace(generator::start(scatter.clone())?);
            // A row in the making is finished off the render thread.
            crate::worker::retire("scenery generator retired", old);
        }
        if scatter.settings().chunk_size != self.scatter.settings().chunk_size {
            self.rows.clear();
        }
        self.scatter = scatter;
        // Every row is asked for again; an arriving row takes its old one's place.
        self.requested.clear();
        self.scenery_dirty = true;
        Ok(())
    }

    /// Applies the edits of the watched files: new runner settings from the next section on
    /// ([`Runner::set_settings`]), new scenery at once; a refused edit keeps what is shown.
    fn apply_live_edits(&mut self) {
        let mut live = std::mem::take(&mut self.live);
        live.apply(&SETTINGS, |settings, _| {
            self.runner.set_settings(settings);
            Ok(())
        });
        live.apply(&SCENERY, |scenery, _| self.replace_scenery(scenery));
        self.live = live;
    }

    /// Space: start, or restart after game over.
    pub fn press_start(&mut self) {
        self.pending.start = true;
    }

    /// The jump key.
    pub fn press_jump(&mut self) {
        self.pending.jump = true;
    }

    /// One fixed step with the latched input (or the autopilot's).
    pub fn step(&mut self) {
        let pressed = RunnerInput {
            crouch: self.crouch_held,
            ..std::mem::take(&mut self.pending)
        };
        let input = with_autopilot(&self.runner, self.autopilot, pressed);
        self.runner.step(input, STEP);
    }

    /// Name of the scenery slice the player is in.
    pub fn slice_name(&self) -> &str {
        let slices = &self.scatter.settings().slices;
        let slice = self.scatter.slice_at(self.runner.player().z as f32);
        &slices[slice.min(slices.len() - 1)].name
    }

    /// The chunk rows in view (first, last).
    fn rows_in_view(&self) -> (i32, i32) {
        rows_in_view(
            self.runner.player().z as f32,
            self.scatter.settings().chunk_size,
        )
    }

    /// Takes whatever scenery the generator finished (never waiting), asks for what is
    /// missing, and fills both batches. Measures the scenery's cost to the render thread.
    pub fn update_batches(&mut self, renderer: &mut Renderer) {
        let timer = StallTimer::start();
        let (first, last) = self.rows_in_view();
        let ahead = ((self.runner.player().z as f32 + GENERATE_AHEAD)
            / self.scatter.settings().chunk_size)
            .floor() as i32;
        match &self.generator {
            Some(generator) => {
                // Nearest first; a full queue is tried again next frame.
                for row in first..=ahead {
                    if !self.requested.contains(&row) {
                        if generator.try_send(row).is_err() {
                            break;
                        }
                        self.requested.insert(row);
                    }
                }
                // Rows arrive as finished boxes: taking one is a move, never a conversion.
                while let Some((row, boxes)) = generator.try_recv() {
                    if self.requested.contains(&row) {
                        self.rows.insert(row, boxes);
                        self.scenery_dirty = true;
                    }
                }
            }
            None => {
                for row in first..=last {
                    if self.requested.insert(row) {
                        self.rows.insert(row, scenery_row(&self.scatter, row));
                        self.scenery_dirty = true;
                    }
                }
            }
        }
        let stopped = self.generator.as_ref().is_some_and(Worker::stopped);
        if self.stats.failure.is_none() && stopped {
            let reason = "the scenery generator stopped: no more scenery will arrive";
            log::error!("{reason}");
            self.stats.failure = Some(reason.to_string());
        }
        // Rows behind the player are dropped, except those a restart shows at once.
        let (_, start_last) = rows_in_view(0.0, self.scatter.settings().chunk_size);
        let keep = |row: i32| row >= first || row <= start_last;
        let before = self.rows.len();
        self.rows.retain(|&row, _| keep(row));
        self.requested.retain(|&row| keep(row));
        self.scenery_dirty |= self.rows.len() != before || self.drawn != (first, last);
        if self.scenery_dirty
            && let Some(batch) = self.scenery_batch
        {
            self.scenery_dirty = false;
            self.drawn = (first, last);
            let count = (first..=last)
                .filter_map(|row| self.rows.get(&row).map(Vec::len))
                .sum();
            let slots = renderer.instances_mut(batch, count);
            let mut at = 0;
            for row in first..=last {
                if let Some(boxes) = self.rows.get(&row) {
                    slots[at..at + boxes.len()].copy_from_slice(boxes);
                    at += boxes.len();
                }
            }
            self.stats.scenery_instances = count;
        }
        self.stats.view.record(
            (first..=last)
                .filter(|r| !self.rows.contains_key(r))
                .count(),
        );
        self.stats.rows = self.rows.len();
        self.stats.stall.record(timer);

        if let Some(batch) = self.game_batch {
            renderer.refill(batch, |out| game_instances(&self.runner, out));
        }
    }
}

/// `--json` summary of the runner scene: what `horde runner` prints, then the scene's own.
#[derive(Serialize)]
struct Summary {
    frames: u64,
    #[serde(flatten)]
    run: RunFigures,
    runs: u64,
    holes_after_first_view: usize,
    stall_ms: Stat,
    stall_cpu_ms: Stat,
    scenery_rows: usize,
    scenery_instances: usize,
    #[serde(flatten)]
    live: ReloadCounts,
    /// The scene: `runner`.
    scene: &'static str,
}

impl Scene for RunnerScene {
    fn title(&self) -> String {
        "Horde — runner".to_string()
    }

    fn attach(&mut self, renderer: &mut Renderer) {
        self.game_batch = Some(renderer.add_batch(MeshKind::Cube, "runner"));
        self.scenery_batch = Some(renderer.add_batch(MeshKind::Cube, "scenery"));
        self.scenery_dirty = true;
    }

    fn update(&mut self, tick: Tick, _input: &InputState) {
        self.apply_live_edits();
        for _ in 0..tick.steps {
            self.step();
        }
    }

    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, _requests: &mut Requests) -> f32 {
        let slice = self.slice_name().to_string();
        let (runner, autopilot, stats) = (&self.runner, &mut self.autopilot, &self.stats);
        overlay::hud(ui.ctx(), "runner hud", |ui| {
            ui.heading(format!("Score: {:.0}", runner.score()));
            ui.label(format!(
                "speed {:.1}   distance {:.0}   slice: {}",
                runner.speed(),
                runner.distance(),
                slice
            ));
            ui.label(format!(
                "{:.0} FPS   {} scenery rows, {} boxes   recycled {} (pool {})",
                info.fps(),
                stats.rows,
                stats.scenery_instances,
                runner.sections_recycled(),
                runner.sections().len()
            ));
            let s = &stats.stall;
            ui.label(format!(
                "scenery stall {:.2} ms (max {:.2}; CPU {:.2}, max {:.2})",
                s.ms, s.max_ms, s.cpu_ms, s.max_cpu_ms
            ));
            if let Some(failure) = &stats.failure {
                ui.colored_label(overlay::ERROR_COLOR, failure);
            }
            ui.checkbox(autopilot, "autopilot (P)");
            ui.small("Space start/restart · W/Up jump · S/Down crouch · F12 screenshot · Esc quit");
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
            let place = (egui::Align2::CENTER_CENTER, -60.0);
            overlay::banner(
                ui.ctx(),
                "runner message",
                place,
                &message,
                overlay::ERROR_COLOR,
            );
        }
        self.live.show(ui.ctx());
        0.0
    }

    fn prepare(&mut self, renderer: &mut Renderer, _ctx: &GpuContext) -> anyhow::Result<()> {
        self.update_batches(renderer);
        Ok(())
    }

    fn frame_params(&mut self, viewport: Viewport) -> FrameParams {
        frame_params(self.runner.player().z as f32, viewport.aspect())
    }

    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool, _requests: &mut Requests) {
        match key {
            KeyCode::Space if pressed && !repeat => self.press_start(),
            KeyCode::KeyW | KeyCode::ArrowUp if pressed && !repeat => self.press_jump(),
            KeyCode::KeyS | KeyCode::ArrowDown => self.crouch_held = pressed,
            KeyCode::KeyP if pressed && !repeat => self.autopilot = !self.autopilot,
            _ => {}
        }
    }

    fn focus_lost(&mut self) {
        self.crouch_held = false;
    }
}

impl Reporting for RunnerScene {
    fn exit_line(&self) -> String {
        let s = &self.stats;
        let runner = &self.runner;
        format!(
            "runner {:?}, score {:.0}, distance {:.1}, {} runs, {} sections recycled in a pool of {}; scenery: {} rows, {}",
            runner.state(),
            runner.score(),
            runner.distance(),
            runner.runs(),
            runner.sections_recycled(),
            runner.sections().len(),
            s.rows,
            s.stall.describe(&s.view, "rows")
        )
    }

    fn summary_json(&self, frames: u64) -> anyhow::Result<String> {
        Ok(serde_json::to_string(&Summary {
            scene: "runner",
            frames,
            run: RunFigures::of(&self.runner),
            runs: self.runner.runs(),
            holes_after_first_view: self.stats.view.max_missing_after_fill,
            stall_ms: self.stats.stall.wall_stat(),
            stall_cpu_ms: self.stats.stall.cpu_stat(),
            scenery_rows: self.stats.rows,
            scenery_instances: self.stats.scenery_instances,
            live: self.live.counts(),
        })?)
    }
}
