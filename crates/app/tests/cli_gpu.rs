//! `horde adapters` and `horde screenshot` as a user runs them.
#![allow(clippy::unwrap_used)]

mod common;

use common::horde;
use horde_renderer::BackendChoice;

#[test]
fn adapters_lists_backend_name_type_and_driver() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let out = horde(&["adapters"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let vulkan = text
        .lines()
        .find(|l| l.starts_with("vulkan: "))
        .expect("a Vulkan adapter");
    assert!(
        vulkan.contains(" [") && vulkan.contains("driver: "),
        "{vulkan}"
    );
}

#[test]
fn screenshot_is_deterministic_and_has_the_asked_size() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shot = |name: &str| {
        let path = dir.path().join(name);
        let out = horde(&[
            "screenshot",
            "--scene",
            "td",
            "--seed",
            "4",
            "--frames",
            "300",
            "--size",
            "320x200",
            "--backend",
            "vulkan",
            "--spawn-speed",
            "6",
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // The scene's own line: 300 steps ran and enemies spawned from an empty board.
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("; 300 ticks, "), "{stderr}");
        assert!(!stderr.contains(" 0 spawned"), "{stderr}");
        std::fs::read(path).unwrap()
    };
    let a = shot("a.png");
    let b = shot("b.png");
    assert_eq!(a, b, "two runs gave different images");
    let image = image::load_from_memory(&a).unwrap();
    assert_eq!((image.width(), image.height()), (320, 200));
}

#[test]
fn a_missing_adapter_is_an_error_that_says_what_exists_and_what_to_install() {
    let out = horde(&[
        "screenshot",
        "--adapter",
        "no-such-gpu",
        "--out",
        "/tmp/never.png",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no graphics adapter") && err.contains("no-such-gpu"),
        "{err}"
    );
    assert!(
        err.contains("mesa-vulkan-drivers") && err.contains("libgl1-mesa-dri"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
}

#[test]
fn bad_size_and_backend_flags_are_named() {
    for (args, flag) in [
        (
            vec!["screenshot", "--size", "0x10", "--out", "x.png"],
            "--size",
        ),
        (
            vec!["screenshot", "--backend", "directx9", "--out", "x.png"],
            "--backend",
        ),
        (vec!["run", "--backend", "glide"], "--backend"),
    ] {
        let out = horde(&args);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(flag) && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}

/// The mean colour of the bottom-left corner of a runner picture (ground beside the track).
fn ground_colour(png: &[u8]) -> [f32; 3] {
    let image = image::load_from_memory(png).unwrap().to_rgba8();
    let (w, h) = image.dimensions();
    let mut sum = [0f32; 3];
    let mut n = 0.0;
    for y in h * 7 / 10..h * 3 / 4 {
        for x in 0..w / 20 {
            let p = image.get_pixel(x, y);
            for c in 0..3 {
                sum[c] += p[c] as f32;
            }
            n += 1.0;
        }
    }
    sum.map(|s| s / n)
}

/// Runs `horde screenshot` with `args` and `--out path`, which must succeed; the picture.
fn screenshot(args: &[&str], path: &std::path::Path) -> image::DynamicImage {
    let mut all = vec!["screenshot"];
    all.extend_from_slice(args);
    all.extend(["--out", path.to_str().unwrap()]);
    let out = horde(&all);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    image::load_from_memory(&std::fs::read(path).unwrap()).unwrap()
}

/// Writes the built-in scatter settings without their roads into `dir`; returns the path.
fn scenery_without_roads(dir: &std::path::Path) -> std::path::PathBuf {
    let with_roads = include_str!("../../../assets/scatter/default.ron");
    let start = with_roads.find("    roads: (").unwrap();
    let end = start + with_roads[start..].find("    ),\n").unwrap() + "    ),\n".len();
    let without_roads = format!("{}{}", &with_roads[..start], &with_roads[end..]);
    let path = dir.join("no-roads.ron");
    std::fs::write(&path, without_roads).unwrap();
    path
}

#[test]
fn the_runner_screenshot_is_deterministic_and_its_look_follows_the_slice() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // The ground's colour is sampled where a road may run: the scenery without roads.
    let scenery = scenery_without_roads(dir.path());
    let shot = |name: &str, frames: &str| {
        let path = dir.path().join(name);
        let out = horde(&[
            "screenshot",
            "--scene",
            "runner",
            "--scenery",
            scenery.to_str().unwrap(),
            "--seed",
            "2",
            "--frames",
            frames,
            "--size",
            "320x180",
            "--backend",
            "vulkan",
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        // The game and its scenery: the two batches the window draws.
        assert!(stderr.contains("2 draw calls"), "{stderr}");
        std::fs::read(path).unwrap()
    };
    // 2 s in: the forest (slice 0, 0–128 m); 25 s in (about 310 m): the desert (256 m on).
    let forest = shot("forest.png", "120");
    assert_eq!(forest, shot("forest-again.png", "120"));
    let desert = shot("desert.png", "1500");
    let (f, d) = (ground_colour(&forest), ground_colour(&desert));
    // Forest ground is green-dominated, desert ground sand: more red than green.
    assert!(f[1] > f[0], "forest ground {f:?}");
    assert!(
        d[0] > d[1] && d[0] > f[0] + 20.0,
        "desert ground {d:?} vs forest {f:?}"
    );
}

#[test]
fn the_city_walker_and_overview_screenshots_are_deterministic() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shot = |name: &str, view: &str| {
        let args = [
            "--scene",
            "city",
            "--view",
            view,
            "--seed",
            "2",
            "--frames",
            "240",
            "--size",
            "320x180",
            "--backend",
            "vulkan",
        ];
        screenshot(&args, &dir.path().join(name)).to_rgba8()
    };
    let walker = shot("walker-a.png", "walker");
    assert_eq!(
        walker,
        shot("walker-b.png", "walker"),
        "two runs gave different images"
    );
    let overview = shot("overview.png", "overview");
    assert_ne!(walker, overview);
    // Without `--view`: a finite map seen from above, the same every time.
    let map_args = [
        "--scene",
        "city",
        "--seed",
        "2",
        "--size",
        "320x180",
        "--backend",
        "vulkan",
    ];
    let map = screenshot(&map_args, &dir.path().join("map-a.png")).to_rgba8();
    assert_eq!(
        map,
        screenshot(&map_args, &dir.path().join("map-b.png")).to_rgba8()
    );
    assert_ne!(map, overview);
    for picture in [&walker, &overview, &map] {
        // Not one colour over most of it: there is a city in the picture, not only sky.
        let mut counts = std::collections::HashMap::new();
        for p in picture.pixels() {
            *counts.entry(p.0).or_insert(0usize) += 1;
        }
        let most = counts.values().max().copied().unwrap_or(0);
        assert!(
            most * 10 < picture.len() / 4 * 9,
            "one colour covers {most} pixels"
        );
    }
}

#[test]
fn the_runner_screenshot_shows_the_roads_where_the_scenery_leaves_room() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let settings = scenery_without_roads(dir.path());
    let shot = |name: &str, scenery: Option<&std::path::Path>| {
        let mut args = vec![
            "--scene",
            "runner",
            "--seed",
            "1",
            "--frames",
            "1300",
            "--size",
            "320x180",
            "--backend",
            "vulkan",
        ];
        if let Some(scenery) = scenery {
            args.extend(["--scenery", scenery.to_str().unwrap()]);
        }
        screenshot(&args, &dir.path().join(name)).to_rgb8()
    };
    let (roads, bare) = (shot("roads.png", None), shot("bare.png", Some(&settings)));
    // Road pixels: the road colour (sRGB 112, 96, 78) lit, so in its proportions; sand
    // (196, 170, 118) and the other kinds are not.
    let road_like = |p: &image::Rgb<u8>| {
        let [r, g, b] = p.0.map(f32::from);
        b > 0.0
            && g > 0.0
            && (r / g - 112.0 / 96.0).abs() < 0.06
            && (g / b - 96.0 / 78.0).abs() < 0.08
            && (60.0..=130.0).contains(&r)
    };
    let count = |picture: &image::RgbImage| picture.pixels().filter(|p| road_like(p)).count();
    let (on_roads, on_bare) = (count(&roads), count(&bare));
    let pixels = (roads.width() * roads.height()) as usize;
    eprintln!("road-coloured pixels: {on_roads} with roads, {on_bare} without, of {pixels}");
    assert!(
        on_roads * 50 > pixels,
        "roads cover only {on_roads} of {pixels} pixels"
    );
    assert!(
        on_bare * 10 < on_roads,
        "{on_bare} road-coloured pixels without roads"
    );
    assert_ne!(roads, bare);
}

#[test]
fn the_platformer_screenshot_is_the_scene_seen_from_the_side() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--scene",
        "platformer",
        "--seed",
        "2",
        "--frames",
        "300",
        "--size",
        "320x180",
        "--backend",
        "vulkan",
    ];
    let a = screenshot(&args, &dir.path().join("a.png")).to_rgba8();
    assert_eq!(a, screenshot(&args, &dir.path().join("b.png")).to_rgba8());
    let td = screenshot(
        &[
            "--seed",
            "2",
            "--frames",
            "300",
            "--size",
            "320x180",
            "--backend",
            "vulkan",
        ],
        &dir.path().join("td.png"),
    )
    .to_rgba8();
    assert_ne!(a, td, "the platformer came out as the tower defense");
    // Sky over most of it, the treadmill's sections and the player in the rest.
    let sky = *a.get_pixel(0, 0);
    let other = a.pixels().filter(|p| **p != sky).count();
    assert!(other * 20 > a.len() / 4, "only {other} pixels are not sky");
}

/// `--scenario` plays a fight in the picture, the same every time; a scenario with another
/// scene, or a broken one, is a named error.
#[test]
fn a_scenario_screenshot_is_a_deterministic_fight() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let level = root.join("assets/levels/battle.txt");
    let scenario = root.join("assets/scenarios/example.ron");
    let dir = tempfile::tempdir().unwrap();
    let refused = horde(&[
        "screenshot",
        "--scene",
        "city",
        "--scenario",
        scenario.to_str().unwrap(),
        "--out",
        dir.path().join("x.png").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        !refused.status.success() && err.contains("--scenario"),
        "{err}"
    );
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "(lives: 10, cycles: 1, cycle_speed_up: -1.0,\n").unwrap();
    let out = horde(&[
        "screenshot",
        "--scenario",
        broken.to_str().unwrap(),
        "--out",
        dir.path().join("x.png").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("broken.ron:1:") && !err.contains("panicked"),
        "{err}"
    );
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let shot = |name: &str| {
        let path = dir.path().join(name);
        let out = horde(&[
            "screenshot",
            "--level",
            level.to_str().unwrap(),
            "--scenario",
            scenario.to_str().unwrap(),
            "--frames",
            "700",
            "--size",
            "320x200",
            "--backend",
            "vulkan",
            "--out",
            path.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        // The towers have been at work by then.
        assert!(stderr.contains("; 700 ticks, "), "{stderr}");
        assert!(!stderr.contains(" 0 killed"), "{stderr}");
        std::fs::read(path).unwrap()
    };
    assert_eq!(
        shot("a.png"),
        shot("b.png"),
        "two runs gave different images"
    );
}
