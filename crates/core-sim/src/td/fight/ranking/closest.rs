//! The `closest` priority's look: the cells of the reach in rings around the tower's cell,
//! each skipped when no point of it is nearer than the best so far.

use crate::td::fight::spatial::{CellBox, SpatialIndex, reaches};

/// The `closest` key of an enemy at `place` for a tower at `at`: the squared horizontal
/// distance.
pub(super) fn distance_key(place: [f32; 3], at: [f32; 2]) -> f32 {
    let [x, z, _] = place;
    let (dx, dz) = (x - at[0], z - at[1]);
    dx * dx + dz * dz
}

pub(super) fn closest(
    index: &SpatialIndex,
    places: &[[f32; 3]],
    ids: &[u64],
    at: [f32; 2],
    range: f32,
) -> Option<usize> {
    let CellBox { x0, x1, z0, z1 } = index.cell_box(at, range)?;
    let (cx, cz) = index.cell_xz(at);
    let (cx, cz) = (cx.clamp(x0, x1), cz.clamp(z0, z1));
    let columns = index.columns();
    let rings = (cx - x0).max(x1 - cx).max(cz - z0).max(z1 - cz);
    let mut best: Option<(f32, u64, usize)> = None;
    let mut visit = |x: u32, z: u32| {
        let (start, end) = index.span((z * columns + x) as usize);
        if start == end {
            return;
        }
        let bound = index.grid().distance_bound(x, z, at);
        if best.is_some_and(|(key, _, _)| bound > key) {
            return;
        }
        for pos in start..end {
            let place = index.place_at(pos, places);
            if !reaches(place, at, range) {
                continue;
            }
            let key = distance_key(place, at);
            let slot = index.slot_at(pos);
            let id = ids[slot];
            let better = best.is_none_or(|(k, i, _)| key.total_cmp(&k).then(id.cmp(&i)).is_lt());
            if better {
                best = Some((key, id, slot));
            }
        }
    };
    for r in 0..=rings {
        let (left, right) = (cx.checked_sub(r), cx + r);
        let (top, bottom) = (cz.checked_sub(r), cz + r);
        let columns_of_ring = (left.unwrap_or(0).max(x0))..=right.min(x1);
        // The ring's first and last rows, whole; the rows between, their two ends.
        for z in (top.unwrap_or(0).max(z0))..=bottom.min(z1) {
            if Some(z) == top || z == bottom {
                for x in columns_of_ring.clone() {
                    visit(x, z);
                }
                continue;
            }
            if let Some(x) = left.filter(|&x| x >= x0) {
                visit(x, z);
            }
            if r > 0 && right <= x1 {
                visit(right, z);
            }
        }
    }
    best.map(|(_, _, slot)| slot)
}
