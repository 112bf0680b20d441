//! The road plan: the settings prepared for a seed and a band — how many roads each pass lays
//! on each side, the lanes they keep to, and the gates on the boundaries between passes.

use super::pieces::Side;
use crate::hash::hash_words;
use crate::scatter::sampling::{GAP, noise_limit};
use crate::scatter::settings::{MAX_OCTAVES, MAX_ROADS, RoadSettings, ScatterSettings};
use noise::{Fbm, MultiFractal, Perlin};

/// A word mixed into gate hashes, so they differ from every other hash of the same numbers.
const GATE_TAG: u64 = 0x6761_7465;
/// A word mixed into a road's noise offset hash.
pub(super) const NOISE_TAG: u64 = 0x726f_6164;

/// Road settings prepared for a seed and a band.
#[derive(Clone, Debug)]
pub(crate) struct RoadPlan {
    /// The map's seed: gates and wander are pure functions of it.
    pub(super) seed: u64,
    /// Half the width (at most two chunk sides).
    pub(super) half_width: f64,
    pub(super) wander: f64,
    pub(super) noise: Fbm<Perlin>,
    /// The farthest coordinate the wander's noise is sampled at.
    pub(super) noise_limit: f64,
    /// Roads through each configured slice.
    pub(super) counts: Vec<u32>,
    /// Least and greatest distance of a centre line from the track, per side (`None`: no
    /// room on that side).
    pub(super) lanes: [Option<(f64, f64)>; 2],
}

impl RoadPlan {
    /// The plan for `settings` (its `roads` must be set) and `seed`; `chunk_size`, `columns`
    /// and `clearance` as the scatter uses them.
    pub(crate) fn new(
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
                .map(|s| s.roads.unwrap_or(roads.count).min(MAX_ROADS))
                .collect(),
            lanes,
        }
    }

    /// Roads on each side in pass `pass`.
    pub(super) fn side_counts(&self, pass: u64) -> [u32; 2] {
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
    pub(super) fn count(&self, pass: u64, side: Side) -> u32 {
        self.side_counts(pass)[side.index()]
    }

    /// Gates on `side` of the boundary where pass `boundary` starts.
    pub(super) fn gates(&self, boundary: u64, side: Side) -> u32 {
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
    pub(super) fn gate_of(lane: u32, roads: u32, gates: u32) -> u32 {
        if roads == 0 {
            0
        } else {
            (u64::from(lane) * u64::from(gates) / u64::from(roads)) as u32
        }
    }

    /// Distance from the track of gate `gate` of `gates` on `side` of boundary `boundary`.
    pub(super) fn gate_distance(&self, boundary: u64, side: Side, gate: u32, gates: u32) -> f64 {
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
