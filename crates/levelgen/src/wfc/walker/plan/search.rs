//! The path search: Dijkstra over the window's places, each step costing what the window
//! says its place costs (its surface, more near a wall and where the walker has been lately).

use super::autowalk::AutoWalk;
use crate::wfc::walkable::SAMPLES;
use std::cmp::Reverse;

impl AutoWalk {
    /// Dijkstra from `start` over the window's places no lower than `floor`; fills `dist`
    /// and `prev`.
    pub(super) fn search(&mut self, start: u32, floor: f32) {
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
}
