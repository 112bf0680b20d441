//! The city walk: a walker in the infinite Wave Function Collapse city. The render thread only
//! takes finished columns from the generator and never waits; it draws the columns near the
//! walker (distance culling keeps the edge of generation out of sight) as instanced cubes in one
//! batch.
//!
//! W/A/S/D walk, middle-drag looks around, Space toggles auto-walk (on at start).

use super::draw::{CITY_SET, CITY_SET_PATH, module_instances};
use super::generator::{self, Column, Generated};
use crate::clock::STEP;
use crate::scenes::camera::{look_at, perspective};
use crate::scenes::stall::{StallStats, StallTimer, ViewFill};
use crate::scenes::{FrameInfo, InputState, Requests, Scene, Tick, Viewport};
use crate::stats::Stat;
use crate::worker::Worker;
use glam::{Mat4, Vec3};
use horde_levelgen::wfc::infinite::Area;
use horde_levelgen::wfc::{InfiniteMap, ModuleSet};
use horde_renderer::{BatchId, FrameParams, GpuContext, Instance, MeshKind, Renderer};
use serde::Serialize;
use std::collections::{HashMap, VecDeque};
use std::f32::consts::{FRAC_PI_2, PI, TAU};
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

/// Walking speed, cells per second.
const WALK_SPEED: f32 = 4.0;
/// The highest step the walker climbs, in cells (a storey is one).
const STEP_UP: f32 = 1.05;
/// The walker's half width, in cells.
const BODY_RADIUS: f32 = 0.2;
/// Eye height above the feet, in cells.
const EYE_HEIGHT: f32 = 0.8;
/// Cells drawn around the walker.
pub const VIEW_RADIUS: i32 = 14;
/// Cells drawn around the walker in the overview.
pub const OVERVIEW_RADIUS: i32 = 36;
/// Columns (and their boxes) kept around the walker; farther ones are dropped.
pub const KEEP_RADIUS: i32 = super::generator::KEEP_RADIUS;
/// Cells the walker moves between two sweeps for columns to drop.
const DROP_EVERY: i32 = 8;
/// Render-thread time per frame for turning arrived columns into boxes, seconds.
const CONVERT_BUDGET_S: f64 = 0.5e-3;

/// Counters for the overlay, the exit line and the summary.
#[derive(Clone, Debug, Default)]
pub struct CityStats {
    /// Columns received from the generator.
    pub columns: usize,
    /// Backtracks reported by the generator.
    pub backtracks: u64,
    /// Cells of columns sent again that differed from what was shown (0: the map is a pure
    /// function of seed and position).
    pub regenerated_shown: u64,
    /// Blocks the generator could not solve, which kept the layer below.
    pub blocks_kept: u64,
    /// Instances drawn.
    pub instances: usize,
    /// Cells walked, horizontally.
    pub distance: f64,
    /// Frames whose eye point was inside a solid box.
    pub inside_solid_frames: u64,
    /// The most columns held at once.
    pub columns_resident_max: usize,
    /// The render thread's time taking columns and rebuilding the batch.
    pub stall: StallStats,
    /// Columns within view not arrived yet.
    pub view: ViewFill,
}

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
}

