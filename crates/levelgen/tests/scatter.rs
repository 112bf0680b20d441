#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test
//! Scatter maps: the same for any thread count and generation order, overlap-free (checked
//! independently of the generator), slices and chunk settings where the settings put them,
//! clear of the track and inside their chunks; settings errors with their location.

use horde_files::FileError;
use horde_levelgen::scenery::{
    ChunkCoord, ChunkPlacements, DEFAULT_SCATTER_SETTINGS, Scatter, ScatterSettings,
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

fn scatter(seed: u64) -> Scatter {
    Scatter::new(default_settings(), seed)
}

fn in_pool<T: Send>(threads: usize, f: impl FnOnce() -> T + Send) -> T {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(f)
}

/// The slice configured for chunk row `row`, from the settings alone: slices follow each other
/// from row 0, and the last one repeats. Returns (slice, first row of its pass, length).
fn expected_slice(settings: &ScatterSettings, row: i64) -> (usize, i64, i64) {
    let first_length = i64::from(settings.slices[0].length);
    if row < 0 {
        return (0, 0, first_length);
    }
    let mut start = 0i64;
    for (k, s) in settings.slices.iter().enumerate() {
        let length = i64::from(s.length);
        if row < start + length {
            return (k, start, length);
        }
        start += length;
    }
    let last = settings.slices.len() - 1;
    let length = i64::from(settings.slices[last].length);
    let first = start - length;
    (last, first + (row - first) / length * length, length)
}

fn total(map: &[ChunkPlacements]) -> usize {
    map.iter().map(|c| c.placements.len()).sum()
}

#[test]
fn same_map_with_one_and_two_threads() {
    let scatter = scatter(1);
    let chunks = scatter.chunks_for_slices(3);
    let one = in_pool(1, || scatter.generate(&chunks));
    let two = in_pool(2, || scatter.generate(&chunks));
    assert_eq!(one.len(), chunks.len());
    assert!(total(&one) > 0);
    assert_eq!(one, two);
    for (c, coord) in one.iter().zip(&chunks) {
        assert_eq!(c.coord, *coord);
    }
}

#[test]
fn same_map_chunk_by_chunk_in_reverse_order() {
    let scatter = scatter(1);
    let chunks = scatter.chunks_for_slices(3);
    let together = in_pool(2, || scatter.generate(&chunks));
    let mut one_by_one: Vec<ChunkPlacements> = in_pool(2, || {
        chunks
            .iter()
            .rev()
            .map(|&c| scatter.generate_chunk(c))
            .collect()
    });
    one_by_one.reverse();
    assert_eq!(together, one_by_one);
    // A fresh generator, a different batch: still the same chunks.
    let again = Scatter::new(default_settings(), 1);
    let odd: Vec<ChunkCoord> = chunks.iter().copied().step_by(3).collect();
    let part = in_pool(1, || again.generate(&odd));
    for c in part {
        let i = chunks.iter().position(|&k| k == c.coord).unwrap();
        assert_eq!(c, together[i]);
    }
}

#[test]
fn different_seeds_give_different_maps() {
    let a = scatter(1);
    let b = scatter(2);
    let chunks = a.chunks_for_slices(3);
    let (ma, mb) = (a.generate(&chunks), b.generate(&chunks));
    assert_ne!(ma, mb);
    // Not just a few points: most chunks differ.
    let differing = ma.iter().zip(&mb).filter(|(x, y)| x != y).count();
    assert!(
        differing > chunks.len() / 2,
        "{differing} of {}",
        chunks.len()
    );
}

#[test]
fn no_two_placements_overlap() {
    for seed in [1, 7] {
        let scatter = scatter(seed);
        let map = scatter.generate(&scatter.chunks_for_slices(3));
        // Every footprint as (x, z, r) in f64, from the output alone.
        let circles: Vec<(f64, f64, f64)> = map
            .iter()
            .flat_map(|c| &c.placements)
            .map(|p| (f64::from(p.x), f64::from(p.z), f64::from(p.radius)))
            .collect();
        let max_r = circles.iter().map(|c| c.2).fold(0.0, f64::max);
        let cell = 2.0 * max_r;
        let key = |x: f64, z: f64| ((x / cell).floor() as i64, (z / cell).floor() as i64);
        let mut buckets: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
        for (i, &(x, z, _)) in circles.iter().enumerate() {
            buckets.entry(key(x, z)).or_default().push(i);
        }
        let mut pairs = 0u64;
        for (i, &(x, z, r)) in circles.iter().enumerate() {
            let (kx, kz) = key(x, z);
            for dx in -1..=1 {
                for dz in -1..=1 {
                    for &j in buckets.get(&(kx + dx, kz + dz)).into_iter().flatten() {
                        if j <= i {
                            continue;
                        }
                        pairs += 1;
                        let (x2, z2, r2) = circles[j];
                        let d = ((x - x2).powi(2) + (z - z2).powi(2)).sqrt();
                        assert!(
                            d >= r + r2,
                            "seed {seed}: ({x}, {z}, r {r}) and ({x2}, {z2}, r {r2}) overlap"
                        );
                    }
                }
            }
        }
        assert!(pairs > 0, "the check looked at no pairs");
    }
}

#[test]
fn slice_at_follows_the_configured_slices() {
    let scatter = scatter(1);
    let settings = scatter.settings();
    let size = settings.chunk_size;
    let mut start = 0.0f32;
    for (k, s) in settings.slices.iter().enumerate() {
        let end = start + s.length as f32 * size;
        assert_eq!(scatter.slice_range(k), (start, end), "slice {k}");
        assert_eq!(scatter.slice_at(start), k, "start of slice {k}");
        assert_eq!(
            scatter.slice_at((start + end) / 2.0),
            k,
            "middle of slice {k}"
        );
        assert_eq!(
            scatter.slice_at(end - size / 2.0),
            k,
            "last row of slice {k}"
        );
        assert_eq!(scatter.slice_at(end - 0.01), k, "end of slice {k}");
        start = end;
    }
    let last = settings.slices.len() - 1;
    assert_eq!(scatter.slice_at(start), last);
    assert_eq!(scatter.slice_at(start * 10.0 + 3.0), last);
    assert_eq!(scatter.slice_at(1e9), last);
    assert_eq!(scatter.slice_at(-5.0), 0);
    assert_eq!(scatter.slice_at(f32::NAN), 0);
    // Past the configured slices, the last one repeats with its length.
    let length = settings.slices[last].length as f32 * size;
    assert_eq!(scatter.slice_range(last + 1), (start, start + length));
    assert_eq!(
        scatter.slice_range(last + 3),
        (start + 2.0 * length, start + 3.0 * length)
    );
}

#[test]
fn chunks_get_the_slice_and_chunk_settings_of_their_row() {
    let scatter = scatter(1);
    let settings = scatter.settings().clone();
    let size = f64::from(settings.chunk_size);
    // Four slices: the three configured and one repeat of the last.
    let chunks = scatter.chunks_for_slices(4);
    let map = scatter.generate(&chunks);
    let mut seen = vec![0usize; settings.slices.len()];
    for c in &map {
        let (slice, first, length) = expected_slice(&settings, i64::from(c.coord.z));
        assert_eq!(c.slice, slice, "chunk {:?}", c.coord);
        assert_eq!(
            scatter.slice_at(((f64::from(c.coord.z) + 0.5) * size) as f32),
            slice
        );
        let centre = (first as f64 + length as f64 / 2.0) * size;
        let distance = ((f64::from(c.coord.z) + 0.5) * size - centre).abs();
        let chunks = &settings.slices[slice].chunks;
        let chunk = chunks
            .iter()
            .position(|k| f64::from(k.within) >= distance)
            .unwrap_or(chunks.len() - 1);
        assert_eq!(c.chunk, chunk, "chunk {:?}", c.coord);
        seen[slice] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    // A chunk behind the origin belongs to slice 0.
    assert_eq!(scatter.generate_chunk(ChunkCoord { x: 0, z: -3 }).slice, 0);
}

#[test]
fn chunks_for_slices_cover_the_band_row_by_row() {
    let scatter = scatter(1);
    let settings = scatter.settings();
    let columns = settings.columns as i32;
    let rows: u32 = settings.slices.iter().map(|s| s.length).sum();
    let chunks = scatter.chunks_for_slices(3);
    assert_eq!(chunks.len(), (rows * settings.columns) as usize);
    let mut expected = Vec::new();
    for z in 0..rows as i32 {
        for x in -columns / 2..columns - columns / 2 {
            expected.push(ChunkCoord { x, z });
        }
    }
    assert_eq!(chunks, expected);
    assert_eq!(
        scatter.chunk_row(5),
        expected[..columns as usize]
            .iter()
            .map(|c| ChunkCoord { z: 5, ..*c })
            .collect::<Vec<_>>()
    );
    assert!(scatter.chunks_for_slices(0).is_empty());
    let last = settings.slices.last().unwrap().length;
    assert_eq!(
        scatter.chunks_for_slices(5).len(),
        ((rows + 2 * last) * settings.columns) as usize
    );
}

#[test]
fn placements_are_valid_inside_their_chunk_and_clear_of_the_track() {
    let scatter = scatter(3);
    let settings = scatter.settings();
    let size = settings.chunk_size;
    let map = scatter.generate(&scatter.chunks_for_slices(3));
    for c in &map {
        let (min_x, min_z) = (c.coord.x as f32 * size, c.coord.z as f32 * size);
        let layers = &settings.slices[c.slice].chunks[c.chunk].layers;
        let mut last_layer = 0;
        for p in &c.placements {
            assert!(
                p.x - p.radius >= min_x && p.x + p.radius <= min_x + size,
                "{p:?} in {:?}",
                c.coord
            );
            assert!(
                p.z - p.radius >= min_z && p.z + p.radius <= min_z + size,
                "{p:?} in {:?}",
                c.coord
            );
            assert!(
                p.x.abs() - p.radius >= settings.track_clearance,
                "{p:?} on the track"
            );
            let layer = &layers[p.layer as usize];
            assert_eq!(settings.kinds[p.kind as usize].name, layer.kind);
            assert_eq!(p.radius, layer.radius);
            assert!(p.layer >= last_layer, "placements are not in layer order");
            last_layer = p.layer;
        }
    }
}

#[test]
fn a_three_slice_map_has_a_sensible_number_of_points() {
    let scatter = scatter(1);
    let settings = scatter.settings();
    let map = scatter.generate(&scatter.chunks_for_slices(3));
    let n = total(&map);
    assert!((1000..=20_000).contains(&n), "{n} placements");
    for k in 0..settings.slices.len() {
        let in_slice: usize = map
            .iter()
            .filter(|c| c.slice == k)
            .map(|c| c.placements.len())
            .sum();
        assert!(in_slice >= 100, "slice {k}: {in_slice} placements");
    }
    // Every kind the settings use shows up somewhere.
    let mut used = vec![false; settings.kinds.len()];
    for p in map.iter().flat_map(|c| &c.placements) {
        used[p.kind as usize] = true;
    }
    assert!(used.iter().all(|&u| u), "{used:?}");
}

#[test]
fn later_layers_remove_what_they_overlap_of_earlier_ones() {
    // MINI's chunk setting: layer 0 rocks, layer 1 trees. Dense noise for both, so they clash.
    let dense = MINI.replace("threshold: 0.1", "threshold: -0.3");
    let only = |layer: usize| {
        // Switch the other layer off (a threshold no noise reaches); the noise seeds are keyed by
        // the layer index, so the remaining layer's points are unchanged.
        let mut s = ScatterSettings::parse(&dense, Path::new("mini.ron")).unwrap();
        s.slices[0].chunks[0].layers[1 - layer].threshold = 10.0;
        Scatter::new(s, 5)
            .generate_chunk(ChunkCoord { x: 1, z: 0 })
            .placements
    };
    let both = Scatter::new(
        ScatterSettings::parse(&dense, Path::new("mini.ron")).unwrap(),
        5,
    )
    .generate_chunk(ChunkCoord { x: 1, z: 0 })
    .placements;
    let (rocks, trees) = (only(0), only(1));
    assert!(
        rocks.len() > 10 && trees.len() > 10,
        "{} {}",
        rocks.len(),
        trees.len()
    );
    let overlaps = |a: &horde_levelgen::scenery::Placement,
                    b: &horde_levelgen::scenery::Placement| {
        // The documented rule: a later placement removes earlier ones closer than the sum of
        // the radii plus 1 mm (so that rounding never turns touching into overlapping).
        (a.x - b.x).hypot(a.z - b.z) < a.radius + b.radius + 1e-3
    };
    let kept: Vec<_> = rocks
        .iter()
        .filter(|r| !trees.iter().any(|t| overlaps(r, t)))
        .copied()
        .collect();
    assert!(kept.len() < rocks.len(), "no rock was removed");
    assert!(!kept.is_empty(), "every rock was removed");
    let expected: Vec<_> = kept.into_iter().chain(trees).collect();
    assert_eq!(both, expected);
}

#[test]
fn default_file_loads_like_the_constant() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/scatter/default.ron");
    let loaded = ScatterSettings::load(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded, default_settings());
    assert!(loaded.slices.len() >= 3);
    assert!(loaded.slices.iter().all(|s| s.chunks.len() >= 2));
    assert!(
        loaded
            .slices
            .iter()
            .flat_map(|s| &s.chunks)
            .all(|c| (2..=4).contains(&c.layers.len()))
    );
}

/// A small valid settings file; the tests break one line of it at a time.
const MINI: &str = r#"(
    chunk_size: 16.0,
    texture_size: 32,
    columns: 2,
    track_clearance: 1.0,
    kinds: [
        (name: "tree", colour: (0.1, 0.5, 0.1), height: 3.0),
        (name: "rock", colour: (0.4, 0.4, 0.4), height: 0.5),
    ],
    slices: [
        (name: "only", length: 2, chunks: [
            (name: "all", within: 100.0, layers: [
                (kind: "rock", radius: 0.5, noise: (frequency: 0.1, octaves: 2), threshold: 0.1, spacing: 2.0),
                (kind: "tree", radius: 1.0, noise: (frequency: 0.05, octaves: 3), threshold: 0.1, spacing: 3.0),
            ]),
        ]),
    ],
)"#;

