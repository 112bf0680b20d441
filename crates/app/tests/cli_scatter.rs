//! `horde scatter` as users and tools drive it.
#![allow(clippy::unwrap_used)]

use std::process::{Command, Output};

fn horde(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .unwrap()
}

fn summary(out: &Output) -> (String, serde_json::Value) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout.lines().last().unwrap().to_string();
    let value = serde_json::from_str(&line).unwrap();
    (line, value)
}

#[test]
fn the_same_points_with_one_and_two_threads_and_none_overlap() {
    let dir = tempfile::tempdir().unwrap();
    let run = |threads: &str| {
        let out_path = dir.path().join(format!("points-{threads}.json"));
        let (line, s) = summary(&horde(
            &[
                "scatter",
                "--seed",
                "11",
                "--slices",
                "3",
                "--out",
                out_path.to_str().unwrap(),
                "--json",
            ],
            threads,
        ));
        let keys = ["\"chunks\"", "\"points\"", "\"ms\"", "\"threads\""];
        let at: Vec<usize> = keys.iter().map(|k| line.find(k).unwrap()).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{line}");
        assert_eq!(
            s["threads"].as_u64().unwrap(),
            threads.parse::<u64>().unwrap()
        );
        (s, std::fs::read(out_path).unwrap())
    };
    let (one, points_one) = run("1");
    let (two, points_two) = run("2");
    assert_eq!(
        points_one, points_two,
        "the map depends on the thread count"
    );
    assert_eq!(one["chunks"], two["chunks"]);
    assert_eq!(one["points"], two["points"]);
    // 3 slices of 4 rows, 4 chunks across.
    assert_eq!(one["chunks"], 48);

    let points: Vec<serde_json::Value> = serde_json::from_slice(&points_one).unwrap();
    assert_eq!(points.len() as u64, one["points"].as_u64().unwrap());
    assert!(points.len() > 500);
    let circles: Vec<(f64, f64, f64)> = points
        .iter()
        .map(|p| {
            assert!(p["kind"].is_string() && p["layer"].is_u64(), "{p}");
            (
                p["x"].as_f64().unwrap(),
                p["z"].as_f64().unwrap(),
                p["radius"].as_f64().unwrap(),
            )
        })
        .collect();
    // Sort by x and compare only neighbours close enough in x to touch.
    let mut by_x = circles.clone();
    by_x.sort_by(|a, b| a.0.total_cmp(&b.0));
    let widest = by_x.iter().map(|c| c.2).fold(0.0, f64::max);
    for (i, a) in by_x.iter().enumerate() {
        for b in &by_x[i + 1..] {
            if b.0 - a.0 >= a.2 + widest {
                break;
            }
            let d = ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt();
            assert!(d >= a.2 + b.2, "{a:?} overlaps {b:?}");
        }
    }
    // The track (x = 0) stays clear.
    assert!(circles.iter().all(|c| c.0.abs() - c.2 >= 5.0));
}

#[test]
fn bad_flags_and_settings_are_named() {
    let out = horde(&["scatter", "--slices", "0"], "1");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--slices"));
    let dir = tempfile::tempdir().unwrap();
    let settings = dir.path().join("scatter.ron");
    std::fs::write(&settings, "(\n    chunk_size: -4.0,\n)\n").unwrap();
    let out = horde(&["scatter", "--settings", settings.to_str().unwrap()], "1");
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("scatter.ron:2:"), "{stderr}");
}

/// Distance from `(x, z)` to the segment `a`–`b`.
fn to_segment(x: f64, z: f64, a: (f64, f64), b: (f64, f64)) -> f64 {
    let (ux, uz) = (b.0 - a.0, b.1 - a.1);
    let (vx, vz) = (x - a.0, z - a.1);
    let l2 = ux * ux + uz * uz;
    let t = if l2 > 0.0 {
        ((vx * ux + vz * uz) / l2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    ((vx - t * ux).powi(2) + (vz - t * uz).powi(2)).sqrt()
}

#[test]
fn roads_out_are_whole_roads_clear_of_scenery_and_the_same_on_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let run = |threads: &str| {
        let points = dir.path().join(format!("points-{threads}.json"));
        let roads = dir.path().join(format!("roads-{threads}.json"));
        let (line, s) = summary(&horde(
            &[
                "scatter",
                "--seed",
                "3",
                "--slices",
                "4",
                "--out",
                points.to_str().unwrap(),
                "--roads-out",
                roads.to_str().unwrap(),
                "--json",
            ],
            threads,
        ));
        let keys = ["\"threads\"", "\"roads\"", "\"road_length\""];
        let at: Vec<usize> = keys.iter().map(|k| line.find(k).unwrap()).collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{line}");
        (
            s,
            std::fs::read(points).unwrap(),
            std::fs::read(roads).unwrap(),
        )
    };
    let (one, points_one, roads_one) = run("1");
    let (two, points_two, roads_two) = run("2");
    assert_eq!(roads_one, roads_two, "the roads depend on the thread count");
    assert_eq!(points_one, points_two);
    assert_eq!(one["roads"], two["roads"]);

    let roads: Vec<serde_json::Value> = serde_json::from_slice(&roads_one).unwrap();
    assert_eq!(roads.len() as u64, one["roads"].as_u64().unwrap());
    assert_eq!(roads.len(), 2, "the default lays one road a side");
    // 4 slices of 4 rows of 32 m: the roads run from z = 0 to z = 512 without a jump longer
    // than half a chunk side.
    let half_chunk = 16.0;
    let mut total = 0.0;
    let lines: Vec<(f64, Vec<(f64, f64)>)> = roads
        .iter()
        .map(|r| {
            let object = r.as_object().unwrap();
            assert_eq!(
                object.keys().collect::<Vec<_>>(),
                ["points", "width"],
                "{r}"
            );
            let width = r["width"].as_f64().unwrap();
            let points: Vec<(f64, f64)> = r["points"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_f64().unwrap(), p[1].as_f64().unwrap()))
                .collect();
            assert_eq!(points[0].1, 0.0);
            assert_eq!(points.last().unwrap().1, 512.0);
            for w in points.windows(2) {
                let step = (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1);
                assert!(step <= half_chunk, "a jump of {step} at {:?}", w[0]);
                total += step;
            }
            (width, points)
        })
        .collect();
    let reported = one["road_length"].as_f64().unwrap();
    assert!(
        (total - reported).abs() < 1e-3 * reported,
        "{total} vs {reported}"
    );

    let points: Vec<serde_json::Value> = serde_json::from_slice(&points_one).unwrap();
    let mut checked = 0;
    for p in &points {
        let (x, z, r) = (
            p["x"].as_f64().unwrap(),
            p["z"].as_f64().unwrap(),
            p["radius"].as_f64().unwrap(),
        );
        for (width, line) in &lines {
            for w in line.windows(2) {
                if (w[0].1 - z).abs() > 40.0 {
                    continue;
                }
                checked += 1;
                let d = to_segment(x, z, w[0], w[1]);
                assert!(d >= width / 2.0 + r, "{p} stands on a road ({d} from it)");
            }
        }
    }
    assert!(checked > 1000);
}

#[test]
fn roads_out_to_an_unwritable_place_names_the_flag() {
    let out = horde(
        &[
            "scatter",
            "--slices",
            "1",
            "--roads-out",
            "/nonexistent-dir/roads.json",
        ],
        "1",
    );
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--roads-out"), "{stderr}");
}
