//! The city walk's [`Scene`]: a walker in the infinite Wave Function Collapse city, glued to
//! the shell. Its rooms do the work: the walker itself (its moves, auto-walk's path search) is
//! levelgen's [`Walker`], walking the held [`Columns`](super::columns::Columns);
//! [`streaming`](super::streaming) brings columns from the background generator (the render
//! thread never waits) and says when the map around the walker is there;
//! [`view`](super::view) draws the columns near the walker as instanced cubes in one batch
//! and places the camera.
//!
//! W/A/S/D walk relative to the view (and take over from auto-walk), Space toggles
//! auto-walk, right-drag looks around, a left click captures the mouse for looking (Esc
//! releases it), `O` switches to the overview camera.
//!
//! `tests.rs` holds its tests: putting the walker down, keys and mouse, the summary's keys,
//! and module-set edits applied live.

use super::source::{Background, ColumnSource, InStep};
use super::streaming::Streaming;
use super::view::View;
use crate::clock::STEP;
use crate::live::{LiveFiles, ReloadCounts, Slot};
use crate::overlay;
use crate::scenes::stall::{StallStats, StallTimer};
use crate::scenes::{FrameInfo, InputState, Reporting, Requests, Scene, Tick, Viewport};
use crate::stats::Stat;
use anyhow::Context as _;
use horde_levelgen::collapse::{CITY_HEIGHT as HEIGHT, CITY_KEEP_RADIUS as KEEP_RADIUS, ModuleSet};
use horde_levelgen::walk::{Stepped, Terrain, Walker};
use horde_renderer::{FrameParams, GpuContext, Renderer};
use serde::Serialize;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

/// `--json` summary of the city scene.
#[derive(Serialize)]
struct Summary {
    frames: u64,
    distance: f64,
    inside_solid_frames: u64,
    regenerated_shown: u64,
    holes_after_first_view: usize,
    columns_resident_max: usize,
    stall_ms: Stat,
    stall_cpu_ms: Stat,
    columns: usize,
    backtracks: u64,
    plans: u64,
    feet_max: f32,
    seconds_above_street: f64,
    #[serde(flatten)]
    live: ReloadCounts,
    /// The scene: `city`.
    scene: &'static str,
}

/// The live-file slot of the module set.
const MODULES: Slot<ModuleSet> = Slot::new(0, |text, path| Ok(ModuleSet::parse(text, path)?));

/// The counters of the streams before the last regeneration, which the summary adds in.
#[derive(Clone, Copy, Debug, Default)]
struct Earlier {
    backtracks: u64,
    regenerated_shown: u64,
    columns_resident_max: usize,
    holes_after_first_view: usize,
}

/// The walker's city.
pub struct CityScene {
    /// The columns held and how they arrive.
    streaming: Streaming,
    /// The batch and the camera.
    view: View,
    /// The walker: where it is, how it moves, auto-walk.
    pub walker: Walker,
    /// Show the city from above the walker instead of through its eyes (`O`).
    pub overview: bool,
    /// Whether the mouse is captured for looking (a left click; Esc releases).
    captured: bool,
    /// The render thread's time taking columns and rebuilding the batch.
    stall: StallStats,
    /// Frames whose eye point was inside a solid box.
    inside_solid_frames: u64,
    /// The city's seed.
    seed: u64,
    /// The module set file, watched: an edit regenerates the city.
    pub live: LiveFiles,
    /// The streams' counters before the last regeneration.
    earlier: Earlier,
}

impl CityScene {
    /// Parses the built-in city set and starts the generator thread for `seed`.
    pub fn new(seed: u64) -> anyhow::Result<CityScene> {
        CityScene::in_background(ModuleSet::built_in()?, seed)
    }

    /// The city of `set` and `seed` with its generator on a background thread (the window).
    pub fn in_background(set: ModuleSet, seed: u64) -> anyhow::Result<CityScene> {
        let source = Background::start(set.clone(), seed)?;
        Ok(CityScene::with_source(set, Box::new(source), seed))
    }

    /// The city of `set` and `seed` with its generator in step: each new walker cell waits
    /// for the columns around it, so the walk and every picture of it are a pure function of
    /// set and seed (`horde screenshot`).
    pub fn in_step(set: ModuleSet, seed: u64) -> anyhow::Result<CityScene> {
        let source = InStep::start(set.clone(), seed)?;
        Ok(CityScene::with_source(set, Box::new(source), seed))
    }

    /// The scene of `set` with no generator: columns come only by hand (tests). `seed` steers
    /// auto-walk's wandering.
    #[cfg(test)]
    fn without_generator(set: ModuleSet, seed: u64) -> CityScene {
        CityScene::with_source(set, Box::new(super::source::ByHand), seed)
    }