/// Parses `MINI` with `from` replaced by `to`; the error must name the file and, when `at` is
/// given, that line and column.
fn broken(from: &str, to: &str, at: Option<(usize, usize)>, says: &str) -> FileError {
    assert!(MINI.contains(from), "{from}");
    let text = MINI.replacen(from, to, 1);
    let error = match ScatterSettings::parse(&text, Path::new("dir/broken.ron")) {
        Ok(_) => panic!("`{to}` was accepted"),
        Err(e) => e,
    };
    let message = error.to_string();
    assert!(message.starts_with("dir/broken.ron:"), "{message}");
    assert!(message.contains(says), "{message} (wanted `{says}`)");
    if let Some((line, column)) = at {
        assert!(
            message.starts_with(&format!("dir/broken.ron:{line}:{column}: ")),
            "{message} (wanted {line}:{column})"
        );
    }
    error
}

#[test]
fn mini_settings_parse() {
    let s = ScatterSettings::parse(MINI, Path::new("mini.ron")).unwrap();
    assert_eq!(s.kinds.len(), 2);
    assert_eq!(s.kinds[0].colour, [0.1, 0.5, 0.1]);
    assert_eq!(s.slices[0].chunks[0].layers[1].noise.octaves, 3);
}

#[test]
fn unknown_kind_is_reported_where_it_is_used() {
    let e = broken(
        r#"(kind: "tree", radius: 1.0"#,
        r#"(kind: "oak", radius: 1.0"#,
        Some((14, 24)),
        "unknown kind `oak`",
    );
    assert!(
        e.to_string().contains(
            "slices[0].chunks[0].layers[1]: unknown kind `oak` (the kinds are tree, rock)"
        ),
        "{e}"
    );
}

