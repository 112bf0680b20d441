//! Auto-walk's planner: where to go next, found by a path search over the places to stand a
//! few blocks around the walker.
//!
//! Auto-walk keeps a wandering heading. Every so often it searches (Dijkstra) the graph of
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
    radius: BODY.radius + 0.03,
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
/// Cost added per cell walked for each recent visit of its column (at most four counted).
pub const VISITED_COST: f32 = 0.8;
/// Cost added per cell walked close to a wall.
pub const NEAR_WALL_COST: f32 = 1.0;
/// Frames in a row without moving after which the path is dropped and the heading turned.
const STUCK_FRAMES: u32 = 30;

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
            heap: BinaryHeap::new(),
            path: Vec::new(),
            next: 0,
            heading: 0.0,
            age: RETRY_S,
            plans: 0,
            seed,
            stuck: 0,
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
        (running_out && self.age >= RETRY_S) || self.age > PLAN_AGE_S
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
        self.search(start);
        let direction = Vec2::new(self.heading.sin(), self.heading.cos());
        let from = Vec2::new(position.x, position.z);
        let mut best: Option<(f32, u32, f32)> = None;
        for (i, node) in self.nodes.iter().enumerate() {
            let d = self.dist[i];
            let offset = Vec2::new(node.at.x, node.at.z) - from;
            if !d.is_finite() || offset.abs().max_element() < MIN_TARGET {
                continue;
            }
            let progress = offset.dot(direction);
            let score = progress - 0.2 * d;
            if best.is_none_or(|(s, _, _)| score > s) {
                best = Some((score, i as u32, progress));
            }
        }
        let Some((_, target, progress)) = best else {
            // Nowhere to go: turn round and try again next time.
            self.heading += std::f32::consts::PI;
            return false;
        };
        if progress < 1.5 {
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
                    let (px, pz) = (cx as f32 + u, cz as f32 + v);
                    let fits = PLAN_BODY
                        .settle(|c| terrain.solids(c), (px, pz), stand.height)
                        .is_some_and(|h| BODY.connects(h, stand.height));
                    if !fits {
                        continue;
                    }
                    let roomy = WIDE_BODY
                        .settle(|c| terrain.solids(c), (px, pz), stand.height)
                        .is_some_and(|h| BODY.connects(h, stand.height));
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

    /// Dijkstra from `start` over the window; fills `dist` and `prev`.
    fn search(&mut self, start: u32) {
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
                let cost = d + length * 0.5 * (node.cost + next.cost);
                if cost < self.dist[to] {
                    self.dist[to] = cost;
                    self.prev[to] = at;
                    self.heap.push(Reverse((cost.to_bits(), to as u32)));
                }
            }
        }
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
        self.stuck = if moved { 0 } else { self.stuck + 1 };
        if self.stuck > STUCK_FRAMES {
            self.stuck = 0;
            self.path.clear();
            self.next = 0;
            self.heading += std::f32::consts::FRAC_PI_2;
        }
    }
}
