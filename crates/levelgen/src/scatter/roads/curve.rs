//! A road's centre line through its pass: the straight line between its gates plus the
//! wander, sampled on the lattice fixed in the world and bisected where a step is too long.

use super::pieces::{RoadId, Side};
use super::plan::{NOISE_TAG, RoadPlan};
use crate::hash::hash_words;
use crate::scatter::layout::Layout;
use crate::scatter::sampling::sample_noise;

/// Lattice points per chunk side along `z` (the lattice step is a chunk side over this).
pub const POINTS_PER_CHUNK: i64 = 8;

/// The longest segment of a road polyline, in chunk sides.
pub const MAX_SEGMENT_CHUNKS: f64 = 0.25;

/// The deepest bisection of one lattice step: at most 256 segments a step, so hostile settings
/// (a road wandering far across a tiny chunk) stay cheap; steps still too long are kept.
const MAX_DEPTH: u32 = 8;

/// A road's centre line through its pass.
pub(super) struct Curve {
    sign: f64,
    /// Distance from the track at the entry and exit gates.
    from: f64,
    to: f64,
    /// World `z` of the pass's ends.
    z0: f64,
    z1: f64,
    /// The lane, least and greatest distance.
    lane: (f64, f64),
    /// Where along the noise's second axis this road samples.
    offset: f64,
}

impl Curve {
    /// The point of the centre line at `z` (inside the pass).
    pub(super) fn at(&self, plan: &RoadPlan, z: f64) -> [f64; 2] {
        let t = ((z - self.z0) / (self.z1 - self.z0)).clamp(0.0, 1.0);
        let straight = (1.0 - t) * self.from + t * self.to;
        let bend = 4.0 * t * (1.0 - t);
        let wander = if bend == 0.0 {
            0.0
        } else {
            plan.wander * bend * sample_noise(&plan.noise, plan.noise_limit, [z, self.offset])
        };
        let d = (straight + wander).clamp(self.lane.0, self.lane.1);
        [self.sign * d, z]
    }
}

/// The roads laid out in the band: centre lines, chunk pieces, joining.
impl RoadPlan {
    /// World `z` of lattice point `i` (chunk borders are exactly `row × chunk_size`).
    pub(super) fn lattice_z(layout: &Layout, i: i64) -> f64 {
        let (row, k) = (
            i.div_euclid(POINTS_PER_CHUNK),
            i.rem_euclid(POINTS_PER_CHUNK),
        );
        row as f64 * layout.chunk_size + k as f64 * layout.chunk_size / POINTS_PER_CHUNK as f64
    }

    /// The roads through pass `pass`.
    pub(super) fn roads_of_pass(&self, pass: u64) -> impl Iterator<Item = RoadId> + '_ {
        let pass32 = u32::try_from(pass).ok();
        Side::BOTH.into_iter().flat_map(move |side| {
            let n = match pass32 {
                Some(_) => self.count(pass, side),
                None => 0,
            };
            (0..n.min(u32::from(u16::MAX))).map(move |lane| RoadId {
                pass: pass32.unwrap_or(0),
                side,
                lane: lane as u16,
            })
        })
    }

    /// The centre line of `road`, if the plan has it.
    pub(super) fn curve(&self, layout: &Layout, road: RoadId) -> Option<Curve> {
        let pass = u64::from(road.pass);
        let side = road.side;
        let lane = self.lanes[side.index()]?;
        let n = self.count(pass, side);
        let j = u32::from(road.lane);
        if j >= n {
            return None;
        }
        let (g_in, g_out) = (self.gates(pass, side), self.gates(pass + 1, side));
        let from = self.gate_distance(pass, side, RoadPlan::gate_of(j, n, g_in), g_in);
        let to = self.gate_distance(pass + 1, side, RoadPlan::gate_of(j, n, g_out), g_out);
        let (start, length) = layout.pass(road.pass as usize);
        let h = hash_words(&[
            self.seed,
            NOISE_TAG,
            pass,
            side.index() as u64,
            u64::from(j),
        ]);
        Some(Curve {
            sign: side.sign(),
            from,
            to,
            z0: Self::lattice_z(layout, start.saturating_mul(POINTS_PER_CHUNK)),
            z1: Self::lattice_z(
                layout,
                start
                    .saturating_add(length)
                    .saturating_mul(POINTS_PER_CHUNK),
            ),
            lane,
            offset: (h >> 40) as f64 * 0.618_034 + 0.5,
        })
    }

    /// Appends the centre line of `curve` over chunk row `row` (lattice points and the
    /// bisections between them) to `out`, starting with the row's first point.
    pub(super) fn row_polyline(
        &self,
        layout: &Layout,
        curve: &Curve,
        row: i64,
        out: &mut Vec<[f64; 2]>,
    ) {
        let first = row.saturating_mul(POINTS_PER_CHUNK);
        let mut z = Self::lattice_z(layout, first);
        let mut p = curve.at(self, z);
        out.push(p);
        for i in first + 1..=first.saturating_add(POINTS_PER_CHUNK) {
            let (zb, pb) = (
                Self::lattice_z(layout, i),
                curve.at(self, Self::lattice_z(layout, i)),
            );
            self.bisect(layout, curve, (z, p), (zb, pb), 0, out);
            (z, p) = (zb, pb);
        }
    }

    /// Appends the points after `a` up to `b`, bisecting while a step is too long.
    pub(super) fn bisect(
        &self,
        layout: &Layout,
        curve: &Curve,
        a: (f64, [f64; 2]),
        b: (f64, [f64; 2]),
        depth: u32,
        out: &mut Vec<[f64; 2]>,
    ) {
        let longest = MAX_SEGMENT_CHUNKS * layout.chunk_size;
        let (dx, dz) = (b.1[0] - a.1[0], b.1[1] - a.1[1]);
        if depth >= MAX_DEPTH || dx * dx + dz * dz <= longest * longest {
            out.push(b.1);
            return;
        }
        let zm = 0.5 * (a.0 + b.0);
        let m = (zm, curve.at(self, zm));
        self.bisect(layout, curve, a, m, depth + 1, out);
        self.bisect(layout, curve, m, b, depth + 1, out);
    }
}
