//! The infinite city scene: a walker in a Wave Function Collapse city that a background thread
//! grows around it. The render thread only takes finished columns from a channel and never
//! waits; it draws the columns near the walker (distance culling keeps the edge of generation
//! out of sight) as instanced cubes in one batch.

use crate::city::{CITY_SET, module_instances};
use crate::stall::{StallStats, StallTimer, ViewFill};
use crate::td::camera::{look_at, perspective};
use glam::Vec3;
use horde_levelgen::wfc::infinite::CHUNK;
use horde_levelgen::wfc::{InfiniteMap, ModuleSet};
use horde_renderer::{BatchId, FrameParams, Instance, MeshKind, Renderer};
use std::collections::HashMap;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

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
/// Height of the city in cells.
pub const HEIGHT: u32 = 6;
/// Chunks generated around the walker's chunk; those within one less are settled and shown
/// (at least `CHUNK * (LOOKAHEAD - 1)` = 24 cells out, ten more than the view radius, which is
/// the generator's slack when it falls behind).
const LOOKAHEAD: i32 = 4;
/// Render-thread time per frame for turning arrived columns into boxes, seconds.
const CONVERT_BUDGET_S: f64 = 0.5e-3;

type Columns = Vec<((i32, i32), Vec<u16>)>;

/// Counters for the inspector.
#[derive(Clone, Copy, Debug, Default)]
pub struct CityStats {
    /// Columns received from the generator.
    pub columns: usize,
    /// Backtracks reported by the generator.
    pub backtracks: u64,
    /// Shown cells the generator had to change.
    pub regenerated_shown: u64,
    /// Instances drawn.
    pub instances: usize,
    /// The render thread's time taking columns and rebuilding the batch.
    pub stall: StallStats,
    /// Columns within view not arrived yet.
    pub view: ViewFill,
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
    /// Scratch for [`CityScene::rebuild`]: the `boxes` entries within view.
    in_view: Vec<u32>,
    /// Columns received but not yet turned into boxes.
    arrived: std::collections::VecDeque<((i32, i32), Vec<u16>)>,
    to_generator: Option<Sender<(i32, i32)>>,
    from_generator: Receiver<(Columns, u64, u64)>,
    generator: Option<JoinHandle<()>>,
    /// Walker position (simulation frame: `+x` east, `+z` north), in cells.
    pub position: Vec3,
    /// Heading, radians clockwise from north.
    pub yaw: f32,
    /// Look up/down, radians.
    pub pitch: f32,
    /// Walk forward by itself.
    pub auto_walk: bool,
    /// Height of the walker's feet (what it stands on, smoothed).
    pub feet: f32,
    last_cell: Option<(i32, i32)>,
    dirty: bool,
    batch: Option<BatchId>,
    /// Counters.
    pub stats: CityStats,
}

impl CityScene {
    /// Starts the generator thread for `seed`.
    pub fn new(seed: u64) -> anyhow::Result<CityScene> {
        let set = ModuleSet::parse(CITY_SET, "assets/wfc/city.ron".as_ref())?;
        let (to_generator, positions) = channel::<(i32, i32)>();
        let (results, from_generator) = channel();
        let generator_set = set.clone();
        let generator = std::thread::Builder::new()
            .name("city generator".into())
            .spawn(move || generate(generator_set, seed, positions, results))?;
        Ok(CityScene {
            set,
            columns: HashMap::new(),
            boxes: Vec::new(),
            tops: Vec::new(),
            in_view: Vec::new(),
            arrived: std::collections::VecDeque::new(),
            to_generator: Some(to_generator),
            from_generator,
            generator: Some(generator),
            position: Vec3::new(0.5, 0.0, 0.5),
            yaw: 0.0,
            pitch: -0.2,
            feet: 0.0,
            auto_walk: true,
            last_cell: None,
            dirty: true,
            batch: None,
            stats: CityStats::default(),
        })
    }

    /// Creates the scene's batch in `renderer`.
    pub fn attach(&mut self, renderer: &mut Renderer) {
        self.batch = Some(renderer.add_batch(MeshKind::Cube, "city"));
        self.dirty = true;
    }