#[test]
fn duplicate_kind_is_reported_at_the_second_one() {
    broken(
        r#"(name: "rock", colour"#,
        r#"(name: "tree", colour"#,
        Some((8, 16)),
        "duplicate kind name `tree`",
    );
}

#[test]
fn bad_values_are_reported_with_their_place() {
    let cases: &[(&str, &str, (usize, usize), &str)] = &[
        ("chunk_size: 16.0", "chunk_size: 0.0", (2, 17), "chunk_size"),
        (
            "texture_size: 32",
            "texture_size: 0",
            (3, 19),
            "texture_size",
        ),
        (
            "texture_size: 32",
            "texture_size: 2000",
            (3, 19),
            "texture_size",
        ),
        ("columns: 2", "columns: 0", (4, 14), "columns"),
        (
            "track_clearance: 1.0",
            "track_clearance: -1.0",
            (5, 22),
            "track_clearance",
        ),
        ("height: 3.0", "height: -3.0", (7, 57), "height"),
        ("(0.1, 0.5, 0.1)", "(0.1, 1.5, 0.1)", (7, 46), "colour"),
        ("length: 2", "length: 0", (11, 32), "length"),
        ("within: 100.0", "within: -1.0", (12, 35), "within"),
        ("radius: 0.5", "radius: 0.0", (13, 40), "radius"),
        ("radius: 0.5", "radius: -2.0", (13, 40), "radius"),
        ("spacing: 2.0", "spacing: 0.0", (13, 107), "spacing"),
        ("frequency: 0.1", "frequency: 0.0", (13, 64), "frequency"),
        ("octaves: 2", "octaves: 0", (13, 78), "octaves"),
        ("octaves: 2", "octaves: 9", (13, 78), "octaves"),
        ("threshold: 0.1", "threshold: NaN", (13, 93), "threshold"),
        (
            "chunk_size: 16.0",
            "chunk_size: 16.0, bogus: 1",
            (2, 23),
            "bogus",
        ),
        ("columns: 2", "columns: -2", (4, 15), "out of bounds"),
    ];
    for &(from, to, at, says) in cases {
        broken(from, to, Some(at), says);
    }
}

