#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test
//! Scatter roads: pieces that meet bit for bit across chunk borders whichever chunk comes
//! first, whole roads through every slice with no long jump, merging and branching where the
//! road count changes, no placement on a road (checked from the output alone), the same on
//! any thread count, and settings errors with their place.

use horde_levelgen::scenery::{
    ChunkPlacements, DEFAULT_SCATTER_SETTINGS, Road, RoadPiece, Scatter, ScatterSettings, Side,
};
use std::collections::HashMap;
use std::path::Path;

fn default_settings() -> ScatterSettings {
    ScatterSettings::parse(
        DEFAULT_SCATTER_SETTINGS,
        Path::new("assets/scatter/default.ron"),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

/// A settings file with roads; `{ROADS}` is replaced by the slices' road counts in turn.
fn settings_with_counts(counts: &[Option<u32>]) -> ScatterSettings {
    let slice = |k: usize, count: Option<u32>| {
        let roads = count.map_or(String::new(), |n| format!("roads: {n},"));
        format!(
            r#"(name: "s{k}", length: 3, {roads} chunks: [
                (name: "all", within: 100.0, layers: [
                    (kind: "rock", radius: 0.5, noise: (frequency: 0.1, octaves: 2), threshold: -0.2, spacing: 1.5),
                    (kind: "tree", radius: 1.5, noise: (frequency: 0.05, octaves: 3), threshold: -0.3, spacing: 3.0),
                ]),
            ]),"#
        )
    };
    let slices: String = counts
        .iter()
        .enumerate()
        .map(|(k, &c)| slice(k, c))
        .collect();
    let text = format!(
        r#"(
    chunk_size: 16.0,
    texture_size: 32,
    columns: 6,
    track_clearance: 2.0,
    roads: (width: 2.5, count: 2, track_distance: 40.0, wander: 12.0, noise: (frequency: 0.03, octaves: 3)),
    kinds: [
        (name: "tree", colour: (0.1, 0.5, 0.1), height: 3.0),
        (name: "rock", colour: (0.4, 0.4, 0.4), height: 0.5),
    ],
    slices: [{slices}],
)"#
    );
    ScatterSettings::parse(&text, Path::new("counts.ron")).unwrap_or_else(|e| panic!("{e}"))
}

fn distance(a: [f32; 2], b: [f32; 2]) -> f64 {
    (f64::from(a[0] - b[0]).powi(2) + f64::from(a[1] - b[1]).powi(2)).sqrt()
}

