//! Where the walker is and what it is doing: its position, the way it faces, the height of its
//! feet, whether it walks by itself, its planner and its memory of where it has been, and the
//! odometer. How it moves is [`moves`](super::moves); how it is first put down is
//! [`start`](super::start).

use super::body::EYE_HEIGHT;
use super::plan::AutoWalk;
use super::visits::Visits;
use crate::wfc::module_set::ModuleSet;
use glam::Vec3;

/// The walker in a map of module shapes (map coordinates in cells, `+x` east, `+z` north).
#[derive(Clone, Debug)]
pub struct Walker {
    /// Where it stands, map `x` and `z` in cells; `y` is unused (the feet are
    /// [`Walker::feet`]).
    pub position: Vec3,
    /// Height of its feet: the surface it stands on.
    pub feet: f32,
    /// The way it faces, radians clockwise from north: walking by hand goes relative to it,
    /// and auto-walk turns it towards where it goes.
    pub yaw: f32,
    /// Whether it walks by itself (auto-walk); moving by hand turns this off.
    pub auto_walk: bool,
    /// Auto-walk's planner and the path it follows.
    pub autopilot: AutoWalk,
    /// Recent visits per column (auto-walk avoids walking the same cells again).
    pub visits: Visits,
    /// Whether it has been put on a street yet.
    pub(super) placed: bool,
    /// Cells walked, horizontally.
    pub distance: f64,
    /// The highest its feet have been.
    pub feet_max: f32,
    /// Seconds walked with its feet at least half a cell above the street.
    pub seconds_up: f64,
}

impl Walker {
    /// A walker not yet put down, waiting in the middle of column `(0, 0)` facing north with
    /// auto-walk on; its planner costs surfaces by `set`'s `walk_cost`s and wanders as `seed`
    /// says.
    pub fn new(set: &ModuleSet, seed: u64) -> Walker {
        Walker {
            position: Vec3::new(0.5, 0.0, 0.5),
            feet: 0.0,
            yaw: 0.0,
            auto_walk: true,
            autopilot: AutoWalk::new(set, seed),
            visits: Visits::default(),
            placed: false,
            distance: 0.0,
            feet_max: 0.0,
            seconds_up: 0.0,
        }
    }

    /// The column it stands in.
    pub fn cell(&self) -> (i32, i32) {
        (
            self.position.x.floor() as i32,
            self.position.z.floor() as i32,
        )
    }

    /// Whether it has been put on a street ([`Walker::place`]); until then it does not walk.
    pub fn placed(&self) -> bool {
        self.placed
    }

    /// Its eye: [`EYE_HEIGHT`] above its feet.
    pub fn eye(&self) -> Vec3 {
        Vec3::new(self.position.x, self.feet + EYE_HEIGHT, self.position.z)
    }
}