#[test]
fn empty_lists_are_errors() {
    let empty_layers = MINI.replace(
        &MINI[MINI.find("layers: [").unwrap()..MINI.find("]),\n        ]),").unwrap()],
        "layers: [",
    );
    let cases = [
        (
            MINI.replace(
                &MINI[MINI.find("kinds: [").unwrap()..MINI.find("    slices").unwrap()],
                "kinds: [],\n",
            ),
            "kinds may not be empty",
        ),
        (
            MINI.replace(
                &MINI[MINI.find("slices: [").unwrap()..MINI.rfind(")").unwrap()],
                "slices: [],\n",
            ),
            "slices may not be empty",
        ),
        (
            MINI.replace(
                &MINI[MINI.find("chunks: [").unwrap()..MINI.find("    ],\n)").unwrap()],
                "chunks: []),\n",
            ),
            "chunks may not be empty",
        ),
        (empty_layers, "layers may not be empty"),
    ];
    for (text, says) in cases {
        let e = ScatterSettings::parse(&text, Path::new("empty.ron")).unwrap_err();
        let message = e.to_string();
        assert!(matches!(e, FileError::Invalid { .. }), "{message}\n{text}");
        assert!(message.starts_with("empty.ron:"), "{message}");
        assert!(
            message.contains(says),
            "{message} (wanted `{says}`)\n{text}"
        );
    }
}

