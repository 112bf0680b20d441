//! Scatter generation: noise textures filtered into points, overlap removal between layers, and
//! the parallel driver over chunks and layers.
//!
//! Every random choice is a pure function of the seed and the chunk coordinates: the noise of a
//! layer is an fBm of Perlin noise seeded from `(seed, slice, chunk setting, layer)` and sampled
//! at world coordinates, and the jitter of a texel is an integer hash of
//! `(seed, chunk, layer, texel)`. Nothing is shared between chunks or layers while they run, so
//! the output is the same for any number of threads and any order of generation.

use super::layout::{ChunkCoord, Layout};
use super::roads::{Road, RoadPiece, RoadPlan, near_segment};
use super::sampling::{GAP, noise_limit, sample_noise};
use super::settings::{MAX_COLUMNS, MAX_INDEXED, MAX_OCTAVES, MAX_TEXTURE_SIZE, ScatterSettings};
use crate::hash::{hash_words, mix64};
use noise::{Fbm, MultiFractal, Perlin};
use rayon::prelude::*;
use std::collections::HashMap;

/// The most grid cells along one side of a chunk's lookup grid.
const MAX_GRID: usize = 64;

/// One placed asset: a circle footprint on the ground plane.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placement {
    /// World `x` of the centre.
    pub x: f32,
    /// World `z` of the centre.
    pub z: f32,
    /// Footprint radius, world units.
    pub radius: f32,
    /// Index into [`ScatterSettings::kinds`].
    pub kind: u16,
    /// Index of the layer within its chunk settings.
    pub layer: u16,
}

/// What one chunk holds.
#[derive(Clone, Debug, PartialEq)]
pub struct ChunkPlacements {
    /// The chunk.
    pub coord: ChunkCoord,
    /// Index of its slice in [`ScatterSettings::slices`] (rows past the configured slices
    /// report the last one).
    pub slice: usize,
    /// Index of its chunk settings within the slice.
    pub chunk: usize,
    /// The placements, by layer, then in texel scan order; no two overlap, and none comes
    /// within half a road's width of a road.
    pub placements: Vec<Placement>,
    /// The parts of the roads inside the chunk, by road (see [`Road`](super::Road)).
    pub roads: Vec<RoadPiece>,
}

/// A scatter generator: settings, seed and the prebuilt noise of every layer.
#[derive(Clone, Debug)]
pub struct Scatter {
    settings: ScatterSettings,
    seed: u64,
    /// Where chunks and slices lie.
    layout: Layout,
    texture_size: usize,
    track_clearance: f64,
    /// Each configured slice's prepared chunk settings.
    slices: Vec<SlicePlan>,
    /// The roads, when the settings lay any.
    roads: Option<RoadPlan>,
}

/// A slice's prepared chunk settings.
#[derive(Clone, Debug)]
struct SlicePlan {
    chunks: Vec<ChunkPlan>,
}

#[derive(Clone, Debug)]
struct ChunkPlan {
    within: f32,
    layers: Vec<LayerPlan>,
}

#[derive(Clone, Debug)]
struct LayerPlan {
    noise: Fbm<Perlin>,
    /// The farthest world coordinate its noise is sampled at ([`noise_limit`]).
    noise_limit: f64,
    /// `None` when the layer cannot place anything (unknown kind, bad radius).
    kind: Option<u16>,
    radius: f32,
    /// Least distance between two of its points, gap included.
    min_distance: f64,
    threshold: f64,
}

