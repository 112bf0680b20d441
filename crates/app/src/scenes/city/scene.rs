//! The city walk: a walker in the infinite Wave Function Collapse city. The render thread only
//! takes finished columns from the generator and never waits; it draws the columns near the
//! walker (distance fog hides the edge of what is drawn) as instanced cubes in one batch.
//!
//! The walker stands only on the walkable surfaces of the module shapes and moves among their
//! solids ([`walker`](super::walker)); auto-walk follows paths it searches over the places to
//! stand around it. W/A/S/D walk relative to the view (and take over from auto-walk), Space
//! toggles auto-walk, right-drag looks around, a left click captures the mouse for looking
//! (Esc releases it), `O` switches to the overview camera.

use super::columns::{Columns, Inserted};
use super::draw::{CITY_SET, CITY_SET_PATH};
use super::generator::{self, Column, Generated};
use super::walker::{AutoWalk, BODY, EYE_HEIGHT, WALK_SPEED, cost};
use crate::clock::STEP;
use crate::scenes::camera::{look_at, perspective};
use crate::scenes::stall::{StallStats, StallTimer, ViewFill};
use crate::scenes::{FrameInfo, InputState, Requests, Scene, Tick, Viewport};
use crate::stats::Stat;
use crate::worker::Worker;
use glam::{Vec2, Vec3};
use horde_levelgen::wfc::infinite::layout::{block_area, block_of};
use horde_levelgen::wfc::infinite::{Area, BlockCoord, LAYERS};
use horde_levelgen::wfc::{InfiniteMap, ModuleSet};
use horde_renderer::{BatchId, FrameParams, GpuContext, MeshKind, Renderer};
use serde::Serialize;
use std::collections::{HashMap, HashSet, VecDeque};
use std::f32::consts::{PI, TAU};
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

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
/// How fast the walker's view turns towards where auto-walk goes, radians per second.
const TURN_RATE: f32 = 3.0;
/// Radians of view turned per pixel of mouse movement.
const LOOK_PER_PIXEL: f32 = 0.004;
/// The walker waits while a column this close is missing: two more than the view, so that the
/// view never shows a hole while the generator catches up.
const WAIT_RADIUS: i32 = VIEW_RADIUS + 2;
/// Columns searched for a street to start on.
const START_SEARCH: i32 = 8;
/// Street columns tried for a way out before the walker is put on the nearest anyway.
const START_TRIES: usize = 24;

/// Counters for the overlay, the exit line and the summary.
#[derive(Clone, Debug, Default)]
pub struct CityStats {
    /// Columns held.
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
    /// Paths planned by auto-walk.
    pub plans: u64,
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
    plans: u64,
    feet_max: f32,
}

