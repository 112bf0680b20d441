//! Roads: the map generator's paths, polylines along the band beside the track, joined across
//! chunk borders and slice boundaries, kept clear of scenery.
//!
//! # How a road is laid
//!
//! Every *pass* of a slice (the configured slices, then the last one repeating) lays `count`
//! roads, alternating between the track's sides (`+x` first). On a side a road's centre line
//! stays in its *lane*: from `track_clearance + width/2` to `track_distance` from the track, and
//! inside the band. Roads meet at *gates* on the boundaries between passes: where `m` roads of
//! one side come in and `n` go out, the boundary has `min(m, n)` gates on that side (`n` at the
//! start of the map, `m` where no road goes on), each in its own stretch of the lane at a place
//! hashed from the seed. A road runs from its entry gate to its exit gate — road `j` of `n`
//! uses gate `j·g/n` of `g` — so where the count changes roads merge into a gate or branch
//! from one, and no road ends in the middle of nowhere.
//!
//! Between its gates, a road's distance from the track at `z` is the straight line between the
//! gates plus `wander · 4t(1 − t) · fBm(z)` (`t` from 0 to 1 along the pass), clamped to its
//! lane: it meets both gates exactly and strays most in the middle of the slice.
//!
//! # Why the pieces join
//!
//! A road is sampled on a lattice fixed in the world, [`POINTS_PER_CHUNK`] points per chunk
//! side along `z`, so chunk borders and pass boundaries are lattice points; a lattice step
//! longer than a quarter chunk side is bisected (each half a pure function of its ends) until
//! it is not. A chunk keeps the parts of its rows' roads inside its square, cutting steps at
//! its `x` borders from the step's own ends. Both chunks beside a border therefore compute the
//! same points, bit for bit, whichever is generated first and on whatever thread:
//! `Scatter::join_roads` puts the pieces back together into whole polylines, and chains a
//! road into the next pass's road that leaves the gate it arrives at.

use super::layout::{ChunkCoord, Layout};
use super::sampling::{GAP, noise_limit, sample_noise};
use super::settings::{MAX_OCTAVES, RoadSettings, ScatterSettings};
use crate::hash::hash_words;
use noise::{Fbm, MultiFractal, Perlin};
use std::collections::{BTreeMap, BTreeSet};

/// Lattice points per chunk side along `z` (the lattice step is a chunk side over this).
pub const POINTS_PER_CHUNK: i64 = 8;

/// The longest segment of a road polyline, in chunk sides.
pub const MAX_SEGMENT_CHUNKS: f64 = 0.25;

/// The deepest bisection of one lattice step: at most 256 segments a step, so hostile settings
/// (a road wandering far across a tiny chunk) stay cheap; steps still too long are kept.
const MAX_DEPTH: u32 = 8;

/// A word mixed into gate hashes, so they differ from every other hash of the same numbers.
const GATE_TAG: u64 = 0x6761_7465;
/// A word mixed into a road's noise offset hash.
const NOISE_TAG: u64 = 0x726f_6164;

/// Which side of the track a road runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// `x > 0`.
    Right,
    /// `x < 0`.
    Left,
}

impl Side {
    /// Both sides, `+x` first.
    pub const BOTH: [Side; 2] = [Side::Right, Side::Left];

    /// `+1` or `-1`: the sign of `x` on this side.
    pub fn sign(self) -> f64 {
        match self {
            Side::Right => 1.0,
            Side::Left => -1.0,
        }
    }

    fn index(self) -> usize {
        match self {
            Side::Right => 0,
            Side::Left => 1,
        }
    }
}

/// Which road: its pass (slice index counting repeats of the last), side and lane on that side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RoadId {
    /// The pass of a slice the road runs through (0 is the first slice).
    pub pass: u32,
    /// The side of the track.
    pub side: Side,
    /// Its number among the pass's roads on that side, from 0.
    pub lane: u16,
}

/// The part of one road inside one chunk: at least two points, in order along the road
/// (`z` never decreasing).
#[derive(Clone, Debug, PartialEq)]
pub struct RoadPiece {
    /// The road.
    pub road: RoadId,
    /// World `(x, z)` of its points.
    pub points: Vec<[f32; 2]>,
}

/// A whole road as `Scatter::join_roads` puts it together.
#[derive(Clone, Debug, PartialEq)]
pub struct Road {
    /// Full width, world units.
    pub width: f32,
    /// World `(x, z)` of its points, `z` increasing; consecutive points are at most
    /// [`MAX_SEGMENT_CHUNKS`] chunk sides apart.
    pub points: Vec<[f32; 2]>,
}

