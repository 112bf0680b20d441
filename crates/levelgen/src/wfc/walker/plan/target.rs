//! Where to go: what a reachable place is worth under the goal, the best of them, and how much
//! room there is up there (the span of connected places a storey up or higher).

use super::autowalk::{AutoWalk, Goal};
use super::tuning::{
    CLIMB_SPAN, CLIMBED, HEIGHT_SCORE, MIN_LEVEL_TARGET, MIN_TARGET, ROOM_MAX, ROOM_SAMPLES,
    ROOM_SCORE, SHORT_CLIMB_AFTER_S, SHORT_CLIMB_PENALTY, SPAN_MAX, SPAN_SCORE,
};
use crate::wfc::walkable::SAMPLES;
use glam::{Vec2, Vec3};

impl AutoWalk {
    /// How much a target at `at`, `progress` along the heading and `d` away by path cost, is
    /// worth under the goal, for a walker with feet at `feet`.
    pub(super) fn score(&self, node: usize, progress: f32, d: f32, feet: f32) -> f32 {
        let at = self.nodes[node].at;
        let base = progress - 0.2 * d;
        match self.goal {
            Goal::Wander => base,
            // The nearest way up (or down), not the farthest along the heading, so that a plan
            // made again on the way keeps the same target; up there, room to walk on (a roof
            // rather than a bridge's dead end).
            Goal::Climb if at.y < CLIMBED => f32::NEG_INFINITY,
            Goal::Climb => {
                let span = self.span.get(node).copied().unwrap_or(0.0);
                let short = match span < CLIMB_SPAN {
                    false => 0.0,
                    true if self.goal_age < SHORT_CLIMB_AFTER_S => return f32::NEG_INFINITY,
                    true => SHORT_CLIMB_PENALTY,
                };
                HEIGHT_SCORE * at.y - short
                    + ROOM_SCORE * self.room(at) as f32
                    + SPAN_SCORE * span.min(SPAN_MAX)
                    - 0.5 * d
            }
            // Up there: along the heading, at about its height, never back down.
            Goal::Level if at.y < CLIMBED => f32::NEG_INFINITY,
            Goal::Level => base - HEIGHT_SCORE * (at.y - feet).abs(),
            Goal::Descend => -HEIGHT_SCORE * at.y - 0.5 * d,
        }
    }

    /// The best target of the last search for the goal: `(score, node, progress along the
    /// heading)`, from `from` heading along `direction` with feet at `feet`.
    pub(super) fn best_target(
        &self,
        from: Vec2,
        direction: Vec2,
        feet: f32,
    ) -> Option<(f32, u32, f32)> {
        let mut best: Option<(f32, u32, f32)> = None;
        for (i, node) in self.nodes.iter().enumerate() {
            let d = self.dist[i];
            let offset = Vec2::new(node.at.x, node.at.z) - from;
            // Wandering goes somewhere, and along a deck or a roof somewhere nearer; the way
            // up or down may be close by.
            let reach = offset.abs().max_element();
            let near = match self.goal {
                Goal::Wander => reach < MIN_TARGET,
                Goal::Level => reach < MIN_LEVEL_TARGET,
                Goal::Climb | Goal::Descend => false,
            };
            if !d.is_finite() || near {
                continue;
            }
            let progress = offset.dot(direction);
            let score = self.score(i, progress, d, feet);
            if score.is_finite() && best.is_none_or(|(s, _, _)| score > s) {
                best = Some((score, i as u32, progress));
            }
        }
        best
    }

    /// Groups the window's places a storey up or higher that a walker can go between without
    /// coming down (side by side within a step), and gives each place its group's span: the
    /// larger side, in cells, of the box round the group. Allocates only while the window's
    /// place count grows.
    pub(super) fn measure_upper(&mut self) {
        let n = self.nodes.len();
        self.span.clear();
        self.span.resize(n, 0.0);
        self.group.clear();
        self.group.resize(n, u32::MAX);
        self.order.clear();
        for first in 0..n {
            if self.nodes[first].at.y < CLIMBED || self.group[first] != u32::MAX {
                continue;
            }
            let start = self.order.len();
            self.group[first] = first as u32;
            self.order.push(first as u32);
            let mut next = start;
            while next < self.order.len() {
                let node = self.nodes[self.order[next] as usize];
                next += 1;
                let (gx, gz) = Self::sample_of(&node);
                for (dx, dz) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let Some(to) = self.step_to(gx + dx, gz + dz, node.at.y) else {
                        continue;
                    };
                    if self.nodes[to].at.y >= CLIMBED && self.group[to] == u32::MAX {
                        self.group[to] = first as u32;
                        self.order.push(to as u32);
                    }
                }
            }
            let members = &self.order[start..];
            let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
            for &m in members {
                let at = self.nodes[m as usize].at;
                lo = lo.min(Vec2::new(at.x, at.z));
                hi = hi.max(Vec2::new(at.x, at.z));
            }
            let span = (hi - lo).max_element();
            for &m in members {
                self.span[m as usize] = span;
            }
        }
    }

    /// Places at about the height of `at` within [`ROOM_SAMPLES`] samples of it (at most
    /// [`ROOM_MAX`]): how much room there is to walk on up there.
    pub(super) fn room(&self, at: Vec3) -> usize {
        if at.y < CLIMBED {
            return 0;
        }
        let n = SAMPLES as f32;
        let (gx, gz) = ((at.x * n).floor() as i32, (at.z * n).floor() as i32);
        let r = ROOM_SAMPLES;
        let mut room = 0;
        for dz in -r..=r {
            for dx in -r..=r {
                room += self
                    .at_sample(gx + dx, gz + dz)
                    .filter(|&i| (self.nodes[i].at.y - at.y).abs() <= 0.25)
                    .count();
            }
        }
        room.min(ROOM_MAX)
    }
}