impl Scatter {
    /// A generator for `settings` (best read with [`ScatterSettings::parse`] or
    /// [`ScatterSettings::load`], which validate them).
    ///
    /// Never panics: settings that were not validated are made usable — a non-positive chunk
    /// size counts as 1, sizes and octaves are clamped to their ranges, a zero slice length
    /// counts as 1 — and a layer with an unknown kind or a non-positive radius places nothing.
    pub fn new(settings: ScatterSettings, seed: u64) -> Scatter {
        let chunk_size = f64::from(settings.chunk_size);
        let chunk_size = if chunk_size.is_finite() && chunk_size > 0.0 {
            chunk_size
        } else {
            1.0
        };
        let kinds: HashMap<&str, u16> = settings
            .kinds
            .iter()
            .take(MAX_INDEXED)
            .enumerate()
            .rev() // the first of duplicate names wins
            .map(|(i, k)| (k.name.as_str(), i as u16))
            .collect();
        let slices = settings
            .slices
            .iter()
            .enumerate()
            .map(|(s, slice)| {
                let chunks = slice
                    .chunks
                    .iter()
                    .enumerate()
                    .map(|(c, chunk)| ChunkPlan {
                        within: chunk.within,
                        layers: chunk
                            .layers
                            .iter()
                            .take(MAX_INDEXED)
                            .enumerate()
                            .map(|(l, layer)| {
                                let key = hash_words(&[seed, s as u64, c as u64, l as u64]);
                                let octaves = layer.noise.octaves.clamp(1, MAX_OCTAVES) as usize;
                                let frequency = layer.noise.frequency;
                                let usable = layer.radius.is_finite() && layer.radius > 0.0;
                                let spacing = f64::from(layer.spacing);
                                let diameter = 2.0 * f64::from(layer.radius);
                                let frequency = if frequency.is_finite() {
                                    frequency
                                } else {
                                    0.0
                                };
                                LayerPlan {
                                    noise_limit: noise_limit(frequency, octaves),
                                    // Shifted so that `noise` adding the octave index to the
                                    // seed can never overflow.
                                    noise: Fbm::<Perlin>::new((key as u32) >> 4)
                                        .set_octaves(octaves)
                                        .set_frequency(frequency),
                                    kind: kinds
                                        .get(layer.kind.as_str())
                                        .copied()
                                        .filter(|_| usable),
                                    radius: layer.radius,
                                    min_distance: diameter.max(spacing) + GAP,
                                    threshold: f64::from(layer.threshold),
                                }
                            })
                            .collect(),
                    })
                    .collect();
                SlicePlan { chunks }
            })
            .collect();
        let track_clearance = f64::from(settings.track_clearance);
        let track_clearance = if track_clearance.is_nan() {
            0.0
        } else {
            track_clearance
        };
        let columns = settings.columns.min(MAX_COLUMNS) as i32;
        let roads = settings.roads.as_ref().map(|roads| {
            RoadPlan::new(&settings, roads, seed, chunk_size, columns, track_clearance)
        });
        Scatter {
            seed,
            layout: Layout::new(
                chunk_size,
                columns,
                settings.slices.iter().map(|s| s.length),
            ),
            texture_size: settings.texture_size.clamp(1, MAX_TEXTURE_SIZE) as usize,
            track_clearance,
            slices,
            roads,
            settings,
        }
    }

