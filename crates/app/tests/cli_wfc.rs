//! `horde wfc` as users and tools drive it.
#![allow(clippy::unwrap_used)]

mod common;

use common::horde;
use std::path::Path;

fn city() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets/wfc/city.ron")
        .to_string_lossy()
        .into_owned()
}

#[test]
fn a_finite_map_prints_the_summary_and_writes_the_map() {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("map.json");
    let out = horde(&[
        "wfc",
        "--modules",
        &city(),
        "--size",
        "10x4x8",
        "--seed",
        "3",
        "--out",
        out_path.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let summary: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(summary["cells"], 320);
    assert!(summary["backtracks"].is_u64());
    assert!(
        summary["ms"].as_f64().unwrap() > 0.0 && summary["cells_per_s"].as_f64().unwrap() > 0.0
    );
    let map: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out_path).unwrap()).unwrap();
    assert_eq!(map["size"], serde_json::json!([10, 4, 8]));
    assert_eq!(map["boundary"], serde_json::json!({"up": 0, "down": 1}));
    assert_eq!(map["cells"].as_array().unwrap().len(), 320);
    let module = &map["modules"][0];
    for key in ["name", "prototype", "rotation"] {
        assert!(!module[key].is_null(), "{key}");
    }
    for face in ["west", "east", "south", "north"] {
        let f = &module["faces"][face];
        assert!(
            f["connector"].is_u64()
                && f["symmetric"].is_boolean()
                && f["flipped"].is_boolean()
                && f["excluded"].is_array()
        );
    }
    for face in ["down", "up"] {
        let f = &module["faces"][face];
        assert!(
            f["connector"].is_u64()
                && f["invariant"].is_boolean()
                && f["rotation"].is_u64()
                && f["excluded"].is_array()
        );
    }
    // The same seed and size give the same file, byte for byte.
    let again = dir.path().join("again.json");
    let out = horde(&[
        "wfc",
        "--modules",
        &city(),
        "--size",
        "10x4x8",
        "--seed",
        "3",
        "--out",
        again.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(
        std::fs::read(&out_path).unwrap(),
        std::fs::read(&again).unwrap()
    );
}

#[test]
fn bad_module_sets_and_flags_are_named_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ron");
    std::fs::write(
        &bad,
        "(boundary: (up: 0, down: 1), prototypes: [(name: \"a\", wieght: 1.0)])",
    )
    .unwrap();
    let out = horde(&["wfc", "--modules", bad.to_str().unwrap(), "--size", "4x2x4"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.ron:1:") && !err.contains("panicked"),
        "{err}"
    );
    let out = horde(&["wfc", "--modules", &city(), "--size", "4x0x4"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("--size"));
    let out = horde(&["wfc", "--modules", &city(), "--infinite", "--json"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--walk"));
}

#[test]
fn an_infinite_walk_reports_its_figures() {
    let out = horde(&[
        "wfc",
        "--modules",
        &city(),
        "--infinite",
        "--walk",
        "300",
        "--seed",
        "4",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let s: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert!(s["cells"].as_u64().unwrap() >= 300 * 6);
    assert!(s["backtracks"].is_u64() && s["ms"].as_f64().unwrap() > 0.0);
    assert_eq!(s["regenerated_shown"], 0);
    assert!(s["cells_per_s"].as_f64().unwrap() > 0.0);
    assert!(s["columns_resident_max"].as_u64().unwrap() > 0);
}

#[test]
fn a_line_walk_keeps_the_resident_map_bounded() {
    let resident = |steps: &str| {
        let out = horde(&[
            "wfc",
            "--modules",
            &city(),
            "--infinite",
            "--walk",
            steps,
            "--route",
            "line",
            "--keep",
            "20",
            "--json",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let s: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
        assert_eq!(s["regenerated_shown"], 0);
        s["columns_resident_max"].as_u64().unwrap()
    };
    let short = resident("100");
    let long = resident("400");
    assert!(
        long <= short,
        "{short} columns resident after 100 cells, {long} after 400"
    );
}

#[test]
fn region_flags_are_checked() {
    for (args, says) in [
        (
            vec!["--infinite", "--region", "0,0,0x4", "--out", "x.json"],
            "--region",
        ),
        (vec!["--infinite", "--region", "0,0,4x4"], "--out"),
        (vec!["--region", "0,0,4x4", "--out", "x.json"], "--infinite"),
        (vec!["--infinite", "--walk", "5", "--keep", "0"], "--keep"),
        (
            vec!["--infinite", "--walk", "5", "--route", "zigzag"],
            "--route",
        ),
    ] {
        let mut all = vec!["wfc", "--modules"];
        let set = city();
        all.push(&set);
        all.extend(args);
        let out = horde(&all);
        assert!(!out.status.success(), "{all:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{all:?}: {stderr}");
    }
}

#[test]
fn a_region_survey_reports_each_storey_as_json_and_text() {
    let args = [
        "wfc",
        "--modules",
        &city(),
        "--infinite",
        "--size",
        "1x6x1",
        "--seed",
        "2",
        "--region",
        "-16,-16,32x32",
        "--survey",
    ];
    let out = horde(&[&args[..], &["--json"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    let s: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(s["cells"], 32 * 32 * 6);
    let storeys = s["storeys"].as_array().unwrap();
    assert!(storeys.len() >= 2, "{s}");
    for (i, storey) in storeys.iter().enumerate() {
        assert_eq!(storey["storey"], i);
        for key in ["walkable", "reachable"] {
            let v = storey[key].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&v), "{key} {v}");
        }
    }
    assert!(storeys[0]["reachable"].as_f64().unwrap() > 0.5);
    // The skyline: built columns by steps from the street, nearest first; the zoning keeps
    // those beside a street to a lot and its roof.
    let skyline = s["skyline"].as_array().unwrap();
    assert!(skyline.len() >= 2, "{s}");
    for (i, row) in skyline.iter().enumerate() {
        assert_eq!(row["distance"], i + 1);
        assert!(row["columns"].as_u64().unwrap() > 0 || i > 0, "{row}");
        let (mean, max) = (
            row["mean_height"].as_f64().unwrap(),
            row["max_height"].as_u64().unwrap(),
        );
        assert!(mean >= 1.0 && mean <= max as f64, "{row}");
    }
    assert_eq!(skyline[0]["max_height"], 2, "{s}");
    // Without --json: one line a storey; no --out needed.
    let out = horde(&args);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("storey 0: ")
            && text.contains("reached from the street")
            && text.contains("buildings 1 column(s) from the street: "),
        "{text}"
    );
    // --survey belongs to --region.
    let out = horde(&[
        "wfc",
        "--modules",
        &city(),
        "--infinite",
        "--walk",
        "10",
        "--survey",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--region"));
}
