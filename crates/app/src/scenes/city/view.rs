//! What is seen of the city: the columns drawn around the walker (its view, or the overview's
//! wider square), copied into one batch whenever that changes, and the camera and light —
//! through the walker's eyes with distance fog in the sky's colour hiding the edge of what is
//! drawn, or from high above and behind it. The eye rises at once with the walker's feet and
//! sinks smoothly when they drop; the mouse turns the walker and tilts the view.

use super::columns::Columns;
use glam::{Vec2, Vec3};
use horde_levelgen::walk::{EYE_HEIGHT, Terrain, Walker};
use horde_looks::{look_at, perspective};
use horde_renderer::{BatchId, FrameParams, MeshKind, Renderer};
use std::f32::consts::TAU;

/// Cells drawn around the walker.
pub const VIEW_RADIUS: i32 = 14;
/// Cells drawn around the walker in the overview.
pub const OVERVIEW_RADIUS: i32 = 36;
/// Radians of view turned per pixel of mouse movement.
pub const LOOK_PER_PIXEL: f32 = 0.004;
/// The city's light, ambient light and sky (the walker's fog colour), as the browser's city
/// has them too.
pub use horde_looks::{CITY_AMBIENT as AMBIENT, CITY_SKY as SKY, CITY_SUN as SUN};
/// How fast the eye sinks towards the feet when they drop, per second (a share of the gap).
const SINK_RATE: f32 = 10.0;
/// The pitch auto-walk looks at: level, raised a little on open ground (radians).
const LEVEL_PITCH: f32 = 0.0;
/// How much higher auto-walk looks where the ground ahead is open.
const OPEN_PITCH: f32 = 0.12;
/// How fast the view levels itself while auto-walking, per second (a share of the gap).
const LEVEL_RATE: f32 = 1.5;
/// Cells ahead looked at for how open the ground is.
const OPEN_AHEAD: i32 = 3;

/// The view's state: the eye, the batch and what was last put in it.
pub struct View {
    /// Look up (positive) or down, radians.
    pub pitch: f32,
    /// Height the eye is drawn from, minus [`EYE_HEIGHT`].
    eye_feet: f32,
    /// Scratch for [`View::redraw`]: the held columns within the draw radius.
    in_view: Vec<(i32, i32)>,
    /// The radius the batch was last filled for.
    drawn_radius: i32,
    /// Whether the batch must be filled again.
    dirty: bool,
    batch: Option<BatchId>,
    /// Instances drawn.
    pub instances: usize,
}

impl Default for View {
    fn default() -> View {
        View {
            pitch: LEVEL_PITCH,
            eye_feet: 0.0,
            in_view: Vec::new(),
            drawn_radius: VIEW_RADIUS,
            dirty: true,
            batch: None,
            instances: 0,
        }
    }
}

/// Cells drawn around the walker: the overview's or the walker's own.
pub fn draw_radius(overview: bool) -> i32 {
    if overview {
        OVERVIEW_RADIUS
    } else {
        VIEW_RADIUS
    }
}

impl View {
    /// Creates the batch in `renderer` (at start, and again in a rebuilt renderer).
    pub fn attach(&mut self, renderer: &mut Renderer) {
        self.batch = Some(renderer.add_batch(MeshKind::Cube, "city"));
        self.dirty = true;
    }

    /// The batch must be filled again (what is held or where the walker stands changed).
    pub fn invalidate(&mut self) {
        self.dirty = true;
    }

    /// Copies the cached boxes of the held columns within the draw radius of `(cx, cz)`
    /// straight into the batch (one hash lookup per cell), when something changed and a batch
    /// is attached. Returns whether it did.
    pub fn redraw(
        &mut self,
        columns: &Columns,
        (cx, cz): (i32, i32),
        overview: bool,
        renderer: &mut Renderer,
    ) -> bool {
        let radius = draw_radius(overview);
        self.dirty |= self.drawn_radius != radius;
        let Some(batch) = self.batch.filter(|_| self.dirty) else {
            return false;
        };
        self.drawn_radius = radius;
        self.dirty = false;
        self.in_view.clear();
        let mut count = 0;
        for z in -radius..=radius {
            for x in -radius..=radius {
                let cell = (cx + x, cz + z);
                if x * x + z * z <= radius * radius && columns.contains(cell) {
                    self.in_view.push(cell);
                    count += columns.boxes(cell).len();
                }
            }
        }
        let slots = renderer.instances_mut(batch, count);
        let mut at = 0;
        for &cell in &self.in_view {
            let boxes = columns.boxes(cell);
            slots[at..at + boxes.len()].copy_from_slice(boxes);
            at += boxes.len();
        }
        self.instances = count;
        true
    }

    /// The eye the walker's view is drawn from.
    pub fn eye(&self, walker: &Walker) -> Vec3 {
        Vec3::new(
            walker.position.x,
            self.eye_feet + EYE_HEIGHT,
            walker.position.z,
        )
    }

    /// The walker was put down with its feet at `feet`: the eye goes there at once.
    pub fn land(&mut self, feet: f32) {
        self.eye_feet = feet;
    }

