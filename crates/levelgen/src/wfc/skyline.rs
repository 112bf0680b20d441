//! The skyline of a map: how tall its buildings stand by how far they are from the street. It
//! measures what a set's [`zoning`](super::zoning) (or its weights alone) makes of a city:
//! lower buildings beside the streets, taller ones further in.
//!
//! A column's *height* is how many cells from the ground up to its highest built module (a lot
//! with its roof above is 2, the unit of [`Zoning::heights`](super::zoning::Zoning)); a column
//! is *street* when its lowest module is among the set's cheapest surfaces to walk
//! ([`SurfaceCosts::cheapest`], as the walker's survey has it). A built column's distance is
//! the number of steps to the nearest street column of the map, across sides (not corners).

use super::map::Map;
use super::module_set::ModuleSet;
use super::walker::SurfaceCosts;
use std::collections::VecDeque;

/// The built columns at one distance from the street.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct SkylineRow {
    /// Steps to the nearest street column (1: beside it).
    pub distance: u32,
    /// Built columns at this distance.
    pub columns: u64,
    /// Their mean height, in cells.
    pub mean_height: f64,
    /// Their greatest height, in cells.
    pub max_height: u32,
}

/// The heights of `map`'s built columns by distance from the street, nearest first (empty for
/// a map with no built column or no street).
pub fn skyline(set: &ModuleSet, map: &Map) -> Vec<SkylineRow> {
    let (w, d) = (map.size.x as usize, map.size.z as usize);
    let heights: Vec<u32> = (0..w * d)
        .map(|i| {
            let (x, z) = ((i % w) as u32, (i / w) as u32);
            (0..map.size.y)
                .rev()
                .find(|&y| set.is_built(usize::from(map.cells[map.size.index(x, y, z)])))
                .map_or(0, |y| y + 1)
        })
        .collect();
    // Breadth first from every street column at once.
    let costs = SurfaceCosts::of(set);
    let mut distance = vec![u32::MAX; w * d];
    let mut queue = VecDeque::new();
    for i in 0..w * d {
        let ground = map.cells[map.size.index((i % w) as u32, 0, (i / w) as u32)];
        if heights[i] == 0 && costs.cheapest(ground) {
            distance[i] = 0;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let (x, z) = (i % w, i / w);
        let sides = [
            (x > 0).then(|| i - 1),
            (x + 1 < w).then(|| i + 1),
            (z > 0).then(|| i - w),
            (z + 1 < d).then(|| i + w),
        ];
        for j in sides.into_iter().flatten() {
            if distance[j] == u32::MAX {
                distance[j] = distance[i] + 1;
                queue.push_back(j);
            }
        }
    }
    let mut rows: Vec<SkylineRow> = Vec::new();
    for (&h, &dist) in heights.iter().zip(&distance) {
        if h == 0 || dist == u32::MAX {
            continue;
        }
        let at = dist as usize - 1;
        while rows.len() <= at {
            rows.push(SkylineRow {
                distance: rows.len() as u32 + 1,
                columns: 0,
                mean_height: 0.0,
                max_height: 0,
            });
        }
        let row = &mut rows[at];
        row.columns += 1;
        row.mean_height += f64::from(h);
        row.max_height = row.max_height.max(h);
    }
    for row in &mut rows {
        if row.columns > 0 {
            row.mean_height /= row.columns as f64;
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::skyline;
    use crate::wfc::grid::Size;
    use crate::wfc::map::Map;
    use crate::wfc::module_set::ModuleSet;

    /// A street (the cheapest surface), grass, and built towers.
    const SET: &str = r#"(
        boundary: (up: 0, down: 1),
        prototypes: [
            (name: "air", faces: (west: (connector: 0, symmetry: Symmetric), east: (connector: 0, symmetry: Symmetric), south: (connector: 0, symmetry: Symmetric), north: (connector: 0, symmetry: Symmetric), down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant))),
            (name: "street", walk_cost: 1.0, shape: [(min: (0, 0, 0), max: (1, 0.1, 1))], faces: (west: (connector: 0, symmetry: Symmetric), east: (connector: 0, symmetry: Symmetric), south: (connector: 0, symmetry: Symmetric), north: (connector: 0, symmetry: Symmetric), down: (connector: 1, rotation: Invariant), up: (connector: 0, rotation: Invariant))),
            (name: "tower", built: true, walk_cost: 2.0, shape: [(min: (0, 0, 0), max: (1, 1, 1))], faces: (west: (connector: 0, symmetry: Symmetric), east: (connector: 0, symmetry: Symmetric), south: (connector: 0, symmetry: Symmetric), north: (connector: 0, symmetry: Symmetric), down: (connector: 1, rotation: Invariant), up: (connector: 0, rotation: Invariant))),
        ],
    )"#;

    #[test]
    fn heights_are_grouped_by_steps_to_the_street() {
        let set = ModuleSet::parse(SET, "s.ron".as_ref()).expect("the set parses");
        let size = Size { x: 5, y: 3, z: 1 };
        // A row: street, built 1 high, built 3 high, built 2 high, street.
        let mut cells = vec![0u16; size.cells()];
        for (x, h) in [(1, 1), (2, 3), (3, 2)] {
            for y in 0..h {
                cells[size.index(x, y, 0)] = 2;
            }
        }
        cells[size.index(0, 0, 0)] = 1;
        cells[size.index(4, 0, 0)] = 1;
        let map = Map {
            size,
            cells,
            backtracks: 0,
        };
        let rows = skyline(&set, &map);
        assert_eq!(rows.len(), 2);
        assert_eq!(
            (rows[0].distance, rows[0].columns, rows[0].max_height),
            (1, 2, 2)
        );
        assert!((rows[0].mean_height - 1.5).abs() < 1e-12);
        assert_eq!(
            (rows[1].distance, rows[1].columns, rows[1].max_height),
            (2, 1, 3)
        );
        assert_eq!(rows[1].mean_height, 3.0);
    }
}
