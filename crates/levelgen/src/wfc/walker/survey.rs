//! How much of a map a walker can use: storey by storey, the share of columns with a place to
//! stand at that storey (where the walker's whole body fits), and the share of those a walker
//! reaches on foot from the street. It measures a module set's weights and shapes (stairs that
//! lead nowhere, roofs no stair reaches), not a walk.
//!
//! A place's storey is the whole part of its height (a street at 0.12 is storey 0, a bridge
//! deck at 1.1 storey 1). Places connect as auto-walk's planner connects them: samples side by
//! side whose heights differ by at most a step. The street is every place on a surface among the
//! set's cheapest ([`SurfaceCosts::cheapest`]) below half a storey.

use super::body::BODY;
use super::costs::SurfaceCosts;
use super::terrain::Terrain;
use crate::wfc::map::Map;
use crate::wfc::module_set::ModuleSet;
use crate::wfc::walkable::{SAMPLES, Solid, Stand, column_stands};
use std::collections::{HashMap, VecDeque};

/// One storey's figures.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct StoreyShare {
    /// The storey (0: the street's).
    pub storey: u32,
    /// Share of the map's columns with a place to stand at this storey.
    pub walkable: f64,
    /// Share of those columns whose place at this storey is reached from the street.
    pub reachable: f64,
}

/// The columns of a map as a [`Terrain`]: solids and places to stand, by map position.
pub struct MapTerrain {
    columns: HashMap<(i32, i32), (Vec<Solid>, Vec<Stand>)>,
}

impl MapTerrain {
    /// The columns of `map` (of `set`), its column `(0, 0)` at map position `origin`.
    pub fn new(set: &ModuleSet, map: &Map, origin: (i32, i32)) -> MapTerrain {
        let mut columns = HashMap::new();
        let mut column = Vec::with_capacity(map.size.y as usize);
        for z in 0..map.size.z {
            for x in 0..map.size.x {
                column.clear();
                column.extend((0..map.size.y).map(|y| map.cells[map.size.index(x, y, z)]));
                let at = (origin.0 + x as i32, origin.1 + z as i32);
                let mut solids = Vec::new();
                set.column_solids(at, &column, &mut solids);
                let mut stands = Vec::new();
                column_stands(&solids, at, &BODY, &mut stands);
                columns.insert(at, (solids, stands));
            }
        }
        MapTerrain { columns }
    }
}

impl Terrain for MapTerrain {
    fn solids(&self, column: (i32, i32)) -> &[Solid] {
        self.columns.get(&column).map_or(&[], |(s, _)| s)
    }

    fn stands(&self, column: (i32, i32)) -> &[Stand] {
        self.columns.get(&column).map_or(&[], |(_, s)| s)
    }
}

/// A place to stand: its column and its index among the column's stands.
type Place = ((i32, i32), usize);

/// The storeys of `map` (of `set`, its column `(0, 0)` at `origin`), lowest first, up to the
/// highest with a place to stand.
pub fn survey_storeys(set: &ModuleSet, map: &Map, origin: (i32, i32)) -> Vec<StoreyShare> {
    let terrain = MapTerrain::new(set, map, origin);
    let costs = SurfaceCosts::of(set);
    // Every place where the body fits, found from the street outwards.
    let mut usable: HashMap<Place, bool> = HashMap::new();
    let mut queue = VecDeque::new();
    for (&column, (_, stands)) in &terrain.columns {
        for (i, stand) in stands.iter().enumerate() {
            let place = (column, i);
            if !BODY.fits_on(|c| terrain.solids(c), column, stand) {
                continue;
            }
            let street = stand.height < 0.5 && costs.cheapest(stand.module);
            usable.insert(place, street);
            if street {
                queue.push_back(place);
            }
        }
    }
    // Breadth first over neighbouring samples within a step.
    let n = SAMPLES as i32;
    while let Some((column, i)) = queue.pop_front() {
        let stand = terrain.stands(column)[i];
        let (si, sj) = stand.offset();
        let (gx, gz) = (column.0 * n + si as i32, column.1 * n + sj as i32);
        for (dx, dz) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (tx, tz) = (gx + dx, gz + dz);
            let to_column = (tx.div_euclid(n), tz.div_euclid(n));
            let sample = (tx.rem_euclid(n) + n * tz.rem_euclid(n)) as u8;
            for (j, other) in terrain.stands(to_column).iter().enumerate() {
                if other.sample != sample || !BODY.connects(stand.height, other.height) {
                    continue;
                }
                if let Some(seen) = usable.get_mut(&(to_column, j))
                    && !*seen
                {
                    *seen = true;
                    queue.push_back((to_column, j));
                }
            }
        }
    }
    // Per storey: columns with a usable place, and with a reached one.
    let mut per_storey: HashMap<u32, HashMap<(i32, i32), bool>> = HashMap::new();
    for (&(column, i), &reached) in &usable {
        let storey = terrain.stands(column)[i].height.max(0.0).floor() as u32;
        let any = per_storey
            .entry(storey)
            .or_default()
            .entry(column)
            .or_insert(false);
        *any |= reached;
    }
    let total = terrain.columns.len().max(1) as f64;
    let top = per_storey.keys().copied().max().unwrap_or(0);
    (0..=top)
        .map(|storey| {
            let columns = per_storey.get(&storey);
            let walkable = columns.map_or(0, |c| c.len());
            let reached = columns.map_or(0, |c| c.values().filter(|&&r| r).count());
            StoreyShare {
                storey,
                walkable: walkable as f64 / total,
                reachable: if walkable == 0 {
                    0.0
                } else {
                    reached as f64 / walkable as f64
                },
            }
        })
        .collect()
}