    /// The walker waits to be put down: the eye stays above whatever has arrived in its
    /// column.
    pub fn wait_above(&mut self, columns: &Columns, walker: &Walker) {
        let top = columns
            .solids(walker.cell())
            .iter()
            .map(|s| s.max[1])
            .fold(0.0, f32::max);
        self.eye_feet = self.eye_feet.max(top);
    }

    /// The walker took a step of `dt` seconds and its feet are at `feet`: the eye rises with
    /// them at once, or sinks smoothly towards them.
    pub fn follow(&mut self, feet: f32, dt: f32) {
        self.eye_feet = if feet >= self.eye_feet {
            feet
        } else {
            self.eye_feet + (feet - self.eye_feet) * (dt * SINK_RATE).min(1.0)
        };
    }

    /// Auto-walk keeps the horizon level: the pitch eases towards level, a little above it
    /// where the ground ahead is open (no column within `OPEN_AHEAD` cells ahead rises a
    /// storey above the feet), so the view shows the city and the sky, not the pavement.
    pub fn level(&mut self, columns: &Columns, walker: &Walker, dt: f32) {
        let (dx, dz) = (walker.yaw.sin(), walker.yaw.cos());
        let mut walls = 0;
        for k in 1..=OPEN_AHEAD {
            for side in [-0.7f32, 0.0, 0.7] {
                let x = walker.position.x + dx * k as f32 + dz * side;
                let z = walker.position.z + dz * k as f32 - dx * side;
                let column = (x.floor() as i32, z.floor() as i32);
                let top = columns
                    .solids(column)
                    .iter()
                    .map(|s| s.max[1])
                    .fold(0.0, f32::max);
                walls += usize::from(top > walker.feet + 1.0);
            }
        }
        let cells = (OPEN_AHEAD * 3) as f32;
        let open = 1.0 - walls as f32 / cells;
        let target = LEVEL_PITCH + OPEN_PITCH * open;
        self.pitch += (target - self.pitch) * (dt * LEVEL_RATE).min(1.0);
    }

    /// Turns the walker and tilts the view by a mouse movement of `delta` pixels.
    pub fn look(&mut self, walker: &mut Walker, delta: Vec2) {
        walker.yaw = (walker.yaw + delta.x * LOOK_PER_PIXEL).rem_euclid(TAU);
        self.pitch = (self.pitch - delta.y * LOOK_PER_PIXEL).clamp(-1.4, 1.4);
    }

    /// Camera and light: the walker's eyes, [`EYE_HEIGHT`] above the eye's feet, with fog in
    /// the sky's colour fading the view's end; or, in the overview, from high above and behind
    /// the walker, looking down at it, without fog.
    pub fn camera(&self, walker: &Walker, overview: bool, aspect: f32) -> FrameParams {
        let (view, fog) = if overview {
            let behind = Vec3::new(-walker.yaw.sin(), 0.0, -walker.yaw.cos());
            let target = Vec3::new(walker.position.x, walker.feet, walker.position.z);
            let eye = target + behind * 34.0 + Vec3::new(0.0, 42.0, 0.0);
            (look_at(eye, target), None)
        } else {
            let eye = self.eye(walker);
            let (sp, cp) = self.pitch.sin_cos();
            let look = Vec3::new(walker.yaw.sin() * cp, sp, walker.yaw.cos() * cp);
            let end = VIEW_RADIUS as f32 - 0.5;
            (look_at(eye, eye + look), Some([end * 0.45, end]))
        };
        FrameParams::new(
            view,
            perspective(70.0, aspect, 0.03, 200.0),
            SUN,
            AMBIENT,
            SKY,
        )
        .with_fog(fog)
        // The city stands on the ground at 0.
        .with_floor(-0.5)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use horde_levelgen::collapse::ModuleSet;

    fn walker() -> Walker {
        let set = ModuleSet::built_in().unwrap();
        Walker::new(&set, 1)
    }

    #[test]
    fn the_walker_view_is_fogged_and_the_overview_is_not() {
        let (view, walker) = (View::default(), walker());
        let eyes = view.camera(&walker, false, 16.0 / 9.0);
        let [start, end] = eyes.fog.unwrap();
        assert!(start > 0.0 && end <= VIEW_RADIUS as f32 && start < end);
        let overview = view.camera(&walker, true, 16.0 / 9.0);
        assert!(overview.fog.is_none());
        // Seen from above: the camera is far higher than the walker's eye.
        let eye = overview.view.inverse().transform_point3(Vec3::ZERO);
        assert!(eye.y > 30.0, "{eye}");
        assert_eq!(draw_radius(true), OVERVIEW_RADIUS);
        assert_eq!(draw_radius(false), VIEW_RADIUS);
    }

    #[test]
    fn the_eye_rises_with_the_feet_at_once_and_sinks_smoothly() {
        let (mut view, mut walker) = (View::default(), walker());
        view.follow(1.0, crate::clock::STEP_F32);
        walker.feet = 1.0;
        assert_eq!(view.eye(&walker).y, 1.0 + EYE_HEIGHT);
        view.follow(0.0, crate::clock::STEP_F32);
        let eye = view.eye(&walker).y - EYE_HEIGHT;
        assert!(eye > 0.5 && eye < 1.0, "{eye}");
        for _ in 0..120 {
            view.follow(0.0, crate::clock::STEP_F32);
        }
        assert!(view.eye(&walker).y - EYE_HEIGHT < 1e-3);
    }
}
