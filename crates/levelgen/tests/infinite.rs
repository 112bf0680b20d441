//! The infinite map is a pure function of (set, height, seed, position): the same whatever was
//! asked for before, on any number of threads, dropped and made again; every seam fits; a set
//! whose blocks fail still gives a valid map; memory stays bounded on a long walk.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_levelgen::collapse::{Area, BLOCK, Dir, InfiniteMap, Map, ModuleSet};
use horde_levelgen::walk::{Route, walk_route};
use std::path::Path;

fn city() -> ModuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    ModuleSet::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// Every pair of neighbouring cells of `map` fits, in all six directions, and the boundary
/// holds (air connector above the top layer, ground below the bottom one).
fn assert_valid(set: &ModuleSet, map: &Map) {
    let s = map.size;
    let at = |x: u32, y: u32, z: u32| map.cells[s.index(x, y, z)] as usize;
    for y in 0..s.y {
        for z in 0..s.z {
            for x in 0..s.x {
                let m = at(x, y, z);
                // Each cell against its neighbour on every side, so a rule that held one way
                // only would be caught.
                for d in Dir::ALL {
                    let (dx, dy, dz) = d.step();
                    let (nx, ny, nz) = (
                        x as i64 + dx as i64,
                        y as i64 + dy as i64,
                        z as i64 + dz as i64,
                    );
                    let inside = (0..s.x as i64).contains(&nx)
                        && (0..s.y as i64).contains(&ny)
                        && (0..s.z as i64).contains(&nz);
                    if inside {
                        let n = at(nx as u32, ny as u32, nz as u32);
                        assert!(set.may_neighbour(m, n, d), "({x},{y},{z}) {d:?}");
                    }
                }
            }
        }
    }
    for z in 0..s.z {
        for x in 0..s.x {
            let top = &set.modules[at(x, s.y - 1, z)];
            let bottom = &set.modules[at(x, 0, z)];
            assert_eq!(top.faces[Dir::Up as usize].connector, set.boundary.up);
            assert_eq!(
                bottom.faces[Dir::Down as usize].connector,
                set.boundary.down
            );
        }
    }
}

fn region(set: &ModuleSet, seed: u64, visits: &[(i32, i32)], area: Area, threads: usize) -> Map {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(|| {
        let mut map = InfiniteMap::new(set, 6, seed).unwrap();
        for &(x, z) in visits {
            map.ensure(Area::new(x - 8, z - 8, 17, 17)).unwrap();
            map.retain_near(x, z, 20);
        }
        map.region(area).unwrap()
    })
}

#[test]
fn a_region_is_the_same_whatever_was_visited_first_and_on_any_thread_count() {
    let set = city();
    let area = Area::new(-37, 11, 40, 23);
    let plain = region(&set, 5, &[], area, 1);
    assert_valid(&set, &plain);
    let far_first = region(&set, 5, &[(300, -200), (-150, 90)], area, 2);
    let near_first = region(&set, 5, &[(-20, 20), (0, 0), (60, 60)], area, 2);
    assert_eq!(plain.cells, far_first.cells);
    assert_eq!(plain.cells, near_first.cells);
    // An overlapping region agrees cell for cell where they overlap.
    let other = region(&set, 5, &[], Area::new(-20, 0, 30, 30), 2);
    for z in 11..30 {
        for x in -20..3 {
            for y in 0..6 {
                let a = plain.cells[plain.size.index((x + 37) as u32, y, (z - 11) as u32)];
                let b = other.cells[other.size.index((x + 20) as u32, y, z as u32)];
                assert_eq!(a, b, "({x},{y},{z})");
            }
        }
    }
    // Another seed, another city.
    assert_ne!(plain.cells, region(&set, 6, &[], area, 1).cells);
}

