//! Walking the infinite map headless, as `horde wfc --infinite --walk` does: a walker follows a
//! fixed route, the map is made around it and dropped behind it, and every column shown is
//! checked against what was shown there before.

use super::infinite::{Area, BLOCK, GrowError, InfiniteMap};
use crate::hash::mix64;
use std::collections::HashMap;

/// Where a column's fingerprint starts.
const COLUMN_HASH_START: u64 = 0x636f_6c75_6d6e;

/// The routes a walk can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// A square spiral outwards from the origin: east 1, north 1, west 2, south 2, east 3, …
    Spiral,
    /// Straight east from the origin.
    Line,
}

impl Route {
    /// The first `steps` cells of the route, one cell per step.
    pub fn cells(self, steps: u64) -> Box<dyn Iterator<Item = (i32, i32)>> {
        match self {
            Route::Spiral => Box::new(spiral_route(steps)),
            Route::Line => Box::new(line_route(steps)),
        }
    }
}

/// The square spiral outwards from the origin, one cell per step (east 1, north 1, west 2,
/// south 2, east 3, ...).
pub fn spiral_route(steps: u64) -> impl Iterator<Item = (i32, i32)> {
    let (mut x, mut z) = (0i32, 0i32);
    let mut leg = 1;
    let mut taken = 0;
    let mut direction = 0usize;
    let mut on_leg = 0;
    std::iter::from_fn(move || {
        if taken >= steps {
            return None;
        }
        let step = [(1, 0), (0, 1), (-1, 0), (0, -1)][direction];
        x += step.0;
        z += step.1;
        taken += 1;
        on_leg += 1;
        if on_leg == leg {
            on_leg = 0;
            direction = (direction + 1) % 4;
            if direction.is_multiple_of(2) {
                leg += 1;
            }
        }
        Some((x, z))
    })
}

/// Straight east from the origin, one cell per step.
pub fn line_route(steps: u64) -> impl Iterator<Item = (i32, i32)> {
    (1..=steps.min(i32::MAX as u64)).map(|s| (s as i32, 0))
}

/// What a walk did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkStats {
    /// Steps walked.
    pub steps: u64,
    /// Cells shown that differed from what was shown in the same place before (0: the map
    /// is the same whatever was dropped and made again).
    pub regenerated_shown: u64,
    /// Columns shown and compared with an earlier showing.
    pub columns_compared: u64,
}

/// Walks `route`, at each step showing the columns within `view` of the walker (a square) and
/// dropping what lies more than `keep` columns away. The map is made ahead in batches: when
/// the view leaves what was made, the view grown by a margin (up to a block, within
/// `keep`) is made at once, so each layer has many blocks to solve in parallel.
pub fn walk_route(
    map: &mut InfiniteMap<'_>,
    route: impl Iterator<Item = (i32, i32)>,
    view: i32,
    keep: i32,
) -> Result<WalkStats, GrowError> {
    let view = view.max(0);
    let keep = keep.max(view);
    let mut stats = WalkStats::default();
    // What each column looked like when last shown, within reach of the walker (kept further
    // out than the map keeps its blocks, so columns dropped and made again are compared).
    let mut shown: HashMap<(i32, i32), u64> = HashMap::new();
    let remember = keep.saturating_mul(2);
    let mut last_prune = (0i32, 0i32);
    let margin = (keep - view).clamp(0, 2 * BLOCK);
    let mut made: Option<Area> = None;
    let mut previous: Option<Area> = None;
    for (x, z) in route {
        stats.steps += 1;
        let side = (2 * view + 1) as u32;
        let seen = Area::new(x - view, z - view, side, side);
        if !made.is_some_and(|m| m.contains(seen)) {
            let grown = (2 * (view + margin) + 1) as u32;
            let ahead = Area::new(x - view - margin, z - view - margin, grown, grown);
            map.ensure(ahead)?;
            map.retain_near(x, z, keep);
            made = Some(ahead);
        }
        // Columns that stayed in view cannot have changed (their blocks are held); only those
        // entering the view are compared with what was shown there before.
        for cz in seen.z0..seen.z1 {
            for cx in seen.x0..seen.x1 {
                if previous.is_some_and(|p| p.contains(Area::new(cx, cz, 1, 1))) {
                    continue;
                }
                let Some(column) = map.column(cx, cz) else {
                    continue;
                };
                let hash = column
                    .iter()
                    .fold(COLUMN_HASH_START, |h, &m| mix64(h ^ u64::from(m)));
                match shown.insert((cx, cz), hash) {
                    Some(before) if before != hash => {
                        stats.regenerated_shown += column.len() as u64;
                        stats.columns_compared += 1;
                    }
                    Some(_) => stats.columns_compared += 1,
                    None => {}
                }
            }
        }
        previous = Some(seen);
        if (x - last_prune.0).abs().max((z - last_prune.1).abs()) > keep {
            last_prune = (x, z);
            shown.retain(|&(cx, cz), _| (cx - x).abs().max((cz - z).abs()) <= remember);
        }
    }
    Ok(stats)
}
