//! Auto-walk's planner: where to go next, found by a path search over the places to stand a
//! few blocks around the walker.
//!
//! Auto-walk keeps a wandering heading, and explores in three dimensions: after a while on the
//! street it looks for higher ground ([`Goal::Climb`]: the highest place it can reach in the
//! window, stairs up to a bridge deck or a roof, whose places up there, connected without
//! coming down, span at least [`CLIMB_SPAN`] cells — [`AutoWalk::measure_upper`] — so that
//! there is somewhere to walk once there), walks along up there for a while
//! ([`Goal::Level`]: targets near its own height), then comes down again ([`Goal::Descend`])
//! and wanders the streets ([`Goal::Wander`]) until the next climb. Every so often it searches (Dijkstra) the graph of
//! places to stand ([`Terrain::stands`]) within [`PLAN_RADIUS`] columns, where two samples side
//! by side (or diagonally, when both sides are open too) connect if their heights differ by no
//! more than a step. Each surface costs what its prototype's `walk_cost` in the module set
//! says ([`SurfaceCosts`]; in the city set streets least, stairs and bridges a little more,
//! grass and plazas more, lots and roofs most); places close to a wall and cells walked
//! recently cost more again. The target is the reachable place that goes farthest along the
//! heading for its cost; a dead end turns the heading. The walker then follows the path's
//! points ([`AutoWalk::waypoint`]) and plans again before it runs out of path.
//!
//! Buffers (nodes, distances, heap, path) are kept between plans: planning allocates only
//! while the window's node count grows past what it has held before.

use super::body::BODY;
use super::costs::SurfaceCosts;
use super::terrain::Terrain;
use crate::hash::mix64;
use crate::wfc::module_set::ModuleSet;
use crate::wfc::walkable::{Body, SAMPLES};
use glam::{Vec2, Vec3};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The body path search plans for: a little wider than [`BODY`], so that a path point beside
/// a wall is never one the body only fits at by a rounding error.
const PLAN_BODY: Body = Body {
    radius: BODY.radius + 0.01,
    ..BODY
};
/// A wide body: places where it does not fit are close to a wall, and cost
/// [`NEAR_WALL_COST`] more, so that paths keep to the middle of streets.
const WIDE_BODY: Body = Body {
    radius: 0.3,
    ..BODY
};
/// Columns searched around the walker when planning.
pub const PLAN_RADIUS: i32 = 8;
/// Samples per side of the planning window.
const WINDOW: usize = (2 * PLAN_RADIUS as usize + 1) * SAMPLES;
/// Plans again when fewer path points than this are left.
const REPLAN_LEFT: usize = 6;
/// Plans again after this many seconds on one plan.
const PLAN_AGE_S: f32 = 2.0;
/// Plans no more often than this, in seconds (a walker with nowhere to go retries slowly).
const RETRY_S: f32 = 0.2;
/// The nearest target considered, in cells from the walker.
const MIN_TARGET: f32 = 3.0;
/// Samples around a high place counted for its room ([`AutoWalk::room`]).
const ROOM_SAMPLES: i32 = 4;
/// The most room counted (a roof 9×9 samples, nearly two cells each way).
const ROOM_MAX: usize = 81;
/// What each place of room up there adds to a climb's score.
const ROOM_SCORE: f32 = 0.08;
/// The nearest target along a deck or a roof, in cells (they can be short).
const MIN_LEVEL_TARGET: f32 = 1.5;
/// The least span of the places up there, connected to a climb's target, that a climb
/// prefers (cells; twice [`MIN_LEVEL_TARGET`], so that walking along up there always has
/// somewhere to go): a stair's head with a bridge's end is worth a climb only after
/// [`SHORT_CLIMB_AFTER_S`] of climbing found nothing better ([`SHORT_CLIMB_PENALTY`]).
const CLIMB_SPAN: f32 = 2.0 * MIN_LEVEL_TARGET;
/// What a climb to less than [`CLIMB_SPAN`] loses from its score (more than any height or
/// room within reach gains).
const SHORT_CLIMB_PENALTY: f32 = 100.0;
/// Seconds of looking for a climb with room up there before a short one will do.
const SHORT_CLIMB_AFTER_S: f32 = 10.0;
/// What each cell of that span (at most [`SPAN_MAX`]) adds to a climb's score.
const SPAN_SCORE: f32 = 0.5;
/// The most span counted.
const SPAN_MAX: f32 = 8.0;
/// Cost added per cell walked for each recent visit of its column (at most four counted).
pub const VISITED_COST: f32 = 0.8;
/// Cost added per cell walked close to a wall.
pub const NEAR_WALL_COST: f32 = 1.0;
/// Frames in a row without moving after which the path is dropped and the heading turned.
const STUCK_FRAMES: u32 = 30;
/// Seconds of wandering the streets before auto-walk looks for higher ground.
pub const CLIMB_AFTER_S: f32 = 12.0;
/// Seconds spent looking for higher ground before giving up (none within reach).
const CLIMB_FOR_S: f32 = 25.0;
/// Seconds spent walking along up there before coming down.
pub const STAY_UP_S: f32 = 15.0;
/// Seconds spent looking for the way down before wandering on wherever it is.
const DESCEND_FOR_S: f32 = 30.0;
/// Feet this far above the street count as above it (half a storey: on a stair flight, a
/// deck, a roof), for the walker's odometer.
pub const UP: f32 = 0.5;
/// Feet this high have climbed a storey (a deck at 1.1, a one-storey roof at 1.15).
const CLIMBED: f32 = 1.0;
/// What the score of a target gains per storey of height when climbing (loses descending).
const HEIGHT_SCORE: f32 = 6.0;

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
struct Node {
    /// Map position of the sample and the surface's height.
    at: Vec3,
    /// Cost per cell walked on it.
    cost: f32,
}