/// Road settings prepared for a seed and a band.
#[derive(Clone, Debug)]
pub(super) struct RoadPlan {
    /// The map's seed: gates and wander are pure functions of it.
    seed: u64,
    /// Half the width (at most two chunk sides).
    half_width: f64,
    wander: f64,
    noise: Fbm<Perlin>,
    /// The farthest coordinate the wander's noise is sampled at.
    noise_limit: f64,
    /// Roads through each configured slice.
    counts: Vec<u32>,
    /// Least and greatest distance of a centre line from the track, per side (`None`: no
    /// room on that side).
    lanes: [Option<(f64, f64)>; 2],
}

/// A road's centre line through its pass.
struct Curve {
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

impl RoadPlan {
    /// The plan for `settings` (its `roads` must be set) and `seed`; `chunk_size`, `columns`
    /// and `clearance` as the scatter uses them.
    pub(super) fn new(
        settings: &ScatterSettings,
        roads: &RoadSettings,
        seed: u64,
        chunk_size: f64,
        columns: i32,
        clearance: f64,
    ) -> RoadPlan {
        let width = f64::from(roads.width);
        let half_width = if width.is_finite() && width > 0.0 {
            (width / 2.0).min(2.0 * chunk_size)
        } else {
            0.0
        };
        let first = -(columns / 2);
        let band = [
            f64::from(first + columns) * chunk_size,
            -f64::from(first) * chunk_size,
        ];
        let near = clearance.max(0.0) + half_width + GAP;
        let lanes = band.map(|edge| {
            let far = (edge - half_width - GAP).min(f64::from(roads.track_distance));
            (half_width > 0.0 && far >= near).then_some((near, far))
        });
        let wander = f64::from(roads.wander);
        let frequency = roads.noise.frequency;
        let frequency = if frequency.is_finite() {
            frequency
        } else {
            0.0
        };
        let octaves = roads.noise.octaves.clamp(1, MAX_OCTAVES) as usize;
        RoadPlan {
            seed,
            noise_limit: noise_limit(frequency, octaves),
            half_width,
            wander: if wander.is_finite() {
                wander.max(0.0)
            } else {
                0.0
            },
            noise: Fbm::<Perlin>::new((hash_words(&[seed, NOISE_TAG]) as u32) >> 4)
                .set_octaves(octaves)
                .set_frequency(frequency),
            counts: settings
                .slices
                .iter()
                .map(|s| {
                    s.roads
                        .unwrap_or(roads.count)
                        .min(super::settings::MAX_ROADS)
                })
                .collect(),
            lanes,
        }
    }

    /// Roads on each side in pass `pass`.
    fn side_counts(&self, pass: u64) -> [u32; 2] {
        let last = self.counts.len().saturating_sub(1);
        let n = usize::try_from(pass)
            .ok()
            .and_then(|p| self.counts.get(p.min(last)))
            .copied()
            .unwrap_or(0);
        match self.lanes {
            [Some(_), Some(_)] => [n.div_ceil(2), n / 2],
            [Some(_), None] => [n, 0],
            [None, Some(_)] => [0, n],
            [None, None] => [0, 0],
        }
    }

    /// Roads of `side` in pass `pass`.
    fn count(&self, pass: u64, side: Side) -> u32 {
        self.side_counts(pass)[side.index()]
    }

    /// Gates on `side` of the boundary where pass `boundary` starts.
    fn gates(&self, boundary: u64, side: Side) -> u32 {
        let before = match boundary.checked_sub(1) {
            Some(pass) => self.count(pass, side),
            None => 0,
        };
        let after = self.count(boundary, side);
        match (before, after) {
            (0, n) | (n, 0) => n,
            (m, n) => m.min(n),
        }
    }

    /// The gate a road `lane` of `roads` uses among `gates`.
    fn gate_of(lane: u32, roads: u32, gates: u32) -> u32 {
        if roads == 0 {
            0
        } else {
            (u64::from(lane) * u64::from(gates) / u64::from(roads)) as u32
        }
    }