    /// Moves the walker: `forward` and `right` in cells per second, for `dt` seconds. The
    /// walker waits where it stands until the view around it has been generated once.
    ///
    /// It walks on whatever is highest in its column (street, stairs, roofs, bridges). Walking
    /// by hand it can step up at most [`STEP_UP`] (a storey) and drop any height; a move into
    /// a column it cannot climb slides along the wall, one axis at a time. On auto-walk it
    /// heads straight on and climbs whatever it meets, so it never gets stuck and keeps
    /// reaching new city.
    pub fn walk(&mut self, forward: f32, right: f32, dt: f32) {
        if !self.stats.view.filled {
            return;
        }
        let forward = if self.auto_walk {
            forward.max(1.0)
        } else {
            forward
        };
        let ahead = Vec3::new(self.yaw.sin(), 0.0, self.yaw.cos());
        let side = Vec3::new(self.yaw.cos(), 0.0, -self.yaw.sin());
        let step = (ahead * forward + side * right) * WALK_SPEED * dt;
        let free = |scene: &CityScene, p: Vec3| {
            let limit = scene.feet + STEP_UP;
            scene.auto_walk
                || [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)]
                    .iter()
                    .all(|&(dx, dz)| {
                        scene.top_at(p + Vec3::new(dx, 0.0, dz) * BODY_RADIUS) <= limit
                    })
        };
        let p = self.position;
        if free(self, p + step) {
            self.position += step;
        } else if free(self, p + Vec3::new(step.x, 0.0, 0.0)) {
            self.position.x += step.x;
        } else if free(self, p + Vec3::new(0.0, 0.0, step.z)) {
            self.position.z += step.z;
        }
        // Feet follow the ground below quickly but not in one jump (stairs, kerbs, roofs).
        let ground = self.top_at(self.position);
        self.feet += (ground - self.feet) * (dt * 8.0).min(1.0);
    }

    /// The height of the highest box in the column under `p` (0 where nothing has arrived).
    fn top_at(&self, p: Vec3) -> f32 {
        self.columns
            .get(&(p.x.floor() as i32, p.z.floor() as i32))
            .and_then(|&slot| self.tops.get(slot as usize))
            .copied()
            .unwrap_or(0.0)
    }

    /// Takes whatever the generator finished (never waiting) and rebuilds the batch if the
    /// view changed. Measures the time this costs the render thread.
    pub fn update(&mut self, renderer: &mut Renderer) {
        let timer = StallTimer::start();
        let cell = (
            self.position.x.floor() as i32,
            self.position.z.floor() as i32,
        );
        if self.last_cell != Some(cell) {
            self.last_cell = Some(cell);
            self.dirty = true;
            if let Some(sender) = &self.to_generator {
                let _ = sender.send(cell);
            }
        }
        // Never waits: takes only what the generator has already finished, and turns columns
        // into boxes for at most half a millisecond; the rest waits for the next frame.
        while let Ok((columns, backtracks, regenerated)) = self.from_generator.try_recv() {
            self.stats.backtracks = backtracks;
            self.stats.regenerated_shown = regenerated;
            self.arrived.extend(columns);
        }
        while timer.elapsed_s() < CONVERT_BUDGET_S
            && let Some(((x, z), column)) = self.arrived.pop_front()
        {
            let mut boxes = Vec::new();
            for (y, &m) in column.iter().enumerate() {
                let cell_centre = Vec3::new(x as f32 + 0.5, y as f32, z as f32 + 0.5);
                module_instances(&self.set, m as usize, cell_centre, &mut boxes);
            }
            if let std::collections::hash_map::Entry::Vacant(entry) = self.columns.entry((x, z)) {
                entry.insert(self.boxes.len() as u32);
                let top = boxes
                    .iter()
                    .map(|b| b.model[3][1] + b.model[1][1].abs() * 0.5)
                    .fold(0.0, f32::max);
                self.tops.push(top);
                self.boxes.push(boxes);
            }
            self.stats.columns = self.columns.len();
            self.dirty = true;
        }
        if self.dirty
            && let Some(batch) = self.batch
        {
            self.rebuild(cell, renderer, batch);
            self.dirty = false;
        }
        self.stats.stall.record(timer);
    }

    /// Copies the cached boxes of the columns within view straight into the batch (one hash
    /// lookup per cell of the view).
    fn rebuild(&mut self, (cx, cz): (i32, i32), renderer: &mut Renderer, batch: BatchId) {
        self.in_view.clear();
        let mut cells_in_view = 0;
        let mut count = 0;
        for z in -VIEW_RADIUS..=VIEW_RADIUS {
            for x in -VIEW_RADIUS..=VIEW_RADIUS {
                if x * x + z * z > VIEW_RADIUS * VIEW_RADIUS {
                    continue;
                }
                cells_in_view += 1;
                if let Some(&slot) = self.columns.get(&(cx + x, cz + z)) {
                    self.in_view.push(slot);
                    count += self.boxes[slot as usize].len();
                }
            }
        }
        self.stats.view.record(cells_in_view - self.in_view.len());
        let slots = renderer.instances_mut(batch, count);
        let mut at = 0;
        for &slot in &self.in_view {
            let boxes = &self.boxes[slot as usize];
            slots[at..at + boxes.len()].copy_from_slice(boxes);
            at += boxes.len();
        }
        self.stats.instances = count;
    }

    /// Camera and light: the walker's eyes, [`EYE_HEIGHT`] above its feet.
    pub fn frame_params(&self, aspect: f32) -> FrameParams {
        let eye = self.position + Vec3::new(0.0, self.feet + EYE_HEIGHT, 0.0);
        let (sp, cp) = self.pitch.sin_cos();
        let look = Vec3::new(self.yaw.sin() * cp, sp, self.yaw.cos() * cp);
        FrameParams {
            view: look_at(eye, eye + look),
            proj: perspective(70.0, aspect, 0.05, 200.0),
            light_dir: Vec3::new(0.4, 1.0, -0.3),
            ambient: 0.4,
            clear: [0.45, 0.6, 0.8, 1.0],
            viewport: None,
        }
    }
}

