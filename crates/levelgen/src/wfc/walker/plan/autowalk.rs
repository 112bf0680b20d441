//! The planner's state and its public face: its goal and how goals follow one another, a plan
//! made (window, search, target, path), and the path followed point by point.

use super::tuning::{
    CLIMB_AFTER_S, CLIMB_FOR_S, CLIMBED, DESCEND_FOR_S, PLAN_AGE_S, REPLAN_LEFT, RETRY_S,
    STAY_UP_S, STUCK_FRAMES, WINDOW,
};
use crate::hash::mix64;
use crate::wfc::module_set::ModuleSet;
use crate::wfc::walker::costs::SurfaceCosts;
use crate::wfc::walker::terrain::Terrain;
use glam::{Vec2, Vec3};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// What auto-walk is after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Farthest along the heading for the cost (the streets).
    Wander,
    /// The highest place within reach.
    Climb,
    /// Along the heading, near the height it is at (a deck, a roof).
    Level,
    /// The lowest place within reach, back to the street.
    Descend,
}

/// A place to stand in the planning window.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// Map position of the sample and the surface's height.
    pub(super) at: Vec3,
    /// Cost per cell walked on it.
    pub(super) cost: f32,
}

/// Auto-walk's planner and the path it follows. Its buffers are kept between plans.
#[derive(Clone, Debug)]
pub struct AutoWalk {
    /// What each module's surface costs.
    pub(super) costs: SurfaceCosts,
    /// Places to stand in the window, grouped by sample.
    pub(super) nodes: Vec<Node>,
    /// Per sample of the window: its nodes, `nodes[start..start + len]`.
    pub(super) window: Vec<(u32, u32)>,
    /// The window's first sample, in map samples.
    pub(super) origin: (i32, i32),
    pub(super) dist: Vec<f32>,
    pub(super) prev: Vec<u32>,
    pub(super) heap: BinaryHeap<Reverse<(u32, u32)>>,
    /// Per place a storey up or higher: the span of the places up there connected to it
    /// ([`AutoWalk::measure_upper`]); 0 lower down.
    pub(super) span: Vec<f32>,
    /// Per place: which connected group up there it was found in (scratch).
    pub(super) group: Vec<u32>,
    /// Places in the order the groups were found (scratch).
    pub(super) order: Vec<u32>,
    /// The path being followed: map positions `(x, z)` with the surface's height as `y`.
    pub path: Vec<Vec3>,
    /// The next point of `path`.
    pub(super) next: usize,
    /// The wandering direction, radians clockwise from north.
    pub heading: f32,
    /// Seconds since the last plan.
    pub(super) age: f32,
    /// Plans made (also the random stream's position).
    pub plans: u64,
    pub(super) seed: u64,
    /// Frames in a row the walker could not move.
    pub(super) stuck: u32,
    /// What it is after now.
    pub goal: Goal,
    /// Seconds since `goal` was set.
    pub(super) goal_age: f32,
}

impl AutoWalk {
    /// A planner over the surfaces of `set` (their `walk_cost`) whose wandering is a function
    /// of `seed`.
    pub fn new(set: &ModuleSet, seed: u64) -> AutoWalk {
        AutoWalk {
            costs: SurfaceCosts::of(set),
            nodes: Vec::new(),
            window: vec![(0, 0); WINDOW * WINDOW],
            origin: (0, 0),
            dist: Vec::new(),
            prev: Vec::new(),
            span: Vec::new(),
            group: Vec::new(),
            order: Vec::new(),
            heap: BinaryHeap::new(),
            path: Vec::new(),
            next: 0,
            heading: 0.0,
            age: RETRY_S,
            plans: 0,
            seed,
            stuck: 0,
            goal: Goal::Wander,
            goal_age: 0.0,
        }
    }

    /// Moves on to the next goal when the walker, feet at `feet`, has done with this one.
    pub(super) fn update_goal(&mut self, feet: f32) {
        let up = feet >= CLIMBED;
        let next = match self.goal {
            Goal::Wander if !up && self.goal_age >= CLIMB_AFTER_S => Some(Goal::Climb),
            Goal::Wander if up => Some(Goal::Level),
            Goal::Climb if up => Some(Goal::Level),
            Goal::Climb if self.goal_age >= CLIMB_FOR_S => Some(Goal::Wander),
            Goal::Level if !up => Some(Goal::Wander),
            Goal::Level if self.goal_age >= STAY_UP_S => Some(Goal::Descend),
            Goal::Descend if !up || self.goal_age >= DESCEND_FOR_S => Some(Goal::Wander),
            _ => None,
        };
        if let Some(goal) = next {
            self.goal = goal;
            self.goal_age = 0.0;
        }
    }

    /// What each module's surface costs.
    pub fn costs(&self) -> &SurfaceCosts {
        &self.costs
    }