    /// Distance from the track of gate `gate` of `gates` on `side` of boundary `boundary`.
    fn gate_distance(&self, boundary: u64, side: Side, gate: u32, gates: u32) -> f64 {
        let Some((near, far)) = self.lanes[side.index()] else {
            return 0.0;
        };
        let stretch = (far - near) / f64::from(gates.max(1));
        let h = hash_words(&[
            self.seed,
            GATE_TAG,
            boundary,
            side.index() as u64,
            u64::from(gate),
            u64::from(gates),
        ]);
        let u = (h >> 11) as f64 / (1u64 << 53) as f64;
        (near + stretch * (f64::from(gate) + 0.15 + 0.7 * u)).clamp(near, far)
    }
}

impl Curve {
    /// The point of the centre line at `z` (inside the pass).
    fn at(&self, plan: &RoadPlan, z: f64) -> [f64; 2] {
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
    fn lattice_z(layout: &Layout, i: i64) -> f64 {
        let (row, k) = (
            i.div_euclid(POINTS_PER_CHUNK),
            i.rem_euclid(POINTS_PER_CHUNK),
        );
        row as f64 * layout.chunk_size + k as f64 * layout.chunk_size / POINTS_PER_CHUNK as f64
    }

    /// The roads through pass `pass`.
    fn roads_of_pass(&self, pass: u64) -> impl Iterator<Item = RoadId> + '_ {
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
    fn curve(&self, layout: &Layout, road: RoadId) -> Option<Curve> {
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
    fn row_polyline(&self, layout: &Layout, curve: &Curve, row: i64, out: &mut Vec<[f64; 2]>) {
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
    fn bisect(
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

    /// The pieces of every road inside chunk `coord`, by road.
    pub(super) fn chunk_pieces(&self, layout: &Layout, coord: ChunkCoord) -> Vec<RoadPiece> {
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
    pub(super) fn segments_near(
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
    pub(super) fn join<'a>(&self, pieces: impl IntoIterator<Item = &'a RoadPiece>) -> Vec<Road> {
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

/// Whether `(x, z)` lies closer than `reach` to one of `segments`.
pub(super) fn near_segment(segments: &[[[f64; 2]; 2]], x: f64, z: f64, reach: f64) -> bool {
    segments.iter().any(|&[a, b]| {
        let (ux, uz) = (b[0] - a[0], b[1] - a[1]);
        let (vx, vz) = (x - a[0], z - a[1]);
        let length2 = ux * ux + uz * uz;
        let t = if length2 > 0.0 {
            ((vx * ux + vz * uz) / length2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (dx, dz) = (vx - t * ux, vz - t * uz);
        dx * dx + dz * dz < reach * reach
    })
}

/// Calls `piece` with each run of `line` inside `lo <= x <= hi`, cut where the line crosses
/// `x = lo` or `x = hi`. A cut point is computed from its segment's ends alone, so the chunk on
/// the other side of the border computes the same point. Runs of one point are dropped.
fn clip(line: &[[f64; 2]], lo: f64, hi: f64, mut piece: impl FnMut(&[[f64; 2]])) {
    let mut run: Vec<[f64; 2]> = Vec::new();
    let mut flush = |run: &mut Vec<[f64; 2]>| {
        if run.len() >= 2 {
            piece(run);
        }
        run.clear();
    };
    for w in line.windows(2) {
        let (a, b) = (w[0], w[1]);
        let Some((t0, t1)) = inside(a[0], b[0], lo, hi) else {
            flush(&mut run);
            continue;
        };
        let cut = |t: f64, border: f64| -> [f64; 2] {
            match t {
                0.0 => a,
                1.0 => b,
                _ => [border, a[1] + t * (b[1] - a[1])],
            }
        };
        let border_at = |t: f64| {
            // The border the cut at `t` lies on.
            let x = a[0] + t * (b[0] - a[0]);
            if (x - lo).abs() <= (x - hi).abs() {
                lo
            } else {
                hi
            }
        };
        let (p, q) = (cut(t0, border_at(t0)), cut(t1, border_at(t1)));
        if p == q {
            continue;
        }
        if run.last() != Some(&p) {
            flush(&mut run);
            run.push(p);
        }
        run.push(q);
    }
    flush(&mut run);
}

/// The part `[t0, t1]` of the segment from `a` to `b` (in `x`) inside `lo..=hi`, if any.
fn inside(a: f64, b: f64, lo: f64, hi: f64) -> Option<(f64, f64)> {
    if a == b {
        return (lo..=hi).contains(&a).then_some((0.0, 1.0));
    }
    let (ta, tb) = ((lo - a) / (b - a), (hi - a) / (b - a));
    let (enter, leave) = (ta.min(tb), ta.max(tb));
    let (t0, t1) = (enter.max(0.0), leave.min(1.0));
    (t0 <= t1).then_some((t0, t1))
}