/// Auto-walk's planner and the path it follows. Its buffers are kept between plans.
#[derive(Clone, Debug)]
pub struct AutoWalk {
    /// What each module's surface costs.
    costs: SurfaceCosts,
    /// Places to stand in the window, grouped by sample.
    nodes: Vec<Node>,
    /// Per sample of the window: its nodes, `nodes[start..start + len]`.
    window: Vec<(u32, u32)>,
    /// The window's first sample, in map samples.
    origin: (i32, i32),
    dist: Vec<f32>,
    prev: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
    /// Per place a storey up or higher: the span of the places up there connected to it
    /// ([`AutoWalk::measure_upper`]); 0 lower down.
    span: Vec<f32>,
    /// Per place: which connected group up there it was found in (scratch).
    group: Vec<u32>,
    /// Places in the order the groups were found (scratch).
    order: Vec<u32>,
    /// The path being followed: map positions `(x, z)` with the surface's height as `y`.
    pub path: Vec<Vec3>,
    /// The next point of `path`.
    next: usize,
    /// The wandering direction, radians clockwise from north.
    pub heading: f32,
    /// Seconds since the last plan.
    age: f32,
    /// Plans made (also the random stream's position).
    pub plans: u64,
    seed: u64,
    /// Frames in a row the walker could not move.
    stuck: u32,
    /// What it is after now.
    pub goal: Goal,
    /// Seconds since `goal` was set.
    goal_age: f32,
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
    fn update_goal(&mut self, feet: f32) {
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

    /// How much a target at `at`, `progress` along the heading and `d` away by path cost, is
    /// worth under the goal, for a walker with feet at `feet`.
    fn score(&self, node: usize, progress: f32, d: f32, feet: f32) -> f32 {
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

    /// What each module's surface costs.
    pub fn costs(&self) -> &SurfaceCosts {
        &self.costs
    }

    /// A uniform number in `-1..1` from the seed and the plan count.
    fn random(&self, salt: u64) -> f32 {
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

    /// The best target of the last search for the goal: `(score, node, progress along the
    /// heading)`, from `from` heading along `direction` with feet at `feet`.
    fn best_target(&self, from: Vec2, direction: Vec2, feet: f32) -> Option<(f32, u32, f32)> {
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

    /// Collects the places to stand within [`PLAN_RADIUS`] columns of `cell`.
    fn fill_window<T: Terrain + ?Sized>(
        &mut self,
        terrain: &T,
        cell: (i32, i32),
        visits: &impl Fn((i32, i32)) -> u32,
    ) {
        self.nodes.clear();
        self.window.fill((0, 0));
        let n = SAMPLES as i32;
        self.origin = ((cell.0 - PLAN_RADIUS) * n, (cell.1 - PLAN_RADIUS) * n);
        for cz in cell.1 - PLAN_RADIUS..=cell.1 + PLAN_RADIUS {
            for cx in cell.0 - PLAN_RADIUS..=cell.0 + PLAN_RADIUS {
                let penalty = VISITED_COST * visits((cx, cz)).min(4) as f32;
                for stand in terrain.stands((cx, cz)) {
                    let (i, j) = stand.offset();
                    let (u, v) = stand.position();
                    // Only where the whole body fits (a sample beside a pillar or a wall in
                    // the next column is a place to stand for a point, not for a walker).
                    let solids = |c| terrain.solids(c);
                    if !PLAN_BODY.fits_on(solids, (cx, cz), stand) {
                        continue;
                    }
                    let roomy = WIDE_BODY.fits_on(solids, (cx, cz), stand);
                    let near_wall = if roomy { 0.0 } else { NEAR_WALL_COST };
                    let g = self.window_index(cx * n + i as i32, cz * n + j as i32);
                    let Some(g) = g else { continue };
                    let slot = &mut self.window[g];
                    if slot.1 == 0 {
                        slot.0 = self.nodes.len() as u32;
                    }
                    slot.1 += 1;
                    self.nodes.push(Node {
                        at: Vec3::new(cx as f32 + u, stand.height, cz as f32 + v),
                        cost: self.costs.cost(stand.module) + penalty + near_wall,
                    });
                }
            }
        }
    }

    /// Groups the window's places a storey up or higher that a walker can go between without
    /// coming down (side by side within a step), and gives each place its group's span: the
    /// larger side, in cells, of the box round the group. Allocates only while the window's
    /// place count grows.
    fn measure_upper(&mut self) {
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
    fn room(&self, at: Vec3) -> usize {
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

    /// The window index of map sample `(gx, gz)`, if inside.
    fn window_index(&self, gx: i32, gz: i32) -> Option<usize> {
        let (x, z) = (gx - self.origin.0, gz - self.origin.1);
        let inside = (0..WINDOW as i32).contains(&x) && (0..WINDOW as i32).contains(&z);
        inside.then(|| z as usize * WINDOW + x as usize)
    }

    /// The nodes at map sample `(gx, gz)`.
    fn at_sample(&self, gx: i32, gz: i32) -> std::ops::Range<usize> {
        self.window_index(gx, gz).map_or(0..0, |g| {
            let (start, len) = self.window[g];
            start as usize..(start + len) as usize
        })
    }

    /// The map sample of a node.
    fn sample_of(node: &Node) -> (i32, i32) {
        let n = SAMPLES as f32;
        (
            (node.at.x * n).floor() as i32,
            (node.at.z * n).floor() as i32,
        )
    }

    /// The node nearest the walker at about its feet' height.
    fn nearest_node(&self, position: Vec3, feet: f32) -> Option<u32> {
        let n = SAMPLES as f32;
        let (gx, gz) = (
            (position.x * n).floor() as i32,
            (position.z * n).floor() as i32,
        );
        let mut best: Option<(f32, u32)> = None;
        for dz in -1..=1 {
            for dx in -1..=1 {
                for i in self.at_sample(gx + dx, gz + dz) {
                    let node = &self.nodes[i];
                    if (node.at.y - feet).abs() > BODY.step * 2.0 {
                        continue;
                    }
                    let d = Vec2::new(node.at.x - position.x, node.at.z - position.z).length()
                        + (node.at.y - feet).abs();
                    if best.is_none_or(|(b, _)| d < b) {
                        best = Some((d, i as u32));
                    }
                }
            }
        }
        best.map(|(_, i)| i)
    }

    /// The node at map sample `(gx, gz)` a walker at height `h` can step onto.
    fn step_to(&self, gx: i32, gz: i32, h: f32) -> Option<usize> {
        self.at_sample(gx, gz)
            .find(|&i| BODY.connects(h, self.nodes[i].at.y))
    }

    /// Dijkstra from `start` over the window's places no lower than `floor`; fills `dist`
    /// and `prev`.
    fn search(&mut self, start: u32, floor: f32) {
        self.dist.clear();
        self.dist.resize(self.nodes.len(), f32::INFINITY);
        self.prev.clear();
        self.prev.resize(self.nodes.len(), u32::MAX);
        self.heap.clear();
        self.dist[start as usize] = 0.0;
        self.heap.push(Reverse((0, start)));
        let spacing = 1.0 / SAMPLES as f32;
        while let Some(Reverse((bits, at))) = self.heap.pop() {
            let d = f32::from_bits(bits);
            if d > self.dist[at as usize] {
                continue;
            }
            let node = self.nodes[at as usize];
            let (gx, gz) = Self::sample_of(&node);
            for (dx, dz) in [
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ] {
                let Some(to) = self.step_to(gx + dx, gz + dz, node.at.y) else {
                    continue;
                };
                let diagonal = dx != 0 && dz != 0;
                if diagonal
                    && (self.step_to(gx + dx, gz, node.at.y).is_none()
                        || self.step_to(gx, gz + dz, node.at.y).is_none())
                {
                    continue;
                }
                let length = if diagonal {
                    spacing * std::f32::consts::SQRT_2
                } else {
                    spacing
                };
                let next = &self.nodes[to];
                if next.at.y < floor {
                    continue;
                }
                let cost = d + length * 0.5 * (node.cost + next.cost);
                if cost < self.dist[to] {
                    self.dist[to] = cost;
                    self.prev[to] = at;
                    self.heap.push(Reverse((cost.to_bits(), to as u32)));
                }
            }
        }
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
