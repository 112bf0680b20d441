//! The planning window: the places to stand within [`PLAN_RADIUS`] columns of the walker,
//! grouped by sample, and how to find the place at a sample, the nearest place and a step.

use super::autowalk::{AutoWalk, Node};
use super::tuning::{NEAR_WALL_COST, PLAN_BODY, PLAN_RADIUS, VISITED_COST, WIDE_BODY, WINDOW};
use crate::wfc::walkable::SAMPLES;
use crate::wfc::walker::body::BODY;
use crate::wfc::walker::terrain::Terrain;
use glam::{Vec2, Vec3};

impl AutoWalk {
    /// Collects the places to stand within [`PLAN_RADIUS`] columns of `cell`.
    pub(super) fn fill_window<T: Terrain + ?Sized>(
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

    /// The window index of map sample `(gx, gz)`, if inside.
    pub(super) fn window_index(&self, gx: i32, gz: i32) -> Option<usize> {
        let (x, z) = (gx - self.origin.0, gz - self.origin.1);
        let inside = (0..WINDOW as i32).contains(&x) && (0..WINDOW as i32).contains(&z);
        inside.then(|| z as usize * WINDOW + x as usize)
    }

    /// The nodes at map sample `(gx, gz)`.
    pub(super) fn at_sample(&self, gx: i32, gz: i32) -> std::ops::Range<usize> {
        self.window_index(gx, gz).map_or(0..0, |g| {
            let (start, len) = self.window[g];
            start as usize..(start + len) as usize
        })
    }

    /// The map sample of a node.
    pub(super) fn sample_of(node: &Node) -> (i32, i32) {
        let n = SAMPLES as f32;
        (
            (node.at.x * n).floor() as i32,
            (node.at.z * n).floor() as i32,
        )
    }

    /// The node nearest the walker at about its feet' height.
    pub(super) fn nearest_node(&self, position: Vec3, feet: f32) -> Option<u32> {
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
    pub(super) fn step_to(&self, gx: i32, gz: i32, h: f32) -> Option<usize> {
        self.at_sample(gx, gz)
            .find(|&i| BODY.connects(h, self.nodes[i].at.y))
    }
}