    /// The settings.
    pub fn settings(&self) -> &ScatterSettings {
        &self.settings
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The slice (index into [`ScatterSettings::slices`]) at `distance` world units along `+z`;
    /// negative distances give slice 0, distances past the configured slices the last one.
    pub fn slice_at(&self, distance: f32) -> usize {
        let row = f64::from(distance) / self.layout.chunk_size;
        let row = if row >= 0.0 { row.floor() as i64 } else { -1 };
        self.layout.slice_of_row(row).0
    }

    /// World `z` where slice `slice` starts and ends. Indices past the configured slices are
    /// the repeats of the last one: `slice_range(n)` (with `n` slices configured) is the pass
    /// right after `slice_range(n - 1)`.
    pub fn slice_range(&self, slice: usize) -> (f32, f32) {
        let (start, length) = self.layout.pass(slice);
        let z = |row: i64| (row as f64 * self.layout.chunk_size) as f32;
        (z(start), z(start.saturating_add(length)))
    }

    /// Every chunk of the band in the first `slices` slices (counting repeats of the last
    /// configured slice), row by row from row 0, `x` ascending.
    pub fn chunks_for_slices(&self, slices: usize) -> Vec<ChunkCoord> {
        if slices == 0 || self.slices.is_empty() {
            return Vec::new();
        }
        let (start, length) = self.layout.pass(slices - 1);
        let end = start.saturating_add(length).min(i64::from(i32::MAX)) as i32;
        (0..end).flat_map(|z| self.chunk_row(z)).collect()
    }

    /// The band's chunks in row `cz`, `x` ascending.
    pub fn chunk_row(&self, cz: i32) -> Vec<ChunkCoord> {
        self.layout.chunk_row(cz)
    }

    /// Generates one chunk: its layers in parallel, then each layer removes the earlier layers'
    /// placements it overlaps.
    pub fn generate_chunk(&self, coord: ChunkCoord) -> ChunkPlacements {
        let (slice, start, length) = self.layout.slice_of_row(i64::from(coord.z));
        let Some(plan) = self.slices.get(slice) else {
            return ChunkPlacements {
                coord,
                slice,
                chunk: 0,
                placements: Vec::new(),
                roads: Vec::new(),
            };
        };
        let centre = (start as f64 + length as f64 / 2.0) * self.layout.chunk_size;
        let distance = ((f64::from(coord.z) + 0.5) * self.layout.chunk_size - centre).abs();
        let chunk = plan
            .chunks
            .iter()
            .position(|c| f64::from(c.within) >= distance)
            .unwrap_or(plan.chunks.len().saturating_sub(1));
        let layers: Vec<Vec<Placement>> = plan.chunks.get(chunk).map_or(Vec::new(), |c| {
            let largest = c
                .layers
                .iter()
                .map(|l| f64::from(l.radius))
                .filter(|r| r.is_finite())
                .fold(0.0, f64::max)
                .min(self.layout.chunk_size);
            let roads = self.roads.as_ref().map_or((Vec::new(), 0.0), |plan| {
                plan.segments_near(&self.layout, coord, largest + GAP)
            });
            c.layers
                .par_iter()
                .enumerate()
                .map(|(i, layer)| self.layer(coord, i as u16, layer, &roads))
                .collect()
        });
        ChunkPlacements {
            coord,
            slice,
            chunk,
            placements: self.stack(coord, layers),
            roads: self
                .roads
                .as_ref()
                .map_or(Vec::new(), |plan| plan.chunk_pieces(&self.layout, coord)),
        }
    }

    /// Puts the road pieces of `chunks` together into whole roads: each road's pieces joined
    /// where they meet, then chained into the road of the next pass that leaves the gate it
    /// arrives at. A road that merges into a gate another road also arrives at ends there; a
    /// road that branches from a gate starts there. Roads are ordered by their first pass,
    /// side and lane; pieces missing from `chunks` leave a road in parts.
    pub fn join_roads(&self, chunks: &[ChunkPlacements]) -> Vec<Road> {
        self.roads.as_ref().map_or(Vec::new(), |plan| {
            plan.join(chunks.iter().flat_map(|c| &c.roads))
        })
    }

    /// Generates `chunks` in parallel; the result is in input order.
    pub fn generate(&self, chunks: &[ChunkCoord]) -> Vec<ChunkPlacements> {
        chunks.par_iter().map(|&c| self.generate_chunk(c)).collect()
    }

    /// World rectangle of a chunk: `(min x, min z, side)`.
    fn bounds(&self, coord: ChunkCoord) -> (f64, f64, f64) {
        (
            f64::from(coord.x) * self.layout.chunk_size,
            f64::from(coord.z) * self.layout.chunk_size,
            self.layout.chunk_size,
        )
    }

    /// The points of one layer in one chunk, in texel scan order (rows of `z`, then `x`),
    /// clear of `roads` (road segments near the chunk, and their half width).
    fn layer(
        &self,
        coord: ChunkCoord,
        index: u16,
        plan: &LayerPlan,
        roads: &(Vec<[[f64; 2]; 2]>, f64),
    ) -> Vec<Placement> {
        let Some(kind) = plan.kind else {
            return Vec::new();
        };
        let (min_x, min_z, side) = self.bounds(coord);
        let r = f64::from(plan.radius);
        let (low_x, high_x) = (min_x + r + GAP / 2.0, min_x + side - r - GAP / 2.0);
        let (low_z, high_z) = (min_z + r + GAP / 2.0, min_z + side - r - GAP / 2.0);
        let n = self.texture_size;
        let texel = side / n as f64;
        let key = hash_words(&[
            self.seed,
            u64::from(coord.x as u32),
            u64::from(coord.z as u32),
            u64::from(index),
        ]);
        let mut grid = Grid::new(min_x, min_z, side, plan.min_distance);
        let mut out = Vec::new();
        for tz in 0..n {
            for tx in 0..n {
                let h = mix64(key ^ (tz * n + tx) as u64);
                let (jx, jz) = (unit(h >> 40), unit(h >> 16));
                // Round to what is stored, so every test below holds for the stored values.
                let x = f64::from((min_x + texel * (tx as f64 + jx)) as f32);
                let z = f64::from((min_z + texel * (tz as f64 + jz)) as f32);
                if x < low_x || x > high_x || z < low_z || z > high_z {
                    continue;
                }
                if x.abs() - r < self.track_clearance {
                    continue;
                }
                if grid.any_within(x, z, plan.min_distance) {
                    continue;
                }
                if sample_noise(&plan.noise, plan.noise_limit, [x, z]) <= plan.threshold {
                    continue;
                }
                if near_segment(&roads.0, x, z, roads.1 + r + GAP) {
                    continue;
                }
                grid.insert(x, z);
                out.push(Placement {
                    x: x as f32,
                    z: z as f32,
                    radius: plan.radius,
                    kind,
                    layer: index,
                });
            }
        }
        out
    }

    /// Stacks the layers in order, each removing the earlier placements it overlaps.
    fn stack(&self, coord: ChunkCoord, layers: Vec<Vec<Placement>>) -> Vec<Placement> {
        let (min_x, min_z, side) = self.bounds(coord);
        let mut kept: Vec<Placement> = Vec::new();
        for layer in layers {
            if let (Some(first), false) = (layer.first(), kept.is_empty()) {
                let r = f64::from(first.radius);
                let mut grid = Grid::new(min_x, min_z, side, 2.0 * r + GAP);
                for p in &layer {
                    grid.insert(f64::from(p.x), f64::from(p.z));
                }
                kept.retain(|q| {
                    let reach = f64::from(q.radius) + r + GAP;
                    !grid.any_within(f64::from(q.x), f64::from(q.z), reach)
                });
            }
            kept.extend(layer);
        }
        kept
    }
}

/// Points bucketed in square cells over a chunk, to find near neighbours quickly.
struct Grid {
    min_x: f64,
    min_z: f64,
    cell: f64,
    side: usize,
    cells: Vec<Vec<[f64; 2]>>,
}

impl Grid {
    /// A grid over the square at `(min_x, min_z)` of side `size`, with cells of about `reach`.
    fn new(min_x: f64, min_z: f64, size: f64, reach: f64) -> Grid {
        let cell = reach.max(size / MAX_GRID as f64);
        let side = ((size / cell).ceil() as usize).clamp(1, MAX_GRID);
        Grid {
            min_x,
            min_z,
            cell,
            side,
            cells: vec![Vec::new(); side * side],
        }
    }