/// The walker's city.
pub struct CityScene {
    set: ModuleSet,
    /// Where each received column's boxes are in `boxes`.
    columns: HashMap<(i32, i32), u32>,
    /// Each received column's boxes, built once when it arrives.
    boxes: Vec<Vec<Instance>>,
    /// The top of each received column (its highest box), what the walker stands on.
    tops: Vec<f32>,
    /// Each received column's modules, bottom first (to check a column sent again).
    modules: Vec<Vec<u16>>,
    /// Scratch for [`CityScene::rebuild`]: the `boxes` entries within view.
    in_view: Vec<u32>,
    /// Slots of dropped columns, reused for the next ones to arrive.
    free: Vec<u32>,
    /// Where the last sweep for far columns was made.
    last_drop: (i32, i32),
    /// The radius the batch was last filled for.
    drawn_radius: i32,
    /// Columns received but not yet turned into boxes.
    arrived: VecDeque<Column>,
    /// The background generator (none when columns are fed by hand, as for screenshots).
    generator: Option<Worker<(i32, i32), Generated>>,
    /// Why the generator stopped, if it did (shown in the overlay).
    pub failure: Option<String>,
    /// Walker position (simulation frame: `+x` east, `+z` north), in cells.
    pub position: Vec3,
    /// Heading, radians clockwise from north.
    pub yaw: f32,
    /// Look up/down, radians.
    pub pitch: f32,
    /// Walk forward by itself.
    pub auto_walk: bool,
    /// Show the city from above the walker instead of through its eyes (`O`).
    pub overview: bool,
    /// Quarter turns auto-walk made since the walker entered its cell.
    turns_in_cell: u8,
    /// Height of the walker's feet (what it stands on, smoothed).
    pub feet: f32,
    /// The cell the generator was last told about.
    last_cell: Option<(i32, i32)>,
    dirty: bool,
    batch: Option<BatchId>,
    /// Counters.
    pub stats: CityStats,
}

impl CityScene {
    /// Parses the built-in city set and starts the generator thread for `seed`.
    pub fn new(seed: u64) -> anyhow::Result<CityScene> {
        let set = ModuleSet::parse(CITY_SET, CITY_SET_PATH.as_ref())?;
        let generator = generator::start(set.clone(), seed)?;
        Ok(CityScene::with_generator(set, Some(generator)))
    }

    /// The scene of `set` with no generator: columns come only through
    /// [`CityScene::take_columns`] (deterministic, for screenshots and tests).
    pub fn without_generator(set: ModuleSet) -> CityScene {
        CityScene::with_generator(set, None)
    }

    fn with_generator(
        set: ModuleSet,
        generator: Option<Worker<(i32, i32), Generated>>,
    ) -> CityScene {
        CityScene {
            set,
            columns: HashMap::new(),
            boxes: Vec::new(),
            tops: Vec::new(),
            modules: Vec::new(),
            free: Vec::new(),
            last_drop: (0, 0),
            drawn_radius: VIEW_RADIUS,
            in_view: Vec::new(),
            arrived: VecDeque::new(),
            generator,
            failure: None,
            position: Vec3::new(0.5, 0.0, 0.5),
            yaw: 0.0,
            pitch: -0.2,
            feet: 0.0,
            auto_walk: true,
            overview: false,
            turns_in_cell: 0,
            last_cell: None,
            dirty: true,
            batch: None,
            stats: CityStats::default(),
        }
    }

    /// Takes the columns of `area` that `map` has made and the scene does not hold yet.
    pub fn take_columns(&mut self, map: &InfiniteMap<'_>, area: Area) {
        for z in area.z0..area.z1 {
            for x in area.x0..area.x1 {
                if !self.columns.contains_key(&(x, z))
                    && let Some(column) = map.column(x, z)
                {
                    self.take_column((x, z), column.to_vec());
                }
            }
        }
    }

    /// The walker's cell.
    pub fn cell(&self) -> (i32, i32) {
        (
            self.position.x.floor() as i32,
            self.position.z.floor() as i32,
        )
    }