/// Distance from `p` to the segment `a`–`b`, all in f64 from the stored f32 values.
fn to_segment(p: [f64; 2], a: [f32; 2], b: [f32; 2]) -> f64 {
    let (a, b) = (a.map(f64::from), b.map(f64::from));
    let (ux, uz) = (b[0] - a[0], b[1] - a[1]);
    let (vx, vz) = (p[0] - a[0], p[1] - a[1]);
    let l2 = ux * ux + uz * uz;
    let t = if l2 > 0.0 {
        ((vx * ux + vz * uz) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((vx - t * ux).powi(2) + (vz - t * uz).powi(2)).sqrt()
}

/// Every road checked against what a road must be: at least two points, `z` increasing, no
/// step longer than a quarter chunk side (and so never more than half of one).
fn check_shape(roads: &[Road], chunk_size: f64) {
    for road in roads {
        assert!(road.points.len() >= 2);
        for w in road.points.windows(2) {
            assert!(w[1][1] > w[0][1], "z goes back: {:?} then {:?}", w[0], w[1]);
            let step = distance(w[0], w[1]);
            assert!(
                step <= chunk_size / 4.0 + 1e-4,
                "a step of {step} from {:?} to {:?}",
                w[0],
                w[1]
            );
        }
    }
}

#[test]
fn default_roads_run_through_every_slice_one_on_each_side() {
    let settings = default_settings();
    let roads_settings = settings.roads.unwrap();
    let (clearance, cs) = (settings.track_clearance, f64::from(settings.chunk_size));
    for seed in [1, 2, 3] {
        let scatter = Scatter::new(settings.clone(), seed);
        let slices = 5; // the third slice repeats: passes 3 and 4 are its repeats
        let map = scatter.generate(&scatter.chunks_for_slices(slices));
        let (_, end) = scatter.slice_range(slices - 1);
        let roads = scatter.join_roads(&map);
        assert_eq!(roads.len(), 2, "seed {seed}: one whole road a side");
        check_shape(&roads, cs);
        for road in &roads {
            assert_eq!(road.width, roads_settings.width);
            assert_eq!(road.points[0][1], 0.0, "seed {seed}: starts at the origin");
            assert_eq!(
                road.points.last().unwrap()[1],
                end,
                "seed {seed}: ends at the end"
            );
            let sign = road.points[0][0].signum();
            for p in &road.points {
                assert_eq!(
                    p[0].signum(),
                    sign,
                    "seed {seed}: crosses the track at {p:?}"
                );
                let d = p[0].abs();
                assert!(
                    d >= clearance + roads_settings.width / 2.0
                        && d <= roads_settings.track_distance,
                    "seed {seed}: {p:?} outside the lane"
                );
            }
        }
        assert_ne!(
            roads[0].points[0][0].signum(),
            roads[1].points[0][0].signum()
        );
        // The roads wander: not a straight line between slice boundaries.
        let xs: Vec<f32> = roads[0].points.iter().map(|p| p[0]).collect();
        let spread = xs.iter().copied().fold(f32::MIN, f32::max)
            - xs.iter().copied().fold(f32::MAX, f32::min);
        assert!(spread > 1.0, "seed {seed}: spread {spread}");
    }
}

/// Where a piece ends on a border of its chunk that another chunk of the map shares, that
/// chunk has a piece of the same road (or, on a slice boundary, of a road leaving the same
/// gate) starting or ending at exactly the same point.
fn check_pieces_meet(map: &[ChunkPlacements], chunk_size: f32, end_z: f32) {
    let mut at: HashMap<(u32, u32), Vec<(&ChunkPlacements, &RoadPiece)>> = HashMap::new();
    for chunk in map {
        for piece in &chunk.roads {
            for p in [piece.points[0], *piece.points.last().unwrap()] {
                at.entry((p[0].to_bits(), p[1].to_bits()))
                    .or_default()
                    .push((chunk, piece));
            }
        }
    }
    let columns: Vec<i32> = map.iter().map(|c| c.coord.x).collect();
    let (first, last) = (
        *columns.iter().min().unwrap(),
        *columns.iter().max().unwrap(),
    );
    let mut borders = 0;
    for chunk in map {
        let (lo_x, lo_z) = (
            chunk.coord.x as f32 * chunk_size,
            chunk.coord.z as f32 * chunk_size,
        );
        let (hi_x, hi_z) = (lo_x + chunk_size, lo_z + chunk_size);
        for piece in &chunk.roads {
            assert!(piece.points.len() >= 2);
            for p in [piece.points[0], *piece.points.last().unwrap()] {
                let on_inner_border = (p[0] == lo_x && chunk.coord.x > first)
                    || (p[0] == hi_x && chunk.coord.x < last)
                    || (p[1] == lo_z && p[1] > 0.0)
                    || (p[1] == hi_z && p[1] < end_z);
                if !on_inner_border {
                    continue;
                }
                borders += 1;
                let others = &at[&(p[0].to_bits(), p[1].to_bits())];
                assert!(
                    others.iter().any(|(c, _)| c.coord != chunk.coord),
                    "{:?} of {:?} ends at {p:?} on a border; no other chunk meets it",
                    piece.road,
                    chunk.coord
                );
            }
        }
    }
    assert!(borders > 0, "no piece reached a border");
}

#[test]
fn pieces_meet_bit_for_bit_at_chunk_borders_and_slice_boundaries() {
    for seed in [1, 4] {
        let scatter = Scatter::new(default_settings(), seed);
        let map = scatter.generate(&scatter.chunks_for_slices(3));
        let (_, end) = scatter.slice_range(2);
        check_pieces_meet(&map, scatter.settings().chunk_size, end);
    }
    // Wandering roads on a band of 16 m chunks cross column borders too.
    let settings = settings_with_counts(&[Some(4), Some(4)]);
    let scatter = Scatter::new(settings, 9);
    let map = scatter.generate(&scatter.chunks_for_slices(2));
    let crossings = map
        .iter()
        .flat_map(|c| &c.roads)
        .filter(|p| p.points.iter().any(|q| q[0] % 16.0 == 0.0))
        .count();
    assert!(crossings > 0, "no road crossed a column border");
    let (_, end) = scatter.slice_range(1);
    check_pieces_meet(&map, 16.0, end);
}

#[test]
fn the_same_roads_on_any_thread_count_and_in_any_order() {
    let scatter = Scatter::new(default_settings(), 5);
    let chunks = scatter.chunks_for_slices(3);
    let one = in_pool(1, || scatter.generate(&chunks));
    let two = in_pool(2, || scatter.generate(&chunks));
    assert_eq!(one, two);
    // Chunk by chunk, last first, each on a fresh generator.
    let mut reversed: Vec<ChunkPlacements> = chunks
        .iter()
        .rev()
        .map(|&c| Scatter::new(default_settings(), 5).generate_chunk(c))
        .collect();
    reversed.reverse();
    assert_eq!(one, reversed);
    assert_eq!(scatter.join_roads(&one), scatter.join_roads(&reversed));
    // Pieces given in another order join to the same roads.
    let mut shuffled = one.clone();
    shuffled.reverse();
    shuffled.rotate_left(7);
    assert_eq!(scatter.join_roads(&one), scatter.join_roads(&shuffled));
    assert!(one.iter().map(|c| c.roads.len()).sum::<usize>() > 0);
}

#[test]
fn no_placement_stands_on_a_road() {
    let check = |scatter: &Scatter, slices: usize| {
        let map = scatter.generate(&scatter.chunks_for_slices(slices));
        let roads = scatter.join_roads(&map);
        assert!(!roads.is_empty());
        let mut near = 0;
        for p in map.iter().flat_map(|c| &c.placements) {
            let centre = [f64::from(p.x), f64::from(p.z)];
            for road in &roads {
                let clear = f64::from(road.width) / 2.0 + f64::from(p.radius);
                for w in road.points.windows(2) {
                    let d = to_segment(centre, w[0], w[1]);
                    assert!(
                        d >= clear,
                        "a placement at {centre:?} (radius {}) is {d} from a road of width {}",
                        p.radius,
                        road.width
                    );
                    if d < clear + 1.0 {
                        near += 1;
                    }
                }
            }
        }
        // The scenery comes right up to the roads: the check is not vacuous.
        assert!(near > 0, "nothing stands near a road");
    };
    for seed in [1, 2] {
        check(&Scatter::new(default_settings(), seed), 3);
    }
    check(
        &Scatter::new(settings_with_counts(&[Some(3), Some(5), Some(1)]), 3),
        3,
    );
}

#[test]
fn roads_merge_and_branch_where_the_count_changes() {
    // 3 roads (2 right, 1 left), then 5 (3, 2), then 1 (1, 0), then none, then 2 again.
    let settings = settings_with_counts(&[Some(3), Some(5), Some(1), Some(0), None]);
    let cs = f64::from(settings.chunk_size);
    for seed in [1, 2, 3] {
        let scatter = Scatter::new(settings.clone(), seed);
        let slices = 6;
        let map = scatter.generate(&scatter.chunks_for_slices(slices));
        let roads = scatter.join_roads(&map);
        check_shape(&roads, cs);
        let pieces: usize = map.iter().map(|c| c.roads.len()).sum();
        assert!(pieces > 0);
        // Per pass, the roads of each side present in the pieces.
        let mut per_pass: HashMap<(u32, Side), u16> = HashMap::new();
        for piece in map.iter().flat_map(|c| &c.roads) {
            let n = per_pass
                .entry((piece.road.pass, piece.road.side))
                .or_default();
            *n = (*n).max(piece.road.lane + 1);
        }
        let count = |pass: u32| {
            per_pass.get(&(pass, Side::Right)).copied().unwrap_or(0)
                + per_pass.get(&(pass, Side::Left)).copied().unwrap_or(0)
        };
        assert_eq!(
            (0..6).map(count).collect::<Vec<_>>(),
            vec![3, 5, 1, 0, 2, 2],
            "seed {seed}"
        );
        // Every road starts at the origin, at a boundary after which its side had no road
        // before, or on another road (a branch); it ends at the end, at a boundary where its
        // side has no road after, or on another road (a merge).
        let (_, end) = scatter.slice_range(slices - 1);
        let (empty_start, empty_end) = scatter.slice_range(3);
        let boundary = |z: f32| (0..slices).find(|&k| scatter.slice_range(k).0 == z);
        let side_count =
            |pass: usize, side: Side| per_pass.get(&(pass as u32, side)).copied().unwrap_or(0);
        let on_other = |i: usize, p: [f32; 2]| {
            roads
                .iter()
                .enumerate()
                .any(|(j, r)| j != i && r.points.contains(&p))
        };
        let mut branches = 0;
        let mut merges = 0;
        for (i, road) in roads.iter().enumerate() {
            let (first, last) = (road.points[0], *road.points.last().unwrap());
            let side = if first[0] > 0.0 {
                Side::Right
            } else {
                Side::Left
            };
            let fresh_start = first[1] == 0.0
                || boundary(first[1]).is_some_and(|k| k > 0 && side_count(k - 1, side) == 0);
            if !fresh_start {
                assert!(
                    on_other(i, first),
                    "seed {seed}: road {i} starts nowhere at {first:?}"
                );
                branches += 1;
            }
            let dead_end =
                last[1] == end || boundary(last[1]).is_some_and(|k| side_count(k, side) == 0);
            if !dead_end {
                assert!(
                    on_other(i, last),
                    "seed {seed}: road {i} ends nowhere at {last:?}"
                );
                merges += 1;
            }
        }
        // 2 → 3 on the right and 1 → 2 on the left branch; 3 → 1 on the right merge.
        assert!(branches >= 2, "seed {seed}: {branches} branches");
        assert!(merges >= 2, "seed {seed}: {merges} merges");
        // Nothing crosses the empty slice.
        for road in &roads {
            assert!(
                road.points
                    .iter()
                    .all(|p| p[1] <= empty_start || p[1] >= empty_end),
                "seed {seed}: a road in the slice without roads"
            );
        }
    }
}

#[test]
fn a_band_without_room_beside_the_track_lays_no_roads_on_that_side() {
    // One column: the band is x in [0, 16): roads only on the +x side.
    let text = default_like(1, 2.0);
    let scatter = Scatter::new(
        ScatterSettings::parse(&text, Path::new("one.ron")).unwrap(),
        1,
    );
    let map = scatter.generate(&scatter.chunks_for_slices(2));
    let roads = scatter.join_roads(&map);
    assert_eq!(roads.len(), 2, "both roads on the one side");
    assert!(roads.iter().flat_map(|r| &r.points).all(|p| p[0] > 0.0));
    // A clearance wider than the band: no room anywhere, no roads and no panic.
    let text = default_like(1, 40.0);
    let scatter = Scatter::new(
        ScatterSettings::parse(&text, Path::new("none.ron")).unwrap(),
        1,
    );
    let map = scatter.generate(&scatter.chunks_for_slices(2));
    assert!(map.iter().all(|c| c.roads.is_empty()));
    assert!(scatter.join_roads(&map).is_empty());
}

/// Settings with `columns` chunks of 16 m and a track clearance, and two roads.
fn default_like(columns: u32, clearance: f32) -> String {
    format!(
        r#"(
    chunk_size: 16.0,
    texture_size: 16,
    columns: {columns},
    track_clearance: {clearance:?},
    roads: (width: 2.0, count: 2, track_distance: 30.0, wander: 4.0, noise: (frequency: 0.05, octaves: 1)),
    kinds: [(name: "rock", colour: (0.4, 0.4, 0.4), height: 0.5)],
    slices: [(name: "only", length: 2, chunks: [(name: "all", within: 100.0, layers: [
        (kind: "rock", radius: 0.5, noise: (frequency: 0.1, octaves: 2), threshold: 0.0, spacing: 2.0),
    ])])],
)"#
    )
}

#[test]
fn settings_without_roads_lay_none() {
    let mut settings = default_settings();
    settings.roads = None;
    let scatter = Scatter::new(settings, 1);
    let map = scatter.generate(&scatter.chunks_for_slices(2));
    assert!(map.iter().all(|c| c.roads.is_empty()));
    assert!(scatter.join_roads(&map).is_empty());
    // Removing the roads frees ground: more placements than with them.
    let with = Scatter::new(default_settings(), 1);
    let with = with.generate(&with.chunks_for_slices(2));
    let count = |m: &[ChunkPlacements]| m.iter().map(|c| c.placements.len()).sum::<usize>();
    assert!(count(&map) > count(&with));
}

/// Parses the default-like settings with `from` replaced by `to`: the error names the file,
/// line and column and says `says`.
fn broken_roads(from: &str, to: &str, at: (usize, usize), says: &str) {
    let text = default_like(4, 2.0);
    assert!(text.contains(from), "{from}");
    let text = text.replacen(from, to, 1);
    let message = match ScatterSettings::parse(&text, Path::new("dir/roads.ron")) {
        Ok(_) => panic!("`{to}` was accepted"),
        Err(e) => e.to_string(),
    };
    let (line, column) = at;
    assert!(
        message.starts_with(&format!("dir/roads.ron:{line}:{column}: ")),
        "{message} (wanted {line}:{column})"
    );
    assert!(message.contains(says), "{message} (wanted `{says}`)");
}

#[test]
fn bad_road_settings_are_reported_with_their_place() {
    broken_roads(
        "width: 2.0",
        "width: 0.0",
        (6, 20),
        "`width` must be a positive number, found 0.0",
    );
    broken_roads(
        "width: 2.0",
        "width: 65.0",
        (6, 20),
        "more than 4 chunk sides (64)",
    );
    broken_roads(
        "count: 2",
        "count: 17",
        (6, 32),
        "`count` must be 0..=16, found 17",
    );
    broken_roads(
        "wander: 4.0",
        "wander: -1.0",
        (6, 65),
        "`wander` must be a number 0..=100000, found -1.0",
    );
    broken_roads(
        "track_distance: 30.0",
        "track_distance: inf",
        (6, 51),
        "track_distance",
    );
    broken_roads("count: 2,", "count: 2, lanes: 3,", (6, 35), "lanes");
    broken_roads(
        r#"length: 2,"#,
        r#"length: 2, roads: 99,"#,
        (8, 47),
        "`roads` must be 0..=16, found 99",
    );
}
