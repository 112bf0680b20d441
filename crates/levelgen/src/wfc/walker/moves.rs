//! How the walker moves, one fixed step at a time: by hand (forward and sideways, relative to
//! the way it faces) or along auto-walk's path. It stands only on walkable surfaces and moves
//! by [`Body::settle`](crate::wfc::walkable::Body::settle): up a step at most, stopped by
//! walls, dropping any depth; a move into a wall slides along it, one axis at a time. Moving
//! by hand takes over from auto-walk.

use super::body::{BODY, WALK_SPEED};
use super::state::Walker;
use super::terrain::Terrain;
use glam::{Vec2, Vec3};
use std::f32::consts::{FRAC_PI_4, PI, TAU};

/// How fast the walker turns towards where auto-walk goes, radians per second.
const TURN_RATE: f32 = 2.5;
/// How far along its path (cells) a walker on auto-walk looks.
const LOOK_AHEAD: f32 = 2.5;
/// Path points closer than this count as reached, in cells, however short a step is.
const MIN_REACH: f32 = 0.02;

/// What one step came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stepped {
    /// No street is known near the walker yet: it waits, not put down.
    Unplaced,
    /// It was put down on a street this step ([`Walker::place`]).
    Placed,
    /// It waits: the map around it is not ready.
    Waiting,
    /// It walked, or stood where nothing moved it.
    Walked,
}

impl Walker {
    /// One step of `dt` seconds: `forward` and `right` (each `-1..1`, relative to the way it
    /// faces) walk by hand, else auto-walk (when on) follows its path, planning when due. A
    /// walker not yet put down is put down first ([`Walker::place`]) and walks from the next
    /// step; while `ready` is false (the map around it is not all there yet) it waits where it
    /// stands.
    pub fn step<T: Terrain + ?Sized>(
        &mut self,
        terrain: &T,
        (forward, right): (f32, f32),
        ready: bool,
        dt: f32,
    ) -> Stepped {
        if !self.placed {
            return if self.place(terrain) {
                Stepped::Placed
            } else {
                Stepped::Unplaced
            };
        }
        if !ready {
            return Stepped::Waiting;
        }
        let before = self.position;
        if forward != 0.0 || right != 0.0 {
            self.auto_walk = false;
            let ahead = Vec3::new(self.yaw.sin(), 0.0, self.yaw.cos());
            let side = Vec3::new(self.yaw.cos(), 0.0, -self.yaw.sin());
            let step = (ahead * forward + side * right).clamp_length_max(1.0) * WALK_SPEED * dt;
            self.try_move(terrain, step);
        } else if self.auto_walk {
            self.follow_path(terrain, dt);
        }
        let moved = (self.position - before).length();
        self.distance += f64::from(moved);
        let from = (before.x.floor() as i32, before.z.floor() as i32);
        if moved > 0.0 && self.cell() != from {
            self.visits.record(self.cell());
        }
        self.feet_max = self.feet_max.max(self.feet);
        if self.feet >= super::plan::UP {
            self.seconds_up += f64::from(dt);
        }
        Stepped::Walked
    }

    /// Moves by `step` if the body may go there, else along one of its axes (sliding along a
    /// wall). Returns whether it moved.
    fn try_move<T: Terrain + ?Sized>(&mut self, terrain: &T, step: Vec3) -> bool {
        let tries = [
            step,
            Vec3::new(step.x, 0.0, 0.0),
            Vec3::new(0.0, 0.0, step.z),
        ];
        for step in tries {
            if step.length_squared() == 0.0 {
                continue;
            }
            let to = self.position + step;
            if let Some(feet) = BODY.settle(|c| terrain.solids(c), (to.x, to.z), self.feet) {
                self.position = to;
                self.feet = feet;
                return true;
            }
        }
        false
    }

    /// Auto-walk: plans when due, walks towards the next point of the path and turns towards
    /// where it goes.
    fn follow_path<T: Terrain + ?Sized>(&mut self, terrain: &T, dt: f32) {
        if self.autopilot.needs_plan() {
            let visits = &self.visits;
            self.autopilot
                .plan(terrain, self.position, self.feet, |c| visits.count(c));
        }
        let speed = WALK_SPEED * dt;
        let moved = match self.autopilot.waypoint(self.position, speed.max(MIN_REACH)) {
            Some(point) => {
                let to = Vec2::new(point.x - self.position.x, point.z - self.position.z);
                let step = to.clamp_length_max(speed);
                let before = self.position;
                let gone = |walker: &Walker| (walker.position - before).length();
                self.try_move(terrain, Vec3::new(step.x, 0.0, step.y));
                // Sliding a hair along a wall is not getting anywhere: a side-step, half left
                // or half right, gets round an edge the path's samples passed between.
                for turn in [FRAC_PI_4, -FRAC_PI_4] {
                    if gone(self) > 0.2 * step.length() {
                        break;
                    }
                    self.position = before;
                    let (sin, cos) = turn.sin_cos();
                    let side = Vec2::new(step.x * cos - step.y * sin, step.x * sin + step.y * cos);
                    self.try_move(terrain, Vec3::new(side.x, 0.0, side.y));
                }
                // Moving counts only when it gets nearer the point (side-steps back and forth
                // at an edge do not).
                let left = |p: Vec3| Vec2::new(point.x - p.x, point.z - p.z).length();
                let moved = gone(self) > 0.2 * step.length()
                    && left(before) - left(self.position) > 0.1 * step.length();
                if moved {
                    // Face along the path a little ahead: the view turns with the street.
                    let ahead = (self.autopilot.look_ahead(self.position, LOOK_AHEAD))
                        .map(|p| Vec2::new(p.x - self.position.x, p.z - self.position.z))
                        .filter(|off| off.length() > 0.3)
                        .unwrap_or(step);
                    let wanted = ahead.x.atan2(ahead.y);
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
}