    /// Moves the walker: `forward` and `right` in cells per second, for `dt` seconds. The
    /// walker waits where it stands until the view around it has been generated once, and
    /// whenever columns in view are still missing, so it never walks into ungenerated space.
    ///
    /// It stands on whatever is highest in its column (street, stairs, roofs, bridges). It can
    /// step up at most [`STEP_UP`] (a storey) and drop any height. Walking by hand, a move into
    /// a column it cannot climb slides along the wall, one axis at a time; on auto-walk it heads
    /// straight on and, at a wall, turns a quarter to the right, else to the left, else back
    /// (walled in, after four turns in one cell, it climbs out ahead).
    /// Its feet rise at once onto what it climbs (so its eye is never inside a box of its
    /// column) and sink smoothly when it steps down.
    pub fn walk(&mut self, forward: f32, right: f32, dt: f32) {
        let p = self.position;
        let waiting = !self.stats.view.filled || self.stats.view.missing > 0;
        if waiting {
            // Stands still, on whatever has arrived under it.
        } else if self.auto_walk {
            let heading = |yaw: f32| Vec3::new(yaw.sin(), 0.0, yaw.cos()) * WALK_SPEED * dt;
            let confined = self.turns_in_cell >= 4;
            if confined || self.free(p + heading(self.yaw)) {
                // Walled in (four turns without leaving the cell): climb out straight ahead
                // rather than circle for ever.
                self.position += heading(self.yaw);
            } else if let Some(turn) = [FRAC_PI_2, -FRAC_PI_2, PI]
                .into_iter()
                .find(|&turn| self.free(p + heading(self.yaw + turn)))
            {
                self.yaw = (self.yaw + turn).rem_euclid(TAU);
                self.turns_in_cell += 1;
            } else {
                self.turns_in_cell = 4;
            }
            if (self.position.x.floor(), self.position.z.floor()) != (p.x.floor(), p.z.floor()) {
                self.turns_in_cell = 0;
            }
        } else {
            let ahead = Vec3::new(self.yaw.sin(), 0.0, self.yaw.cos());
            let side = Vec3::new(self.yaw.cos(), 0.0, -self.yaw.sin());
            let step = (ahead * forward + side * right) * WALK_SPEED * dt;
            if self.free(p + step) {
                self.position += step;
            } else if self.free(p + Vec3::new(step.x, 0.0, 0.0)) {
                self.position.x += step.x;
            } else if self.free(p + Vec3::new(0.0, 0.0, step.z)) {
                self.position.z += step.z;
            }
        }
        self.stats.distance += f64::from((self.position - p).length());
        let ground = self.top_at(self.position);
        if ground > self.feet {
            self.feet = ground;
        } else {
            self.feet += (ground - self.feet) * (dt * 8.0).min(1.0);
        }
    }