#[test]
fn syntax_errors_are_reported_with_their_place() {
    broken("columns: 2,", "columns: 2", Some((5, 5)), "");
    broken("(name: \"only\"", "(name: only", Some((11, 15)), "");
    let e = ScatterSettings::parse("", Path::new("empty.ron")).unwrap_err();
    assert!(e.to_string().starts_with("empty.ron:1:1: "), "{e}");
    let e = ScatterSettings::parse("(chunk_size: 1.0)", Path::new("short.ron")).unwrap_err();
    assert!(e.to_string().contains("short.ron:1:"), "{e}");
    assert!(e.to_string().contains("texture_size"), "{e}");
}

#[test]
fn missing_file_is_an_io_error() {
    let e = ScatterSettings::load(Path::new("no/such/scatter.ron")).unwrap_err();
    assert!(matches!(e, FileError::Io { .. }));
    assert!(e.to_string().starts_with("no/such/scatter.ron: "), "{e}");
}

#[test]
fn unvalidated_settings_do_not_panic() {
    let mut s = ScatterSettings::parse(MINI, Path::new("mini.ron")).unwrap();
    s.chunk_size = -1.0;
    s.texture_size = 0;
    s.slices[0].length = 0;
    s.slices[0].chunks[0].layers[0].kind = "nothing".into();
    s.slices[0].chunks[0].layers[1].radius = f32::NAN;
    s.slices[0].chunks[0].layers[1].noise.octaves = 99;
    let scatter = Scatter::new(s.clone(), 1);
    let map = scatter.generate(&scatter.chunks_for_slices(2));
    assert_eq!(total(&map), 0);
    s.slices.clear();
    let scatter = Scatter::new(s, 1);
    assert_eq!(scatter.slice_at(10.0), 0);
    assert!(scatter.chunks_for_slices(3).is_empty());
    assert!(
        scatter
            .generate_chunk(ChunkCoord { x: 0, z: 0 })
            .placements
            .is_empty()
    );
}

