//! Zoning in the city: every solved map keeps built modules below each column's limit, paves
//! the avenues with streets and nothing else; the map stays a pure function of its seed; the
//! city set's buildings rise with their distance from the street; bad zoning is refused at its
//! line and column.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_levelgen::collapse::{Area, InfiniteMap, Map, ModuleSet, Size, Solver, skyline};
use std::path::Path;

fn city() -> ModuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    ModuleSet::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// How many columns of `map` (its column (0, 0) at `origin`) break the height limits, and how
/// many break the avenue rule (a street off an avenue, anything else on one).
fn breaches(set: &ModuleSet, map: &Map, origin: (i32, i32), seed: u64) -> (usize, usize) {
    let zoning = set.zoning.as_ref().unwrap();
    let (mut heights, mut avenues) = (0, 0);
    for z in 0..map.size.z {
        for x in 0..map.size.x {
            let zone = zoning.column(seed, origin.0 + x as i32, origin.1 + z as i32);
            let column: Vec<u16> = (0..map.size.y)
                .map(|y| map.cells[map.size.index(x, y, z)])
                .collect();
            let too_high = column[zone.built_below as usize..]
                .iter()
                .any(|&m| set.is_built(usize::from(m)));
            heights += usize::from(too_high);
            avenues += usize::from(set.is_street(usize::from(column[0])) != zone.avenue);
        }
    }
    (heights, avenues)
}

#[test]
fn the_city_keeps_its_zoning_in_every_column() {
    let set = city();
    for seed in [1, 2, 7] {
        let mut map = InfiniteMap::new(&set, 6, seed).unwrap();
        let region = map.region(Area::new(-40, -24, 64, 48)).unwrap();
        let (heights, avenues) = breaches(&set, &region, (-40, -24), seed);
        assert_eq!(heights, 0, "seed {seed}: built above the limit");
        let kept: u64 = map.stats().blocks_kept.iter().sum();
        if kept == 0 {
            assert_eq!(avenues, 0, "seed {seed}: the avenue rule broken");
        }
        // Something is built, and the background under it all holds nothing built.
        assert!(region.cells.iter().any(|&m| set.is_built(usize::from(m))));
        assert!(
            map.background()
                .iter()
                .all(|&m| !set.is_built(usize::from(m)))
        );
    }
}

#[test]
fn a_zoned_map_is_the_same_whatever_was_made_before() {
    let set = city();
    let area = Area::new(5, -10, 30, 30);
    let mut fresh = InfiniteMap::new(&set, 6, 3).unwrap();
    let want = fresh.region(area).unwrap().cells;
    let mut wandered = InfiniteMap::new(&set, 6, 3).unwrap();
    wandered.ensure(Area::new(-200, 90, 40, 40)).unwrap();
    wandered.retain_near(-180, 110, 30);
    assert_eq!(wandered.region(area).unwrap().cells, want);
    // Another seed moves the blocks.
    let mut other = InfiniteMap::new(&set, 6, 4).unwrap();
    assert_ne!(other.region(area).unwrap().cells, want);
}

#[test]
fn finite_maps_take_the_zoning_too() {
    let set = city();
    let size = Size { x: 24, y: 6, z: 24 };
    let map = Solver::zoned(&set, size, 9).unwrap().solve().unwrap();
    assert_eq!(breaches(&set, &map, (0, 0), 9), (0, 0));
    // Without the zoning the same solve breaks it.
    let mut plain = set.clone();
    plain.zoning = None;
    let unzoned = Solver::zoned(&plain, size, 9).unwrap().solve().unwrap();
    let (heights, avenues) = breaches(&set, &unzoned, (0, 0), 9);
    assert!(heights > 0 && avenues > 0, "{heights} {avenues}");
}

#[test]
fn the_city_rises_away_from_its_streets() {
    let set = city();
    let mut map = InfiniteMap::new(&set, 6, 2).unwrap();
    let region = map.region(Area::new(-32, -32, 64, 64)).unwrap();
    let rows = skyline(&set, &region);
    assert!(rows.len() >= 4, "{rows:?}");
    // Beside a street no more than a lot and its roof; each step further in taller on average.
    assert_eq!(rows[0].max_height, 2, "{rows:?}");
    for pair in rows[..4].windows(2) {
        assert!(pair[1].mean_height > pair[0].mean_height, "{rows:?}");
    }
    assert!(rows[3].mean_height >= 3.5, "{rows:?}");
}

#[test]
fn bad_zoning_is_refused_at_its_line_and_column() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron"),
    )
    .unwrap();
    let good = "zoning: (block: 12, heights: [0, 2, 3, 4, 6], parks: 0.1)";
    assert!(text.contains(good));
    let line = text.lines().position(|l| l.contains(good)).unwrap() + 1;
    for (bad, says) in [
        ("zoning: (block: 1, heights: [0, 2])", "block"),
        ("zoning: (block: 12, heights: [])", "heights"),
        ("zoning: (block: 12, heights: [0, 9000])", "4096"),
        ("zoning: (block: 12, heights: [0, 2], parks: 1.5)", "parks"),
        (
            "zoning: (block: 12, heights: [0, 2], avenues: 2)",
            "avenues",
        ),
        ("zoning: (heights: [0, 2])", "block"),
    ] {
        let e = ModuleSet::parse(&text.replace(good, bad), Path::new("city.ron"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with(&format!("city.ron:{line}:")) && e.contains(says),
            "{bad}: {e}"
        );
    }
    // Without a zoning the flags mean nothing and the set still loads.
    let plain = ModuleSet::parse(
        &text.replace(&format!("{good},"), ""),
        Path::new("city.ron"),
    )
    .unwrap();
    assert!(plain.zoning.is_none());
}

#[test]
fn a_zoning_with_no_open_column_is_refused_with_its_reason() {
    // Every ground module is a street (or built), so no background column fits everywhere.
    let set = ModuleSet::parse(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../fuzz/corpus/module_set/186f574812ac3bab14803b43e7c71ac15fdcb5a6"),
        )
        .unwrap(),
        Path::new("tiny.ron"),
    )
    .unwrap();
    let e = InfiniteMap::new(&set, 3, 1).unwrap_err();
    assert!(
        matches!(e, horde_levelgen::collapse::GrowError::ZonedColumn(_)),
        "{e}"
    );
    assert!(e.to_string().contains("zoning"), "{e}");
}