    /// Whether the walker's body fits at `p`: no column under it rises more than a storey
    /// above its feet.
    fn free(&self, p: Vec3) -> bool {
        let limit = self.feet + STEP_UP;
        [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)]
            .iter()
            .all(|&(dx, dz)| self.top_at(p + Vec3::new(dx, 0.0, dz) * BODY_RADIUS) <= limit)
    }

    /// The height of the highest box in the column under `p` (0 where nothing has arrived).
    fn top_at(&self, p: Vec3) -> f32 {
        self.columns
            .get(&(p.x.floor() as i32, p.z.floor() as i32))
            .and_then(|&slot| self.tops.get(slot as usize))
            .copied()
            .unwrap_or(0.0)
    }

    /// The walker's eye.
    fn eye(&self) -> Vec3 {
        self.position + Vec3::new(0.0, self.feet + EYE_HEIGHT, 0.0)
    }

    /// Whether `p` lies inside one of the boxes of its column.
    fn inside_solid(&self, p: Vec3) -> bool {
        let Some(&slot) = self.columns.get(&(p.x.floor() as i32, p.z.floor() as i32)) else {
            return false;
        };
        self.boxes[slot as usize].iter().any(|b| {
            let local = Mat4::from_cols_array_2d(&b.model)
                .inverse()
                .transform_point3(p);
            local.abs().max_element() < 0.5
        })
    }

    /// Takes whatever the generator finished (never waiting) and rebuilds the batch if the
    /// view changed. Measures the time this costs the render thread.
    pub fn update_batch(&mut self, renderer: &mut Renderer) {
        let timer = StallTimer::start();
        let cell = (
            self.position.x.floor() as i32,
            self.position.z.floor() as i32,
        );
        if self.last_cell != Some(cell) {
            self.dirty = true;
            // A full queue is tried again next frame.
            if self
                .generator
                .as_ref()
                .is_none_or(|g| g.try_send(cell).is_ok())
            {
                self.last_cell = Some(cell);
            }
        }
        // Never waits: takes only what the generator has already finished, and turns columns
        // into boxes for at most half a millisecond; the rest waits for the next frame.
        while let Some(generated) = self.generator.as_ref().and_then(Worker::try_recv) {
            match generated {
                Generated::Columns(settled) => {
                    self.stats.backtracks = settled.backtracks;
                    self.stats.blocks_kept = settled.blocks_kept;
                    self.arrived.extend(settled.columns);
                }
                Generated::Failed(reason) => {
                    log::error!("{reason}");
                    self.failure = Some(reason);
                }
            }
        }
        while timer.elapsed_s() < CONVERT_BUDGET_S
            && let Some(((x, z), column)) = self.arrived.pop_front()
        {
            self.take_column((x, z), column);
        }
        if (cell.0 - self.last_drop.0)
            .abs()
            .max((cell.1 - self.last_drop.1).abs())
            >= DROP_EVERY
        {
            self.drop_far(cell);
        }
        // What just arrived under the walker lifts it at once (its eye stays out of boxes).
        self.feet = self.feet.max(self.top_at(self.position));
        self.dirty |= self.drawn_radius != self.draw_radius();
        if self.dirty
            && let Some(batch) = self.batch
        {
            self.drawn_radius = self.draw_radius();
            self.rebuild(cell, renderer, batch);
            self.dirty = false;
        }
        self.stats.stall.record(timer);
    }

    /// Turns an arrived column into boxes in a free slot (or checks it against the column
    /// already there: a column sent again must not differ), and counts it.
    fn take_column(&mut self, (x, z): (i32, i32), column: Vec<u16>) {
        match self.columns.entry((x, z)) {
            std::collections::hash_map::Entry::Vacant(entry) => {
                // A dropped column's slot is reused, boxes vector and all.
                let slot = match self.free.pop() {
                    Some(slot) => slot,
                    None => {
                        self.boxes.push(Vec::new());
                        self.tops.push(0.0);
                        self.modules.push(Vec::new());
                        (self.boxes.len() - 1) as u32
                    }
                };
                let i = slot as usize;
                self.boxes[i].clear();
                for (y, &m) in column.iter().enumerate() {
                    let cell_centre = Vec3::new(x as f32 + 0.5, y as f32, z as f32 + 0.5);
                    module_instances(&self.set, m as usize, cell_centre, &mut self.boxes[i]);
                }
                self.tops[i] = self.set.column_top(&column);
                self.modules[i] = column;
                entry.insert(slot);
            }
            // Sent again (the generator dropped it and made it anew): it must not differ.
            std::collections::hash_map::Entry::Occupied(entry) => {
                let before = &self.modules[*entry.get() as usize];
                self.stats.regenerated_shown +=
                    before.iter().zip(&column).filter(|(a, b)| a != b).count() as u64;
            }
        }
        self.stats.columns = self.columns.len();
        self.stats.columns_resident_max = self.stats.columns_resident_max.max(self.columns.len());
        self.dirty = true;
    }

    /// Drops the columns (and their boxes) more than [`KEEP_RADIUS`] columns from `cell`;
    /// their slots are reused. Coming back, the generator sends them again, identical.
    fn drop_far(&mut self, cell: (i32, i32)) {
        self.last_drop = cell;
        let free = &mut self.free;
        self.columns.retain(|&(x, z), &mut slot| {
            let near = (x - cell.0).abs().max((z - cell.1).abs()) <= KEEP_RADIUS;
            if !near {
                free.push(slot);
            }
            near
        });
        self.stats.columns = self.columns.len();
    }

    /// Cells drawn around the walker now.
    fn draw_radius(&self) -> i32 {
        if self.overview {
            OVERVIEW_RADIUS
        } else {
            VIEW_RADIUS
        }
    }

    /// Copies the cached boxes of the columns within view straight into the batch (one hash
    /// lookup per cell of the view). Columns missing within the walker's view are counted.
    fn rebuild(&mut self, (cx, cz): (i32, i32), renderer: &mut Renderer, batch: BatchId) {
        self.in_view.clear();
        let radius = self.draw_radius();
        let (mut cells_in_view, mut missing) = (0, 0);
        let mut count = 0;
        for z in -radius..=radius {
            for x in -radius..=radius {
                if x * x + z * z > radius * radius {
                    continue;
                }
                let walker_view = x * x + z * z <= VIEW_RADIUS * VIEW_RADIUS;
                cells_in_view += walker_view as usize;
                match self.columns.get(&(cx + x, cz + z)) {
                    Some(&slot) => {
                        self.in_view.push(slot);
                        count += self.boxes[slot as usize].len();
                    }
                    None => missing += walker_view as usize,
                }
            }
        }
        debug_assert!(missing <= cells_in_view);
        self.stats.view.record(missing);
        let slots = renderer.instances_mut(batch, count);
        let mut at = 0;
        for &slot in &self.in_view {
            let boxes = &self.boxes[slot as usize];
            slots[at..at + boxes.len()].copy_from_slice(boxes);
            at += boxes.len();
        }
        self.stats.instances = count;
    }

    /// Camera and light: the walker's eyes, [`EYE_HEIGHT`] above its feet, with fog in the
    /// sky's colour fading the view's end; or, in the overview, from high above and behind the
    /// walker, looking down at it, without fog.
    pub fn camera(&self, aspect: f32) -> FrameParams {
        let (view, fog) = if self.overview {
            let behind = Vec3::new(-self.yaw.sin(), 0.0, -self.yaw.cos());
            let target = self.position + Vec3::new(0.0, self.feet, 0.0);
            let eye = target + behind * 34.0 + Vec3::new(0.0, 42.0, 0.0);
            (look_at(eye, target), None)
        } else {
            let eye = self.eye();
            let (sp, cp) = self.pitch.sin_cos();
            let look = Vec3::new(self.yaw.sin() * cp, sp, self.yaw.cos() * cp);
            let end = VIEW_RADIUS as f32 - 0.5;
            (look_at(eye, eye + look), Some([end * 0.45, end]))
        };
        FrameParams {
            view,
            proj: perspective(70.0, aspect, 0.05, 200.0),
            light_dir: Vec3::new(0.4, 1.0, -0.3),
            ambient: 0.4,
            clear: [0.45, 0.6, 0.8, 1.0],
            viewport: None,
            fog,
        }
    }
}