#[test]
fn scatter_can_be_shared_between_threads() {
    fn shared<T: Send + Sync>() {}
    shared::<Scatter>();
    shared::<ChunkPlacements>();
}

#[test]
fn a_chunk_setting_over_the_texel_budget_is_refused_at_the_layer_that_passes_it() {
    // 1024² texels a layer: 16 layers are the most one chunk may sample.
    let layer = r#"(kind: "rock", radius: 0.5, noise: (frequency: 0.1, octaves: 2), threshold: 0.1, spacing: 2.0),"#;
    let many = layer.repeat(17);
    let text = MINI
        .replacen("texture_size: 32", "texture_size: 1024", 1)
        .replacen(layer, &many, 1);
    let error = ScatterSettings::parse(&text, Path::new("dir/big.ron")).unwrap_err();
    let message = error.to_string();
    // Just after the 17th layer and its comma, where RON's parser has read it whole.
    let line = text.lines().nth(12).unwrap();
    let column = line.find(&many).unwrap() + many.len() + 1;
    assert!(
        message.starts_with(&format!(
            "dir/big.ron:13:{column}: slices[0].chunks[0].layers[16]: 17 layers"
        )),
        "{message}"
    );
    assert!(message.contains("at most 16777216 per chunk"), "{message}");
    // Within the budget it loads.
    let text = MINI.replacen("texture_size: 32", "texture_size: 1024", 1);
    assert!(ScatterSettings::parse(&text, Path::new("ok.ron")).is_ok());
}

/// A frequency so high that world coordinates leave the noise's lattice (found by the fuzzer:
/// the noise crate panicked): such samples read 0, and a chunk of the widest allowed size still
/// generates, roads included, with finite coordinates.
#[test]
fn noise_far_beyond_its_reach_reads_zero_instead_of_panicking() {
    let text =
        include_str!("../../../fuzz/regressions/scatter_settings/huge-chunk-noise-overflow.ron");
    let settings =
        ScatterSettings::parse(text, Path::new("huge.ron")).unwrap_or_else(|e| panic!("{e}"));
    let scatter = Scatter::new(settings, 3);
    let map = scatter.generate(&scatter.chunks_for_slices(2));
    // Threshold -1: every texel whose noise reads 0 is a candidate.
    assert!(total(&map) > 0);
    let roads = scatter.join_roads(&map);
    assert!(!roads.is_empty());
    assert!(
        roads
            .iter()
            .flat_map(|r| &r.points)
            .all(|p| p[0].is_finite() && p[1].is_finite())
    );
    assert!(
        map.iter()
            .flat_map(|c| &c.placements)
            .all(|p| p.x.is_finite() && p.z.is_finite())
    );
}

#[test]
fn a_bad_value_in_the_last_layer_of_the_last_slice_is_reported_at_itself() {
    let at = DEFAULT_SCATTER_SETTINGS.rfind("spacing: ").unwrap() + "spacing: ".len();
    let mut text = DEFAULT_SCATTER_SETTINGS.to_string();
    let end = at + text[at..].find(')').unwrap();
    text.replace_range(at..end, "-1.0");
    let line = text[..at].matches('\n').count() + 1;
    let column = text[..at].rsplit('\n').next().unwrap().chars().count() + 1;
    let e = ScatterSettings::parse(&text, Path::new("default.ron")).unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "default.ron:{line}:{column}: slices[2].chunks[1].layers[2]: `spacing` must be a positive number, found -1.0"
        )
    );
}