/// The walker's city.
pub struct CityScene {
    set: ModuleSet,
    /// The columns received, with their boxes, solids and places to stand.
    columns: Columns,
    /// Recent visits per column (auto-walk avoids walking the same cells again).
    visits: HashMap<(i32, i32), u32>,
    /// Scratch for [`CityScene::rebuild`]: the columns within view.
    in_view: Vec<(i32, i32)>,
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
    /// Walker position (simulation frame: `+x` east, `+z` north), in cells; `y` unused.
    pub position: Vec3,
    /// Height of the walker's feet: the surface it stands on.
    pub feet: f32,
    /// Height the eye is drawn from, minus [`EYE_HEIGHT`]: rises at once with the feet and
    /// sinks smoothly when they drop.
    view_feet: f32,
    /// Whether the walker has been put on a street yet.
    placed: bool,
    /// The highest the feet have been.
    feet_max: f32,
    /// Heading of the view, radians clockwise from north.
    pub yaw: f32,
    /// Look up/down, radians.
    pub pitch: f32,
    /// Walk by itself.
    pub auto_walk: bool,
    /// Auto-walk's planner and path.
    pub autopilot: AutoWalk,
    /// Show the city from above the walker instead of through its eyes (`O`).
    pub overview: bool,
    /// Whether the mouse is captured for looking (a left click; Esc releases).
    captured: bool,
    /// Columns within [`WAIT_RADIUS`] not arrived yet, at the last rebuild.
    missing_ahead: usize,
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
        Ok(CityScene::with_generator(set, Some(generator), seed))
    }

    /// The scene of `set` with no generator: columns come only through
    /// [`CityScene::take_columns`] (deterministic, for screenshots and tests). `seed` steers
    /// auto-walk's wandering.
    pub fn without_generator(set: ModuleSet, seed: u64) -> CityScene {
        CityScene::with_generator(set, None, seed)
    }

    fn with_generator(
        set: ModuleSet,
        generator: Option<Worker<(i32, i32), Generated>>,
        seed: u64,
    ) -> CityScene {
        CityScene {
            columns: Columns::new(&set),
            set,
            visits: HashMap::new(),
            last_drop: (0, 0),
            drawn_radius: VIEW_RADIUS,
            in_view: Vec::new(),
            arrived: VecDeque::new(),
            generator,
            failure: None,
            position: Vec3::new(0.5, 0.0, 0.5),
            feet: 0.0,
            view_feet: 0.0,
            placed: false,
            feet_max: 0.0,
            yaw: 0.0,
            pitch: -0.15,
            auto_walk: true,
            autopilot: AutoWalk::new(seed),
            overview: false,
            captured: false,
            missing_ahead: 0,
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
                if !self.columns.contains((x, z))
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

    /// Moves the walker: `forward` and `right` (each `-1..1`, relative to the view) for `dt`
    /// seconds; on auto-walk, along its planned path. The walker waits where it stands until
    /// the view around it has been generated once, and whenever columns in view or just
    /// beyond it ([`WAIT_RADIUS`]) are still missing, so it never walks into ungenerated space
    /// and the view never shows a hole. It is first put on the street
    /// nearest its start as soon as one has arrived (until then its eye stays above what is
    /// under it).
    ///
    /// It stands only on walkable surfaces and moves by levelgen's rules
    /// ([`Body::settle`](horde_levelgen::wfc::walkable::Body::settle)): up a step at most,
    /// stopped by walls; walking by hand, a move into a wall slides along it, one axis at a
    /// time.
    pub fn walk(&mut self, forward: f32, right: f32, dt: f32) {
        if !self.placed && !self.place_on_street() {
            // Until there is a street to stand on, the eye stays above whatever has arrived
            // where the walker waits.
            let top = self
                .columns
                .solids(self.cell())
                .iter()
                .map(|s| s.max[1])
                .fold(0.0, f32::max);
            self.view_feet = self.view_feet.max(top);
            return;
        }
        let waiting = !self.stats.view.filled || self.missing_ahead > 0;
        if waiting {
            return;
        }
        let before = self.position;
        if forward != 0.0 || right != 0.0 {
            self.auto_walk = false;
            let ahead = Vec3::new(self.yaw.sin(), 0.0, self.yaw.cos());
            let side = Vec3::new(self.yaw.cos(), 0.0, -self.yaw.sin());
            let step = (ahead * forward + side * right).clamp_length_max(1.0) * WALK_SPEED * dt;
            self.try_move(step, true);
        } else if self.auto_walk {
            self.follow_path(dt);
        }
        let moved = (self.position - before).length();
        self.stats.distance += f64::from(moved);
        if moved > 0.0 && self.cell() != (before.x.floor() as i32, before.z.floor() as i32) {
            *self.visits.entry(self.cell()).or_insert(0) += 1;
        }
        self.view_feet = if self.feet >= self.view_feet {
            self.feet
        } else {
            self.view_feet + (self.feet - self.view_feet) * (dt * 10.0).min(1.0)
        };
        self.feet_max = self.feet_max.max(self.feet);
    }

    /// Puts the walker on the middle of the nearest column (spiralling out) that is street at
    /// ground level and from where auto-walk finds somewhere to go (not a closed yard); after
    /// [`START_TRIES`] such columns without a way out, on the nearest of them. False while no
    /// street has arrived.
    fn place_on_street(&mut self) -> bool {
        let (cx, cz) = self.cell();
        let mut first: Option<((i32, i32), f32)> = None;
        let mut tries = 0;
        for r in 0..=START_SEARCH {
            for dz in -r..=r {
                for dx in -r..=r {
                    if dx.abs().max(dz.abs()) != r {
                        continue;
                    }
                    let cell = (cx + dx, cz + dz);
                    let street = self.columns.stands(cell).iter().find(|s| {
                        s.position() == (0.5, 0.5)
                            && s.height < 0.5
                            && self.columns.surface_cost(s.module) <= cost::STREET
                    });
                    let Some(height) = street.map(|s| s.height) else {
                        continue;
                    };
                    first.get_or_insert((cell, height));
                    let at = Vec3::new(cell.0 as f32 + 0.5, 0.0, cell.1 as f32 + 0.5);
                    let visits = |_| 0;
                    if self.autopilot.plan(&self.columns, at, height, visits) {
                        self.put(cell, height);
                        return true;
                    }
                    tries += 1;
                    if tries >= START_TRIES {
                        let (cell, height) = first.unwrap_or((cell, height));
                        self.put(cell, height);
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Puts the walker on the middle of `cell`, feet at `height`; start-up then ends with the
    /// view complete around it.
    fn put(&mut self, cell: (i32, i32), height: f32) {
        self.position = Vec3::new(cell.0 as f32 + 0.5, 0.0, cell.1 as f32 + 0.5);
        self.feet = height;
        self.view_feet = height;
        self.placed = true;
        self.stats.view.filled = false;
        self.dirty = true;
    }

    /// Moves by `step` if the body may go there; with `slide`, else along one axis.
    /// Returns whether it moved.
    fn try_move(&mut self, step: Vec3, slide: bool) -> bool {
        let tries = [
            step,
            Vec3::new(step.x, 0.0, 0.0),
            Vec3::new(0.0, 0.0, step.z),
        ];
        let count = if slide { 3 } else { 1 };
        for step in tries.into_iter().take(count) {
            if step.length_squared() == 0.0 {
                continue;
            }
            let to = self.position + step;
            let columns = &self.columns;
            if let Some(feet) = BODY.settle(|c| columns.solids(c), (to.x, to.z), self.feet) {
                self.position = to;
                self.feet = feet;
                return true;
            }
        }
        false
    }

    /// Auto-walk: plans when due, walks towards the next point of the path and turns the view
    /// towards where it goes.
    fn follow_path(&mut self, dt: f32) {
        if self.autopilot.needs_plan() {
            let visits = &self.visits;
            self.autopilot
                .plan(&self.columns, self.position, self.feet, |c| {
                    visits.get(&c).copied().unwrap_or(0)
                });
            self.stats.plans = self.autopilot.plans;
        }
        let speed = WALK_SPEED * dt;
        let moved = match self.autopilot.waypoint(self.position, speed.max(0.02)) {
            Some(point) => {
                let to = Vec2::new(point.x - self.position.x, point.z - self.position.z);
                let step = to.clamp_length_max(speed);
                let moved = self.try_move(Vec3::new(step.x, 0.0, step.y), true);
                if moved {
                    let wanted = step.x.atan2(step.y);
                    let diff = (wanted - self.yaw + PI).rem_euclid(TAU) - PI;
                    self.yaw = (self.yaw + diff.clamp(-TAU, TAU) * (TURN_RATE * dt).min(1.0))
                        .rem_euclid(TAU);
                }
                moved
            }
            None => false,
        };
        self.autopilot.tick(dt, moved);
    }

    /// The walker's eye.
    fn eye(&self) -> Vec3 {
        Vec3::new(
            self.position.x,
            self.view_feet + EYE_HEIGHT,
            self.position.z,
        )
    }

    /// Whether `p` lies inside one of the solids of its column.
    fn inside_solid(&self, p: Vec3) -> bool {
        self.columns.inside_solid(p)
    }

    /// Takes whatever the generator finished (never waiting) and rebuilds the batch if the
    /// view changed. Measures the time this costs the render thread.
    pub fn update_batch(&mut self, renderer: &mut Renderer) {
        let timer = StallTimer::start();
        let cell = self.cell();
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
                Generated::Dropped(blocks) => self.drop_blocks(&blocks),
                Generated::Failed(reason) => {
                    log::error!("{reason}");
                    self.failure = Some(reason);
                }
            }
        }
        // A generator that ended without saying why (a panic) is a failure too.
        if self.failure.is_none() && self.generator.as_ref().is_some_and(Worker::stopped) {
            let reason = "the city generator stopped: no more columns will arrive";
            log::error!("{reason}");
            self.failure = Some(reason.to_string());
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

    /// Turns an arrived column into boxes, solids and places to stand (or checks it against
    /// the column already held: a column sent again must not differ), and counts it.
    fn take_column(&mut self, cell: (i32, i32), column: Vec<u16>) {
        match self.columns.insert(&self.set, cell, column) {
            Inserted::New => self.dirty = true,
            Inserted::Again(differ) => self.stats.regenerated_shown += differ as u64,
        }
        self.stats.columns = self.columns.len();
        self.stats.columns_resident_max = self.stats.columns_resident_max.max(self.columns.len());
    }

    /// Drops the columns of `blocks` (blocks of the map's last layer the generator dropped),
    /// also those arrived but not yet taken; their slots are reused. Coming back, the
    /// generator sends them again, identical.
    fn drop_blocks(&mut self, blocks: &[BlockCoord]) {
        let last = LAYERS - 1;
        for &block in blocks {
            self.columns.drop_area(block_area(last, block));
        }
        let gone: HashSet<BlockCoord> = blocks.iter().copied().collect();
        self.arrived
            .retain(|((x, z), _)| !gone.contains(&block_of(last, *x, *z)));
        self.stats.columns = self.columns.len();
        self.dirty = true;
    }

    /// Forgets the visits counted more than [`KEEP_RADIUS`] columns from `cell`; without a
    /// generator (columns fed by hand) also drops the columns there, as the generator would.
    fn drop_far(&mut self, cell: (i32, i32)) {
        self.last_drop = cell;
        if self.generator.is_none() {
            self.columns.drop_far(cell, KEEP_RADIUS);
        }
        self.visits
            .retain(|&(x, z), _| (x - cell.0).abs().max((z - cell.1).abs()) <= KEEP_RADIUS);
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
        let scan = radius.max(WAIT_RADIUS);
        let (mut cells_in_view, mut missing, mut missing_ahead) = (0, 0, 0);
        let mut count = 0;
        for z in -scan..=scan {
            for x in -scan..=scan {
                let d2 = x * x + z * z;
                if d2 > scan * scan {
                    continue;
                }
                let walker_view = d2 <= VIEW_RADIUS * VIEW_RADIUS;
                cells_in_view += walker_view as usize;
                let cell = (cx + x, cz + z);
                if !self.columns.contains(cell) {
                    missing += walker_view as usize;
                    missing_ahead += (d2 <= WAIT_RADIUS * WAIT_RADIUS) as usize;
                } else if d2 <= radius * radius {
                    self.in_view.push(cell);
                    count += self.columns.boxes(cell).len();
                }
            }
        }
        self.missing_ahead = missing_ahead;
        debug_assert!(missing <= cells_in_view);
        self.stats.view.record(missing);
        let slots = renderer.instances_mut(batch, count);
        let mut at = 0;
        for &cell in &self.in_view {
            let boxes = self.columns.boxes(cell);
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
            let target = Vec3::new(self.position.x, self.feet, self.position.z);
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
            proj: perspective(70.0, aspect, 0.03, 200.0),
            light_dir: Vec3::new(0.4, 1.0, -0.3),
            ambient: 0.4,
            clear: [0.45, 0.6, 0.8, 1.0],
            viewport: None,
            fog,
        }
    }

    /// Turns the view by a mouse movement of `delta` pixels.
    fn look(&mut self, delta: Vec2) {
        self.yaw = (self.yaw + delta.x * LOOK_PER_PIXEL).rem_euclid(TAU);
        self.pitch = (self.pitch - delta.y * LOOK_PER_PIXEL).clamp(-1.4, 1.4);
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
                    ui.small(if self.captured {
                        "WASD walk · mouse looks · Esc releases the mouse · F12 screenshot"
                    } else {
                        "WASD walk · click or right-drag to look · F12 screenshot · Esc quit"
                    });
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
        if input.captured
            || input.button_held(MouseButton::Right)
            || input.button_held(MouseButton::Middle)
        {
            self.look(delta);
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
            plans: s.plans,
            feet_max: self.feet_max,
        })?)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use horde_levelgen::wfc::walkable::Solid;

    const SET_PATH: &str = "assets/wfc/city.ron";

    fn city_set() -> ModuleSet {
        ModuleSet::parse(CITY_SET, SET_PATH.as_ref()).unwrap()
    }

    /// A solid box over the whole of column `(x, z)` from `y0` to `y1`, part of a street
    /// module (the cheapest surface for auto-walk).
    fn slab((x, z): (i32, i32), y0: f32, y1: f32) -> Solid {
        let set = city_set();
        let street = set.modules.iter().position(|m| m.name == "street").unwrap();
        Solid {
            min: [x as f32, y0, z as f32],
            max: [x as f32 + 1.0, y1, z as f32 + 1.0],
            module: street as u16,
        }
    }

    /// A scene on flat street (0.1 high) around the origin, whose column `(0, 2)` holds
    /// `extra` on top of its street, ready to walk by hand, facing north.
    fn scene_with(extra: &[(f32, f32)]) -> CityScene {
        let mut scene = CityScene::without_generator(city_set(), 1);
        for z in -4..8 {
            for x in -4..5 {
                let mut solids = vec![slab((x, z), 0.0, 0.1)];
                if (x, z) == (0, 2) {
                    solids.extend(extra.iter().map(|&(y0, y1)| slab((x, z), y0, y1)));
                }
                scene.columns.insert_solids((x, z), solids);
            }
        }
        assert!(scene.place_on_street());
        scene.stats.view.filled = true;
        scene.auto_walk = false;
        scene
    }

    fn walk_north(scene: &mut CityScene, seconds: f32) {
        for _ in 0..(seconds * 60.0) as usize {
            scene.walk(1.0, 0.0, 1.0 / 60.0);
        }
    }

    /// No solid reaches into the walker's body, and its eye is in the open.
    fn assert_body_free(scene: &CityScene) {
        let p = scene.position;
        for (dx, dz) in [
            (0.0, 0.0),
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ] {
            let (x, z) = (p.x + dx * BODY.radius, p.z + dz * BODY.radius);
            let cell = (x.floor() as i32, z.floor() as i32);
            for solid in scene.columns.solids(cell) {
                assert!(
                    !(solid.covers(x, z)
                        && solid.overlaps_height(scene.feet + 1e-3, scene.feet + BODY.height)),
                    "a solid {solid:?} inside the body at {p} (feet {})",
                    scene.feet
                );
            }
        }
        assert!(!scene.inside_solid(scene.eye()), "eye inside at {p}");
    }

    #[test]
    fn the_walker_starts_on_the_street_and_walks_by_fixed_steps() {
        let mut scene = scene_with(&[]);
        assert!(scene.placed);
        scene.update(Tick::steps(60), &InputState::default());
        // Auto-walk is off and nothing is held: placed, but standing.
        assert!((scene.feet - 0.1).abs() < 1e-6, "{}", scene.feet);
        assert_eq!(scene.position, Vec3::new(0.5, 0.0, 0.5));
        walk_north(&mut scene, 1.0);
        assert!(
            (scene.stats.distance - f64::from(WALK_SPEED)).abs() < 1e-3,
            "{}",
            scene.stats.distance
        );
    }

    #[test]
    fn a_wall_stops_the_walker() {
        let mut scene = scene_with(&[(0.1, 3.0)]);
        walk_north(&mut scene, 2.0);
        assert!(
            scene.position.z < 2.0 - BODY.radius + 1e-3,
            "{}",
            scene.position
        );
        assert!((scene.feet - 0.1).abs() < 1e-6);
        assert_body_free(&scene);
    }

    #[test]
    fn a_low_step_is_climbed_and_a_storey_is_not() {
        let mut step = scene_with(&[(0.1, 0.22)]);
        walk_north(&mut step, 1.0);
        assert!(step.position.z > 2.0, "{}", step.position);
        assert!((step.feet - 0.22).abs() < 1e-6, "{}", step.feet);
        let mut storey = scene_with(&[(0.1, 1.1)]);
        walk_north(&mut storey, 2.0);
        assert!(storey.position.z < 2.0, "{}", storey.position);
        assert!(storey.feet < 0.2, "it climbed: {}", storey.feet);
    }

    #[test]
    fn a_walker_slides_along_a_wall_it_meets_at_an_angle() {
        let mut scene = scene_with(&[(0.1, 3.0)]);
        scene.yaw = 0.3;
        walk_north(&mut scene, 2.0);
        assert!(
            scene.position.x > 1.0,
            "it did not slide: {}",
            scene.position
        );
        assert!(scene.position.z < 2.0 || scene.position.x >= 1.0 + BODY.radius);
        assert_body_free(&scene);
    }

    #[test]
    fn the_walker_passes_under_a_bridge_but_not_a_low_lintel() {
        let mut bridge = scene_with(&[(1.0, 1.1)]);
        walk_north(&mut bridge, 2.0);
        assert!(bridge.position.z > 3.0, "{}", bridge.position);
        assert!((bridge.feet - 0.1).abs() < 1e-6);
        let mut lintel = scene_with(&[(0.5, 0.6)]);
        walk_north(&mut lintel, 2.0);
        assert!(lintel.position.z < 2.0, "{}", lintel.position);
    }

    #[test]
    fn auto_walk_goes_round_a_wall_by_its_path() {
        let mut scene = scene_with(&[(0.1, 3.0)]);
        scene.auto_walk = true;
        scene.autopilot.heading = 0.0;
        for _ in 0..300 {
            scene.walk(0.0, 0.0, 1.0 / 60.0);
            assert_body_free(&scene);
        }
        assert!(scene.stats.distance > 5.0, "{}", scene.stats.distance);
        assert!(scene.stats.plans > 0);
        assert!(scene.feet < 0.2, "it climbed: {}", scene.feet);
    }

    #[test]
    fn moving_by_hand_takes_over_from_auto_walk() {
        let mut scene = scene_with(&[]);
        scene.auto_walk = true;
        scene.walk(1.0, 0.0, 1.0 / 60.0);
        assert!(!scene.auto_walk);
        scene.key(KeyCode::Space, true, false, &mut Requests::default());
        assert!(scene.auto_walk);
    }

    #[test]
    fn nobody_walks_before_the_view_is_generated() {
        let mut scene = scene_with(&[]);
        scene.stats.view.filled = false;
        walk_north(&mut scene, 1.0);
        assert_eq!(scene.position, Vec3::new(0.5, 0.0, 0.5));
        assert_eq!(scene.stats.distance, 0.0);
    }

    #[test]
    fn far_columns_are_dropped_and_their_slots_reused() {
        let set = city_set();
        let mut scene = CityScene::without_generator(set, 1);
        let street = vec![0u16; 6];
        scene.take_column((0, 0), street.clone());
        scene.take_column((200, 0), street.clone());
        scene.drop_far((0, 0));
        assert_eq!(scene.columns.len(), 1, "the far column stays");
        assert_eq!(scene.columns.slots_free(), 1);
        let made = scene.columns.slots_made();
        scene.take_column((10, 10), street.clone());
        assert_eq!(
            scene.columns.slots_made(),
            made,
            "a slot was made, not reused"
        );
        assert_eq!(scene.columns.slots_free(), 0);
        // A column sent again is compared with what is held.
        let mut other = street.clone();
        other[5] = 1;
        scene.take_column((10, 10), other);
        assert_eq!(scene.stats.regenerated_shown, 1);
        scene.take_column((10, 10), street);
        assert_eq!(scene.stats.regenerated_shown, 1);
    }

    #[test]
    fn with_a_generator_only_the_generator_decides_what_is_dropped() {
        let mut scene = CityScene::new(1).unwrap();
        let street = vec![0u16; 6];
        scene.take_column((200, 0), street.clone());
        scene.drop_far((0, 0));
        assert!(
            scene.columns.contains((200, 0)),
            "dropped by the scene's own rule"
        );
        // The generator says the block is gone: its columns go, held or still arriving.
        let block = block_of(LAYERS - 1, 200, 0);
        let other = block_area(LAYERS - 1, block);
        scene
            .arrived
            .push_back(((other.x0 + 1, other.z0 + 1), street.clone()));
        scene.arrived.push_back(((0, 0), street));
        scene.drop_blocks(&[block]);
        assert!(!scene.columns.contains((200, 0)));
        assert_eq!(scene.arrived.len(), 1);
        assert_eq!(scene.arrived[0].0, (0, 0));
    }

    #[test]
    fn the_walker_view_is_fogged_and_the_overview_is_not() {
        let mut scene = scene_with(&[]);
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
    fn a_click_captures_the_mouse_for_looking_and_its_release_is_heard() {
        let mut scene = scene_with(&[]);
        let mut requests = Requests::default();
        let mut input = InputState::default();
        scene.mouse_button(MouseButton::Left, true, &input, &mut requests);
        assert!(requests.capture_cursor && scene.captured);
        input.captured = true;
        let yaw = scene.yaw;
        scene.cursor_moved(Vec2::new(100.0, 0.0), &input);
        assert!((scene.yaw - yaw - 100.0 * LOOK_PER_PIXEL).abs() < 1e-5);
        scene.cursor_released();
        assert!(!scene.captured);
        // Without capture or a held button, moving the mouse only points.
        input.captured = false;
        let yaw = scene.yaw;
        scene.cursor_moved(Vec2::new(100.0, 0.0), &input);
        assert_eq!(scene.yaw, yaw);
    }

    #[test]
    fn an_eye_inside_a_box_is_seen() {
        let scene = scene_with(&[(0.1, 3.0)]);
        assert!(scene.inside_solid(Vec3::new(0.5, 1.5, 2.5)));
        assert!(!scene.inside_solid(Vec3::new(0.5, 3.5, 2.5)));
        assert!(!scene.inside_solid(Vec3::new(0.5, 1.5, 1.5)));
    }

    /// Auto-walk on the real infinite city, made in this thread around the walker at every
    /// step as `horde screenshot --view walker` makes it: the body never holds a solid, the
    /// eye is never inside one, and the walker keeps going.
    #[test]
    fn a_long_auto_walk_never_enters_a_solid_and_keeps_moving() {
        for seed in [1, 2, 3] {
            let set = city_set();
            let mut map = InfiniteMap::new(&set, generator::HEIGHT, seed).unwrap();
            let mut scene = CityScene::without_generator(set.clone(), seed);
            scene.stats.view.filled = true;
            let reach = VIEW_RADIUS + 2;
            for step in 0..2400 {
                let (x, z) = scene.cell();
                let side = (2 * reach + 1) as u32;
                let area = Area::new(x - reach, z - reach, side, side);
                map.ensure(area).unwrap();
                scene.take_columns(&map, area);
                scene.walk(0.0, 0.0, 1.0 / 60.0);
                // Every column within reach is there: the view is complete.
                scene.stats.view.filled = true;
                if scene.placed {
                    assert_body_free(&scene);
                }
                if step % 600 == 599 {
                    scene.drop_far(scene.cell());
                    map.retain_near(x, z, generator::KEEP_RADIUS);
                }
            }
            assert!(scene.placed, "seed {seed}: never found a street");
            assert!(
                scene.stats.distance >= 25.0,
                "seed {seed}: walked only {} cells in 40 s",
                scene.stats.distance
            );
            assert!(scene.feet >= 0.0);
        }
    }
}
