//! The runner scene: the endless runner game (`horde_core_sim::runner`) at a fixed 1/60 s step,
//! drawn as instanced cubes, with scenery on both sides of the track streamed chunk row by
//! chunk row from the scatter generator (`horde_levelgen::scatter`) on background threads. The
//! render thread only takes finished rows (already turned into boxes), never waiting, and the
//! look changes with the slice the player is in.

use crate::stall::{StallStats, StallTimer, ViewFill};
use crate::td::camera::{look_at, perspective};
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::runner::{RunState, Runner, RunnerInput, RunnerSettings, autopilot};
use horde_levelgen::scatter::{ChunkPlacements, DEFAULT_SETTINGS, Scatter, ScatterSettings};
use horde_renderer::{BatchId, FrameParams, Instance, MeshKind, Renderer};
use std::collections::{HashMap, HashSet};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// The fixed step.
pub const DT: f64 = 1.0 / 60.0;
/// Scenery drawn behind the player (world units).
const VIEW_BEHIND: f32 = 30.0;
/// Scenery drawn ahead of the player.
const VIEW_AHEAD: f32 = 220.0;
/// Scenery generated ahead of the player (beyond what is drawn: the generator's slack).
const GENERATE_AHEAD: f32 = 300.0;
/// Ground colour of each configured slice (the last repeats), sRGB.
const GROUND: [[u8; 4]; 4] = [
    [70, 112, 58, 255],
    [128, 150, 72, 255],
    [196, 170, 118, 255],
    [150, 150, 160, 255],
];

/// A finished chunk row from the generator: its index and its boxes, ready to draw.
type Row = (i32, Vec<Instance>);

/// Counters for the HUD and the exit line.
#[derive(Clone, Copy, Debug, Default)]
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
}

/// The runner, its scenery and their batches.
pub struct RunnerScene {
    /// The game.
    pub runner: Runner,
    /// The autopilot plays (the player's keys still start and restart).
    pub autopilot: bool,
    accumulator: f64,
    /// Inputs latched until the next fixed step.
    pending: RunnerInput,
    /// Crouch key held.
    pub crouch_held: bool,
    /// The scenery's generator (the background threads use a copy): settings and slices.
    scatter: Scatter,
    to_generator: Option<Sender<i32>>,
    from_generator: Receiver<Row>,
    generator: Option<JoinHandle<()>>,
    requested: HashSet<i32>,
    rows: HashMap<i32, Vec<Instance>>,
    scenery_dirty: bool,
    /// The rows the scenery batch was last filled for.
    drawn: (i32, i32),
    game_instances: Vec<Instance>,
    game_batch: Option<BatchId>,
    scenery_batch: Option<BatchId>,
    /// Counters.
    pub stats: RunnerStats,
}

impl RunnerScene {
    /// The game with `settings`, and the scenery generator for `seed` (built-in scatter
    /// settings).
    pub fn new(
        settings: RunnerSettings,
        seed: u64,
        autopilot: bool,
    ) -> anyhow::Result<RunnerScene> {
        let scenery =
            ScatterSettings::parse(DEFAULT_SETTINGS, "assets/scatter/default.ron".as_ref())?;
        let scatter = Scatter::new(scenery, seed);
        let (to_generator, requests) = channel::<i32>();
        let (results, from_generator) = channel();
        let generator_scatter = scatter.clone();
        let generator = std::thread::Builder::new()
            .name("scenery generator".into())
            .spawn(move || generate(generator_scatter, requests, results))?;
        Ok(RunnerScene {
            runner: Runner::new(settings, seed),
            autopilot,
            accumulator: 0.0,
            pending: RunnerInput::default(),
            crouch_held: false,
            scatter,
            to_generator: Some(to_generator),
            from_generator,
            generator: Some(generator),
            requested: HashSet::new(),
            rows: HashMap::new(),
            scenery_dirty: true,
            drawn: (0, -1),
            game_instances: Vec::new(),
            game_batch: None,
            scenery_batch: None,
            stats: RunnerStats::default(),
        })
    }