    fn with_source(set: ModuleSet, source: Box<dyn ColumnSource>, seed: u64) -> CityScene {
        CityScene {
            walker: Walker::new(&set, seed),
            streaming: Streaming::new(set, source),
            view: View::default(),
            overview: false,
            captured: false,
            stall: StallStats::default(),
            inside_solid_frames: 0,
            seed,
            live: LiveFiles::off(),
            earlier: Earlier::default(),
        }
    }

    /// Watches the module set file at `modules` through `live`: an edit regenerates the city.
    pub fn watch(&mut self, mut live: LiveFiles, modules: Option<&std::path::Path>) {
        live.watch(&MODULES, modules);
        self.live = live;
    }

    /// The city of the module set `set` in place of this one. The city is a pure function of
    /// set, seed and position, so it is what a fresh start with `set` would show: every held
    /// column is dropped, the generator starts again on `set` (in the background, or in step
    /// as before), and the walker is put down again on a street near where it stood (the old
    /// street may be a wall now), facing the same way. Its odometer and the run's counters
    /// carry on. Errors: no infinite map can be made of `set` (its boundary or zoning has no
    /// solution), or the new generator thread could not start; the old city is kept.
    pub fn regenerate(&mut self, set: ModuleSet) -> anyhow::Result<()> {
        // The generator would find this only on its own thread, after the old city was gone.
        horde_levelgen::collapse::InfiniteMap::new(&set, HEIGHT, self.seed)
            .map_err(|e| anyhow::anyhow!("no city can be made of this module set: {e}"))?;
        let source = self.streaming.source().restart(&set, self.seed)?;
        let s = &self.streaming.stats;
        self.earlier = Earlier {
            backtracks: self.earlier.backtracks + s.backtracks,
            regenerated_shown: self.earlier.regenerated_shown + s.regenerated_shown,
            columns_resident_max: self
                .earlier
                .columns_resident_max
                .max(s.columns_resident_max),
            holes_after_first_view: (self.earlier.holes_after_first_view)
                .max(s.view.max_missing_after_fill),
        };
        let old = std::mem::replace(&mut self.streaming, Streaming::new(set.clone(), source));
        // The old generator may be inside a block: it is joined off the render thread.
        crate::worker::retire("city generator retired", old);
        let mut walker = Walker::new(&set, self.seed);
        walker.position = self.walker.position;
        walker.yaw = self.walker.yaw;
        walker.auto_walk = self.walker.auto_walk;
        walker.distance = self.walker.distance;
        walker.feet_max = self.walker.feet_max;
        walker.seconds_up = self.walker.seconds_up;
        self.walker = walker;
        self.view.invalidate();
        Ok(())
    }

    /// Regenerates the city if its module set file changed; a set that does not parse, or
    /// breaks a rule, keeps the city as it is and is shown until fixed.
    fn apply_live_edits(&mut self) {
        let mut live = std::mem::take(&mut self.live);
        live.apply(&MODULES, |set, path| {
            self.regenerate(set)
                .with_context(|| path.display().to_string())
        });
        self.live = live;
    }

    /// The walker's cell.
    pub fn cell(&self) -> (i32, i32) {
        self.walker.cell()
    }

    /// One fixed step of `dt` seconds, `forward` and `right` held (each `-1..1`, relative to
    /// the view): the walker steps ([`Walker::step`]) once the map around it is there, and
    /// the eye follows it.
    fn walk(&mut self, forward: f32, right: f32, dt: f32) {
        let ready = self.streaming.ready();
        let columns = self.streaming.columns();
        match self.walker.step(columns, (forward, right), ready, dt) {
            Stepped::Unplaced => self.view.wait_above(columns, &self.walker),
            Stepped::Placed => {
                self.view.land(self.walker.feet);
                self.streaming.restart_view();
            }
            Stepped::Waiting => {}
            Stepped::Walked => {
                self.view.follow(self.walker.feet, dt);
                if self.walker.auto_walk {
                    self.view.level(columns, &self.walker, dt);
                }
            }
        }
    }

    /// Takes whatever the generator finished (never waiting) and rebuilds the batch if the
    /// view changed. Measures the time this costs the render thread.
    fn update_batch(&mut self, renderer: &mut Renderer) {
        let timer = StallTimer::start();
        let cell = self.walker.cell();
        if self.streaming.pump(cell, &timer) {
            self.view.invalidate();
        }
        if self.streaming.sweep(cell) {
            self.walker.visits.forget_beyond(cell, KEEP_RADIUS);
        }
        let columns = self.streaming.columns();
        if self.view.redraw(columns, cell, self.overview, renderer) {
            self.streaming.survey(cell);
        }
        self.stall.record(timer);
    }

    /// Camera and light for an `aspect` (width over height) picture: the walker's eyes, or
    /// the overview.
    pub fn camera(&self, aspect: f32) -> FrameParams {
        self.view.camera(&self.walker, self.overview, aspect)
    }
}

impl Scene for CityScene {
    fn title(&self) -> String {
        "Horde — city".to_string()
    }