impl Scene for CityScene {
    fn title(&self) -> String {
        "Horde — city".to_string()
    }

    fn attach(&mut self, renderer: &mut Renderer) {
        self.batch = Some(renderer.add_batch(MeshKind::Cube, "city"));
        self.dirty = true;
    }

    fn update(&mut self, tick: Tick, input: &InputState) {
        let (forward, right) = input.move_direction();
        for _ in 0..tick.steps {
            self.walk(forward, right, STEP as f32);
        }
    }

    fn overlay(&mut self, ui: &mut egui::Ui, info: &FrameInfo, _requests: &mut Requests) -> f32 {
        egui::Area::new(egui::Id::unique("city stats"))
            .fixed_pos(egui::pos2(10.0, 10.0))
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    let s = &self.stats;
                    ui.label(format!(
                        "{:.0} FPS   {} columns   {} instances   {} in view not generated yet",
                        info.fps(),
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
                    if let Some(failure) = &self.failure {
                        ui.colored_label(egui::Color32::from_rgb(255, 90, 90), failure);
                    }
                    ui.checkbox(&mut self.auto_walk, "auto-walk (Space)");
                    ui.checkbox(&mut self.overview, "overview (O)");
                    ui.small("WASD walk · right-drag look · F12 screenshot · Esc quit");
                });
            });
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
        if self.inside_solid(self.eye()) {
            self.stats.inside_solid_frames += 1;
        }
    }

    fn key(&mut self, key: KeyCode, pressed: bool, repeat: bool, _requests: &mut Requests) {
        if !pressed || repeat {
            return;
        }
        match key {
            KeyCode::Space => self.auto_walk = !self.auto_walk,
            KeyCode::KeyO => {
                self.overview = !self.overview;
                self.dirty = true;
            }
            _ => {}
        }
    }

    fn cursor_moved(&mut self, delta: glam::Vec2, input: &InputState) {
        if input.button_held(MouseButton::Right) || input.button_held(MouseButton::Middle) {
            self.yaw += delta.x * 0.005;
            self.pitch = (self.pitch - delta.y * 0.005).clamp(-1.4, 1.4);
        }
    }

    fn exit_line(&self) -> String {
        let s = &self.stats;
        let failure = self
            .failure
            .as_ref()
            .map_or(String::new(), |f| format!("; {f}"));
        format!(
            "{} columns, {} backtracks, {} shown cells regenerated, {}{failure}",
            s.columns,
            s.backtracks,
            s.regenerated_shown,
            s.stall.describe(&s.view, "columns")
        )
    }

    fn summary_json(&self, frames: u64) -> anyhow::Result<String> {
        let s = &self.stats;
        Ok(serde_json::to_string(&Summary {
            frames,
            distance: s.distance,
            inside_solid_frames: s.inside_solid_frames,
            regenerated_shown: s.regenerated_shown,
            holes_after_first_view: s.view.max_missing_after_fill,
            columns_resident_max: s.columns_resident_max,
            stall_ms: s.stall.wall_stat(),
            stall_cpu_ms: s.stall.cpu_stat(),
            columns: s.columns,
            backtracks: s.backtracks,
        })?)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use glam::Quat;

    /// A scene whose columns around the origin are flat street, with one column of height
    /// `top` at `(0, 2)`.
    fn scene_with_column(top: f32) -> CityScene {
        let mut scene = CityScene::new(1).unwrap();
        for z in -3..6 {
            for x in -3..4 {
                let height = if (x, z) == (0, 2) { top } else { 0.1 };
                let model = Mat4::from_scale_rotation_translation(
                    Vec3::new(1.0, height, 1.0),
                    Quat::IDENTITY,
                    Vec3::new(x as f32 + 0.5, height * 0.5, z as f32 + 0.5),
                );
                scene.columns.insert((x, z), scene.boxes.len() as u32);
                scene.tops.push(height);
                scene.modules.push(vec![0; 6]);
                scene.boxes.push(vec![Instance::new(model, [255; 4])]);
            }
        }
        scene.stats.view.filled = true;
        scene.auto_walk = false;
        scene.yaw = 0.0;
        scene.position = Vec3::new(0.5, 0.0, 0.5);
        scene
    }

    fn walk_north(scene: &mut CityScene, seconds: f32) {
        for _ in 0..(seconds * 60.0) as usize {
            scene.walk(1.0, 0.0, 1.0 / 60.0);
        }
    }

    #[test]
    fn a_wall_higher_than_a_storey_stops_the_walker() {
        let mut scene = scene_with_column(3.0);
        walk_north(&mut scene, 1.0);
        assert!(
            scene.position.z < 2.0 - BODY_RADIUS + 1e-3,
            "{}",
            scene.position
        );
        assert!(scene.feet < 0.2);
    }

    #[test]
    fn a_storey_is_climbed_and_its_top_becomes_the_ground() {
        let mut scene = scene_with_column(1.0);
        // Onto the column, then stop on it.
        for _ in 0..24 {
            scene.walk(1.0, 0.0, 1.0 / 60.0);
        }
        assert!(scene.position.z > 2.0, "{}", scene.position);
        for _ in 0..60 {
            scene.walk(0.0, 0.0, 1.0 / 60.0);
        }
        assert!((scene.feet - 1.0).abs() < 0.01, "{}", scene.feet);
    }

    #[test]
    fn auto_walk_turns_at_a_wall_instead_of_climbing_it() {
        let mut scene = scene_with_column(3.0);
        scene.auto_walk = true;
        walk_north(&mut scene, 1.5);
        assert!(
            scene.position.z < 2.0 - BODY_RADIUS + 1e-3,
            "{}",
            scene.position
        );
        assert!(
            scene.position.x > 1.5,
            "it did not turn right: {}",
            scene.position
        );
        assert!((scene.yaw - FRAC_PI_2).abs() < 1e-4, "{}", scene.yaw);
        assert!(scene.feet < 0.2, "it climbed: {}", scene.feet);
    }

    #[test]
    fn auto_walk_climbs_out_when_walled_in() {
        let mut scene = scene_with_column(0.1);
        for (x, z) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            scene.take_column((x + 100, z + 100), vec![0; 6]);
            let slot = scene.columns[&(x + 100, z + 100)] as usize;
            scene.tops[slot] = 3.0;
        }
        scene.take_column((100, 100), vec![0; 6]);
        scene.position = Vec3::new(100.5, 0.0, 100.5);
        scene.auto_walk = true;
        walk_north(&mut scene, 1.0);
        assert!(scene.position.z > 101.0, "stuck at {}", scene.position);
        assert!(!scene.inside_solid(scene.eye()));
    }

    #[test]
    fn the_eye_never_enters_a_box_of_its_column_while_climbing() {
        let mut scene = scene_with_column(1.0);
        for _ in 0..120 {
            scene.walk(1.0, 0.0, 1.0 / 60.0);
            assert!(
                !scene.inside_solid(scene.eye()),
                "{} {}",
                scene.position,
                scene.feet
            );
        }
        assert!(scene.position.z > 2.0, "{}", scene.position);
    }

    #[test]
    fn nobody_walks_before_the_view_is_generated() {
        let mut scene = scene_with_column(0.1);
        scene.stats.view.filled = false;
        walk_north(&mut scene, 1.0);
        assert_eq!(scene.position, Vec3::new(0.5, 0.0, 0.5));
    }

    #[test]
    fn the_scene_walks_by_fixed_steps_and_counts_its_distance() {
        let mut scene = scene_with_column(0.1);
        scene.auto_walk = true;
        scene.update(Tick::steps(60), &InputState::default());
        // One second at four cells a second.
        assert!(
            (scene.stats.distance - 4.0).abs() < 1e-3,
            "{}",
            scene.stats.distance
        );
        assert!((scene.position.z - 4.5).abs() < 1e-3, "{}", scene.position);
    }

    #[test]
    fn far_columns_are_dropped_and_their_slots_reused() {
        let mut scene = scene_with_column(0.1);
        let street = vec![0u16; 6];
        scene.take_column((200, 0), street.clone());
        let held = scene.columns.len();
        scene.drop_far((0, 0));
        assert_eq!(scene.columns.len(), held - 1, "the far column stays");
        assert_eq!(scene.free.len(), 1);
        let slots = scene.boxes.len();
        scene.take_column((10, 10), street.clone());
        assert_eq!(
            scene.boxes.len(),
            slots,
            "a new slot was made instead of reusing one"
        );
        assert!(scene.free.is_empty());
        // A column sent again is compared with what is held.
        let mut other = street.clone();
        other[5] = 1;
        scene.take_column((10, 10), other);
        assert_eq!(scene.stats.regenerated_shown, 1);
        scene.take_column((10, 10), street);
        assert_eq!(scene.stats.regenerated_shown, 1);
    }

    #[test]
    fn the_walker_view_is_fogged_and_the_overview_is_not() {
        let mut scene = scene_with_column(0.1);
        let walker = scene.camera(16.0 / 9.0);
        let [start, end] = walker.fog.unwrap();
        assert!(start > 0.0 && end <= VIEW_RADIUS as f32 && start < end);
        scene.key(KeyCode::KeyO, true, false, &mut Requests::default());
        assert!(scene.overview);
        let overview = scene.camera(16.0 / 9.0);
        assert!(overview.fog.is_none());
        // Seen from above: the camera is far higher than the walker's eye.
        let eye = overview.view.inverse().transform_point3(Vec3::ZERO);
        assert!(eye.y > 30.0, "{eye}");
        assert_eq!(scene.draw_radius(), OVERVIEW_RADIUS);
    }

    #[test]
    fn an_eye_inside_a_box_is_seen() {
        let scene = scene_with_column(3.0);
        assert!(scene.inside_solid(Vec3::new(0.5, 1.5, 2.5)));
        assert!(!scene.inside_solid(Vec3::new(0.5, 3.5, 2.5)));
        assert!(!scene.inside_solid(Vec3::new(0.5, 1.5, 1.5)));
    }
}
