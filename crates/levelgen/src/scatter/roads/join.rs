//! Roads cut into chunks and joined again: the pieces inside a chunk, the segments near one
//! (for the placements to keep clear of), and whole roads chained from pass to pass.

use super::clip::clip;
use super::pieces::{Road, RoadId, RoadPiece};
use super::plan::RoadPlan;
use crate::scatter::layout::{ChunkCoord, Layout};
use std::collections::{BTreeMap, BTreeSet};

impl RoadPlan {
    /// The pieces of every road inside chunk `coord`, by road.
    pub(crate) fn chunk_pieces(&self, layout: &Layout, coord: ChunkCoord) -> Vec<RoadPiece> {
        let row = i64::from(coord.z);
        let Some(pass) = layout.pass_of_row(row) else {
            return Vec::new();
        };
        let (lo, hi) = (
            f64::from(coord.x) * layout.chunk_size,
            (f64::from(coord.x) + 1.0) * layout.chunk_size,
        );
        let mut pieces = Vec::new();
        let mut line = Vec::new();
        for road in self.roads_of_pass(pass) {
            let Some(curve) = self.curve(layout, road) else {
                continue;
            };
            line.clear();
            self.row_polyline(layout, &curve, row, &mut line);
            clip(&line, lo, hi, |points| {
                pieces.push(RoadPiece {
                    road,
                    points: points.iter().map(|p| [p[0] as f32, p[1] as f32]).collect(),
                });
            });
        }
        pieces
    }

    /// The road segments that could come within `reach` (plus half a road) of chunk
    /// `coord`'s square, and the roads' half width.
    pub(crate) fn segments_near(
        &self,
        layout: &Layout,
        coord: ChunkCoord,
        reach: f64,
    ) -> (Vec<[[f64; 2]; 2]>, f64) {
        let reach = reach + self.half_width;
        let (min_x, min_z) = (
            f64::from(coord.x) * layout.chunk_size,
            f64::from(coord.z) * layout.chunk_size,
        );
        let (max_x, max_z) = (min_x + layout.chunk_size, min_z + layout.chunk_size);
        let rows = (reach / layout.chunk_size).ceil().min(8.0) as i64;
        let mut segments = Vec::new();
        let mut line = Vec::new();
        let row = i64::from(coord.z);
        for r in (row - rows).max(0)..=row.saturating_add(rows) {
            let Some(pass) = layout.pass_of_row(r) else {
                continue;
            };
            for road in self.roads_of_pass(pass) {
                let Some(curve) = self.curve(layout, road) else {
                    continue;
                };
                line.clear();
                self.row_polyline(layout, &curve, r, &mut line);
                for w in line.windows(2) {
                    let (a, b) = (w[0], w[1]);
                    let near = a[0].min(b[0]) <= max_x + reach
                        && a[0].max(b[0]) >= min_x - reach
                        && a[1].min(b[1]) <= max_z + reach
                        && a[1].max(b[1]) >= min_z - reach;
                    if near {
                        segments.push([a, b]);
                    }
                }
            }
        }
        (segments, self.half_width)
    }

    /// Puts `pieces` together into whole roads (see `Scatter::join_roads`).
    pub(crate) fn join<'a>(&self, pieces: impl IntoIterator<Item = &'a RoadPiece>) -> Vec<Road> {
        let mut by_road: BTreeMap<RoadId, Vec<&RoadPiece>> = BTreeMap::new();
        for piece in pieces {
            by_road.entry(piece.road).or_default().push(piece);
        }
        let mut lines: BTreeMap<RoadId, Vec<Vec<[f32; 2]>>> = BTreeMap::new();
        for (road, mut pieces) in by_road {
            pieces.sort_by(|a, b| {
                let key = |p: &RoadPiece| (p.points[0][1], p.points[p.points.len() - 1][1]);
                key(a)
                    .partial_cmp(&key(b))
                    .unwrap_or(std::cmp::Ordering::Equal)
            });
            let mut parts: Vec<Vec<[f32; 2]>> = Vec::new();
            for piece in pieces {
                match parts.last_mut() {
                    Some(line) if line.last() == piece.points.first() => {
                        let last_z = line.last().map_or(f32::NEG_INFINITY, |p| p[1]);
                        line.extend(piece.points.iter().filter(|p| p[1] > last_z));
                    }
                    Some(line)
                        if line
                            .last()
                            .is_some_and(|l| piece.points.last().is_some_and(|p| p[1] <= l[1])) => {
                    } // the same stretch again (a step along a border)
                    _ => parts.push(piece.points.clone()),
                }
            }
            lines.insert(road, parts);
        }
        let width = (2.0 * self.half_width) as f32;
        let mut roads = Vec::new();
        let mut done = BTreeSet::new();
        let ids: Vec<RoadId> = lines.keys().copied().collect();
        for id in ids {
            if done.contains(&id) {
                continue;
            }
            let continues_one = self
                .previous_road(id)
                .is_some_and(|before| lines.contains_key(&before));
            if continues_one {
                continue;
            }
            let mut current = Some(id);
            let mut chain: Vec<[f32; 2]> = Vec::new();
            while let Some(road) = current {
                let Some(parts) = lines.get(&road) else {
                    break;
                };
                done.insert(road);
                for part in parts {
                    if chain.last() == part.first() {
                        chain.extend(&part[1..]);
                    } else {
                        if chain.len() >= 2 {
                            roads.push(Road {
                                width,
                                points: std::mem::take(&mut chain),
                            });
                        }
                        chain = part.clone();
                    }
                }
                current = self.next_road(road);
            }
            if chain.len() >= 2 {
                roads.push(Road {
                    width,
                    points: chain,
                });
            }
        }
        roads
    }

    /// The road of the next pass that `road` leads into: the first to leave the gate `road`
    /// arrives at, if `road` is the first to arrive there.
    fn next_road(&self, road: RoadId) -> Option<RoadId> {
        let pass = u64::from(road.pass);
        let (n, m) = (self.count(pass, road.side), self.count(pass + 1, road.side));
        let gates = self.gates(pass + 1, road.side);
        let gate = RoadPlan::gate_of(u32::from(road.lane), n, gates);
        let first_in = (0..n).find(|&j| RoadPlan::gate_of(j, n, gates) == gate)?;
        let first_out = (0..m).find(|&j| RoadPlan::gate_of(j, m, gates) == gate)?;
        (first_in == u32::from(road.lane)).then_some(RoadId {
            pass: road.pass.checked_add(1)?,
            side: road.side,
            lane: first_out as u16,
        })
    }

    /// The road of the previous pass that leads into `road` (see [`RoadPlan::next_road`]).
    fn previous_road(&self, road: RoadId) -> Option<RoadId> {
        let pass = u64::from(road.pass);
        let before = pass.checked_sub(1)?;
        let (m, n) = (self.count(before, road.side), self.count(pass, road.side));
        let gates = self.gates(pass, road.side);
        let gate = RoadPlan::gate_of(u32::from(road.lane), n, gates);
        let first_out = (0..n).find(|&j| RoadPlan::gate_of(j, n, gates) == gate)?;
        let first_in = (0..m).find(|&j| RoadPlan::gate_of(j, m, gates) == gate)?;
        (first_out == u32::from(road.lane)).then_some(RoadId {
            pass: before as u32,
            side: road.side,
            lane: first_in as u16,
        })
    }
}