    fn attach(&mut self, renderer: &mut Renderer) {
        self.view.attach(renderer);
    }

    fn update(&mut self, tick: Tick, input: &InputState) {
        self.apply_live_edits();
        let (forward, right) = input.move_direction();
        for _ in 0..tick.steps {
            self.walk(forward, right, STEP as f32);
        }
    }

    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, _requests: &mut Requests) -> f32 {
        overlay::hud(ui.ctx(), "city stats", |ui| {
            let (s, stall) = (&self.streaming.stats, &self.stall);
            ui.label(format!(
                "{:.0} FPS   {} columns   {} instances   {} in view not generated yet",
                info.fps(),
                s.columns,
                self.view.instances,
                s.view.missing
            ));
            ui.label(format!(
                        "stall {:.2} ms (max {:.2}; CPU {:.2}, max {:.2})   backtracks {}   regenerated shown {}",
                        stall.ms,
                        stall.max_ms,
                        stall.cpu_ms,
                        stall.max_cpu_ms,
                        s.backtracks,
                        s.regenerated_shown
                    ));
            if let Some(failure) = &self.streaming.failure {
                ui.colored_label(overlay::ERROR_COLOR, failure);
            }
            ui.checkbox(&mut self.walker.auto_walk, "auto-walk (Space)");
            ui.checkbox(&mut self.overview, "overview (O)");
            ui.small(if self.captured {
                "WASD walk · mouse looks · Esc releases the mouse · F12 screenshot"
            } else {
                "WASD walk · click or right-drag to look · F12 screenshot · Esc quit"
            });
        });
        self.live.show(ui.ctx());
        0.0
    }

    fn prepare(&mut self, renderer: &mut Renderer, _ctx: &GpuContext) -> anyhow::Result<()> {
        self.update_batch(renderer);
        Ok(())
    }

    fn frame_params(&mut self, viewport: Viewport) -> FrameParams {
        self.camera(viewport.aspect())
    }

    fn rendered(&mut self, _renderer: &Renderer, _counters: &horde_renderer::FrameCounters) {
        let eye = self.view.eye(&self.walker).to_array();
        if self.streaming.columns().inside_solid(eye) {
            self.inside_solid_frames += 1;
        }
    }

    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool, _requests: &mut Requests) {
        if !pressed || repeat {
            return;
        }
        match key {
            KeyCode::Space => self.walker.auto_walk = !self.walker.auto_walk,
            KeyCode::KeyO => {
                self.overview = !self.overview;
                self.view.invalidate();
            }
            _ => {}
        }
    }

    fn cursor_moved(&mut self, delta: glam::Vec2, input: &InputState) {
        if input.captured
            || input.button_held(MouseButton::Right)
            || input.button_held(MouseButton::Middle)
        {
            self.view.look(&mut self.walker, delta);
        }
    }

    fn mouse_button(
        &mut self,
        button: MouseButton,
        pressed: bool,
        input: &InputState,
        requests: &mut Requests,
    ) {
        if button == MouseButton::Left && pressed && !input.captured && !self.overview {
            requests.capture_cursor = true;
            self.captured = true;
        }
    }

    fn cursor_released(&mut self) {
        self.captured = false;
    }
}

impl Reporting for CityScene {
    fn exit_line(&self) -> String {
        let s = &self.streaming.stats;
        let failure = self
            .streaming
            .failure
            .as_ref()
            .map_or(String::new(), |f| format!("; {f}"));
        let w = &self.walker;
        format!(
            "walked {:.1} cells, feet at {:.2} storeys (up to {:.2}), {:.1} s above the street; \
             {} columns, {} backtracks, {} shown cells regenerated, {}{failure}",
            w.distance,
            w.feet,
            w.feet_max,
            w.seconds_up,
            s.columns,
            s.backtracks,
            s.regenerated_shown,
            self.stall.describe(&s.view, "columns")
        )
    }

    fn summary_json(&self, frames: u64) -> anyhow::Result<String> {
        let (s, e) = (&self.streaming.stats, &self.earlier);
        Ok(serde_json::to_string(&Summary {
            scene: "city",
            frames,
            distance: self.walker.distance,
            inside_solid_frames: self.inside_solid_frames,
            regenerated_shown: e.regenerated_shown + s.regenerated_shown,
            holes_after_first_view: e.holes_after_first_view.max(s.view.max_missing_after_fill),
            columns_resident_max: e.columns_resident_max.max(s.columns_resident_max),
            stall_ms: self.stall.wall_stat(),
            stall_cpu_ms: self.stall.cpu_stat(),
            columns: s.columns,
            backtracks: e.backtracks + s.backtracks,
            plans: self.walker.autopilot.plans,
            feet_max: self.walker.feet_max,
            seconds_above_street: (self.walker.seconds_up * 100.0).round() / 100.0,
            live: self.live.counts(),
        })?)
    }
}

#[cfg(test)]
mod tests;