#[test]
fn regions_far_from_the_origin_fit_across_every_seam() {
    let set = city();
    for (x, z) in [(1_000_003, -77_777), (-5_000_000, 4_000_000)] {
        // Wide enough to cross several block borders of every layer.
        let map = region(
            &set,
            11,
            &[],
            Area::new(x, z, 3 * BLOCK as u32 + 5, 2 * BLOCK as u32 + 3),
            2,
        );
        assert_valid(&set, &map);
        let distinct: std::collections::HashSet<_> = map.cells.iter().collect();
        assert!(
            distinct.len() > 10,
            "only {} modules: the background shows",
            distinct.len()
        );
    }
}

/// A set whose blocks run into dead ends unless they may backtrack: a plain tile that fits
/// itself (the background) and red but neither green nor blue, and three heavy colours that
/// may not touch their own colour. A cell beside plain ground whose other neighbour is red has
/// no choice left once a green or blue lands next to it.
const FRAGILE: &str = r#"(
    boundary: (up: 0, down: 0),
    prototypes: [
        (name: "plain", weight: 0.05, faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["green", "blue"], east: ["green", "blue"],
                         south: ["green", "blue"], north: ["green", "blue"])),
        (name: "red", weight: 5.0, faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["red"], east: ["red"], south: ["red"], north: ["red"])),
        (name: "green", weight: 5.0, faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["green"], east: ["green"], south: ["green"], north: ["green"])),
        (name: "blue", weight: 5.0, faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["blue"], east: ["blue"], south: ["blue"], north: ["blue"])),
    ],
)"#;

#[test]
fn blocks_that_fail_keep_the_layer_below_and_the_map_stays_valid() {
    let set = ModuleSet::parse(FRAGILE, Path::new("fragile.ron")).unwrap();
    let mut map = InfiniteMap::new(&set, 1, 3).unwrap();
    map.block_backtracks = 0;
    let area = Area::new(-40, -40, 80, 80);
    let region = map.region(area).unwrap();
    let stats = map.stats();
    assert!(
        stats.blocks_kept.iter().sum::<u64>() > 0,
        "no block failed: {stats:?}"
    );
    assert!(stats.blocks_solved.iter().sum::<u64>() > 0, "{stats:?}");
    assert_valid(&set, &region);
}

#[test]
fn a_set_without_a_background_is_an_error_not_a_panic() {
    // Three colours that may not touch themselves: no column fits itself sideways.
    let start = FRAGILE.find("(name: \"red\"").unwrap();
    let end = FRAGILE.rfind("],").unwrap();
    let only_colours = format!(
        "(\n    boundary: (up: 0, down: 0),\n    prototypes: [\n        {}],\n)",
        &FRAGILE[start..end]
    );
    let set = ModuleSet::parse(&only_colours, Path::new("colours.ron")).unwrap();
    assert_eq!(set.prototypes.len(), 3);
    assert!(InfiniteMap::new(&set, 1, 0).is_err());
    let city = city();
    assert!(InfiniteMap::new(&city, 0, 0).is_err());
    let mut map = InfiniteMap::new(&city, 6, 0).unwrap();
    assert!(
        map.ensure(Area::new(0, 0, 4096, 4096)).is_err(),
        "too large a request"
    );
}

#[test]
fn a_long_walk_keeps_memory_bounded_and_shows_the_same_city_when_it_comes_back() {
    let set = city();
    let resident = |steps: u64| {
        let mut map = InfiniteMap::new(&set, 6, 9).unwrap();
        let stats = walk_route(&mut map, Route::Line.cells(steps), 12, 24).unwrap();
        assert_eq!(stats.regenerated_shown, 0);
        map.stats().columns_resident_max
    };
    let short = resident(200);
    let long = resident(800);
    assert!(
        long <= short,
        "resident columns grew with distance: {short} → {long}"
    );
    // A spiral whose laps come back to dropped ground: what is shown again is the same.
    let mut map = InfiniteMap::new(&set, 6, 9).unwrap();
    let stats = walk_route(&mut map, Route::Spiral.cells(3000), 12, 14).unwrap();
    assert_eq!(stats.regenerated_shown, 0);
    assert!(stats.columns_compared > 10_000, "{stats:?}");
    assert!(map.stats().cells > 0);
}