impl Drop for CityScene {
    fn drop(&mut self) {
        // Closing the channel ends the generator's loop.
        self.to_generator = None;
        if let Some(handle) = self.generator.take() {
            let _ = handle.join();
        }
    }
}

/// The generator thread: grows the map around the latest walker position it was sent, and
/// hands over a chunk only once it is settled (its eight neighbours exist, so no later chunk
/// can change it): what the renderer shows never has to change.
fn generate(
    set: ModuleSet,
    seed: u64,
    positions: Receiver<(i32, i32)>,
    results: Sender<(Columns, u64, u64)>,
) {
    crate::background::lower_priority("the city generator");
    let Ok(mut map) = InfiniteMap::new(&set, HEIGHT, seed) else {
        return;
    };
    let mut sent = std::collections::HashSet::new();
    while let Ok(mut at) = positions.recv() {
        // Only the latest position matters.
        while let Ok(newer) = positions.try_recv() {
            at = newer;
        }
        let (cx, cz) = (at.0.div_euclid(CHUNK), at.1.div_euclid(CHUNK));
        // Nearest first: the walker's own chunk, then the rings around it.
        for radius in 0..=LOOKAHEAD {
            if map.ensure_around(at.0, at.1, radius).is_err() {
                break;
            }
            let mut settled = Vec::new();
            for dz in -radius..=radius {
                for dx in -radius..=radius {
                    let chunk = (cx + dx, cz + dz);
                    if !sent.contains(&chunk) && map.chunk_settled(chunk.0, chunk.1) {
                        sent.insert(chunk);
                        settled.extend(map.show_chunk(chunk.0, chunk.1));
                    }
                }
            }
            if !settled.is_empty()
                && results
                    .send((settled, map.backtracks(), map.regenerated_shown()))
                    .is_err()
            {
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use glam::{Mat4, Quat};

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
    fn auto_walk_climbs_anything() {
        let mut scene = scene_with_column(3.0);
        scene.auto_walk = true;
        walk_north(&mut scene, 1.0);
        assert!(scene.position.z > 4.0, "{}", scene.position);
    }

    #[test]
    fn nobody_walks_before_the_view_is_generated() {
        let mut scene = scene_with_column(0.1);
        scene.stats.view.filled = false;
        walk_north(&mut scene, 1.0);
        assert_eq!(scene.position, Vec3::new(0.5, 0.0, 0.5));
    }
}
