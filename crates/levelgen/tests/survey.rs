//! The city set measured as a walker uses it (`wfc::walker::survey`): most of the ground is
//! open and reached from the street, a deck or a roof one storey up is common and about half
//! of it is reached on foot, and stairs on roofs lead further up.
#![allow(clippy::unwrap_used)]

use horde_levelgen::collapse::{Area, InfiniteMap, ModuleSet};
use horde_levelgen::walk::{StoreyShare, survey_storeys};

fn city() -> ModuleSet {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    ModuleSet::load(&path).unwrap()
}

/// The storeys of a 48×48 region of the city of `seed` around the origin.
fn storeys(set: &ModuleSet, seed: u64) -> Vec<StoreyShare> {
    let mut map = InfiniteMap::new(set, 6, seed).unwrap();
    let region = map.region(Area::new(-24, -24, 48, 48)).unwrap();
    survey_storeys(set, &region, (-24, -24))
}

#[test]
fn the_city_is_open_on_the_ground_and_walked_one_storey_up() {
    let set = city();
    let mut above_one = 0.0;
    for seed in [1, 2, 3] {
        let s = storeys(&set, seed);
        assert_eq!(s[0].storey, 0);
        assert!(
            s.windows(2).all(|w| w[1].storey == w[0].storey + 1),
            "{s:?}"
        );
        for share in &s {
            assert!(
                (0.0..=1.0).contains(&share.walkable) && (0.0..=1.0).contains(&share.reachable)
            );
        }
        assert!(s[0].walkable > 0.5, "seed {seed}: ground {s:?}");
        assert!(s[0].reachable > 0.9, "seed {seed}: {s:?}");
        let first = s[1];
        assert!(first.walkable > 0.05, "seed {seed}: storey 1 {first:?}");
        assert!(first.reachable > 0.3, "seed {seed}: storey 1 {first:?}");
        above_one += s[2..].iter().map(|x| x.walkable * x.reachable).sum::<f64>();
    }
    assert!(above_one > 0.0, "no roof above the first storey is reached");
}

#[test]
fn a_region_surveys_the_same_wherever_the_map_was_made_from() {
    let set = city();
    let fresh = storeys(&set, 4);
    let mut map = InfiniteMap::new(&set, 6, 4).unwrap();
    map.ensure(Area::new(30, 30, 20, 20)).unwrap();
    let region = map.region(Area::new(-24, -24, 48, 48)).unwrap();
    assert_eq!(survey_storeys(&set, &region, (-24, -24)), fresh);
}