    /// The cell along one axis (points outside the square fall in the edge cells).
    fn cell_of(&self, offset: f64) -> usize {
        ((offset / self.cell).floor().max(0.0) as usize).min(self.side - 1)
    }

    fn insert(&mut self, x: f64, z: f64) {
        let (i, j) = (self.cell_of(x - self.min_x), self.cell_of(z - self.min_z));
        self.cells[j * self.side + i].push([x, z]);
    }

    /// Whether some point lies closer than `reach` to `(x, z)`.
    fn any_within(&self, x: f64, z: f64, reach: f64) -> bool {
        let (dx, dz) = (x - self.min_x, z - self.min_z);
        let (i0, i1) = (self.cell_of(dx - reach), self.cell_of(dx + reach));
        let (j0, j1) = (self.cell_of(dz - reach), self.cell_of(dz + reach));
        (j0..=j1).any(|j| {
            self.cells[j * self.side + i0..=j * self.side + i1]
                .iter()
                .flatten()
                .any(|&[px, pz]| (px - x).powi(2) + (pz - z).powi(2) < reach * reach)
        })
    }
}

/// The low 24 bits of `bits` as a number in `[0, 1)`.
fn unit(bits: u64) -> f64 {
    (bits & 0xFF_FFFF) as f64 / (1u64 << 24) as f64
}