    /// A uniform number in `-1..1` from the seed and the plan count.
    pub(super) fn random(&self, salt: u64) -> f32 {
        let bits = mix64(self.seed ^ mix64(self.plans.wrapping_mul(0x9E37) ^ salt));
        (bits >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }

    /// Whether a new plan is due.
    pub fn needs_plan(&self) -> bool {
        let running_out = self.path.len().saturating_sub(self.next) < REPLAN_LEFT;
        // On the way up or down, the path is followed to its end.
        let wandering = matches!(self.goal, Goal::Wander | Goal::Level);
        (running_out && self.age >= RETRY_S) || (wandering && self.age > PLAN_AGE_S)
    }

    /// Plans a path from `position` (map `x`, `z`; `y` unused) with feet at `feet`, over
    /// `terrain`. `visits(column)` counts recent visits of a column. Returns whether a path
    /// was found.
    pub fn plan<T: Terrain + ?Sized>(
        &mut self,
        terrain: &T,
        position: Vec3,
        feet: f32,
        visits: impl Fn((i32, i32)) -> u32,
    ) -> bool {
        self.plans += 1;
        self.age = 0.0;
        self.path.clear();
        self.next = 0;
        self.heading += self.random(1) * 0.35;
        let cell = (position.x.floor() as i32, position.z.floor() as i32);
        self.fill_window(terrain, cell, &visits);
        let Some(start) = self.nearest_node(position, feet) else {
            return false;
        };
        self.update_goal(feet);
        // Up there, paths keep up there.
        let floor = if self.goal == Goal::Level {
            CLIMBED
        } else {
            f32::NEG_INFINITY
        };
        self.search(start, floor);
        if self.goal == Goal::Climb {
            self.measure_upper();
        }
        let direction = Vec2::new(self.heading.sin(), self.heading.cos());
        let from = Vec2::new(position.x, position.z);
        let mut best = self.best_target(from, direction, feet);
        if best.is_none() && self.goal == Goal::Climb {
            // No way up within reach: wander on and look again.
            self.goal = Goal::Wander;
            best = self.best_target(from, direction, feet);
            self.goal = Goal::Climb;
        }
        let Some((_, target, progress)) = best else {
            if self.goal == Goal::Level {
                // Nowhere further up here: time to come down.
                self.goal = Goal::Descend;
                self.goal_age = 0.0;
                self.age = RETRY_S;
                return false;
            }
            // Nowhere to go: turn round and try again next time.
            self.heading += std::f32::consts::PI;
            return false;
        };
        if progress < 1.5 && self.goal == Goal::Wander {
            // A dead end ahead: turn a quarter (either way) or round for the next plan.
            let turn = if self.random(2) > 0.0 { 1.0 } else { -1.0 };
            self.heading += turn * std::f32::consts::FRAC_PI_2;
        }
        let mut at = target;
        while at != start {
            self.path.push(self.nodes[at as usize].at);
            at = self.prev[at as usize];
        }
        self.path.reverse();
        !self.path.is_empty()
    }

    /// A point about `distance` cells on along the path from `position` (its last point when
    /// the path is shorter; `None` without a path): where a walker looks while following it,
    /// so that its view turns with the street, not with every sample of the path.
    pub fn look_ahead(&self, position: Vec3, distance: f32) -> Option<Vec3> {
        let mut from = Vec2::new(position.x, position.z);
        let mut left = distance;
        let mut last = None;
        for point in self.path.iter().skip(self.next) {
            let to = Vec2::new(point.x, point.z);
            left -= (to - from).length();
            last = Some(*point);
            if left <= 0.0 {
                break;
            }
            from = to;
        }
        last
    }

    /// Where the walker should head now, from `position`: the next path point not yet
    /// reached (`None` without a path). Points closer than `reach` count as reached.
    pub fn waypoint(&mut self, position: Vec3, reach: f32) -> Option<Vec3> {
        while let Some(point) = self.path.get(self.next) {
            let off = Vec2::new(point.x - position.x, point.z - position.z);
            if off.length() > reach {
                return Some(*point);
            }
            self.next += 1;
        }
        None
    }

    /// Notes `dt` seconds passed and whether the walker moved; after half a second stuck the
    /// path is dropped (a new plan follows).
    pub fn tick(&mut self, dt: f32, moved: bool) {
        self.age += dt;
        self.goal_age += dt;
        self.stuck = if moved { 0 } else { self.stuck + 1 };
        if self.stuck > STUCK_FRAMES {
            self.stuck = 0;
            self.path.clear();
            self.next = 0;
            self.heading += std::f32::consts::FRAC_PI_2;
            // A goal that led into a corner is given up: down again, or wander on.
            let next = match self.goal {
                Goal::Climb | Goal::Descend => Goal::Wander,
                Goal::Level => Goal::Descend,
                Goal::Wander => Goal::Wander,
            };
            if next != self.goal {
                self.goal = next;
                self.goal_age = 0.0;
            }
        }
    }
}
