//! WFC maps checked by an independent checker written from the fit rules against the `--out`
//! JSON alone (the app's map file format); determinism; backtracking.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde::commands::wfc::map_file::map_json;
use horde_levelgen::collapse::{ModuleSet, Size, Solver};
use serde_json::Value;
use std::path::Path;

fn city() -> ModuleSet {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    ModuleSet::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// Checks a map file: every neighbouring pair fits, no exclusion is violated, boundaries hold.
/// Written from the rules in the module-set docs, using nothing but the JSON.
fn check(map: &Value) -> Result<(), String> {
    let size: Vec<u64> = map["size"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let (sx, sy, sz) = (size[0] as i64, size[1] as i64, size[2] as i64);
    let modules = map["modules"].as_array().unwrap();
    let cells = map["cells"].as_array().unwrap();
    if cells.len() as i64 != sx * sy * sz {
        return Err("wrong number of cells".into());
    }
    let module_at = |x: i64, y: i64, z: i64| -> &Value {
        let i = (x + sx * (z + sz * y)) as usize;
        &modules[cells[i].as_u64().unwrap() as usize]
    };
    let face = |m: &'_ Value, name: &str| m["faces"][name].clone();
    let excluded = |f: &Value, prototype: &Value| {
        f["excluded"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p == prototype)
    };
    let horizontal_fit = |a: &Value, b: &Value| {
        a["connector"] == b["connector"]
            && (a["symmetric"] == true || b["symmetric"] == true || a["flipped"] != b["flipped"])
    };
    let vertical_fit = |a: &Value, b: &Value| {
        a["connector"] == b["connector"]
            && (a["invariant"] == true || b["invariant"] == true || a["rotation"] == b["rotation"])
    };
    for y in 0..sy {
        for z in 0..sz {
            for x in 0..sx {
                let m = module_at(x, y, z);
                for (dx, dy, dz, here, there, vertical) in [
                    (1, 0, 0, "east", "west", false),
                    (0, 0, 1, "north", "south", false),
                    (0, 1, 0, "up", "down", true),
                ] {
                    let (nx, ny, nz) = (x + dx, y + dy, z + dz);
                    if nx >= sx || ny >= sy || nz >= sz {
                        continue;
                    }
                    let n = module_at(nx, ny, nz);
                    let (a, b) = (face(m, here), face(n, there));
                    let fits = if vertical {
                        vertical_fit(&a, &b)
                    } else {
                        horizontal_fit(&a, &b)
                    };
                    if !fits {
                        return Err(format!(
                            "({x},{y},{z}) {} {here} does not fit {} {there}",
                            m["name"], n["name"]
                        ));
                    }
                    if excluded(&a, &n["prototype"]) || excluded(&b, &m["prototype"]) {
                        return Err(format!(
                            "({x},{y},{z}) {} and {} are excluded",
                            m["name"], n["name"]
                        ));
                    }
                }
                if y == sy - 1 && face(m, "up")["connector"] != map["boundary"]["up"] {
                    return Err(format!(
                        "({x},{y},{z}) {} does not show air on top",
                        m["name"]
                    ));
                }
                if y == 0 && face(m, "down")["connector"] != map["boundary"]["down"] {
                    return Err(format!(
                        "({x},{y},{z}) {} does not stand on ground",
                        m["name"]
                    ));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn the_city_set_is_large_enough() {
    let set = city();
    assert!(
        set.prototypes.len() >= 25,
        "{} prototypes",
        set.prototypes.len()
    );
    assert!(set.modules.len() >= 80, "{} modules", set.modules.len());
}

#[test]
fn fifty_city_maps_pass_the_independent_checker() {
    let set = city();
    let mut backtracks = 0;
    for seed in 0..50 {
        let size = Size { x: 12, y: 5, z: 10 };
        let map = Solver::new(&set, size, seed)
            .unwrap()
            .solve()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        backtracks += map.backtracks;
        let json: Value = serde_json::from_str(&map_json(&map, &set).unwrap()).unwrap();
        check(&json).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
    eprintln!("50 maps, {backtracks} backtracks");
}

#[test]
fn the_checker_catches_a_broken_map() {
    let set = city();
    let map = Solver::new(&set, Size { x: 6, y: 4, z: 6 }, 3)
        .unwrap()
        .solve()
        .unwrap();
    let mut json: Value = serde_json::from_str(&map_json(&map, &set).unwrap()).unwrap();
    assert!(check(&json).is_ok());
    // Put a roof module on the bottom layer: the ground boundary no longer holds.
    let roof = set
        .modules
        .iter()
        .position(|m| m.name == "roof_full")
        .unwrap();
    json["cells"][0] = roof.into();
    assert!(check(&json).is_err());
}

#[test]
fn the_same_seed_gives_the_same_map_byte_for_byte() {
    let set = city();
    let size = Size { x: 10, y: 5, z: 10 };
    let a = map_json(&Solver::new(&set, size, 42).unwrap().solve().unwrap(), &set).unwrap();
    let b = map_json(&Solver::new(&set, size, 42).unwrap().solve().unwrap(), &set).unwrap();
    let c = map_json(&Solver::new(&set, size, 43).unwrap().solve().unwrap(), &set).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

/// A set built to contradict: three colours that may not touch their own colour (exclusions),
/// which arc consistency cannot see coming: a cell whose neighbours took all three colours is
/// empty, and the solver has to undo choices.
const TRICKY: &str = r#"(
    boundary: (up: 0, down: 0),
    prototypes: [
        (name: "red", faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["red"], east: ["red"], south: ["red"], north: ["red"])),
        (name: "green", faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["green"], east: ["green"], south: ["green"], north: ["green"])),
        (name: "blue", faces: (
            west: (connector: 1, symmetry: Symmetric), east: (connector: 1, symmetry: Symmetric),
            south: (connector: 1, symmetry: Symmetric), north: (connector: 1, symmetry: Symmetric),
            down: (connector: 0, rotation: Invariant), up: (connector: 0, rotation: Invariant)),
            exclusions: (west: ["blue"], east: ["blue"], south: ["blue"], north: ["blue"])),
    ],
)"#;

#[test]
fn a_contradiction_prone_set_completes_by_backtracking() {
    let set = ModuleSet::parse(TRICKY, Path::new("tricky.ron")).unwrap();
    let mut total = 0;
    for seed in 0..20 {
        let map = Solver::new(&set, Size { x: 12, y: 1, z: 12 }, seed)
            .unwrap()
            .solve()
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let json: Value = serde_json::from_str(&map_json(&map, &set).unwrap()).unwrap();
        check(&json).unwrap();
        total += map.backtracks;
    }
    assert!(total > 0, "no backtracking was needed");
}

/// Runs `horde ARGS` with `RAYON_NUM_THREADS=threads`; panics on failure.
fn horde(args: &[&str], threads: usize) -> std::process::Output {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads.to_string())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "horde {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[test]
fn an_infinite_region_is_the_same_after_any_visits_on_any_threads_and_fits_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let city = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    let city = city.to_str().unwrap();
    let region = |name: &str, visits: &[&str], threads: usize, area: &str| {
        let out = dir.path().join(name);
        let mut args = vec![
            "wfc",
            "--modules",
            city,
            "--infinite",
            "--seed",
            "7",
            "--region",
            area,
            "--out",
        ];
        args.push(out.to_str().unwrap());
        for v in visits {
            args.extend(["--visit", v]);
        }
        horde(&args, threads);
        std::fs::read_to_string(out).unwrap()
    };
    let far = "100003,-70000,41x37";
    let plain = region("a.json", &[], 1, far);
    let visited = region("b.json", &["100050,-70010", "-300,2000", "0,0"], 2, far);
    assert_eq!(plain, visited, "the region depends on what was visited");
    let json: Value = serde_json::from_str(&plain).unwrap();
    assert_eq!(json["origin"], serde_json::json!([100003, 0, -70000]));
    assert_eq!(json["size"], serde_json::json!([41, 6, 37]));
    check(&json).unwrap();
    // An overlapping region agrees where they overlap.
    let other: Value =
        serde_json::from_str(&region("c.json", &[], 2, "100023,-69990,30x30")).unwrap();
    let cell = |map: &Value, x: i64, y: i64, z: i64| {
        let size = &map["size"];
        let (sx, sz) = (size[0].as_i64().unwrap(), size[2].as_i64().unwrap());
        let (ox, oz) = (
            map["origin"][0].as_i64().unwrap(),
            map["origin"][2].as_i64().unwrap(),
        );
        let i = (x - ox) + sx * ((z - oz) + sz * y);
        map["modules"][map["cells"][i as usize].as_u64().unwrap() as usize]["name"].clone()
    };
    for z in -69990..-69963 {
        for x in 100023..100044 {
            for y in 0..6 {
                assert_eq!(cell(&json, x, y, z), cell(&other, x, y, z), "({x},{y},{z})");
            }
        }
    }
}
