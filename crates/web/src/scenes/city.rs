//! The infinite city in the page: levelgen's map of the built-in module set, grown block by
//! block around a camera that travels over it (north at first; `A`/`D` or Left/Right turn it,
//! `W`/`S` or Up/Down speed it up and slow it down). The map is a pure function of seed and
//! position, so what is drawn never changes; one block is solved a frame at most (the page
//! has one thread), nearest the camera first, and fog in the sky's colour hides the edge.

use super::shown::{STEP, Shown};
use glam::Vec3;
use horde_levelgen::collapse::{
    Area, CITY_HEIGHT, CITY_KEEP_RADIUS, InfiniteMap, LAYERS, ModuleSet, block_area, blocks_over,
};
use horde_looks::{CITY_AMBIENT, CITY_SKY, CITY_SUN, look_at, module_instances, perspective};
use horde_renderer::{FrameParams, Instance};

/// Columns drawn around the point the camera looks at.
pub const DRAW_RADIUS: i32 = 22;
/// The camera's height above the ground, and how far behind the point it looks at it is.
const EYE: (f32, f32) = (16.0, 18.0);
/// Cells a second at first; the least and the most.
const SPEEDS: (f32, f32, f32) = (2.0, 0.0, 12.0);
/// Radians a second the camera turns while a turning key is held.
const TURN_RATE: f32 = 0.8;

/// The infinite city as the page shows it.
pub struct CityShow {
    /// The module set, kept for the page's life (the map borrows it; a page opens one scene).
    set: &'static ModuleSet,
    map: InfiniteMap<'static>,
    /// Where the camera looks, on the ground (cells), its heading (radians from north,
    /// clockwise seen from above) and its speed (cells a second).
    at: (f32, f32),
    heading: f32,
    speed: f32,
    /// Keys held: turn left, turn right, faster, slower.
    held: [bool; 4],
    /// The cell looked at and the blocks made when the picture was last filled.
    drawn: Option<((i32, i32), u64)>,
    /// Blocks made so far.
    blocks_made: u64,
    /// Ticks stepped.
    ticks: u64,
    /// Why the map stopped growing, if it did.
    failed: Option<String>,
}

impl CityShow {
    /// The built-in city set with `seed`, the camera at the origin heading north.
    pub fn new(seed: u64) -> Result<CityShow, String> {
        let set: &'static ModuleSet =
            Box::leak(Box::new(ModuleSet::built_in().map_err(|e| e.to_string())?));
        let map = InfiniteMap::new(set, CITY_HEIGHT, seed)
            .map_err(|e| format!("the city cannot start: {e}"))?;
        Ok(CityShow {
            set,
            map,
            at: (0.5, 0.5),
            heading: 0.0,
            speed: SPEEDS.0,
            held: [false; 4],
            drawn: None,
            blocks_made: 0,
            ticks: 0,
            failed: None,
        })
    }

    /// The cell the camera looks at.
    pub fn cell(&self) -> (i32, i32) {
        (self.at.0.floor() as i32, self.at.1.floor() as i32)
    }

    /// The square drawn around the cell looked at.
    fn drawn_area(&self) -> Area {
        let (x, z) = self.cell();
        let side = (2 * DRAW_RADIUS + 1) as u32;
        Area::new(x - DRAW_RADIUS, z - DRAW_RADIUS, side, side)
    }

    /// Solves the missing block of the drawn square nearest the cell looked at, if any: `true`
    /// where one was made.
    pub fn grow(&mut self) -> bool {
        if self.failed.is_some() {
            return false;
        }
        let (x, z) = self.cell();
        let nearest = self.missing_blocks().min_by_key(|a| a.distance_to(x, z));
        let Some(block) = nearest else {
            return false;
        };
        match self.map.ensure(block) {
            Ok(()) => {
                self.blocks_made += 1;
                self.map.retain_near(x, z, CITY_KEEP_RADIUS);
                true
            }
            Err(e) => {
                self.failed = Some(format!("the city stopped growing: {e}"));
                false
            }
        }
    }

    /// Whether every column of the drawn square is made.
    pub fn complete(&self) -> bool {
        self.missing_blocks().next().is_none()
    }

    /// The blocks (of the map's last layer) over the drawn square that are not made yet: a
    /// column is there exactly when its block is.
    fn missing_blocks(&self) -> impl Iterator<Item = Area> + '_ {
        let last = LAYERS - 1;
        blocks_over(last, self.drawn_area())
            .map(move |b| block_area(last, b))
            .filter(|a| self.map.column(a.x0, a.z0).is_none())
    }
}

impl Shown for CityShow {
    fn name(&self) -> &'static str {
        "city"
    }

    fn step(&mut self) {
        let dt = STEP as f32;
        let [left, right, faster, slower] = self.held;
        let turn = f32::from(u8::from(right)) - f32::from(u8::from(left));
        self.heading = (self.heading + turn * TURN_RATE * dt).rem_euclid(std::f32::consts::TAU);
        let change = f32::from(u8::from(faster)) - f32::from(u8::from(slower));
        self.speed = (self.speed + change * 4.0 * dt).clamp(SPEEDS.1, SPEEDS.2);
        // Onwards only over what is made: the camera waits at the edge of the city.
        if self.complete() {
            let (s, c) = self.heading.sin_cos();
            self.at.0 += s * self.speed * dt;
            self.at.1 += c * self.speed * dt;
        }
        self.ticks += 1;
    }

    fn key(&mut self, code: &str, down: bool) {
        let slot = match code {
            "KeyA" | "ArrowLeft" => 0,
            "KeyD" | "ArrowRight" => 1,
            "KeyW" | "ArrowUp" => 2,
            "KeyS" | "ArrowDown" => 3,
            _ => return,
        };
        self.held[slot] = down;
    }

    fn refill(&mut self, out: &mut Vec<Instance>) -> bool {
        self.grow();
        let now = (self.cell(), self.blocks_made);
        if self.drawn == Some(now) {
            return false;
        }
        self.drawn = Some(now);
        out.clear();
        let area = self.drawn_area();
        for z in area.z0..area.z1 {
            for x in area.x0..area.x1 {
                let Some(column) = self.map.column(x, z) else {
                    continue;
                };
                for (y, &module) in column.iter().enumerate() {
                    let centre = Vec3::new(x as f32 + 0.5, y as f32, z as f32 + 0.5);
                    module_instances(self.set, usize::from(module), centre, out);
                }
            }
        }
        true
    }

    fn camera(&self, aspect: f32) -> FrameParams {
        let (s, c) = self.heading.sin_cos();
        let ahead = Vec3::new(s, 0.0, c);
        let target = Vec3::new(self.at.0, 1.0, self.at.1) + ahead * 6.0;
        let eye = Vec3::new(self.at.0, EYE.0, self.at.1) - ahead * EYE.1;
        let end = DRAW_RADIUS as f32 + EYE.1;
        FrameParams::new(
            look_at(eye, target),
            perspective(55.0, aspect, 0.1, 200.0),
            CITY_SUN,
            CITY_AMBIENT,
            CITY_SKY,
        )
        .with_fog(Some([end * 0.6, end]))
        .with_floor(-0.5)
    }

    fn status(&self) -> String {
        if let Some(why) = &self.failed {
            return why.clone();
        }
        let (x, z) = self.cell();
        format!(
            "city: at ({x}, {z}), {} blocks made, {} columns held, {:.0} s",
            self.blocks_made,
            self.map.columns_resident(),
            self.ticks as f64 * STEP
        )
    }
}