    /// Creates the scene's batches in `renderer`.
    pub fn attach(&mut self, renderer: &mut Renderer) {
        self.game_batch = Some(renderer.add_batch(MeshKind::Cube, "runner"));
        self.scenery_batch = Some(renderer.add_batch(MeshKind::Cube, "scenery"));
        self.scenery_dirty = true;
    }

    /// Space: start, or restart after game over.
    pub fn press_start(&mut self) {
        self.pending.start = true;
    }

    /// The jump key.
    pub fn press_jump(&mut self) {
        self.pending.jump = true;
    }

    /// Advances the game by `dt` seconds of wall clock in fixed steps.
    pub fn advance(&mut self, dt: f64) {
        self.accumulator = (self.accumulator + dt).min(0.25);
        while self.accumulator >= DT {
            self.accumulator -= DT;
            self.step();
        }
    }

    /// One fixed step with the latched input (or the autopilot's).
    pub fn step(&mut self) {
        let mut input = if self.autopilot && self.runner.state() == RunState::Running {
            autopilot(&self.runner)
        } else {
            RunnerInput {
                jump: self.pending.jump,
                crouch: self.crouch_held,
                start: false,
            }
        };
        input.start =
            self.pending.start || (self.autopilot && self.runner.state() == RunState::Ready);
        self.pending = RunnerInput::default();
        self.runner.step(input, DT);
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
    pub fn update(&mut self, renderer: &mut Renderer) {
        let timer = StallTimer::start();
        let (first, last) = self.rows_in_view();
        let ahead = ((self.runner.player().z as f32 + GENERATE_AHEAD)
            / self.scatter.settings().chunk_size)
            .floor() as i32;
        if let Some(sender) = &self.to_generator {
            // Nearest first.
            for row in first..=ahead {
                if self.requested.insert(row) {
                    let _ = sender.send(row);
                }
            }
        }
        // Rows arrive as finished boxes: taking one is a move, never a conversion.
        while let Ok((row, boxes)) = self.from_generator.try_recv() {
            if self.requested.contains(&row) {
                self.rows.insert(row, boxes);
                self.scenery_dirty = true;
            }
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
            self.game_instances.clear();
            game_instances(&self.runner, &mut self.game_instances);
            renderer.set_instances(batch, &self.game_instances);
        }
    }

    /// Camera and light for this frame.
    pub fn frame_params(&self, aspect: f32) -> FrameParams {
        frame_params(self.runner.player().z as f32, aspect)
    }
}

/// The scenery chunk rows in view of a player at `z` (first, last), for chunks of `chunk_size`.
pub fn rows_in_view(z: f32, chunk_size: f32) -> (i32, i32) {
    (
        ((z - VIEW_BEHIND) / chunk_size).floor() as i32,
        ((z + VIEW_AHEAD) / chunk_size).floor() as i32,
    )
}

/// Camera and light: behind, above and a little to the right of a player at `z`.
pub fn frame_params(z: f32, aspect: f32) -> FrameParams {
    let eye = Vec3::new(3.0, 4.5, z - 9.0);
    let target = Vec3::new(0.0, 0.8, z + 8.0);
    FrameParams {
        view: look_at(eye, target),
        proj: perspective(60.0, aspect, 0.1, 400.0),
        light_dir: Vec3::new(0.5, 1.0, -0.4),
        ambient: 0.4,
        clear: [0.55, 0.72, 0.9, 1.0],
        viewport: None,
    }
}

impl Drop for RunnerScene {
    fn drop(&mut self) {
        // Closing the channel ends the generator's loop.
        self.to_generator = None;
        if let Some(handle) = self.generator.take() {
            let _ = handle.join();
        }
    }
}

/// A box standing on `base` (the centre of its bottom face), of `size`, turned `yaw` about `+y`.
fn upright_box(base: Vec3, size: Vec3, yaw: f32, color: [u8; 4]) -> Instance {
    let model = Mat4::from_scale_rotation_translation(
        size,
        Quat::from_rotation_y(yaw),
        base + Vec3::new(0.0, size.y * 0.5, 0.0),
    );
    Instance::new(model, color)
}

/// sRGB bytes of a colour given as floats 0–1.
fn srgb(c: [f32; 3]) -> [u8; 4] {
    let byte = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    [byte(c[0]), byte(c[1]), byte(c[2]), 255]
}

/// The track, its obstacles and the player.
pub fn game_instances(runner: &Runner, out: &mut Vec<Instance>) {
    let s = runner.settings();
    let length = s.section.length;
    for section in runner.sections() {
        let row = (section.start_z / length as f64).round() as i64;
        let shade = if row % 2 == 0 { 88 } else { 104 };
        out.push(upright_box(
            Vec3::new(
                0.0,
                -s.section.height,
                section.start_z as f32 + length * 0.5,
            ),
            Vec3::new(s.section.width, s.section.height, length),
            0.0,
            [shade, shade, shade + 8, 255],
        ));
    }
    for (_, (min, max)) in runner.obstacle_boxes() {
        let min = Vec3::new(min[0] as f32, min[1] as f32, min[2] as f32);
        let max = Vec3::new(max[0] as f32, max[1] as f32, max[2] as f32);
        let centre = (min + max) * 0.5;
        out.push(upright_box(
            Vec3::new(centre.x, min.y, centre.z),
            max - min,
            0.0,
            [200, 36, 36, 255],
        ));
    }
    let (min, max) = runner.player_box();
    let color = if runner.state() == RunState::GameOver {
        [90, 90, 90, 255]
    } else {
        [240, 150, 40, 255]
    };
    out.push(upright_box(
        Vec3::new(0.0, min[1] as f32, ((min[2] + max[2]) * 0.5) as f32),
        Vec3::new(
            (max[0] - min[0]) as f32,
            (max[1] - min[1]) as f32,
            (max[2] - min[2]) as f32,
        ),
        0.0,
        color,
    ));
}

/// One chunk's ground (coloured by slice) and its placements as boxes.
pub fn chunk_instances(
    settings: &ScatterSettings,
    chunk: &ChunkPlacements,
    out: &mut Vec<Instance>,
) {
    let size = settings.chunk_size;
    let ground = GROUND[chunk.slice.min(GROUND.len() - 1)];
    out.push(upright_box(
        Vec3::new(
            (chunk.coord.x as f32 + 0.5) * size,
            -0.6,
            (chunk.coord.z as f32 + 0.5) * size,
        ),
        Vec3::new(size, 0.1, size),
        0.0,
        ground,
    ));
    for p in &chunk.placements {
        let Some(kind) = settings.kinds.get(p.kind as usize) else {
            continue;
        };
        // A turn from the position, so neighbours do not all line up.
        let yaw = (p.x * 12.9898 + p.z * 78.233).sin() * std::f32::consts::PI;
        let side = p.radius * 1.4;
        out.push(upright_box(
            Vec3::new(p.x, -0.55, p.z),
            Vec3::new(side, kind.height, side),
            yaw,
            srgb(kind.colour),
        ));
    }
}

/// The generator threads: answer each requested chunk row with its boxes, its chunks
/// generated in parallel on a small low-priority pool.
fn generate(scatter: Scatter, requests: Receiver<i32>, results: Sender<Row>) {
    crate::background::lower_priority("the scenery generator");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .thread_name(|i| format!("scenery worker {i}"))
        .start_handler(|_| crate::background::lower_priority("a scenery worker"))
        .build();
    while let Ok(row) = requests.recv() {
        let coords = scatter.chunk_row(row);
        let chunks = match &pool {
            Ok(pool) => pool.install(|| scatter.generate(&coords)),
            Err(_) => coords.iter().map(|&c| scatter.generate_chunk(c)).collect(),
        };
        let mut boxes = Vec::new();
        for chunk in &chunks {
            chunk_instances(scatter.settings(), chunk, &mut boxes);
        }
        if results.send((row, boxes)).is_err() {
            return;
        }
    }
}
